"""What the Gallery shows: the media its filter lets through, grouped in folders, sorted and
grouped the way the user chose (preferences ``filter_media``, ``directory_sorting``,
``media_sorting``, ``group_by`` and ``show_hidden_media`` in table ``preferences``)."""

from __future__ import annotations

import datetime as dt
import posixpath
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar, cast

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.media import (
    ALL_TYPES,
    DAY_MS,
    HOME,
    TYPE_NAMES,
    Medium,
    all_media,
    media_in,
    scan,
)
from mobile_gym.sim.apps.gallery.names import FAVORITES, RECYCLE_BIN, SPECIAL_FOLDERS
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.system.storage import Storage
from mobile_gym.sim.ui.dates import MONTH_NAMES

if TYPE_CHECKING:
    from mobile_gym.sim.apps.gallery.app import GalleryApp

PREFERENCES = {
    "filter_media": str(ALL_TYPES),
    "directory_sorting": "date_taken:desc",
    "media_sorting": "date_taken:desc",
    "group_by": "none:asc",
    "view_type_folders": "grid",
    "view_type_files": "grid",
    "show_hidden_media": "0",
    "autoplay_videos": "0",
    "remember_last_video_position": "0",
    "loop_videos": "0",
    "date_format": "dd.MM.yyyy",
    "use_24_hour_format": "0",
    "file_loading_priority": "speed",
    "search_all_files": "0",
    "keep_last_modified": "1",
    "show_recycle_bin_at_folders": "1",
    "open_videos_on_separate_screen": "0",
    "animate_gifs": "0",
    "mark_favorite_items": "1",
    "show_file_types": "0",
    "use_recycle_bin": "1",
    "delete_empty_folders": "0",
    "app_theme": "auto",
    "excluded_folders": "",
}
NOMEDIA = ".nomedia"
"""A file of this name hides its folder from the gallery (shown with "Show hidden items")."""
SORT_FIELDS = {"name": "Name", "size": "Size", "date_taken": "Date taken"}
SORT_ORDERS = {"asc": "Ascending", "desc": "Descending"}
GROUPINGS = {
    "none": "Do not group files",
    "last_modified_daily": "Last modified (daily)",
    "last_modified_monthly": "Last modified (monthly)",
    "date_taken_daily": "Date taken (daily)",
    "date_taken_monthly": "Date taken (monthly)",
    "file_type": "File type",
    "extension": "Extension",
}
"""``group_by`` fields and their labels in the "Group by" dialog."""
VIEW_TYPES = {"grid": "Grid", "list": "List"}
_EPOCH = dt.date(1970, 1, 1)

T = TypeVar("T")
Group = tuple[str, tuple[Medium, ...]]
"""A titled group of media (the title empty when the media are not grouped)."""


def _daily(day: int) -> tuple[Any, str]:
    date = _EPOCH + dt.timedelta(days=day)
    return day, f"{MONTH_NAMES[date.month]} {date.day}, {date.year}"


def _monthly(day: int) -> tuple[Any, str]:
    date = _EPOCH + dt.timedelta(days=day)
    return (date.year, date.month), f"{MONTH_NAMES[date.month]} {date.year}"


