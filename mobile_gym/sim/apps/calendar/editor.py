"""The Calendar's editors: ``EventActivity`` (an event) and ``TaskActivity`` (a task).

Arguments: ``event_id`` (edit that row) or ``day`` (ISO date of a new one; today by
default). The form's state: the text fields, ``start`` / ``end`` (seconds, once changed),
``all_day``, ``reminders`` (three slots of minutes, -1 for none) and the open picker.
A new event starts at the next full hour on its day and lasts an hour, with a reminder
ten minutes before; a new task is due at that hour. Moving the start moves the end with
it; BACK and "Navigate up" discard unsaved changes. The task editor has no location and
no end, and its resource ids start with ``task_`` (``task_date``, ``task_time``) where
the event editor's start with ``event_``. A date or time picker hides the keyboard as it
opens, as the app does (a dialog by itself leaves it up).
"""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.calendar.activities import TASK_ACTIVITY
from mobile_gym.sim.apps.calendar.events import (
    ALL_DAY,
    NO_REMINDER,
    REMINDER_SLOTS,
    TYPE_EVENT,
    TYPE_TASK,
    Event,
    clock,
    delete_events,
    event,
    from_ts,
    midnight,
    reminder_label,
    short_day,
    to_ts,
)
from mobile_gym.sim.apps.calendar.reminders import reminder_chooser
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.pickers import add_months, date_picker, first_of_month, time_picker
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, Switch, TextView

DEFAULT_REMINDER = 10
EMPTY_TITLE = "Title cannot be empty"
ENDS_BEFORE_START = "The event cannot end before it starts"


def is_task_editor(ctx: AppContext) -> bool:
    """Whether the editor in front is the task editor (``TaskActivity``)."""
    return ctx.screen.activity == TASK_ACTIVITY


def _saved(
    ctx: AppContext, current: Event | None, task: bool
) -> tuple[dt.datetime, dt.datetime, bool, list[int]]:
    """The row's start, end, all-day flag and reminder slots before any edit."""
    if current is not None:
        slots = [current.reminder_1_minutes, current.reminder_2_minutes, current.reminder_3_minutes]
        return current.start, current.end, current.all_day, slots
    now = ctx.now
    day = dt.date.fromisoformat(ctx.args["day"]) if ctx.args.get("day") else now.date()
    start = midnight(day) + dt.timedelta(hours=now.hour + 1)
    slots = [DEFAULT_REMINDER] + [NO_REMINDER] * (REMINDER_SLOTS - 1)
    return start, start + dt.timedelta(hours=0 if task else 1), False, slots


class Form:
    """The editor's values: saved ones until the user changes them (kept in screen state)."""

    def __init__(self, ctx: AppContext, current: Event | None) -> None:
        self.ctx = ctx
        self.current = current
        self.task = is_task_editor(ctx)
        self.noun = "Task" if self.task else "Event"
        start, end, all_day, slots = _saved(ctx, current, self.task)
        self.start = from_ts(ctx.get("start", to_ts(start)))
        self.end = from_ts(ctx.get("end", to_ts(end)))
        self.all_day = bool(ctx.get("all_day", all_day))
        self.slots: list[int] = list(ctx.get("reminders", slots))
        self.title = ctx.field("title", current.title if current else "")
        self.location = ctx.field("location", current.location if current else "")
        self.description = ctx.field("description", current.description if current else "")

    def set_times(self, start: dt.datetime, end: dt.datetime) -> None:
        self.ctx.set("start", to_ts(start))
        self.ctx.set("end", to_ts(end))

    def move_start(self, start: dt.datetime) -> None:
        """A new start; the end keeps the event's length."""
        self.set_times(start, start + (self.end - self.start))

    def set_reminder(self, slot: int, minutes: int) -> None:
        slots = list(self.slots)
        slots[slot] = minutes
        self.ctx.set("reminders", slots)

    def save(self) -> None:
        ctx = self.ctx
        title = self.title.strip()
        if not title:
            ctx.toast(EMPTY_TITLE)
            return
        start, end = self.start, self.end
        if self.all_day:
            start, end = midnight(start.date()), midnight(end.date())
        if end < start:
            ctx.toast(ENDS_BEFORE_START)
            return
        reminders = [m for m in self.slots if m != NO_REMINDER]
        reminders += [NO_REMINDER] * (REMINDER_SLOTS - len(reminders))
        values = {
            "start_ts": to_ts(start),
            "end_ts": to_ts(end),
            "title": title,
            "location": self.location.strip(),
            "description": self.description.strip(),
            "r1": reminders[0],
            "r2": reminders[1],
            "r3": reminders[2],
            "flags": ALL_DAY if self.all_day else 0,
            "type": TYPE_TASK if self.task else TYPE_EVENT,
            "updated": ctx.phone.clock.epoch_ms,
        }
        db = ctx.db()
        if self.current is None:
            event_id = db.execute(
                "INSERT INTO events (start_ts, end_ts, title, location, description, "
                "reminder_1_minutes, reminder_2_minutes, reminder_3_minutes, flags, type, "
                "last_updated) VALUES (:start_ts, :end_ts, :title, :location, :description, "
                ":r1, :r2, :r3, :flags, :type, :updated)",
                values,
            ).lastrowid
            verb = "added"
        else:
            event_id = self.current.id
            db.execute(
                "UPDATE events SET start_ts = :start_ts, end_ts = :end_ts, title = :title, "
                "location = :location, description = :description, reminder_1_minutes = :r1, "
                "reminder_2_minutes = :r2, reminder_3_minutes = :r3, flags = :flags, "
                "last_updated = :updated WHERE id = :id",
                {**values, "id": event_id},
            )
            verb = "updated"
        ctx.log(
            f"{self.noun} {verb}: id={event_id} title={title} start={start:%Y-%m-%d %H:%M} "
            f"end={end:%Y-%m-%d %H:%M}"
        )
        ctx.toast(f"{self.noun} {verb}")
        ctx.finish()


