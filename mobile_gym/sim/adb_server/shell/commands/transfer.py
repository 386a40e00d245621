"""``cp`` and ``mv`` on the phone's files, as toybox runs them.

- ``cp [-afnpRrv] SOURCE... DEST`` copies each SOURCE to DEST, or into DEST when it is a
  folder (as ``DEST/<name of SOURCE>``); more than one SOURCE needs a folder there. A folder
  is copied only with ``-r`` / ``-R`` (``-a``: ``-pr``), into a folder that is made when
  missing and keeps what it holds. ``-n`` leaves files that are there already as they are,
  ``-p`` keeps the sources' modification times (the copies are modified now otherwise), ``-v``
  names each source, ``-f`` is accepted (the shell may write every file it reaches).
- ``mv [-fnv] SOURCE... DEST`` moves (renames) them the same way, keeping their times: a
  file there is replaced (``-n``: kept), and a folder replaces only an empty folder. A folder
  moves only from ``/sdcard`` or ``/data/local/tmp``, as only there may the shell remove one.

Both work on the files that ``ls``, ``cat``, sync and the apps (File Manager, Files) see, so
a file copied here shows in them. What fails is reported per SOURCE in toybox's words and
the command exits 1; the rest are still done.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable

from mobile_gym.sim.adb_server.files import PhoneFiles, absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
)


def cp(invocation: Invocation, args: list[str]) -> int:
    flags, operands = getopts("cp", args, "afnpRrv")
    recursive = bool(flags.keys() & {"-a", "-R", "-r"})
    keep_times = bool(flags.keys() & {"-a", "-p"})
    clobber = "-n" not in flags

    def copy(files: PhoneFiles, source: str, target: str) -> None:
        files.copy(source, target, recursive, clobber, keep_times)

    return _transfer(invocation, "cp", flags, operands, copy)


def mv(invocation: Invocation, args: list[str]) -> int:
    flags, operands = getopts("mv", args, "fnv")
    clobber = "-n" not in flags

    def move(files: PhoneFiles, source: str, target: str) -> None:
        files.move(source, target, clobber)

    return _transfer(invocation, "mv", flags, operands, move)


Transfer = Callable[[PhoneFiles, str, str], None]
"""Copies or moves one source to its target path."""


def _transfer(
    invocation: Invocation,
    command: str,
    flags: dict[str, str],
    operands: list[str],
    act: Transfer,
) -> int:
    """Run ``act(files, source, target)`` for each SOURCE of ``operands``, its target found
    from DEST as toybox finds it; report each failure and exit 1 if there was one."""
    if len(operands) < 2:
        raise CommandError(f"{command}: Need 2 arguments")
    *sources, dest = operands
    files = invocation.device.files
    into = files.is_dir(absolute(dest))
    if len(sources) > 1 and not into:
        raise CommandError(f"{command}: '{dest}' not directory")
    status = 0
    for source in sources:
        name = source.rstrip("/") or source
        target = f"{dest.rstrip('/')}/{posixpath.basename(name)}" if into else dest
        path, to = absolute(name), absolute(target)
        inside = to.startswith(path.rstrip("/") + "/")
        if command == "cp" and (inside or to == path):
            status = _fail(invocation, command, f"'{target}' is '{name}'")
            continue
        if inside:  # (a rename onto itself is done already)
            status = _fail(invocation, command, f"bad '{name}'", "Invalid argument")
            continue
        if "-v" in flags:
            invocation.print(f"{command} '{name}'")
        try:
            act(files, path, to)
        except (OSError, ValueError) as exc:
            status = _fail(invocation, command, *_failure(exc, name, target, path, to))
    return status


def _failure(
    exc: OSError | ValueError, name: str, target: str, path: str, to: str
) -> tuple[str, str]:
    """What toybox says of a failed copy or move of ``name`` (at ``path``) to ``target`` (at
    ``to``): what failed, and why."""
    if isinstance(exc, IsADirectoryError) and str(exc) == path:  # a folder, without -r
        return f"Skipped dir '{name}'", ""
    if isinstance(exc, NotADirectoryError) and str(exc) == to:  # a folder onto a file
        return f"dir at '{name}'", ""
    if isinstance(exc, OSError) and str(exc) == to:  # (no folder to hold it, say)
        return target, describe(exc)
    return f"bad '{name}'", describe(exc)


def _fail(invocation: Invocation, command: str, what: str, reason: str = "") -> int:
    invocation.err.write(f"{command}: {what}{': ' if reason else ''}{reason}\n".encode())
    return 1


COMMANDS: dict[str, Command] = {"cp": cp, "mv": mv}
