"""``head``: the first lines (``-n N``, or ``-N`` first; 10 by default) or bytes (``-c N``)
of files or, after ``|``, of a command's output.

With several files each comes after a ``==> FILE <==`` header (``-q`` never, ``-v`` always).
Once it has what it shows, ``head`` stops reading: a command feeding it that would go on
forever (``logcat | head -n 5``) stops, as it would on a broken pipe.
"""

from __future__ import annotations

import re

from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
    parse_int,
)
from mobile_gym.sim.adb_server.shell.streams import Filter, Sink

DEFAULT_LINES = 10
_LEGACY_COUNT = re.compile(r"-(\d+)")


class _Head(Filter):
    """Passes on the first ``lines`` lines, or the first ``size`` bytes, then closes."""

    def __init__(self, out: Sink, lines: int, size: int | None) -> None:
        super().__init__(out)
        self.lines_left = lines
        self.bytes_left = size

    def write(self, data: bytes) -> None:
        if self.done:
            return
        if self.bytes_left is not None:
            taken = data[: self.bytes_left]
            self.bytes_left -= len(taken)
            self.done = self.bytes_left == 0
        else:
            end = -1
            while self.lines_left and (end := data.find(b"\n", end + 1)) >= 0:
                self.lines_left -= 1
            self.done = self.lines_left == 0
            taken = data[: end + 1] if self.done else data
        self.out.write(taken)

    def finish(self) -> int:
        return 0


def _parse(args: list[str]) -> tuple[int, int | None, dict[str, str], list[str]]:
    """(lines, bytes or None, flags, files)."""
    if args and (legacy := _LEGACY_COUNT.fullmatch(args[0])):
        args = ["-n", legacy.group(1), *args[1:]]
    options, files = getopts("head", args, "n:c:qv")
    counts = {}
    for option in ("-n", "-c"):
        if option in options:
            counts[option] = parse_int(options[option], f"head {option}")
            if counts[option] < 0:
                raise CommandError(
                    f"head: {option} needs a count of 0 or more, got {counts[option]}"
                )
    return counts.get("-n", DEFAULT_LINES), counts.get("-c"), options, files


def head(invocation: Invocation, args: list[str]) -> int:
    lines, size, options, files = _parse(args)
    headers = "-v" in options or (len(files) > 1 and "-q" not in options)
    status = shown = 0
    for name in files:
        try:
            data = invocation.device.files.read(absolute(name))
        except (OSError, ValueError) as exc:
            invocation.err.write(f"head: {name}: {describe(exc)}\n".encode())
            status = 1
            continue
        if headers:
            invocation.print(("\n" if shown else "") + f"==> {name} <==")
        shown += 1
        _Head(invocation.out, lines, size).write(data)
    return status


def head_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``head`` without files (or with ``-``) reads its input."""
    lines, size, _, files = _parse(args)
    return _Head(invocation.out, lines, size) if files in ([], ["-"]) else None


COMMANDS: dict[str, Command] = {"head": head}
