"""The player: what plays, where in the track, and what comes next.

The ``playback`` row holds the state at the last user action: the track, whether it plays,
its position at ``since_ms`` (epoch ms on the phone's clock), shuffle (with the seed that
fixed the shuffled order when it was turned on) and repeat (``off``, ``all``, ``one``).
Everything after that follows from the clock: ``Player.state`` walks on through the queue
(``queue_items``) as tracks end, so the state is exact at any moment without anything being
written while the phone idles. Actions first settle the state at the present moment, then
change and store it, logging a ``MusicPlayer`` line.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from mobile_gym.sim.apps.music_player.library import Track, format_duration, track

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

REPEAT_MODES = ("off", "all", "one")
_MAX_HOPS = 100_000
"""Tracks the player walks through at most while the phone idles (a guard, never reached)."""


@dataclass(frozen=True)
class NowPlaying:
    """The player at one moment."""

    track: Track | None
    position_ms: int
    playing: bool
    shuffle: bool
    repeat: str


class Order(NamedTuple):
    """The queue in playing order: its ``tracks`` and where each first is (``index``)."""

    tracks: tuple[int, ...]
    index: Mapping[int, int]


def _ordered(queue: list[int], shuffle_seed: int | None) -> Order:
    """``queue`` as queued, or shuffled by ``shuffle_seed``."""
    if shuffle_seed is not None:
        queue.sort(key=lambda t: random.Random(f"{shuffle_seed}/{t}").random())
    first = {t: i for i, t in reversed(list(enumerate(queue)))}
    return Order(tuple(queue), MappingProxyType(first))


class Player:
    """The player of the Music Player app run by ``ctx``."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.db = ctx.db()

    @property
    def _now_ms(self) -> int:
        return self.ctx.phone.clock.epoch_ms

    def _row(self):
        """The player's row (put back in its empty state if a task's setup removed it)."""
        row = self.db.execute("SELECT * FROM playback WHERE id = 1").fetchone()
        if row is None:
            self.db.execute("INSERT INTO playback(id) VALUES (1)")
            row = self.db.execute("SELECT * FROM playback WHERE id = 1").fetchone()
        return row

    def queue(self) -> list[int]:
        return [r[0] for r in self.db.execute("SELECT track_id FROM queue_items ORDER BY position")]

    def _order(self, row) -> Order:
        """The queue in playing order: as queued, or shuffled by the stored seed; read and
        ordered once until the library or the player changes (``AppContext.kept``), not at
        every build of a screen showing the player."""
        shuffle = row["shuffle_seed"] if row["shuffle"] else None
        return self.ctx.kept(("queue", shuffle), lambda: _ordered(self.queue(), shuffle))

    def _neighbour(self, order: Order, track_id: int, step: int) -> int | None:
        """The track ``step`` places from ``track_id`` in ``order``, wrapping around."""
        if not order.tracks:
            return None
        index = order.index.get(track_id, -1)
        return order.tracks[(index + step) % len(order.tracks)]

    def state(self) -> NowPlaying:
        """The player now: tracks that ended since the last action have given way to the next."""
        row = self._row()
        current = track(self.db, row["track_id"])
        shuffle, repeat = bool(row["shuffle"]), row["repeat"]
        if current is None:
            return NowPlaying(None, 0, False, shuffle, repeat)
        if not row["playing"]:
            position = min(row["position_ms"], current.duration_ms)
            return NowPlaying(current, position, False, shuffle, repeat)
        elapsed = row["position_ms"] + max(self._now_ms - row["since_ms"], 0)
        order = self._order(row)
        for _ in range(_MAX_HOPS):
            if elapsed < current.duration_ms:
                break
            elapsed -= current.duration_ms
            if repeat == "one":
                continue
            at_end = bool(order.tracks) and current.id == order.tracks[-1]
            following = self._neighbour(order, current.id, 1)
            nxt = track(self.db, following)
            if nxt is None or (at_end and repeat == "off"):
                return NowPlaying(current, 0, False, shuffle, repeat)
            current = nxt
        return NowPlaying(current, elapsed, True, shuffle, repeat)

    def up_next(self) -> Track | None:
        """The track that follows the current one when it ends (None: playback stops)."""
        state = self.state()
        if state.track is None:
            return None
        if state.repeat == "one":
            return state.track
        order = self._order(self._row())
        if order.tracks and state.track.id == order.tracks[-1] and state.repeat == "off":
            return None
        return track(self.db, self._neighbour(order, state.track.id, 1))

    def _store(self, state: NowPlaying, **changes: object) -> None:
        values = {
            "track_id": state.track.id if state.track else None,
            "playing": int(state.playing),
            "position_ms": state.position_ms,
            "shuffle": int(state.shuffle),
            "repeat": state.repeat,
            **changes,
            "since_ms": self._now_ms,
        }
        assignments = ", ".join(f"{k} = :{k}" for k in values)
        self.db.execute(f"UPDATE playback SET {assignments} WHERE id = 1", values)

    def _log(self, message: str) -> None:
        self.ctx.log(message)

    # actions -----------------------------------------------------------------------------
    def play(self, track_ids: Sequence[int], start: int) -> None:
        """Queue ``track_ids`` and play ``start`` (one of them) from its beginning."""
        chosen = track(self.db, start)
        if chosen is None:
            return
        self.db.execute("DELETE FROM queue_items")
        self.db.executemany(
            "INSERT INTO queue_items(position, track_id) VALUES (?, ?)", enumerate(track_ids)
        )
        self._store(self.state(), track_id=start, playing=1, position_ms=0)
        self._log(f"Playing: {chosen.title} by {chosen.artist}")

    def toggle(self) -> None:
        """Play or pause the current track."""
        state = self.state()
        if state.track is None:
            return
        self._store(state, playing=int(not state.playing))
        self._log(f"{'Paused' if state.playing else 'Resumed'}: {state.track.title}")

    def skip(self, forward: bool) -> None:
        """Go to the next or the previous track of the queue (wrapping around)."""
        state = self.state()
        if state.track is None:
            return
        following = self._neighbour(self._order(self._row()), state.track.id, 1 if forward else -1)
        chosen = track(self.db, following)
        if chosen is None:
            return
        self._store(state, track_id=chosen.id, position_ms=0)
        self._log(f"{'Next' if forward else 'Previous'} track: {chosen.title}")

    def toggle_shuffle(self) -> None:
        state = self.state()
        self._store(state, shuffle=int(not state.shuffle), shuffle_seed=self._now_ms)
        self._log(f"Shuffle {'off' if state.shuffle else 'on'}")

    def cycle_repeat(self) -> None:
        """Repeat off, then the whole queue, then the current track, then off again."""
        state = self.state()
        current = REPEAT_MODES.index(state.repeat) if state.repeat in REPEAT_MODES else 0
        mode = REPEAT_MODES[(current + 1) % len(REPEAT_MODES)]
        self._store(state, repeat=mode)
        self._log(f"Repeat: {mode}")

    def seek(self, seconds: int) -> None:
        state = self.state()
        if state.track is None:
            return
        position = min(max(seconds, 0), state.track.duration) * 1000
        self._store(state, position_ms=position)
        self._log(f"Seek to {format_duration(seconds)} in {state.track.title}")
