"""The phone's log buffer, readable since a cursor and printable in logcat's formats."""

from __future__ import annotations

import datetime as dt
from collections import deque
from typing import NamedTuple

PRIORITIES = "VDIWEF"
FORMATS = ("threadtime", "time", "epoch", "brief")
DEFAULT_CAPACITY = 20_000


class LogEntry(NamedTuple):
    """One log line: sequence number, time (ms since 1970, phone clock), pid, tid, level, tag
    (immutable; a named tuple, as every log call makes one)."""

    seq: int
    epoch_ms: int
    pid: int
    tid: int
    priority: str
    tag: str
    message: str

    def format(self, fmt: str = "threadtime") -> str:
        """The line as ``logcat -v FMT`` prints it."""
        when = dt.datetime(1970, 1, 1) + dt.timedelta(milliseconds=self.epoch_ms)
        stamp = f"{when:%m-%d %H:%M:%S}.{self.epoch_ms % 1000:03d}"
        if fmt == "threadtime":
            return f"{stamp} {self.pid:5d} {self.tid:5d} {self.priority} {self.tag}: {self.message}"
        if fmt == "time":
            return f"{stamp} {self.priority}/{self.tag}({self.pid:5d}): {self.message}"
        if fmt == "epoch":
            return f"{self.epoch_ms // 1000:>12d}.{self.epoch_ms % 1000:03d} {self.pid:5d} {self.tid:5d} {self.priority} {self.tag}: {self.message}"
        if fmt == "brief":
            return f"{self.priority}/{self.tag}({self.pid:5d}): {self.message}"
        raise ValueError(f"unknown logcat format {fmt!r}; expected one of {FORMATS}")


class Logcat:
    """A bounded ring of log entries; old entries fall off, sequence numbers never repeat."""

    def __init__(self, capacity: int = DEFAULT_CAPACITY) -> None:
        self.entries: deque[LogEntry] = deque(maxlen=capacity)
        self.next_seq = 0

    def write(
        self, epoch_ms: int, pid: int, priority: str, tag: str, message: str, tid: int | None = None
    ) -> LogEntry:
        if priority not in PRIORITIES:
            raise ValueError(f"log priority must be one of {PRIORITIES!r}, not {priority!r}")
        entry = LogEntry(
            self.next_seq, epoch_ms, pid, pid if tid is None else tid, priority, tag, message
        )
        self.entries.append(entry)
        self.next_seq += 1
        return entry

    def since(self, cursor: int = 0) -> tuple[list[LogEntry], int]:
        """Entries with sequence number >= ``cursor`` still in the buffer, and the next cursor."""
        if not self.entries or cursor >= self.next_seq:
            return [], self.next_seq
        first = self.entries[0].seq
        start = max(cursor - first, 0)
        return [self.entries[i] for i in range(start, len(self.entries))], self.next_seq

    def clear(self) -> None:
        """``logcat -c``: drop the entries, keep counting."""
        self.entries.clear()
