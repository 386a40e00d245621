"""Voice Recorder's "Customize colors" screen, the commons library's customization activity
that the settings open: a theme picked from a list stays pending until "Save".

The saved theme is preference ``theme`` (its label, "Light" by default); the first tap on
"Theme" warns about the app icon colour once (preference ``app_icon_warning_shown``). The
pending choice lives in the screen's state under ``picked_theme``, so leaving the screen
without saving loses it.
"""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.apps.voice_recorder.data import DEFAULTS
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import app_bar, list_item
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

CUSTOMIZATION = "com.simplemobiletools.commons.activities.CustomizationActivity"
PICKED = "picked_theme"
PROMPTED = "save_prompted"
APP_ICON_WARNING = (
    "Changing the colours also recolours the app icon, and on some launchers its shortcut "
    "may then vanish from the home screen."
)

_DARK_GREY: Color = (51, 51, 51)
_LIGHT_GREY: Color = (210, 210, 210)
_ORANGE: Color = (245, 124, 0)
_RED: Color = (211, 47, 47)
_WHITE: Color = (255, 255, 255)
_BLACK: Color = (0, 0, 0)


@dataclass(frozen=True)
class ColorTheme:
    """A predefined theme: its colours for text, background, bars and the app icon."""

    key: str
    label: str
    text: Color
    background: Color
    primary: Color
    app_icon: Color


THEMES: tuple[ColorTheme, ...] = (
    ColorTheme("light", "Light", _DARK_GREY, (238, 238, 238), _ORANGE, _ORANGE),
    ColorTheme("dark", "Dark", _LIGHT_GREY, (43, 43, 43), _ORANGE, _ORANGE),
    ColorTheme("dark_red", "Dark red", _LIGHT_GREY, (43, 43, 43), _RED, _RED),
    ColorTheme("white", "White", _DARK_GREY, _WHITE, _WHITE, _ORANGE),
    ColorTheme("black_white", "Black & White", _WHITE, _BLACK, _BLACK, (33, 33, 33)),
    ColorTheme("custom", "Custom", _DARK_GREY, (238, 238, 238), _ORANGE, _ORANGE),
)
_BY_KEY = {theme.key: theme for theme in THEMES}
_BY_LABEL = {theme.label: theme for theme in THEMES}


def theme_named(label: str) -> ColorTheme:
    """The theme called ``label`` (an unknown stored label reads as "Custom")."""
    return _BY_LABEL.get(label, _BY_KEY["custom"])


class Customization:
    """The "Customize colors" screen ``ctx`` shows: the saved theme and the pending one."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.prefs = Preferences(ctx, DEFAULTS)

    @property
    def saved(self) -> ColorTheme:
        return theme_named(self.prefs.get("theme"))

    @property
    def picked(self) -> ColorTheme:
        """The theme on screen: the one picked, else the saved one."""
        key = self.ctx.get(PICKED)
        return self.saved if key is None else _BY_KEY[key]

    @property
    def unsaved(self) -> bool:
        return self.ctx.has(PICKED)

    def _pick(self, key: str) -> None:
        self.ctx.set(PICKED, key)

    def save(self) -> None:
        """Store the theme on screen and close the screen."""
        label = self.picked.label
        self.prefs.put("theme", label)
        self.ctx.pop(PICKED)
        self.ctx.finish()

    def _discard(self) -> None:
        self.ctx.pop(PICKED)
        self.ctx.finish()

    def _save_prompt(self) -> Handler:
        return self.ctx.dialog(
            "save_changes",
            "",
            "Save your changes before closing?",
            buttons=[("Discard", self._discard), ("Save", self.save)],
        )

    def leave(self) -> bool:
        """Back or the close button: with a pending theme, ask once whether to save it;
        True if the screen stays."""
        if not self.unsaved or self.ctx.get(PROMPTED):
            return False
        self.ctx.set(PROMPTED, True)
        self._save_prompt()()
        return True

    def _close(self) -> None:
        if not self.leave():
            self.ctx.finish()

    def _theme_picker(self) -> Handler:
        options = [(theme.key, theme.label) for theme in THEMES]
        return radio_dialog(self.ctx, "theme", "Theme", options, self.picked.key, self._pick)

    def _theme_row_click(self) -> Handler:
        """The "Theme" row: the list of themes, after the one-time app icon warning."""
        pick = self._theme_picker()
        if self.prefs.flag("app_icon_warning_shown"):
            return pick

        def acknowledged() -> None:
            self.prefs.put("app_icon_warning_shown", True)
            pick()

        return self.ctx.dialog(
            "app_icon_warning", "", APP_ICON_WARNING, buttons=[("OK", acknowledged)]
        )

    def _bar(self) -> View:
        children: list[View] = [
            ImageButton("close", desc="Navigate up", on_click=self._close),
            TextView("Customize colors", id="toolbar_title", size=21, width=0, weight=1),
        ]
        if self.unsaved:
            children.append(ImageButton("check", desc="Save", id="save", on_click=self.save))
        return app_bar(children)

    def screen(self) -> View:
        self._save_prompt()  # shows the prompt while it is open
        theme = self.picked
        swatches = (
            ("customization_text_color_holder", "Text color", theme.text),
            ("customization_background_color_holder", "Background color", theme.background),
            ("customization_primary_color_holder", "Primary color", theme.primary),
            ("customization_app_icon_color_holder", "App icon color", theme.app_icon),
        )
        rows: list[View] = [
            list_item(
                "Theme",
                theme.label,
                on_click=self._theme_row_click(),
                id="customization_theme_holder",
                title_id="customization_theme_label",
                subtitle_id="customization_theme",
            ),
            *(
                list_item(label, trailing=ImageView(size=32, circle=color), id=id)
                for id, label, color in swatches
            ),
        ]
        return Column(
            self._bar(),
            self.ctx.scroller("customization", rows, id="customization_holder"),
            height=MATCH,
        )
