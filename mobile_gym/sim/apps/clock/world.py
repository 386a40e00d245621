"""The Clock tab (the time here and in the cities added) and the city picker.

The phone keeps UTC; a city's time comes from its IANA zone (``cities``: ``name``,
``zone``). The picker lists ``CITY_ZONES`` filtered by what is typed; a tap adds the city.
"""

from __future__ import annotations

import datetime as dt
import zoneinfo

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock.data import CITIES, clock_text
from mobile_gym.sim.ui.composites import empty_state, fab, list_item
from mobile_gym.sim.ui.dates import WEEKDAY_ABBRS
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import TextView

CITY_ZONES = {
    "Amsterdam": "Europe/Amsterdam",
    "Bangkok": "Asia/Bangkok",
    "Beijing": "Asia/Shanghai",
    "Berlin": "Europe/Berlin",
    "Buenos Aires": "America/Argentina/Buenos_Aires",
    "Cairo": "Africa/Cairo",
    "Chicago": "America/Chicago",
    "Dubai": "Asia/Dubai",
    "Hong Kong": "Asia/Hong_Kong",
    "Istanbul": "Europe/Istanbul",
    "Jakarta": "Asia/Jakarta",
    "London": "Europe/London",
    "Los Angeles": "America/Los_Angeles",
    "Madrid": "Europe/Madrid",
    "Mexico City": "America/Mexico_City",
    "Moscow": "Europe/Moscow",
    "Mumbai": "Asia/Kolkata",
    "Nairobi": "Africa/Nairobi",
    "New York": "America/New_York",
    "Paris": "Europe/Paris",
    "Rome": "Europe/Rome",
    "San Francisco": "America/Los_Angeles",
    "São Paulo": "America/Sao_Paulo",
    "Seoul": "Asia/Seoul",
    "Singapore": "Asia/Singapore",
    "Sydney": "Australia/Sydney",
    "Tokyo": "Asia/Tokyo",
    "Toronto": "America/Toronto",
}
ROW_DP = 72


def local_time(now: dt.datetime, zone: str) -> dt.datetime:
    """The phone's UTC ``now`` as the wall clock of ``zone`` shows it."""
    return now.replace(tzinfo=dt.UTC).astimezone(zoneinfo.ZoneInfo(zone)).replace(tzinfo=None)


def _offset_text(now: dt.datetime, there: dt.datetime) -> str:
    hours = round((there - now).total_seconds() / 3600, 1)
    if not hours:
        return "Same time"
    shown = f"{abs(hours):g} hr{'s' if abs(hours) != 1 else ''}"
    return f"{shown} {'ahead' if hours > 0 else 'behind'}"


def clock_tab(ctx: AppContext) -> View:
    """The Clock tab's body."""
    now = ctx.now
    cities = ctx.rows("SELECT _id, name, zone FROM cities ORDER BY _id")

    def remove() -> None:
        target = ctx.pop("city_target")
        row = ctx.db().execute("SELECT name FROM cities WHERE _id = ?", (target,)).fetchone()
        if row is not None:
            ctx.db().execute("DELETE FROM cities WHERE _id = ?", (target,))
            ctx.log(f"City removed: {row[0]}", tag="WorldClock")

    open_menu = ctx.menu("city", [("Delete", remove)], at_touch=True)

    def city_row(_index: int, row: tuple) -> View:
        city_id, name, zone = row
        there = local_time(now, zone)

        def long_press() -> None:
            ctx.set("city_target", city_id)
            open_menu()

        day = "Today" if there.date() == now.date() else WEEKDAY_ABBRS[there.weekday()]
        return list_item(
            name,
            f"{day}, {_offset_text(now, there)}",
            trailing=TextView(clock_text(there.hour, there.minute), id="city_time", size=24),
            id="city_row",
            title_id="city_name",
            subtitle_id="city_day",
            on_long_click=long_press,
            height=ROW_DP,
        )

    header = Column(
        TextView(
            clock_text(now.hour, now.minute),
            id="digital_clock",
            size=56,
            align="center",
            width=MATCH,
        ),
        TextView(
            f"{now:%a}, {now:%B} {now.day}",
            id="date",
            size=16,
            color="text_secondary",
            align="center",
            width=MATCH,
        ),
        width=MATCH,
        margin=(0, 32),
    )
    if len(cities):
        listing: View = ctx.scroller(
            "cities",
            items=cities,
            item_height=ROW_DP,
            render_item=city_row,
            id="cities",
            height=0,
            weight=1,
        )
    else:
        listing = View(height=0, weight=1)
    button = fab("add", "Add city", lambda: ctx.open(CITIES), id="fab")
    button.gravity = "bottom center"
    return FrameLayout(
        children=[Column(header, listing, width=MATCH, height=MATCH), button],
        width=MATCH,
        height=0,
        weight=1,
    )


def city_screen(ctx: AppContext) -> View:
    """The city picker: a search field and the matching cities; a tap adds one."""
    search = SearchBar(ctx, "Search for a city", key="city_query", id="search_src_text")
    query = search.query
    taken = {name for (name,) in ctx.db().execute("SELECT name FROM cities")}
    shown = [n for n in CITY_ZONES if query in n.lower() and n not in taken]

    def pick(name: str) -> None:
        ctx.db().execute("INSERT INTO cities(name, zone) VALUES (?, ?)", (name, CITY_ZONES[name]))
        ctx.log(f"City added: {name}", tag="WorldClock")
        ctx.finish()

    def row(_index: int, name: str) -> View:
        there = local_time(ctx.now, CITY_ZONES[name])
        return list_item(
            name,
            clock_text(there.hour, there.minute),
            id="city_row",
            title_id="city_name",
            subtitle_id="city_time",
            on_click=lambda: pick(name),
            height=ROW_DP,
        )

    bar = search.bar(on_up=ctx.finish)
    if shown:
        body: View = ctx.scroller(
            "cities", items=shown, item_height=ROW_DP, render_item=row, id="cities_list"
        )
    else:
        body = empty_state("No results", id="cities_empty")
    return Column(bar, body, width=MATCH, height=MATCH)
