"""The Gallery's settings (``SettingsActivity``): colours, general options, then thumbnail,
video and recycle-bin options, each kept in table ``preferences`` (see
``library.PREFERENCES``).

A switch row is a holder (``settings_<name>_holder``) around its switch
(``settings_<name>``); tapping either toggles the option. The video options sit below the
first screenful, as in the real app. "Manage excluded folders" and "Manage hidden folders"
list the folders that hold media, with a check box each (``manage_folder``, in
``manage_folders_list``, which scrolls past twelve folders): excluded folders never show;
a hidden folder gets a ``.nomedia`` file and shows only with "Show hidden items".
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Collection, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.dialogs import date_time_dialog
from mobile_gym.sim.apps.gallery.library import NOMEDIA, Library, folder_name
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import empty_state, list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import CheckBox, Switch

FOLDER_ROW_DP = 48
"""The height of a folder's check box in "Manage excluded folders" / "Manage hidden
folders"."""
FOLDER_ROWS = 12
"""How many folders those dialogs show at once (more scroll)."""
THEMES = (("auto", "Auto (follow the system)"), ("light", "Light"), ("dark", "Dark"))

LOADING_PRIORITIES = (
    ("speed", "Speed"),
    ("compromise", "Compromise"),
    ("validity", "Avoid showing invalid files"),
)
GENERAL_SWITCHES = (
    ("show_hidden_media", "show_hidden_items", "Show hidden items"),
    (
        "search_all_files",
        "search_all_files",
        "Search all files instead of folders on the main screen",
    ),
    (
        "keep_last_modified",
        "keep_last_modified",
        "Keep old last-modified value at file copy/move/rename",
    ),
    (
        "show_recycle_bin_at_folders",
        "show_recycle_bin",
        "Show the Recycle Bin at the folders screen",
    ),
)
VIDEO_SWITCHES = (
    ("autoplay_videos", "autoplay_videos", "Play videos automatically"),
    (
        "remember_last_video_position",
        "remember_last_video_position",
        "Remember last video playback position",
    ),
    ("loop_videos", "loop_videos", "Loop videos"),
    (
        "open_videos_on_separate_screen",
        "open_videos_on_separate_screen",
        "Open videos on a separate screen",
    ),
)
THUMBNAIL_SWITCHES = (
    ("animate_gifs", "animate_gifs", "Animate GIFs at thumbnails"),
    ("mark_favorite_items", "mark_favorite_items", "Mark favorite items"),
    ("show_file_types", "show_file_types", "Show file types"),
)
BIN_SWITCHES = (
    ("use_recycle_bin", "use_recycle_bin", "Move deleted items into the Recycle Bin"),
    (
        "delete_empty_folders",
        "delete_empty_folders",
        "Delete empty folders after deleting their content",
    ),
)


def _switch_row(prefs: Preferences, key: str, name: str, label: str) -> View:
    on = prefs.flag(key)

    def toggle(_checked: bool | None = None) -> None:
        prefs.put(key, not on)

    return Row(
        Switch(label, id=f"settings_{name}", checked=on, on_change=toggle, size=16),
        id=f"settings_{name}_holder",
        width=MATCH,
        padding=(16, 6),
        on_click=toggle,
    )


def _switches(prefs: Preferences, switches: tuple[tuple[str, str, str], ...]) -> list[View]:
    return [_switch_row(prefs, key, name, label) for key, name, label in switches]