def _on_day(moment: dt.datetime, day: dt.date) -> dt.datetime:
    """``moment``'s time of day on ``day``."""
    return moment.replace(year=day.year, month=day.month, day=day.day)


def _date_dialog(ctx: AppContext, form: Form) -> dict[str, Handler]:
    """The date picker; returns the handlers that open it for the start and the end."""
    chosen = dt.date.fromisoformat(ctx.get("picker_day", form.start.date().isoformat()))
    shown = dt.date.fromisoformat(ctx.get("picker_month", first_of_month(chosen).isoformat()))

    def pick(day: dt.date) -> None:
        ctx.set("picker_day", day.isoformat())

    def flip(months: int) -> None:
        ctx.set("picker_month", add_months(shown, months).isoformat())

    def apply() -> None:
        if ctx.get("picking") == "start":
            form.move_start(_on_day(form.start, chosen))
        else:
            form.set_times(form.start, _on_day(form.end, chosen))

    opener = ctx.dialog(
        "date",
        "Select date",
        buttons=[("Cancel", None), ("OK", apply)],
        body=lambda: [date_picker(shown, chosen, on_pick=pick, on_month=flip)],
    )

    def open_for(which: str) -> Handler:
        def run() -> None:
            day = (form.start if which == "start" else form.end).date()
            ctx.set("picking", which)
            ctx.set("picker_day", day.isoformat())
            ctx.set("picker_month", first_of_month(day).isoformat())
            opener()

        return run

    return {"start": open_for("start"), "end": open_for("end")}


def _time_dialog(ctx: AppContext, form: Form) -> dict[str, Handler]:
    """The time picker; returns the handlers that open it for the start and the end."""
    hour, minute = ctx.get("picker_hour", 0), ctx.get("picker_minute", 0)

    def set_hour(value: int) -> None:
        ctx.set("picker_hour", value)
        ctx.set("picker_half", "minute")

    def apply() -> None:
        if ctx.get("picking") == "start":
            form.move_start(midnight(form.start.date()) + dt.timedelta(hours=hour, minutes=minute))
        else:
            form.set_times(
                form.start, midnight(form.end.date()) + dt.timedelta(hours=hour, minutes=minute)
            )

    def picker() -> list[View]:  # made only while the dialog is open
        return [
            time_picker(
                hour,
                minute,
                picking=ctx.get("picker_half", "hour"),
                on_hour=set_hour,
                on_minute=lambda value: ctx.set("picker_minute", value),
                on_picking=lambda half: ctx.set("picker_half", half),
            )
        ]

    opener = ctx.dialog(
        "time", "Select time", buttons=[("Cancel", None), ("OK", apply)], body=picker
    )

    def open_for(which: str) -> Handler:
        def run() -> None:
            when = form.start if which == "start" else form.end
            ctx.set("picking", which)
            ctx.set("picker_hour", when.hour)
            ctx.set("picker_minute", when.minute)
            ctx.set("picker_half", "hour")
            opener()

        return run

    return {"start": open_for("start"), "end": open_for("end")}


