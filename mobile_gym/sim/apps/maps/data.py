"""Maps' stored state: "Your location", saved places and their lists, search history."""

from __future__ import annotations

import sqlite3

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.maps import names, world
from mobile_gym.sim.apps.maps.world import Place


def db(ctx: AppContext) -> sqlite3.Connection:
    return ctx.db(names.DATABASE)


def now_ms(ctx: AppContext) -> int:
    """The phone's time, in ms since 1970 (never through the host's time zone)."""
    return ctx.phone.clock.epoch_ms


def my_place(ctx: AppContext) -> Place:
    """The place standing for "Your location" (the preference ``my_location``)."""
    row = db(ctx).execute("SELECT value FROM preferences WHERE key = 'my_location'").fetchone()
    found = world.place(row["value"]) if row is not None else None
    return found or world.places()[names.DEFAULT_LOCATION]


LISTS = "SELECT name FROM lists ORDER BY created, name"
"""The saved lists, oldest first (through the index ``lists_by_created``)."""


def lists(ctx: AppContext) -> tuple[str, ...]:
    """The names of the saved lists, oldest first: read once until the database changes
    (``AppContext.kept``), not at every build of a place's page or its "Save" menu."""
    conn = db(ctx)
    return ctx.kept("lists", lambda: tuple(row["name"] for row in conn.execute(LISTS)), conn)


def lists_of(ctx: AppContext, place: str) -> list[str]:
    """The lists ``place`` is saved in."""
    rows = db(ctx).execute("SELECT list FROM saved WHERE place = ? ORDER BY id", (place,))
    return [row["list"] for row in rows.fetchall()]


def toggle_saved(ctx: AppContext, place: str, list_name: str) -> None:
    """Save ``place`` to ``list_name``, or take it out if it is there."""
    conn = db(ctx)
    if list_name in lists_of(ctx, place):
        conn.execute("DELETE FROM saved WHERE place = ? AND list = ?", (place, list_name))
        conn.commit()
        ctx.log(f"Removed: {place} from {list_name}")
        ctx.toast(f"Removed from {list_name}")
        return
    conn.execute(
        "INSERT INTO saved (list, place, saved_at) VALUES (?, ?, ?)",
        (list_name, place, now_ms(ctx)),
    )
    conn.commit()
    ctx.log(f"Saved: {place} to {list_name}")
    ctx.toast(f"Saved to {list_name}")


def new_list(ctx: AppContext, name: str) -> str | None:
    """Make the list ``name``; an error to show instead, if any."""
    name = name.strip()
    if not name:
        return "Enter a name"
    if name in lists(ctx):
        return "A list with this name already exists"
    conn = db(ctx)
    conn.execute("INSERT INTO lists (name, created) VALUES (?, ?)", (name, now_ms(ctx)))
    conn.commit()
    ctx.log(f"List created: {name}")
    return None


def remember(ctx: AppContext, query: str) -> None:
    conn = db(ctx)
    conn.execute("INSERT INTO history (query, at) VALUES (?, ?)", (query, now_ms(ctx)))
    conn.commit()
