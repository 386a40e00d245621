"""What the Gallery shows: the media its filter lets through, grouped in folders and sorted
the way the user chose (preferences ``filter_media``, ``directory_sorting`` and
``media_sorting`` in table ``preferences``)."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from functools import cached_property

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.media import ALL_TYPES, Medium, all_media
from mobile_gym.sim.apps.gallery.names import FAVORITES, RECYCLE_BIN, SPECIAL_FOLDERS
from mobile_gym.sim.apps.preferences import Preferences

PREFERENCES = {
    "filter_media": str(ALL_TYPES),
    "directory_sorting": "date_taken:desc",
    "media_sorting": "date_taken:desc",
}
SORT_FIELDS = {"name": "Name", "size": "Size", "date_taken": "Date taken"}
SORT_ORDERS = {"asc": "Ascending", "desc": "Descending"}


@dataclass(frozen=True)
class Folder:
    """A folder of the main screen: a directory of media, or Favorites / Recycle Bin."""

    key: str
    name: str
    items: tuple[Medium, ...]

    @property
    def size(self) -> int:
        return sum(item.size for item in self.items)

    @property
    def newest(self) -> int:
        return max(item.date_taken for item in self.items)


def folder_name(key: str) -> str:
    return SPECIAL_FOLDERS.get(key) or posixpath.basename(key)


class Library:
    """The gallery's view of its media for one screen build (the index is scanned once)."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.prefs = Preferences(ctx, PREFERENCES)

    @property
    def media_filter(self) -> int:
        return int(self.prefs.get("filter_media"))

    def sorting(self, key: str) -> tuple[str, str]:
        """(field, order) of preference ``key`` (``directory_sorting`` / ``media_sorting``)."""
        field, _, order = self.prefs.get(key).partition(":")
        return field, order

    @cached_property
    def shown(self) -> list[Medium]:
        """The indexed media of the types the filter lets through."""
        wanted = self.media_filter
        return [item for item in all_media(self.ctx) if item.type & wanted]

    def items(self, key: str) -> list[Medium]:
        """The media of folder ``key``, sorted by ``media_sorting``."""
        if key == RECYCLE_BIN:
            items = [m for m in self.shown if m.deleted_ts]
        elif key == FAVORITES:
            items = [m for m in self.shown if m.is_favorite and not m.deleted_ts]
        else:
            items = [m for m in self.shown if m.parent_path == key and not m.deleted_ts]
        field, order = self.sorting("media_sorting")
        ranked = {
            "name": lambda m: (m.filename.casefold(), m.id),
            "size": lambda m: (m.size, m.id),
            "date_taken": lambda m: (m.date_taken, m.id),
        }[field]
        return sorted(items, key=ranked, reverse=order == "desc")

    def folders(self) -> list[Folder]:
        """The directories holding media, sorted by ``directory_sorting``, then Favorites
        and the Recycle Bin when they hold anything."""
        paths = sorted({m.parent_path for m in self.shown if not m.deleted_ts})
        folders = [Folder(p, folder_name(p), tuple(self.items(p))) for p in paths]
        field, order = self.sorting("directory_sorting")
        ranked = {
            "name": lambda f: (f.name.casefold(), f.key),
            "size": lambda f: (f.size, f.key),
            "date_taken": lambda f: (f.newest, f.key),
        }[field]
        folders.sort(key=ranked, reverse=order == "desc")
        for key in (FAVORITES, RECYCLE_BIN):
            items = self.items(key)
            if items:
                folders.append(Folder(key, folder_name(key), tuple(items)))
        return folders
