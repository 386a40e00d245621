"""A list of tracks as the Tracks tab and a playlist, folder, artist or album page show it:
tapping a track plays the list from there and opens the player; a long press selects tracks
for the contextual bar ("Add to playlist", "Properties", "Select all", and in a playlist
"Remove from playlist")."""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.music_player import dialogs
from mobile_gym.sim.apps.music_player.library import Track
from mobile_gym.sim.apps.music_player.playback import Player
from mobile_gym.sim.apps.music_player.rows import TRACK_ROW_DP, track_row
from mobile_gym.sim.ui.composites import Action, Toolbar, empty_state
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import View

PLAYER = ".activities.TrackActivity"


class TrackList:
    """``tracks`` shown on the screen ``ctx`` (``playlist_id`` when they are a playlist's);
    ``what`` names the list (hashable: the same for the same tracks while the library is
    unchanged)."""

    def __init__(
        self,
        ctx: AppContext,
        tracks: Sequence[Track],
        what: Hashable,
        playlist_id: int | None = None,
    ) -> None:
        self.ctx = ctx
        self.tracks = tracks
        self.what = what
        self.playlist_id = playlist_id
        self.selection = Selection(ctx)

    def _chosen(self) -> tuple[int, ...]:
        """The selected tracks' ids in the list's order: found once until the library or the
        selection changes (``AppContext.kept``), not at every build of a long list."""
        selected = tuple(self.selection.keys)
        keys = set(selected)
        return self.ctx.kept(
            ("chosen", self.what, selected),
            lambda: tuple(t.id for t in self.tracks if t.id in keys),
        )

    def _play(self, item: Track) -> None:
        Player(self.ctx).play([t.id for t in self.tracks], item.id)
        self.ctx.open(PLAYER)

    def bar(self) -> Toolbar:
        """The contextual bar of the selected tracks (call it while selecting)."""
        ctx, selection = self.ctx, self.selection
        chosen = self._chosen()
        actions: list[Action] = [
            (
                "playlist",
                "Add to playlist",
                dialogs.add_to_playlist_dialog(ctx, chosen, selection.clear),
            )
        ]
        if self.playlist_id is not None:
            playlist_id = self.playlist_id

            def remove() -> None:
                dialogs.remove_tracks(ctx, playlist_id, chosen)
                selection.clear()

            actions.append(("delete", "Remove from playlist", remove))
        if len(chosen) == 1:
            actions.append(("info", "Properties", dialogs.properties_dialog(ctx, chosen[0])))
        actions.append(
            ("select_all", "Select all", lambda: selection.set([t.id for t in self.tracks]))
        )
        return selection_bar(
            f"{len(chosen)} / {len(self.tracks)}",
            on_close=selection.clear,
            actions=actions,
            on_overflow=None,
        )

    def body(self, empty: str) -> View:
        if not self.tracks:
            return empty_state(empty, id="tracks_placeholder")
        loaded = Player(self.ctx).state().track
        selection = self.selection

        def render(_index: int, item: object) -> View:
            song = cast(Track, item)

            def click() -> None:
                if selection.active:
                    selection.toggle(song.id)
                else:
                    self._play(song)

            hold: Handler = lambda: selection.start(song.id)  # noqa: E731
            return track_row(
                song,
                playing=loaded is not None and loaded.id == song.id,
                chosen=song.id in selection,
                on_click=click,
                on_long_click=hold,
            )

        return self.ctx.scroller(
            "tracks",
            items=self.tracks,
            item_height=TRACK_ROW_DP,
            render_item=render,
            id="tracks_list",
        )
