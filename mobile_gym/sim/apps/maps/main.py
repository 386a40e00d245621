"""Maps' main screen: the map, the search box, category chips, results and the controls.

Searching (ENTER in ``search_box``, or a chip) lists the results in ``results_list``
(rows ``result_item``) and pins them; a search with one result opens its place at once.
Tapping a pin or a row opens the place. The map pans by swipes and zooms by the
``zoom_in`` / ``zoom_out`` buttons or a double tap; ``my_location`` returns to "Your
location"; ``saved_button`` opens the saved lists.
"""

from __future__ import annotations

from mobile_gym.mcp.servers.geo import haversine_m
from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.maps import data, names, viewport, world
from mobile_gym.sim.apps.maps.mapview import MapPin, MapView, bounds
from mobile_gym.sim.apps.maps.world import Place
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

CHIPS = ("Restaurants", "Coffee", "Hotels", "Museums")
MAX_PINS = 40
ROW_DP = 72
SHEET_DP = 300


def rating_text(place: Place) -> str:
    """``4.7 ★ (1,234)``, or nothing for a place without a rating."""
    if place.rating is None:
        return ""
    count = f" ({place.reviews:,})" if place.reviews else ""
    return f"{place.rating:.1f} ★{count}"


def summary(place: Place) -> str:
    parts = [rating_text(place), place.category, place.address]
    return " · ".join(part for part in parts if part)


def open_place(ctx: AppContext, place: Place) -> None:
    ctx.log(f"Open place: {place.name}")
    ctx.open(names.PLACE, name=place.name)


def run_search(ctx: AppContext, query: str) -> None:
    query = query.strip()
    if not query:
        ctx.toast(names.EMPTY_QUERY)
        return
    ctx.log(f"Search: {query}")
    data.remember(ctx, query)
    ctx.phone.hide_keyboard()
    ctx.pop("focus")
    found = world.search(query, viewport.center(ctx))
    if not found:
        ctx.set("query", query)
        ctx.toast(names.NO_RESULTS)
        return
    viewport.show(ctx, found[0])
    if len(found) == 1:
        ctx.pop("query")
        open_place(ctx, found[0])
        return
    ctx.set("query", query)


def clear_search(ctx: AppContext) -> None:
    ctx.pop("query")
    ctx.clear_field("search")


def _search_card(ctx: AppContext) -> View:
    box = ctx.edit(  # filled as its card is: no underline
        "search", hint="Search here", id="search_box", width=0, weight=1, background="surface"
    )
    box.on_submit = lambda: run_search(ctx, ctx.field("search"))
    trailing: View = (
        ImageButton(
            "close", desc="Clear search", on_click=lambda: clear_search(ctx), id="clear_search"
        )
        if ctx.get("query") or ctx.field("search")
        else ImageButton(
            "search",
            desc="Search",
            on_click=lambda: run_search(ctx, ctx.field("search")),
            id="search_button",
        )
    )
    chips = [
        TextView(
            label,
            id="category_chip",
            size=14,
            padding=(14, 6),
            margin=(0, 0, 8, 0),
            background="surface",
            radius=16,
            on_click=lambda label=label: _chip(ctx, label),
        )
        for label in CHIPS
    ]
    return Column(
        Row(
            ImageView("place", size=24, tint="primary", margin=(12, 0, 4, 0), gravity="center"),
            box,
            trailing,
            background="surface",
            radius=28,
            padding=(4, 0),
            height=56,
        ),
        Row(*chips, margin=(0, 8, 0, 0), height=WRAP),
        padding=(12, 8),
        height=WRAP,
    )


def _chip(ctx: AppContext, label: str) -> None:
    ctx.set_field("search", label)
    run_search(ctx, label)


def _controls(ctx: AppContext) -> View:
    def button(icon: str, desc: str, id: str, handler: Handler) -> View:
        return ImageButton(
            icon,
            desc=desc,
            id=id,
            on_click=handler,
            background="surface",
            radius=24,
            margin=(0, 0, 0, 8),
        )

    return Column(
        button("add", "Zoom in", "zoom_in", lambda: viewport.zoom_by(ctx, 1)),
        button("remove", "Zoom out", "zoom_out", lambda: viewport.zoom_by(ctx, -1)),
        button("my_location", "Your location", "my_location", lambda: viewport.recenter(ctx)),
        width=WRAP,
        height=WRAP,
        gravity="end bottom",
        margin=(0, 0, 12, SHEET_DP + 12 if ctx.get("query") else 88),
    )


def _results(ctx: AppContext, found: list[Place]) -> View:
    def row(index: int, place: Place) -> View:
        return Column(
            TextView(place.name, id="result_title", size=16, bold=True, width=MATCH),
            TextView(
                summary(place), id="result_subtitle", size=13, color="text_secondary", width=MATCH
            ),
            id="result_item",
            height=ROW_DP,
            padding=(16, 10),
            on_click=lambda: open_place(ctx, place),
        )

    body: View
    if found:
        body = ctx.scroller(
            "results", id="results_list", items=found, item_height=ROW_DP, render_item=row
        )
    else:
        body = TextView(
            names.NO_RESULTS,
            id="empty_results",
            size=16,
            color="text_secondary",
            width=MATCH,
            align="center",
            margin=(16, 32),
        )
    return Column(
        TextView(
            f'Results for "{ctx.get("query")}"',
            id="results_title",
            size=14,
            color="text_secondary",
            padding=(16, 12),
        ),
        body,
        id="results_sheet",
        height=SHEET_DP,
        background="surface",
        radius=16,
        gravity="bottom",
        blocks_touch=True,
    )


def _bottom_bar(ctx: AppContext) -> View:
    return Row(
        Column(
            ImageView("place", size=24, tint="primary", gravity="center"),
            TextView("Explore", size=12, gravity="center"),
            width=0,
            weight=1,
            desc="Explore",
            selected=True,
        ),
        Column(
            ImageView("bookmark", size=24, gravity="center"),
            TextView("Saved", size=12, gravity="center"),
            width=0,
            weight=1,
            desc="Saved",
            id="saved_button",
            on_click=lambda: ctx.open(names.SAVED),
        ),
        height=72,
        padding=(0, 10),
        background="surface",
        gravity="bottom",
    )


def main_screen(ctx: AppContext) -> View:
    center, level = viewport.center(ctx), viewport.zoom(ctx)
    query = ctx.get("query")
    found = world.search(query, center) if query else []
    me = data.my_place(ctx)
    if query:
        shown = found[:MAX_PINS]
    else:
        width, height = viewport.size_dp(ctx)
        around = world.in_view(bounds(center, level, width, height))
        around = [p for p in around if p.name != me.name and (level >= 10 or p.category == "City")]
        # the nearest first: they are named on the map first
        shown = sorted(around, key=lambda p: (haversine_m(center, p.point), p.name))[:MAX_PINS]
    pins = [
        MapPin(p.point, desc=p.name, id="map_pin", on_click=lambda p=p: open_place(ctx, p))
        for p in shown
    ]
    surface = MapView(
        center=center, zoom=level, marker=me.point, pins=pins, id="map", desc="Google Map"
    )
    surface.on_click = lambda: viewport.tap(ctx, surface.bounds.center)
    layers: list[View] = [surface, _search_card(ctx), _controls(ctx)]
    layers.append(_results(ctx, found) if query else _bottom_bar(ctx))
    return FrameLayout(width=MATCH, height=MATCH, children=layers)
