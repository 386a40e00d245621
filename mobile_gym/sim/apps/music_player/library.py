"""The Music Player's library: its database schema, the seeded songs, the media scan that
fills the library from the phone's song files, and the queries the tabs show (tracks,
playlists, folders, artists, albums) in the order the user picked.

Database ``songs``: ``tracks(id, title, artist, album, duration, track_number, year, path,
folder_name)`` with ``duration`` in seconds; ``playlists(id, title)``;
``playlist_tracks(playlist_id, track_id, position)``; ``queue_items(position, track_id)``,
the queue playing; ``playback`` (one row: the player, see ``playback.py``); and the app's
``preferences``.

The media scan reads every ``.mp3`` file under ``/sdcard``: ``Artist - Title.mp3`` names its
artist and title (else the file name is the title), the seeded catalogue stands for the
files' tags (album, year, track number), and the length follows from the file's size.
"""

from __future__ import annotations

import posixpath
import random
import sqlite3
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.system.storage import SeededFiles, Storage, zeros
from mobile_gym.sim.ui.list_items import MadeItems

SCHEMA = (
    """
CREATE TABLE tracks(
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    artist TEXT NOT NULL DEFAULT '<unknown>',
    album TEXT NOT NULL DEFAULT '<unknown>',
    duration INTEGER NOT NULL DEFAULT 180,
    track_number INTEGER NOT NULL DEFAULT 0,
    year INTEGER NOT NULL DEFAULT 0,
    path TEXT NOT NULL DEFAULT '',
    folder_name TEXT NOT NULL DEFAULT 'Music'
);
CREATE TABLE playlists(id INTEGER PRIMARY KEY, title TEXT NOT NULL UNIQUE);
CREATE TABLE playlist_tracks(
    playlist_id INTEGER NOT NULL,
    track_id INTEGER NOT NULL,
    position INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (playlist_id, track_id)
);
CREATE INDEX playlist_tracks_order ON playlist_tracks(playlist_id, position);
CREATE INDEX tracks_album ON tracks(album, track_number);
CREATE INDEX tracks_artist ON tracks(artist, album COLLATE NOCASE, track_number);
CREATE INDEX tracks_folder ON tracks(folder_name, album COLLATE NOCASE, track_number);
CREATE TABLE queue_items(position INTEGER PRIMARY KEY, track_id INTEGER NOT NULL);
CREATE TABLE playback(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    track_id INTEGER,
    playing INTEGER NOT NULL DEFAULT 0,
    position_ms INTEGER NOT NULL DEFAULT 0,
    since_ms INTEGER NOT NULL DEFAULT 0,
    shuffle INTEGER NOT NULL DEFAULT 0,
    shuffle_seed INTEGER NOT NULL DEFAULT 0,
    repeat TEXT NOT NULL DEFAULT 'off'
);
INSERT INTO playback(id) VALUES (1);
"""
    + preferences.SCHEMA
)
TRACK_SORTS = {
    "title": "title COLLATE NOCASE, artist COLLATE NOCASE, id",
    "artist": "artist COLLATE NOCASE, album COLLATE NOCASE, track_number, id",
    "album": "album COLLATE NOCASE, track_number, id",
    "duration": "duration, title COLLATE NOCASE, id",
}
GROUP_SORTS: dict[str, Callable[[Group], tuple[object, ...]]] = {
    "title": lambda g: (g.title.lower(),),
    "track_count": lambda g: (g.tracks, g.title.lower()),
    "album_count": lambda g: (g.albums, g.title.lower()),
    "artist": lambda g: (g.subtitle.lower(), g.title.lower()),
    "year": lambda g: (g.year, g.title.lower()),
}
"""How a tab's groups can be sorted (``artist`` is an album's artist, its subtitle)."""
SONG_KIND = "mp3"
"""The kind of file (``file_kind``) of the songs."""
SEEDED_FILES = SeededFiles(frozenset({SONG_KIND}), ("/sdcard/Music",))
"""What ``seed_library`` writes: songs, in the music folder."""
MEDIA_ROOT = "/sdcard/"
BYTES_PER_SECOND = 500
"""Bytes per second of sound of the seeded song files (kept small: the content is zeros)."""

