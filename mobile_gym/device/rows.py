"""Rows written into an app's SQLite table for task setup, the same way on every device."""

from __future__ import annotations

import re
import sqlite3
from typing import Any

_COLUMN = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


def insert_rows(
    conn: sqlite3.Connection, table: str, rows: list[dict[str, Any]], clear: bool, where: str
) -> None:
    """Insert ``rows`` (column name to value) into ``table``, emptying it first if ``clear``.

    Raises:
        ValueError: a column name that is not a plain identifier (``where`` names the table
            in the message).
    """
    if clear:
        conn.execute(f'DELETE FROM "{table}"')
    for row in rows:
        columns = list(row)
        bad = [c for c in columns if not _COLUMN.match(c)]
        if bad:
            raise ValueError(f"invalid column names {bad} for {where}")
        names = ", ".join(f'"{c}"' for c in columns)
        marks = ", ".join("?" for _ in columns)
        conn.execute(f'INSERT INTO "{table}" ({names}) VALUES ({marks})', [row[c] for c in columns])
