"""Servers that apps talk to, kept on the simulated phone.

Some apps are clients of a server: a team chat, a social network. MobileWorld runs their
servers (Mattermost, Mastodon, each on Postgres) beside its emulator and judges a task by
querying the server's database. Here such a server is a ``Backend``: an installed package
without screens or a launcher icon whose SQLite database holds the server's state (users,
channels, posts...). Its client app reads and writes it through ``server_db``; a task seeds
it with ``setup.database`` rows and judges it with ``sql:`` signals naming the backend's
package, as it would any app's database. Clearing the client's data (``pm clear``) leaves
the server's state alone, as on a phone whose app talks to a real server.
"""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.view import View

SERVER_DATABASE = "server"
"""The name of every backend's database."""


class Backend(App):
    """A server's state on the phone: ``package`` names it (``server.mattermost``),
    ``schemas`` holds its one database ``server`` and ``seed`` its seeded content."""

    in_launcher: ClassVar[bool] = False
    icon: ClassVar[str] = "info"
    main_activity: ClassVar[str] = ".Server"
    screens: ClassVar[dict[str, str]] = {}

    def build(self, ctx: AppContext) -> View:
        raise ValueError(f"{self.package} is a server: it has no screens")


def server_db(ctx: AppContext, backend: str) -> sqlite3.Connection:
    """The database of the backend package ``backend``, as its client app reads it (reads
    and writes are tracked as for the app's own databases)."""
    return ctx.phone.storage.database(backend, SERVER_DATABASE)