# (artist, [(album, year, [titles])]): made-up artists and songs
# fmt: off
CATALOG: tuple[tuple[str, tuple[tuple[str, int, tuple[str, ...]], ...]], ...] = (
    ("Velvet Lanterns", (
        ("Night Market", 2019, ("Paper Moon", "Lantern Street", "Midnight Noodles",
                                "Slow Tram Home", "Neon Rain")),
        ("Harbor Lights", 2022, ("Tidewater", "Lighthouse Keeper", "Salt and Cedar",
                                 "Ferry at Dawn")),
    )),
    ("Nora Quill", (
        ("Ink and Honey", 2020, ("Quiet Letters", "Honeycomb", "Fountain Pen", "Sealed with Wax",
                                 "Margins")),
    )),
    ("Glass Harbor", (
        ("Undertow", 2018, ("Riptide", "Sea Glass", "Anchors", "Driftwood Heart")),
        ("Breakwater", 2023, ("Harbor Bells", "Gulls", "Low Tide Waltz", "Foghorn")),
    )),
    ("Mila Brandt", (
        ("Northern Tracks", 2021, ("Pine Needles", "Frozen Lake", "Aurora", "Snow Day",
                                   "Cabin Fever")),
    )),
    ("Sundown Parade", (
        ("Golden Hour", 2017, ("Dust and Denim", "Highway Sunset", "Porch Swing", "Firefly")),
        ("Late Summer", 2020, ("Peach Orchard", "Heat Lightning", "County Fair")),
    )),
    ("Arlo Finch Trio", (
        ("Blue Cellar", 2016, ("Walking Bass", "Smoke Rings", "Brushes", "After Hours",
                               "Last Call")),
    )),
    ("Neon Orchard", (
        ("Synthetic Bloom", 2022, ("Circuit Petals", "Chrome Garden", "Pixel Rain",
                                   "Analog Heart")),
    )),
    ("Juniper Vale", (
        ("Wildflower Roads", 2019, ("Meadowlark", "Barefoot", "Clover Field", "River Stones",
                                    "Homecoming")),
    )),
)
PLAYLIST_NAMES = ("Favorites", "Workout", "Road trip", "Chill evening", "Focus", "Party")
# fmt: on


@dataclass(frozen=True)
class Track:
    """A song of the library."""

    id: int
    title: str
    artist: str
    album: str
    duration: int
    """Seconds."""
    track_number: int
    year: int
    path: str
    folder_name: str

    @property
    def duration_ms(self) -> int:
        return max(self.duration, 1) * 1000


@dataclass(frozen=True)
class Group:
    """A row of the playlists, folders, artists or albums tab: what it groups and how many."""

    kind: str
    """``playlist``, ``folder``, ``artist`` or ``album``."""
    key: str
    """The playlist's id (as text), or the folder, artist or album name."""
    title: str
    subtitle: str
    tracks: int
    albums: int = 0
    """An artist's albums."""
    year: int = 0
    """An album's year."""


