"""Voice Recorder (``com.simplemobiletools.voicerecorder``), modelled on Simple Voice Recorder.

Recordings live in database ``voice_recorder``, table ``recordings(id, name, extension,
duration, bitrate, created)`` (name without extension, duration in ms, bitrate in bit/s,
created in ms on the virtual clock; the list shows ``name.extension``, newest first). The
recording in progress is the single row of table ``session(state, started, resumed,
recorded)``: it keeps running on the virtual clock while the app is in the background, and
waiting lets it grow. Deleted recordings move to table ``recycle_bin`` (the same columns and
``deleted``, ms) while the recycle bin is on. Options live in table ``preferences``
(``extension`` m4a / mp3 / ogg, ``bitrate``, ``hide_notification``, ``keep_screen_on``,
``use_recycle_bin``, ``theme`` the saved colour theme's label, ``app_icon_warning_shown``).

Activities and resource ids (``com.simplemobiletools.voicerecorder:id/<name>``):

``.activities.MainActivity``
    The tab bar ``main_tabs_holder`` at the bottom: "Recorder", "Player" and, while the
    recycle bin is on, "Recycle Bin". Every tab's ``toolbar`` has ``action_settings``
    ("Settings") and "More options" (menu "About": the About pages of
    ``mobile_gym.sim.apps.about``).
    Recorder tab:
    ``recording_duration`` (``00:00``, counting while recording), ``recording_status``
    ("Recording", "Paused" or the hint to start); ``toggle_recording_button`` (desc "Start
    recording" / "Stop recording": stopping saves the recording, named after the time it
    started, ``2024_06_03_09_30_12``) and, while a recording is in progress,
    ``toggle_pause_button`` ("Pause recording" / "Resume recording").
    Player tab: ``toolbar`` with ``action_search`` ("Search", filters by file name) too;
    ``recordings_list`` of ``recording_frame`` rows (``recording_title``
    ``name.ext``, ``recording_date``, ``recording_duration``, ``recording_size``) or
    ``recordings_placeholder``; a tap plays the recording, a long press starts selection
    mode (the contextual bar of ``mobile_gym.sim.ui.selection``: ``cab_rename`` "Rename"
    with exactly one row selected, "More options" menu "Delete", "Select all"). Delete asks
    "Delete recording?" ("Are you sure you want to move X to the recycle bin?", or "... to
    delete X?" with the recycle bin off; Cancel / Delete); Rename opens
    a dialog with ``rename_recording_title`` (the old name without its extension, selected and
    focused, so typing replaces it; OK / Cancel). The
    player ``player_controls_wrapper``: ``player_title``, ``player_progress_current``,
    ``player_progressbar`` (SeekBar, seconds), ``player_progress_max``, ``previous_btn``,
    ``play_pause_btn`` ("Play" / "Pause"), ``next_btn``.
    Recycle Bin tab: ``recycle_bin_list`` of ``recycle_bin_frame`` rows
    (``recycle_bin_title`` ``name.ext``, ``recording_duration``), the last deleted first, or
    ``recycle_bin_placeholder`` ("The recycle bin is empty").
``.activities.SettingsActivity``
    "Navigate up"; under "Color customization" the row
    ``settings_color_customization_holder`` ("Customize colors", opens the commons
    customization screen); under "Recording" the rows ``settings_extension`` and ``settings_bitrate`` (each opens a list of
    radio buttons, ``extension_mp3``, ``bitrate_64000`` ...: a tap chooses and closes), and
    the switches ``settings_hide_notification`` ("Hide notification") and
    ``settings_keep_screen_on`` ("Keep the screen on while recording"); under "Recycle bin"
    the switch ``settings_use_recycle_bin`` and ``settings_empty_recycle_bin_holder`` ("Empty
    the recycle bin": with recordings in it, "Empty the recycle bin?" No / Yes; else a toast).
``com.simplemobiletools.commons.activities.CustomizationActivity``
    Titled "Customize colors": "Navigate up" (a cross) and, once a theme is picked, ``save``
    ("Save": stores the theme and closes). Rows ``customization_theme_holder`` ("Theme" over
    ``customization_theme``, the theme's label; the first tap ever shows a warning about the
    app icon colour with OK, then the list of radio buttons ``theme_light``, ``theme_dark``,
    ``theme_dark_red``, ``theme_white``, ``theme_black_white``, ``theme_custom``: a tap
    picks and closes) and the swatches ``customization_text_color_holder``,
    ``customization_background_color_holder``, ``customization_primary_color_holder``,
    ``customization_app_icon_color_holder`` of the theme on screen. Leaving with a picked
    theme unsaved asks "Save your changes before closing?" (Discard / Save) once.

Logcat (tag ``VoiceRecorder``): ``Recording started``, ``Recording paused: length_ms=N``,
``Recording resumed``, ``Recording saved: id=N name=X.ext duration_ms=D``, ``Playback
started: id=N name=X.ext``, ``Playback paused: id=N``, ``Playback resumed: id=N``,
``Recording renamed: id=N name=X.ext``, ``Recording deleted: id=N name=X.ext``,
``Recycle bin emptied: N items``, ``Preference changed: key=value``.
Toasts: "Recording saved", "N items deleted" (or "1 item deleted"), "Filename cannot be
empty", "Filename contains invalid characters", "A recording with that name already exists",
"The recycle bin is empty".
"""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps import about
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.preferences import Preferences, preference_switches
from mobile_gym.sim.apps.voice_recorder.customization import CUSTOMIZATION, Customization
from mobile_gym.sim.apps.voice_recorder.data import (
    BITRATES,
    DATABASE,
    DEFAULTS,
    EXTENSIONS,
    SCHEMA,
    clock_text,
    default_name,
    next_id,
    seed_recordings,
    session,
)
from mobile_gym.sim.apps.voice_recorder.player import Player, PlayerTab, search_mode
from mobile_gym.sim.apps.voice_recorder.recycle_bin import empty_bin_row, recycle_bin_tab
from mobile_gym.sim.clock import next_tick
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import Action, list_item, section_header, toolbar
from mobile_gym.sim.ui.selection import Selection
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

