"""The Files browser's state: the root and folder shown, the view mode, the sort order, the
search and the selection, and the listing they give.

The sort order and view mode are stored options (table ``preferences`` of database
``config``): ``sort`` (``name``, ``modified``, ``size``, ``extension``), ``sort_descending``
(``0`` / ``1``) and ``view_mode`` (``list`` / ``grid``).
"""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from mobile_gym.sim.apps.files import archive
from mobile_gym.sim.apps.files.documents import (
    DEFAULT_ROOT,
    HOME,
    ROOT_BY_KEY,
    SORT_NAMES,
    Documents,
    Listing,
    Root,
    ordered,
)
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext
    from mobile_gym.sim.apps.file_manager.files import Entry
    from mobile_gym.sim.apps.files.app import FilesApp

PREFERENCES = {"sort": "name", "sort_descending": "0", "view_mode": "list"}


class Browser:
    """The main screen of the Files app: where it is and what it lists."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.storage = ctx.phone.storage
        self.documents = Documents(self.storage, ctx.phone.clock.start_ms)
        self.selection = Selection(ctx)
        self.search = Search(ctx, "Search files", id="search_src_text")
        self.preferences = Preferences(ctx, PREFERENCES)

    # where it is ----------------------------------------------------------------------------
    @property
    def root(self) -> Root:
        return ROOT_BY_KEY[self.ctx.get("root", DEFAULT_ROOT)]

    @property
    def path(self) -> str | None:
        """The folder shown in a folder root (the nearest one still there), else None."""
        base = self.root.folder
        if base is None:
            return None
        path = self.ctx.get("path") or base
        while path != base and not self._is_folder(path):
            path = posixpath.dirname(path)
        return path

    def _is_folder(self, path: str) -> bool:
        where = archive.split(path)
        if where is None:
            return self.storage.is_dir(path)
        if not where[1]:
            return self.storage.exists(where[0])
        found = self.documents.entry(path)
        return found is not None and found.is_dir

    @property
    def in_archive(self) -> bool:
        path = self.path
        return path is not None and archive.split(path) is not None

    @property
    def grid(self) -> bool:
        return self.preferences.get("view_mode") == "grid"

    @property
    def sort(self) -> tuple[str, bool]:
        sort = self.preferences.get("sort")
        return sort if sort in SORT_NAMES else "name", self.preferences.flag("sort_descending")

    def crumbs(self) -> list[tuple[str, str]]:
        """(name, folder) pairs from the root's folder down to the folder shown."""
        base, path = self.root.folder, self.path
        if base is None or path is None:
            return []
        out = [(self.root.title, base)]
        current = base
        for part in path[len(base) :].strip("/").split("/") if path != base else []:
            current = f"{current}/{part}"
            out.append((part.removesuffix(archive.MARK), current))
        return out

    def entries(self) -> Listing:
        """What the list shows: the folder or category, or the search results. Outside an
        archive the order is kept until the files change (``_kept``)."""
        root, path = self.root, self.path
        query = self.search.query
        sort, descending = self.sort
        if path is not None and archive.split(path) is not None:  # an archive's members
            documents = self.documents
            found = documents.search(root, path, query) if query else documents.folder(path)
            return ordered(found, sort, descending)
        if query:
            key = ("search", root.key, path, query, sort, descending)
            return self._kept(path or HOME, key, self._found(root, path, query))
        if path is not None and sort == "name":
            return self._kept(path, ("name", path, descending), self._by_name(path, descending))
        if path is not None:
            key = ("folder", path, sort, descending)
            return self._kept(path, key, self._sorted(lambda: self.documents.folder(path)))
        return self._kept(HOME, (root.key, sort, descending), self._category(root.key))

    def _kept(self, near: str, key: tuple, order: Callable[[], Sequence[str]]) -> Listing:
        """The documents ``order`` lists, for ``key`` (what is listed, in which order), found
        again only once the files near ``near`` change (``FilesApp.orders``): a long folder
        or category costs what its rows on screen cost."""
        documents = self.documents
        version = self.storage.read_version(near)
        app = cast("FilesApp", self.ctx.app)
        paths = app.orders.get((*key, documents.fallback_ms, version), lambda _key: tuple(order()))
        return documents.listing(paths)

    def _by_name(self, folder: str, descending: bool) -> Callable[[], Sequence[str]]:
        return lambda: self.documents.by_name(folder, descending).paths

    def _sorted(self, find: Callable[[], list[Entry]]) -> Callable[[], Sequence[str]]:
        """The documents ``find`` finds, in the chosen order."""
        return lambda: ordered(find(), *self.sort).paths

    def _found(self, root: Root, path: str | None, query: str) -> Callable[[], Sequence[str]]:
        """The search results for ``query`` (below ``path``, or in a category root)."""
        return self._sorted(lambda: self.documents.search(root, path or "", query))

    def _category(self, key: str) -> Callable[[], Sequence[str]]:
        """A category root's documents in the chosen order (Recent: the newest first)."""

        def order() -> Sequence[str]:
            found = self.documents.category(key)
            if key == "recent":
                return [e.path for e in found]
            return ordered(found, *self.sort).paths

        return order

    def selected(self) -> list[str]:
        """The selected documents that are still there."""
        return [p for p in self.selection.keys if self.documents.exists(p)]

    # navigation -------------------------------------------------------------------------------
    def open_root(self, key: str) -> None:
        self.ctx.pop("drawer")
        self.selection.clear()
        if self.search.active:
            self.search.close()
        self.ctx.set("root", key)
        self.ctx.pop("path")
        self.ctx.scroll_to("dir_list", 0)
        self.ctx.log(f"Opened root {ROOT_BY_KEY[key].title}")

    def open_folder(self, path: str) -> None:
        if self.search.active:
            self.search.close()
        self.selection.clear()
        self.ctx.set("path", path)
        self.ctx.scroll_to("dir_list", 0)
        self.ctx.log(f"Opened folder {path}")

    def up(self) -> bool:
        """Go to the folder above, within the root; False at the root's top."""
        path, base = self.path, self.root.folder
        if path is None or path == base:
            return False
        parent = posixpath.dirname(path)
        where = archive.split(path)
        if where is not None and where[1] and "/" not in where[1]:
            parent = archive.member_path(where[0], "")
        elif where is not None and not where[1]:
            parent = posixpath.dirname(where[0])
        self.open_folder(parent)
        return True

    # options ------------------------------------------------------------------------------------
    def set_sort(self, sort: str, descending: bool) -> None:
        self.preferences.put("sort", sort)
        self.preferences.put("sort_descending", descending)
        order = "descending" if descending else "ascending"
        self.ctx.log(f"Sorted by {SORT_NAMES[sort]}, {order}")

    def toggle_view(self) -> None:
        mode = "list" if self.grid else "grid"
        self.preferences.put("view_mode", mode)
        self.ctx.log(f"View mode {mode}")
