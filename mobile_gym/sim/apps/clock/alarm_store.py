"""Alarms in the Clock's database: adding, changing and deleting them, and which one rings.

An alarm rings at its next time after ``quiet_until`` (ms on the virtual clock: the moment
it was set, or the ring it last answered), or at ``snoozed_until`` once snoozed. A ring
nobody answers, a snoozed one included, falls silent after ``SILENCE_MINUTES`` (the alarm
then waits for its next time). Answering a ring moves ``quiet_until`` past it; a one-time
alarm (no days) switches itself off, and its schedule (``blackout_end``: it rings on the day
after) is used up and goes. A schedule whose ring has gone by also goes when the alarm is
set again (switched on, a new time). Every change schedules the Clock's wake-up
(``phone.wakeups``, key ``alarm``) for the next ring, or for the end of the ring going on,
and takes the ring's notification away once nothing rings.
"""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock.data import (
    ALARM_NOTIFICATION,
    DEFAULT_RINGTONE,
    PACKAGE,
    SNOOZE_MINUTES,
    clock_text,
    next_ring,
    ringtone_uri,
)
from mobile_gym.sim.ui.dates import EPOCH, from_epoch_ms
from mobile_gym.sim.ui.list_items import MadeItems

SILENCE_MINUTES = 10
SILENCE = dt.timedelta(minutes=SILENCE_MINUTES)
WAKEUP = "alarm"
"""The key of the Clock's wake-up for its alarms."""


@dataclass(frozen=True)
class Alarm:
    """One row of ``alarm_templates``."""

    id: int
    hour: int
    minutes: int
    daysofweek: int
    enabled: bool
    vibrate: bool
    label: str
    ringtone: str
    blackout_end: str | None
    quiet_until: int
    snoozed_until: int | None

    @classmethod
    def of(cls, row: sqlite3.Row) -> Alarm:
        return cls(
            row["_id"],
            row["hour"],
            row["minutes"],
            row["daysofweek"],
            bool(row["enabled"]),
            bool(row["vibrate"]),
            row["label"],
            row["ringtone"],
            row["blackout_end"],
            row["quiet_until"],
            row["snoozed_until"],
        )

    @property
    def time_text(self) -> str:
        return clock_text(self.hour, self.minutes)

    @property
    def scheduled_day(self) -> dt.date | None:
        """The date it is scheduled for (the day after ``blackout_end``), if any."""
        if not self.blackout_end:
            return None
        return dt.date.fromisoformat(self.blackout_end) + dt.timedelta(days=1)

    def rings_at(self, now: dt.datetime) -> dt.datetime:
        """When it rings next, seen at ``now`` (snoozed: when the snooze ends); a time up
        to ``SILENCE_MINUTES`` before ``now`` is a ring still going on. A snoozed ring that
        has fallen silent is over like any other: the alarm waits for its next time."""
        silenced = now - SILENCE
        if self.snoozed_until is not None and from_epoch_ms(self.snoozed_until) > silenced:
            return from_epoch_ms(self.snoozed_until)
        after = max(from_epoch_ms(self.quiet_until), silenced)
        return next_ring(self.hour, self.minutes, self.daysofweek, after, self.blackout_end)


def _ms(moment: dt.datetime) -> int:
    return (moment - EPOCH) // dt.timedelta(milliseconds=1)


_ORDER = "ORDER BY hour, minutes, _id"
"""The alarms' order: earliest time of day first."""


def alarms(ctx: AppContext) -> list[Alarm]:
    """Every alarm, earliest time of day first."""
    return [Alarm.of(row) for row in ctx.db().execute(f"SELECT * FROM alarm_templates {_ORDER}")]


def listed(ctx: AppContext) -> Sequence[Alarm]:
    """Every alarm, earliest time of day first, read a page at a time as a list shows them."""
    return MadeItems(ctx.rows(f"SELECT * FROM alarm_templates {_ORDER}"), Alarm.of)


def place(ctx: AppContext, alarm_id: int) -> int:
    """How many alarms come before alarm ``alarm_id`` in the list."""
    found = ctx.db().execute(
        "SELECT COUNT(*) FROM alarm_templates WHERE (hour, minutes, _id) < "
        "(SELECT hour, minutes, _id FROM alarm_templates WHERE _id = ?)",
        (alarm_id,),
    )
    return int(found.fetchone()[0])


def alarm(ctx: AppContext, alarm_id: int) -> Alarm | None:
    row = ctx.db().execute("SELECT * FROM alarm_templates WHERE _id = ?", (alarm_id,)).fetchone()
    return None if row is None else Alarm.of(row)


