"""How a document shows in the Files lists: a list row or a grid cell, each with the
selection check, and the drawer of roots."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.file_manager.files import Entry, format_items, format_size
from mobile_gym.sim.apps.files.documents import KINDS, ROOTS, kind
from mobile_gym.sim.ui.composites import side_drawer
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.grid import grid_row, thumbnail
from mobile_gym.sim.ui.list_items import ListItems
from mobile_gym.sim.ui.selection import selection_badge
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

ROW_DP = 72
GRID_ROW_DP = 176
COLUMNS = 2


def details(ctx: AppContext, item: Entry) -> str:
    """``1.2 KB · Oct 16`` for a file, ``3 items · Oct 16`` for a folder."""
    amount = format_items(item.items) if item.is_dir else format_size(item.size)
    return f"{amount} \u00b7 {short_date(item.modified, ctx.now)}"


def list_row(
    ctx: AppContext, item: Entry, chosen: bool, on_click: Handler, on_long: Handler
) -> View:
    return Row(
        selection_badge(
            item.icon, chosen, tint="primary" if item.is_dir else "text_secondary", id="icon_mime"
        ),
        Column(
            TextView(item.name, id="android:id/title", size=16, width=MATCH, max_lines=1),
            TextView(details(ctx, item), id="details", size=13, color="text_secondary"),
            width=0,
            weight=1,
        ),
        TextView(kind(item), id="file_type", size=12, color="text_secondary"),
        id="item_root",
        padding=(12, 0, 16, 0),
        height=ROW_DP,
        selected=chosen,
        on_click=on_click,
        on_long_click=on_long,
    )


def grid_cell(
    ctx: AppContext, item: Entry, chosen: bool, on_click: Handler, on_long: Handler
) -> View:
    picture = item.extension in KINDS["images"] or item.extension in KINDS["videos"]
    check = [ImageView("check", size=28, tint="on_primary", circle="primary", gravity="top end")]
    if picture:
        overlay = check if chosen else ()
        tile = thumbnail(item.path, id="icon_thumb", height=0, radius=8, overlay=overlay)
    else:
        badge = selection_badge(item.icon, chosen, tint="primary", id="icon_mime")
        badge.gravity = "center"
        tile = FrameLayout(children=[badge], background="surface_variant", radius=8)
    tile.height, tile.weight = 0, 1
    return Column(
        tile,
        TextView(item.name, id="android:id/title", size=14, max_lines=1, margin=(4, 6, 4, 0)),
        TextView(
            details(ctx, item), id="details", size=12, color="text_secondary", margin=(4, 0, 4, 4)
        ),
        id="item_root",
        height=GRID_ROW_DP,
        padding=4,
        selected=chosen,
        on_click=on_click,
        on_long_click=on_long,
    )


class GridLines(ListItems[tuple[Entry, ...]]):
    """The lines of the grid: ``COLUMNS`` entries each, read only when a line shows."""

    def __init__(self, entries: Sequence[Entry]) -> None:
        self.entries = entries

    def __len__(self) -> int:
        return -(-len(self.entries) // COLUMNS)

    def item(self, index: int) -> tuple[Entry, ...]:
        if index >= len(self):
            raise IndexError(f"line {index} of {len(self)}")
        start = index * COLUMNS
        return tuple(self.entries[start : start + COLUMNS])


def grid_line(cells: list[View]) -> View:
    return grid_row(cells, COLUMNS, height=GRID_ROW_DP)


def roots_drawer(ctx: AppContext, shown: str, pick: Callable[[str], Handler]) -> View:
    """The drawer of roots ("Show roots"), the one shown highlighted."""
    rows: list[View] = [TextView("Files", size=22, bold=True, margin=(24, 20, 0, 12))]
    for root in ROOTS:
        if root.key == "downloads":
            rows.append(View(height=1, background="divider", margin=(0, 8, 0, 8)))
        rows.append(
            Row(
                ImageView(root.icon, size=24, margin=(0, 0, 24, 0)),
                TextView(root.title, id="android:id/title", size=15, width=0, weight=1),
                id="roots_item",
                height=48,
                padding=(24, 0, 16, 0),
                radius=24,
                background="surface_variant" if root.key == shown else None,
                selected=root.key == shown,
                on_click=pick(root.key),
            )
        )
    return side_drawer(rows, id="roots_list", on_close=lambda: ctx.pop("drawer"))
