"""What rings: the full-screen alarm (time, label, "Snooze", "Dismiss") and the timer's
"Time's up" (its "Stop"), shown over the Clock while due. Both come from the database and
the virtual clock alone, so a ring is due exactly when its minute (or second) comes."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.clock import alarm_store
from mobile_gym.sim.apps.clock.alarm_store import Alarm
from mobile_gym.sim.apps.clock.data import SNOOZE_MINUTES, clock_text
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageView, TextView


def _panel(*children: View, id: str) -> View:
    return Column(
        *children,
        id=id,
        width=MATCH,
        height=MATCH,
        arrange="center",
        background="primary",
        blocks_touch=True,
    )


def _button(text: str, id: str, on_click: Handler) -> Button:
    """A light button on the ring's coloured panel."""
    return Button(
        text, id=id, on_click=on_click, background="on_primary", color="primary", margin=(8, 0)
    )


def alarm_ringing(ctx: AppContext, ring: Alarm, answered: Handler | None = None) -> View:
    """The ringing alarm ``ring``; ``answered`` runs after Snooze or Dismiss."""

    def dismiss() -> None:
        alarm_store.dismiss(ctx, ring)
        if answered is not None:
            answered()

    def snooze() -> None:
        alarm_store.snooze(ctx, ring)
        until = ctx.now + dt.timedelta(minutes=SNOOZE_MINUTES)
        ctx.toast(f"Snoozed until {clock_text(until.hour, until.minute)}")
        if answered is not None:
            answered()

    buttons = Row(
        _button("Snooze", "snooze_button", snooze),
        _button("Dismiss", "dismiss_button", dismiss),
        arrange="center",
        width=MATCH,
        margin=(0, 48, 0, 0),
    )
    return _panel(
        ImageView("alarm", size=72, tint="on_primary", gravity="center"),
        TextView(
            ring.time_text,
            id="alarm_time",
            size=56,
            color="on_primary",
            align="center",
            width=MATCH,
        ),
        TextView(
            ring.label or "Alarm",
            id="alarm_label",
            size=20,
            color="on_primary",
            align="center",
            width=MATCH,
        ),
        buttons,
        id="alarm_ringing",
    )


def timer_ringing(stop: Handler) -> View:
    """The timer's end; ``stop`` is the handler of its "Stop" button."""
    return _panel(
        ImageView("hourglass", size=72, tint="on_primary", gravity="center"),
        TextView(
            "Time's up",
            id="timer_expired",
            size=40,
            color="on_primary",
            align="center",
            width=MATCH,
        ),
        Row(
            _button("Stop", "stop_button", stop),
            arrange="center",
            width=MATCH,
            margin=(0, 48, 0, 0),
        ),
        id="timer_ringing",
    )
