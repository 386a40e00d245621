"""The Gallery's media: files in the phone's storage, indexed by the ``media`` table.

Photos and videos are files under ``/sdcard`` (small placeholder files, or the pictures and
videos the Camera makes). The ``media`` table is the gallery's index of them, as the real
app caches the media store: ``scan`` adds a row for a media file the index lacks (a file
another app or a task put there; it is dated by the file's modification time, and a video's
length is read from the file: ``videos``, 0 for a placeholder) and drops the rows of files
that are gone. Sizes, and the lengths of the seeded videos, are the index's (believable
figures, not the placeholders' bytes). The recycle bin keeps a deleted file under the app's
private folder (``TRASH`` followed by its old path, ``NAME_1.EXT`` and so on when the bin
holds a file of that path already) with ``deleted_ts`` set, until it is restored or deleted
for good; a restore refuses while another file takes the old path.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import random
import time
from collections.abc import Hashable
from typing import TYPE_CHECKING, NamedTuple, cast

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.names import PACKAGE
from mobile_gym.sim.apps.gallery.videos import video_seconds
from mobile_gym.sim.apps.rows import records
from mobile_gym.sim.system.storage import FILES, NAME_TOO_LONG, SeededFiles, name_too_long

if TYPE_CHECKING:
    from mobile_gym.sim.apps.gallery.app import GalleryApp

HOME = "/sdcard"
TRASH = f"/data/data/{PACKAGE}/files/.trash"
SCHEMA = """
CREATE TABLE media (
    id INTEGER PRIMARY KEY,
    filename TEXT NOT NULL,
    full_path TEXT NOT NULL UNIQUE,
    parent_path TEXT NOT NULL,
    last_modified INTEGER NOT NULL,
    date_taken INTEGER NOT NULL,
    size INTEGER NOT NULL,
    type INTEGER NOT NULL,
    video_duration INTEGER NOT NULL DEFAULT 0,
    is_favorite INTEGER NOT NULL DEFAULT 0,
    deleted_ts INTEGER NOT NULL DEFAULT 0
);
"""
IMAGE, VIDEO, GIF, RAW, SVG, PORTRAIT = 1, 2, 4, 8, 16, 32
"""Media types (``type`` column), also the bits of the "filter_media" preference."""
ALL_TYPES = IMAGE | VIDEO | GIF | RAW | SVG | PORTRAIT
TYPE_NAMES = {
    IMAGE: "Images",
    VIDEO: "Videos",
    GIF: "GIFs",
    RAW: "RAW images",
    SVG: "SVGs",
    PORTRAIT: "Portraits",
}
TYPE_IDS = {
    IMAGE: "images",
    VIDEO: "videos",
    GIF: "gifs",
    RAW: "raws",
    SVG: "svgs",
    PORTRAIT: "portraits",
}
"""The suffix of each type's "Filter media" check box (``filter_media_<suffix>``)."""
EXTENSIONS = {
    **dict.fromkeys(("jpg", "jpeg", "png", "webp", "heic"), IMAGE),
    **dict.fromkeys(("mp4", "mkv", "webm", "3gp", "mov", "avi"), VIDEO),
    "gif": GIF,
    **dict.fromkeys(("dng", "cr2", "nef", "arw"), RAW),
    "svg": SVG,
}
_COLUMNS = (
    "id, filename, full_path, parent_path, last_modified, date_taken, size, type, "
    "video_duration, is_favorite, deleted_ts"
)
DAY_MS = 86_400_000
_EPOCH = dt.datetime(1970, 1, 1)


class Medium(NamedTuple):
    """One row of the ``media`` table: a photo, video or GIF."""

    id: int
    filename: str
    full_path: str
    parent_path: str
    last_modified: int
    date_taken: int
    size: int
    type: int
    video_duration: int
    is_favorite: int
    deleted_ts: int

    @property
    def is_video(self) -> bool:
        return self.type == VIDEO

    @property
    def original_path(self) -> str:
        """Where the file lives, or lived before it went to the recycle bin."""
        return posixpath.join(self.parent_path, self.filename)


def media_type(path: str) -> int | None:
    """The media type of a file name, or None for files the gallery does not show."""
    return EXTENSIONS.get(path.rpartition(".")[2].lower()) if "." in path else None


def duration(seconds: int) -> str:
    """``0:42``, ``12:05`` or ``1:02:03``."""
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def file_size(size: int) -> str:
    """``2.4 MB``, ``512 KB`` or ``80 B``."""
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}".replace(".0 ", " ")
    return f"{size} B"