def format_duration(seconds: int) -> str:
    """``3:07``, or ``1:02:07`` past an hour."""
    minutes, secs = divmod(max(seconds, 0), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def song_seconds(title: str) -> int:
    """A seeded song's length: fixed by its title, between 2:30 and 5:30."""
    return 150 + zlib.crc32(title.encode()) % 181


def count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def seed_library(db: sqlite3.Connection, storage: Storage, rng: random.Random, now_ms: int) -> None:
    """Fill the library with a seed-dependent set of albums and two or three playlists, and
    write the songs' files to the phone's storage."""
    rows = []
    files = []
    for artist, albums in rng.sample(CATALOG, rng.randint(4, 6)):
        for album, year, titles in albums:
            folder = rng.choice(("Music", "Music", "Music/Live sessions", "Music/Bandcamp"))
            for number in sorted(rng.sample(range(len(titles)), rng.randint(3, len(titles)))):
                title = titles[number]
                seconds = song_seconds(title)
                path = f"/sdcard/{folder}/{artist} - {title}.mp3"
                folder_name = posixpath.basename(folder)
                rows.append(
                    (
                        len(rows) + 1,
                        title,
                        artist,
                        album,
                        seconds,
                        number + 1,
                        year,
                        path,
                        folder_name,
                    )
                )
                added = now_ms - rng.randint(30, 900) * 86_400_000
                files.append((path, zeros(seconds * BYTES_PER_SECOND), added))
    names = rng.sample(PLAYLIST_NAMES, rng.randint(2, 3))
    members = [
        (playlist_id, track_id, position)
        for playlist_id in range(1, len(names) + 1)
        for position, track_id in enumerate(rng.sample(range(1, len(rows) + 1), rng.randint(3, 7)))
    ]
    db.executemany("INSERT INTO tracks VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", rows)
    db.executemany("INSERT INTO playlists(id, title) VALUES (?, ?)", enumerate(names, start=1))
    db.executemany("INSERT INTO playlist_tracks VALUES (?, ?, ?)", members)
    storage.write_files(files)


def _tags(artist: str, title: str) -> tuple[str, int, int]:
    """The album, year and track number the catalogue gives a song (its tags)."""
    for name, albums in CATALOG:
        if name != artist:
            continue
        for album, year, titles in albums:
            if title in titles:
                return album, year, titles.index(title) + 1
    return "<unknown>", 0, 0


def scan_media(db: sqlite3.Connection, storage: Storage) -> tuple[int, int]:
    """Bring the library in line with the song files in storage: add the new files, drop the
    tracks whose file under ``MEDIA_ROOT`` is gone (and their playlist entries); returns
    (added, removed)."""
    songs = storage.files_of_kinds((SONG_KIND,))
    paths = sorted(path for path in songs if path.startswith(MEDIA_ROOT))
    present = set(paths)
    known = {row[0]: row[1] for row in db.execute("SELECT path, id FROM tracks")}
    gone = [
        track_id
        for path, track_id in known.items()
        if path.startswith(MEDIA_ROOT) and path not in present
    ]
    for track_id in gone:
        db.execute("DELETE FROM playlist_tracks WHERE track_id = ?", (track_id,))
        db.execute("DELETE FROM tracks WHERE id = ?", (track_id,))
    new = [path for path in paths if path not in known]
    for path in new:
        stem = posixpath.splitext(posixpath.basename(path))[0]
        artist, _, title = stem.partition(" - ") if " - " in stem else ("<unknown>", "", stem)
        album, year, number = _tags(artist, title)
        seconds = max(songs[path][0] // BYTES_PER_SECOND, 1)
        folder = posixpath.basename(posixpath.dirname(path))
        db.execute(
            "INSERT INTO tracks(title, artist, album, duration, track_number, year, path, "
            "folder_name) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
            (title, artist, album, seconds, number, year, path, folder),
        )
    return len(new), len(gone)


def _track(row: sqlite3.Row) -> Track:
    return Track(*(row[k] for k in Track.__dataclass_fields__))


def track(db: sqlite3.Connection, track_id: int | None) -> Track | None:
    if track_id is None:
        return None
    row = db.execute("SELECT * FROM tracks WHERE id = ?", (track_id,)).fetchone()
    return None if row is None else _track(row)


def tracks(
    ctx: AppContext, sort: str = "title", descending: bool = False, query: str = ""
) -> Sequence[Track]:
    """Every track, in ``sort`` order (``TRACK_SORTS``; by title for an unknown order), or
    in the reverse of that order; read as a list shows them, or, to match ``query``
    (lower-case) in their titles, artists and albums, read whole and matched once until the
    library changes (``AppContext.kept``)."""
    order = TRACK_SORTS.get(sort, TRACK_SORTS["title"])
    if descending:  # (the orders end with the id: each is total, so this reverses it)
        order = ", ".join(f"{term} DESC" for term in order.split(", "))
    sql = f"SELECT * FROM tracks ORDER BY {order}"
    if not query:
        return MadeItems(ctx.rows(sql), _track)

    def read() -> tuple[Track, ...]:
        every = map(_track, ctx.db().execute(sql))
        return tuple(t for t in every if matches(query, t.title, t.artist, t.album))

    return ctx.kept(("tracks", sql, query), read)


_GROUP_TRACKS = {
    "folder": "folder_name = ? ORDER BY album COLLATE NOCASE, track_number, id",
    "artist": "artist = ? ORDER BY album COLLATE NOCASE, track_number, id",
    "album": "album = ? ORDER BY track_number, id",  # (one album: in ``TRACK_SORTS`` order)
}
"""Which tracks a folder, artist or album page lists, in album order, through the index of
its kind (``tracks_folder``, ``tracks_artist``, ``tracks_album``)."""


def group_tracks(ctx: AppContext, kind: str, key: str) -> MadeItems[Track]:
    """The tracks of a playlist (in its order), folder, artist or album (in album order),
    read as a list shows them."""
    if kind == "playlist":
        rows = ctx.rows(
            "SELECT t.* FROM playlist_tracks p JOIN tracks t ON t.id = p.track_id "
            "WHERE p.playlist_id = ? ORDER BY p.position, t.id",
            (int(key),),
        )
    else:
        rows = ctx.rows(f"SELECT * FROM tracks WHERE {_GROUP_TRACKS[kind]}", (key,))
    return MadeItems(rows, _track)


def groups(
    db: sqlite3.Connection, kind: str, sort: str = "title", descending: bool = False
) -> list[Group]:
    """The rows of the playlists, folders, artists or albums tab in ``sort`` order
    (``GROUP_SORTS``; by title for an unknown order)."""
    found = sorted(_groups(db, kind), key=GROUP_SORTS.get(sort, GROUP_SORTS["title"]))
    return found[::-1] if descending else found


def _groups(db: sqlite3.Connection, kind: str) -> list[Group]:
    if kind == "playlist":
        rows = db.execute(
            "SELECT p.id, p.title, COUNT(t.track_id) FROM playlists p "
            "LEFT JOIN playlist_tracks t ON t.playlist_id = p.id "
            "GROUP BY p.id ORDER BY p.title COLLATE NOCASE"
        ).fetchall()
        return [Group("playlist", str(pid), title, count(n, "track"), n) for pid, title, n in rows]
    if kind == "artist":
        rows = db.execute(
            "SELECT artist, COUNT(DISTINCT album), COUNT(*) FROM tracks GROUP BY artist "
            "ORDER BY artist COLLATE NOCASE"
        ).fetchall()
        return [
            Group("artist", name, name, f"{count(a, 'album')}, {count(n, 'track')}", n, albums=a)
            for name, a, n in rows
        ]
    if kind == "album":
        rows = db.execute(
            "SELECT album, MIN(artist), COUNT(*), MAX(year) FROM tracks GROUP BY album "
            "ORDER BY album COLLATE NOCASE"
        ).fetchall()
        return [Group("album", name, name, artist, n, year=y) for name, artist, n, y in rows]
    rows = db.execute(
        "SELECT folder_name, COUNT(*) FROM tracks GROUP BY folder_name "
        "ORDER BY folder_name COLLATE NOCASE"
    ).fetchall()
    return [Group("folder", name, name, count(n, "track"), n) for name, n in rows]


def matches(query: str, *texts: str) -> bool:
    """Whether lower-case ``query`` is in any of ``texts`` (any case)."""
    return any(query in text.lower() for text in texts)


def playlist_title(db: sqlite3.Connection, playlist_id: int) -> str | None:
    row = db.execute("SELECT title FROM playlists WHERE id = ?", (playlist_id,)).fetchone()
    return None if row is None else row[0]


def add_to_playlist(
    db: sqlite3.Connection, playlist_id: int, track_ids: Sequence[int]
) -> list[int]:
    """Append the tracks not yet in the playlist; returns those added."""
    present = {
        r[0]
        for r in db.execute(
            "SELECT track_id FROM playlist_tracks WHERE playlist_id = ?", (playlist_id,)
        )
    }
    end = db.execute(
        "SELECT COALESCE(MAX(position) + 1, 0) FROM playlist_tracks WHERE playlist_id = ?",
        (playlist_id,),
    ).fetchone()[0]
    added = [t for t in dict.fromkeys(track_ids) if t not in present]
    db.executemany(
        "INSERT INTO playlist_tracks(playlist_id, track_id, position) VALUES (?, ?, ?)",
        [(playlist_id, t, end + n) for n, t in enumerate(added)],
    )
    return added
