"""Voice Recorder's data: the recordings table, the recording session on the virtual clock,
the seeded recordings, and how durations, sizes and dates read on screen."""

from __future__ import annotations

import datetime as dt
import json
import random
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.rows import records
from mobile_gym.sim.ui.dates import MONTH_NAMES, from_epoch_ms
from mobile_gym.sim.ui.list_items import MadeItems

DATABASE = "voice_recorder"
SCHEMA = (
    """
CREATE TABLE recordings(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    extension TEXT NOT NULL DEFAULT 'm4a',
    duration INTEGER NOT NULL,
    bitrate INTEGER NOT NULL DEFAULT 128000,
    created INTEGER NOT NULL
);
CREATE TABLE recycle_bin(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    extension TEXT NOT NULL DEFAULT 'm4a',
    duration INTEGER NOT NULL,
    bitrate INTEGER NOT NULL DEFAULT 128000,
    created INTEGER NOT NULL,
    deleted INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX recordings_created ON recordings(created);
CREATE INDEX recycle_bin_deleted ON recycle_bin(deleted);
CREATE TABLE session(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    state TEXT NOT NULL CHECK (state IN ('recording', 'paused')),
    started INTEGER NOT NULL,
    resumed INTEGER NOT NULL,
    recorded INTEGER NOT NULL
);
"""
    + preferences.SCHEMA
)
EXTENSIONS = ("m4a", "mp3", "ogg")
BITRATES = ("32000", "64000", "96000", "128000", "160000", "192000", "256000", "320000")
DEFAULTS = {
    "extension": "m4a",
    "bitrate": "128000",
    "hide_notification": "0",
    "keep_screen_on": "1",
    "use_recycle_bin": "1",
    "theme": "Light",
    "app_icon_warning_shown": "0",
}
INVALID_CHARACTERS = set('/\\:*?"<>|')
_SEED_BITRATES = (64000, 128000, 128000, 192000)
_HALF_HOUR_MS = 30 * 60_000
_TWO_MONTHS_MS = 60 * 86_400_000

_SEED_NAMES = (
    "Lecture notes",
    "Guitar riff",
    "Interview with Sam",
    "Team standup",
    "Song idea",
    "Grocery reminder",
    "Podcast intro",
    "Bird song",
    "Piano practice",
    "Birthday message",
    "Meeting with landlord",
    "Spanish vocabulary",
    "Dream journal",
    "Book chapter 3",
    "Voice memo",
    "Call with Dad",
)


class Recording(NamedTuple):
    """One row of the ``recordings`` table (duration in ms, bitrate in bits per second)."""

    id: int
    name: str
    extension: str
    duration: int
    bitrate: int
    created: int

    @property
    def filename(self) -> str:
        return f"{self.name}.{self.extension}"

    @property
    def size(self) -> int:
        """Bytes the file takes at its bitrate."""
        return self.duration * self.bitrate // 8000


@dataclass(frozen=True)
class Session:
    """The recording in progress: ``recorded`` ms before the last resume at ``resumed``."""

    state: str
    started: int
    resumed: int
    recorded: int

    def length(self, now_ms: int) -> int:
        """Milliseconds recorded so far."""
        running = now_ms - self.resumed if self.state == "recording" else 0
        return self.recorded + running


_COLUMNS = "id, name, extension, duration, bitrate, created"
_NEWEST_FIRST = f"SELECT {_COLUMNS} FROM recordings ORDER BY created DESC, id DESC"


def _recording(row: sqlite3.Row) -> Recording:
    return Recording(*row)


def recordings(ctx: AppContext, query: str = "") -> Sequence[Recording]:
    """The recordings, newest first, whose file name contains ``query`` (lower-case): read
    as a list shows them, or, to match a query, read whole and matched once until they
    change (``AppContext.kept``)."""
    if not query:
        return MadeItems(ctx.rows(_NEWEST_FIRST), _recording)

    def read() -> tuple[Recording, ...]:
        every = records(ctx.db(), Recording, _NEWEST_FIRST)
        return tuple(r for r in every if query in r.filename.lower())

    return ctx.kept(("recordings", query), read)


def chosen(ctx: AppContext, ids: Sequence[int]) -> tuple[Recording, ...]:
    """The recordings of ``ids`` (those still there), newest first: read once until they or
    the ids change, not with every recording."""
    picked = tuple(ids)
    sql = f"SELECT {_COLUMNS} FROM recordings WHERE id IN (SELECT value FROM json_each(?)) "
    sql += "ORDER BY created DESC, id DESC"
    return ctx.kept(
        ("chosen", picked),
        lambda: tuple(records(ctx.db(), Recording, sql, (json.dumps(picked),))),
    )


