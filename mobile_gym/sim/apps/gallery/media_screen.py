"""The Gallery's folder screen (``MediaActivity``): the media of one folder in a grid or a
list (``view_type_files``), grouped as ``group_by`` says (a title over each group).

A long press selects a medium and starts selection mode (taps then toggle media); the
contextual bar offers select all, delete and, under "More options", favourites, "Copy to" /
"Move to" (``folder_picker``), rename and properties (restore and permanent delete in the
recycle bin).
"""

from __future__ import annotations

import bisect
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.dialogs import (
    delete_dialog,
    empty_bin_dialog,
    filter_dialog,
    group_dialog,
    properties_dialog,
    rename_dialog,
    sort_dialog,
    view_type_dialog,
)
from mobile_gym.sim.apps.gallery.folder_picker import folder_picker
from mobile_gym.sim.apps.gallery.library import Group, Library, folder_name
from mobile_gym.sim.apps.gallery.media import Medium, duration, file_size, restore, set_favorite
from mobile_gym.sim.apps.gallery.names import RECYCLE_BIN, VIEWER_ACTIVITY
from mobile_gym.sim.ui.composites import Action, empty_state, section_header
from mobile_gym.sim.ui.grid import grid_row, thumbnail
from mobile_gym.sim.ui.list_items import ListItems
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

COLUMNS = 4
ROW_DP = 124
LIST_ROW_DP = 80


def open_medium(ctx: AppContext, item: Medium) -> None:
    ctx.log(f"Viewing {item.full_path}")
    ctx.open(VIEWER_ACTIVITY, folder=ctx.args["folder"], medium_id=item.id)


def restore_all(ctx: AppContext, items: list[Medium]) -> None:
    restored = sum(restore(ctx, item) for item in items)
    if restored < len(items):
        ctx.toast("A file with the same name is already there")


def _tile(
    item: Medium,
    chosen: bool,
    on_click: Handler,
    on_long_click: Handler,
    *,
    star: bool,
    as_row: bool,
) -> View:
    """A medium's tile (or, in the list view, its row); ``chosen``: it is selected."""
    overlay: list[View] = []
    if chosen:
        overlay.append(
            ImageView(
                "check",
                id="medium_check",
                size=24,
                circle="primary",
                tint="on_primary",
                padding=2,
                gravity="top start",
                margin=4,
            )
        )
    image = thumbnail(
        item.full_path,
        id="medium_thumbnail",
        icon="play" if item.is_video else None,
        badge=duration(item.video_duration) if item.is_video else "",
        corner_icon="star" if item.is_favorite and star else None,
        height=64 if as_row else 100,
        overlay=overlay,
    )
    layout: type[Row] | type[Column] = Column
    texts: list[View] = [
        TextView(
            item.filename, id="medium_name", size=11, align="center", width=MATCH, padding=(2, 2)
        )
    ]
    if as_row:
        image.width = 64
        layout = Row
        texts = [
            Column(
                TextView(item.filename, id="medium_name", size=16, width=MATCH),
                TextView(file_size(item.size), size=13, color="text_secondary", width=MATCH),
                width=0,
                weight=1,
                padding=(16, 0),
            )
        ]
    return layout(
        image,
        *texts,
        id="media_item_holder",
        desc=item.filename,
        height=MATCH,
        margin=1,
        selected=chosen,
        on_click=on_click,
        on_long_click=on_long_click,
    )


def _selection_bar(
    ctx: AppContext, library: Library, selection: Selection, items: list[Medium], in_bin: bool
) -> View:
    selected = set(selection.keys)
    chosen = [item for item in items if item.id in selected]
    confirm = delete_dialog(ctx, chosen, in_bin=in_bin, then=selection.clear)
    actions: list[Action] = [
        ("select_all", "Select all", lambda: selection.set([m.id for m in items])),
        ("delete", "Delete", confirm),
    ]
    menu: list[tuple[str, Handler]] = []
    if in_bin:

        def restore_chosen() -> None:
            restore_all(ctx, chosen)
            selection.clear()

        actions.insert(0, ("restore", "Restore", restore_chosen))
    else:

        def favorite(value: bool) -> Handler:
            def run() -> None:
                for item in chosen:
                    set_favorite(ctx, item, value)
                selection.clear()

            return run

        menu += [("Add to favorites", favorite(True)), ("Remove from favorites", favorite(False))]
        pick = folder_picker(ctx, library, chosen, then=selection.clear)
        menu += [("Copy to", lambda: pick(False)), ("Move to", lambda: pick(True))]
        if len(chosen) == 1:
            rename = rename_dialog(ctx)
            menu.append(("Rename", lambda: rename(chosen[0])))
    if len(chosen) == 1:
        inspect = properties_dialog(ctx)
        menu.append(("Properties", lambda: inspect(chosen[0])))
    overflow = ctx.menu("selection", menu) if menu else None
    return selection_bar(
        selection.title(len(items)), on_close=selection.clear, actions=actions, on_overflow=overflow
    )


