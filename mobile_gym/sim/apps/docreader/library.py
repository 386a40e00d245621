"""The documents the reader knows: the PDFs in shared storage and the recently opened ones."""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from mobile_gym.sim.apps.base import AppContext

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


def pdf_files(ctx: AppContext) -> list[DocumentEntry]:
    """Every PDF under shared storage, by name (case ignored), then path."""
    storage = ctx.phone.storage
    storage.exists(STORAGE_ROOT)  # reads the file tree: the list follows its changes
    paths = [
        path
        for path in storage.file_paths()
        if path.startswith(STORAGE_ROOT) and path.lower().endswith(".pdf")
    ]
    paths.sort(key=lambda p: (posixpath.basename(p).lower(), p))
    return [DocumentEntry(path, storage.size(path)) for path in paths]


def recent(ctx: AppContext) -> list[DocumentEntry]:
    """The documents opened before, latest first, that are still on the phone."""
    storage = ctx.phone.storage
    rows = ctx.db().execute("SELECT path, opened FROM recent ORDER BY opened DESC, path")
    return [
        DocumentEntry(path, storage.size(path), opened)
        for path, opened in rows.fetchall()
        if storage.exists(path) and not storage.is_dir(path)
    ]


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
