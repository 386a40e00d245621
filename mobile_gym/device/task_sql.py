"""SQL that task files run on app databases: read-only queries and setup writes, each within
a fixed budget.

A query is one statement that SQLite itself compiles under an authorizer that allows only
reading (``SELECT``, reading columns, calling functions, recursive common table
expressions): a write, ``ATTACH``, ``PRAGMA`` or transaction is refused while SQLite compiles
it, before anything runs, and so are ``printf`` / ``format``, whose one call can run for
seconds between two of the budget's checks, and what would judge one state two ways:
``random()``, and the host's clock and time zone (``'now'``, ``CURRENT_TIMESTAMP``,
``'localtime'``; the phone's clock is another). No value may grow past
``MAX_VALUE_BYTES``. Statements are told apart by ``sqlite3.complete_statement``, so a
``;`` inside a string literal, identifier or comment does not end one.

Every query and setup write runs under a progress handler that stops it after
``SQL_BUDGET`` SQLite virtual-machine instructions. The budget is counted, not timed: it
stops the same query at the same point on every machine, so a run stays reproducible.
"""

from __future__ import annotations

import contextlib
import re
import sqlite3
from collections.abc import Collection, Iterator
from typing import Any

from mobile_gym.caches import LRUCache

SQL_BUDGET = 20_000_000
"""SQLite virtual-machine instructions one query or setup write may take (a fraction of a
second; the shipped tasks' queries take a few thousand)."""
MAX_VALUE_BYTES = 16 * 1024 * 1024
"""The longest text or blob a query may make (``zeroblob(2e9)`` is refused)."""
MAX_ATTACHED = 4
"""The most other databases one query may read beside its own (SQLite allows ten)."""
RESERVED_SCHEMAS = frozenset({"main", "temp"})
"""Schema names SQLite gives its own databases, which an attached database may not take."""
_CHECK_EVERY = 1000
"""Instructions between two calls of the progress handler."""
_MOST_STAND_INS = 32
"""How many missing tables and columns ``check_reads_only`` makes up before it gives up."""
_MISSING_TABLE = re.compile(r"no such table: (?:(\w+)\.)?(.+)")
_MISSING_COLUMN = re.compile(r"no such column: (?:.+\.)?(.+)")

_READING = frozenset(
    {sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, sqlite3.SQLITE_RECURSIVE}
)
"""The authorizer actions a read-only query may take."""
_UNBOUNDED_FUNCTIONS = frozenset({"printf", "format"})
"""Functions whose one call may run for seconds, out of the budget's reach (it is counted
between instructions): ``printf('%.*c', 2000000000, 'x')`` loops two billion times."""
_UNREPRODUCIBLE_FUNCTIONS = frozenset(
    {"random", "randomblob", "current_date", "current_time", "current_timestamp"}
)
"""Functions whose value is drawn anew or read from the host's clock on every call: a
check built on them would judge the same state two ways."""
_DATE_CALL = re.compile(
    r"\b(?:date|time|datetime|julianday|unixepoch|strftime|timediff)\s*\((\s*\))?", re.I
)
_HOST_TIME = re.compile(r"'\s*(?:now|localtime|utc)\s*'", re.IGNORECASE)
"""With a date function (``_DATE_CALL``), SQLite's ways of reading the host's clock or
time zone: the time ``'now'`` (or no argument), the modifiers ``'localtime'`` and
``'utc'`` (the phone's clock and zone are not the host's; a task names its times)."""
_ACTIONS = {
    getattr(sqlite3, f"SQLITE_{name}"): name.replace("_", " ")
    for name in [
        "ALTER_TABLE",
        "ANALYZE",
        "ATTACH",
        "CREATE_INDEX",
        "CREATE_TABLE",
        "CREATE_TEMP_INDEX",
        "CREATE_TEMP_TABLE",
        "CREATE_TEMP_TRIGGER",
        "CREATE_TEMP_VIEW",
        "CREATE_TRIGGER",
        "CREATE_VIEW",
        "CREATE_VTABLE",
        "DELETE",
        "DETACH",
        "DROP_INDEX",
        "DROP_TABLE",
        "DROP_TEMP_INDEX",
        "DROP_TEMP_TABLE",
        "DROP_TEMP_TRIGGER",
        "DROP_TEMP_VIEW",
        "DROP_TRIGGER",
        "DROP_VIEW",
        "DROP_VTABLE",
        "INSERT",
        "PRAGMA",
        "REINDEX",
        "SAVEPOINT",
        "TRANSACTION",
        "UPDATE",
    ]
}
"""Names of the authorizer actions a query may not take, for error messages."""


