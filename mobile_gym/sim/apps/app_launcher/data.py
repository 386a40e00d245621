"""App Launcher's data: the launcher items (one per app, with the title the user gave it),
their order and the options that arrange the grid."""

from __future__ import annotations

import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.rows import records

DATABASE = "app_launcher"
SCHEMA = (
    """
CREATE TABLE launchers(
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    package TEXT NOT NULL UNIQUE,
    position INTEGER NOT NULL DEFAULT 0
);
"""
    + preferences.SCHEMA
)
DEFAULTS = {
    "column_count": "4",
    "sort": "title",
    "order": "asc",
    "show_app_name": "1",
    "close_app": "1",
}
MIN_COLUMNS, MAX_COLUMNS = 1, 6
FIRST_RUN_LEFT_OUT = frozenset(
    {"com.android.chrome", "com.android.camera2", "com.wikihow.wikihowapp"}
)
"""Installed apps the seeded grid leaves out: the launcher starts with the phone's own tools
and Settings, and the user adds the browser, the camera and wikiHow through "Add apps"."""
_SORT_KEYS = {"custom": "position, id", "title": "title COLLATE NOCASE, id"}


@dataclass(frozen=True)
class Launcher:
    """One item of the grid: the app ``package`` under the title ``title``."""

    id: int
    title: str
    package: str
    position: int


def launchers(db: sqlite3.Connection, sort: str, order: str, query: str = "") -> list[Launcher]:
    """The items in display order, those whose title contains ``query`` (lower-case); the
    custom order has no direction."""
    if sort not in _SORT_KEYS or order not in ("asc", "desc"):
        raise ValueError(f"unknown launcher order {sort!r} {order!r}")
    in_order = f"SELECT id, title, package, position FROM launchers ORDER BY {_SORT_KEYS[sort]}"
    found = records(db, Launcher, in_order)
    if order == "desc" and sort != "custom":
        found.reverse()
    return titled(found, query) if query else found


def titled(items: Sequence[Launcher], query: str) -> list[Launcher]:
    """The ``items`` whose title contains ``query`` (lower-case), in their order."""
    return [item for item in items if query in item.title.lower()]


def add(db: sqlite3.Connection, entries: Sequence[tuple[str, str]]) -> list[int]:
    """Append launchers ``(title, package)`` after the last one; their new ids."""
    last = db.execute("SELECT COALESCE(MAX(position), -1) FROM launchers").fetchone()[0]
    return [
        int(
            db.execute(
                "INSERT INTO launchers(title, package, position) VALUES (?, ?, ?)",
                (title, package, last + 1 + i),
            ).lastrowid
        )
        for i, (title, package) in enumerate(entries)
    ]


def seed_launchers(
    db: sqlite3.Connection, rng: random.Random, apps: Sequence[tuple[str, str]]
) -> None:
    """The installed ``apps`` (label, package) but those of ``FIRST_RUN_LEFT_OUT``, in an
    order the user arranged."""
    chosen = [app for app in apps if app[1] not in FIRST_RUN_LEFT_OUT]
    rng.shuffle(chosen)
    add(db, chosen)
