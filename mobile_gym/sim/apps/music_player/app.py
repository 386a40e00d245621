"""The Music Player app: the tabbed library, a playlist / folder / artist / album page, the
player screen, the settings, the equalizer and the About pages."""

from __future__ import annotations

import random
from typing import ClassVar, cast

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.about import SCREENS as ABOUT_SCREENS
from mobile_gym.sim.apps.about import AboutPages, open_about
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.music_player import dialogs, library
from mobile_gym.sim.apps.music_player.library import Group, format_duration
from mobile_gym.sim.apps.music_player.playback import Player
from mobile_gym.sim.apps.music_player.rows import GROUP_ROW_DP, current_track_bar, group_row
from mobile_gym.sim.apps.music_player.settings import (
    EQUALIZER,
    SETTINGS,
    equalizer_screen,
    settings_screen,
)
from mobile_gym.sim.apps.music_player.track_list import PLAYER, TrackList
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.clock import next_tick
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, SeekBar, TextView

PACKAGE = "com.simplemobiletools.musicplayer"
MAIN = ".activities.MainActivity"
TRACKS = ".activities.TracksActivity"
VERSION = "5.18.1"
TABS = (
    ("Playlists", "playlist"),
    ("Folders", "folder"),
    ("Artists", "person"),
    ("Albums", "album"),
    ("Tracks", "music"),
)
KINDS = ("playlist", "folder", "artist", "album", "track")
PLAYLISTS_TAB, TRACKS_TAB = 0, 4
SHELVES = 8
"""How many orderings of the library's groups are kept (``MusicPlayerApp.shelves``)."""


