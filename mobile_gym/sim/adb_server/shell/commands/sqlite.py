"""``sqlite3 [OPTIONS] [DATABASE [SQL]]``: SQLite's command-line shell on the phone's databases.

DATABASE is a path. An app's database (``/data/data/PACKAGE/databases/NAME.db``, or the same
under ``/data/user/0`` or ``/data/user_de/0``) is the app's own connection, so what a
statement writes the app shows at its next frame (one the app does not have is made as a
file is, below); reading it needs root, as on Android
(the served shell is root, as after ``adb root``; ``su 0 sqlite3 ...`` works too). Any other
path is a file holding a database, written back when a statement changed it (a path with no
file starts empty and is made only then); no DATABASE is a database in memory.

The SQL is the operand, or else standard input (``adb shell sqlite3 DB < script.sql``,
``echo 'SELECT 1;' | sqlite3 DB``). Statements run in order and each one's rows are printed
as SQLite's shell prints them: list mode by default (``|`` between columns, NULL as
nothing), ``-csv``, ``-separator SEP``, ``-header`` / ``-noheader``. ``.tables`` and
``.schema [TABLE]`` list the tables and their SQL. An error stops the run with ``Error:
...`` on stderr and exit status 1. Each statement runs within ``task_sql.SQL_BUDGET``
SQLite instructions: a runaway query is interrupted rather than holding the phone.
``ATTACH`` and ``VACUUM INTO`` are refused: their files would be the host's, not the phone's.
"""

from __future__ import annotations

import csv
import io
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.device.task_sql import QueryTooLong, statements, within_budget
from mobile_gym.sim.adb_server.files import absolute
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation
from mobile_gym.sim.adb_server.shell.streams import Filter
from mobile_gym.sim.system.storage import database_named, database_path, normalize

FAILED = 1
_APP_DATA = "/data/data/"


@dataclass
class _Options:
    separator: str = "|"
    header: bool = False
    csv: bool = False


@dataclass
class _Target:
    """The database a run works on, and how what it changed is kept."""

    conn: sqlite3.Connection
    keep: Callable[[], None]
    """Called after the run: writes a file database back when it changed."""


def _parsed(args: list[str]) -> tuple[_Options, list[str]]:
    """The options (SQLite's shell takes them with one dash) and the operands."""
    options, operands = _Options(), []
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("-") or operands:
            operands.append(arg)
        elif arg in ("-header", "-noheader"):
            options.header = arg == "-header"
        elif arg == "-csv":
            options.csv, options.separator = True, ","
        elif arg == "-list":
            options.csv, options.separator = False, "|"
        elif arg == "-separator":
            if i + 1 >= len(args):
                raise CommandError("sqlite3: Error: missing argument to -separator")
            i += 1
            options.separator = args[i]
        else:
            raise CommandError(
                f"sqlite3: Error: unknown option: {arg}\nUse -help for a list of options."
            )
        i += 1
    if len(operands) > 2:
        raise CommandError("sqlite3: Error: too many options: " + repr(operands[2]))
    return options, operands


def _opened(invocation: Invocation, name: str | None) -> _Target:
    """The database at path ``name`` (None or empty: one in memory)."""
    if not name:
        return _Target(_memory(), lambda: None)
    path = normalize(absolute(name))
    refused = CommandError(f'Error: unable to open database "{name}": unable to open database file')
    if path.startswith(_APP_DATA) and not invocation.root:
        raise refused
    phone = invocation.phone
    app_database = database_named(path)
    if app_database is not None:
        package, database = phone.package_name(app_database[0]), app_database[1]
        if package not in phone.apps:
            raise refused
        if phone.storage.has_database(package, database):
            return _Target(phone.database(package, database), lambda: None)
        path = database_path(package, database)  # made, as a file is, if a statement writes
    files = invocation.device.files
    conn = _memory()
    data = files.read(path) if files.is_file(path) else b""
    if data:  # (an empty file is an empty database, as SQLite takes it)
        conn.deserialize(data)  # (SQLite reads it when a statement does: a text file fails then)

    def keep() -> None:
        if conn.total_changes:
            files.write(path, conn.serialize())

    return _Target(conn, keep)


def _memory() -> sqlite3.Connection:
    """A database in memory that keeps each statement as it runs (SQLite's autocommit)."""
    return sqlite3.connect(":memory:", isolation_level=None)