DATE_FORMATS = ("dd.MM.yyyy", "dd/MM/yyyy", "MM/dd/yyyy", "yyyy-MM-dd", "d MMMM yyyy")
"""The date formats the settings offer (Android's pattern letters)."""
_STRFTIME = {
    "dd.MM.yyyy": "%d.%m.%Y",
    "dd/MM/yyyy": "%d/%m/%Y",
    "MM/dd/yyyy": "%m/%d/%Y",
    "yyyy-MM-dd": "%Y-%m-%d",
    "d MMMM yyyy": "%-d %B %Y",
}


def format_date(when: dt.datetime, date_format: str) -> str:
    """``when``'s date in one of ``DATE_FORMATS``."""
    return when.strftime(_STRFTIME[date_format])


def taken(ms: int, date_format: str = "dd.MM.yyyy", use_24_hours: bool = False) -> str:
    """``03.06.2024 9:30 AM`` (or ``03.06.2024 09:30`` on the 24-hour clock)."""
    when = _EPOCH + dt.timedelta(milliseconds=ms)
    clock = f"{when:%H:%M}" if use_24_hours else f"{when:%-I:%M %p}"
    return f"{format_date(when, date_format)} {clock}"


# seeding --------------------------------------------------------------------------------------
_CAMERA = f"{HOME}/DCIM/Camera"
_SCREENSHOTS = f"{HOME}/Pictures/Screenshots"
_WHATSAPP = f"{HOME}/WhatsApp/Media/WhatsApp Images"
_DOWNLOADS = (
    "wallpaper_mountains.jpg",
    "concert_poster.jpg",
    "recipe_card.png",
    "funny_cat.gif",
    "floor_plan.png",
    "map_of_old_town.jpg",
    "dancing_dog.gif",
)
_MOVIES = ("birthday_party.mp4", "drone_flight.mp4", "school_play.mp4", "beach_sunset.mp4")


SEEDED_FILES = SeededFiles(
    frozenset(EXTENSIONS),
    (_CAMERA, _SCREENSHOTS, _WHATSAPP, f"{HOME}/Download", f"{HOME}/Movies", TRASH),
)
"""What ``seed_media`` writes: media files, in the camera roll and the other folders of
pictures and films, and the recycle bin."""