def ringing(ctx: AppContext) -> Alarm | None:
    """The switched-on alarm whose ring is due now, if any (the earliest due).

    A ring is due from its time until it falls silent ``SILENCE_MINUTES`` later, so only a
    snoozed alarm or one set to a minute of the last ``SILENCE_MINUTES`` can ring: those
    alone are read (through the table's indexes), however many alarms there are."""
    now = ctx.now
    recent = sorted(
        {
            moment.hour * 60 + moment.minute
            for moment in (
                now - SILENCE + dt.timedelta(minutes=k) for k in range(SILENCE_MINUTES + 1)
            )
        }
    )
    db = ctx.db()
    rows = [
        *db.execute(
            "SELECT * FROM alarm_templates WHERE hour * 60 + minutes "
            f"IN ({', '.join('?' * len(recent))}) AND enabled",
            recent,
        ),
        *db.execute("SELECT * FROM alarm_templates WHERE snoozed_until IS NOT NULL AND enabled"),
    ]
    found = {alarm.id: alarm for alarm in map(Alarm.of, rows)}.values()
    rings = [(a.rings_at(now), a.hour, a.minutes, a.id, a) for a in found]
    due = [ring for ring in rings if ring[0] <= now]
    return min(due)[-1] if due else None  # the earliest, then in the list's order


def schedule_next(ctx: AppContext) -> None:
    """Ask to be woken at the next ring of a switched-on alarm, or when the ring going on
    falls silent; with nothing ringing, the ring's notification goes."""
    now = ctx.now
    upcoming = [a.rings_at(now) for a in alarms(ctx) if a.enabled]
    times = [t if t > now else t + SILENCE for t in upcoming]
    wakeups = ctx.phone.wakeups
    if times:
        wakeups.schedule(PACKAGE, WAKEUP, _ms(min(times)))
    else:
        wakeups.cancel(PACKAGE, WAKEUP)
    if all(t > now for t in upcoming):
        ctx.phone.notifications.cancel(PACKAGE, ALARM_NOTIFICATION)


def add_alarm(ctx: AppContext, hour: int, minute: int) -> int:
    """A new switched-on one-time alarm at ``hour:minute``; returns its id."""
    cursor = ctx.db().execute(
        "INSERT INTO alarm_templates(hour, minutes, ringtone, quiet_until) VALUES (?, ?, ?, ?)",
        (hour, minute, ringtone_uri(DEFAULT_RINGTONE), ctx.phone.clock.stamp()),
    )
    alarm_id = int(cursor.lastrowid or 0)
    schedule_next(ctx)
    ctx.log(f"Alarm created: id={alarm_id} time={hour:02d}:{minute:02d}", tag="AlarmClock")
    return alarm_id


def _set(ctx: AppContext, alarm_id: int, values: dict[str, object]) -> None:
    columns = ", ".join(f"{name} = ?" for name in values)
    ctx.db().execute(
        f"UPDATE alarm_templates SET {columns} WHERE _id = ?", (*values.values(), alarm_id)
    )
    schedule_next(ctx)


def update(ctx: AppContext, alarm_id: int, rearm: bool = False, **values: object) -> None:
    """Set columns of alarm ``alarm_id``; with ``rearm`` its next ring is counted from now
    (a new time, new days, switched back on)."""
    if rearm:
        values = {**values, "quiet_until": ctx.phone.clock.stamp(), "snoozed_until": None}
        if "blackout_end" not in values and _schedule_gone_by(ctx, alarm_id, values):
            values["blackout_end"] = None
    _set(ctx, alarm_id, values)
    shown = " ".join(f"{k}={v}" for k, v in values.items() if k not in ("quiet_until",))
    ctx.log(f"Alarm updated: id={alarm_id} {shown}", tag="AlarmClock")


def _schedule_gone_by(ctx: AppContext, alarm_id: int, values: dict[str, object]) -> bool:
    """Whether alarm ``alarm_id``, set to ``values``, is scheduled for a day on which its
    time is past (so it can no longer ring then)."""
    found = alarm(ctx, alarm_id)
    day = None if found is None else found.scheduled_day
    if found is None or day is None:
        return False
    hour = cast(int, values.get("hour", found.hour))
    minute = cast(int, values.get("minutes", found.minutes))
    return dt.datetime(day.year, day.month, day.day, hour, minute) <= ctx.now


def delete(ctx: AppContext, alarm_id: int) -> None:
    ctx.db().execute("DELETE FROM alarm_templates WHERE _id = ?", (alarm_id,))
    schedule_next(ctx)
    ctx.log(f"Alarm deleted: id={alarm_id}", tag="AlarmClock")


def dismiss(ctx: AppContext, ring: Alarm) -> None:
    """Stop a ring: the alarm waits for its next time (a one-time alarm switches off, its
    schedule used up)."""
    values: dict[str, object] = {"quiet_until": _ms(ring.rings_at(ctx.now)), "snoozed_until": None}
    if not ring.daysofweek:
        values.update(enabled=0, blackout_end=None)
    _set(ctx, ring.id, values)
    ctx.log(f"Alarm dismissed: id={ring.id}", tag="AlarmClock")


def snooze(ctx: AppContext, ring: Alarm) -> None:
    """Ring again ``SNOOZE_MINUTES`` from now."""
    until = ctx.phone.clock.stamp() + SNOOZE_MINUTES * 60_000
    _set(ctx, ring.id, {"quiet_until": _ms(ring.rings_at(ctx.now)), "snoozed_until": until})
    ctx.log(f"Alarm snoozed: id={ring.id} minutes={SNOOZE_MINUTES}", tag="AlarmClock")