def binned(ctx: AppContext) -> MadeItems[Recording]:
    """The recordings in the recycle bin, the last deleted first: read as a list shows them
    (its length is one count)."""
    return MadeItems(
        ctx.rows(f"SELECT {_COLUMNS} FROM recycle_bin ORDER BY deleted DESC, id DESC"),
        _recording,
    )


def next_id(db: sqlite3.Connection) -> int:
    """The id of a new recording: past every recording's and every binned one's, so that
    deleting it into the recycle bin, or restoring a binned one, never meets the same id."""
    found = db.execute(
        "SELECT MAX((SELECT IFNULL(MAX(id), 0) FROM recordings), "
        "(SELECT IFNULL(MAX(id), 0) FROM recycle_bin)) + 1"
    )
    return int(found.fetchone()[0])


def remove(db: sqlite3.Connection, recording: Recording, to_bin: bool, now_ms: int) -> None:
    """Delete ``recording``: into the recycle bin when ``to_bin``, else for good."""
    if to_bin:
        db.execute(
            "INSERT INTO recycle_bin(id, name, extension, duration, bitrate, created, deleted) "
            "SELECT id, name, extension, duration, bitrate, created, ? FROM recordings "
            "WHERE id = ?",
            (now_ms, recording.id),
        )
    db.execute("DELETE FROM recordings WHERE id = ?", (recording.id,))


def recording_by_id(db: sqlite3.Connection, recording_id: int | None) -> Recording | None:
    """Recording ``recording_id``, or None if there is none (or it was deleted)."""
    row = db.execute(
        "SELECT id, name, extension, duration, bitrate, created FROM recordings WHERE id = ?",
        (recording_id,),
    ).fetchone()
    return Recording(*row) if row else None


def session(db: sqlite3.Connection) -> Session | None:
    """The recording in progress, or None when nothing is being recorded."""
    row = db.execute("SELECT state, started, resumed, recorded FROM session").fetchone()
    return Session(*row) if row else None


def default_name(started_ms: int) -> str:
    """The name a new recording gets: when it started, ``2024_06_03_09_30_12``."""
    return f"{from_epoch_ms(started_ms):%Y_%m_%d_%H_%M_%S}"


def seed_recordings(db: sqlite3.Connection, rng: random.Random, now_ms: int) -> None:
    """Between 7 and 12 recordings from the last two months, some named by the user."""
    count = rng.randint(7, 12)
    named = rng.sample(_SEED_NAMES, rng.randint(count // 2, count - 2))
    rows = []
    for i in range(count):
        created = now_ms - _HALF_HOUR_MS - int(rng.random() * _TWO_MONTHS_MS)
        name = named[i] if i < len(named) else default_name(created)
        short = rng.random() < 0.5
        duration = int(
            3_000 + rng.random() * 57_000 if short else 60_000 + rng.random() * 1_140_000
        )
        bitrate = _SEED_BITRATES[int(rng.random() * len(_SEED_BITRATES))]
        extension = "mp3" if rng.random() < 0.3 else "m4a"
        rows.append((name, extension, duration, bitrate, created))
    db.executemany(
        "INSERT INTO recordings(name, extension, duration, bitrate, created) "
        "VALUES (?, ?, ?, ?, ?)",
        rows,
    )


def clock_text(ms: int) -> str:
    """``02:15``, or ``1:02:15`` from an hour on (whole seconds, rounded down)."""
    seconds = max(ms, 0) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes:02d}:{seconds:02d}"


def size_text(size: int) -> str:
    """``845 KB`` or ``2.1 MB``."""
    if size < 1000 * 1000:
        return f"{max(size // 1000, 1)} KB"
    return f"{size / 1_000_000:.1f} MB"


def date_text(ms: int) -> str:
    """``3 June 2024, 09:30``."""
    when: dt.datetime = from_epoch_ms(ms)
    return f"{when.day} {MONTH_NAMES[when.month]} {when.year}, {when.hour:02d}:{when.minute:02d}"


def name_error(db: sqlite3.Connection, name: str, extension: str, recording_id: int) -> str | None:
    """Why ``name`` cannot be given to recording ``recording_id``, or None."""
    if not name:
        return "Filename cannot be empty"
    if INVALID_CHARACTERS & set(name):
        return "Filename contains invalid characters"
    taken = db.execute(
        "SELECT 1 FROM recordings WHERE name = ? AND extension = ? AND id != ?",
        (name, extension, recording_id),
    ).fetchone()
    return "A recording with that name already exists" if taken else None