def _stamp(ms: int, pattern: str) -> str:
    return time.strftime(pattern, time.gmtime(ms // 1000))


def seed_media(ctx: AppContext, rng: random.Random) -> None:
    """A camera roll, screenshots, downloads, chat pictures and a few films; three
    favourites and a camera photo or two in the recycle bin. Each file is a few bytes that
    stand for the size its index row gives (``Storage.sizes``)."""
    rows, files = _draw_media(ctx, rng)
    ctx.phone.storage.write_files(files, sizes={row[1]: row[5] for row in rows})
    ctx.db().executemany(
        "INSERT INTO media (filename, full_path, parent_path, last_modified, date_taken, size, "
        "type, video_duration, is_favorite, deleted_ts) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


def _draw_media(ctx: AppContext, rng: random.Random) -> tuple[list[tuple], list[tuple]]:
    """The seeded index rows and the files ``(path, data, mtime)`` they stand for."""
    now = ctx.phone.boot_ms
    entries: dict[str, tuple[str, str, int, int, int, int]] = {}

    def add(folder: str, name: str, when: int, kind: int, size_kb: int, length: int = 0) -> None:
        entries[f"{folder}/{name}"] = (folder, name, when, kind, size_kb << 10, length)

    def moments(count: int, days: int) -> list[int]:
        return [now - rng.randrange(3_600, days * 86_400) * 1000 for _ in range(count)]

    photos = rng.randint(8, 12)
    for when in moments(photos, 60):
        add(
            _CAMERA,
            f"IMG_{_stamp(when, '%Y%m%d_%H%M%S')}.jpg",
            when,
            IMAGE,
            rng.randint(1_500, 5_000),
        )
    for when in moments(rng.randint(2, 3), 60):
        length = rng.randint(5, 180)
        add(
            _CAMERA, f"VID_{_stamp(when, '%Y%m%d_%H%M%S')}.mp4", when, VIDEO, length * 1_200, length
        )
    for when in moments(rng.randint(2, 5), 30):
        add(
            _SCREENSHOTS,
            f"Screenshot_{_stamp(when, '%Y%m%d-%H%M%S')}.png",
            when,
            IMAGE,
            rng.randint(200, 900),
        )
    for index, when in enumerate(sorted(moments(rng.randint(2, 5), 90))):
        add(
            _WHATSAPP,
            f"IMG-{_stamp(when, '%Y%m%d')}-WA{index + 1:04d}.jpg",
            when,
            IMAGE,
            rng.randint(80, 400),
        )
    for name in rng.sample(_DOWNLOADS, rng.randint(2, 3)):
        add(
            f"{HOME}/Download",
            name,
            moments(1, 120)[0],
            media_type(name) or IMAGE,
            rng.randint(300, 3_000),
        )
    for name in rng.sample(_MOVIES, rng.randint(1, 2)):
        length = rng.randint(30, 600)
        add(f"{HOME}/Movies", name, moments(1, 120)[0], VIDEO, length * 1_500, length)
    favorites = set(rng.sample(range(len(entries)), 3))
    binned = set(rng.sample([i for i in range(photos) if i not in favorites], rng.randint(1, 2)))
    rows, files = [], []
    for index, (path, (folder, name, when, kind, size, length)) in enumerate(entries.items()):
        deleted = now - rng.randint(1, 20) * DAY_MS if index in binned else 0
        stored = TRASH + path if deleted else path
        rows.append(
            (name, stored, folder, when, when, size, kind, length, index in favorites, deleted)
        )
        files.append((stored, b"placeholder " + name.encode(), when))
    return rows, files


# queries --------------------------------------------------------------------------------------
def medium(ctx: AppContext, medium_id: int | None) -> Medium | None:
    if medium_id is None:
        return None
    row = ctx.db().execute(f"SELECT {_COLUMNS} FROM media WHERE id = ?", (medium_id,)).fetchone()
    return Medium(*row) if row else None


def all_media(ctx: AppContext) -> tuple[Medium, ...]:
    """Every indexed medium, the recycle bin's included (after a scan)."""
    return _indexed(ctx, f"SELECT {_COLUMNS} FROM media ORDER BY id")


def media_in(ctx: AppContext, folder: str) -> tuple[Medium, ...]:
    """The indexed media of ``folder`` outside the recycle bin (after a scan)."""
    in_folder = f"SELECT {_COLUMNS} FROM media WHERE parent_path = ? AND deleted_ts = 0 ORDER BY id"
    return _indexed(ctx, in_folder, (folder,))


def _indexed(ctx: AppContext, sql: str, params: tuple = ()) -> tuple[Medium, ...]:
    """The media rows ``sql`` selects, after a scan: read again only when the index or the
    files changed since they were last read (``GalleryApp.index_reads``), so that a screen
    built again for anything else does not read the folder it shows."""
    scan(ctx)
    app = cast("GalleryApp", ctx.app)
    return app.index_reads.get(
        (sql, params, app.index_sync.state(ctx)),
        lambda _key: tuple(records(ctx.db(), Medium, sql, params)),
    )


class IndexSync:
    """When the gallery last brought its ``media`` index up to date with the files: the
    storage's ``files_version`` and the index database's stamp right after that scan. While
    both stay the same, neither the files nor the index changed, so a scan would find
    nothing to do (the real app rescans the media store only when it reports a change)."""

    def __init__(self) -> None:
        self.synced_at: tuple[int, Hashable] | None = None

    def state(self, ctx: AppContext) -> tuple[int, Hashable]:
        """The files' version and the index database's stamp now."""
        index = ctx.db()  # (made first: making it may write files)
        storage = ctx.phone.storage
        return storage.files_version, storage.stamp(index)


def scan(ctx: AppContext) -> None:
    """Bring the index up to date with the files: index new media files, forget gone ones.

    What it reads of the files is tracked even when nothing changed since the last scan,
    so that a screen showing the index is built again when the files change. The scan
    itself is upkeep (``Dependencies.unrecorded``) whose writes are noted at once: a screen
    that scans before it reads the index (``GalleryApp.build`` does, as the real app
    rescans the media store as it resumes) reads it as the scan left it, and is not built
    again for the scan's writes.
    """
    phone = ctx.phone
    phone.deps.read(FILES)
    phone.deps.unrecorded(_bring_up_to_date, ctx)
    phone.storage.note_database_writes()


def _bring_up_to_date(ctx: AppContext) -> None:
    sync = cast("GalleryApp", ctx.app).index_sync
    if sync.synced_at == sync.state(ctx):
        return
    _rescan(ctx)
    sync.synced_at = sync.state(ctx)


def _rescan(ctx: AppContext) -> None:
    """Index the media files the index lacks and forget the rows of files that are gone.
    It reads the media files alone (``Storage.files_of_kinds``), and another kind of file
    only where the index holds one (a medium renamed to another extension); a new video's
    length is read from its file (``videos.video_seconds``)."""
    storage = ctx.phone.storage
    db = ctx.db()
    indexed = dict(db.execute("SELECT full_path, id FROM media").fetchall())
    media = storage.files_of_kinds(EXTENSIONS)
    gone = [
        medium_id
        for path, medium_id in indexed.items()
        if path not in media and (media_type(path) is not None or not storage.is_file(path))
    ]
    if gone:
        db.executemany("DELETE FROM media WHERE id = ?", [(i,) for i in gone])
    prefix = HOME + "/"
    new = sorted(path for path in media if path.startswith(prefix) and path not in indexed)
    now = ctx.phone.clock.epoch_ms
    rows = []
    for path in new:
        size, modified = media[path]
        when = modified or now
        kind = media_type(path)
        length = video_seconds(storage.read(path)) if kind == VIDEO else 0
        rows.append(
            (
                posixpath.basename(path),
                path,
                posixpath.dirname(path),
                when,
                when,
                size,
                kind,
                length,
            )
        )
    db.executemany(
        "INSERT INTO media (filename, full_path, parent_path, last_modified, date_taken, "
        "size, type, video_duration) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )


# changes --------------------------------------------------------------------------------------
def free_path(ctx: AppContext, folder: str, name: str, *, numbered: bool = False) -> str:
    """A path in ``folder`` no file takes: ``name`` itself, unless it is taken or
    ``numbered``, else ``NAME_1.EXT``, ``NAME_2.EXT``... with the first free number."""
    storage = ctx.phone.storage
    path = posixpath.join(folder, name)
    if not numbered and not storage.exists(path):
        return path
    stem, dot, ext = name.rpartition(".")
    if not (dot and stem):
        stem, dot, ext = name, "", ""
    number = 1
    while storage.exists(path := posixpath.join(folder, f"{stem}_{number}{dot}{ext}")):
        number += 1
    return path


def set_favorite(ctx: AppContext, item: Medium, favorite: bool) -> None:
    ctx.db().execute("UPDATE media SET is_favorite = ? WHERE id = ?", (int(favorite), item.id))
    verb = "Added to favorites" if favorite else "Removed from favorites"
    ctx.log(f"{verb}: {item.full_path}")


def trash(ctx: AppContext, item: Medium) -> None:
    """Move ``item`` to the recycle bin: to ``TRASH`` followed by its path, numbered
    (``free_path``) when the bin holds a file of that path already. The row keeps the
    medium's name and folder, where a restore puts it back."""
    target = free_path(ctx, TRASH + item.parent_path, item.filename)
    ctx.phone.storage.move(item.full_path, target)
    ctx.db().execute(
        "UPDATE media SET full_path = ?, deleted_ts = ? WHERE id = ?",
        (target, ctx.phone.clock.epoch_ms, item.id),
    )
    ctx.log(f"Moved to the Recycle Bin: {item.full_path}")


def restore(ctx: AppContext, item: Medium) -> bool:
    """Put a binned ``item`` back where it was; False if a file took its place meanwhile."""
    target = item.original_path
    if ctx.phone.storage.exists(target):
        return False
    ctx.phone.storage.move(item.full_path, target)
    ctx.db().execute(
        "UPDATE media SET full_path = ?, deleted_ts = 0 WHERE id = ?", (target, item.id)
    )
    ctx.log(f"Restored: {target}")
    return True


def delete_for_good(ctx: AppContext, item: Medium) -> None:
    ctx.phone.storage.delete(item.full_path)
    ctx.db().execute("DELETE FROM media WHERE id = ?", (item.id,))
    ctx.log(f"Deleted permanently: {item.original_path}")


def rename_error(ctx: AppContext, item: Medium, name: str) -> str | None:
    """Why ``item`` cannot be called ``name``, or None if it can."""
    if not name or name.startswith("."):
        return "The name cannot be empty"
    if "/" in name or "\\" in name:
        return "The name contains invalid characters"
    if name_too_long(name):
        return NAME_TOO_LONG
    if name != item.filename and ctx.phone.storage.exists(posixpath.join(item.parent_path, name)):
        return "A file with that name already exists"
    return None


def rename(ctx: AppContext, item: Medium, name: str) -> None:
    """Call ``item`` ``name`` (checked with ``rename_error`` first)."""
    if name == item.filename:
        return
    target = posixpath.join(item.parent_path, name)
    ctx.phone.storage.move(item.full_path, target)
    ctx.db().execute(
        "UPDATE media SET filename = ?, full_path = ?, type = ? WHERE id = ?",
        (name, target, media_type(name) or item.type, item.id),
    )
    ctx.log(f"Renamed {item.full_path} to {target}")
