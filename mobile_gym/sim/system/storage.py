"""The phone's storage sandbox: an in-memory file system and per-app SQLite databases.

Nothing touches the host's disk. Databases are real SQLite (stdlib ``sqlite3``) held in
memory; reading ``/data/data/<package>/databases/<name>.db`` returns the database file's
bytes and writing that path replaces the database, as pulling and pushing it over ADB does.
"""

from __future__ import annotations

import posixpath
import re
import sqlite3

_DB_PATH = re.compile(r"^/data/data/([A-Za-z0-9_.]+)/databases/([A-Za-z0-9_.-]+)\.db$")


def database_path(package: str, name: str) -> str:
    return f"/data/data/{package}/databases/{name}.db"


def normalize(path: str) -> str:
    """An absolute, normalised phone path; ValueError for relative or empty paths."""
    if not isinstance(path, str) or not path.startswith("/"):
        raise ValueError(f"phone paths must be absolute, got {path!r}")
    if "\x00" in path:
        raise ValueError("phone paths cannot contain NUL")
    clean = posixpath.normpath(path)
    return "/" + clean.lstrip("/")


class Storage:
    """Files (path -> bytes) and SQLite databases of one phone."""

    def __init__(self) -> None:
        self.files: dict[str, bytes] = {}
        self.databases: dict[str, sqlite3.Connection] = {}
        self._generation = 0

    # databases --------------------------------------------------------------------------
    def database(self, package: str, name: str) -> sqlite3.Connection:
        """The app's database ``name``, created empty on first use."""
        path = database_path(package, name)
        conn = self.databases.get(path)
        if conn is None:
            conn = self.databases[path] = _connect()
        return conn

    @property
    def version(self) -> tuple[int, int]:
        """Changes when any database is written, replaced or dropped."""
        return self._generation, sum(conn.total_changes for conn in self.databases.values())

    def drop_databases(self, package: str) -> None:
        self._generation += 1
        prefix = f"/data/data/{package}/"
        for path in [p for p in self.databases if p.startswith(prefix)]:
            self.databases.pop(path).close()

    # files ------------------------------------------------------------------------------
    def read(self, path: str) -> bytes:
        path = normalize(path)
        if path in self.databases:
            return self.databases[path].serialize()
        if path not in self.files:
            raise FileNotFoundError(path)
        return self.files[path]

    def write(self, path: str, data: bytes) -> None:
        path = normalize(path)
        if path in self.directories():
            raise IsADirectoryError(path)
        match = _DB_PATH.match(path)
        if match:
            self._generation += 1
            conn = _connect()
            try:
                if not data.startswith(b"SQLite format 3\x00"):
                    raise sqlite3.DatabaseError("file is not a database")
                conn.deserialize(data)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.DatabaseError as exc:
                conn.close()
                raise ValueError(f"{path} is not an SQLite database: {exc}") from exc
            old = self.databases.get(path)
            if old is not None:
                old.close()
            self.databases[path] = conn
            return
        self.files[path] = bytes(data)

    def delete(self, path: str) -> None:
        path = normalize(path)
        if path in self.databases:
            self._generation += 1
            self.databases.pop(path).close()
        elif path in self.files:
            del self.files[path]
        else:
            raise FileNotFoundError(path)

    def exists(self, path: str) -> bool:
        path = normalize(path)
        return path in self.files or path in self.databases or path in self.directories()

    def directories(self) -> set[str]:
        dirs = {"/"}
        for path in [*self.files, *self.databases]:
            parent = posixpath.dirname(path)
            while parent not in dirs:
                dirs.add(parent)
                parent = posixpath.dirname(parent)
        return dirs

    def list_dir(self, path: str) -> list[str]:
        """Names directly inside directory ``path`` (sorted)."""
        path = normalize(path)
        if path not in self.directories():
            raise FileNotFoundError(path)
        prefix = path.rstrip("/") + "/"
        names = set()
        for entry in [*self.files, *self.databases, *self.directories()]:
            if entry.startswith(prefix) and entry != path:
                names.add(entry[len(prefix) :].split("/", 1)[0])
        return sorted(names)

    # snapshots --------------------------------------------------------------------------
    def snapshot(self) -> tuple[dict[str, bytes], dict[str, bytes]]:
        return dict(self.files), {path: conn.serialize() for path, conn in self.databases.items()}

    def restore(self, snapshot: tuple[dict[str, bytes], dict[str, bytes]]) -> None:
        files, databases = snapshot
        self._generation += 1
        self.files = dict(files)
        for path in [p for p in self.databases if p not in databases]:
            self.databases.pop(path).close()
        for path, data in databases.items():
            conn = self.databases.get(path) or _connect()
            conn.deserialize(data)
            self.databases[path] = conn

    def close(self) -> None:
        for conn in self.databases.values():
            conn.close()
        self.databases.clear()


def _connect() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
    conn.row_factory = sqlite3.Row
    return conn
