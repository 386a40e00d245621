"""Voice Recorder's Player tab: the list of recordings, the player under it, search, and the
selection mode with its Rename and Delete actions.

What plays lives in the main screen's state under ``player`` (recording id, position at
``since``, paused or not), so playback moves on with the virtual clock and stops by itself at
the end of the recording.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.apps.voice_recorder.data import (
    DEFAULTS,
    Recording,
    chosen,
    clock_text,
    date_text,
    name_error,
    recording_by_id,
    recordings,
    remove,
    size_text,
)
from mobile_gym.sim.ui.composites import Action, Toolbar, empty_state, toolbar
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, SeekBar, TextView

ROW_DP = 72
SIDE_DP = 76
"""Width of the column with a row's duration and size."""


class Player:
    """The recording the Player tab plays, kept in the screen's state."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx

    @property
    def _state(self) -> dict[str, Any]:
        return self.ctx.get("player") or {}

    def current(self) -> Recording | None:
        """The recording in the player (None if none, or if it was deleted)."""
        return recording_by_id(self.ctx.db(), self._state.get("id"))

    def position(self, recording: Recording) -> int:
        """Milliseconds played, never past the end."""
        state = self._state
        played = state.get("offset", 0)
        if not state.get("paused", True):
            played += self.ctx.phone.clock.epoch_ms - state["since"]
        return min(played, recording.duration)

    def playing(self) -> bool:
        """Whether a recording is playing now (not paused, not at its end)."""
        recording = self.current()
        if recording is None or self._state.get("paused", True):
            return False
        return self.position(recording) < recording.duration

    def _set(self, recording: Recording, offset: int, paused: bool) -> None:
        now = self.ctx.phone.clock.epoch_ms
        self.ctx.set(
            "player", {"id": recording.id, "offset": offset, "since": now, "paused": paused}
        )

    def play(self, recording: Recording) -> None:
        """Play ``recording`` from its start."""
        self._set(recording, 0, paused=False)
        self.ctx.log(f"Playback started: id={recording.id} name={recording.filename}")

    def toggle(self, recordings_shown: Sequence[Recording]) -> None:
        """The play/pause button: pause, resume, replay from the start, or play the first."""
        recording = self.current()
        if recording is None:
            if recordings_shown:
                self.play(recordings_shown[0])
            return
        position = self.position(recording)
        if self.playing():
            self._set(recording, position, paused=True)
            self.ctx.log(f"Playback paused: id={recording.id}")
        elif position >= recording.duration:
            self.play(recording)
        else:
            self._set(recording, position, paused=False)
            self.ctx.log(f"Playback resumed: id={recording.id}")

    def seek(self, recording: Recording, seconds: int) -> None:
        """Jump to ``seconds`` into ``recording`` (the seek bar), playing or paused as before."""
        self._set(recording, min(seconds * 1000, recording.duration), self._paused())

    def _paused(self) -> bool:
        return bool(self._state.get("paused", True))

    def step(self, recordings_shown: Sequence[Recording], delta: int) -> None:
        """Play the previous (-1) or next (+1) recording of the list, wrapping around."""
        if not recordings_shown:
            return
        ids = [r.id for r in recordings_shown]
        current = self.current()
        index = ids.index(current.id) if current is not None and current.id in ids else -delta
        self.play(recordings_shown[(index + delta) % len(ids)])

    def stop(self) -> None:
        """Empty the player (its recording is gone)."""
        self.ctx.pop("player")


def search_mode(ctx: AppContext) -> Search:
    """The search mode of the Player tab."""
    return Search(ctx, "Search recordings")


class PlayerTab:
    """Builds the Player tab of the main screen ``ctx`` (its bar and its content)."""

    def __init__(self, ctx: AppContext, open_menu: Handler, actions: Sequence[Action]) -> None:
        self.ctx = ctx
        self.open_menu = open_menu
        self.actions = actions
        self.search = search_mode(ctx)
        self.selection = Selection(ctx)
        self.player = Player(ctx)
        self.shown = recordings(ctx, self.search.query)
        self.current = self.player.current()

    def leave(self) -> None:
        """Close search and selection (the user switches to another tab)."""
        if self.search.active:
            self.search.close()
        if self.selection.active:
            self.selection.clear()

    # the bar ----------------------------------------------------------------------------------
    def bar(self) -> Toolbar:
        if self.selection.active:
            return self._selection_bar()
        if self.search.active:
            return self.search.bar()
        return toolbar(
            "Voice Recorder",
            actions=[self.search.action(), *self.actions],
            on_overflow=self.open_menu,
        )

    def _selected(self) -> list[Recording]:
        return list(chosen(self.ctx, self.selection.keys))

    def _selection_bar(self) -> Toolbar:
        ctx = self.ctx
        selected = self._selected()
        overflow = ctx.menu(
            "selection",
            [
                ("Delete", self._delete_dialog(selected)),
                ("Select all", lambda: self.selection.set([r.id for r in self.shown])),
            ],
        )
        actions = []
        if len(selected) == 1:
            actions.append(("edit", "Rename", self._rename_dialog(selected[0])))
        return selection_bar(
            self.selection.title(len(self.shown)),
            on_close=self.selection.clear,
            actions=actions,
            on_overflow=overflow,
        )

    def _delete_dialog(self, selected: list[Recording]) -> Handler:
        ctx = self.ctx
        to_bin = Preferences(ctx, DEFAULTS).flag("use_recycle_bin")

        def delete() -> None:
            current = self.player.current()
            for recording in selected:
                remove(ctx.db(), recording, to_bin, ctx.phone.clock.epoch_ms)
                ctx.log(f"Recording deleted: id={recording.id} name={recording.filename}")
                if current is not None and current.id == recording.id:
                    self.player.stop()
            self.selection.clear()
            ctx.toast(f"{len(selected)} {'item' if len(selected) == 1 else 'items'} deleted")

        what = selected[0].filename if len(selected) == 1 else f"{len(selected)} recordings"
        return ctx.dialog(
            "delete",
            "Delete recording?" if len(selected) == 1 else "Delete recordings?",
            f"Are you sure you want to move {what} to the recycle bin?"
            if to_bin
            else f"Are you sure you want to delete {what}?",
            buttons=[("Cancel", None), ("Delete", delete)],
        )

    def _rename_dialog(self, recording: Recording) -> Handler:
        ctx = self.ctx

        def rename() -> bool:
            name = ctx.field("rename").strip()
            error = name_error(ctx.db(), name, recording.extension, recording.id)
            if error is not None:
                ctx.toast(error)
                return False
            ctx.db().execute("UPDATE recordings SET name = ? WHERE id = ?", (name, recording.id))
            ctx.log(f"Recording renamed: id={recording.id} name={name}.{recording.extension}")
            ctx.clear_field("rename")
            self.selection.clear()
            return True

        def body() -> list[View]:
            return [ctx.edit("rename", hint="Title", id="rename_recording_title")]

        opener = ctx.dialog(
            "rename",
            "Rename",
            buttons=[("Cancel", lambda: ctx.clear_field("rename")), ("OK", rename)],
            body=body,
        )

        def open_rename() -> None:
            """Open with the name (no extension) prefilled, selected and focused."""
            ctx.set_field("rename", recording.name)
            select_all(ctx, "rename")
            ctx.focus("rename")
            opener()

        return open_rename

    # the content ------------------------------------------------------------------------------
    def content(self) -> View:
        ctx = self.ctx
        if self.shown:
            body: View = ctx.scroller(
                "recordings",
                items=self.shown,
                item_height=ROW_DP,
                render_item=self._row,
                id="recordings_list",
            )
        else:
            message = (
                "No recordings match your search"
                if self.search.query
                else "No recordings have been found"
            )
            body = empty_state(message, id="recordings_placeholder")
        children: list[View] = [Column(body, height=0, weight=1)]
        if self.shown:
            children.append(self._controls())
        return Column(*children, height=MATCH)

    def _row(self, _index: int, item: object) -> View:
        shown = cast(Recording, item)
        chosen = shown.id in self.selection
        playing = self.current is not None and self.current.id == shown.id

        def click() -> None:
            if self.selection.active:
                self.selection.toggle(shown.id)
            else:
                self.player.play(shown)

        return Row(
            Column(
                TextView(
                    shown.filename,
                    id="recording_title",
                    size=16,
                    bold=playing,
                    color="primary" if playing else "text",
                    width=MATCH,
                ),
                TextView(
                    date_text(shown.created),
                    id="recording_date",
                    size=13,
                    color="text_secondary",
                    width=MATCH,
                ),
                width=0,
                weight=1,
            ),
            Column(
                TextView(
                    clock_text(shown.duration),
                    id="recording_duration",
                    size=14,
                    align="end",
                    width=MATCH,
                    padding=(0, 0, 2, 0),
                ),
                TextView(
                    size_text(shown.size),
                    id="recording_size",
                    size=13,
                    color="text_secondary",
                    align="end",
                    width=MATCH,
                    padding=(0, 0, 2, 0),
                ),
                width=SIDE_DP,
                margin=(12, 0, 0, 0),
            ),
            id="recording_frame",
            padding=(16, 8),
            selected=chosen,
            background="surface_variant" if chosen else None,
            on_click=click,
            on_long_click=lambda: self.selection.start(shown.id),
        )

    def _controls(self) -> LinearLayout:
        player = self.player
        current = self.current
        position = player.position(current) if current is not None else 0
        duration = current.duration if current is not None else 0

        def seek(seconds: int) -> None:
            if current is not None:
                player.seek(current, seconds)

        def step(delta: int) -> Callable[[], None]:
            return lambda: player.step(self.shown, delta)

        playing = player.playing()
        return Column(
            TextView(
                current.filename if current is not None else "",
                id="player_title",
                size=15,
                align="center",
                width=MATCH,
            ),
            Row(
                TextView(clock_text(position), id="player_progress_current", size=13),
                SeekBar(
                    value=position // 1000,
                    maximum=max(duration // 1000, 1),
                    on_change=seek,
                    id="player_progressbar",
                    width=0,
                    weight=1,
                ),
                TextView(clock_text(duration), id="player_progress_max", size=13),
                padding=(16, 0),
            ),
            Row(
                ImageButton("skip_previous", desc="Previous", id="previous_btn", on_click=step(-1)),
                ImageButton(
                    "pause" if playing else "play",
                    desc="Pause" if playing else "Play",
                    id="play_pause_btn",
                    on_click=lambda: player.toggle(self.shown),
                    size=64,
                ),
                ImageButton("skip_next", desc="Next", id="next_btn", on_click=step(1)),
                arrange="center",
                width=MATCH,
            ),
            id="player_controls_wrapper",
            background="surface",
            padding=(0, 8),
        )
