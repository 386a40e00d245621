"""The phone's virtual clock: time moves only when input or an explicit wait advances it."""

from __future__ import annotations

import datetime as dt

DEFAULT_START = dt.datetime(2024, 6, 3, 9, 30, 0)
_EPOCH = dt.datetime(1970, 1, 1)


class VirtualClock:
    """Milliseconds since a start date and time; never reads the wall clock (the phone is on UTC)."""

    def __init__(self, start: dt.datetime = DEFAULT_START) -> None:
        self.set(start)

    @property
    def now(self) -> dt.datetime:
        return _EPOCH + dt.timedelta(milliseconds=self.epoch_ms)

    @property
    def epoch_ms(self) -> int:
        """Milliseconds since 1970-01-01."""
        return self.start_ms + self.elapsed_ms

    @property
    def minute(self) -> int:
        """Whole minutes since 1970-01-01: what the status bar clock shows changes with it."""
        return (self.start_ms + self.elapsed_ms) // 60_000

    def advance(self, ms: int) -> None:
        if ms < 0:
            raise ValueError(f"the clock cannot go backwards ({ms} ms)")
        self.elapsed_ms += int(ms)

    def set(self, when: dt.datetime) -> None:
        """Set date and time (task setup); elapsed input time restarts from there."""
        if not isinstance(when, dt.datetime):
            raise ValueError(f"the clock is set with a datetime, got {when!r}")
        delta = when.replace(tzinfo=None) - _EPOCH
        self.start_ms = delta.days * 86_400_000 + delta.seconds * 1000 + delta.microseconds // 1000
        self.elapsed_ms = 0

    def state(self) -> tuple[int, int]:
        return self.start_ms, self.elapsed_ms

    def load(self, state: tuple[int, int]) -> None:
        self.start_ms, self.elapsed_ms = state
