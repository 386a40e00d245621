"""Where command output goes: buffers, the bit bucket, phone files, and line filters.

Commands write bytes to a ``Sink``. The shell's own output is a ``Buffer`` that the service
sends to the client when no lock is held; ``|`` feeds a command's output into a ``Filter``
(``grep``, ``cat``) that passes lines on; ``>`` and ``>>`` collect into a ``FileSink`` that
writes the phone file when the command ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from mobile_gym.sim.adb_server.files import PhoneFiles


class Sink(Protocol):
    """Takes a command's output."""

    def write(self, data: bytes) -> None: ...


class Buffer:
    """Output held until the shell sends it."""

    def __init__(self) -> None:
        self._chunks: list[bytes] = []

    def write(self, data: bytes) -> None:
        if data:
            self._chunks.append(data)

    def take(self) -> bytes:
        """Everything written since the last take."""
        data = b"".join(self._chunks)
        self._chunks.clear()
        return data


class Discard:
    """``/dev/null``."""

    def write(self, data: bytes) -> None:
        pass


DISCARD = Discard()


class FileSink:
    """Collects output for a phone file, written by ``close`` (``>`` replaces, ``>>`` appends)."""

    def __init__(self, files: PhoneFiles, path: str, append: bool) -> None:
        self.files = files
        self.path = path
        self._data = bytearray(files.read(path) if append and files.is_file(path) else b"")

    def write(self, data: bytes) -> None:
        self._data += data

    def close(self) -> None:
        self.files.write(self.path, bytes(self._data))


class Filter:
    """A command reading its input line by line (``grep PATTERN``, ``cat``).

    Args:
        keep: whether a line (without its newline) passes; ``None`` passes everything.
        out: where passing lines go.
        summary: called with the number of passing lines at the end; what it returns is
            written to ``out`` (``grep -c``).
        quiet: count, but write no lines (``grep -q``).
    """

    def __init__(
        self,
        out: Sink,
        keep: Callable[[bytes], bool] | None = None,
        *,
        summary: Callable[[int], bytes] | None = None,
        quiet: bool = False,
    ) -> None:
        self.out = out
        self.keep = keep
        self.summary = summary
        self.quiet = quiet
        self.matched = 0
        self._partial = b""
        self.done = False
        """Set when it wants no more input (``head`` has what it shows)."""

    @property
    def closed(self) -> bool:
        """Whether its input is no longer wanted: it is done, or what it feeds is closed."""
        return self.done or (isinstance(self.out, Filter) and self.out.closed)

    def write(self, data: bytes) -> None:
        if self.keep is None:
            self.matched += 1
            self.out.write(data)
            return
        lines = (self._partial + data).split(b"\n")
        self._partial = lines.pop()
        for line in lines:
            self._line(line)

    def _line(self, line: bytes) -> None:
        if self.keep is None or self.keep(line):
            self.matched += 1
            if not self.quiet and self.summary is None:
                self.out.write(line + b"\n")

    def finish(self) -> int:
        """End of input: pass on a last unterminated line; the exit status (1: no line passed)."""
        if self._partial:
            self._line(self._partial)
            self._partial = b""
        if self.summary is not None:
            self.out.write(self.summary(self.matched))
        return 0 if self.matched or self.keep is None else 1
