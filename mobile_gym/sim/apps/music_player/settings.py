"""The Music Player's settings and equalizer screens, both opened from the library's "More
options" menu; what they set lives in the app's ``preferences`` table."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.music_player.dialogs import PREFERENCES
from mobile_gym.sim.apps.preferences import Preferences, switches_screen
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import RadioButton, TextView

SETTINGS = ".activities.SettingsActivity"
EQUALIZER = ".activities.EqualizerActivity"
SWITCHES = (
    ("gapless_playback", "settings_gapless_playback", "Gapless playback"),
    ("swap_prev_next", "settings_swap_prev_next", "Swap Previous/Next buttons"),
)
PRESETS = (
    "Normal",
    "Classical",
    "Dance",
    "Flat",
    "Folk",
    "Heavy Metal",
    "Hip Hop",
    "Jazz",
    "Pop",
    "Rock",
)
"""The equalizer's presets (the platform's standard ones)."""


def settings_screen(ctx: AppContext) -> View:
    """``settings_scrollview`` with the switches of ``SWITCHES``."""
    return switches_screen(ctx, PREFERENCES, SWITCHES)


def equalizer_screen(ctx: AppContext) -> View:
    """``equalizer_preset`` names the preset in use; a tap on an ``equalizer_preset_item``
    radio button picks that preset (logged ``Equalizer preset: P``)."""
    prefs = Preferences(ctx, PREFERENCES)
    current = prefs.get("equalizer_preset")

    def choose(preset: str) -> Callable[[bool], None]:
        def run(_checked: bool) -> None:
            if preset != current:
                prefs.put("equalizer_preset", preset)
                ctx.log(f"Equalizer preset: {preset}")

        return run

    presets: list[View] = [
        RadioButton(
            preset,
            id="equalizer_preset_item",
            checked=preset == current,
            on_change=choose(preset),
            size=16,
            padding=(16, 4),
        )
        for preset in PRESETS
    ]
    return Column(
        ctx.up_bar("Equalizer"),
        Row(
            TextView("Preset", size=16, width=0, weight=1),
            TextView(current, id="equalizer_preset", size=16, color="primary", bold=True),
            id="equalizer_preset_holder",
            padding=(16, 16),
        ),
        ctx.scroller("presets", presets, id="equalizer_presets_list"),
        height=MATCH,
    )
