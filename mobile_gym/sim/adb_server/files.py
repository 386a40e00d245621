"""The served phone's file system: its in-memory storage seen as directories and files.

Sync (push, pull, stat, list) and the shell (``cat``, ``ls``, ``rm``, ``mkdir``, ``echo >``)
work on the same files and folders, the phone's own storage (``Phone.read_file`` /
``write_file``, ``Storage.make_dirs`` / ``delete_tree``), so what one writes, makes or
removes the other (and every app: File Manager, Files) sees. Directories are the storage's
(those on the way to a file and those made, ``mkdir`` included) and the standard Android
ones (``/sdcard``, ``/data/local/tmp``, each app's data directory, ``/system/bin``).
"""

from __future__ import annotations

import datetime as dt
import fnmatch
import posixpath
import stat
from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.system.storage import normalize

DIR_MODE = stat.S_IFDIR | 0o771
FILE_MODE = stat.S_IFREG | 0o660
_STANDARD_DIRS = (
    "/data/local/tmp",
    "/sdcard/Alarms",
    "/sdcard/DCIM",
    "/sdcard/Documents",
    "/sdcard/Download",
    "/sdcard/Movies",
    "/sdcard/Music",
    "/sdcard/Notifications",
    "/sdcard/Pictures",
    "/sdcard/Podcasts",
    "/sdcard/Ringtones",
    "/system/bin",
    "/dev",
)
_REMOVABLE = ("/sdcard/", "/data/local/tmp/")
"""Where the shell user may remove directories."""


@dataclass(frozen=True)
class FileStat:
    """What sync's STAT answers: mode bits, size in bytes and modification time (s)."""

    mode: int
    size: int
    mtime: int

    @property
    def is_dir(self) -> bool:
        return stat.S_ISDIR(self.mode)


MISSING = FileStat(0, 0, 0)
"""STAT of a path that does not exist (all zero, as adbd answers)."""


class PhoneFiles:
    """Directory-aware access to one phone's storage (call with the device lock held)."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self._dirs = _with_parents(
            [*_STANDARD_DIRS, *(f"/data/data/{package}" for package in phone.apps)]
        )

    # queries --------------------------------------------------------------------------------
    def directories(self) -> set[str]:
        return self._dirs | self.phone.storage.directories()

    def is_dir(self, path: str) -> bool:
        return normalize(path) in self.directories()

    def is_file(self, path: str) -> bool:
        path = normalize(path)
        storage = self.phone.storage
        return path in storage.files or path in storage.databases

    def stat(self, path: str) -> FileStat:
        """Mode, size and time of ``path`` (its recorded last-modified time, else now);
        ``MISSING`` when there is nothing there."""
        path = normalize(path)
        when = self.phone.storage.modified(path)
        seconds = (self.phone.clock.epoch_ms if when is None else when) // 1000
        if self.is_file(path):
            return FileStat(FILE_MODE, len(self.phone.read_file(path)), seconds)
        if path in self.directories():
            return FileStat(DIR_MODE, 4096, seconds)
        return MISSING

    def list_dir(self, path: str) -> list[str]:
        """Names directly inside directory ``path``, sorted.

        Raises:
            FileNotFoundError: nothing at ``path``.
            NotADirectoryError: ``path`` is a file.
        """
        path = normalize(path)
        if self.is_file(path):
            raise NotADirectoryError(path)
        directories = self.directories()
        if path not in directories:
            raise FileNotFoundError(path)
        storage = self.phone.storage
        names = set()
        for entry in (*storage.files, *storage.databases, *directories):
            if entry != path and posixpath.dirname(entry) == path:
                names.add(posixpath.basename(entry))
        return sorted(names)

    def glob(self, pattern: str) -> list[str]:
        """Paths matching ``pattern`` (wildcards in its last component only), sorted."""
        parent, name = posixpath.split(normalize(pattern))
        if not self.is_dir(parent):
            return []
        return [
            posixpath.join(parent, entry)
            for entry in self.list_dir(parent)
            if fnmatch.fnmatchcase(entry, name) and (name.startswith(".") or entry[0] != ".")
        ]

    # reading and writing --------------------------------------------------------------------
    def read(self, path: str) -> bytes:
        """The file's bytes.

        Raises:
            IsADirectoryError, FileNotFoundError.
        """
        if self.is_dir(path):
            raise IsADirectoryError(path)
        return self.phone.read_file(path)

    def write(self, path: str, data: bytes) -> None:
        """Create or replace a file; its directories come into being with it.

        Raises:
            IsADirectoryError: ``path`` is a directory.
            NotADirectoryError: a parent of ``path`` is a file.
            ValueError: an app database path given bytes that are not an SQLite database.
        """
        path = normalize(path)
        if self.is_dir(path):
            raise IsADirectoryError(path)
        parent = posixpath.dirname(path)
        while parent != "/":
            if self.is_file(parent):
                raise NotADirectoryError(parent)
            parent = posixpath.dirname(parent)
        self.phone.write_file(path, data)

    def set_modified(self, path: str, when: dt.datetime) -> None:
        """Record ``when`` as the last-modified time of ``path`` (a file, or a folder the
        storage holds; FileNotFoundError when nothing is there)."""
        path = normalize(path)
        if self.is_dir(path) and not self.phone.storage.exists(path):
            return  # a folder only the shell made: it has no time of its own
        self.phone.set_modified(path, when)

    def mkdir(self, path: str, parents: bool = False) -> None:
        """Make directory ``path`` (and its missing parents with ``parents``).

        Raises:
            FileExistsError: something is there already (without ``parents``).
            FileNotFoundError: the parent is missing (without ``parents``).
            NotADirectoryError: a parent is a file.
        """
        path = normalize(path)
        if self.is_file(path):
            raise FileExistsError(path)
        if self.is_dir(path):
            if parents:
                return
            raise FileExistsError(path)
        parent = posixpath.dirname(path)
        if self.is_file(parent):
            raise NotADirectoryError(parent)
        if not self.is_dir(parent):
            if not parents:
                raise FileNotFoundError(parent)
            self.mkdir(parent, parents=True)
        self.phone.storage.make_dirs(path)

    def remove(self, path: str, recursive: bool = False) -> None:
        """Delete a file, or with ``recursive`` a directory and all below it.

        Raises:
            FileNotFoundError: nothing at ``path``.
            IsADirectoryError: a directory without ``recursive``.
            PermissionError: a directory outside ``/sdcard`` and ``/data/local/tmp``.
        """
        path = normalize(path)
        if self.is_file(path):
            self.phone.storage.delete(path)
            return
        if not self.is_dir(path):
            raise FileNotFoundError(path)
        if not recursive:
            raise IsADirectoryError(path)
        if not path.startswith(_REMOVABLE):
            raise PermissionError(path)
        prefix = path + "/"
        self.phone.storage.delete_tree(path)
        self._dirs = {d for d in self._dirs if d != path and not d.startswith(prefix)}


def _with_parents(paths: list[str]) -> set[str]:
    out = {"/"}
    for path in paths:
        while path not in out:
            out.add(path)
            path = posixpath.dirname(path)
    return out


def absolute(path: str) -> str:
    """A shell path made absolute (the shell's working directory is ``/``)."""
    return path if path.startswith("/") else "/" + path


def describe(exc: Exception) -> str:
    """The reason a file operation failed, worded as the device's tools word it."""
    reasons = {
        IsADirectoryError: "Is a directory",
        NotADirectoryError: "Not a directory",
        FileNotFoundError: "No such file or directory",
        FileExistsError: "File exists",
        PermissionError: "Permission denied",
    }
    return reasons.get(type(exc), str(exc))
