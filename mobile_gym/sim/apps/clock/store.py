"""The Clock's small key/value state (``clock_state``): the timer, the stopwatch and the
bedtime schedule keep their numbers there, so they run on while the app is closed."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext


def value(ctx: AppContext, key: str, default: int | None = None) -> int | None:
    """The whole number stored under ``key`` (``default`` when none is)."""
    row = ctx.db().execute("SELECT value FROM clock_state WHERE key = ?", (key,)).fetchone()
    return default if row is None else int(row[0])


def put(ctx: AppContext, **values: int | None) -> None:
    """Store each value under its key (None removes the key)."""
    db = ctx.db()
    for key, number in values.items():
        if number is None:
            db.execute("DELETE FROM clock_state WHERE key = ?", (key,))
        else:
            db.execute(
                "INSERT INTO clock_state(key, value) VALUES (?, ?) "
                "ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, str(number)),
            )