def _row(icon: str | None, *children: View) -> View:
    gap = (0, 0, 16, 0)
    leading = ImageView(icon, size=24, margin=gap) if icon else View(width=24, margin=gap)
    return Row(leading, *children, width=MATCH, padding=(16, 0))


def _reminder_rows(ctx: AppContext, form: Form, prefix: str) -> list[View]:
    """One row per reminder slot in use, and one more to add another (up to three)."""
    rows: list[View] = []
    for slot in range(REMINDER_SLOTS):
        if slot and form.slots[slot - 1] == NO_REMINDER:
            break
        minutes = form.slots[slot]
        choose = reminder_chooser(
            ctx,
            f"reminder_{slot + 1}",
            minutes,
            lambda value, slot=slot: form.set_reminder(slot, value),
        )
        shown = slot == 0 or minutes != NO_REMINDER
        rows.append(
            _row(
                None,
                TextView(
                    reminder_label(minutes) if shown else "Add another reminder",
                    id=f"{prefix}_reminder_{slot + 1}",
                    size=17,
                    color="text" if shown else "text_secondary",
                    width=0,
                    weight=1,
                    padding=(0, 14),
                    on_click=choose,
                ),
            )
        )
    return rows


def _when_rows(ctx: AppContext, form: Form) -> list[View]:
    """The date (and, unless all-day, time) rows: an event's start and end, a task's due
    date."""
    pick_date = _date_dialog(ctx, form)
    pick_time = _time_dialog(ctx, form)

    def when(which: str, moment: dt.datetime, prefix: str) -> View:
        children: list[View] = [
            TextView(
                short_day(moment.date()),
                id=f"{prefix}date",
                size=17,
                width=0,
                weight=1,
                padding=(0, 14),
                on_click=pick_date[which],
            )
        ]
        if not form.all_day:
            children.append(
                TextView(
                    clock(moment),
                    id=f"{prefix}time",
                    size=17,
                    padding=(16, 14),
                    on_click=pick_time[which],
                )
            )
        return _row(None, *children)

    if form.task:
        return [when("start", form.start, "task_")]
    return [when("start", form.start, "event_start_"), when("end", form.end, "event_end_")]


def _text_row(ctx: AppContext, form: Form, key: str, hint: str, prefix: str) -> View:
    """A row with the form's EditText ``key`` (``title``, ``location``, ``description``)."""
    return _row(
        None,
        ctx.edit(
            key,
            hint=hint,
            default=getattr(form, key),
            id=f"{prefix}_{key}",
            input_type="multiline" if key == "description" else "text",
            width=0,
            weight=1,
        ),
    )


def _delete_action(ctx: AppContext, current: Event, noun: str) -> tuple[str, str, Handler]:
    """The toolbar's "Delete" action: a confirmation, then the row is gone."""

    def delete() -> None:
        delete_events(ctx, [current])
        ctx.finish()

    confirm = ctx.dialog(
        "delete",
        f"Delete {noun.lower()}?",
        f'"{current.title}" will be removed from your calendar.',
        buttons=[("Cancel", None), ("Delete", delete)],
    )
    return ("delete", "Delete", confirm)


def build(ctx: AppContext) -> View:
    """The editor for ``ctx.args``' event or task (closes itself if that row is gone)."""
    event_id = ctx.args.get("event_id")
    current = event(ctx, event_id)
    if event_id is not None and current is None:
        ctx.finish()
        return View()
    form = Form(ctx, current)
    prefix = form.noun.lower()
    fields = [("title", "Title"), ("description", "Description")]
    if not form.task:
        fields.insert(1, ("location", "Location"))
    rows: list[View] = [_text_row(ctx, form, key, hint, prefix) for key, hint in fields]
    rows.append(
        _row(
            "calendar",
            Switch(
                "All-day",
                id=f"{prefix}_all_day",
                checked=form.all_day,
                on_change=lambda checked: ctx.set("all_day", checked),
                size=17,
                width=0,
                weight=1,
            ),
        )
    )
    rows += _when_rows(ctx, form)
    rows += _reminder_rows(ctx, form, prefix)
    actions = [("check", "Save", form.save)]
    if current is not None:
        actions.insert(0, _delete_action(ctx, current, form.noun))
    title = f"{'Edit' if current is not None else 'New'} {prefix}"
    return Column(
        toolbar(title, on_up=ctx.finish, actions=actions),
        ctx.scroller("form", rows, id=f"{prefix}_scrollview"),
        height=MATCH,
    )
