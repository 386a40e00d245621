"""The served phone's file system: its in-memory storage seen as directories and files.

Sync (push, pull, stat, list) and the shell (``cat``, ``ls``, ``rm``, ``mkdir``, ``cp``,
``mv``, ``echo >``) work on the same files and folders, the phone's own storage
(``Phone.read_file`` / ``write_file``, ``Storage.make_dirs`` / ``delete_tree``), so what one
writes, makes or removes the other (and every app: File Manager, Files) sees. Directories
are the storage's (those on the way to a file and those made, ``mkdir`` included) and the
standard Android ones (``/sdcard``, ``/data/local/tmp``, each app's data directory,
``/system/bin``).
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

    # copying and moving ---------------------------------------------------------------------
    def copy(
        self,
        source: str,
        target: str,
        recursive: bool = False,
        clobber: bool = True,
        keep_times: bool = False,
    ) -> None:
        """Copy file ``source`` to the path ``target`` (a file there is replaced, unless not
        ``clobber``), or with ``recursive`` folder ``source`` and all below it (into the folder
        ``target``, made if missing: what is there already stays). The copies are modified
        now, or with ``keep_times`` when their sources were. An app database copies as the
        bytes of its file.

        Raises:
            FileNotFoundError: nothing at ``source``, or no folder to hold ``target``.
            IsADirectoryError: ``source`` is a folder (without ``recursive``), or a file's
                ``target`` is one.
            NotADirectoryError: a folder's ``target`` is a file.
            ValueError: ``target`` is ``source`` or inside it.
        """
        source, target = normalize(source), normalize(target)
        self._check_transfer(source, target)
        self._copy(source, target, recursive, clobber, keep_times)

    def move(self, source: str, target: str, clobber: bool = True) -> None:
        """Move (rename) file or folder ``source`` to the path ``target``, keeping its times:
        a file there is replaced (unless not ``clobber``), as is an empty folder by a folder.

        Raises:
            FileNotFoundError, IsADirectoryError, NotADirectoryError, ValueError: as ``copy``.
            OSError: a folder's ``target`` is a folder that holds something.
            PermissionError: ``source`` is a folder outside ``/sdcard`` and ``/data/local/tmp``.
        """
        source, target = normalize(source), normalize(target)
        if source == target and self.stat(source).mode:
            return  # rename(2) onto itself: nothing to do
        self._check_transfer(source, target)
        if self.is_dir(source):
            if not source.startswith(_REMOVABLE):
                raise PermissionError(source)
            if self.is_dir(target):
                if self.list_dir(target):
                    raise OSError("Directory not empty")
                self.remove(target, recursive=True)
        elif self.is_file(target) and not clobber:
            return
        self._copy(source, target, recursive=True, clobber=True, keep_times=True)
        self.remove(source, recursive=True)

    def _check_transfer(self, source: str, target: str) -> None:
        if not self.stat(source).mode:
            raise FileNotFoundError(source)
        if target == source or target.startswith(source.rstrip("/") + "/"):
            raise ValueError(f"cannot put {source} inside itself")
        if not self.is_dir(posixpath.dirname(target)):
            raise FileNotFoundError(target)

    def _copy(
        self, source: str, target: str, recursive: bool, clobber: bool, keep_times: bool
    ) -> None:
        if self.is_dir(source):
            if not recursive:
                raise IsADirectoryError(source)
            if self.is_file(target):
                raise NotADirectoryError(target)
            self.mkdir(target, parents=True)
            for name in self.list_dir(source):
                self._copy(f"{source}/{name}", f"{target}/{name}", True, clobber, keep_times)
        elif clobber or not self.is_file(target):
            self.write(target, self.read(source))
        else:
            return
        if keep_times:
            when = self.phone.storage.modified(source)
            if when is not None:
                self.phone.storage.set_modified(target, when)


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