_GROUPINGS: dict[str, tuple[Callable[[Medium], Hashable], Callable[[Any], tuple[Any, str]]]] = {
    "last_modified_daily": (lambda m: m.last_modified // DAY_MS, _daily),
    "last_modified_monthly": (lambda m: m.last_modified // DAY_MS, _monthly),
    "date_taken_daily": (lambda m: m.date_taken // DAY_MS, _daily),
    "date_taken_monthly": (lambda m: m.date_taken // DAY_MS, _monthly),
    "file_type": (lambda m: m.type, lambda kind: (kind, TYPE_NAMES.get(kind, "Other"))),
    "extension": (
        lambda m: m.filename.rpartition(".")[2].lower(),
        lambda extension: (extension, "." + extension),
    ),
}
"""Each grouping's bucket of a medium (its day since 1970, its type, its extension), and a
bucket's (rank, title), found once per bucket: groups are ordered by rank."""


def is_hidden_folder(folder: str, storage: Storage) -> bool:
    """Whether ``folder`` is hidden under /sdcard: a name on its path starts with a dot, or
    it holds a ``.nomedia`` file."""
    relative = folder.removeprefix(HOME)
    dotted = any(part.startswith(".") for part in relative.split("/"))
    return dotted or storage.is_file(posixpath.join(folder, NOMEDIA))


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
        return self.choice(key)

    def choice(self, key: str) -> tuple[str, str]:
        """(field, order) of a ``field:order`` preference (``group_by``, the sortings)."""
        field, _, order = self.prefs.get(key).partition(":")
        return field, order

    @cached_property
    def media(self) -> tuple[Medium, ...]:
        """Every indexed medium, the recycle bin's included (the index scanned first)."""
        return all_media(self.ctx)

    @cached_property
    def shown(self) -> list[Medium]:
        """The indexed media of the types the filter lets through (media in hidden folders
        only with ``show_hidden_media``)."""
        wanted = self.media_filter
        excluded = set(self.excluded_folders)
        media = [m for m in self.media if m.type & wanted and m.parent_path not in excluded]
        if self.prefs.flag("show_hidden_media"):
            return media
        storage = self.ctx.phone.storage
        folders = {m.parent_path for m in media}
        hidden = {folder for folder in folders if is_hidden_folder(folder, storage)}
        return [m for m in media if m.parent_path not in hidden]

    @property
    def excluded_folders(self) -> list[str]:
        """The folders whose media never show (``excluded_folders``, one path a line)."""
        return [p for p in self.prefs.get("excluded_folders").split("\n") if p]

    def media_folders(self) -> tuple[str, ...]:
        """Every folder holding media outside the recycle bin, hidden or excluded or not,
        by path; kept until the files or the database change, as ``groups``."""
        return self._kept(
            ("media_folders",),
            lambda: tuple(sorted({m.parent_path for m in self.media if not m.deleted_ts})),
        )

    def hidden_folders(self) -> frozenset[str]:
        """The ``media_folders`` a ``.nomedia`` file hides; kept as ``groups``."""
        storage = self.ctx.phone.storage

        def find() -> frozenset[str]:
            folders = self.media_folders()
            return frozenset(f for f in folders if storage.is_file(posixpath.join(f, NOMEDIA)))

        return self._kept(("hidden_folders",), find)

    def groups(self, key: str) -> tuple[Group, ...]:
        """The media of folder ``key`` in ``group_by`` groups, each titled (one untitled
        group when they are not grouped); the groups in the chosen order, each sorted. Kept
        until the files or the gallery's database change (``_kept``): a screen built again
        for anything else, or a viewer stepping through the folder, does not sort and group
        the folder again."""
        return self._kept(("groups", key), lambda: self._grouped(key))

    def _kept(self, what: tuple[str, ...], make: Callable[[], T]) -> T:
        """``make()``, kept until the files or the gallery's database (its index and its
        preferences) change (``GalleryApp.arrangements``, under ``what`` and the index's
        sync state). What ``make`` reads is read again only then; what a screen's build must
        depend on is read here on every call: the files (the scan) and the database."""
        ctx = self.ctx
        app = cast("GalleryApp", ctx.app)
        scan(ctx)
        key = (*what, app.index_sync.state(ctx))
        return cast(T, app.arrangements.get(key, lambda _key: make()))

    def _grouped(self, key: str) -> tuple[Group, ...]:
        items = self.items(key)
        field, order = self.choice("group_by")
        grouping = _GROUPINGS.get(field)
        if grouping is None:
            return (("", tuple(items)),)
        bucket_of, describe = grouping
        described: dict[Hashable, tuple[Any, str]] = {}
        groups: dict[Any, tuple[str, list[Medium]]] = {}
        for item in items:
            bucket = bucket_of(item)
            found = described.get(bucket)
            if found is None:
                found = described[bucket] = describe(bucket)
            rank, title = found
            groups.setdefault(rank, (title, []))[1].append(item)
        ranks = sorted(groups, reverse=order == "desc")
        return tuple((groups[rank][0], tuple(groups[rank][1])) for rank in ranks)

    def ordered(self, key: str) -> tuple[Medium, ...]:
        """The media of folder ``key`` in the order the screen shows them (group by group);
        kept as ``groups``."""
        return self._kept(
            ("ordered", key),
            lambda: tuple(item for _title, items in self.groups(key) for item in items),
        )

    def place(self, key: str, medium_id: object) -> int | None:
        """The index of medium ``medium_id`` in ``ordered(key)``, None when it is not there;
        found without a walk over the folder (the places are kept as ``groups``), so that
        a viewer on the last medium of a long folder costs what the first one costs."""
        places = self._kept(
            ("places", key),
            lambda: MappingProxyType({item.id: i for i, item in enumerate(self.ordered(key))}),
        )
        return places.get(medium_id)

    def items(self, key: str) -> list[Medium]:
        """The media of folder ``key``, sorted by ``media_sorting``."""
        if key == RECYCLE_BIN:
            items = [m for m in self.shown if m.deleted_ts]
        elif key == FAVORITES:
            items = [m for m in self.shown if m.is_favorite and not m.deleted_ts]
        else:
            items = self.in_folder(key)
        return self.media_order()(items)

    def in_folder(self, key: str) -> list[Medium]:
        """The media of folder ``key`` that ``shown`` holds outside the recycle bin, read
        for that folder alone."""
        if key in self.excluded_folders:
            return []
        if not self.prefs.flag("show_hidden_media") and is_hidden_folder(
            key, self.ctx.phone.storage
        ):
            return []
        wanted = self.media_filter
        return [m for m in media_in(self.ctx, key) if m.type & wanted]

    def media_order(self) -> Callable[[list[Medium]], list[Medium]]:
        """What sorts media by ``media_sorting``."""
        field, order = self.sorting("media_sorting")
        ranked: Callable[[Medium], tuple[Any, int]] = {
            "name": lambda m: (m.filename.casefold(), m.id),
            "size": lambda m: (m.size, m.id),
            "date_taken": lambda m: (m.date_taken, m.id),
        }[field]
        return lambda items: sorted(items, key=ranked, reverse=order == "desc")

    def folders(self, query: str = "") -> tuple[Folder, ...]:
        """The directories holding media, sorted by ``directory_sorting``, then Favorites
        and the Recycle Bin when they hold anything; only those whose names hold ``query``
        (case-folded) when given. Kept until the files or the database change, as
        ``groups``."""
        if query:
            return self._kept(
                ("folders", query),
                lambda: tuple(f for f in self.folders() if query in f.name.casefold()),
            )
        return self._kept(("folders",), self._folders)

    def _folders(self) -> tuple[Folder, ...]:
        members: dict[str, list[Medium]] = {}
        for item in self.shown:
            if not item.deleted_ts:
                members.setdefault(item.parent_path, []).append(item)
        sort_media = self.media_order()
        folders = [
            Folder(p, folder_name(p), tuple(sort_media(members[p]))) for p in sorted(members)
        ]
        field, order = self.sorting("directory_sorting")
        ranked = {
            "name": lambda f: (f.name.casefold(), f.key),
            "size": lambda f: (f.size, f.key),
            "date_taken": lambda f: (f.newest, f.key),
        }[field]
        folders.sort(key=ranked, reverse=order == "desc")
        special = [FAVORITES]
        if self.prefs.flag("show_recycle_bin_at_folders"):
            special.append(RECYCLE_BIN)
        for key in special:
            items = self.items(key)
            if items:
                folders.append(Folder(key, folder_name(key), tuple(items)))
        return tuple(folders)
