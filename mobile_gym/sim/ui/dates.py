"""Dates as list screens show them, from milliseconds on the phone's virtual clock (UTC)."""

from __future__ import annotations

import datetime as dt

EPOCH = dt.datetime(1970, 1, 1)


def from_epoch_ms(ms: int) -> dt.datetime:
    """The naive UTC date and time ``ms`` milliseconds after 1970-01-01."""
    return EPOCH + dt.timedelta(milliseconds=ms)


def short_date(ms: int, now: dt.datetime) -> str:
    """``09:30`` today, ``Jun 3`` earlier this year, else ``Jun 3, 2023``."""
    when = from_epoch_ms(ms)
    if when.date() == now.date():
        return f"{when:%H:%M}"
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when:%b} {when.day}, {when.year}"


def long_day(ms: int) -> str:
    """``June 3, 2024``: the day a message or an event belongs to."""
    when = from_epoch_ms(ms)
    return f"{when:%B} {when.day}, {when.year}"
