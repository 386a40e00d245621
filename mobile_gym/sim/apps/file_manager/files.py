"""What the File Manager shows of the phone's storage: folder entries, sorting, search, names.

Everything here reads the storage sandbox (``mobile_gym.sim.system.storage``); nothing is
cached, so the screens always show the files as they are.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import NamedTuple

from mobile_gym.sim.system.storage import NAME_TOO_LONG, Storage, name_too_long

HOME = "/sdcard"
"""The internal storage's root, where the app starts."""
HOME_NAME = "Internal"
SORTS = ("name", "size", "modified", "extension")
SORT_LABELS = {
    "name": "Name",
    "size": "Size",
    "modified": "Last modified",
    "extension": "Extension",
}
TEXT_EXTENSIONS = frozenset({"txt", "md", "csv", "json", "log", "xml", "html"})
_BAD_CHARS = set('/\\:*?"<>|\x00')
_ICONS = {
    "jpg": "image",
    "jpeg": "image",
    "png": "image",
    "gif": "image",
    "webp": "image",
    "mp3": "music",
    "m4a": "music",
    "ogg": "music",
    "flac": "music",
    "wav": "music",
    **dict.fromkeys(("mp4", "mkv", "webm", "3gp", "mov", "avi"), "play"),
}


class Entry(NamedTuple):
    """A file or folder as a list row shows it."""

    path: str
    is_dir: bool
    size: int
    """Bytes of a file, or of everything in a folder."""
    items: int
    """How many entries a folder holds (hidden ones only when they are shown); 0 for files."""
    modified: int
    """Last-modified time, epoch ms."""

    @property
    def name(self) -> str:
        return self.path.rpartition("/")[2]

    @property
    def extension(self) -> str:
        """The lower-case extension of a file (``pdf``), empty for folders and bare names."""
        stem, dot, ext = self.name.rpartition(".")
        return ext.lower() if dot and stem and not self.is_dir else ""

    @property
    def icon(self) -> str:
        return "folder" if self.is_dir else _ICONS.get(self.extension, "file")


def is_hidden(path: str) -> bool:
    return posixpath.basename(path).startswith(".")


def entry(storage: Storage, path: str, *, show_hidden: bool, fallback_ms: int) -> Entry:
    """``path`` as an Entry; a time nobody recorded reads as ``fallback_ms``."""
    if storage.is_dir(path):
        below = storage.tree(path)
        names = storage.list_dir(path)
        shown = [n for n in names if show_hidden or not n.startswith(".")]
        recorded = storage.times  # (the paths ``tree`` gives are normalised already)
        times = [t for t in (recorded.get(p) for p in below) if t is not None]
        own = storage.modified(path)
        if own is not None:
            times.append(own)
        size = storage.files_size(below)
        return Entry(path, True, size, len(shown), max(times, default=fallback_ms))
    return _file_entry(path, storage.size(path), storage.modified(path), fallback_ms)


def _file_entry(path: str, size: int, modified: int | None, fallback_ms: int) -> Entry:
    return Entry(path, False, size, 0, fallback_ms if modified is None else modified)


def list_folder(
    storage: Storage, folder: str, *, show_hidden: bool, fallback_ms: int
) -> list[Entry]:
    """The entries directly in ``folder`` (hidden ones only when shown), unsorted. The
    files' sizes and times are read for the whole folder at once (``Storage.file_stats``)."""
    stats = storage.file_stats(folder)
    prefix = folder.rstrip("/") + "/"
    entries = []
    for name in storage.list_dir(folder):
        if not show_hidden and name.startswith("."):
            continue
        path = prefix + name
        stat = stats.get(name)
        if stat is None:  # a folder
            entries.append(entry(storage, path, show_hidden=show_hidden, fallback_ms=fallback_ms))
        else:
            entries.append(_file_entry(path, *stat, fallback_ms))
    return entries


def search(
    storage: Storage, folder: str, query: str, *, show_hidden: bool, fallback_ms: int
) -> list[Entry]:
    """Files and folders anywhere below ``folder`` whose name holds ``query`` (any case)."""
    query = query.lower()
    found = []
    for path in storage.tree(folder):
        relative = path[len(folder) :].split("/")
        if not show_hidden and any(part.startswith(".") for part in relative):
            continue
        if query in posixpath.basename(path).lower():
            found.append(entry(storage, path, show_hidden=show_hidden, fallback_ms=fallback_ms))
    return found


def sort_entries(entries: Sequence[Entry], sort: str, descending: bool) -> list[Entry]:
    """Folders first, then files, each group in ``sort`` order (names break ties)."""
    if sort not in SORTS:
        raise ValueError(f"sort must be one of {SORTS}, not {sort!r}")

    def key(e: Entry) -> tuple:
        name = e.name.lower()
        if sort == "size":
            return (e.size, name)
        if sort == "modified":
            return (e.modified, name)
        if sort == "extension":
            return (e.extension, name)
        return (name,)

    folders = sorted((e for e in entries if e.is_dir), key=key, reverse=descending)
    files = sorted((e for e in entries if not e.is_dir), key=key, reverse=descending)
    return folders + files


def format_size(size: int) -> str:
    """``532 B``, ``14.2 KB``, ``3.1 MB``: one decimal, trailing ``.0`` dropped."""
    value = float(size)
    for unit in ("B", "KB", "MB", "GB"):
        if value < 1024 or unit == "GB":
            text = f"{value:.1f}".removesuffix(".0") if unit != "B" else str(size)
            return f"{text} {unit}"
        value /= 1024
    raise AssertionError("unreachable")  # pragma: no cover


def format_items(count: int) -> str:
    return "1 item" if count == 1 else f"{count} items"


def name_error(name: str) -> str | None:
    """Why ``name`` cannot name a file or folder, or None when it can."""
    if not name:
        return "The name cannot be empty"
    if name in (".", "..") or any(c in _BAD_CHARS for c in name):
        return "The name contains invalid characters"
    if name_too_long(name):
        return NAME_TOO_LONG
    return None
