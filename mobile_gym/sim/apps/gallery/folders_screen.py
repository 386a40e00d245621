"""The Gallery's main screen (``MainActivity``): the folders that hold media, in a grid or
a list (``view_type_folders``)."""

from __future__ import annotations

from mobile_gym.sim.apps.about import open_about
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.dialogs import filter_dialog, sort_dialog, view_type_dialog
from mobile_gym.sim.apps.gallery.library import Folder, Library
from mobile_gym.sim.apps.gallery.names import (
    FAVORITES,
    MEDIA_ACTIVITY,
    RECYCLE_BIN,
    SETTINGS_ACTIVITY,
)
from mobile_gym.sim.ui.composites import Action, empty_state
from mobile_gym.sim.ui.grid import grid_row, thumbnail
from mobile_gym.sim.ui.list_items import MadeItems
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import TextView

COLUMNS = 3
ROW_DP = 176
LIST_ROW_DP = 88
_ICONS = {FAVORITES: "star", RECYCLE_BIN: "delete"}


def open_folder(ctx: AppContext, folder: Folder) -> None:
    ctx.log(f"Opened folder {folder.name if folder.key in _ICONS else folder.key}")
    ctx.open(MEDIA_ACTIVITY, folder=folder.key)


def _tile(ctx: AppContext, folder: Folder) -> View:
    return Column(
        thumbnail(
            folder.items[0].full_path,
            id="dir_thumbnail",
            icon=_ICONS.get(folder.key),
            height=120,
            radius=8,
        ),
        TextView(folder.name, id="dir_name", size=14, bold=True, width=MATCH, margin=(2, 4, 2, 0)),
        TextView(
            str(len(folder.items)),
            id="photo_cnt",
            size=13,
            color="text_secondary",
            width=MATCH,
            margin=(2, 0),
        ),
        id="dir_holder",
        height=MATCH,
        padding=4,
        on_click=lambda: open_folder(ctx, folder),
    )


def _list_row(ctx: AppContext, folder: Folder) -> View:
    image = thumbnail(
        folder.items[0].full_path,
        id="dir_thumbnail",
        icon=_ICONS.get(folder.key),
        height=72,
        radius=8,
    )
    image.width = 72
    return Row(
        image,
        Column(
            TextView(folder.name, id="dir_name", size=16, bold=True, width=MATCH),
            TextView(
                str(len(folder.items)),
                id="photo_cnt",
                size=14,
                color="text_secondary",
                width=MATCH,
            ),
            width=0,
            weight=1,
            padding=(16, 0),
        ),
        id="dir_holder",
        height=MATCH,
        padding=(8, 8),
        on_click=lambda: open_folder(ctx, folder),
    )


def build(ctx: AppContext) -> View:
    library = Library(ctx)
    search = SearchBar(ctx, "Search folders")
    query = search.query.casefold()
    folders = library.folders(query)
    overflow = ctx.menu(
        "overflow",
        [
            ("Change view type", view_type_dialog(ctx, library, "view_type_folders")),
            ("Settings", lambda: ctx.open(SETTINGS_ACTIVITY)),
            ("About", open_about(ctx)),
        ],
    )
    actions: list[Action] = [
        ("menu", "Sort by", sort_dialog(ctx, library, "directory_sorting")),
        ("checklist", "Filter media", filter_dialog(ctx, library)),
    ]
    body: View
    if folders and library.prefs.get("view_type_folders") == "list":
        body = ctx.scroller(
            "folders",
            items=folders,
            item_height=LIST_ROW_DP,
            render_item=lambda _i, folder: _list_row(ctx, folder),
            id="directories_grid",
        )
    elif folders:
        # the grid's rows (``COLUMNS`` folders each), made only as they show
        rows = MadeItems(
            range(-(-len(folders) // COLUMNS)),
            lambda row: folders[row * COLUMNS : (row + 1) * COLUMNS],
        )
        body = ctx.scroller(
            "folders",
            items=rows,
            item_height=ROW_DP,
            render_item=lambda _i, row: grid_row(
                [_tile(ctx, f) for f in row], COLUMNS, height=MATCH, padding=(4, 0)
            ),
            id="directories_grid",
        )
    else:
        message = "No folders match your search" if query else "No media files found"
        body = empty_state(message, id="directories_empty_placeholder")
    return Column(search.bar(actions=actions, on_overflow=overflow), body, height=MATCH)