QUERY_TEXTS = 2048
"""Query texts whose checks are kept: a whole catalogue's, so that envs taking turns over
every task (a suite's round robin, a vector env over many tasks) find the texts they met
still checked when they come back to them. The shipped tasks' signals run 324 distinct
texts, of about 190 characters on average (1,121 at most)."""
_READ_ONLY_TEXTS: LRUCache[str, bool] = LRUCache(QUERY_TEXTS)
"""Query texts SQLite compiled as one statement that only reads (see ``read_only_query``)."""
_STATEMENT_COUNTS: LRUCache[str, int] = LRUCache(QUERY_TEXTS)
"""How many statements SQLite finds in each query text met (a signal's query runs
whenever its database changes; splitting it opens a scratch database per piece)."""


class QueryRefused(sqlite3.DatabaseError):
    """A task's query that would do more than read one statement's rows."""


class QueryTooLong(sqlite3.OperationalError):
    """A task's query or setup write that ran past ``SQL_BUDGET`` instructions."""


@contextlib.contextmanager
def within_budget(conn: sqlite3.Connection, budget: int = SQL_BUDGET) -> Iterator[None]:
    """Run the statements inside on ``conn`` for at most ``budget`` instructions, making no
    value longer than ``MAX_VALUE_BYTES``.

    Raises:
        QueryTooLong: a statement ran past the budget (it is stopped, its transaction
            rolled back as SQLite does for an interrupted statement).
    """
    calls = 0
    most = max(1, budget // _CHECK_EVERY)

    def progress() -> bool:
        nonlocal calls
        calls += 1
        return calls > most

    old_length = conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.set_progress_handler(progress, _CHECK_EVERY)
    try:
        yield
    except sqlite3.OperationalError:
        if calls > most:
            raise QueryTooLong(
                f"query took too long (limit {budget:,} SQLite instructions)"
            ) from None
        raise
    finally:
        conn.set_progress_handler(None, 0)
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, old_length)


@contextlib.contextmanager
def _reading_only(conn: sqlite3.Connection) -> Iterator[set[int]]:
    """Let SQLite compile on ``conn`` only what reads; yields the set of reading actions it
    was asked to allow.

    Raises:
        QueryRefused: naming the first action that is not reading.
    """
    allowed: set[int] = set()
    refused: list[str] = []

    def authorize(action: int, first: str | None, second: str | None, *_: Any) -> int:
        function = second.lower() if action == sqlite3.SQLITE_FUNCTION and second else ""
        if function in _UNREPRODUCIBLE_FUNCTIONS:
            refused.append(f"call {function}, whose value changes from one run to the next")
            return sqlite3.SQLITE_DENY
        if action in _READING and function not in _UNBOUNDED_FUNCTIONS:
            allowed.add(action)
            return sqlite3.SQLITE_OK
        if action == sqlite3.SQLITE_UPDATE and first == "sqlite_master":
            refused.append("read a PRAGMA (SQLite makes a pragma_... table by writing its schema)")
            return sqlite3.SQLITE_DENY
        what = "call" if action == sqlite3.SQLITE_FUNCTION else _ACTIONS.get(action, "do that")
        refused.append(" ".join(part for part in (what, first, second) if part))
        return sqlite3.SQLITE_DENY

    conn.set_authorizer(authorize)
    try:
        yield allowed
    except sqlite3.DatabaseError:
        if refused:
            raise QueryRefused(
                f"must be a single SELECT query that only reads, but it would {refused[0]}"
            ) from None
        raise
    finally:
        conn.set_authorizer(None)


def _compile(conn: sqlite3.Connection, sql: str, params: list[Any]) -> None:
    """Have SQLite compile ``sql`` on ``conn`` without running it (``EXPLAIN``).

    Raises:
        QueryRefused: it would do more than read, or it is no query (``VACUUM``, which
            asks the authorizer nothing).
        sqlite3.Error: it does not compile.
    """
    calls = [call[1] for call in _DATE_CALL.finditer(sql)]
    if any(calls) or (calls and _HOST_TIME.search(sql)):
        raise QueryRefused(
            "must not read the host's clock or time zone ('now', a date function given no "
            "time, 'localtime', 'utc'): name the time, as a parameter"
        )
    with _reading_only(conn) as allowed:
        conn.execute(f"EXPLAIN {sql}", params).fetchall()
    if sqlite3.SQLITE_SELECT not in allowed:
        raise QueryRefused("must be a single SELECT query")


def statements(sql: str) -> list[str]:
    """The statements of ``sql`` as SQLite splits them: each ends at a ``;`` that
    ``sqlite3.complete_statement`` finds ends it (not one inside a literal or a comment);
    pieces holding only blanks, comments or ``;`` are left out."""
    found: list[str] = []
    start = 0
    for end, char in enumerate(sql):
        if char == ";" and sqlite3.complete_statement(sql[start : end + 1]):
            found.append(sql[start : end + 1])
            start = end + 1
    found.append(sql[start:])
    return [piece for piece in found if not _empty(piece)]


