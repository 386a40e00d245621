"""Shell builtins: ``echo``, ``true``, ``false``, ``sleep``, ``exit``, ``export`` and
``unset``, and ``id`` and ``pwd`` (the shell runs as root, in ``/``).

``sleep`` lets the phone's virtual time pass (``Phone.wait``) and returns at once: the
simulated phone has no other clock. ``export NAME=VALUE`` (or ``export NAME``) hands a
variable to the commands run after it; ``export`` or ``export -p`` lists them.
"""

from __future__ import annotations

import shlex

from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    ShellExit,
    parse_int,
    parse_number,
)
from mobile_gym.sim.adb_server.shell.parser import is_name

_ESCAPES = {"n": "\n", "t": "\t", "\\": "\\", "a": "\a", "r": "\r", "0": "\0"}


def echo(invocation: Invocation, args: list[str]) -> int:
    newline, escapes = True, False
    while args and args[0] in ("-n", "-e", "-ne", "-en"):
        newline = newline and "n" not in args[0]
        escapes = escapes or "e" in args[0]
        args = args[1:]
    text = " ".join(args)
    if escapes:
        parts = text.split("\\")
        text = parts[0] + "".join(
            (_ESCAPES[p[0]] + p[1:]) if p and p[0] in _ESCAPES else "\\" + p for p in parts[1:]
        )
    invocation.out.write((text + ("\n" if newline else "")).encode("utf-8"))
    return 0


def true(invocation: Invocation, args: list[str]) -> int:
    return 0


def false(invocation: Invocation, args: list[str]) -> int:
    return 1


def sleep(invocation: Invocation, args: list[str]) -> int:
    if len(args) != 1:
        raise CommandError("usage: sleep SECONDS")
    seconds = parse_number(args[0], "sleep: seconds")
    if seconds < 0:
        raise CommandError(f"sleep: invalid time interval '{args[0]}'")
    invocation.phone.wait(round(seconds * 1000))
    return 0


def exit_shell(invocation: Invocation, args: list[str]) -> int:
    if len(args) > 1:
        raise CommandError("exit: too many arguments")
    raise ShellExit(parse_int(args[0], "exit status") & 0xFF if args else 0)


def _identifier(command: str, name: str) -> str:
    if not is_name(name):
        raise CommandError(f"{command}: {name}: is not an identifier")
    return name


def export(invocation: Invocation, args: list[str]) -> int:
    variables = invocation.session.variables
    if args in ([], ["-p"]):
        for name, value in variables.environment().items():
            invocation.print(f"export {name}={shlex.quote(value)}")
        return 0
    for arg in args:
        name, assigns, value = arg.partition("=")
        variables.export(_identifier("export", name))
        if assigns:
            variables.set(name, value)
    return 0


def unset(invocation: Invocation, args: list[str]) -> int:
    for name in args:
        invocation.session.variables.unset(_identifier("unset", name))
    return 0


ROOT_ID = "uid=0(root) gid=0(root) groups=0(root) context=u:r:su:s0"
"""What ``id`` says: the served shell is root, as an emulator's after ``adb root``."""


def identity(invocation: Invocation, args: list[str]) -> int:
    if args:
        raise CommandError("id: only `id` with no arguments is supported")
    invocation.print(ROOT_ID)
    return 0


def working_directory(invocation: Invocation, args: list[str]) -> int:
    invocation.print("/")
    return 0


COMMANDS: dict[str, Command] = {
    "id": identity,
    "pwd": working_directory,
    "echo": echo,
    "true": true,
    "false": false,
    "sleep": sleep,
    "exit": exit_shell,
    "export": export,
    "unset": unset,
}
