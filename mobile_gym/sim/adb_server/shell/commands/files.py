"""``cat``, ``ls``, ``find``, ``rm``, ``mkdir``, ``touch``, ``stat``, ``chown``,
``restorecon`` and ``sync`` on the phone's files (paths relative to ``/``).

Owners are those ``mobile_gym.sim.adb_server.shell.commands.owners`` gives each path (an
app's data belongs to the app's uid); the phone keeps no owner per file, so ``chown``
checks what it is asked (a root shell, a known user and group, files that exist) and
changes nothing. SELinux labels are not modelled either: every file has its default
label already, and ``restorecon`` only checks that its files exist.
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import posixpath
import re
import stat
from collections.abc import Callable

from mobile_gym.sim.adb_server.files import FileStat, absolute, describe
from mobile_gym.sim.adb_server.shell.commands.owners import name_of, owner_of, parse_id
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
)
from mobile_gym.sim.adb_server.shell.streams import Filter

_UNIX_EPOCH = dt.datetime(1970, 1, 1)


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


def _long(invocation: Invocation, name: str, path: str) -> str:
    info = invocation.device.files.stat(path)
    when = _UNIX_EPOCH + dt.timedelta(seconds=info.mtime)
    uid, gid = owner_of(invocation.phone, path, info.is_dir)
    return (
        f"{stat.filemode(info.mode)} 1 {name_of(uid)} {name_of(gid)} {info.size:>8} "
        f"{when:%Y-%m-%d %H:%M} {name}"
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
        return _long(invocation, name, full) if "-l" in flags else name

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


# stat -----------------------------------------------------------------------------------------
_FORMAT_SPEC = re.compile(r"%([-#0 +']*(\d*)(?:\.(\d+))?)(.?)", re.DOTALL)
"""One ``stat -c`` escape: printf flags, width and precision, then its letter."""
_MAX_WIDTH = 9999
"""The widest field ``stat -c`` pads to (a wider one is refused, not printed)."""
_IO_BLOCK = 4096


def _file_type(info: FileStat) -> str:
    if info.is_dir:
        return "directory"
    return "regular file" if info.size else "regular empty file"


def _stat_fields(invocation: Invocation, arg: str, info: FileStat) -> dict[str, tuple[str, object]]:
    """What each ``stat -c`` letter shows of ``arg``: a printf conversion and its value."""
    uid, gid = owner_of(invocation.phone, absolute(arg), info.is_dir)
    when = f"{_UNIX_EPOCH + dt.timedelta(seconds=info.mtime):%Y-%m-%d %H:%M:%S}.000000000 +0000"
    blocks = -(-info.size // _IO_BLOCK) * (_IO_BLOCK // 512)
    return {
        "a": ("o", stat.S_IMODE(info.mode)),
        "A": ("s", stat.filemode(info.mode)),
        "b": ("u", blocks),
        "B": ("d", 512),
        "f": ("x", info.mode),
        "F": ("s", _file_type(info)),
        "g": ("u", gid),
        "G": ("s", name_of(gid)),
        "h": ("u", 2 if info.is_dir else 1),
        "n": ("s", arg),
        "N": ("s", f"`{arg}'"),
        "o": ("u", _IO_BLOCK),
        "s": ("u", info.size),
        "t": ("x", 0),
        "T": ("x", 0),
        "u": ("u", uid),
        "U": ("s", name_of(uid)),
        **{letter: ("s", when) for letter in "xyz"},
        **{letter: ("u", info.mtime) for letter in "XYZ"},
    }


def _stat_line(invocation: Invocation, arg: str, info: FileStat, form: str) -> str:
    """``form`` with each escape replaced by what it shows of ``arg`` (``?`` for one the
    phone does not model: device, inode, mount point)."""
    fields = _stat_fields(invocation, arg, info)

    def field(match: re.Match[str]) -> str:
        flags, letter = match[1].replace("'", ""), match[4]
        if max(int(match[2] or 0), int(match[3] or 0)) > _MAX_WIDTH:
            raise CommandError(f"stat: bad {match[0]}")
        if letter == "%":
            return "%"
        if letter not in fields:
            return "?"
        conversion, value = fields[letter]
        return f"%{flags}{conversion}" % value

    return _FORMAT_SPEC.sub(field, form)


def stat_command(invocation: Invocation, args: list[str]) -> int:
    """``stat -c FORMAT [-L] FILE...``: a line of FORMAT for each file, toybox's escapes
    (``%n`` name, ``%s`` size, ``%u``/``%U`` owner's uid and name, ``%g``/``%G`` group's,
    ``%a``/``%A`` access bits, ``%F`` type, ``%Y`` modified time, ...), each with printf
    flags and width. A missing file is reported and the others are shown."""
    flags, operands = getopts("stat", args, "c:fLt")
    if "-c" not in flags or flags.keys() & {"-f", "-t"}:
        raise CommandError("stat: only `stat -c FORMAT FILE...` is supported")
    if not operands:
        raise CommandError("stat: Need 1 argument")
    status = 0
    for arg in operands:
        info = invocation.device.files.stat(absolute(arg))
        if not info.mode:
            invocation.err.write(f"stat: '{arg}': No such file or directory\n".encode())
            status = 1
            continue
        invocation.print(_stat_line(invocation, arg, info, flags["-c"]))
    return status


# chown and restorecon -----------------------------------------------------------------------
def _owner_spec(spec: str) -> tuple[str | None, str | None]:
    """``OWNER[:GROUP]`` (or ``OWNER.GROUP``) as the names given, each checked (a name or a
    number); None for a part not given."""
    owner, colon, group = spec.partition(":")
    if not colon:
        owner, colon, group = spec.partition(".")
    if owner and parse_id(owner) is None:
        raise CommandError(f"chown: bad user '{owner}'")
    if colon and parse_id(group) is None:
        raise CommandError(f"chown: bad group '{group}'")
    return owner or None, group if colon else None


def _tree(invocation: Invocation, arg: str) -> list[str]:
    """``arg`` and, when it is a folder, the paths below it, each after what it holds
    (as ``chown -R`` visits them), in the form given."""
    files = invocation.device.files
    below: list[str] = []
    if files.is_dir(absolute(arg)):
        for name in files.list_dir(absolute(arg)):
            below += _tree(invocation, f"{arg.rstrip('/')}/{name}")
    return [*below, arg]


def chown(invocation: Invocation, args: list[str]) -> int:
    """``chown [-RHLPfhv] [OWNER][:GROUP] FILE...``: owners by name (``u0_a123``) or by
    number. Needs a root shell; checks each file exists (with ``-R`` visits all below) and
    changes nothing (the phone keeps no owners). ``-v`` lists each file, ``-f`` keeps
    quiet about the ones it could not change."""
    flags, operands = getopts("chown", args, "RHLPfhv")
    if len(operands) < 2:
        raise CommandError("chown: Need 2 arguments")
    owner, group = _owner_spec(operands[0])
    shown = f"{owner or ''}{'' if group is None else ':' + group}"
    status = 0
    for arg in operands[1:]:
        if not invocation.device.files.stat(absolute(arg)).mode:
            invocation.err.write(f"chown: {arg}: No such file or directory\n".encode())
            status = 1
            continue
        for path in _tree(invocation, arg) if "-R" in flags else [arg]:
            if "-v" in flags:
                invocation.print(f"chown {shown} {path}")
            if not invocation.root:
                status = 1
                if "-f" not in flags:
                    invocation.err.write(_not_permitted(path, owner, group).encode())
    return status


def _not_permitted(path: str, owner: str | None, group: str | None) -> str:
    """What toybox's ``chown`` says when the shell may not change ``path`` (a part not
    given prints as bionic prints a null string)."""
    wanted = ":".join("(null)" if part is None else part for part in (owner, group))
    return f"chown: changing owner:group of '{path}' to '{wanted}': Operation not permitted\n"


def restorecon(invocation: Invocation, args: list[str]) -> int:
    """``restorecon [-DFnRrv] FILE...``: give files their default SELinux label. Labels are
    not modelled (each file has its default one), so it checks that the files exist and,
    as on Android when nothing changes, prints nothing."""
    _, operands = getopts("restorecon", args, "DFnRrv")
    if not operands:
        raise CommandError("restorecon: Need 1 argument")
    return _each(invocation, "restorecon: restorecon failed", operands, _exists(invocation))


def sync(invocation: Invocation, args: list[str]) -> int:
    """``sync [-fd] [FILE...]``: write cached data to disk. The phone's storage has no
    cache (a write is in place when the command that made it ends), so it checks that the
    files named exist and, as on Android, prints nothing."""
    _, operands = getopts("sync", args, "fd")
    return _each(invocation, "sync", operands, _exists(invocation))


def _exists(invocation: Invocation) -> Callable[[str], None]:
    """What checks that a path is a file or a folder on the phone (FileNotFoundError if
    not), for ``_each``."""
    files = invocation.device.files

    def exists(path: str) -> None:
        if not files.stat(path).mode:
            raise FileNotFoundError(path)

    return exists


COMMANDS: dict[str, Command] = {
    "cat": cat,
    "find": find,
    "ls": ls,
    "rm": rm,
    "mkdir": mkdir,
    "touch": touch,
    "stat": stat_command,
    "chown": chown,
    "restorecon": restorecon,
    "sync": sync,
}
