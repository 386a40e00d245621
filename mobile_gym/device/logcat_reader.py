"""A device's logcat, read in a background thread into a bounded buffer with cursors.

``LogcatReader`` keeps one ``logcat -v threadtime`` stream open and appends every line to a
ring buffer; a cursor counts lines since the reader started, so ``since(cursor)`` returns
what came after a point (lines that fell off the ring are gone, as on a device). When the
stream breaks it is opened again with backoff, and the lines logcat replays from its buffer
are skipped up to the last one already read: the lines read lately are known by their whole
text (time, process, thread, tag, message), as many copies of a text as were read (the
clock may not move between two lines, so the same line can be logged again after the
break), older ones by their time (the device's clock may have been set back, so time alone
does not tell). ``wait_for`` waits until a given line has arrived: the device uses it to be
sure the buffer holds everything logged before a moment.
"""

from __future__ import annotations

import itertools
import socket
import threading
from collections import Counter, deque
from collections.abc import Callable

from mobile_gym.device.adb_link import close_socket
from mobile_gym.device.adb_shell import LogLine, parse_logcat_line
from mobile_gym.device.base import DeviceError

LOGCAT_COMMAND = "logcat -v threadtime"
DEFAULT_CAPACITY = 20_000
_RECENT = 4096
"""How many of the latest lines ``wait_for`` can find."""
_POLL_S = 0.25
"""How often a blocked read looks whether the reader is closing."""


