"""The saved lists (``saved_list`` rows with their counts, ``new_list``: the "New list"
dialog with ``list_name``) and one list's places (``saved_place`` rows)."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.maps import data, names, world
from mobile_gym.sim.apps.maps.main import open_place, summary
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import MATCH, Column, View

ROW_DP = 72


def saved_screen(ctx: AppContext) -> View:
    counts = dict(data.db(ctx).execute("SELECT list, COUNT(*) FROM saved GROUP BY list").fetchall())
    open_dialog = prompt_dialog(
        ctx,
        "new_list",
        "New list",
        lambda name: data.new_list(ctx, name),
        hint="List name",
        id="list_name",
    )
    rows = [
        list_item(
            name,
            f"{counts.get(name, 0)} places" if counts.get(name, 0) != 1 else "1 place",
            icon="bookmark",
            id="saved_list",
            on_click=lambda name=name: ctx.open(names.SAVED_LIST, list=name),
        )
        for name in data.lists(ctx)
    ]
    rows.append(list_item("New list", icon="add", id="new_list", on_click=lambda: open_dialog("")))
    return Column(ctx.up_bar("Saved"), ctx.scroller("lists", rows), height=MATCH)


def saved_list_screen(ctx: AppContext) -> View:
    name = ctx.args.get("list", "")
    places = [found for found in (world.place(p) for p in _saved(ctx, name)) if found is not None]

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


def _saved(ctx: AppContext, name: str) -> list[str]:
    rows = data.db(ctx).execute(
        "SELECT place FROM saved WHERE list = ? ORDER BY saved_at DESC, id DESC", (name,)
    )
    return [row["place"] for row in rows.fetchall()]
