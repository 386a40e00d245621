"""The Calendar's data: the ``events`` table, seeded events, queries and how times read.

Times are whole seconds since 1970 on the phone's virtual clock (the phone runs on UTC), as
the real app keeps them in ``start_ts`` / ``end_ts``. An all-day event (``flags`` bit 1)
starts at midnight of its first day and its ``end_ts`` is midnight of its last day. Tasks
share the table (``type`` 1, events 0): a task is due at ``start_ts`` and ends there too.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Iterable, Sequence
from typing import NamedTuple

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.rows import records
from mobile_gym.sim.apps.text_search import holding
from mobile_gym.sim.ui.dates import (
    MONTH_ABBRS,
    MONTH_NAMES,
    WEEKDAY_ABBRS,
    WEEKDAY_NAMES,
    from_epoch_ms,
)
from mobile_gym.sim.ui.list_items import MadeItems

SCHEMA = (
    preferences.SCHEMA
    + """
CREATE TABLE events (
    id INTEGER PRIMARY KEY,
    start_ts INTEGER NOT NULL,
    end_ts INTEGER NOT NULL,
    title TEXT NOT NULL,
    location TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT '',
    reminder_1_minutes INTEGER NOT NULL DEFAULT -1,
    reminder_2_minutes INTEGER NOT NULL DEFAULT -1,
    reminder_3_minutes INTEGER NOT NULL DEFAULT -1,
    flags INTEGER NOT NULL DEFAULT 0,
    type INTEGER NOT NULL DEFAULT 0,
    last_updated INTEGER NOT NULL DEFAULT 0
);
"""
)
ALL_DAY = 1
"""The ``flags`` bit of all-day events."""
TYPE_EVENT = 0
TYPE_TASK = 1
"""The ``type`` of a task (events are ``TYPE_EVENT``)."""
NO_REMINDER = -1
REMINDER_SLOTS = 3
_EPOCH = dt.datetime(1970, 1, 1)
_COLUMNS = (
    "id, start_ts, end_ts, title, location, description, "
    "reminder_1_minutes, reminder_2_minutes, reminder_3_minutes, flags, type"
)

# (title, location, description, minutes long (0: all day), earliest hour, latest hour)
_SEED_EVENTS: tuple[tuple[str, str, str, int, int, int], ...] = (
    ("Team standup", "Room 4B", "Daily sync with the product team", 15, 9, 10),
    ("Dentist appointment", "Dr. Miller's practice", "Bring the insurance card", 45, 8, 16),
    ("Lunch with Sarah", "Cafe Central", "", 60, 12, 13),
    ("Gym", "City Fitness", "Leg day", 90, 17, 19),
    ("Book club", "Public library", "Discussing chapter 5 to 9", 120, 18, 19),
    ("Yoga class", "Studio Lotus", "", 60, 7, 18),
    ("Piano lesson", "Music school", "Practise the scales first", 45, 15, 17),
    ("Quarterly review", "Board room", "Prepare the sales figures", 90, 10, 15),
    ("Haircut", "Barber shop on 5th", "", 30, 9, 17),
    ("Parent-teacher meeting", "Lincoln Elementary", "", 30, 15, 18),
    ("Car service", "Miller's Garage", "Oil change and tyre check", 120, 8, 12),
    ("Coffee with Alex", "Blue Bottle", "", 45, 8, 16),
    ("Vet appointment", "Happy Paws clinic", "Annual vaccination", 30, 9, 17),
    ("Dinner reservation", "Trattoria Roma", "Table for four", 120, 19, 20),
    ("Call with the bank", "", "Mortgage questions", 30, 10, 16),
    ("Movie night", "Cinema Paradiso", "", 150, 19, 21),
    ("Farmers market", "Town square", "", 120, 8, 10),
    ("Project deadline", "", "Final report due", 0, 0, 0),
    ("Mom's birthday", "", "Call her in the morning", 0, 0, 0),
    ("Public holiday", "", "", 0, 0, 0),
    ("Team offsite", "Lakeside lodge", "Agenda in the shared drive", 0, 0, 0),
)
SEED_TITLES = frozenset(event[0] for event in _SEED_EVENTS)
"""Titles seeded events may have (tasks name their own events otherwise)."""


def last_moment(start_ts: int, end_ts: int, flags: int) -> int:
    """A moment of the last day an event takes place on: its end, or the second before an
    end at midnight (that day is not one of the event's), but the later of its start and
    end for an all-day event or one that ends before it starts."""
    if flags & ALL_DAY or end_ts <= start_ts:
        return max(end_ts, start_ts)
    return end_ts - 1


def day_number(ts: int) -> int:
    """The day of a time, counted from January 1, 1970 (day 0)."""
    return ts // 86_400


def to_ts(when: dt.datetime) -> int:
    """Seconds since 1970 of a phone time."""
    delta = when - _EPOCH
    return delta.days * 86_400 + delta.seconds


def from_ts(ts: int) -> dt.datetime:
    return _EPOCH + dt.timedelta(seconds=ts)


def midnight(day: dt.date) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day)


class Event(NamedTuple):
    """One row of the ``events`` table."""

    id: int
    start_ts: int
    end_ts: int
    title: str
    location: str
    description: str
    reminder_1_minutes: int
    reminder_2_minutes: int
    reminder_3_minutes: int
    flags: int
    type: int

    @property
    def is_task(self) -> bool:
        return self.type == TYPE_TASK

    @property
    def all_day(self) -> bool:
        return bool(self.flags & ALL_DAY)

    @property
    def start(self) -> dt.datetime:
        return from_ts(self.start_ts)

    @property
    def end(self) -> dt.datetime:
        return from_ts(self.end_ts)

    @property
    def reminders(self) -> list[int]:
        """The set reminders, in minutes before the start."""
        slots = (self.reminder_1_minutes, self.reminder_2_minutes, self.reminder_3_minutes)
        return [minutes for minutes in slots if minutes != NO_REMINDER]

    @property
    def last_day(self) -> dt.date:
        """The last day the event takes place on (an event ending at midnight ends the day
        before)."""
        return from_ts(last_moment(self.start_ts, self.end_ts, self.flags)).date()

    def on(self, day: dt.date) -> bool:
        return self.start.date() <= day <= self.last_day


def seed_events(ctx: AppContext, rng: random.Random) -> None:
    """A few weeks of believable events around the phone's date."""
    today_ts = to_ts(midnight(from_epoch_ms(ctx.phone.boot_ms).date()))
    rows = []
    for title, location, description, minutes, first_hour, last_hour in rng.sample(
        _SEED_EVENTS, rng.randint(14, 19)
    ):
        start = end = today_ts + rng.randint(-24, 40) * 86_400  # midnight of the event's day
        if minutes == 0:
            flags, reminder = ALL_DAY, NO_REMINDER
        else:
            start += rng.randint(first_hour, last_hour) * 3600
            start += rng.choice((0, 0, 15, 30, 45)) * 60
            end = start + minutes * 60
            flags, reminder = 0, rng.choice((NO_REMINDER, 10, 10, 15, 30, 60))
        rows.append((start, end, title, location, description, reminder, flags))
    ctx.db().executemany(
        "INSERT INTO events (start_ts, end_ts, title, location, description, "
        "reminder_1_minutes, flags) VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def event(ctx: AppContext, event_id: int | None) -> Event | None:
    if event_id is None:
        return None
    row = ctx.db().execute(f"SELECT {_COLUMNS} FROM events WHERE id = ?", (event_id,)).fetchone()
    return Event(*row) if row else None


_ON_DAYS = (
    "start_ts < ? AND end_ts >= ? AND (flags & 1 OR end_ts <= start_ts OR end_ts > ?) "
    "ORDER BY (flags & 1) DESC, start_ts, id"
)
"""The events taking place on any of some days (parameters: midnight after the last day,
midnight of the first, twice), in the order a day lists them: all-day events first, then
by start time. An event is on a day from its start's to its ``last_day``."""


def _days(first: dt.date, last: dt.date) -> tuple[int, int, int]:
    """The parameters of ``_ON_DAYS`` for the days from ``first`` to ``last``."""
    begin = to_ts(midnight(first))
    return (to_ts(midnight(last + dt.timedelta(days=1))), begin, begin)


def events_between(ctx: AppContext, first: dt.date, last: dt.date) -> Sequence[Event]:
    """Events taking place on any day from ``first`` to ``last`` (inclusive), in the order a
    day lists them: all-day events first, then by start time; read a page at a time as a
    list shows them."""
    return MadeItems(
        ctx.rows(f"SELECT {_COLUMNS} FROM events WHERE {_ON_DAYS}", _days(first, last)),
        lambda row: Event(*row),
    )


def day_spans(ctx: AppContext, first: dt.date, last: dt.date) -> list[tuple[int, int, str]]:
    """The first and last days (``day_number``) and the title of each event taking place on
    any day from ``first`` to ``last``, in the order ``events_between`` gives them."""
    found = ctx.db().execute(
        f"SELECT start_ts, end_ts, flags, title FROM events WHERE {_ON_DAYS}", _days(first, last)
    )
    return [
        (day_number(start_ts), day_number(last_moment(start_ts, end_ts, flags)), title)
        for start_ts, end_ts, flags, title in found
    ]


def delete_events(ctx: AppContext, events: Iterable[Event]) -> None:
    """Delete ``events``, logging each, with one toast."""
    count = 0
    for current in events:
        ctx.db().execute("DELETE FROM events WHERE id = ?", (current.id,))
        ctx.log(f"Event deleted: id={current.id} title={current.title}")
        count += 1
    if count:
        ctx.toast("Event deleted" if count == 1 else f"{count} events deleted")


def events_from(ctx: AppContext, first: dt.date) -> list[Event]:
    """Every event taking place on ``first`` or later, by start."""
    found = records(
        ctx.db(),
        Event,
        f"SELECT {_COLUMNS} FROM events WHERE end_ts >= ? ORDER BY start_ts, id",
        (to_ts(midnight(first)),),
    )
    return [e for e in found if e.last_day >= first]


def search_events(ctx: AppContext, query: str) -> list[Event]:
    """Events whose title, location or description contains ``query`` (any case), by start."""
    db = ctx.db()
    holds = holding(db, "title", "location", "description")
    sql = f"SELECT {_COLUMNS} FROM events WHERE {holds} ORDER BY start_ts, id"
    return records(db, Event, sql, (query,) * 3)


def clock(when: dt.datetime) -> str:
    """A time as the app shows it (24-hour)."""
    return f"{when.hour:02d}:{when.minute:02d}"


def long_day(day: dt.date) -> str:
    """``Monday, June 17, 2024``."""
    return f"{WEEKDAY_NAMES[day.weekday()]}, {MONTH_NAMES[day.month]} {day.day}, {day.year}"


def short_day(day: dt.date) -> str:
    """``Mon, Jun 17, 2024``."""
    return f"{WEEKDAY_ABBRS[day.weekday()]}, {MONTH_ABBRS[day.month]} {day.day}, {day.year}"


def reminder_label(minutes: int) -> str:
    if minutes == NO_REMINDER:
        return "No reminder"
    if minutes == 0:
        return "At the start"
    for unit, size in (("week", 10080), ("day", 1440), ("hour", 60)):
        if minutes % size == 0:
            count = minutes // size
            return f"{count} {unit}{'s' if count > 1 else ''} before"
    return f"{minutes} minutes before"
