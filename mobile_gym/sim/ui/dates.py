"""Dates as list screens show them, from milliseconds on the phone's virtual clock (UTC).

The phone speaks US English: month and weekday names are those of the C locale, taken once
here (``strftime`` looks them up again on every call, which a list of rows pays per row).
"""

from __future__ import annotations

import calendar
import datetime as dt

EPOCH = dt.datetime(1970, 1, 1)
MONTH_NAMES = tuple(calendar.month_name)
"""``MONTH_NAMES[6]`` is ``June`` (index 0 is empty), as ``%B`` writes it."""
MONTH_ABBRS = tuple(calendar.month_abbr)
"""``MONTH_ABBRS[6]`` is ``Jun`` (index 0 is empty), as ``%b`` writes it."""
WEEKDAY_NAMES = tuple(calendar.day_name)
"""``WEEKDAY_NAMES[0]`` is ``Monday``, as ``%A`` writes it (``date.weekday()`` indexes it)."""
WEEKDAY_ABBRS = tuple(calendar.day_abbr)
"""``WEEKDAY_ABBRS[0]`` is ``Mon``, as ``%a`` writes it."""


def from_epoch_ms(ms: int) -> dt.datetime:
    """The naive UTC date and time ``ms`` milliseconds after 1970-01-01."""
    return EPOCH + dt.timedelta(milliseconds=ms)


def short_date(ms: int, now: dt.datetime) -> str:
    """``09:30`` today, ``Jun 3`` earlier this year, else ``Jun 3, 2023``."""
    when = from_epoch_ms(ms)
    if when.date() == now.date():
        return f"{when.hour:02d}:{when.minute:02d}"
    if when.year == now.year:
        return f"{MONTH_ABBRS[when.month]} {when.day}"
    return f"{MONTH_ABBRS[when.month]} {when.day}, {when.year}"


def long_day(ms: int) -> str:
    """``June 3, 2024``: the day a message or an event belongs to."""
    when = from_epoch_ms(ms)
    return f"{MONTH_NAMES[when.month]} {when.day}, {when.year}"
