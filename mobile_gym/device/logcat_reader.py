"""A device's logcat, read in a background thread into a bounded buffer with cursors.

``LogcatReader`` keeps one ``logcat -v threadtime`` stream open and appends every line to a
ring buffer; a cursor counts lines since the reader started, so ``since(cursor)`` returns
what came after a point (lines that fell off the ring are gone, as on a device). When the
stream breaks it is opened again with backoff, and the lines logcat replays from its buffer
are skipped up to the last one already read: the lines read lately are known by their whole
text (time, process, thread, tag, message), older ones by their time (the device's clock may
have been set back, so time alone does not tell). ``wait_for`` waits
until a given line has arrived: the device uses it to be sure the buffer holds everything
logged before a moment.
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
        self._at_last_stamp: set[str] = set()
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
        resuming = self._count > 0
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
                    if resuming:
                        if text == self._last_text:  # what comes after it is new
                            resuming = False
                            continue
                        if self._seen(line.stamp, text):
                            continue
                    resuming = False
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

    def _seen(self, stamp: str, text: str) -> bool:
        """Whether a replayed line was read before the stream broke: one of the lines read
        lately, or one older than the last line read."""
        return (
            text in self._recent_counts
            or stamp < self._last_stamp
            or (stamp == self._last_stamp and text in self._at_last_stamp)
        )

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
                    self._last_stamp, self._at_last_stamp = line.stamp, set()
                self._at_last_stamp.add(text)
                self._last_text = text
            self._changed.notify_all()
