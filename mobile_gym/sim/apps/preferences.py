"""An app's preferences (Android's SharedPreferences) kept as a key-value table in one of its
SQLite databases, so they live in the phone's state and task files can judge and set them.

An app adds ``SCHEMA`` to its database schema and reads its options through ``Preferences``
with the defaults it declares; only values the user changed are stored, so a task's setup can
insert a starting value (``setup.database`` rows into table ``preferences``) without
clashing with seeded rows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Switch

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

SCHEMA = "CREATE TABLE preferences(key TEXT PRIMARY KEY, value TEXT NOT NULL);\n"


class Preferences:
    """The preferences of the app ``ctx`` runs in, stored in its database ``database``."""

    def __init__(
        self, ctx: AppContext, defaults: Mapping[str, str], database: str | None = None
    ) -> None:
        self.ctx = ctx
        self.defaults = defaults
        self.database = database

    def _check(self, key: str) -> None:
        if key not in self.defaults:
            raise KeyError(f"unknown preference {key!r}; known: {', '.join(self.defaults)}")

    def get(self, key: str) -> str:
        """The value of ``key``: the stored one, else its default."""
        self._check(key)
        row = (
            self.ctx.db(self.database)
            .execute("SELECT value FROM preferences WHERE key = ?", (key,))
            .fetchone()
        )
        return self.defaults[key] if row is None else str(row[0])

    def flag(self, key: str) -> bool:
        """A yes/no preference (stored as ``1`` / ``0``)."""
        return self.get(key) == "1"

    def put(self, key: str, value: str | bool) -> None:
        """Store ``value`` for ``key`` (a bool as ``1`` / ``0``) and log the change."""
        self._check(key)
        text = ("1" if value else "0") if isinstance(value, bool) else str(value)
        self.ctx.db(self.database).execute(
            "INSERT OR REPLACE INTO preferences(key, value) VALUES (?, ?)", (key, text)
        )
        self.ctx.log(f"Preference changed: {key}={text}")


def preference_switches(
    prefs: Preferences, switches: Sequence[tuple[str, str, str]]
) -> list[Switch]:
    """A settings screen's switches for yes/no preferences ``(key, resource id, label)``."""

    def toggle(key: str) -> Callable[[bool], None]:
        return lambda checked: prefs.put(key, checked)

    return [
        Switch(label, id=id, checked=prefs.flag(key), on_change=toggle(key), padding=(16, 12))
        for key, id, label in switches
    ]


def switches_screen(
    ctx: AppContext, defaults: Mapping[str, str], switches: Sequence[tuple[str, str, str]]
) -> View:
    """A "Settings" screen holding only the switches of ``preference_switches``, in a
    ``settings_scrollview``."""
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller(
            "settings",
            preference_switches(Preferences(ctx, defaults), switches),
            id="settings_scrollview",
        ),
        height=MATCH,
    )
