"""What the Files app lists: its roots, the documents of each, their kinds, and sorting.

Folder roots (Downloads, Internal storage) browse the storage sandbox folder by folder, a
zip archive opening as a folder (``archive``); category roots (Images, Videos, Audio,
Documents) list every file of their kind under ``/sdcard``; Recent lists the newest files.
Hidden files (names starting with a dot) are never listed.
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mobile_gym.sim.apps.file_manager.files import Entry, entry, is_hidden, sort_entries
from mobile_gym.sim.apps.files import archive
from mobile_gym.sim.system.storage import Storage
from mobile_gym.sim.ui.list_items import ListItems

HOME = "/sdcard"
DOWNLOADS = "/sdcard/Download"
RECENT_LIMIT = 40
"""How many of the newest files Recent lists."""


@dataclass(frozen=True)
class Root:
    """A root of the drawer: a category of files, or a folder to browse."""

    key: str
    title: str
    icon: str
    folder: str | None = None
    """The folder it browses (None for a category)."""


ROOTS = (
    Root("recent", "Recent", "restore"),
    Root("images", "Images", "image"),
    Root("videos", "Videos", "play"),
    Root("audio", "Audio", "music"),
    Root("documents", "Documents", "file"),
    Root("downloads", "Downloads", "download", DOWNLOADS),
    Root("internal", "Internal storage", "folder", HOME),
)
ROOT_BY_KEY = {root.key: root for root in ROOTS}
DEFAULT_ROOT = "downloads"

KINDS = {
    "images": frozenset({"jpg", "jpeg", "png", "gif", "webp", "heic", "bmp"}),
    "videos": frozenset({"mp4", "mkv", "webm", "3gp", "mov", "avi"}),
    "audio": frozenset({"mp3", "m4a", "ogg", "flac", "wav", "aac"}),
    "documents": frozenset(
        {"pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "odt", "txt", "md", "csv", "rtf"}
    ),
}
TEXT = frozenset({"txt", "md", "csv", "json", "log", "xml", "html", "ini", "yaml"})
TYPE_NAMES = {
    "pdf": "PDF document",
    "zip": "Zip archive",
    **dict.fromkeys(KINDS["images"], "Image"),
    **dict.fromkeys(KINDS["videos"], "Video"),
    **dict.fromkeys(KINDS["audio"], "Audio"),
    **dict.fromkeys(TEXT, "Text"),
}
SORTS = (
    ("name", False, "Name (A to Z)"),
    ("name", True, "Name (Z to A)"),
    ("modified", False, "Modified (oldest first)"),
    ("modified", True, "Modified (newest first)"),
    ("size", False, "Size (smallest first)"),
    ("size", True, "Size (largest first)"),
    ("extension", False, "File type (A to Z)"),
    ("extension", True, "File type (Z to A)"),
)
"""The "Sort by" choices: (key, descending, label)."""
SORT_NAMES = {"name": "name", "modified": "date modified", "size": "size", "extension": "type"}


def kind(entry: Entry) -> str:
    """What a row says a document is: ``Folder``, ``PDF document``, ``Image``..."""
    if entry.is_dir:
        return "Folder"
    if not entry.extension:
        return "File"
    return TYPE_NAMES.get(entry.extension, f"{entry.extension.upper()} file")


def _files_below_home(storage: Storage) -> list[str]:
    prefix = HOME + "/"
    return [
        path
        for path in storage.file_paths()
        if path.startswith(prefix) and not any(p.startswith(".") for p in path.split("/"))
    ]


def _extension(path: str) -> str:
    stem, dot, ext = posixpath.basename(path).rpartition(".")
    return ext.lower() if dot and stem else ""


class Listing(ListItems[Entry]):
    """Documents in the order a list shows them, each made into an Entry only when a row
    reads it: a long folder sorted by name costs what its rows on screen cost."""

    def __init__(self, paths: Sequence[str], make: Callable[[str], Entry]) -> None:
        self.paths = list(paths)
        self._make = make
        self._made: dict[int, Entry] = {}

    def __len__(self) -> int:
        return len(self.paths)

    def item(self, index: int) -> Entry:
        if index not in self._made:
            self._made[index] = self._make(self.paths[index])
        return self._made[index]


class Documents:
    """The documents of the phone's storage as the Files app lists them."""

    def __init__(self, storage: Storage, fallback_ms: int) -> None:
        self.storage = storage
        self.fallback_ms = fallback_ms

    def entry(self, path: str) -> Entry | None:
        """``path`` (a file, a folder or an archive member) as an Entry; None if gone."""
        if archive.split(path) is not None:
            parent = posixpath.dirname(path)
            found = [e for e in archive.listing(self.storage, parent) if e.path == path]
            return found[0] if found else None
        if not self.storage.exists(path):
            return None
        return entry(self.storage, path, show_hidden=False, fallback_ms=self.fallback_ms)

    def exists(self, path: str) -> bool:
        where = archive.split(path)
        if where is not None:
            return not where[1] or self.entry(path) is not None
        return self.storage.exists(path)

    def folder_paths(self, path: str) -> list[str]:
        """The paths of the documents in folder ``path`` (not in an archive), hidden ones left
        out, unsorted."""
        if not self.storage.is_dir(path):
            return []
        paths = [posixpath.join(path, n) for n in self.storage.list_dir(path)]
        return [p for p in paths if not is_hidden(p)]

    def folder(self, path: str) -> list[Entry]:
        """The entries in folder ``path`` (an archive's members when it is in one)."""
        if archive.split(path) is not None:
            return archive.listing(self.storage, path)
        return [self._entry(p) for p in self.folder_paths(path)]

    def by_name(self, path: str, descending: bool) -> Listing:
        """Folder ``path`` sorted by name, folders first, without reading the files."""
        if not self.storage.is_dir(path):
            return self.listing([])
        folders = self.storage.directories()
        base = path.rstrip("/") + "/"
        names = [n for n in self.storage.list_dir(path) if not n.startswith(".")]
        groups = (
            sorted((n for n in names if (base + n in folders) == first), key=str.lower)
            for first in (True, False)
        )
        ordered = [base + n for group in groups for n in (group[::-1] if descending else group)]
        return self.listing(ordered)

    def listing(self, paths: Sequence[str]) -> Listing:
        """``paths``, each made an entry as a list shows it."""
        return Listing(paths, self._entry)

    def _entry(self, path: str) -> Entry:
        return entry(self.storage, path, show_hidden=False, fallback_ms=self.fallback_ms)

    def category(self, key: str) -> list[Entry]:
        """The files a category root lists (Recent: the newest first, at most 40)."""
        paths = _files_below_home(self.storage)
        if key == "recent":
            modified = self.storage.modified

            def newest(path: str) -> tuple[int, str]:
                when = modified(path)
                return (-(self.fallback_ms if when is None else when), path.lower())

            return [self._entry(p) for p in sorted(paths, key=newest)[:RECENT_LIMIT]]
        return [self._entry(p) for p in paths if _extension(p) in KINDS[key]]

    def search(self, root: Root, folder: str, query: str) -> list[Entry]:
        """Documents of ``root`` whose names hold ``query`` (lower case): below ``folder``
        for a folder root, in the category otherwise."""
        if root.folder is None:
            return [e for e in self.category(root.key) if query in e.name.lower()]
        if archive.split(folder) is not None or not self.storage.is_dir(folder):
            return [e for e in self.folder(folder) if query in e.name.lower()]
        return [
            self._entry(p)
            for p in self.storage.tree(folder)
            if query in posixpath.basename(p).lower()
            and not any(part.startswith(".") for part in p[len(folder) :].split("/"))
        ]


def ordered(entries: list[Entry], sort: str, descending: bool) -> Listing:
    """Folders first, then files, in the chosen order."""
    made = {e.path: e for e in entries}
    return Listing([e.path for e in sort_entries(entries, sort, descending)], made.__getitem__)
