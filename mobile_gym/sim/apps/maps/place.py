"""A place's page: a small map, name, rating, category, the actions (Directions, Save,
Share, Call) and the address, opening hours and phone number."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.maps import data, share, world
from mobile_gym.sim.apps.maps.directions import open_directions
from mobile_gym.sim.apps.maps.main import rating_text
from mobile_gym.sim.apps.maps.mapview import MapPin, MapView
from mobile_gym.sim.apps.maps.world import Place
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.list_items import MadeItems
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

MAP_DP = 200
ZOOM = 16


def share_text(place: Place) -> str:
    return f"{place.name}, {place.address} {place.link}"


def _action(icon: str, label: str, id: str, handler: Handler, *, chosen: bool = False) -> View:
    color = "on_primary" if chosen else "primary"
    return Column(
        ImageView(icon, size=24, tint=color, gravity="center"),
        TextView(label, size=13, color=color, gravity="center", margin=(0, 4, 0, 0)),
        id=id,
        desc=label,
        width=0,
        weight=1,
        padding=(0, 10),
        margin=(4, 0),
        radius=20,
        background="primary" if chosen else "surface_variant",
        on_click=handler,
    )


def _info(icon: str, text: str, id: str) -> View:
    return Row(
        ImageView(icon, size=24, tint="primary", margin=(0, 0, 24, 0), gravity="center"),
        TextView(text, id=id, size=15, max_lines=3, width=0, weight=1),
        padding=(16, 14),
        height=WRAP,
    )


def hours_text(place: Place) -> str:
    if not place.hours:
        return "Hours not listed"
    if place.hours in ("00:00-24:00", "00:00-23:59"):
        return "Open 24 hours"
    return "Hours: " + place.hours.replace("-", "–").replace(",", ", ")


def place_screen(ctx: AppContext) -> View:
    name = ctx.args.get("name", "")
    place = world.place(name)
    if place is None:
        return Column(ctx.up_bar("Maps"), empty_state("Place not found"), height=MATCH)
    saved_in = data.lists_of(ctx, place.name)

    def choose(list_name: str) -> Handler:
        return lambda: data.toggle_saved(ctx, place.name, list_name)

    def item(list_name: str) -> tuple[str, Handler]:
        return ("✓ " if list_name in saved_in else "") + list_name, choose(list_name)

    # the menu's items are made only while it is open
    save_menu = ctx.menu("save", MadeItems(data.lists(ctx), item), at_touch=True)

    def call() -> None:
        if not place.phone:
            ctx.toast("No phone number")
            return
        ctx.log(f"Call: {place.phone}")
        ctx.toast(f"Calling {place.phone}")

    me = data.my_place(ctx)
    mini = MapView(
        center=place.point,
        zoom=ZOOM if place.category != "City" else 11,
        marker=me.point,
        pins=[MapPin(place.point, desc=place.name, id="map_pin", chosen=True)],
        id="place_map",
        desc="Google Map",
        height=MAP_DP,
    )
    body: list[View] = [
        TextView(
            place.name,
            id="place_title",
            size=22,
            bold=True,
            max_lines=2,
            width=MATCH,
            padding=(16, 12, 16, 2),
        ),
    ]
    if place.rating is not None:
        body.append(
            TextView(rating_text(place), id="place_rating", size=14, width=MATCH, padding=(16, 2))
        )
    body.append(
        TextView(
            place.category,
            id="place_category",
            size=14,
            color="text_secondary",
            width=MATCH,
            padding=(16, 2, 16, 10),
        )
    )
    body.append(
        Row(
            _action(
                "directions",
                "Directions",
                "directions_button",
                lambda: open_directions(ctx, place.name),
            ),
            _action(
                "bookmark",
                "Saved" if saved_in else "Save",
                "save_button",
                save_menu,
                chosen=bool(saved_in),
            ),
            _action(
                "send",
                "Share",
                "share_button",
                lambda: share.open_sheet(ctx, place.name, share_text(place)),
            ),
            _action("phone", "Call", "call_button", call),
            padding=(12, 4),
            height=WRAP,
        )
    )
    body.append(_info("place", place.address or place.name, "place_address"))
    body.append(_info("info", hours_text(place), "place_hours"))
    if place.phone:
        body.append(_info("phone", place.phone, "place_phone"))
    body.append(_info("attach", place.link, "place_link"))
    share.share_sheet(ctx)
    return Column(
        ctx.up_bar(place.name),
        mini,
        ctx.scroller("place", body, id="place_details"),
        height=MATCH,
    )
