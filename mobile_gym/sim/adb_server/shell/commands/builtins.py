"""Shell builtins: ``echo``, ``true``, ``false``, ``sleep``, ``exit``, ``export`` and
``unset``, and ``id`` and ``pwd`` (the shell runs in ``/``, as root after ``adb root``, as
``shell`` on a phone served with ``root=False``).

``sleep`` lets the phone's virtual time pass (``Phone.wait``) and returns at once: the
simulated phone has no other clock. ``export NAME=VALUE`` (or ``export NAME``) hands a
variable to the commands run after it; ``export`` or ``export -p`` lists them.
"""

from __future__ import annotations

import shlex

from mobile_gym.sim.adb_server.shell.commands.owners import (
    Identity,
    id_of,
    name_of,
    shell_identity,
)
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    ShellExit,
    getopts,
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


def _user(name: str, context: str) -> Identity:
    """Who user ``name`` is, as bionic's ``getpwnam`` gives it (its own group alone), seen
    from a process in SELinux ``context``."""
    uid = id_of(name)
    if uid is None:
        raise CommandError(f"id: user '{name}': No such file or directory")
    return Identity(uid, uid, (uid,), context)


def _id_line(who: Identity) -> str:
    """``id``'s full line: user, group, the other groups and the SELinux context."""
    groups = [who.gid, *(gid for gid in who.groups if gid != who.gid)]
    return (
        f"uid={who.uid}({name_of(who.uid)}) gid={who.gid}({name_of(who.gid)}) "
        f"groups={','.join(f'{gid}({name_of(gid)})' for gid in groups)} context={who.context}"
    )


def identity(invocation: Invocation, args: list[str]) -> int:
    """``id [-Z | -u | -g | -G] [-nr] [USER]``, as toybox's: the shell's (or USER's) ids,
    only the user's (``-u``), the group's (``-g``) or all groups (``-G``), as names with
    ``-n``; ``-Z`` the SELinux context. Real and effective ids are the same."""
    flags, operands = getopts("id", args, "ZnGgru")
    only = [flag[1] for flag in ("-Z", "-G", "-g", "-u") if flag in flags]
    if len(only) > 1:
        raise CommandError(f"id: No '{only[0]}' with '{only[1]}'")
    if len(operands) > 1:
        raise CommandError("id: Max 1 argument")
    who = shell_identity(invocation.root)
    if operands:
        who = _user(operands[0], who.context)
    show = name_of if "-n" in flags else str
    if "-u" in flags:
        invocation.print(show(who.uid))
    elif "-g" in flags:
        invocation.print(show(who.gid))
    elif "-G" in flags:
        invocation.print(" ".join(show(gid) for gid in who.groups))
    elif "-Z" in flags:
        invocation.print(who.context)
    else:
        invocation.print(_id_line(who))
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
