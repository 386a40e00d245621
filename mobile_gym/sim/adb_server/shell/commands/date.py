"""``date``: the phone's virtual clock, shown and set the way Android's toybox ``date`` does.

- ``date [-u] [+FORMAT]`` prints the phone's time now, by default as
  ``%a %b %e %H:%M:%S %Z %Y`` (``Mon Jun  3 09:30:00 UTC 2024``). The phone keeps UTC, so
  ``-u`` shows the same time.
- ``date -d DATE [+FORMAT]`` prints DATE instead of now.
- ``date -s DATE`` and ``date MMDDhhmm[[CC]YY][.ss]`` set the clock (``Phone.set_time``:
  what task setup does on the in-process phone) and print the new time.

DATE is one of ``MMDDhhmm[[CC]YY][.ss]`` (a two-digit year is taken within 50 years of the
phone's current year; without a year, the current one), ``YYYY-MM-DD[ hh:mm[:ss]]`` (or
``T`` between date and time), ``hh:mm[:ss]`` (today) or ``@SECONDS`` since 1970; seconds
may carry a fraction and the ISO and time forms a UTC offset (``+0200``). FORMAT takes
strftime's fields (``%Y %m %d %H %M %S %a %b %e %j %F %T %s %N %Z`` ...; ``%-d`` drops
the padding). A date that cannot be read or does not exist (``0230...``) gives
``date: bad date '...'`` and status 1.

A served phone's shell may set the clock, as a root shell on an emulator may (after
``adb root``); one served with ``root=False`` refuses as a production phone does
(``date: cannot set date: Operation not permitted``).
"""

from __future__ import annotations

import datetime as dt
import re

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation, getopts

USAGE = "usage: date [-u] [-d DATE] [-s DATE] [+FORMAT] [MMDDhhmm[[CC]YY][.ss]]"
DEFAULT_FORMAT = "%a %b %e %H:%M:%S %Z %Y"
ZONE_NAME, ZONE_OFFSET = "UTC", "+0000"
_EPOCH = dt.datetime(1970, 1, 1)
_FIELD = re.compile(r"%[-_0^#]?[A-Za-z%]")
_FRACTION = r"(?:[.,](\d{1,9}))?"
_OFFSET = r"(?:\s*([+-])(\d\d):?(\d\d)|\s*Z)?"
_POSIX = re.compile(r"(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)??(\d\d)?(?:\.(\d\d))?")
_ISO = re.compile(
    rf"(\d{{4}})-(\d\d?)-(\d\d?)(?:[ T](\d\d?):(\d\d)(?::(\d\d){_FRACTION})?)?{_OFFSET}"
)
_CLOCK = re.compile(rf"(\d\d?):(\d\d)(?::(\d\d){_FRACTION})?{_OFFSET}")
_SECONDS = re.compile(r"@(-?\d+)(?:\.(\d{1,9}))?")


def format_time(when: dt.datetime, pattern: str) -> str:
    """``when`` (the phone's UTC time) written with strftime fields; ``%s`` (seconds since
    1970), ``%N`` (nanoseconds), ``%Z`` and ``%z`` are the phone's, not the host's."""
    since_epoch = when - _EPOCH

    def field(match: re.Match[str]) -> str:
        letter = match.group()[-1]
        if letter == "s":
            return str(since_epoch.days * 86_400 + since_epoch.seconds)
        if letter == "N":
            return f"{when.microsecond * 1000:09d}"
        if letter == "Z":
            return ZONE_NAME
        if letter == "z":
            return ZONE_OFFSET
        return when.strftime(match.group())

    return _FIELD.sub(field, pattern)


def parse_date(text: str, now: dt.datetime) -> dt.datetime:
    """The time ``text`` names (see the module docstring), ``now`` filling what it leaves out.

    Raises:
        CommandError: ``date: bad date '...'``: not a date form, or no such date or time.
    """
    try:
        when = _read(text.strip(), now)
    except (ValueError, OverflowError):
        when = None
    if when is None:
        raise CommandError(f"date: bad date '{text}'")
    return when


def _read(text: str, now: dt.datetime) -> dt.datetime | None:
    if match := _SECONDS.fullmatch(text):
        seconds, fraction = match.groups()
        return _EPOCH + dt.timedelta(seconds=int(seconds), microseconds=_micro(fraction))
    if match := _POSIX.fullmatch(text):
        month, day, hour, minute, century, year_digits, second = match.groups()
        year = _year(century, year_digits, now.year)
        return dt.datetime(year, int(month), int(day), int(hour), int(minute), int(second or 0))
    if match := _ISO.fullmatch(text):
        year, month, day, hour, minute, second, fraction, *offset = match.groups()
        day_part = dt.datetime(int(year), int(month), int(day))
        return _at(day_part, hour or "0", minute or "0", second, fraction, offset)
    if match := _CLOCK.fullmatch(text):
        hour, minute, second, fraction, *offset = match.groups()
        today = now.replace(hour=0, minute=0, second=0, microsecond=0)
        return _at(today, hour, minute, second, fraction, offset)
    return None


def _year(century: str | None, digits: str | None, current: int) -> int:
    """The year of ``MMDDhhmm[[CC]YY]``: ``CCYY``, ``YY`` within 50 years of the current
    year, or the current year."""
    if digits is None:
        return current
    if century is not None:
        return int(century + digits)
    year = current - current % 100 + int(digits)
    if year > current + 50:
        return year - 100
    return year + 100 if year <= current - 50 else year


def _micro(fraction: str | None) -> int:
    return int((fraction or "0").ljust(6, "0")[:6])


def _at(
    day: dt.datetime,
    hour: str,
    minute: str,
    second: str | None,
    fraction: str | None,
    offset: list[str | None],
) -> dt.datetime:
    """``day`` at the given time of day, moved from its UTC ``offset`` (sign, hours,
    minutes) to UTC."""
    when = day.replace(
        hour=int(hour), minute=int(minute), second=int(second or 0), microsecond=_micro(fraction)
    )
    sign, hours, minutes = offset
    if sign is None:
        return when
    shift = dt.timedelta(hours=int(hours), minutes=int(minutes))
    if shift >= dt.timedelta(hours=24):
        raise ValueError(f"UTC offset {hours}{minutes} out of range")
    return when - shift if sign == "+" else when + shift


def date(invocation: Invocation, args: list[str]) -> int:
    options, operands = getopts("date", args, "ud:s:")
    formats = [op for op in operands if op.startswith("+")]
    dates = [op for op in operands if not op.startswith("+")]
    if len(formats) > 1 or len(dates) > 1 or (dates and "-s" in options):
        raise CommandError(USAGE)
    setting = options.get("-s", dates[0] if dates else None)
    if setting is not None and "-d" in options:
        raise CommandError("date: -d shows a date and cannot be combined with setting one")
    phone = invocation.phone
    now = phone.clock.now
    when = now
    if "-d" in options:
        when = parse_date(options["-d"], now)
    if setting is not None:
        when = parse_date(setting, now)
        if not invocation.root:
            raise CommandError("date: cannot set date: Operation not permitted")
        phone.set_time(when)
    invocation.print(format_time(when, formats[0][1:] if formats else DEFAULT_FORMAT))
    return 0


COMMANDS: dict[str, Command] = {"date": date}