def _text(value: object) -> str:
    """A value as SQLite's shell prints it in list mode."""
    if value is None:
        return ""
    if isinstance(value, float):
        text = format(value, ".15g")
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(value, bytes):
        return value.decode("utf-8", "replace")
    return str(value)


def _rows(cursor: sqlite3.Cursor, options: _Options) -> str:
    columns = [d[0] for d in cursor.description or ()]
    rows = [[_text(v) for v in row] for row in cursor]
    if not columns:
        return ""
    lines = ([columns] if options.header and rows else []) + rows
    if options.csv:
        out = io.StringIO()
        csv.writer(out, delimiter=options.separator, lineterminator="\n").writerows(lines)
        return out.getvalue()
    return "".join(options.separator.join(line) + "\n" for line in lines)


def _dot_command(conn: sqlite3.Connection, line: str) -> str:
    words = line.split()
    if words[0] == ".tables":
        names = conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view')"
            " AND name NOT LIKE 'sqlite_%' ORDER BY name"
        )
        listed = [name for (name,) in names]
        return "  ".join(listed) + "\n" if listed else ""
    if words[0] == ".schema":
        where = " AND tbl_name = ?" if len(words) > 1 else ""
        rows = conn.execute(
            f"SELECT sql FROM sqlite_master WHERE sql IS NOT NULL{where} ORDER BY rowid",
            words[1:2],
        )
        return "".join(f"{sql};\n" for (sql,) in rows)
    raise CommandError(f'Error: unknown command or invalid arguments:  "{words[0][1:]}"')


def _run(invocation: Invocation, options: _Options, name: str | None, script: str) -> int:
    """Run ``script`` on the database ``name``; the exit status."""
    try:
        target = _opened(invocation, name)
    except CommandError as exc:
        invocation.err.write(f"{exc}\n".encode())
        return FAILED
    conn = target.conn
    conn.set_authorizer(_phone_only)
    try:
        for piece in _pieces(script):
            if piece.startswith("."):
                invocation.out.write(_dot_command(conn, piece).encode())
                continue
            with within_budget(conn):
                invocation.out.write(_rows(conn.execute(piece), options).encode())
    except (sqlite3.Error, QueryTooLong) as exc:
        invocation.err.write(f"Error: {exc}\n".encode())
        return FAILED
    except CommandError as exc:
        invocation.err.write(f"{exc}\n".encode())
        return FAILED
    finally:
        conn.set_authorizer(None)
        if conn.in_transaction:
            conn.rollback()  # a transaction left open is not kept, as at SQLite's shell's exit
        target.keep()
    return 0


def _phone_only(action: int, *_: object) -> int:
    """SQLite's authorizer for the shell's statements: no ``ATTACH`` or ``VACUUM INTO``,
    which would open a file of the machine the phone runs on."""
    return sqlite3.SQLITE_DENY if action == sqlite3.SQLITE_ATTACH else sqlite3.SQLITE_OK


def _pieces(script: str) -> list[str]:
    """The dot commands (a line of their own) and the SQL statements of ``script``, in order."""
    pieces: list[str] = []
    sql: list[str] = []
    for line in script.splitlines():
        if line.lstrip().startswith(".") and not "".join(sql).strip():
            pieces.append(line.strip())
        else:
            sql.append(line)
            if sqlite3.complete_statement("\n".join(sql)):
                pieces += statements("\n".join(sql))
                sql = []
    pieces += statements("\n".join(sql))
    return pieces


class _Script(Filter):
    """Reads the SQL from standard input, and runs it at its end."""

    def __init__(self, invocation: Invocation, options: _Options, name: str | None) -> None:
        super().__init__(invocation.out)
        self.invocation, self.options, self.name = invocation, options, name
        self._input = bytearray()

    def write(self, data: bytes) -> None:
        self._input += data

    def finish(self) -> int:
        script = self._input.decode("utf-8", "replace")
        return _run(self.invocation, self.options, self.name, script)


def sqlite(invocation: Invocation, args: list[str]) -> int:
    """``sqlite3 DATABASE SQL`` (with less, the SQL is read from standard input:
    ``sqlite_filter``)."""
    options, (name, script) = _parsed(args)
    return _run(invocation, options, name, script)


def sqlite_filter(invocation: Invocation, args: list[str]) -> Filter | None:
    """``sqlite3 DATABASE`` without SQL reads its statements from standard input."""
    options, operands = _parsed(args)
    if len(operands) >= 2:
        return None
    return _Script(invocation, options, operands[0] if operands else None)


COMMANDS: dict[str, Command] = {"sqlite3": sqlite}
