"""The Clock's names, its database schema and the arithmetic of alarms: the days of the week
as a bit mask, the next time an alarm rings, and how times are shown."""

from __future__ import annotations

import datetime as dt

PACKAGE = "com.google.android.deskclock"
MAIN = "com.android.deskclock.DeskClock"
RINGTONES = "com.android.deskclock.ringtone.RingtonePickerActivity"
CITIES = "com.android.deskclock.worldclock.CitySelectionActivity"
ALARM_ALERT = "com.android.deskclock.alarms.AlarmActivity"
TIMER_ALERT = "com.android.deskclock.timer.ExpiredTimersActivity"
ALARM_NOTIFICATION, TIMER_NOTIFICATION = 1, 2
"""The ids of the notifications of a ringing alarm and of a timer at zero."""
DATABASE = "alarms"

SCHEMA = """
CREATE TABLE alarm_templates (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    hour INTEGER NOT NULL,
    minutes INTEGER NOT NULL,
    daysofweek INTEGER NOT NULL DEFAULT 0,
    enabled INTEGER NOT NULL DEFAULT 1,
    vibrate INTEGER NOT NULL DEFAULT 1,
    label TEXT NOT NULL DEFAULT '',
    ringtone TEXT NOT NULL DEFAULT '',
    delete_after_use INTEGER NOT NULL DEFAULT 0,
    blackout_end TEXT,
    quiet_until INTEGER NOT NULL DEFAULT 0,
    snoozed_until INTEGER
);
CREATE INDEX alarm_templates_time ON alarm_templates(hour, minutes);
CREATE INDEX alarm_templates_minute_of_day ON alarm_templates(hour * 60 + minutes);
CREATE INDEX alarm_templates_snoozed ON alarm_templates(snoozed_until);
CREATE TABLE cities (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    zone TEXT NOT NULL
);
CREATE TABLE laps (
    _id INTEGER PRIMARY KEY AUTOINCREMENT,
    lap_ms INTEGER NOT NULL,
    total_ms INTEGER NOT NULL
);
CREATE TABLE clock_state (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
"""

DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
"""The days in the order of their bits: Monday is 1, Tuesday 2 ... Sunday 64."""
SHOWN_DAYS = (6, 0, 1, 2, 3, 4, 5)
"""The order the day buttons show them in (a week starting on Sunday)."""
WEEKDAYS, WEEKEND = 31, 96
SNOOZE_MINUTES = 10
DEFAULT_RINGTONE = "Cesium"
SOUNDS = (
    "Argon",
    "Barium",
    "Beebeep",
    "Bounce",
    "Carbon",
    "Cesium",
    "Drip",
    "Early twilight",
    "Fermium",
    "Helium",
    "Krypton",
    "Neon",
    "Osmium",
    "Oxygen",
    "Platinum",
    "Timer",
)
"""The alarm sounds, as the sound picker lists them."""


def day_bit(day: int) -> int:
    """The bit of weekday ``day`` (0 = Monday, as ``date.weekday()`` counts)."""
    return 1 << day


def ringtone_uri(title: str) -> str:
    """The value stored for the sound ``title``: a media URI that names the sound."""
    return f"content://media/internal/audio/media/{SOUNDS.index(title) + 1}?title={title}"


def ringtone_title(uri: str) -> str:
    """The sound a stored ringtone value names (the default sound when it names none)."""
    _, _, title = uri.partition("?title=")
    return title if title in SOUNDS else DEFAULT_RINGTONE


def clock_text(hour: int, minute: int) -> str:
    """``8:25 AM``: a time of day as the alarm list shows it."""
    return f"{(hour - 1) % 12 + 1}:{minute:02d} {'AM' if hour < 12 else 'PM'}"


def days_text(mask: int) -> str:
    """``Sun, Sat``, ``Mon-Fri`` or ``Every day`` for the days of ``mask`` (``""`` for none),
    the days in the order the day buttons show them (``SHOWN_DAYS``: a week from Sunday)."""
    if mask == 127:
        return "Every day"
    if mask == WEEKDAYS:
        return "Mon-Fri"
    return ", ".join(DAYS[d][:3] for d in SHOWN_DAYS if mask & day_bit(d))


def next_ring(
    hour: int, minute: int, mask: int, after: dt.datetime, blackout_end: str | None = None
) -> dt.datetime:
    """The first moment strictly after ``after`` at which an alarm set to ``hour:minute`` on
    the days of ``mask`` (any day when 0) rings, not before the day after ``blackout_end``."""
    start = after
    if blackout_end:
        first_day = dt.date.fromisoformat(blackout_end) + dt.timedelta(days=1)
        start = max(after, dt.datetime.combine(first_day, dt.time.min) - dt.timedelta(seconds=1))
    day = start.date()
    for _ in range(8):
        moment = dt.datetime(day.year, day.month, day.day, hour, minute)
        if moment > start and (not mask or mask & day_bit(day.weekday())):
            return moment
        day += dt.timedelta(days=1)
    raise ValueError(f"day mask {mask} names no day")  # pragma: no cover - 1..127 always match


def until_text(delta: dt.timedelta) -> str:
    """``Alarm in 5 hours and 12 minutes`` for a ring ``delta`` from now."""
    minutes = max(1, -(-int(delta.total_seconds()) // 60))
    days, rest = divmod(minutes, 1440)
    hours, minutes = divmod(rest, 60)
    parts = [
        f"{n} {unit}{'s' if n != 1 else ''}"
        for n, unit in ((days, "day"), (hours, "hour"), (minutes, "minute"))
        if n
    ]
    joined = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    return f"Alarm set for {joined} from now"


def duration_text(ms: int, *, hundredths: bool = False) -> str:
    """``1:05:09`` / ``05:09`` for a duration, with ``.42`` hundredths for the stopwatch."""
    seconds, rest = divmod(max(0, ms), 1000)
    minutes, seconds = divmod(seconds, 60)
    hours, minutes = divmod(minutes, 60)
    text = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"
    return f"{text}.{rest // 10:02d}" if hundredths else text
