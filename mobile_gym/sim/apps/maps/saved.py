"""The saved lists (``saved_list`` rows with their counts, ``new_list``: the "New list"
dialog with ``list_name``) and one list's places (``saved_place`` rows)."""

from __future__ import annotations

import sqlite3

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.maps import data, names, world
from mobile_gym.sim.apps.maps.main import open_place, summary
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.list_items import ListItems
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import MATCH, Column, View

ROW_DP = 72
COUNTED_LISTS = (
    "SELECT l.name, (SELECT COUNT(*) FROM saved s WHERE s.list = l.name) FROM lists l "
    "ORDER BY l.created, l.name"
)
"""The saved lists, oldest first (as ``data.LISTS``), each with how many places it holds."""


class _ThenNewList(ListItems[sqlite3.Row | None]):
    """The rows of the lists, then None: the "New list" row below them."""

    def __init__(self, rows: ListItems[sqlite3.Row]) -> None:
        self._rows = rows

    def __len__(self) -> int:
        return len(self._rows) + 1

    def item(self, index: int) -> sqlite3.Row | None:
        return None if index == len(self._rows) else self._rows[index]


def saved_screen(ctx: AppContext) -> View:
    """The saved lists, a recycled list read a page at a time (with each list's count), and
    the "New list" row at its end."""
    open_dialog = prompt_dialog(
        ctx,
        "new_list",
        "New list",
        lambda name: data.new_list(ctx, name),
        hint="List name",
        id="list_name",
    )

    def row(_index: int, found: sqlite3.Row | None) -> View:
        if found is None:
            return list_item(
                "New list", icon="add", id="new_list", on_click=lambda: open_dialog("")
            )
        name, count = found
        return list_item(
            name,
            f"{count} places" if count != 1 else "1 place",
            icon="bookmark",
            id="saved_list",
            on_click=lambda: ctx.open(names.SAVED_LIST, list=name),
        )

    items = _ThenNewList(ctx.rows(COUNTED_LISTS, name=names.DATABASE))
    lists = ctx.scroller("lists", items=items, render_item=row, wrap_rows=True)
    return Column(ctx.up_bar("Saved"), lists, height=MATCH)


def saved_list_screen(ctx: AppContext) -> View:
    name = ctx.args.get("list", "")
    places = _places(ctx, name)

    def row(position: int, place: world.Place) -> View:
        return list_item(
            place.name,
            summary(place),
            id="saved_place",
            on_click=lambda: open_place(ctx, place),
            height=ROW_DP,
        )

    body: View = (
        ctx.scroller("places", items=places, item_height=ROW_DP, render_item=row)
        if places
        else empty_state("No places saved in this list yet", id="empty_list")
    )
    return Column(ctx.up_bar(name), body, height=MATCH)


def _places(ctx: AppContext, name: str) -> tuple[world.Place, ...]:
    """The places of list ``name`` that the map knows, newest saved first: read once until
    the database changes (``AppContext.kept``), not at every build of the list."""
    conn = data.db(ctx)

    def read() -> tuple[world.Place, ...]:
        rows = conn.execute(
            "SELECT place FROM saved WHERE list = ? ORDER BY saved_at DESC, id DESC", (name,)
        )
        found = (world.place(row["place"]) for row in rows.fetchall())
        return tuple(place for place in found if place is not None)

    return ctx.kept(("saved", name), read, conn)
