"""Zip archives as folders: listing and reading their members, compressing and extracting.

A path inside an archive is the archive's path, ``#`` and the member's path
(``/sdcard/Download/photos.zip#/2024/a.jpg``; the archive's top is ``.../photos.zip#``). The
archive file itself never changes while it is browsed: its members are read-only.

A member whose name is absolute (``/data/x``) or climbs out of the archive (``../x``) is
neither listed, read nor extracted: unpacked, it would land outside the folder chosen (a
"zip slip"), which Android's own ``ZipFile`` refuses.
"""

from __future__ import annotations

import datetime as dt
import io
import posixpath
import zipfile
from collections.abc import Sequence

from mobile_gym.sim.apps.file_manager.files import Entry
from mobile_gym.sim.system.storage import Storage
from mobile_gym.sim.ui.dates import EPOCH, from_epoch_ms

MARK = "#"
ZIP_DATE_FLOOR = (1980, 1, 1, 0, 0, 0)
"""The earliest time a zip entry can record."""


def is_archive(path: str) -> bool:
    """Whether ``path`` names a zip file (by its extension)."""
    return path.lower().endswith(".zip") and MARK not in path


def split(path: str) -> tuple[str, str] | None:
    """(archive path, member path) for a path inside an archive, else None."""
    archive, mark, inner = path.partition(MARK)
    if not mark or not archive.lower().endswith(".zip"):
        return None
    return archive, inner.strip("/")


def member_path(archive: str, inner: str) -> str:
    return f"{archive}{MARK}/{inner}" if inner else archive + MARK


def _open(storage: Storage, archive: str) -> zipfile.ZipFile | None:
    try:
        return zipfile.ZipFile(io.BytesIO(storage.read(archive)))
    except (zipfile.BadZipFile, FileNotFoundError):
        return None


def _stays_inside(name: str) -> bool:
    """Whether the member ``name`` stays inside the archive: not absolute, no ``..`` step."""
    return not name.startswith("/") and ".." not in name.split("/")


def _members(zipped: zipfile.ZipFile) -> list[zipfile.ZipInfo]:
    """The archive's members that stay inside it (``_stays_inside``)."""
    return [info for info in zipped.infolist() if _stays_inside(info.filename)]


def _epoch_ms(info: zipfile.ZipInfo) -> int:
    return int((dt.datetime(*info.date_time) - EPOCH).total_seconds() * 1000)


def listing(storage: Storage, path: str) -> list[Entry]:
    """The entries directly in the archive folder ``path`` (a broken archive lists none)."""
    where = split(path)
    if where is None:
        return []
    archive, inner = where
    zipped = _open(storage, archive)
    if zipped is None:
        return []
    prefix = inner + "/" if inner else ""
    files: dict[str, Entry] = {}
    folders: dict[str, list[int]] = {}
    for info in _members(zipped):
        name = info.filename.rstrip("/")
        if not name.startswith(prefix) or name == inner:
            continue
        head, _, rest = name[len(prefix) :].partition("/")
        when = _epoch_ms(info)
        if rest or info.is_dir():
            folders.setdefault(head, []).append(when)
        else:
            files[head] = Entry(member_path(archive, prefix + head), False, info.file_size, 0, when)
    entries = list(files.values())
    for head, times in folders.items():
        inside = {n.rstrip("/").split("/")[0] for n in _names_below(zipped, prefix + head)}
        entries.append(Entry(member_path(archive, prefix + head), True, 0, len(inside), max(times)))
    return entries


def _names_below(zipped: zipfile.ZipFile, folder: str) -> list[str]:
    start = folder + "/"
    names = [info.filename for info in _members(zipped)]
    return [n[len(start) :] for n in names if n.startswith(start) and n != start]


def read_member(storage: Storage, path: str) -> bytes | None:
    """The bytes of the archive member at ``path``, or None when there is none."""
    where = split(path)
    zipped = None if where is None else _open(storage, where[0])
    if where is None or zipped is None or not _stays_inside(where[1]):
        return None
    try:
        return zipped.read(where[1])
    except KeyError:
        return None


def _zip_time(ms: int) -> tuple[int, int, int, int, int, int]:
    when = from_epoch_ms(ms)
    stamp = (when.year, when.month, when.day, when.hour, when.minute, when.second)
    return max(stamp, ZIP_DATE_FLOOR)


def compress(storage: Storage, sources: Sequence[str], now_ms: int) -> bytes:
    """A zip of ``sources`` (files and folders, named from their own folder down)."""
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zipped:
        for source in sources:
            base = posixpath.dirname(source)
            for path in [source, *(storage.tree(source) if storage.is_dir(source) else [])]:
                name = path[len(base) + 1 :]
                when = _zip_time(storage.modified(path) or now_ms)
                if storage.is_dir(path):
                    zipped.writestr(zipfile.ZipInfo(name + "/", when), b"")
                else:
                    info = zipfile.ZipInfo(name, when)
                    info.compress_type = zipfile.ZIP_DEFLATED
                    zipped.writestr(info, storage.read(path))
    return out.getvalue()


def extracted(storage: Storage, path: str) -> list[tuple[str, bytes]]:
    """(relative path, bytes) of every file the archive member ``path`` holds (itself, for
    a file), relative to the folder it is in."""
    where = split(path)
    zipped = None if where is None else _open(storage, where[0])
    if where is None or zipped is None:
        return []
    inner = where[1]
    base = posixpath.dirname(inner)
    out = []
    for info in _members(zipped):
        name = info.filename
        if info.is_dir() or not (name == inner or name.startswith(inner + "/") or not inner):
            continue
        relative = name[len(base) + 1 :] if base else name
        out.append((relative, zipped.read(info)))
    return out
