"""``wc``, ``tail``, ``sort`` and ``uniq`` on phone files or, after ``|``, on a command's
output, as toybox prints them.

- ``wc [-lwmc] [FILE...]``: lines, words, characters (``-m``) and bytes (``-c``); lines,
  words and bytes by default, in that order. The counts are padded to 7 columns unless
  one file (or only standard input, with one count) is counted; several files end with a
  ``total`` line.
- ``tail [-n N|+N] [-c N|+N] [FILE...]`` (or ``-N``): the last N lines (10 by default) or
  bytes; ``+N`` starts at line or byte N. Several files each come after a ``==> FILE <==``
  header (``-q`` never, ``-v`` always). ``-f`` (follow a growing file) is refused: a
  command of the served shell ends before the next one runs.
- ``sort [-rnuf] [FILE...]``: lines in byte order; ``-n`` by their leading number (lines
  without one count as 0), ``-f`` ignoring case, ``-r`` reversed, ``-u`` one line of each
  equal key. Lines with equal keys are in byte order (toybox's last-resort comparison).
- ``uniq [-cdui] [FILE]``: one line of each run of equal lines; ``-c`` counts them, ``-d``
  shows repeated lines only, ``-u`` lines that are not repeated, ``-i`` ignores case.
  Writing to an OUTPUT file is refused (redirect with ``>``).

A file that cannot be read is reported as toybox does (``wc: FILE: No such file or
directory``), the rest are still counted, and the exit status is 1.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
    parse_int,
)
from mobile_gym.sim.adb_server.shell.streams import Filter, Sink

Render = Callable[[bytes], bytes]
"""What a command makes of the whole of one input."""


class _WholeInput(Filter):
    """Reads all of its input, then writes what ``render`` makes of it."""

    def __init__(self, out: Sink, render: Render) -> None:
        super().__init__(out)
        self._render = render
        self._data = bytearray()

    def write(self, data: bytes) -> None:
        self._data += data

    def finish(self) -> int:
        self.out.write(self._render(bytes(self._data)))
        return 0


def _read_each(invocation: Invocation, command: str, names: list[str]) -> list[tuple[str, bytes]]:
    """The files named that can be read, with their bytes; the others are reported on
    stderr (``CommandError`` is not raised: the rest are still read)."""
    read = []
    for name in names:
        try:
            read.append((name, invocation.device.files.read(absolute(name))))
        except (OSError, ValueError) as exc:
            invocation.err.write(f"{command}: {name}: {describe(exc)}\n".encode())
    return read


def _lines(data: bytes) -> list[bytes]:
    """The lines of ``data`` without their newlines (a last line needs none)."""
    lines = data.split(b"\n")
    if lines[-1] == b"":
        lines.pop()
    return lines


def _joined(lines: list[bytes]) -> bytes:
    return b"".join(line + b"\n" for line in lines)


# wc -------------------------------------------------------------------------------------------
_WC_COLUMNS: tuple[tuple[str, Callable[[bytes], int]], ...] = (
    ("-l", lambda data: data.count(b"\n")),
    ("-w", lambda data: len(data.split())),
    ("-m", lambda data: len(data.decode("utf-8", errors="replace"))),
    ("-c", len),
)
"""wc's counts, in the order it prints them."""
_WC_DEFAULT = ("-l", "-w", "-c")


def _wc_counter(options: dict[str, str]) -> Callable[[bytes], list[int]]:
    chosen = [flag for flag, _ in _WC_COLUMNS if flag in options] or list(_WC_DEFAULT)
    counts = [count for flag, count in _WC_COLUMNS if flag in chosen]
    return lambda data: [count(data) for count in counts]


def _wc_line(counts: list[int], width: int, name: str | None) -> bytes:
    text = " ".join(f"{count:>{width}}" for count in counts)
    return (text + ("" if name is None else f" {name}") + "\n").encode()


def wc(invocation: Invocation, args: list[str]) -> int:
    options, names = getopts("wc", args, "lwmc")
    count = _wc_counter(options)
    read = _read_each(invocation, "wc", names)
    width = 0 if len(names) == 1 else 7
    totals: list[int] | None = None
    for name, data in read:
        counts = count(data)
        totals = counts if totals is None else [a + b for a, b in zip(totals, counts, strict=True)]
        invocation.out.write(_wc_line(counts, width, name))
    if len(names) > 1:
        invocation.out.write(_wc_line(totals or count(b""), width, "total"))
    return 0 if len(read) == len(names) else 1


