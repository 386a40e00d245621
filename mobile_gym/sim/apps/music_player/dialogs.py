"""The Music Player's dialogs and the playlist changes they make.

Each dialog function returns the handler that opens it. Playlist changes log ``MusicPlayer``
lines: ``Playlist created: P``, ``Playlist renamed: P to Q``, ``Playlist deleted: P``,
``Added T to P``, ``Removed T from P``; confirming a tab's sorting logs ``Playlists|Folders|
Artists|Albums|Tracks sorted by S``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.music_player import library
from mobile_gym.sim.apps.music_player.library import format_duration
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.ui.choices import choices_dialog
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.properties import properties_body
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import RadioButton

KIND_LABELS = {
    "playlist": "Playlists",
    "folder": "Folders",
    "artist": "Artists",
    "album": "Albums",
    "track": "Tracks",
}
"""The tabs by the kind of row they list."""
SORT_OPTIONS: dict[str, tuple[tuple[str, str], ...]] = {
    "playlist": (("title", "Title"), ("track_count", "Track count")),
    "folder": (("title", "Title"), ("track_count", "Track count")),
    "artist": (("title", "Title"), ("album_count", "Album count"), ("track_count", "Track count")),
    "album": (("title", "Title"), ("artist", "Artist"), ("year", "Year")),
    "track": (
        ("title", "Title"),
        ("artist", "Artist"),
        ("album", "Album"),
        ("duration", "Duration"),
    ),
}
"""Each tab's sort options (value, label)."""
ORDERS = (("asc", "sort_ascending", "Ascending"), ("desc", "sort_descending", "Descending"))
PREFERENCES = {
    **{f"{kind}_sort": "title" for kind in KIND_LABELS},
    **{f"{kind}_order": "asc" for kind in KIND_LABELS},
    "last_used_tab": "0",
    "equalizer_preset": "Normal",
    "gapless_playback": "0",
    "swap_prev_next": "0",
}
"""The app's stored options and their defaults (table ``preferences``): each tab's sort and
order, the tab last shown, the equalizer preset and the settings' switches."""
EMPTY_TITLE = "The title cannot be empty"
TITLE_TAKEN = "A playlist with that title already exists"


def _title_error(ctx: AppContext, title: str, playlist_id: int | None = None) -> str | None:
    if not title:
        return EMPTY_TITLE
    row = (
        ctx.db()
        .execute("SELECT id FROM playlists WHERE title = ? COLLATE NOCASE", (title,))
        .fetchone()
    )
    return TITLE_TAKEN if row is not None and row[0] != playlist_id else None


def add_tracks(ctx: AppContext, playlist_id: int, track_ids: Sequence[int]) -> None:
    """Add the tracks to the playlist (those already in it stay once) and log each one."""
    name = library.playlist_title(ctx.db(), playlist_id)
    if name is None:
        return
    added = library.add_to_playlist(ctx.db(), playlist_id, track_ids)
    for track_id in added:
        item = library.track(ctx.db(), track_id)
        if item is not None:
            ctx.log(f"Added {item.title} to {name}")
    ctx.toast(f"Added to {name}" if added else f"Already in {name}")


def remove_tracks(ctx: AppContext, playlist_id: int, track_ids: Sequence[int]) -> None:
    name = library.playlist_title(ctx.db(), playlist_id)
    for track_id in track_ids:
        item = library.track(ctx.db(), track_id)
        gone = (
            ctx.db()
            .execute(
                "DELETE FROM playlist_tracks WHERE playlist_id = ? AND track_id = ?",
                (playlist_id, track_id),
            )
            .rowcount
        )
        if gone and item is not None:
            ctx.log(f"Removed {item.title} from {name}")


def delete_playlists(ctx: AppContext, playlist_ids: Sequence[int]) -> None:
    for playlist_id in playlist_ids:
        name = library.playlist_title(ctx.db(), playlist_id)
        if name is None:
            continue
        ctx.db().execute("DELETE FROM playlist_tracks WHERE playlist_id = ?", (playlist_id,))
        ctx.db().execute("DELETE FROM playlists WHERE id = ?", (playlist_id,))
        ctx.log(f"Playlist deleted: {name}")


def title_dialog(
    ctx: AppContext, key: str, title: str, accept: Callable[[str], None], playlist_id: int | None
) -> Callable[[str], None]:
    """A dialog asking for a playlist title (``new_playlist_title``); returns the handler
    that opens it prefilled (a prefilled title starts selected). OK checks the title and
    hands it to ``accept``; a bad title is toasted and the dialog stays."""
    field = key + "_title"

    def ok() -> bool:
        name = ctx.field(field).strip()
        error = _title_error(ctx, name, playlist_id)
        if error is not None:
            ctx.toast(error)
            return False
        accept(name)
        return True

    def body() -> list[View]:
        return [ctx.edit(field, hint="Title", id="new_playlist_title", margin=(0, 16, 0, 0))]

    opener = ctx.dialog(key, title, buttons=[("Cancel", None), ("OK", ok)], body=body)

    def open_with(text: str) -> None:
        ctx.set_field(field, text)
        if text:
            select_all(ctx, field)
        ctx.focus(field)
        opener()

    return open_with


