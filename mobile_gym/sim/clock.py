"""The phone's virtual clock: time moves only when input or an explicit wait advances it."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.tracking import Dependencies

MINUTE = ("clock", "minute")
"""The key under which reading the clock is reported: what the phone shows of the time
changes with the minute (a screen that changes sooner by itself says when: ``read_until``)."""
DEFAULT_START = dt.datetime(2024, 6, 3, 9, 30, 0)
_EPOCH = dt.datetime(1970, 1, 1)
LATEST = dt.datetime(9999, 12, 31, 23, 59, 59, 999000)
"""The last moment the clock can reach: the last date Python's datetime holds."""


def to_epoch_ms(when: dt.datetime) -> int:
    """Milliseconds since 1970-01-01 of ``when`` read on the phone's clock (its wall time;
    an offset is dropped, as setting the clock drops it)."""
    delta = when.replace(tzinfo=None) - _EPOCH
    return delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000


_LATEST_MS = to_epoch_ms(LATEST)


def next_tick(now_ms: int, origin_ms: int, period_ms: int) -> int:
    """The first time after ``now_ms`` that lies a whole number of ``period_ms`` from
    ``origin_ms``: when a count of periods since ``origin_ms`` (a stopwatch's hundredths, a
    track's seconds played) next goes up."""
    return now_ms + period_ms - (now_ms - origin_ms) % period_ms


class VirtualClock:
    """Milliseconds since a start date and time; never reads the wall clock (the phone is on
    UTC). With ``deps``, reading the time is reported under ``MINUTE``, changed with every
    new minute; a read that holds only until a given time (``read_until``) is changed when
    the clock reaches that time."""

    def __init__(
        self, start: dt.datetime = DEFAULT_START, deps: Dependencies | None = None
    ) -> None:
        self.deps = deps or Dependencies()
        self.start_ms = self.elapsed_ms = 0
        self._deadlines: set[int] = set()
        """The times (ms since 1970) until which some read holds (``read_until``)."""
        self.set(start)

    @property
    def now(self) -> dt.datetime:
        return _EPOCH + dt.timedelta(milliseconds=self.epoch_ms)

    @property
    def epoch_ms(self) -> int:
        """Milliseconds since 1970-01-01."""
        self.deps.read(MINUTE)
        return self.start_ms + self.elapsed_ms

    @property
    def minute(self) -> int:
        """Whole minutes since 1970-01-01: what the status bar clock shows changes with it."""
        self.deps.read(MINUTE)
        return (self.start_ms + self.elapsed_ms) // 60_000

    def read_until(self, at_ms: int) -> None:
        """Report a read of the time whose outcome holds until ``at_ms`` (ms since 1970): a
        screen that changes by itself as time passes, such as a running stopwatch
        (``App.redraw_at``), is built again once the clock reaches that time, and not before."""
        self._deadlines.add(at_ms)
        self.deps.read(("clock", "until", at_ms))

    def stamp(self) -> int:
        """The time (ms since 1970) to stamp a record with, such as a log line: not a read of
        the time a screen shows, so it is not reported."""
        return self.start_ms + self.elapsed_ms

    def later(self, ms: int) -> int:
        """The time (ms since 1970) ``ms`` milliseconds from now; ValueError if the clock
        cannot go there (backwards, or past ``LATEST``)."""
        if ms < 0:
            raise ValueError(f"the clock cannot go backwards ({ms} ms)")
        then = self.start_ms + self.elapsed_ms + int(ms)
        if then > _LATEST_MS:
            raise ValueError(f"the clock cannot pass {LATEST:%Y-%m-%d %H:%M:%S} ({ms} ms from now)")
        return then

    def advance(self, ms: int) -> None:
        self.later(ms)
        before = (self.start_ms + self.elapsed_ms) // 60_000
        self.elapsed_ms += int(ms)
        now = self.start_ms + self.elapsed_ms
        if now // 60_000 != before:
            self.deps.changed(MINUTE)
        if self._deadlines:
            self._reach([at for at in self._deadlines if at <= now])

    def set(self, when: dt.datetime) -> None:
        """Set date and time (task setup); elapsed input time restarts from there."""
        if not isinstance(when, dt.datetime):
            raise ValueError(f"the clock is set with a datetime, got {when!r}")
        self.start_ms = to_epoch_ms(when)
        self.elapsed_ms = 0
        self._moved()

    def state(self) -> tuple[int, int]:
        return self.start_ms, self.elapsed_ms

    def load(self, state: tuple[int, int]) -> None:
        self.start_ms, self.elapsed_ms = state
        self._moved()

    def _moved(self) -> None:
        self.deps.changed(MINUTE)
        self._reach(list(self._deadlines))  # the time jumped: no read of it holds

    def _reach(self, deadlines: list[int]) -> None:
        for at in deadlines:
            self._deadlines.discard(at)
            self.deps.changed(("clock", "until", at))
