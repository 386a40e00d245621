"""``ps`` and ``pidof``: the served phone's processes, as toybox lists them.

The process table is the phone's: ``init`` and ``zygote64``, the system server (named
``system_server``, with the pid its log lines carry), System UI, and each
app whose process is running (started by ``am start`` or a launch, gone after ``am
force-stop``), with the pid the activity manager gave it, each as the user of its package's
uid (``packages.package_uid``); then the
shell that runs the command and the command itself (``sh`` and ``ps``, as the shell's user).

- ``ps`` lists, as on Android 8 and later, only the shell's own processes; ``ps -A`` (or
  ``-e``) every process. ``-p PID[,PID...]`` selects by pid, and operands select as
  Android's older ``ps`` did: a number is a pid, anything else the start of a process
  name. ``-o FIELD[,FIELD...]`` picks the columns (``USER``, ``PID``, ``PPID``, ``VSZ``,
  ``RSS``, ``WCHAN``, ``ADDR``, ``S``, ``NAME``; ``CMD``, ``ARGS``, ``CMDLINE`` and ``COMM`` show
  the name too). The memory columns are nominal: the simulated processes have no memory of
  their own to measure.
- ``pidof [-s] [-o PID[,PID...]] NAME...`` prints the pids of the processes so named on one
  line, lowest first (``-s`` only the first; ``-o`` leaves those pids out), and exits 1
  when there are none.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from mobile_gym.sim.adb_server.shell.commands.owners import name_of, shell_identity
from mobile_gym.sim.adb_server.shell.commands.packages import package_uid
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
    parse_int,
)

INIT_PID = 1
ZYGOTE_PID = 512
"""Below the system server's pid: it is the zygote's first child."""
SYSTEM_SERVER = "system_server"
_SYSTEM_PACKAGE = "android"
_NOMINAL_MEMORY = {
    "init": (10_781_280, 10_416),
    "zygote64": (14_639_380, 178_020),
    "sh": (10_766_104, 3_080),
    "ps": (10_817_144, 3_264),
    "pidof": (10_780_312, 2_996),
}
"""Nominal (VSZ, RSS) in KiB by process name; an app's are ``_APP_MEMORY``."""
_APP_MEMORY = (14_869_560, 108_360)


@dataclass(frozen=True)
class Process:
    """One row of the process table."""

    user: str
    pid: int
    ppid: int
    name: str
    state: str = "S"

    @property
    def memory(self) -> tuple[int, int]:
        return _NOMINAL_MEMORY.get(self.name, _APP_MEMORY)


_COLUMNS = {
    "USER": (lambda p: p.user, "<", 12),
    "PID": (lambda p: str(p.pid), ">", 5),
    "PPID": (lambda p: str(p.ppid), ">", 5),
    "VSZ": (lambda p: str(p.memory[0]), ">", 7),
    "RSS": (lambda p: str(p.memory[1]), ">", 6),
    "WCHAN": (lambda p: "0", "<", 10),
    "ADDR": (lambda p: "0", ">", 10),
    "S": (lambda p: p.state, "<", 1),
    "NAME": (lambda p: p.name, "<", 0),
}
"""Each column: its value, its alignment and its width (toybox's; a longer value widens it)."""
_ALIASES = {"CMD": "NAME", "ARGS": "NAME", "CMDLINE": "NAME", "COMM": "NAME"}
DEFAULT_COLUMNS = ("USER", "PID", "PPID", "VSZ", "RSS", "WCHAN", "ADDR", "S", "NAME")


def processes(invocation: Invocation, command: str) -> list[Process]:
    """Every process of the phone, by pid, with the shell and ``command`` itself last."""
    phone = invocation.phone
    rows = [
        Process("root", INIT_PID, 0, "init"),
        Process("root", ZYGOTE_PID, INIT_PID, "zygote64"),
    ]
    for package, pid in phone.pids.items():
        name = SYSTEM_SERVER if package == _SYSTEM_PACKAGE else package
        rows.append(Process(name_of(package_uid(phone, package)), pid, ZYGOTE_PID, name))
    rows.sort(key=lambda p: p.pid)
    shell = name_of(shell_identity(invocation.root).uid)
    shell_pid = phone.activities.next_pid  # (no process holds it now)
    rows.append(Process(shell, shell_pid, INIT_PID, "sh"))
    rows.append(Process(shell, shell_pid + 1, shell_pid, command, "R"))
    return rows


def _pid_list(text: str, command: str) -> set[int]:
    return {parse_int(part, f"{command}: pid") for part in text.split(",") if part}


def _columns(text: str) -> list[str]:
    columns = []
    for field in (part.strip().upper() for part in text.split(",")):
        name = _ALIASES.get(field, field)
        if name not in _COLUMNS:
            raise CommandError(f"ps: bad -o {field}")
        columns.append(name)
    return columns


def _selected(rows: list[Process], pids: set[int], operands: list[str]) -> list[Process]:
    """The rows of ``pids`` or named by ``operands`` (a pid, or the start of a name)."""
    named = [operand for operand in operands if not operand.isdigit()]
    pids = pids | {int(operand) for operand in operands if operand.isdigit()}
    return [p for p in rows if p.pid in pids or any(p.name.startswith(n) for n in named)]


def _lines(rows: Iterable[Process], columns: list[str]) -> list[str]:
    """The header and a line per row; the last column, when aligned left, is not padded."""

    def line(cells: list[str]) -> str:
        padded = [
            f"{text:{_COLUMNS[name][1]}{_COLUMNS[name][2]}}"
            for name, text in zip(columns, cells, strict=True)
        ]
        if _COLUMNS[columns[-1]][1] == "<":
            padded[-1] = cells[-1]
        return " ".join(padded)

    return [line(columns)] + [line([_COLUMNS[name][0](p) for name in columns]) for p in rows]


def ps(invocation: Invocation, args: list[str]) -> int:
    found, operands = getopts("ps", args, "Aeo:p:", ["pid="])
    columns = _columns(found["-o"]) if "-o" in found else list(DEFAULT_COLUMNS)
    pids = _pid_list(found.get("-p", found.get("--pid", "")), "ps")
    rows = processes(invocation, "ps")
    if "-A" in found or "-e" in found:
        shown = rows
    elif pids or operands:
        shown = _selected(rows, pids, operands)
    else:
        shown = rows[-2:]  # the shell's own: the shell and ps
    for line in _lines(shown, columns):
        invocation.print(line)
    return 0


def pidof(invocation: Invocation, args: list[str]) -> int:
    found, names = getopts("pidof", args, "so:")
    if not names:
        raise CommandError("pidof: Need 1 argument")
    omitted = _pid_list(found.get("-o", ""), "pidof")
    rows = processes(invocation, "pidof")
    pids = [p.pid for p in rows if p.name in names and p.pid not in omitted]
    if "-s" in found:
        pids = pids[:1]
    if not pids:
        return 1
    invocation.print(" ".join(map(str, pids)))
    return 0


COMMANDS: dict[str, Command] = {"ps": ps, "pidof": pidof}
