"""The Music Player's list rows and its current-track bar."""

from __future__ import annotations

from mobile_gym.sim.apps.base import Handler
from mobile_gym.sim.apps.music_player.library import Group, Track, format_duration
from mobile_gym.sim.apps.music_player.playback import NowPlaying
from mobile_gym.sim.ui.selection import selection_badge
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

TRACK_ROW_DP = 64
GROUP_ROW_DP = 68
_GROUP_IDS = {
    # kind: (row id, title id, subtitle id, icon)
    "playlist": ("playlist_frame", "playlist_title", "playlist_tracks", "playlist"),
    "folder": ("folder_frame", "folder_title", "folder_tracks", "folder"),
    "artist": ("artist_frame", "artist_title", "artist_albums_tracks", "person"),
    "album": ("album_frame", "album_title", "album_artist", "album"),
}


def track_row(
    item: Track, *, playing: bool, chosen: bool, on_click: Handler, on_long_click: Handler
) -> View:
    """``track_frame``: ``track_title``, ``track_info`` (artist) and ``track_duration``; the
    track loaded in the player is drawn in the primary colour."""
    color = "primary" if playing else "text"
    return Row(
        selection_badge("music", chosen, tint="text_secondary", background="surface"),
        Column(
            TextView(item.title, id="track_title", size=16, color=color, width=MATCH),
            TextView(item.artist, id="track_info", size=13, color="text_secondary", width=MATCH),
            width=0,
            weight=1,
        ),
        TextView(format_duration(item.duration), id="track_duration", size=14, margin=(8, 0, 0, 0)),
        id="track_frame",
        padding=(16, 0),
        selected=chosen,
        on_click=on_click,
        on_long_click=on_long_click,
    )


def group_row(
    group: Group, *, chosen: bool, on_click: Handler, on_long_click: Handler | None
) -> View:
    """A playlist, folder, artist or album row: its title and what it holds."""
    row_id, title_id, subtitle_id, icon = _GROUP_IDS[group.kind]
    return Row(
        selection_badge(icon, chosen, tint="primary", background="surface"),
        Column(
            TextView(group.title, id=title_id, size=16, width=MATCH),
            TextView(group.subtitle, id=subtitle_id, size=13, color="text_secondary", width=MATCH),
            width=0,
            weight=1,
        ),
        id=row_id,
        padding=(16, 0),
        selected=chosen,
        on_click=on_click,
        on_long_click=on_long_click,
    )


def current_track_bar(state: NowPlaying, *, on_open: Handler, on_toggle: Handler) -> View:
    """``current_track_bar``: the loaded track and a play / pause button; tap opens the player."""
    item = state.track
    assert item is not None
    return Row(
        ImageView("music", size=40, padding=8, tint="primary", margin=(0, 0, 12, 0)),
        TextView(
            f"{item.title} \u00b7 {item.artist}",
            id="current_track_label",
            size=15,
            width=0,
            weight=1,
        ),
        ImageButton(
            "pause" if state.playing else "play",
            desc="Pause" if state.playing else "Play",
            id="current_track_play_pause",
            on_click=on_toggle,
        ),
        id="current_track_bar",
        padding=(12, 4),
        background="surface",
        on_click=on_open,
    )
