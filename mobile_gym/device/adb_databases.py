"""App SQLite databases on a device over ADB: read and written through pulled copies.

A query pulls ``/data/data/<package>/databases/<name>.db`` (and its ``-wal`` file, whose
commits are folded into the copy) over sync into a temporary file and opens it read-only
with ``sqlite3``; copies are kept until the device says its state may have changed.

Task setup rows are written the same way round (with the app stopped by the caller, so it
does not hold the old file open): the database is pulled, the rows are inserted into the
copy, and the copy is pushed back in place of the file (any ``-wal`` / ``-shm`` of the old one is
removed). When the device's shell runs as root (``id -u`` prints 0), the pushed file is
given the owner of its folder (``stat``, then ``chown``) and its SELinux label
(``restorecon``, where the device has it) so the app can write it again.

Reading ``/data/data`` needs a root shell (``adb root`` on emulator images without Google
Play, or a rooted device); the simulated phone served over ADB allows it.
"""

from __future__ import annotations

import pathlib
import posixpath
import re
import shlex
import sqlite3
from collections.abc import Mapping
from typing import Any

from mobile_gym.device.adb_link import AdbLink
from mobile_gym.device.base import DeviceError
from mobile_gym.device.rows import insert_rows
from mobile_gym.device.task_sql import attach_database, read_only_query, within_budget
from mobile_gym.sim.system.storage import database_path

_WAL_MODE = b"\x02\x02"
"""Bytes 18-19 of an SQLite file in WAL mode (the read and write format versions)."""
_OWNER = re.compile(r"\d+:\d+")
"""What ``stat -c %u:%g`` prints of a path: its uid and gid."""
_NOT_FOUND = 127
"""The exit status of a shell command that is not on the device."""


class AppDatabases:
    """The app databases of one device, copied into ``workdir``.

    Args:
        link: the device.
        workdir: a folder for the copies (the caller removes it).
    """

    def __init__(self, link: AdbLink, workdir: pathlib.Path) -> None:
        self.link = link
        self.workdir = workdir
        self._copies: dict[str, pathlib.Path] = {}
        self._root: bool | None = None

    def forget(self) -> None:
        """Drop the copies: the next query pulls again."""
        self._copies.clear()

    def query(
        self,
        package: str,
        database: str,
        sql: str,
        params: list[Any],
        attach: Mapping[str, tuple[str, str]] | None = None,
    ) -> list[tuple]:
        """Rows of the read-only ``sql`` over the app's database (one statement, within the
        SQL budget: ``mobile_gym.device.task_sql``), with the copies of the databases
        ``attach`` names attached read-only under their names."""
        copy = self._copy(database_path(package, database))
        conn = sqlite3.connect(f"{copy.as_uri()}?mode=ro", uri=True)
        try:
            for name, where in (attach or {}).items():
                other = self._copy(database_path(*where))
                attach_database(conn, name, f"{other.as_uri()}?mode=ro")
            return read_only_query(conn, sql, params)
        finally:
            conn.close()

    def insert_rows(
        self, package: str, database: str, table: str, rows: list[dict[str, Any]], clear: bool
    ) -> None:
        """Write ``rows`` into ``table`` of the app's database (stop the app first)."""
        remote = database_path(package, database)
        self._copies.pop(remote, None)
        copy = self._copy(remote)
        conn = sqlite3.connect(copy, isolation_level=None)
        try:
            with within_budget(conn):
                insert_rows(conn, table, rows, clear, f"{package}/{database}.{table}")
        except BaseException:
            self._copies.pop(remote, None)  # the copy holds part of the rows: pull it again
            raise
        finally:
            conn.close()
        self.link.push(copy.read_bytes(), remote, mode=0o660)
        stale = " ".join(shlex.quote(remote + suffix) for suffix in ("-wal", "-shm"))
        self.link.command(f"remove the old journal of {remote}", f"rm -f {stale}")
        if self._is_root():
            self._adopt(remote)
        self._copies.pop(remote, None)

    def _copy(self, remote: str) -> pathlib.Path:
        """A local copy of the database file ``remote`` with its WAL folded in (cached)."""
        copy = self._copies.get(remote)
        if copy is not None:
            return copy
        data, log = self.link.pull(remote, remote + "-wal")
        if data is None:
            raise DeviceError(
                f"{self.link.serial}: no database {remote} (has the app run? reading "
                "/data/data needs `adb root`)"
            )
        copy = self.workdir / remote.strip("/").replace("/", "_")
        wal = pathlib.Path(f"{copy}-wal")
        for stale in (wal, pathlib.Path(f"{copy}-shm")):
            stale.unlink(missing_ok=True)
        copy.write_bytes(data)
        if log:
            wal.write_bytes(log)
        if log or data[18:20] == _WAL_MODE:  # fold the WAL in: a read-only open needs no -shm then
            conn = sqlite3.connect(copy, isolation_level=None)
            try:
                conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
                conn.execute("PRAGMA journal_mode=DELETE")
            finally:
                conn.close()
        self._copies[remote] = copy
        return copy

    def _is_root(self) -> bool:
        """Whether the device shell runs as root (``id -u`` prints 0); asked once."""
        if self._root is None:
            result = self.link.shell("ask whether the shell is root", "id -u")
            self._root = result.exit_code == 0 and result.stdout.strip() == b"0"
        return self._root

    def _adopt(self, remote: str) -> None:
        """Give ``remote`` the owner and SELinux label of its folder (a root shell).

        The owner is read with ``stat`` and given with ``chown`` in a second command: a
        device shell need not substitute commands (the simulated phone's does not)."""
        owner = self._owner(posixpath.dirname(remote))
        self.link.command(f"give {remote} to its app", f"chown {owner} {shlex.quote(remote)}")
        self._relabel(remote)

    def _owner(self, path: str) -> str:
        """``UID:GID`` of ``path`` on the device."""
        command = f"stat -c %u:%g {shlex.quote(path)}"
        owner = self.link.command(f"read the owner of {path}", command).strip()
        if not _OWNER.fullmatch(owner):
            raise DeviceError(f"{self.link.serial}: `{command}` printed {owner!r}, not UID:GID")
        return owner

    def _relabel(self, remote: str) -> None:
        """Restore the SELinux label of ``remote``; a device without ``restorecon`` has no
        SELinux labels to restore, so its absence is no error."""
        command = f"restorecon {shlex.quote(remote)}"
        result = self.link.shell(f"label {remote}", command)
        if result.exit_code not in (0, _NOT_FOUND):
            raise DeviceError(
                f"{self.link.serial}: label {remote}: `{command}` exited with "
                f"{result.exit_code}: {result.text.strip()}"
            )
