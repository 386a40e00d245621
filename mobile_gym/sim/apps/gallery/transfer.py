"""Copying and moving media to another folder, and making a new folder for them.

A copy is a new file and a new index row (same date taken, not a favourite); a move takes
the file and its row along (favourite and all). With ``keep_last_modified`` (the default)
the files keep their modification time, else they are stamped with the phone's clock. A
medium whose name the target folder holds already is left where it is.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.library import Library
from mobile_gym.sim.apps.gallery.media import HOME, Medium
from mobile_gym.sim.system.storage import NAME_TOO_LONG, name_too_long


def folder_error(ctx: AppContext, parent: str, name: str) -> str | None:
    """Why a folder ``name`` cannot be made in ``parent``, or None if it can."""
    if not name or name.startswith("."):
        return "The name cannot be empty"
    if "/" in name or "\\" in name:
        return "The name contains invalid characters"
    if name_too_long(name):
        return NAME_TOO_LONG
    if ctx.phone.storage.exists(posixpath.join(parent, name)):
        return "A folder with that name already exists"
    return None


def make_folder(ctx: AppContext, path: str) -> None:
    """Create the folder ``path`` (checked with ``folder_error`` first)."""
    ctx.phone.storage.make_dirs(path, ctx.phone.clock.epoch_ms)
    ctx.log(f"Created folder {path}")


def new_folder_parent(items: Sequence[Medium]) -> str:
    """Where "Create new folder" puts the folder: beside the first medium's folder."""
    if not items:
        return HOME
    parent = posixpath.dirname(items[0].parent_path)
    return parent if parent.startswith(HOME) else HOME


def transfer(ctx: AppContext, items: Sequence[Medium], folder: str, *, move: bool) -> int:
    """Copy (or move) ``items`` into ``folder``; returns how many were; toasts the outcome."""
    storage = ctx.phone.storage
    db = ctx.db()
    keep_time = Library(ctx).prefs.flag("keep_last_modified")
    now = ctx.phone.clock.epoch_ms
    done = 0
    for item in items:
        target = posixpath.join(folder, item.filename)
        if storage.exists(target):
            continue
        modified = item.last_modified if keep_time else now
        if move:
            storage.move(item.full_path, target)
            if not keep_time:
                storage.set_modified(target, now)
            db.execute(
                "UPDATE media SET full_path = ?, parent_path = ?, last_modified = ? WHERE id = ?",
                (target, folder, modified, item.id),
            )
            ctx.log(f"Moved {item.full_path} to {target}")
        else:
            storage.copy(item.full_path, target, None if keep_time else now)
            db.execute(
                "INSERT INTO media (filename, full_path, parent_path, last_modified, date_taken, "
                "size, type, video_duration) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    item.filename,
                    target,
                    folder,
                    modified,
                    item.date_taken,
                    item.size,
                    item.type,
                    item.video_duration,
                ),
            )
            ctx.log(f"Copied {item.full_path} to {target}")
        done += 1
    if done < len(items):
        ctx.toast("A file with the same name is already there")
    elif done:
        ctx.toast("Files moved successfully" if move else "Files copied successfully")
    return done