def wc_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``wc`` without files counts its input."""
    options, names = getopts("wc", args, "lwmc")
    if names:
        return None
    count = _wc_counter(options)
    width = 0 if sum(flag in options for flag, _ in _WC_COLUMNS) == 1 else 7
    return _WholeInput(invocation.out, lambda data: _wc_line(count(data), width, None))


# tail -----------------------------------------------------------------------------------------
_LEGACY_COUNT = re.compile(r"-(\d+)")
DEFAULT_LINES = 10


def _tail_render(args: list[str]) -> tuple[Render, dict[str, str], list[str]]:
    """What tail keeps of one input, its options and its files."""
    if args and (legacy := _LEGACY_COUNT.fullmatch(args[0])):
        args = ["-n", legacy.group(1), *args[1:]]
    options, names = getopts("tail", args, "n:c:fqv")
    if "-f" in options:
        raise CommandError(
            "tail: -f: following a file is not supported: a command of the served shell"
            " ends before the next one runs"
        )
    if "-c" in options:
        count, from_start = _tail_count("-c", options["-c"])
        if from_start:
            return (lambda data: data[max(count - 1, 0) :]), options, names
        return (lambda data: data[max(len(data) - count, 0) :] if count else b""), options, names
    count, from_start = _tail_count("-n", options.get("-n", str(DEFAULT_LINES)))

    def lines(data: bytes) -> bytes:
        kept = data.splitlines(keepends=True)
        if from_start:
            return b"".join(kept[max(count - 1, 0) :])
        return b"".join(kept[max(len(kept) - count, 0) :]) if count else b""

    return lines, options, names


def _tail_count(option: str, text: str) -> tuple[int, bool]:
    """The count of ``-n`` or ``-c``, and whether it counts from the start (``+N``)."""
    from_start = text.startswith("+")
    count = parse_int(text.lstrip("+-"), f"tail {option}")
    return count, from_start


def tail(invocation: Invocation, args: list[str]) -> int:
    render, options, names = _tail_render(args)
    headers = "-v" in options or (len(names) > 1 and "-q" not in options)
    read = _read_each(invocation, "tail", names)
    for shown, (name, data) in enumerate(read):
        if headers:
            invocation.print(("\n" if shown else "") + f"==> {name} <==")
        invocation.out.write(render(data))
    return 0 if len(read) == len(names) else 1


def tail_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``tail`` without files (or with ``-``) keeps the end of its input."""
    render, _, names = _tail_render(args)
    return _WholeInput(invocation.out, render) if names in ([], ["-"]) else None


# sort -----------------------------------------------------------------------------------------
_LEADING_NUMBER = re.compile(rb"\s*(-?(?:\d+\.?\d*|\.\d+))")


def _number(line: bytes) -> float:
    found = _LEADING_NUMBER.match(line)
    return float(found.group(1)) if found else 0.0


def _sort_render(options: dict[str, str]) -> Render:
    def key(line: bytes) -> object:
        if "-n" in options:
            return _number(line)
        return line.upper() if "-f" in options else line

    def render(data: bytes) -> bytes:
        # equal keys are put in byte order (toybox's last-resort comparison), reversed too
        lines = sorted(_lines(data), key=lambda line: (key(line), line), reverse="-r" in options)
        if "-u" in options:
            unique, seen = [], set()
            for line in lines:
                if (found := key(line)) not in seen:
                    seen.add(found)
                    unique.append(line)
            lines = unique
        return _joined(lines)

    return render


def sort(invocation: Invocation, args: list[str]) -> int:
    options, names = getopts("sort", args, "rnuf")
    read = _read_each(invocation, "sort", names)
    invocation.out.write(_sort_render(options)(b"".join(_with_newline(data) for _, data in read)))
    return 0 if len(read) == len(names) else 1


def _with_newline(data: bytes) -> bytes:
    return data if not data or data.endswith(b"\n") else data + b"\n"


def sort_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``sort`` without files sorts its input."""
    options, names = getopts("sort", args, "rnuf")
    return _WholeInput(invocation.out, _sort_render(options)) if not names else None


# uniq -----------------------------------------------------------------------------------------
def _uniq_render(options: dict[str, str]) -> Render:
    def same(line: bytes) -> bytes:
        return line.upper() if "-i" in options else line

    def render(data: bytes) -> bytes:
        runs: list[list] = []  # [first line, count]
        for line in _lines(data):
            if runs and same(runs[-1][0]) == same(line):
                runs[-1][1] += 1
            else:
                runs.append([line, 1])
        out = []
        for line, count in runs:
            if ("-d" in options and count == 1) or ("-u" in options and count > 1):
                continue
            out.append(f"{count:7} ".encode() + line if "-c" in options else line)
        return _joined(out)

    return render


def _uniq_parts(args: list[str]) -> tuple[dict[str, str], list[str]]:
    options, names = getopts("uniq", args, "cdui")
    if len(names) > 1:
        raise CommandError("uniq: writing to an OUTPUT file is not supported: redirect with >")
    return options, names


def uniq(invocation: Invocation, args: list[str]) -> int:
    options, names = _uniq_parts(args)
    read = _read_each(invocation, "uniq", names)
    for _, data in read:
        invocation.out.write(_uniq_render(options)(data))
    return 0 if len(read) == len(names) else 1


def uniq_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``uniq`` without a file (or with ``-``) reads its input."""
    options, names = _uniq_parts(args)
    return _WholeInput(invocation.out, _uniq_render(options)) if names in ([], ["-"]) else None


COMMANDS: dict[str, Command] = {"wc": wc, "tail": tail, "sort": sort, "uniq": uniq}
FILTERS = {"wc": wc_filter, "tail": tail_filter, "sort": sort_filter, "uniq": uniq_filter}
"""The commands above as readers of a pipe (``FILTERS`` of the shell)."""