class MusicPlayerApp(AboutPages, App):
    """A music player over a seeded library, modelled on Simple Music Player."""

    package = PACKAGE
    label = "Music Player"
    icon = "music"
    color = (233, 30, 99)
    dock = True
    seeds_files = library.SEEDED_FILES
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {
        MAIN: "main",
        TRACKS: "collection",
        PLAYER: "player",
        SETTINGS: "settings",
        EQUALIZER: "equalizer",
        **ABOUT_SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {"songs": library.SCHEMA}
    about_name = "Simple Music Player"
    version = VERSION

    def __init__(self) -> None:
        super().__init__()
        self.shelves: FIFOCache[tuple, tuple[Group, ...]] = FIFOCache(SHELVES)
        """The playlists, folders, artists or albums in a tab's order, by the library's
        database stamp, kind and order: grouped and sorted again once the library changes."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        library.seed_library(ctx.db(), ctx.phone.storage, rng, ctx.phone.boot_ms)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == TRACKS:
            return self._collection_title(ctx, self._playlist_id(ctx)) or self.label
        if ctx.screen.activity == PLAYER:
            now = Player(ctx).state().track
            return now.title if now else self.label
        return self.label

    def redraw_at(self, ctx: AppContext) -> int | None:
        """While a track plays: its next second played, or its end, if sooner."""
        state = Player(ctx).state()
        if not state.playing or state.track is None:
            return None
        now = ctx.phone.clock.epoch_ms
        played = state.position_ms
        return min(next_tick(now, now - played, 1000), now + state.track.duration_ms - played)

    def back(self, ctx: AppContext) -> bool:
        for key in ("selected", "selected_playlists"):
            if ctx.get(key):
                ctx.pop(key)
                return True
        search = Search(ctx)
        if ctx.screen.activity == MAIN and search.active:
            search.close()
            return True
        return False

    # shared pieces ------------------------------------------------------------------------
    def _now_playing_bar(self, ctx: AppContext) -> list[View]:
        player = Player(ctx)
        state = player.state()
        if state.track is None:
            return []
        return [current_track_bar(state, on_open=lambda: ctx.open(PLAYER), on_toggle=player.toggle)]

    def _open_group(self, ctx: AppContext, group: Group) -> None:
        ctx.log(f"Opened {group.kind} {group.title}")
        ctx.open(TRACKS, kind=group.kind, key=group.key, title=group.title)

    # the library --------------------------------------------------------------------------
    def _shelf(
        self, ctx: AppContext, kind: str, sort: str = "title", descending: bool = False
    ) -> tuple[Group, ...]:
        """The groups of ``kind`` in ``sort`` order (``library.groups``), found again only once
        the library changes (``shelves``): a long library is not grouped and sorted at every
        build of its tab."""
        db = ctx.db()
        key = (ctx.phone.storage.stamp(db), kind, sort, descending)
        return self.shelves.get(key, lambda _key: tuple(library.groups(db, kind, sort, descending)))

    def _groups_body(self, ctx: AppContext, kind: str, query: str, prefs: Preferences) -> View:
        order = (kind, prefs.get(f"{kind}_sort"), prefs.get(f"{kind}_order") == "desc")
        found = self._shelf(ctx, *order)
        if query:  # matched once until the library changes, not at every build
            shelf = found
            found = ctx.kept(
                ("matched", *order, query),
                lambda: tuple(g for g in shelf if library.matches(query, g.title, g.subtitle)),
            )
        if not found:
            return empty_state(f"No {kind}s found", id=f"{kind}s_placeholder")
        selection = Selection(ctx, "selected_playlists")

        def render(_index: int, item: object) -> View:
            group = cast(Group, item)

            def click() -> None:
                if selection.active:
                    selection.toggle(group.key)
                else:
                    self._open_group(ctx, group)

            hold: Handler | None = None
            if kind == "playlist":
                hold = lambda: selection.start(group.key)  # noqa: E731
            return group_row(
                group, chosen=group.key in selection, on_click=click, on_long_click=hold
            )

        return ctx.scroller(
            kind + "s",
            items=found,
            item_height=GROUP_ROW_DP,
            render_item=render,
            id=f"{kind}s_list",
        )

    def _playlists_bar(self, ctx: AppContext) -> View:
        selection = Selection(ctx, "selected_playlists")
        chosen = [int(key) for key in selection.keys]
        every = [g.key for g in self._shelf(ctx, "playlist")]
        actions = []
        if len(chosen) == 1:
            actions.append(
                ("edit", "Rename", dialogs.rename_playlist_dialog(ctx, chosen[0], selection.clear))
            )
        actions += [
            ("select_all", "Select all", lambda: selection.set(every)),
            ("delete", "Delete", dialogs.delete_playlists_dialog(ctx, chosen, selection.clear)),
        ]
        return selection_bar(
            f"{len(chosen)} / {len(every)}",
            on_close=selection.clear,
            actions=actions,
            on_overflow=None,
        )

    def _rescan(self, ctx: AppContext) -> None:
        added, removed = library.scan_media(ctx.db(), ctx.phone.storage)
        ctx.log(f"Media rescanned: {added} added, {removed} removed")
        ctx.toast("Media rescanned")

    def _menu(self, ctx: AppContext, tab: int) -> Handler:
        items: list[tuple[str, Handler]] = []
        if tab == PLAYLISTS_TAB:
            items.append(("Create new playlist", dialogs.new_playlist_dialog(ctx, lambda: [])))
        items += [
            ("Rescan media", lambda: self._rescan(ctx)),
            ("Equalizer", lambda: ctx.open(EQUALIZER)),
            ("Settings", lambda: ctx.open(SETTINGS)),
            ("About", open_about(ctx)),
        ]
        return ctx.menu("overflow", items)

    def main(self, ctx: AppContext) -> View:
        prefs = Preferences(ctx, dialogs.PREFERENCES)
        tab = int(prefs.get("last_used_tab"))
        kind = KINDS[tab]
        search = Search(ctx, "Search music", id="top_toolbar_search")

        def select_tab(index: int) -> None:
            if index != tab:
                prefs.put("last_used_tab", str(index))
                ctx.pop("selected")
                ctx.pop("selected_playlists")
                if search.active:
                    search.close()

        top: View = (
            search.bar()
            if search.active
            else toolbar(
                "Music Player",
                actions=[search.action(), ("menu", "Sort by", dialogs.sort_dialog(ctx, kind))],
                on_overflow=self._menu(ctx, tab),
            )
        )
        if tab == TRACKS_TAB:
            order = (prefs.get("track_sort"), prefs.get("track_order") == "desc", search.query)
            tracks = TrackList(ctx, library.tracks(ctx, *order), ("tracks", *order))
            body = tracks.body("No tracks found")
            if tracks.selection.active:
                top = tracks.bar()
        else:
            body = self._groups_body(ctx, kind, search.query, prefs)
            if tab == 0 and ctx.get("selected_playlists"):
                top = self._playlists_bar(ctx)
        return Column(
            top,
            FrameLayout(children=[body], height=MATCH),
            *self._now_playing_bar(ctx),
            tab_bar(TABS, tab, select_tab),
            height=MATCH,
        )

    def settings(self, ctx: AppContext) -> View:
        return settings_screen(ctx)

    def equalizer(self, ctx: AppContext) -> View:
        return equalizer_screen(ctx)

    # a playlist, folder, artist or album --------------------------------------------------
    @staticmethod
    def _playlist_id(ctx: AppContext) -> int | None:
        """The playlist a collection screen shows, if it shows one."""
        return int(ctx.args.get("key", "")) if ctx.args.get("kind", "album") == "playlist" else None

    @staticmethod
    def _collection_title(ctx: AppContext, playlist_id: int | None) -> str | None:
        """A collection screen's title: its playlist's current name (None once the playlist
        is deleted), else the name of the folder, artist or album it was opened on."""
        if playlist_id is None:
            return ctx.args.get("title", "")
        return library.playlist_title(ctx.db(), playlist_id)

    def collection(self, ctx: AppContext) -> View:
        kind, key = ctx.args.get("kind", "album"), str(ctx.args.get("key", ""))
        playlist_id = self._playlist_id(ctx)
        title = self._collection_title(ctx, playlist_id)
        if title is None:
            ctx.finish()
            return View()
        tracks = TrackList(
            ctx, library.group_tracks(ctx, kind, key), ("group", kind, key), playlist_id
        )
        if tracks.selection.active:
            top: View = tracks.bar()
        elif playlist_id is not None:
            menu = ctx.menu(
                "playlist",
                [
                    (
                        "Rename playlist",
                        dialogs.rename_playlist_dialog(ctx, playlist_id, lambda: None),
                    ),
                    (
                        "Delete playlist",
                        dialogs.delete_playlists_dialog(ctx, [playlist_id], lambda: None),
                    ),
                ],
            )
            top = toolbar(title, on_up=ctx.finish, on_overflow=menu)
        else:
            top = ctx.up_bar(title)
        return Column(
            top,
            FrameLayout(children=[tracks.body("No tracks here yet")], height=MATCH),
            *self._now_playing_bar(ctx),
            height=MATCH,
        )

    # the player ---------------------------------------------------------------------------
    def player(self, ctx: AppContext) -> View:
        player = Player(ctx)
        state = player.state()
        song = state.track
        if song is None:
            ctx.finish()
            return View()
        following = player.up_next()
        seconds = state.position_ms // 1000

        def control(icon: str, desc: str, id: str, handler: Handler, on: bool = False) -> View:
            return ImageButton(
                icon,
                desc=desc,
                id=id,
                on_click=handler,
                size=56,
                width=0,
                weight=1,
                selected=on,
                tint="primary" if on else "text",
            )

        repeat = state.repeat
        return Column(
            ctx.up_bar(""),
            ImageView(
                "music",
                id="activity_track_image",
                size=200,
                padding=48,
                tint="primary",
                background="surface",
                radius=24,
                gravity="center",
                desc="Album",
                margin=(0, 16, 0, 16),
            ),
            Row(
                TextView(format_duration(seconds), id="activity_track_progress_current", size=14),
                SeekBar(
                    id="activity_track_progressbar",
                    value=seconds,
                    maximum=max(song.duration, 1),
                    on_change=player.seek,
                    width=0,
                    weight=1,
                ),
                TextView(format_duration(song.duration), id="activity_track_progress_max", size=14),
                padding=(16, 0),
            ),
            TextView(
                song.title,
                id="activity_track_title",
                size=24,
                align="center",
                width=MATCH,
                margin=(16, 16, 16, 4),
            ),
            TextView(
                song.artist,
                id="activity_track_artist",
                size=17,
                color="text_secondary",
                align="center",
                width=MATCH,
            ),
            Row(
                control(
                    "shuffle",
                    "Disable shuffle" if state.shuffle else "Enable shuffle",
                    "activity_track_toggle_shuffle",
                    player.toggle_shuffle,
                    state.shuffle,
                ),
                control(
                    "skip_previous",
                    "Previous",
                    "activity_track_previous",
                    lambda: player.skip(False),
                ),
                control(
                    "pause" if state.playing else "play",
                    "Pause" if state.playing else "Play",
                    "activity_track_play_pause",
                    player.toggle,
                ),
                control("skip_next", "Next", "activity_track_next", lambda: player.skip(True)),
                control(
                    "repeat",
                    f"Repeat {repeat}",
                    "activity_track_repeat",
                    player.cycle_repeat,
                    repeat != "off",
                ),
                margin=(8, 24, 8, 0),
            ),
            View(height=0, weight=1),
            TextView(
                f"Next: {following.title}" if following else "Next: none",
                id="next_track_label",
                size=15,
                color="text_secondary",
                width=MATCH,
                padding=(16, 16),
                background="surface",
            ),
            id="activity_track_holder",
            height=MATCH,
        )


def play_file(ctx: AppContext, path: str) -> bool:
    """Play the song file ``path`` in the player, as another app's "open with" does (``ctx``
    is that app's); False when the file is no song the library holds."""
    phone = ctx.phone
    db = phone.storage.database(PACKAGE, "songs")
    library.scan_media(db, phone.storage)
    row = db.execute("SELECT id FROM tracks WHERE path = ?", (path,)).fetchone()
    if row is None:
        return False
    phone.start_activity(PACKAGE, PLAYER)
    _app, player = phone.activities.context(PACKAGE)
    Player(player).play([row[0]], row[0])
    return True