class LogcatReader:
    """Streams logcat lines from ``open_stream()`` (a socket carrying ``logcat -v
    threadtime`` output) in a daemon thread. The first stream is opened before the
    constructor returns (DeviceError if it cannot be).

    Args:
        open_stream: opens the stream; raises when the device cannot be reached.
        capacity: how many lines the buffer keeps.
        attempts, backoff_s: how often, and how far apart (doubling), a broken stream is
            opened again before the reader gives up; then ``since`` raises DeviceError.
        name: for messages and the thread's name (the device's serial).
    """

    def __init__(
        self,
        open_stream: Callable[[], socket.socket],
        capacity: int = DEFAULT_CAPACITY,
        attempts: int = 3,
        backoff_s: float = 0.2,
        name: str = "device",
    ) -> None:
        self._open = open_stream
        self._attempts = attempts
        self._backoff_s = backoff_s
        self.name = name
        self._lines: deque[LogLine] = deque(maxlen=capacity)
        self._count = 0
        self._recent: deque[str] = deque(maxlen=_RECENT)
        self._recent_counts: Counter[str] = Counter()
        self._last_stamp = ""
        self._at_last_stamp: Counter[str] = Counter()
        self._last_text = ""
        self._failure: str | None = None
        self._changed = threading.Condition()
        self._closing = threading.Event()
        self._sock: socket.socket | None = None
        sock = self._connect()
        if sock is None:
            raise DeviceError(self._failure)
        self._thread = threading.Thread(
            target=self._run, args=(sock,), name=f"logcat {name}", daemon=True
        )
        self._thread.start()

    # reading the buffer ---------------------------------------------------------------------
    def since(self, cursor: int) -> tuple[list[tuple[str, str]], int]:
        """(tag, message) of the lines at or after ``cursor`` still held, and the next cursor.

        Raises:
            DeviceError: the stream broke and could not be opened again.
        """
        with self._changed:
            self._check()
            first = self._count - len(self._lines)
            lines = itertools.islice(self._lines, max(cursor - first, 0), None)
            return [(line.tag, line.message) for line in lines], self._count

    def wait_for(self, line: str, timeout: float) -> bool:
        """Wait until the raw logcat ``line`` is among the latest lines read; False if it did
        not come within ``timeout`` seconds.

        Raises:
            DeviceError: the stream broke and could not be opened again.
        """
        with self._changed:
            self._changed.wait_for(
                lambda: self._failure is not None or self._recent_counts[line] > 0, timeout
            )
            self._check()
            return self._recent_counts[line] > 0

    def _check(self) -> None:
        if self._failure is not None:
            raise DeviceError(self._failure)

    def close(self) -> None:
        """Stop reading (the buffer stays readable)."""
        self._closing.set()
        with self._changed:
            sock = self._sock
        if sock is not None:
            close_socket(sock)
        self._thread.join()

    # the reading thread ---------------------------------------------------------------------
    def _connect(self) -> socket.socket | None:
        """Open the stream, trying again with backoff; None (the failure recorded) when it
        cannot be opened or the reader is closing."""
        delay, problem = self._backoff_s, ""
        for attempt in range(self._attempts):
            if attempt:
                if self._closing.wait(delay):
                    return None
                delay *= 2
            try:
                sock = self._open()
            except Exception as exc:  # any failure to reach the device counts the same
                problem = str(exc)
                continue
            with self._changed:
                self._sock = sock
            return sock
        self._fail(problem)
        return None

    def _fail(self, problem: str) -> None:
        with self._changed:
            self._failure = f"{self.name}: logcat stream lost: {problem}"
            self._changed.notify_all()

    def _run(self, sock: socket.socket | None) -> None:
        empty = 0
        while sock is not None:
            empty = 0 if self._pump(sock) else empty + 1
            if self._closing.is_set():
                return
            if empty >= self._attempts:  # it opens, but logcat ends at once
                self._fail("it ends without output")
                return
            sock = self._connect()

    def _pump(self, sock: socket.socket) -> int:
        """Read lines until the stream ends; return how many new ones were kept."""
        replay = self._replay()
        pending, kept = b"", 0
        try:
            sock.settimeout(_POLL_S)
            while not self._closing.is_set():
                try:
                    chunk = sock.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                *complete, pending = (pending + chunk).split(b"\n")
                batch = []
                for raw in complete:
                    text = raw.decode("utf-8", errors="replace").rstrip("\r")
                    line = parse_logcat_line(text)
                    if line is None:
                        continue
                    if replay is not None:
                        if replay.skips(line.stamp, text):
                            if replay.over:
                                replay = None
                            continue
                        replay = None
                    batch.append((line, text))
                if batch:
                    self._append(batch)
                    kept += len(batch)
        except OSError:
            pass
        finally:
            close_socket(sock)
            with self._changed:
                self._sock = None
        return kept

    def _replay(self) -> _Replay | None:
        """What a reopened stream replays of the lines read so far; None before any."""
        with self._changed:
            if not self._count:
                return None
            read = self._recent_counts | self._at_last_stamp
            return _Replay(read, self._last_stamp, self._last_text)

    def _append(self, batch: list[tuple[LogLine, str]]) -> None:
        with self._changed:
            for line, text in batch:
                self._lines.append(line)
                self._count += 1
                if len(self._recent) == self._recent.maxlen:
                    old = self._recent[0]
                    self._recent_counts[old] -= 1
                    if not self._recent_counts[old]:
                        del self._recent_counts[old]
                self._recent.append(text)
                self._recent_counts[text] += 1
                if line.stamp != self._last_stamp:
                    self._last_stamp, self._at_last_stamp = line.stamp, Counter()
                self._at_last_stamp[text] += 1
                self._last_text = text
            self._changed.notify_all()


class _Replay:
    """The lines read before a stream broke, as logcat sends them again when the stream is
    opened: every line still in its buffer, then the new ones.

    Args:
        read: how many copies of each text were read: of the latest lines, and of every
            line at the last time read.
        last_stamp, last_text: the time and text of the last line read.
    """

    def __init__(self, read: Counter[str], last_stamp: str, last_text: str) -> None:
        self._left = read
        self._last_stamp = last_stamp
        self._last_text = last_text
        self.over = False
        """The last line read has come again: every line after it is new."""

    def skips(self, stamp: str, text: str) -> bool:
        """Whether a line the stream sends was read before: a copy of a text read that has
        not come again yet, or a line older than the last one read. The first line it does
        not skip is new, and so is every line after it."""
        if self._left[text] > 0:
            self._left[text] -= 1
            self.over = text == self._last_text and not self._left[text]
            return True
        return stamp < self._last_stamp
