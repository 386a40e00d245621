"""The File Manager's main screen state and the file operations it offers.

``Browser`` reads the screen's state (current folder, selection, search, sort order, hidden
files) and acts on the phone's storage; every operation logs a ``FileManager`` line.
"""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING, cast

from mobile_gym.sim.apps.file_manager.files import (
    HOME,
    HOME_NAME,
    SORT_LABELS,
    SORTS,
    Entry,
    entry,
    list_folder,
    name_error,
    search,
    sort_entries,
)
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext
    from mobile_gym.sim.apps.file_manager.app import FileManagerApp

NAME_TAKEN = "A file or folder with that name already exists"
PREFERENCES = {
    "sort": "name",
    "sort_descending": "0",
    "home_folder": HOME,
    "temporarily_show_hidden": "0",
}
"""The app's stored options and their defaults (table ``preferences`` of database ``config``)."""
HIDDEN_PREFIX = "."


class Browser:
    """The main screen of the File Manager: where it is and what it can do there."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.storage = ctx.phone.storage
        self.selection = Selection(ctx)
        self.search = Search(ctx, "Search files")
        self.preferences = Preferences(ctx, PREFERENCES)

    # state -------------------------------------------------------------------------------
    @property
    def home(self) -> str:
        """The home folder the app opens in (``home_folder``; the storage root if it is gone)."""
        home = self.preferences.get("home_folder")
        return home if home.startswith(HOME) and self.storage.is_dir(home) else HOME

    @property
    def path(self) -> str:
        """The folder shown: the one last opened (at first the home folder), or the nearest
        folder above it still there."""
        path = self.ctx.get("path") or self.home
        while path != HOME and not self.storage.is_dir(path):
            path = posixpath.dirname(path)
        return path

    @property
    def show_hidden(self) -> bool:
        return self.preferences.flag("temporarily_show_hidden")

    @property
    def sort(self) -> tuple[str, bool]:
        """The sort key and whether it is descending (stored options; an unknown key sorts
        by name)."""
        sort = self.preferences.get("sort")
        return sort if sort in SORTS else "name", self.preferences.flag("sort_descending")

    @property
    def fallback_ms(self) -> int:
        """The time shown for a file whose writer recorded none: when the episode began."""
        return self.ctx.phone.clock.start_ms

    def entry(self, path: str) -> Entry:
        return entry(self.storage, path, show_hidden=self.show_hidden, fallback_ms=self.fallback_ms)

    def entries(self) -> tuple[Entry, ...]:
        """What the list shows: the folder's entries, or the search results below it, in
        the chosen order. Found again only when the files changed since they were last
        found for the same folder, search and options (``FileManagerApp.listings``): a
        screen built again for anything else does not look through the folder."""
        path, query, sort = self.path, self.search.query, self.sort
        options = {"show_hidden": self.show_hidden, "fallback_ms": self.fallback_ms}
        if not self.storage.is_dir(path):
            return ()

        def find() -> tuple[Entry, ...]:
            if query:
                found = search(self.storage, path, query, **options)
            else:
                found = list_folder(self.storage, path, **options)
            return tuple(sort_entries(found, *sort))

        key = (path, query, sort, *options.values(), self.storage.read_version(path))
        listings = cast("FileManagerApp", self.ctx.app).listings
        return listings.get(key, lambda _key: find())

    def crumbs(self, path: str) -> list[tuple[str, str]]:
        """(name, folder) pairs from the storage root down to ``path``."""
        out = [(HOME_NAME, HOME)]
        relative = path[len(HOME) :].strip("/")
        current = HOME
        for part in relative.split("/") if relative else []:
            current = f"{current}/{part}"
            out.append((part, current))
        return out

    def selected(self) -> list[str]:
        """The selected paths that still exist."""
        return [p for p in self.selection.keys if self.storage.exists(p)]

    # navigation ----------------------------------------------------------------------------
    def open_folder(self, path: str) -> None:
        if self.search.active:
            self.search.close()
        self.ctx.set("path", path)
        self.ctx.set("scroll:items", 0)
        self.ctx.log(f"Opened folder {path}")

    def up(self) -> bool:
        """Go to the parent folder; False at the storage root."""
        if self.path == HOME:
            return False
        self.open_folder(posixpath.dirname(self.path))
        return True

    # settings ----------------------------------------------------------------------------
    def toggle_hidden(self) -> None:
        shown = not self.show_hidden
        self.preferences.put("temporarily_show_hidden", shown)
        self.ctx.log("Showing hidden files" if shown else "Hiding hidden files")

    def set_home(self) -> None:
        """Make the folder shown the home folder."""
        self.preferences.put("home_folder", self.path)
        self.ctx.toast("Home folder updated")

    def set_sort(self, sort: str, descending: bool) -> None:
        self.preferences.put("sort", sort)
        self.preferences.put("sort_descending", descending)
        order = "descending" if descending else "ascending"
        self.ctx.log(f"Sorted by {SORT_LABELS[sort].lower()}, {order}")

    # file operations -----------------------------------------------------------------------
    def create(self, name: str, *, folder: bool) -> str | None:
        """Create a folder or an empty file ``name`` here; an error message, or None."""
        error = name_error(name)
        path = posixpath.join(self.path, name)
        if error is None and self.storage.exists(path):
            error = NAME_TAKEN
        if error is not None:
            return error
        now = self.ctx.phone.clock.epoch_ms
        if folder:
            self.storage.make_dirs(path, mtime=now)
        else:
            self.storage.write_files([(path, b"", now)])
        self.ctx.log(f"Created {'folder' if folder else 'file'} {path}")
        return None

    def rename(self, path: str, name: str) -> str | None:
        """Give ``path`` the new name ``name``; an error message, or None."""
        error = name_error(name)
        target = posixpath.join(posixpath.dirname(path), name)
        if error is None and target != path and self.storage.exists(target):
            error = NAME_TAKEN
        if error is not None:
            return error
        if target != path:
            self.storage.move(path, target)
            self.ctx.log(f"Renamed {path} to {target}")
            self.ctx.toast("Item renamed")
        self.selection.clear()
        return None

    def set_hidden(self, paths: list[str], hidden: bool) -> None:
        """Hide items (a dot before the name) or unhide them (leading dots dropped)."""
        for path in paths:
            name = posixpath.basename(path)
            new = HIDDEN_PREFIX + name if hidden else name.lstrip(HIDDEN_PREFIX)
            target = posixpath.join(posixpath.dirname(path), new)
            if new == name or not new:
                continue
            if self.storage.exists(target):
                self.ctx.toast(NAME_TAKEN)
                continue
            self.storage.move(path, target)
            self.ctx.log(f"{'Hid' if hidden else 'Unhid'} {path} as {target}")
        self.selection.clear()

    def delete(self, paths: list[str]) -> None:
        for path in paths:
            if self.storage.exists(path):
                self.storage.delete_tree(path)
                self.ctx.log(f"Deleted {path}")
        self.selection.clear()
        self.ctx.toast("Items deleted" if len(paths) > 1 else "Item deleted")

    def transfer(self, paths: list[str], folder: str, *, move: bool) -> None:
        """Copy or move ``paths`` into ``folder``; items that cannot go there are skipped."""
        verb = "Moved" if move else "Copied"
        problem = ""
        done = 0
        for path in paths:
            target = posixpath.join(folder, posixpath.basename(path))
            if posixpath.dirname(path) == folder:
                problem = "Source and destination are the same folder"
            elif folder == path or folder.startswith(path + "/"):
                problem = "A folder cannot go inside itself"
            elif self.storage.exists(target):
                problem = f"{posixpath.basename(path)} already exists there"
            else:
                if move:
                    self.storage.move(path, target)
                else:
                    self.storage.copy(path, target, mtime=self.ctx.phone.clock.epoch_ms)
                self.ctx.log(f"{verb} {path} to {target}")
                done += 1
        self.selection.clear()
        if problem:
            self.ctx.toast(problem)
        elif done:
            self.ctx.toast(f"{verb} {done} item{'s' if done > 1 else ''}")
