"""The Alarm tab: the alarm cards (time, on/off switch, days; one card expanded at a time
with days, schedule date, label, sound, vibrate and delete) and the "Add alarm" button."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.clock import alarm_store
from mobile_gym.sim.apps.clock.alarm_store import Alarm
from mobile_gym.sim.apps.clock.data import (
    DAYS,
    RINGTONES,
    SHOWN_DAYS,
    day_bit,
    days_text,
    ringtone_title,
    until_text,
)
from mobile_gym.sim.apps.clock.time_dialog import time_dialog
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.dates import MONTH_ABBRS, WEEKDAY_ABBRS
from mobile_gym.sim.ui.pickers import add_months, date_picker, first_of_month
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import CheckBox, ImageButton, ImageView, Switch, TextView

FAB_ROOM_DP = 96
"""The room below the last alarm card, so that it scrolls clear of the "Add alarm" button."""


def _summary(alarm: Alarm, now: dt.datetime) -> str:
    """What the card says of when it rings: the date it is scheduled for while it rings that
    day, else its days, else "Today" / "Tomorrow" (switched off: "Not scheduled")."""
    day = alarm.scheduled_day
    if day is not None and alarm.rings_at(now).date() == day:
        return f"{WEEKDAY_ABBRS[day.weekday()]}, {MONTH_ABBRS[day.month]} {day.day}"
    if alarm.daysofweek:
        return days_text(alarm.daysofweek)
    if not alarm.enabled:
        return "Not scheduled"
    return "Today" if alarm.rings_at(now).date() == now.date() else "Tomorrow"


def _announce(ctx: AppContext, alarm_id: int) -> None:
    """The toast after an alarm is set: how long until it rings."""
    changed = alarm_store.alarm(ctx, alarm_id)
    if changed is not None and changed.enabled:
        ctx.toast(until_text(changed.rings_at(ctx.now) - ctx.now))


def _label_dialog(ctx: AppContext) -> Handler:
    """The "Label" dialog for the expanded alarm; returns its opener."""

    def save() -> None:
        chosen = ctx.get("expanded")
        if chosen is not None:
            alarm_store.update(ctx, chosen, label=ctx.field("label").strip())

    return ctx.dialog(
        "label",
        "Label",
        buttons=[("Cancel", None), ("OK", save)],
        body=lambda: [ctx.edit("label", hint="Label", id="label_input")],
    )


def _schedule_dialog(ctx: AppContext) -> Handler:
    """The date picker that schedules the expanded alarm for one day; returns its opener."""
    today = ctx.now.date()
    chosen = dt.date.fromisoformat(ctx.get("schedule_day", today.isoformat()))
    shown = dt.date.fromisoformat(ctx.get("schedule_month", first_of_month(chosen).isoformat()))

    def apply() -> bool | None:
        alarm_id = ctx.get("expanded")
        if alarm_id is None:
            return None
        if chosen < today:
            ctx.toast("Choose a date from today on")
            return False
        before = (chosen - dt.timedelta(days=1)).isoformat()
        alarm_store.update(ctx, alarm_id, True, blackout_end=before, daysofweek=0, enabled=1)
        _announce(ctx, alarm_id)
        return None

    return ctx.dialog(
        "schedule",
        "Schedule alarm",
        buttons=[("Cancel", None), ("OK", apply)],
        body=lambda: [
            date_picker(
                shown,
                chosen,
                on_pick=lambda day: ctx.set("schedule_day", day.isoformat()),
                on_month=lambda n: ctx.set("schedule_month", add_months(shown, n).isoformat()),
            )
        ],
    )


def _day_buttons(ctx: AppContext, alarm: Alarm) -> View:
    def toggle(day: int) -> Handler:
        def run() -> None:
            mask = alarm.daysofweek ^ day_bit(day)
            alarm_store.update(ctx, alarm.id, True, daysofweek=mask, blackout_end=None)
            if alarm.enabled:
                _announce(ctx, alarm.id)

        return run

    buttons: list[View] = []
    for day in SHOWN_DAYS:
        on = bool(alarm.daysofweek & day_bit(day))
        buttons.append(
            TextView(
                DAYS[day][0],
                id=f"day_button_{SHOWN_DAYS.index(day)}",
                desc=DAYS[day],
                size=14,
                bold=on,
                align="center",
                width=40,
                height=40,
                radius=20,
                background="primary" if on else "surface_variant",
                color="on_primary" if on else "text",
                selected=on,
                margin=(4, 0),
                on_click=toggle(day),
            )
        )
    return Row(*buttons, width=MATCH, arrange="center", margin=(0, 8))


def _option(icon: str, text: str, id: str, on_click: Handler) -> View:
    return Row(
        ImageView(icon, size=22, margin=(0, 0, 16, 0)),
        TextView(text, id=id, size=15, width=0, weight=1),
        width=MATCH,
        padding=(0, 10),
        on_click=on_click,
    )


def _card(ctx: AppContext, alarm: Alarm, handlers: dict[str, object], last: bool) -> View:
    expanded = ctx.get("expanded") == alarm.id
    edit_time = handlers["edit_time"]

    def switch(on: bool) -> None:
        alarm_store.update(ctx, alarm.id, on, enabled=int(on))
        if on:
            _announce(ctx, alarm.id)

    def fold() -> None:
        if expanded:
            ctx.pop("expanded")
        else:
            ctx.set("expanded", alarm.id)

    time_row = Row(
        TextView(
            alarm.time_text,
            id="digital_clock",
            size=40,
            color="text" if alarm.enabled else "text_secondary",
            width=0,
            weight=1,
            on_click=lambda: edit_time(alarm.id, alarm.hour, alarm.minutes),  # type: ignore[operator]
        ),
        Switch(
            "",
            id="onoff",
            desc=f"{alarm.time_text} alarm",
            checked=alarm.enabled,
            on_change=switch,
            width=72,
        ),
        width=MATCH,
    )
    summary = ", ".join(x for x in (alarm.label, _summary(alarm, ctx.now)) if x)
    arrow = ImageButton(
        "expand_less" if expanded else "expand_more",
        desc="Collapse alarm" if expanded else "Expand alarm",
        id="arrow",
        on_click=fold,
    )
    head = Row(
        TextView(
            summary,
            id="upcoming_instance_label",
            size=14,
            color="text_secondary",
            width=0,
            weight=1,
        ),
        arrow,
        width=MATCH,
    )
    children: list[View] = [time_row, head]
    if expanded:

        def choose_sound() -> None:
            ctx.open(RINGTONES, alarm=alarm.id)

        def open_schedule() -> None:
            start = alarm.rings_at(ctx.now).date()
            ctx.set("schedule_day", start.isoformat())
            ctx.set("schedule_month", first_of_month(start).isoformat())
            handlers["schedule"]()  # type: ignore[operator]

        def open_label() -> None:
            ctx.set_field("label", alarm.label)
            handlers["label"]()  # type: ignore[operator]

        children += [
            _day_buttons(ctx, alarm),
            _option("calendar", "Schedule alarm", "schedule_alarm", open_schedule),
            _option("note", alarm.label or "Add label", "edit_label", open_label),
            _option("bell", ringtone_title(alarm.ringtone), "choose_ringtone", choose_sound),
            CheckBox(
                "Vibrate",
                id="vibrate_onoff",
                checked=alarm.vibrate,
                on_change=lambda on: alarm_store.update(ctx, alarm.id, vibrate=int(on)),
            ),
            _option("delete", "Delete", "delete", lambda: _delete(ctx, alarm.id)),
        ]
    return Column(
        *children,
        id="alarm_card",
        width=MATCH,
        padding=(16, 8),
        margin=(12, 6, 12, 6 + FAB_ROOM_DP) if last else (12, 6),
        radius=20,
        background="surface_variant",
        on_click=None if expanded else fold,
    )


def _delete(ctx: AppContext, alarm_id: int) -> None:
    alarm_store.delete(ctx, alarm_id)
    ctx.pop("expanded")
    ctx.toast("Alarm deleted")


def alarm_tab(ctx: AppContext) -> View:
    """The Alarm tab's body."""
    every = alarm_store.listed(ctx)

    def added(hour: int, minute: int) -> None:
        editing = ctx.get("editing")
        if editing is not None:
            alarm_store.update(ctx, editing, True, hour=hour, minutes=minute, enabled=1)
            _announce(ctx, editing)
            return
        alarm_id = alarm_store.add_alarm(ctx, hour, minute)
        ctx.set("expanded", alarm_id)
        ctx.scroll_to("alarms", (alarm_store.place(ctx, alarm_id), 0))
        _announce(ctx, alarm_id)

    open_time = time_dialog(ctx, "time", added)

    def add() -> None:
        ctx.pop("editing")
        open_time(ctx.now.hour, ctx.now.minute // 5 * 5)

    def edit_time(alarm_id: int, hour: int, minute: int) -> None:
        ctx.set("editing", alarm_id)
        open_time(hour, minute)

    handlers = {
        "edit_time": edit_time,
        "label": _label_dialog(ctx),
        "schedule": _schedule_dialog(ctx),
    }
    count = len(every)
    if count:

        def card(index: int, alarm: Alarm) -> View:
            return _card(ctx, alarm, handlers, last=index == count - 1)

        body: View = ctx.scroller(
            "alarms",
            items=every,
            render_item=card,
            wrap_rows=True,
            id="alarm_recycler_view",
            width=MATCH,
        )
    else:
        body = empty_state("No alarms", id="alarms_empty_view")
    button = fab("add", "Add alarm", add, id="fab")
    button.gravity = "bottom center"
    return FrameLayout(children=[body, button], width=MATCH, height=0, weight=1)