def _folders_dialog(
    ctx: AppContext,
    key: str,
    title: str,
    folders: Sequence[str],
    marked: Collection[str],
    on_ok: Callable[[set[str]], None],
) -> Handler:
    """A check box per folder, ``marked`` ones checked; OK hands over the checked set."""
    pending: set[str] = set(ctx.get(key + "_pending", sorted(marked)))

    def flip(folder: str) -> Callable[[bool], None]:
        return lambda _on: ctx.set(key + "_pending", sorted(pending ^ {folder}))

    def box(_index: int, item: object) -> View:
        folder = str(item)
        return CheckBox(
            folder_name(folder),
            id="manage_folder",
            checked=folder in pending,
            on_change=flip(folder),
            size=16,
        )

    def body() -> list[View]:
        if not folders:
            return [empty_state("No folders with media", id="manage_folders_placeholder")]
        # a check box a row, made only as they show; up to ``FOLDER_ROWS`` in view
        shown = min(len(folders), FOLDER_ROWS) * FOLDER_ROW_DP
        return [
            ctx.scroller(
                key,
                items=folders,
                item_height=FOLDER_ROW_DP,
                render_item=box,
                id="manage_folders_list",
                height=shown,
            )
        ]

    opener = ctx.dialog(
        key, title, buttons=[("Cancel", None), ("OK", lambda: on_ok(pending))], body=body
    )

    def open_() -> None:
        ctx.set(key + "_pending", sorted(marked))
        ctx.scroll_to(key, 0)
        opener()

    return open_


def _manage_excluded(ctx: AppContext, library: Library) -> Handler:
    def store(chosen: set[str]) -> None:
        library.prefs.put("excluded_folders", "\n".join(sorted(chosen)))

    folders = library.media_folders()
    excluded = set(library.excluded_folders)
    return _folders_dialog(
        ctx, "excluded_folders", "Manage excluded folders", folders, excluded, store
    )


def _manage_hidden(ctx: AppContext, library: Library) -> Handler:
    storage = ctx.phone.storage
    folders = library.media_folders()
    hidden = library.hidden_folders()

    def store(chosen: set[str]) -> None:
        now = ctx.phone.clock.epoch_ms
        for folder in sorted(chosen - hidden):
            storage.write_files([(posixpath.join(folder, NOMEDIA), b"", now)])
            ctx.log(f"Hid folder {folder}")
        for folder in sorted(hidden - chosen):
            storage.delete(posixpath.join(folder, NOMEDIA))
            ctx.log(f"Unhid folder {folder}")

    return _folders_dialog(ctx, "hidden_folders", "Manage hidden folders", folders, hidden, store)


def _date_time_summary(prefs: Preferences) -> str:
    clock = "24-hour" if prefs.flag("use_24_hour_format") else "12-hour"
    return f"{prefs.get('date_format')}, {clock} clock"


def build(ctx: AppContext) -> View:
    library = Library(ctx)
    prefs = library.prefs
    priority = dict(LOADING_PRIORITIES)
    pick_priority = radio_dialog(
        ctx,
        "file_loading_priority",
        "File loading priority",
        LOADING_PRIORITIES,
        prefs.get("file_loading_priority"),
        lambda value: prefs.put("file_loading_priority", value),
    )
    pick_theme = radio_dialog(
        ctx,
        "app_theme",
        "Theme",
        THEMES,
        prefs.get("app_theme"),
        lambda value: prefs.put("app_theme", value),
    )
    rows: list[View] = [
        section_header("Color customization"),
        list_item(
            "Customize colors",
            dict(THEMES).get(prefs.get("app_theme"), ""),
            on_click=pick_theme,
            id="settings_color_customization_holder",
        ),
        section_header("General"),
        list_item(
            "Change date and time format",
            _date_time_summary(prefs),
            on_click=date_time_dialog(ctx, library),
            id="settings_change_date_time_format_holder",
        ),
        list_item(
            "File loading priority",
            priority.get(prefs.get("file_loading_priority"), ""),
            on_click=pick_priority,
            id="settings_file_loading_priority_holder",
        ),
        list_item(
            "Manage excluded folders",
            on_click=_manage_excluded(ctx, library),
            id="settings_manage_excluded_folders_holder",
        ),
        list_item(
            "Manage hidden folders",
            on_click=_manage_hidden(ctx, library),
            id="settings_manage_hidden_folders_holder",
        ),
        *_switches(prefs, GENERAL_SWITCHES),
        section_header("Thumbnails"),
        *_switches(prefs, THUMBNAIL_SWITCHES),
        section_header("Videos"),
        *_switches(prefs, VIDEO_SWITCHES),
        section_header("Recycle bin"),
        *_switches(prefs, BIN_SWITCHES),
    ]
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller("settings", [Column(*rows, width=MATCH)], id="settings_scrollview"),
        height=MATCH,
    )
