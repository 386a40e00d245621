"""The Clock app class: package, launcher entry, database, seed content and screens; the
main screen's five tabs and what rings over them."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.clock import alarm_store, alerts, data
from mobile_gym.sim.apps.clock.alarms import alarm_tab
from mobile_gym.sim.apps.clock.bedtime import bedtime_tab
from mobile_gym.sim.apps.clock.ringing import alarm_ringing, timer_ringing
from mobile_gym.sim.apps.clock.ringtones import ringtone_screen
from mobile_gym.sim.apps.clock.stopwatch import stopwatch_redraw_at, stopwatch_tab
from mobile_gym.sim.apps.clock.timer import stop_timer, timer_due, timer_redraw_at, timer_tab
from mobile_gym.sim.apps.clock.world import city_screen, clock_tab
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, View

TABS = (
    ("Alarm", "alarm", alarm_tab),
    ("Clock", "clock", clock_tab),
    ("Timer", "hourglass", timer_tab),
    ("Stopwatch", "stopwatch", stopwatch_tab),
    ("Bedtime", "moon", bedtime_tab),
)
_SEEDED_WAKEUPS = ((6, 45), (7, 0), (7, 30))


LABELS = [label for label, _icon, _body in TABS]
STOPWATCH_TAB = LABELS.index("Stopwatch")


def _tab(ctx: AppContext) -> int:
    """The index of the tab on show: the one last tapped, else the argument ``tab`` (a
    label; the Alarm tab when it names none)."""
    asked = ctx.args.get("tab")
    return ctx.get("tab", LABELS.index(asked) if asked in LABELS else 0)


def _ring(ctx: AppContext) -> View | None:
    """What rings in place of the tab on show: a due alarm, else a timer at zero."""
    alarm = alarm_store.ringing(ctx)
    if alarm is not None:
        return alarm_ringing(ctx, alarm)
    if timer_due(ctx):
        return timer_ringing(lambda: stop_timer(ctx))
    return None


def main_screen(ctx: AppContext) -> View:
    """The tab on show, or what rings (a due alarm, a timer at zero) in its place."""
    ring = _ring(ctx)
    if ring is not None:
        return ring
    chosen = _tab(ctx)
    label, _icon, body = TABS[chosen]
    tabs = tab_bar(
        [(name, icon) for name, icon, _body in TABS],
        chosen,
        lambda index: ctx.set("tab", index),
        id="tab_bar",
    )
    return Column(toolbar(label), body(ctx), tabs, width=MATCH, height=MATCH)


class ClockApp(App):
    """Google's Clock: alarms, world clock, timer, stopwatch and bedtime."""

    package = data.PACKAGE
    label = "Clock"
    icon = "alarm"
    color = (26, 115, 232)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.RINGTONES: "ringtones",
        data.CITIES: "cities",
        data.ALARM_ALERT: "alarm_alert",
        data.TIMER_ALERT: "timer_alert",
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        hour, minute = rng.choice(_SEEDED_WAKEUPS)
        sound = data.ringtone_uri(data.DEFAULT_RINGTONE)
        ctx.db().executemany(
            "INSERT INTO alarm_templates(hour, minutes, daysofweek, enabled, ringtone) "
            "VALUES (?, ?, ?, 0, ?)",
            [(hour, minute, data.WEEKDAYS, sound), (9, 0, data.WEEKEND, sound)],
        )

    def wake_up(self, ctx: AppContext, key: str) -> None:
        alerts.wake_up(ctx, key)

    def redraw_at(self, ctx: AppContext) -> int | None:
        """A running timer's next second, and a running stopwatch's next hundredth while
        its tab shows."""
        if ctx.screen.activity != data.MAIN:
            return None
        times = [timer_redraw_at(ctx)]
        if _tab(ctx) == STOPWATCH_TAB:
            times.append(stopwatch_redraw_at(ctx))
        return min((t for t in times if t is not None), default=None)

    main = staticmethod(main_screen)
    ringtones = staticmethod(ringtone_screen)
    cities = staticmethod(city_screen)
    alarm_alert = staticmethod(alerts.alarm_alert)
    timer_alert = staticmethod(alerts.timer_alert)