PACKAGE = "com.simplemobiletools.voicerecorder"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
VERSION = "5.12.1"
RECORDER_TAB, PLAYER_TAB = 0, 1
SWITCHES = (
    ("hide_notification", "settings_hide_notification", "Hide notification"),
    ("keep_screen_on", "settings_keep_screen_on", "Keep the screen on while recording"),
)
BIN_SWITCHES = (
    (
        "use_recycle_bin",
        "settings_use_recycle_bin",
        "Move items into the recycle bin instead of deleting",
    ),
)


def _kbps(bitrate: str) -> str:
    return f"{int(bitrate) // 1000} kbps"


def _shown_tab(ctx: AppContext) -> int:
    """The tab the main screen shows: the one chosen, or the Recorder tab when the chosen one
    is gone (the Recycle Bin tab, the recycle bin turned off since)."""
    tabs = 3 if Preferences(ctx, DEFAULTS).flag("use_recycle_bin") else 2
    tab = ctx.get("tab", RECORDER_TAB)
    return tab if tab < tabs else RECORDER_TAB


class VoiceRecorderApp(about.AboutPages, App):
    """Simple Voice Recorder: record on the virtual clock, then play, rename and delete."""

    package = PACKAGE
    label = "Voice Recorder"
    icon = "mic"
    color = (229, 57, 53)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {
        MAIN: "main",
        SETTINGS: "settings",
        CUSTOMIZATION: "customization",
        **about.SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {DATABASE: SCHEMA}
    about_name = "Simple Voice Recorder"
    version = VERSION

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_recordings(ctx.db(), rng, ctx.phone.boot_ms)

    def redraw_at(self, ctx: AppContext) -> int | None:
        """While the Recorder tab records, its length's next second; while the Player tab
        plays, the recording's next second played, or its end, if sooner."""
        if ctx.screen.activity != MAIN:
            return None
        now = ctx.phone.clock.epoch_ms
        if _shown_tab(ctx) == RECORDER_TAB:
            current = session(ctx.db())
            if current is None or current.state != "recording":
                return None
            return next_tick(now, now - current.length(now), 1000)
        player = Player(ctx)
        recording = player.current()
        if recording is None or not player.playing():
            return None
        played = player.position(recording)
        return min(next_tick(now, now - played, 1000), now + recording.duration - played)

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity == CUSTOMIZATION:
            return Customization(ctx).leave()
        if ctx.screen.activity != MAIN or _shown_tab(ctx) != PLAYER_TAB:
            return False
        return Selection(ctx).close_on_back() or search_mode(ctx).close_on_back()

    # recording --------------------------------------------------------------------------------
    def _toggle_recording(self, ctx: AppContext) -> None:
        db = ctx.db()
        now = ctx.phone.clock.epoch_ms
        current = session(db)
        if current is None:
            db.execute(
                "INSERT INTO session(id, state, started, resumed, recorded) "
                "VALUES (1, 'recording', ?, ?, 0)",
                (now, now),
            )
            ctx.log("Recording started")
            return
        prefs = Preferences(ctx, DEFAULTS)
        extension = prefs.get("extension")
        base = name = default_name(current.started)
        copy = 0
        while db.execute(
            "SELECT 1 FROM recordings WHERE name = ? AND extension = ?", (name, extension)
        ).fetchone():
            copy += 1
            name = f"{base}_{copy}"
        length = current.length(now)
        new_id = db.execute(
            "INSERT INTO recordings(id, name, extension, duration, bitrate, created) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (next_id(db), name, extension, length, int(prefs.get("bitrate")), current.started),
        ).lastrowid
        db.execute("DELETE FROM session")
        ctx.log(f"Recording saved: id={new_id} name={name}.{extension} duration_ms={length}")
        ctx.toast("Recording saved")

    def _toggle_pause(self, ctx: AppContext) -> None:
        db = ctx.db()
        now = ctx.phone.clock.epoch_ms
        current = session(db)
        if current is None:
            return
        if current.state == "recording":
            length = current.length(now)
            db.execute("UPDATE session SET state = 'paused', recorded = ?", (length,))
            ctx.log(f"Recording paused: length_ms={length}")
        else:
            db.execute("UPDATE session SET state = 'recording', resumed = ?", (now,))
            ctx.log("Recording resumed")

    def _recorder_tab(self, ctx: AppContext) -> View:
        current = session(ctx.db())
        length = current.length(ctx.phone.clock.epoch_ms) if current is not None else 0
        if current is None:
            status = "Tap the button to start recording"
        else:
            status = "Recording" if current.state == "recording" else "Paused"
        buttons: list[View] = []
        if current is not None:
            recording = current.state == "recording"
            buttons.append(
                ImageButton(
                    "pause" if recording else "play",
                    desc="Pause recording" if recording else "Resume recording",
                    id="toggle_pause_button",
                    on_click=lambda: self._toggle_pause(ctx),
                    size=56,
                    margin=(0, 0, 24, 0),
                )
            )
        buttons.append(
            ImageButton(
                "mic" if current is None else "stop",
                desc="Start recording" if current is None else "Stop recording",
                id="toggle_recording_button",
                on_click=lambda: self._toggle_recording(ctx),
                size=80,
                padding=20,
                tint="on_primary",
                background="primary",
                radius=40,
            )
        )
        return Column(
            View(height=0, weight=1),
            TextView(
                clock_text(length), id="recording_duration", size=60, align="center", width=MATCH
            ),
            TextView(
                status,
                id="recording_status",
                size=16,
                color="text_secondary",
                align="center",
                width=MATCH,
                margin=(0, 8, 0, 0),
            ),
            View(height=0, weight=1),
            Row(*buttons, arrange="center", width=MATCH, margin=(0, 0, 0, 40)),
            height=MATCH,
        )

    # screens ----------------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> View:
        prefs = Preferences(ctx, DEFAULTS)
        tabs = [("Recorder", "mic"), ("Player", "play")]
        if prefs.flag("use_recycle_bin"):
            tabs.append(("Recycle Bin", "delete"))
        tab = _shown_tab(ctx)
        open_menu = ctx.menu("overflow", [("About", about.open_about(ctx))])
        actions: list[Action] = [("settings", "Settings", lambda: ctx.open(SETTINGS))]
        player = PlayerTab(ctx, open_menu, actions)

        def select(index: int) -> None:
            if index != PLAYER_TAB:
                player.leave()
            ctx.set("tab", index)

        if tab == PLAYER_TAB:
            bar, content = player.bar(), player.content()
        else:
            bar = toolbar("Voice Recorder", actions=actions, on_overflow=open_menu)
            content = self._recorder_tab(ctx) if tab == RECORDER_TAB else recycle_bin_tab(ctx)
        return Column(
            bar,
            Column(content, height=0, weight=1),
            tab_bar(tabs, tab, select),
            height=MATCH,
        )

    def customization(self, ctx: AppContext) -> View:
        return Customization(ctx).screen()

    def settings(self, ctx: AppContext) -> View:
        prefs = Preferences(ctx, DEFAULTS)

        def chooser(key: str, title: str, options: list[tuple[str, str]]) -> Handler:
            return radio_dialog(
                ctx, key, title, options, prefs.get(key), lambda value: prefs.put(key, value)
            )

        pick_extension = chooser("extension", "Extension", [(e, e) for e in EXTENSIONS])
        pick_bitrate = chooser("bitrate", "Bitrate", [(b, _kbps(b)) for b in BITRATES])
        rows: list[View] = [
            section_header("Color customization"),
            list_item(
                "Customize colors",
                on_click=lambda: ctx.open(CUSTOMIZATION),
                id="settings_color_customization_holder",
            ),
            section_header("Recording"),
            list_item(
                "Extension",
                prefs.get("extension"),
                on_click=pick_extension,
                id="settings_extension",
            ),
            list_item(
                "Bitrate", _kbps(prefs.get("bitrate")), on_click=pick_bitrate, id="settings_bitrate"
            ),
            *preference_switches(prefs, SWITCHES),
            section_header("Recycle bin"),
            *preference_switches(prefs, BIN_SWITCHES),
            empty_bin_row(ctx),
        ]
        return Column(
            ctx.up_bar("Settings"),
            ctx.scroller("settings", rows, id="settings_scrollview"),
            height=MATCH,
        )
