"""A task's query is checked once: envs that take turns over a whole catalogue of tasks (a
suite's round robin, a vector env over many tasks) find each query text they met before
still judged read-only when they come back to it, and run it without compiling it again.
What the check refuses is refused every time."""

from __future__ import annotations

import sqlite3

import pytest

from mobile_gym.caches import LRUCache
from mobile_gym.device import task_sql

CATALOGUE = 1000
"""Distinct query texts met in turn: about three times what the shipped tasks run (324)."""


def test_a_catalogues_worth_of_queries_is_checked_once(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    split: list[str] = []
    compile_query, statements = task_sql._compile, task_sql.statements

    def counted_compile(conn: sqlite3.Connection, sql: str, params: list) -> None:
        compiled.append(sql)
        compile_query(conn, sql, params)

    def counted_split(sql: str) -> list[str]:
        split.append(sql)
        return statements(sql)

    monkeypatch.setattr(task_sql, "_compile", counted_compile)
    monkeypatch.setattr(task_sql, "statements", counted_split)
    for name in ("_READ_ONLY_TEXTS", "_STATEMENT_COUNTS"):  # empty, as a fresh process has them
        monkeypatch.setattr(task_sql, name, LRUCache(getattr(task_sql, name).maxsize))
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT)")
    conn.executemany("INSERT INTO notes (title) VALUES (?)", [("a",), ("b",), ("c",)])
    met = [f"SELECT count(*) + {i} FROM notes WHERE title != ?" for i in range(CATALOGUE)]
    rows = [task_sql.read_only_query(conn, sql, ["b"]) for sql in met]
    assert rows == [[(2 + i,)] for i in range(CATALOGUE)]
    first_round = (len(compiled), len(split))
    assert first_round == (CATALOGUE, CATALOGUE)
    assert [task_sql.read_only_query(conn, sql, ["b"]) for sql in met] == rows
    assert (len(compiled), len(split)) == first_round  # the second round checks nothing again


def test_a_query_that_writes_is_refused_each_time() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, title TEXT)")
    conn.execute("INSERT INTO notes (title) VALUES ('kept')")
    for _ in range(2):
        with pytest.raises(task_sql.QueryRefused, match="it would DELETE notes"):
            task_sql.read_only_query(conn, "DELETE FROM notes", [])
        with pytest.raises(task_sql.QueryRefused, match="holds 2 statements"):
            task_sql.read_only_query(conn, "SELECT 1; DELETE FROM notes", [])
    assert conn.execute("SELECT title FROM notes").fetchall() == [("kept",)]
