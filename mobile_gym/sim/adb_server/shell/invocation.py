"""What a device shell command sees when it runs, and how it reports failure."""

from __future__ import annotations

import getopt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.device import ServedDevice
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.shell.streams import Filter, Sink
from mobile_gym.sim.adb_server.shell.variables import Variables


class CommandError(Exception):
    """A command failed: ``message`` goes to stderr and the command exits with ``status``."""

    def __init__(self, message: str, status: int = 1) -> None:
        super().__init__(message)
        self.status = status


class ShellExit(Exception):  # noqa: N818 (control flow, not an error)
    """``exit N``: the rest of the command line is skipped and the shell exits with ``status``."""

    def __init__(self, status: int) -> None:
        super().__init__(f"exit {status}")
        self.status = status


class Session(Protocol):
    """The shell a command runs in, as seen from the command."""

    variables: Variables
    """The shell's variables (``export`` and ``unset`` change them)."""

    def flush(self) -> None:
        """Send the output so far to the client; call with the device lock held (it is
        released while sending)."""
        ...

    def cancelled(self) -> bool:
        """Whether to stop: the client left, the device went away or the server is stopping."""
        ...


@dataclass
class Invocation:
    """One run of one command: the device, its output streams and its session.

    Runs with the device lock held.
    """

    device: ServedDevice
    faults: Faults
    out: Sink
    err: Sink
    session: Session
    environment: dict[str, str] = field(default_factory=dict)
    """The variables the command sees (``ANDROID_LOG_TAGS`` for ``logcat``)."""
    as_root: bool | None = None
    """Whether it runs as root where ``su`` chose (None: as the shell does, root after
    ``adb root``)."""

    @property
    def phone(self) -> Phone:
        return self.device.phone

    @property
    def root(self) -> bool:
        """Whether the command runs as root."""
        return self.device.root if self.as_root is None else self.as_root

    def output_closed(self) -> bool:
        """Whether what reads stdout stopped reading (``| head -n 5`` has its lines): a
        command that would go on forever stops, as a real one does on a broken pipe."""
        return isinstance(self.out, Filter) and self.out.closed

    def print(self, text: str) -> None:
        """Write ``text`` and a newline to stdout."""
        self.out.write(text.encode("utf-8") + b"\n")


Command = Callable[[Invocation, list[str]], int]
"""A command: takes its arguments (without its name), returns its exit status."""
FilterFactory = Callable[[Invocation, list[str]], Filter | None]
"""Opens a command as a pipe reader when its arguments make it read stdin, else None."""


def getopts(
    command: str, args: list[str], short: str, long: Sequence[str] = (), status: int = 1
) -> tuple[dict[str, str], list[str]]:
    """Options (``-x`` or ``--name``, to their value or ``""``; the last of a repeated one)
    and operands, in any order (``-rf`` is ``-r -f``); CommandError naming an unknown option
    or a missing value."""
    found, operands = getopt_pairs(command, args, short, long, status)
    return dict(found), operands


def getopt_pairs(
    command: str, args: list[str], short: str, long: Sequence[str] = (), status: int = 1
) -> tuple[list[tuple[str, str]], list[str]]:
    """``getopts``, with every option as given, in order (for options that may repeat:
    ``grep -e A -e B``)."""
    try:
        return getopt.gnu_getopt(args, short, list(long))
    except getopt.GetoptError as exc:
        raise CommandError(f"{command}: {exc}", status) from None


def option_value(args: list[str], i: int, option: str) -> str:
    """The argument after option ``args[i]``; CommandError when it is missing."""
    if i + 1 >= len(args):
        raise CommandError(f"option {option} needs a value")
    return args[i + 1]


def parse_int(text: str, what: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise CommandError(f"{what} must be an integer, got {text!r}") from None


def parse_number(text: str, what: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise CommandError(f"{what} must be a number, got {text!r}") from None
    if value != value or value in (float("inf"), float("-inf")):
        raise CommandError(f"{what} must be finite, got {text!r}")
    return value


def without_user(args: list[str]) -> list[str]:
    """``args`` without ``--user USER_ID`` (the phone has one user)."""
    out = []
    i = 0
    while i < len(args):
        if args[i] == "--user":
            i += 2
        else:
            out.append(args[i])
            i += 1
    return out
