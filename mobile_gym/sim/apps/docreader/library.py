"""The documents the reader knows: the PDFs in shared storage and the recently opened ones."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass
from typing import TYPE_CHECKING, cast

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.system.storage import Storage
from mobile_gym.sim.ui.list_items import MadeItems

if TYPE_CHECKING:
    from mobile_gym.sim.apps.docreader.app import DocreaderApp

STORAGE_ROOT = "/sdcard/"


@dataclass(frozen=True)
class DocumentEntry:
    """A PDF on the phone: its path, size in bytes, and when it was last opened (ms) if ever."""

    path: str
    size: int
    opened: int | None = None

    @property
    def name(self) -> str:
        return posixpath.basename(self.path)

    @property
    def folder(self) -> str:
        return (
            posixpath.dirname(self.path).removeprefix("/sdcard").lstrip("/") or "Internal storage"
        )


def pdf_files(ctx: AppContext) -> MadeItems[DocumentEntry]:
    """Every PDF under shared storage, by name (case ignored), then path: the paths found
    again only once the files changed (``DocreaderApp.pdf_paths``), each made an entry (its
    size looked up) as a list shows it."""
    storage = ctx.phone.storage
    version = storage.read_version(STORAGE_ROOT)  # read: the list follows the files' changes
    app = cast("DocreaderApp", ctx.app)
    paths = app.pdf_paths.get(version, lambda _version: _pdf_paths(storage))
    return MadeItems(paths, lambda path: DocumentEntry(path, storage.size(path)))


def _pdf_paths(storage: Storage) -> tuple[str, ...]:
    paths = [
        path
        for path in storage.file_paths()
        if path.startswith(STORAGE_ROOT) and path.lower().endswith(".pdf")
    ]
    return tuple(sorted(paths, key=lambda p: (posixpath.basename(p).lower(), p)))


def recent(ctx: AppContext) -> tuple[DocumentEntry, ...]:
    """The documents opened before, latest first, that are still on the phone: read and
    looked up once until the list or the files change (``AppContext.kept``, by the
    storage's ``files_version``), not at every build."""
    storage = ctx.phone.storage
    version = storage.read_version(STORAGE_ROOT)  # read: the list follows the files' changes

    def read() -> tuple[DocumentEntry, ...]:
        rows = ctx.db().execute("SELECT path, opened FROM recent ORDER BY opened DESC, path")
        return tuple(
            DocumentEntry(path, storage.size(path), opened)
            for path, opened in rows.fetchall()
            if storage.exists(path) and not storage.is_dir(path)
        )

    return ctx.kept(("recent", version), read)


def remember(ctx: AppContext, path: str) -> None:
    """Note that ``path`` was opened now."""
    ctx.db().execute(
        "INSERT INTO recent (path, opened) VALUES (?, ?) "
        "ON CONFLICT(path) DO UPDATE SET opened = excluded.opened",
        (path, ctx.phone.clock.epoch_ms),
    )


def forget(ctx: AppContext, path: str) -> None:
    """Take ``path`` off the recent list (the file stays)."""
    ctx.db().execute("DELETE FROM recent WHERE path = ?", (path,))
    ctx.log(f"Removed from recent: path={path}")
