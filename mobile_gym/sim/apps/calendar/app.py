"""The Calendar app class: its activities, database, seeded events and gestures."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps import about
from mobile_gym.sim.apps.about import AboutPages
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.calendar import editor, main_screen, settings
from mobile_gym.sim.apps.calendar.activities import (
    EVENT_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    SETTINGS_ACTIVITY,
    TASK_ACTIVITY,
    VERSION,
)
from mobile_gym.sim.apps.calendar.events import SCHEMA, event, seed_events
from mobile_gym.sim.ui.view import View

AGENDAS = 2
"""How many readings of the upcoming events are kept (``CalendarApp.agendas``)."""
MONTHS = 3
"""How many month grids' days are kept (``CalendarApp.months``)."""
SEARCHES = 2
"""How many searches' results are kept (``CalendarApp.searches``)."""


class CalendarApp(AboutPages, App):
    """Simple Calendar Pro: a month grid, a day's agenda, an event list, search, the event
    and task editors, settings and the About pages."""

    package = PACKAGE
    label = "Calendar"
    icon = "calendar"
    color = (66, 133, 244)
    dock = True
    main_activity = MAIN_ACTIVITY
    about_name = "Simple Calendar Pro"
    version = VERSION
    screens: ClassVar[dict[str, str]] = {
        MAIN_ACTIVITY: "main",
        EVENT_ACTIVITY: "editor",
        TASK_ACTIVITY: "editor",
        SETTINGS_ACTIVITY: "settings",
        **about.SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {"events": SCHEMA}

    def __init__(self) -> None:
        super().__init__()
        self.agendas: FIFOCache[tuple, main_screen.Upcoming] = FIFOCache(AGENDAS)
        """The events from today on and the event list's lines (``main_screen.upcoming``),
        by the stamp of the events' database and the day: found again once either moves."""
        self.months: FIFOCache[tuple, tuple[main_screen.DayCell, ...]] = FIFOCache(MONTHS)
        """What each day of a month grid shows of its events (``main_screen.month_cells``),
        by the stamp of the events' database and the grid's first and last days."""
        self.searches: FIFOCache[tuple, tuple[main_screen.Entry, ...]] = FIFOCache(SEARCHES)
        """The search results' lines (``main_screen.found_lines``), by the stamp of the
        events' database and the query."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_events(ctx, rng)

    def main(self, ctx: AppContext) -> View:
        return main_screen.build(ctx)

    def editor(self, ctx: AppContext) -> View:
        return editor.build(ctx)

    def settings(self, ctx: AppContext) -> View:
        return settings.settings_screen(ctx)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity in (EVENT_ACTIVITY, TASK_ACTIVITY):
            current = event(ctx, ctx.args.get("event_id"))
            if current is not None:
                return current.title
            return "New task" if ctx.screen.activity == TASK_ACTIVITY else "New event"
        return self.label

    def back(self, ctx: AppContext) -> bool:
        return ctx.screen.activity == MAIN_ACTIVITY and main_screen.back(ctx)

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        """A swipe to the left shows the next month or day, to the right the previous one."""
        if ctx.screen.activity != MAIN_ACTIVITY or direction not in ("left", "right"):
            return False
        if ctx.field("search") or ctx.get("view", "month") == "list":
            return False
        main_screen.step(ctx, 1 if direction == "left" else -1)
        return True
