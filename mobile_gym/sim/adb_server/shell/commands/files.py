"""``cat``, ``ls``, ``find``, ``rm``, ``mkdir`` and ``touch`` on the phone's files (paths
relative to ``/``)."""

from __future__ import annotations

import datetime as dt
import fnmatch
import posixpath
import stat

from mobile_gym.sim.adb_server.files import FileStat, absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
)
from mobile_gym.sim.adb_server.shell.streams import Filter


def _each(invocation: Invocation, command: str, operands: list[str], action) -> int:
    """Apply ``action`` to each operand's absolute path; report failures as the tools do."""
    status = 0
    for arg in operands:
        try:
            action(absolute(arg))
        except (OSError, ValueError) as exc:
            invocation.err.write(f"{command}: {arg}: {describe(exc)}\n".encode())
            status = 1
    return status


def cat(invocation: Invocation, args: list[str]) -> int:
    files = invocation.device.files
    return _each(invocation, "cat", args, lambda path: invocation.out.write(files.read(path)))


def cat_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``cat`` without files copies its input."""
    return None if args else Filter(invocation.out)


def _long(name: str, info: FileStat) -> str:
    when = dt.datetime(1970, 1, 1) + dt.timedelta(seconds=info.mtime)
    owner = "root" if info.is_dir else "shell"
    return (
        f"{stat.filemode(info.mode)} 1 {owner} {owner} {info.size:>8} {when:%Y-%m-%d %H:%M} {name}"
    )


def ls(invocation: Invocation, args: list[str]) -> int:
    """``ls [-adl1R] [PATH...]``: ``-a`` dot files too, ``-d`` a folder itself, not what it
    holds, ``-l`` long lines, ``-R`` every folder below as well (each under its path)."""
    flags, operands = getopts("ls", args, "adl1R")
    files = invocation.device.files
    status = 0
    paths = operands or ["/"]
    headed = len(paths) > 1 or "-R" in flags
    sections = 0  # folders listed so far (a blank line goes between two)

    def line(name: str, full: str) -> str:
        return _long(name, files.stat(full)) if "-l" in flags else name

    for arg in paths:
        path = absolute(arg)
        info = files.stat(path)
        if not info.mode:
            invocation.err.write(f"ls: {arg}: No such file or directory\n".encode())
            status = 1
            continue
        if not info.is_dir or "-d" in flags:
            invocation.print(line(arg, path))
            continue
        folders = [(arg, path)]
        while folders:
            shown_as, folder = folders.pop(0)
            names = files.list_dir(folder)
            if "-a" in flags:
                names = [".", "..", *names]
            else:
                names = [name for name in names if not name.startswith(".")]
            if headed:
                invocation.print(("\n" if sections else "") + f"{shown_as}:")
            sections += 1
            inside = [(name, f"{folder.rstrip('/')}/{name}") for name in names]
            for name, full in inside:
                invocation.print(line(name, full))
            if "-R" in flags:
                folders[:0] = [
                    (f"{shown_as.rstrip('/')}/{name}", full)
                    for name, full in inside
                    if name not in (".", "..") and files.stat(full).is_dir
                ]
    return status


def find(invocation: Invocation, args: list[str]) -> int:
    """``find [PATH...] [-type f|d] [-name PATTERN] [-print0]``: each path under each PATH
    (itself included), folders before what they hold, names in order; toybox's tests
    ``-type`` and ``-name`` only, and its action ``-print0`` (each path ended by a NUL
    rather than a newline, so that any name can be read back)."""
    roots: list[str] = []
    while args and not args[0].startswith("-"):
        roots.append(args.pop(0))
    tests: dict[str, str] = {}
    end = b"\n"
    while args:
        test = args.pop(0)
        if test == "-print0":
            end = b"\0"
            continue
        if test not in ("-type", "-name"):
            raise CommandError(f"find: bad arg '{test}'")
        if not args:
            raise CommandError(f"find: '{test}' needs 1 arg")
        tests[test] = args.pop(0)
    if tests.get("-type", "f") not in ("f", "d"):
        raise CommandError(f"find: bad -type '{tests['-type']}'")
    files = invocation.device.files

    def shown(path: str, is_dir: bool) -> bool:
        kind = tests.get("-type")
        if kind is not None and (kind == "d") != is_dir:
            return False
        name = tests.get("-name")
        return name is None or fnmatch.fnmatchcase(posixpath.basename(path) or "/", name)

    def walk(arg: str, path: str) -> None:
        is_dir = files.stat(path).is_dir
        if shown(path, is_dir):
            invocation.out.write(arg.encode("utf-8") + end)
        if is_dir:
            for name in files.list_dir(path):
                walk(f"{arg.rstrip('/')}/{name}", f"{path.rstrip('/')}/{name}")

    status = 0
    for arg in roots or ["."]:
        path = absolute(arg)
        if not files.stat(path).mode:
            invocation.err.write(f"find: {arg}: No such file or directory\n".encode())
            status = 1
            continue
        walk(arg, path)
    return status


def rm(invocation: Invocation, args: list[str]) -> int:
    flags, operands = getopts("rm", args, "rRfv")
    if not operands and "-f" not in flags:
        raise CommandError("usage: rm [-fiRrv] FILE...")
    files = invocation.device.files

    def remove(path: str) -> None:
        try:
            files.remove(path, recursive=bool(flags.keys() & {"-r", "-R"}))
        except FileNotFoundError:
            if "-f" not in flags:
                raise

    return _each(invocation, "rm", operands, remove)


def mkdir(invocation: Invocation, args: list[str]) -> int:
    flags, operands = getopts("mkdir", args, "pv")
    if not operands:
        raise CommandError("usage: mkdir [-p] DIR...")
    files = invocation.device.files
    return _each(invocation, "mkdir", operands, lambda path: files.mkdir(path, "-p" in flags))


def _touch_date(text: str) -> dt.datetime:
    """toybox's ``touch -d`` date, ``YYYY-MM-DD[T ]hh:mm[:SS][.frac][Z]``, on the phone's
    clock."""
    try:
        return dt.datetime.fromisoformat(text.removesuffix("Z")).replace(tzinfo=None)
    except ValueError:
        raise CommandError(f"touch: bad date '{text}'") from None


def touch(invocation: Invocation, args: list[str]) -> int:
    """``touch [-acm] [-d DATE] FILE...``: make missing files (not with ``-c``); with
    ``-d`` their modification time is DATE."""
    flags, operands = getopts("touch", args, "acmd:")
    when = _touch_date(flags["-d"]) if "-d" in flags else None
    files = invocation.device.files

    def apply(path: str) -> None:
        if not files.is_dir(path) and not files.is_file(path):
            if "-c" in flags:
                return
            files.write(path, b"")
        if when is not None:
            files.set_modified(path, when)

    return _each(invocation, "touch", operands, apply)


COMMANDS: dict[str, Command] = {
    "cat": cat,
    "find": find,
    "ls": ls,
    "rm": rm,
    "mkdir": mkdir,
    "touch": touch,
}
