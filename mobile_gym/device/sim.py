"""The simulated phone as a ``Device``."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Collection, Hashable, Mapping
from typing import Any

import numpy as np

from mobile_gym.device.paths import glob_matches, pattern_scope
from mobile_gym.device.rows import insert_rows
from mobile_gym.device.task_sql import joined_copy, read_only_query, within_budget
from mobile_gym.hierarchy import Node
from mobile_gym.sim import Display, Phone
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.base import App
from mobile_gym.sim.system import providers
from mobile_gym.sim.system.storage import LINKED_ROOTS


class SimDevice:
    """A ``Device`` backed by an in-process ``mobile_gym.sim.Phone``."""

    def __init__(
        self, display: Display | str | None = None, apps: tuple[type[App], ...] = DEFAULT_APPS
    ) -> None:
        self.phone = Phone(seed=0, display=display, apps=apps)
        self._ui_token: Hashable | None = None

    @property
    def size(self) -> tuple[int, int]:
        return self.phone.display.width, self.phone.display.height

    def reset(self, seed: int) -> None:
        self.phone.factory_reset(seed=seed)
        self._ui_token = None

    def touch(self, x: float, y: float) -> None:
        self.phone.touch(x, y)

    def lift(self) -> None:
        self.phone.lift()

    def text(self, text: str) -> bool:
        return self.phone.text(text)

    def key(self, name: str) -> None:
        self.phone.key(name)

    def wait(self, ms: int) -> None:
        self.phone.wait(ms)

    def screenshot(self, scale: float) -> np.ndarray:
        return self.phone.screenshot(scale)

    def hierarchy_xml(self) -> str:
        return self.phone.hierarchy_xml()

    def hierarchy_later(self) -> Callable[[], str]:
        return self.phone.hierarchy_later()

    def nodes(self) -> tuple[Node, ...]:
        """The nodes ``hierarchy_xml`` lists, made from the phone's views (nothing is dumped)."""
        return self.phone.nodes()

    def package_name(self, name: str) -> str:
        """The installed package a task's package name stands for (``Phone.package_name``)."""
        return self.phone.package_name(name)

    def has_app(self, package: str) -> bool:
        return self.phone.package_name(package) in self.phone.apps

    def foreground(self) -> tuple[str, str]:
        self.phone.windows()  # a screen that closes itself when drawn closes now
        return self.phone.foreground

    def logcat(self, since: int) -> tuple[list[tuple[str, str]], int]:
        entries, cursor = self.phone.logcat.since(since)
        return [(entry.tag, entry.message) for entry in entries], cursor

    def get_setting(self, namespace: str, key: str) -> str | None:
        return self.phone.settings.get(namespace, key)

    def query(
        self,
        package: str,
        database: str,
        sql: str,
        params: list[Any],
        attach: Mapping[str, tuple[str, str]] | None = None,
    ) -> list[tuple]:
        """Rows of the read-only ``sql`` (one statement, within the SQL budget); with
        ``attach``, run over copies of the databases, so that no app's connection changes."""
        conn = self._database(package, database)
        if not attach:
            return read_only_query(conn, sql, params)
        others = {name: self._database(*where) for name, where in attach.items()}
        joined = joined_copy(conn, others)
        try:
            return read_only_query(joined, sql, params)
        finally:
            joined.close()

    def content_query(
        self, uri: str, projection: list[str], where: str | None
    ) -> list[tuple[str | None, ...]]:
        """The rows the phone's provider at ``uri`` holds (``sim.system.providers``)."""
        try:
            found = providers.query(self.phone, uri, projection, where)
        except providers.ProviderError as exc:
            raise ValueError(str(exc)) from None
        return [tuple(None if v is None else str(v) for v in row) for row in found.rows]

    def find_files(self, pattern: str) -> list[str]:
        """As ``Device.find_files``; a pattern under another of Android's names of a folder
        (``/storage/emulated/0`` for ``/sdcard``, ``LINKED_ROOTS``) finds the folder's files,
        named as the pattern names them, as a device lists them."""
        alias, root = next(
            ((a, r) for a, r in LINKED_ROOTS.items() if pattern.startswith(a + "/")), ("", "")
        )
        if alias:
            pattern = root + pattern[len(alias) :]
        folder, kind = pattern_scope(pattern)  # (only the content that may be there is made)
        found = (p for p in self.phone.storage.file_paths(folder, kind) if glob_matches(p, pattern))
        return sorted(alias + p[len(root) :] if alias else p for p in found)

    def read_file(self, path: str) -> bytes:
        return self.phone.read_file(path)

    def change_counters(self, sources: Collection[str] | None = None) -> dict[str, Hashable]:
        """Change tokens per source (those of ``sources``; None: all). The UI counts as
        changed only once no finger is on the screen: a gesture is judged when it ends, not
        frame by frame while it scrolls."""
        phone = self.phone
        counters: dict[str, Hashable] = {}
        if sources is None or "ui" in sources:
            if not phone.touching or self._ui_token is None:
                self._ui_token = phone.ui_version
            counters["ui"] = self._ui_token
        if sources is None or "settings" in sources:
            counters["settings"] = phone.settings.version
        if sources is None or "db" in sources:
            counters["db"] = phone.storage.version
        if sources is None or "files" in sources:
            counters["files"] = phone.storage.files_version
        if sources is None or "logcat" in sources:
            counters["logcat"] = phone.logcat.next_seq
        return counters

    def put_setting(self, namespace: str, key: str, value: str) -> None:
        self.phone.settings.put(namespace, key, value)

    def insert_rows(
        self, package: str, database: str, table: str, rows: list[dict[str, Any]], clear: bool
    ) -> None:
        conn = self._database(package, database)
        with within_budget(conn):
            insert_rows(conn, table, rows, clear, f"{package}/{database}.{table}")

    def _database(self, package: str, database: str) -> sqlite3.Connection:
        """The app's database ``database``; ValueError if the app is not installed or has no
        such database."""
        package = self.phone.package_name(package)
        app = self.phone.activities.app(package)
        if not self.phone.storage.has_database(package, database):
            names = ", ".join(app.schemas) or "none"
            raise ValueError(f"{package} has no database {database!r}; databases: {names}")
        return self.phone.database(package, database)

    def write_file(self, path: str, data: bytes) -> None:
        self.phone.write_file(path, data)

    def write_file_later(
        self, path: str, make: Callable[[], bytes], modified: dt.datetime | None = None
    ) -> None:
        self.phone.write_file_later(path, make, modified)

    def delete_file(self, path: str) -> None:
        self.phone.storage.delete(path)

    def set_modified(self, path: str, when: dt.datetime) -> None:
        self.phone.set_modified(path, when)

    def set_time(self, when: dt.datetime) -> None:
        self.phone.set_time(when)

    def start(self, package: str, activity: str | None) -> None:
        self.phone.start_activity(package, activity)

    def clear_app(self, package: str) -> None:
        self.phone.clear_app_data(package)
