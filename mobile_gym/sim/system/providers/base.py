"""What a content provider is to the ``content`` command: tables of rows, changed by row key.

A provider has tables at URI paths (``content://sms/inbox``: authority ``sms``, path
``inbox``); a last path segment may name one row (``content://sms/12``). A table's rows are
made from the state the phone keeps (its settings store, its apps' databases) whenever they
are asked for, so they are never out of date and there is no second copy to keep in step.
``--where`` and ``--sort`` run as SQL over those rows, meaning what they mean on Android; an
update or delete changes the rows they pick, through the table, in the phone's own state.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Protocol

from mobile_gym.device.task_sql import MAX_VALUE_BYTES, read_only_query
from mobile_gym.sim import Phone

SCHEME = "content://"
Value = str | int | float | None
"""A column value; a bound boolean is a ``bool`` (an ``int``: 1 or 0 in a number column)."""
SQLITE_EXCEPTION = "android.database.sqlite.SQLiteException"
ILLEGAL_ARGUMENT = "java.lang.IllegalArgumentException"


INTEGER_COLUMNS = frozenset(
    {
        "_id", "thread_id", "date", "read", "type", "starred", "has_phone_number",
        "contact_id", "raw_contact_id", "deleted", "person", "size", "date_added",
        "date_modified", "datetaken",
    }
)  # fmt: skip
"""Columns Android's providers declare ``INTEGER``: ``--where`` compares them as numbers."""
TEXT_COLUMNS = frozenset(
    {
        "address", "body", "name", "value", "display_name", "account_name", "account_type",
        "number", "label", "mimetype", *(f"data{n}" for n in range(1, 16)), "_data",
        "_display_name", "mime_type", "relative_path", "bucket_display_name",
    }
)  # fmt: skip
"""Columns Android's providers declare ``TEXT``: ``--where`` compares them as text."""


class ProviderError(Exception):
    """The provider refused the request; ``content`` prints it as Android prints the
    exception (``java.lang.IllegalArgumentException: MESSAGE``)."""

    def __init__(self, message: str, exception: str = ILLEGAL_ARGUMENT) -> None:
        super().__init__(message)
        self.exception = exception

    def __str__(self) -> str:
        return f"{self.exception}: {self.args[0]}"


@dataclass(frozen=True)
class Rows:
    """A table's rows: its column names and one tuple of values per row."""

    columns: tuple[str, ...]
    rows: Sequence[tuple[Value, ...]]

    def select(
        self,
        projection: Sequence[str] | None = None,
        where: str | None = None,
        sort: str | None = None,
    ) -> Rows:
        """The rows ``where`` (an SQL condition over the columns) keeps, ordered by ``sort``
        (an SQL ``ORDER BY`` list), with the ``projection`` columns (default: all).

        Raises:
            ProviderError: a column that does not exist, SQL that does not parse, or SQL
                that a task file's query may not hold (a write, ``printf``, ``random()``,
                the host's clock: ``task_sql.read_only_query``) or that runs past its
                budget.
        """
        columns = tuple(projection) if projection else self.columns
        for column in columns:
            if column not in self.columns:
                raise ProviderError(f"no such column: {column}", SQLITE_EXCEPTION)
        with _database(self) as conn:
            sql = f"SELECT {_names(columns)} FROM rows WHERE ({where or '1'})"
            sql += f" ORDER BY {sort}" if sort else " ORDER BY rowid"
            try:  # (read only, as a task's query: no write, no unbounded printf)
                return Rows(columns, read_only_query(conn, sql, []))
            except sqlite3.Error as exc:
                raise ProviderError(str(exc), SQLITE_EXCEPTION) from None

    def only(self, column: str, value: Value) -> Rows:
        """The rows whose ``column`` is ``value`` (the row a URI's last segment names)."""
        index = self.columns.index(column)
        return Rows(self.columns, [row for row in self.rows if row[index] == value])

    def values(self, column: str) -> list[Value]:
        index = self.columns.index(column)
        return [row[index] for row in self.rows]


class Table(Protocol):
    """One table of a provider: its rows, and changes to the phone's state behind them.

    ``key`` names the column that identifies a row; ``update`` and ``delete`` get the keys
    of the rows to change. Each raises ProviderError for what it cannot do.
    """

    key: str
    item: str
    """The column a URI's last path segment names a row by (``_id``: a number)."""

    def rows(self, phone: Phone) -> Rows: ...
    def insert(self, phone: Phone, values: dict[str, Value]) -> None: ...
    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None: ...
    def delete(self, phone: Phone, keys: list[Value]) -> None: ...


class Provider(Protocol):
    """A content provider: its tables by URI path."""

    def table(self, phone: Phone, path: str) -> Table | None:
        """The table at ``path`` (``inbox``, ``data/phones``), or None if there is none;
        ProviderError when the provider is not on this phone (its app is not installed)."""
        ...


def not_found(authority: str) -> ProviderError:
    """The error for a provider this phone does not have (its app is not installed)."""
    return ProviderError(f"Could not find provider: {authority}", "java.lang.IllegalStateException")


def unknown_columns(table: str, values: dict[str, Value], known: Sequence[str]) -> None:
    """ProviderError naming the first column of ``values`` not in ``known``, as SQLite does."""
    for column in values:
        if column not in known:
            raise ProviderError(f"table {table} has no column named {column}", SQLITE_EXCEPTION)


def _names(columns: Sequence[str]) -> str:
    return ", ".join(_quoted(column) for column in columns)


def _quoted(column: str) -> str:
    return '"' + column.replace('"', '""') + '"'


def _declared(column: str) -> str:
    """``column`` with the type affinity Android's table gives it (none if unknown)."""
    if column in INTEGER_COLUMNS:
        return f"{_quoted(column)} INTEGER"
    if column in TEXT_COLUMNS:
        return f"{_quoted(column)} TEXT"
    return _quoted(column)


@contextmanager
def _database(rows: Rows) -> Iterator[sqlite3.Connection]:
    """An in-memory SQLite database holding ``rows`` as table ``rows``, each column of the
    affinity Android declares for it, so that ``'2'`` and ``2`` compare as on Android."""
    conn = sqlite3.connect(":memory:")
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    try:
        conn.execute(f"CREATE TABLE rows({', '.join(map(_declared, rows.columns))})")
        marks = ", ".join("?" * len(rows.columns))
        conn.executemany(f"INSERT INTO rows VALUES ({marks})", rows.rows)
        yield conn
    finally:
        conn.close()
