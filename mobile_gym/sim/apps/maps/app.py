"""The Maps app class: package, launcher entry, database, seed content and screens."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.maps import data, names, viewport
from mobile_gym.sim.apps.maps.directions import directions_screen
from mobile_gym.sim.apps.maps.main import clear_search, main_screen
from mobile_gym.sim.apps.maps.place import place_screen
from mobile_gym.sim.apps.maps.saved import saved_list_screen, saved_screen
from mobile_gym.sim.apps.maps.share import SHEET


class MapsApp(App):
    """Google Maps over the frozen maps world: search, places, directions, saved lists."""

    package = names.PACKAGE
    label = "Maps"
    icon = "place"
    color = (52, 168, 83)
    main_activity = names.MAIN
    screens: ClassVar[dict[str, str]] = {
        names.MAIN: "main",
        names.PLACE: "place",
        names.DIRECTIONS: "directions",
        names.SAVED: "saved",
        names.SAVED_LIST: "saved_list",
    }
    schemas: ClassVar[dict[str, str]] = {names.DATABASE: names.SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        conn = data.db(ctx)
        conn.executemany(
            "INSERT INTO lists (name, created) VALUES (?, ?)",
            [(name, index) for index, name in enumerate(names.DEFAULT_LISTS)],
        )
        conn.execute(
            "INSERT INTO preferences (key, value) VALUES ('my_location', ?)",
            (names.DEFAULT_LOCATION,),
        )

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == names.PLACE:
            return ctx.args.get("name", self.label)
        return self.label

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        if ctx.screen.activity != names.MAIN:
            return False
        viewport.pan(ctx, direction)
        return True

    def back(self, ctx: AppContext) -> bool:
        """Close the share sheet, or the search results, before leaving the screen."""
        if ctx.get(SHEET):
            ctx.pop(SHEET)
            return True
        if ctx.screen.activity == names.MAIN and ctx.get("query"):
            clear_search(ctx)
            return True
        return False

    main = staticmethod(main_screen)
    place = staticmethod(place_screen)
    directions = staticmethod(directions_screen)
    saved = staticmethod(saved_screen)
    saved_list = staticmethod(saved_list_screen)