Line = str | tuple[Medium, ...]
"""A line of the folder screen: a group's title, or up to a row's worth of its media."""


class Lines(ListItems[Line]):
    """The lines of the screen, found as the list asks for them: each group's title (when
    it has one), then its media ``per_row`` a line. Finding a line searches the groups, so
    a screen that shows a few lines of a long folder costs what those lines cost."""

    def __init__(self, groups: Sequence[Group], per_row: int) -> None:
        self._groups = groups
        self._per_row = per_row
        self._starts: list[int] = []
        """The index of each group's first line."""
        count = 0
        for title, members in groups:
            self._starts.append(count)
            count += bool(title) + -(-len(members) // per_row)
        self._count = count

    def __len__(self) -> int:
        return self._count

    def item(self, index: int) -> Line:
        if index >= self._count:
            raise IndexError(f"line {index} of {self._count}")
        group = bisect.bisect_right(self._starts, index) - 1
        title, members = self._groups[group]
        into = index - self._starts[group]
        if title:
            if into == 0:
                return title
            into -= 1
        return members[into * self._per_row : (into + 1) * self._per_row]


def build(ctx: AppContext) -> View:
    key = ctx.args["folder"]
    in_bin = key == RECYCLE_BIN
    library = Library(ctx)
    search = SearchBar(ctx, f"Search in {folder_name(key)}")
    query = search.query.casefold()
    groups = library.groups(key)
    if query:
        groups = tuple(
            (title, tuple(item for item in members if query in item.filename.casefold()))
            for title, members in groups
        )
    groups = tuple((title, members) for title, members in groups if members)

    def shown() -> list[Medium]:
        """Every medium shown, group by group: a walk over the whole folder, taken only
        where a selection or the recycle bin's actions need it."""
        return [item for _title, members in groups for item in members]

    as_list = library.prefs.get("view_type_files") == "list"
    star = library.prefs.flag("mark_favorite_items")
    selection = Selection(ctx)
    present = selection.keys
    if present:  # forget the selected media no longer shown (deleted, moved, filtered out)
        ids = {item.id for item in shown()}
        present = [i for i in selection.keys if i in ids]
        if present != selection.keys:
            selection.set(present)
    selected = set(present)  # read once: the rows made as the list scrolls share it

    def click(item: Medium) -> Handler:
        if selected:
            return lambda: selection.toggle(item.id)
        return lambda: open_medium(ctx, item)

    def render(_index: int, line: object) -> View:
        if isinstance(line, str):
            return section_header(line)
        tiles = [
            _tile(
                item,
                item.id in selected,
                click(item),
                lambda item=item: selection.start(item.id),
                star=star,
                as_row=as_list,
            )
            for item in line  # type: ignore[attr-defined]
        ]
        if as_list:
            tiles[0].height = LIST_ROW_DP
            return tiles[0]
        return grid_row(tiles, COLUMNS, height=ROW_DP, padding=(2, 0))

    body: View
    lines = Lines(groups, 1 if as_list else COLUMNS)
    if len(groups) == 1 and not groups[0][0]:
        body = ctx.scroller(
            "media",
            items=lines,
            item_height=LIST_ROW_DP if as_list else ROW_DP,
            render_item=render,
            id="media_grid",
        )
    elif groups:  # titled groups: a title row above each group, rows of their own heights
        body = ctx.scroller(
            "media", items=lines, render_item=render, wrap_rows=True, id="media_grid"
        )
    else:
        body = empty_state("No media files found", id="media_empty_text_placeholder")
    if selection.active:
        bar = _selection_bar(ctx, library, selection, shown(), in_bin)
    else:
        actions: list[Action] = [
            ("menu", "Sort by", sort_dialog(ctx, library, "media_sorting")),
            ("checklist", "Filter media", filter_dialog(ctx, library)),
        ]
        menu: list[tuple[str, Handler]] = [
            ("Group by", group_dialog(ctx, library)),
            ("Change view type", view_type_dialog(ctx, library, "view_type_files")),
        ]
        if in_bin and groups:
            items = shown()
            menu += [
                ("Restore all files", lambda: restore_all(ctx, items)),
                ("Empty the Recycle Bin", empty_bin_dialog(ctx, items)),
            ]
        bar = search.bar(on_up=ctx.finish, actions=actions, on_overflow=ctx.menu("overflow", menu))
    return Column(bar, body, height=MATCH)
