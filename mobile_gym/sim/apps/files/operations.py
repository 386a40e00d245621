"""What the Files app does to documents: rename, delete, new folder, copy, move, compress
and extract, on the phone's storage (the same files Simple File Manager shows).

Each change logs a ``Files`` line; a name that cannot be used is refused with the reason.
Copies into a folder that already holds the name get `` (1)``, `` (2)``... before the
extension, as Android names them.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.apps.file_manager.files import name_error
from mobile_gym.sim.apps.files import archive

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

NAME_TAKEN = "A file with that name already exists"
MODES = {"copy": ("Copy", "Copied"), "move": ("Move", "Moved"), "extract": ("Extract", "Extracted")}
"""Each transfer's button label and the verb its log lines and toast use."""


def free_name(ctx: AppContext, folder: str, name: str) -> str:
    """``name`` in ``folder``, numbered `` (1)``, `` (2)``... while that is taken."""
    storage = ctx.phone.storage
    stem, dot, ext = name.rpartition(".")
    if not (dot and stem):
        stem, dot, ext = name, "", ""
    candidate, number = name, 0
    while storage.exists(posixpath.join(folder, candidate)):
        number += 1
        candidate = f"{stem} ({number}){dot}{ext}"
    return candidate


def rename(ctx: AppContext, path: str, name: str) -> str | None:
    """Give ``path`` the name ``name``; the reason it cannot, or None."""
    error = name_error(name)
    target = posixpath.join(posixpath.dirname(path), name)
    storage = ctx.phone.storage
    if error is None and target != path and storage.exists(target):
        error = NAME_TAKEN
    if error is not None:
        return error
    if target != path:
        storage.move(path, target)
        ctx.log(f"Renamed {path} to {target}")
    return None


def delete(ctx: AppContext, paths: Sequence[str]) -> int:
    """Delete ``paths`` (folders with their content); how many went."""
    storage = ctx.phone.storage
    gone = 0
    for path in paths:
        if storage.exists(path):
            storage.delete_tree(path)
            ctx.log(f"Deleted {path}")
            gone += 1
    return gone


def new_folder(ctx: AppContext, folder: str, name: str) -> str | None:
    """Create folder ``name`` in ``folder``; the reason it cannot, or None."""
    error = name_error(name)
    path = posixpath.join(folder, name)
    if error is None and ctx.phone.storage.exists(path):
        error = NAME_TAKEN
    if error is not None:
        return error
    ctx.phone.storage.make_dirs(path, mtime=ctx.phone.clock.epoch_ms)
    ctx.log(f"Created folder {path}")
    return None


def transfer(ctx: AppContext, mode: str, paths: Sequence[str], folder: str) -> str:
    """Copy, move or extract ``paths`` into ``folder``; the toast saying what happened."""
    storage = ctx.phone.storage
    now = ctx.phone.clock.epoch_ms
    verb = MODES[mode][1]
    if mode != "extract" and any(folder == p or folder.startswith(p + "/") for p in paths):
        return f"A folder can't be {verb.lower()} into itself"  # nothing done
    done = 0
    for path in paths:
        if mode == "extract":
            for relative, data in archive.extracted(storage, path):
                target = posixpath.join(folder, relative)
                parent = posixpath.dirname(target)
                if storage.exists(parent) and not storage.is_dir(parent):
                    continue  # a file stands where the member's folder would go
                name = free_name(ctx, parent, posixpath.basename(target))
                storage.write_files([(posixpath.join(parent, name), data, now)])
                ctx.log(f"Extracted {path} to {posixpath.join(parent, name)}")
                done += 1
            continue
        if not storage.exists(path):
            continue
        if mode == "move" and posixpath.dirname(path) == folder:
            continue
        target = posixpath.join(folder, free_name(ctx, folder, posixpath.basename(path)))
        if mode == "move":
            storage.move(path, target)
        else:
            storage.copy(path, target, mtime=now)
        ctx.log(f"{verb} {path} to {target}")
        done += 1
    noun = "item" if done == 1 else "items"
    return f"{verb} {done} {noun}"


def compress(ctx: AppContext, paths: Sequence[str]) -> str | None:
    """Zip ``paths`` into their folder (``<name>.zip`` for one item, ``Archive.zip`` for
    more); the archive's path, or None when nothing was there."""
    storage = ctx.phone.storage
    present = [p for p in paths if storage.exists(p)]
    if not present:
        return None
    folder = posixpath.dirname(present[0])
    first = posixpath.basename(present[0])
    stem = first.rpartition(".")[0] or first if not storage.is_dir(present[0]) else first
    base = f"{stem}.zip" if len(present) == 1 else "Archive.zip"
    target = posixpath.join(folder, free_name(ctx, folder, base))
    now = ctx.phone.clock.epoch_ms
    storage.write_files([(target, archive.compress(storage, present, now), now)])
    ctx.log(f"Compressed {', '.join(present)} into {target}")
    return target