def new_playlist_dialog(ctx: AppContext, then_add: Callable[[], Sequence[int]]) -> Handler:
    """ "New playlist"; the tracks ``then_add`` returns are added to it once it exists."""

    def create(name: str) -> None:
        playlist_id = ctx.db().execute("INSERT INTO playlists(title) VALUES (?)", (name,)).lastrowid
        ctx.log(f"Playlist created: {name}")
        tracks = then_add()
        if tracks and playlist_id is not None:
            add_tracks(ctx, playlist_id, tracks)
        else:
            ctx.toast("Playlist created")

    opener = title_dialog(ctx, "new_playlist", "New playlist", create, None)
    return lambda: opener("")


def rename_playlist_dialog(ctx: AppContext, playlist_id: int | None, done: Handler) -> Handler:
    old = library.playlist_title(ctx.db(), playlist_id) if playlist_id is not None else None

    def rename(name: str) -> None:
        if name != old:
            ctx.db().execute("UPDATE playlists SET title = ? WHERE id = ?", (name, playlist_id))
            ctx.log(f"Playlist renamed: {old} to {name}")
        done()

    opener = title_dialog(ctx, "rename_playlist", "Rename playlist", rename, playlist_id)
    return lambda: opener(old or "")


def delete_playlists_dialog(ctx: AppContext, playlist_ids: Sequence[int], done: Handler) -> Handler:
    names = [library.playlist_title(ctx.db(), p) for p in playlist_ids]
    what = f"the playlist \u201c{names[0]}\u201d" if len(names) == 1 else f"{len(names)} playlists"

    def delete() -> None:
        delete_playlists(ctx, playlist_ids)
        done()

    return ctx.dialog(
        "delete_playlist",
        "Delete playlist",
        f"Are you sure you want to delete {what}? The songs stay in your library.",
        buttons=[("Cancel", None), ("Delete", delete)],
    )


def add_to_playlist_dialog(ctx: AppContext, track_ids: Sequence[int], done: Handler) -> Handler:
    """ "Add to playlist": tapping a playlist adds the tracks to it; "New playlist" makes one."""

    def choose(playlist_id: int) -> Callable[[bool], None]:
        def run(_checked: bool) -> None:
            ctx.pop("dialog:add_to_playlist")
            add_tracks(ctx, playlist_id, track_ids)
            done()

        return run

    def body() -> list[View]:
        rows = ctx.db().execute("SELECT id, title FROM playlists ORDER BY title COLLATE NOCASE")
        return [
            RadioButton(
                title,
                id="select_playlist_item",
                checked=False,
                on_change=choose(playlist_id),
                size=16,
                margin=(0, 4, 0, 0),
            )
            for playlist_id, title in rows
        ]

    kept = list(track_ids)

    def created_tracks() -> list[int]:
        done()
        return kept

    create = new_playlist_dialog(ctx, created_tracks)
    return ctx.dialog(
        "add_to_playlist",
        "Add to playlist",
        buttons=[("Cancel", None), ("New playlist", create)],
        body=body,
    )


def sort_dialog(ctx: AppContext, kind: str) -> Handler:
    """ "Sort by" for the tab listing ``kind`` rows: radio buttons ``sort_<option>`` and
    ``sort_ascending`` / ``sort_descending``; OK stores the choice (``<kind>_sort``,
    ``<kind>_order``)."""
    prefs = Preferences(ctx, PREFERENCES)
    sort_key, order_key = f"{kind}_sort", f"{kind}_order"
    chosen = {sort_key: prefs.get(sort_key), order_key: prefs.get(order_key)}
    options = [(sort_key, value, f"sort_{value}", label) for value, label in SORT_OPTIONS[kind]]
    options += [(order_key, value, id, label) for value, id, label in ORDERS]

    def apply(picked: dict[str, str]) -> None:
        for key, value in picked.items():
            if value != chosen[key]:
                prefs.put(key, value)
        ctx.log(f"{KIND_LABELS[kind]} sorted by {picked[sort_key]}")

    return choices_dialog(ctx, chosen, lambda _pending: options, apply)


def properties_dialog(ctx: AppContext, track_id: int | None) -> Handler:
    def body() -> list[View]:
        item = library.track(ctx.db(), track_id)
        if item is None:
            return []
        return properties_body(
            [
                ("Title", item.title),
                ("Artist", item.artist),
                ("Album", item.album),
                ("Duration", format_duration(item.duration)),
                ("Track number", str(item.track_number)),
                ("Year", str(item.year)),
                ("Path", item.path),
            ]
        )

    return ctx.dialog("properties", "Properties", buttons=[("OK", None)], body=body)
