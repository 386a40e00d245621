"""The Gallery's main screen (``MainActivity``): a grid of the folders that hold media."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.dialogs import filter_dialog, sort_dialog
from mobile_gym.sim.apps.gallery.library import Folder, Library
from mobile_gym.sim.apps.gallery.names import FAVORITES, MEDIA_ACTIVITY, RECYCLE_BIN, VERSION
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.grid import grid_row, thumbnail
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

COLUMNS = 3
ROW_DP = 176
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


def build(ctx: AppContext) -> View:
    library = Library(ctx)
    search = SearchBar(ctx, "Search folders")
    query = search.query.casefold()
    folders = [f for f in library.folders() if query in f.name.casefold()]
    about = ctx.dialog(
        "about",
        "About",
        f"Simple Gallery Pro {VERSION}. A gallery for your photos and videos, without ads, "
        "respecting your privacy.",
        buttons=[("OK", None)],
    )
    overflow = ctx.menu(
        "overflow",
        [
            ("Sort by", sort_dialog(ctx, library, "directory_sorting")),
            ("Filter media", filter_dialog(ctx, library)),
            ("About", about),
        ],
    )
    body: View
    if folders:
        rows = [folders[i : i + COLUMNS] for i in range(0, len(folders), COLUMNS)]
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
    return Column(search.bar(on_overflow=overflow), body, height=MATCH)
