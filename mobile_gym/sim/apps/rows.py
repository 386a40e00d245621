"""The rows of a query: read a page at a time as a list shows them, or read whole as records.

A recycled list asks its items for the rows in view only (``ScrollView`` with ``items``);
``QueryRows`` answers those asks from SQLite with ``LIMIT`` / ``OFFSET`` pages, and its
length with one ``COUNT``, so that a list of two thousand contacts costs what the ten rows
on screen cost. What it read is kept, for every list that asks the same query, until the
database is written. ``records`` reads every row of a query straight into records
(NamedTuples), without making a ``sqlite3.Row`` for each; ``ui.list_items.MadeItems`` over
``QueryRows`` makes records of the rows a list shows.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Hashable, Iterator, Mapping, Sequence
from itertools import starmap
from typing import TypeVar

from mobile_gym.caches import LRUCache
from mobile_gym.sim.ui.list_items import ListItems

PAGE = 32
"""Rows read at a time."""

R = TypeVar("R")


def records(
    conn: sqlite3.Connection,
    make: Callable[..., R],
    sql: str,
    params: Sequence[object] | Mapping[str, object] = (),
) -> list[R]:
    """Every row of ``sql`` on ``conn`` as ``make(*columns)`` (a record of the selected
    columns, in their order), read as plain tuples: no ``sqlite3.Row`` is made for a row that
    becomes a record at once."""
    cursor = conn.cursor()
    cursor.row_factory = None
    return list(starmap(make, cursor.execute(sql, params)))


class _Reading:
    """What one query read at one state of its database: how many rows it gives, and the
    pages of them read so far."""

    __slots__ = ("count", "pages")

    def __init__(self, _key: object = None) -> None:
        self.count: int | None = None
        self.pages: dict[int, list[sqlite3.Row]] = {}


_READINGS: LRUCache[tuple[object, ...], _Reading] = LRUCache(256)
"""What queries read, by connection, query, parameters and the database's stamp: a screen
built again while its database is unchanged (a letter typed, a dialog opened, a row
selected) reads nothing again, however long its list."""


class QueryRows(ListItems[sqlite3.Row]):
    """The rows ``sql`` (one SELECT, with its ORDER BY) gives on ``conn``, read lazily.

    ``stamp`` tells when the database may have changed (then what was read is read again).
    What was read at one stamp is kept for every equal query (``_READINGS``). Two of them
    are equal when they ask the same query of the same database: a list built again around
    an equal query keeps its rows.
    """

    def __init__(
        self,
        conn: sqlite3.Connection,
        sql: str,
        params: Sequence[object] = (),
        stamp: Callable[[], Hashable] | None = None,
    ) -> None:
        self._conn = conn
        self._sql = sql
        self._params = tuple(params)
        self._stamp = stamp or (lambda: conn.total_changes)
        self._read_at: Hashable = None
        self._read = _Reading()

    def _reading(self) -> _Reading:
        """What was read of the database as it is now."""
        stamp = self._stamp()
        if stamp != self._read_at:
            key = (self._conn, self._sql, self._params, stamp)
            self._read_at, self._read = stamp, _READINGS.get(key, _Reading)
        return self._read

    def __len__(self) -> int:
        read = self._reading()
        if read.count is None:
            found = self._conn.execute(f"SELECT COUNT(*) FROM ({self._sql})", self._params)
            read.count = found.fetchone()[0]
        return read.count

    def item(self, index: int) -> sqlite3.Row:
        pages = self._reading().pages
        number = index // PAGE
        page = pages.get(number)
        if page is None:
            page = pages[number] = self._conn.execute(
                f"{self._sql} LIMIT ? OFFSET ?", (*self._params, PAGE, number * PAGE)
            ).fetchall()
        try:
            return page[index % PAGE]
        except IndexError:
            raise IndexError(f"row {index} of a query with {len(self)} rows") from None

    def __iter__(self) -> Iterator[sqlite3.Row]:
        for index in range(len(self)):
            yield self[index]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, QueryRows):
            return NotImplemented
        return (self._conn, self._sql, self._params) == (other._conn, other._sql, other._params)

    def __hash__(self) -> int:
        return hash((id(self._conn), self._sql, self._params))

    def __repr__(self) -> str:
        return f"QueryRows({self._sql!r}, {self._params!r})"
