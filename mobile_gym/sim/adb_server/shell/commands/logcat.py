"""``logcat``: the phone's log, dumped (``-d``, ``-t N``) or followed until the client leaves.

Options: ``-v threadtime|time|epoch|brief``, ``-c``/``--clear``, ``-d``, ``-t N`` (the last N
lines, then exit), ``-T N`` (the last N lines, then follow), ``-s`` (silence all tags not
named), ``-e REGEX``, ``--pid=PID`` (only the lines of that process: ``pidof PACKAGE`` gives
an app's), ``-b BUFFER`` (one buffer holds everything), and filter specs
``TAG:PRIORITY`` / ``*:PRIORITY`` with priorities ``V D I W E F S``. Without filter specs,
those in the variable ``ANDROID_LOG_TAGS`` apply (``adb logcat`` sets it from the host's).
A following logcat stops when the client leaves or its reader stops reading (``| head``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
    parse_int,
)
from mobile_gym.sim.system.logcat import FORMATS, PRIORITIES, LogEntry

BEGINNING = "--------- beginning of main"
BUFFERS = ("main", "system", "crash", "events", "radio", "all", "default")
FOLLOW_POLL_S = 0.25
"""How long a following logcat sleeps between looks when nothing wakes it."""
_SILENT = "S"
_LEVELS = PRIORITIES + _SILENT


@dataclass
class _Options:
    fmt: str = "threadtime"
    dump: bool = False
    clear: bool = False
    last: int | None = None
    regex: re.Pattern[str] | None = None
    pid: int | None = None
    default_level: str = "V"
    levels: dict[str, str] = field(default_factory=dict)

    def keeps(self, entry: LogEntry) -> bool:
        level = self.levels.get(entry.tag, self.default_level)
        if _LEVELS.index(entry.priority) < _LEVELS.index(level):
            return False
        if self.pid is not None and entry.pid != self.pid:
            return False
        return self.regex is None or self.regex.search(entry.message) is not None


def _options(args: list[str], default_specs: str) -> _Options:
    found, specs = getopts("logcat", args, "cdsv:b:t:T:e:", ["clear", "pid="])
    specs = specs or default_specs.split()
    opts = _Options(dump="-d" in found, clear=bool({"-c", "--clear"} & set(found)))
    opts.fmt = found.get("-v", opts.fmt)
    if opts.fmt not in FORMATS:
        raise CommandError(f"logcat: unknown format {opts.fmt!r}; expected one of {FORMATS}")
    if found.get("-b", "main") not in BUFFERS:
        raise CommandError(f"logcat: unknown buffer {found['-b']!r}")
    if "-e" in found:
        try:
            opts.regex = re.compile(found["-e"])
        except re.error as exc:
            raise CommandError(f"logcat: bad regex {found['-e']!r}: {exc}") from None
    if "--pid" in found:
        opts.pid = parse_int(found["--pid"], "logcat --pid")
    for option in ("-t", "-T"):
        if option in found:
            opts.last = parse_int(found[option], f"logcat {option}")
            opts.dump = opts.dump or option == "-t"
    if "-s" in found:
        opts.default_level = _SILENT
    for spec in specs:
        tag, _, level = spec.partition(":")
        level = level or "V"
        if level not in _LEVELS:
            raise CommandError(f"logcat: bad filter spec {spec!r}; priorities are {_LEVELS}")
        if tag == "*":
            opts.default_level = level
        else:
            opts.levels[tag] = level
    return opts


def logcat(invocation: Invocation, args: list[str]) -> int:
    opts = _options(args, invocation.environment.get("ANDROID_LOG_TAGS", ""))
    log = invocation.phone.logcat
    if opts.clear:
        log.clear()
        return 0
    entries, cursor = log.since(0)
    entries = [e for e in entries if opts.keeps(e)]
    if opts.last is not None:
        entries = entries[-opts.last :] if opts.last > 0 else []
    began = _write(invocation, entries, opts, began=False)
    if opts.dump:
        return 0
    device, session = invocation.device, invocation.session
    while True:
        session.flush()
        if session.cancelled() or invocation.output_closed():
            return 0
        device.changed.wait(FOLLOW_POLL_S)
        if invocation.phone.logcat is not log:  # a factory reset with a new seed
            log, cursor = invocation.phone.logcat, 0
        entries, cursor = log.since(cursor)
        began = _write(invocation, [e for e in entries if opts.keeps(e)], opts, began)


def _write(invocation: Invocation, entries: list[LogEntry], opts: _Options, began: bool) -> bool:
    """Write the lines (after the buffer banner, once); whether the banner has been written."""
    if entries and not began:
        invocation.print(BEGINNING)
        began = True
    if entries:
        invocation.out.write("".join(e.format(opts.fmt) + "\n" for e in entries).encode("utf-8"))
    return began


COMMANDS: dict[str, Command] = {"logcat": logcat}