def _empty(piece: str) -> bool:
    """Whether SQLite finds no statement in ``piece`` (only blanks, comments and ``;``).

    SQLite compiles ``piece`` followed by ``SELECT 1``: with no statement of its own, the
    ``SELECT 1`` is what it compiles and runs; otherwise two statements are refused
    before either runs (or the piece's own error is raised).
    """
    if not piece.strip(" \t\r\n;"):
        return True
    conn = sqlite3.connect(":memory:")
    try:
        return conn.execute(f"{piece}\nSELECT 1").fetchall() == [(1,)]
    except sqlite3.Error:
        return False
    finally:
        conn.close()


def read_only_query(conn: sqlite3.Connection, sql: str, params: list[Any]) -> list[tuple]:
    """Rows of ``sql``, one statement that only reads, run within ``SQL_BUDGET``.

    It is compiled first (nothing runs) and run only if it is a query that only reads. A
    text SQLite has once compiled as such is run straight away the next times
    (``_READ_ONLY_TEXTS``): one statement that only reads stays so on any database, and
    an authorizer set on an app's connection would make SQLite prepare again every
    statement the app has cached.

    Raises:
        QueryRefused: more than one statement, or one that would write, attach, change a
            setting or open a transaction.
        QueryTooLong: the query ran past the budget.
        sqlite3.Error: any other problem of the query (a syntax error, an unknown table).
    """
    _single(sql)
    with within_budget(conn):
        _READ_ONLY_TEXTS.get(sql, lambda text: _compile(conn, text, params) or True)
        return [tuple(row) for row in conn.execute(sql, params).fetchall()]


def _single(sql: str) -> None:
    """QueryRefused unless ``sql`` is one complete statement."""
    if not sqlite3.complete_statement(sql + "\n;"):
        raise QueryRefused("must be a complete statement (an unclosed quote, comment or CASE?)")
    count = _STATEMENT_COUNTS.get(sql, lambda query: len(statements(query)))
    if count != 1:
        raise QueryRefused(f"must be a single SELECT query, but it holds {count} statements")


def check_reads_only(sql: str, attached: Collection[str] = ()) -> None:
    """Refuse ``sql`` if it is not one statement that only reads, as far as SQLite can tell
    by compiling it (without running it) with no app database at hand.

    It is compiled over an empty database (with an empty one attached under each name of
    ``attached``), given each table and column SQLite reports missing (as an empty
    stand-in) until it compiles or asks for something else; what still does not compile (a
    ``{name}`` field not filled in yet, an unknown function) is left for the query itself
    to judge when it runs on the app's database.

    Raises:
        QueryRefused: more than one statement, or one that would do more than read.
    """
    _single(sql)
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for name in attached:
            attach_database(conn, name)
        for _ in range(_MOST_STAND_INS):
            try:
                with within_budget(conn):
                    _compile(conn, sql, [])
                return
            except QueryRefused:
                raise
            except sqlite3.Error as exc:
                if not _stand_in(conn, str(exc), ["main", *attached]):
                    return  # inconclusive here: judged again when it runs
    finally:
        conn.close()


def attach_database(conn: sqlite3.Connection, name: str, uri: str = ":memory:") -> None:
    """Attach the database at ``uri`` (a file URI on a connection opened with
    ``uri=True``; an empty one by default) to ``conn`` under the schema name ``name``."""
    conn.execute(f"ATTACH DATABASE ? AS {_quoted(name)}", (uri,))


def joined_copy(
    main: sqlite3.Connection, attached: dict[str, sqlite3.Connection]
) -> sqlite3.Connection:
    """A new in-memory connection holding a copy of ``main``'s database, with a copy of
    each of ``attached`` under its name: one query reads them all, and none of the
    originals' connections is changed (close it after use)."""
    conn = sqlite3.connect(":memory:", isolation_level=None)
    try:
        for name, source in {"main": main, **attached}.items():
            if name != "main":
                attach_database(conn, name)
            if source.execute("PRAGMA page_count").fetchone()[0]:  # (no page: nothing to copy)
                conn.deserialize(source.serialize(), name=name)
    except BaseException:
        conn.close()
        raise
    return conn


def _stand_in(conn: sqlite3.Connection, error: str, schemas: list[str]) -> bool:
    """Make the empty table or column that ``error`` says is missing (in one of
    ``schemas``); False if it says something else (or the stand-in cannot be made)."""
    try:
        if match := _MISSING_TABLE.fullmatch(error):
            schema = match[1] if match[1] in schemas else "main"
            conn.execute(f"CREATE TABLE {_quoted(schema)}.{_quoted(match[2])} (_)")
            return True
        if match := _MISSING_COLUMN.fullmatch(error):
            tables = [
                f"{_quoted(schema)}.{_quoted(row[0])}"
                for schema in schemas
                for row in conn.execute(f"SELECT name FROM {_quoted(schema)}.sqlite_master")
            ]
            for table in tables:
                conn.execute(f"ALTER TABLE {table} ADD COLUMN {_quoted(match[1])}")
            return bool(tables)
    except sqlite3.Error:
        return False
    return False


def _quoted(name: str) -> str:
    """``name`` as an SQL identifier."""
    return '"' + name.replace('"', '""') + '"'
