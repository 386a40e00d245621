"""``grep``: lines matching a pattern, from files or (after ``|``) from a command's output.

Options ``-v -i -E -F -c -q -e PATTERN`` (``-e`` may repeat: a line matching any of the
patterns is kept). Patterns are Python regular expressions (``-E``
and basic ones alike), or fixed strings with ``-F``. Exit status 0 when a line matched, 1
when none did, 2 on an error.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopt_pairs,
)
from mobile_gym.sim.adb_server.shell.streams import Filter, Sink

USAGE = "usage: grep [-EFciqv] [-e PATTERN] PATTERN [FILE...]"
ERROR = 2


@dataclass
class _Search:
    keep: Callable[[bytes], bool]
    count: bool
    quiet: bool
    files: list[str]

    def filter(self, out: Sink) -> Filter:
        summary = (lambda n: f"{n}\n".encode()) if self.count else None
        return Filter(out, self.keep, summary=summary, quiet=self.quiet)


def _search(args: list[str]) -> _Search:
    pairs, operands = getopt_pairs("grep", args, "EFciqve:", status=ERROR)
    flags = {option for option, _ in pairs}
    patterns = [value for option, value in pairs if option == "-e"]
    if not patterns:
        if not operands:
            raise CommandError(USAGE, ERROR)
        patterns = [operands.pop(0)]
    regexes = []
    for pattern in patterns:
        text = re.escape(pattern) if "-F" in flags else pattern
        try:
            regexes.append(re.compile(text, re.IGNORECASE if "-i" in flags else 0))
        except re.error as exc:
            raise CommandError(f"grep: bad pattern {pattern!r}: {exc}", ERROR) from None
    invert = "-v" in flags

    def keep(line: bytes) -> bool:
        text = line.decode("utf-8", "replace")
        return any(regex.search(text) is not None for regex in regexes) != invert

    return _Search(keep, "-c" in flags, "-q" in flags, operands)


class _Prefixed:
    """Writes each line with ``name:`` before it (grep over several files)."""

    def __init__(self, out: Sink, name: str) -> None:
        self.out = out
        self.prefix = f"{name}:".encode()

    def write(self, data: bytes) -> None:
        self.out.write(self.prefix + data)


def grep(invocation: Invocation, args: list[str]) -> int:
    search = _search(args)
    matched = False
    failed = False
    for name in search.files:
        try:
            data = invocation.device.files.read(absolute(name))
        except (OSError, ValueError) as exc:
            invocation.err.write(f"grep: {name}: {describe(exc)}\n".encode())
            failed = True
            continue
        out = _Prefixed(invocation.out, name) if len(search.files) > 1 else invocation.out
        lines = search.filter(out)
        lines.write(data)
        matched |= lines.finish() == 0
    return ERROR if failed else (0 if matched else 1)


def grep_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``grep PATTERN`` without files reads its input."""
    search = _search(args)
    return None if search.files else search.filter(invocation.out)


COMMANDS: dict[str, Command] = {"grep": grep}
