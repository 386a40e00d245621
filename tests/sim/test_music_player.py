"""The Music Player app, driven through raw input: the tabbed library, playback on the
virtual clock (next / previous, shuffle, repeat, seeking), playlists, search, each tab's
sorting, the media scan, the settings, the equalizer and the About pages."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.music_player import MAIN, PACKAGE, PLAYER, TRACKS, library
from mobile_gym.sim.apps.music_player.library import TRACK_SORTS, format_duration
from mobile_gym.sim.apps.music_player.playback import Player
from mobile_gym.sim.apps.music_player.settings import EQUALIZER, SETTINGS
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import statements_while_rebuilt, views_made

SEED = 8


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED)


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with the Music Player opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(desc="Music Player")
    assert phone.foreground == (PACKAGE, MAIN)
    return driver


def _db(phone: Phone, sql: str, *params: object) -> list[tuple]:
    return [tuple(r) for r in phone.database(PACKAGE, "songs").execute(sql, params).fetchall()]


def _logs(phone: Phone) -> list[str]:
    return [
        line.split(" MusicPlayer: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " MusicPlayer: " in line
    ]


def _texts(driver: Driver, id: str) -> list[str]:
    return [node.text for node in driver.find_all(id=id)]


def _add_album(phone: Phone) -> list[int]:
    """Three short songs of one album, tracks 1 to 3, for predictable playback."""
    rows = [
        (801 + n, f"Zeta {n + 1}", "Zed Quartet", "Zebra", 60 + 10 * n, n + 1) for n in range(3)
    ]
    phone.database(PACKAGE, "songs").executemany(
        "INSERT INTO tracks(id, title, artist, album, duration, track_number) VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )
    return [row[0] for row in rows]


def _play_album(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Albums")
    driver.scroll_to(id="album_title", text="Zebra")
    driver.tap(id="album_title", text="Zebra")
    assert phone.foreground == (PACKAGE, TRACKS)
    driver.tap(id="track_title", text="Zeta 1")
    assert phone.foreground == (PACKAGE, PLAYER)


def test_tabs_show_the_library(phone: Phone, driver: Driver) -> None:
    assert driver.find(desc="Playlists").selected
    playlists = _db(phone, "SELECT title FROM playlists ORDER BY title COLLATE NOCASE")
    assert _texts(driver, "playlist_title") == [t for (t,) in playlists]
    driver.tap(desc="Artists")
    artists = _db(phone, "SELECT DISTINCT artist FROM tracks ORDER BY artist COLLATE NOCASE")
    assert _texts(driver, "artist_title") == [a for (a,) in artists]
    driver.tap(desc="Folders")
    assert set(_texts(driver, "folder_title")) <= {"Music", "Live sessions", "Bandcamp"}
    driver.tap(desc="Tracks")
    titles = [t for (t,) in _db(phone, "SELECT title FROM tracks ORDER BY title COLLATE NOCASE")]
    shown = _texts(driver, "track_title")
    assert shown == titles[: len(shown)]
    durations = _db(phone, "SELECT duration FROM tracks ORDER BY title COLLATE NOCASE")
    assert _texts(driver, "track_duration")[0] == format_duration(durations[0][0])
    assert not driver.exists(id="current_track_bar")  # nothing loaded yet


def test_songs_have_files_in_storage(phone: Phone) -> None:
    for (path,) in _db(phone, "SELECT path FROM tracks"):
        assert phone.storage.exists(path) and path.startswith("/sdcard/Music/")


def test_tapping_a_track_plays_it_and_opens_the_player(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Tracks")
    first, second = _texts(driver, "track_title")[:2]
    artist = _texts(driver, "track_info")[0]
    driver.tap(id="track_title", text=first)
    assert phone.foreground == (PACKAGE, PLAYER)
    assert driver.find(id="activity_track_title").text == first
    assert driver.find(id="activity_track_artist").text == artist
    assert driver.find(id="activity_track_play_pause").desc == "Pause"
    assert driver.find(id="next_track_label").text == f"Next: {second}"
    assert _logs(phone)[-1] == f"Playing: {first} by {artist}"
    driver.tap(desc="Navigate up")
    assert driver.find(id="current_track_label").text == f"{first} \u00b7 {artist}"
    driver.tap(id="current_track_play_pause")
    assert _db(phone, "SELECT playing FROM playback") == [(0,)]
    assert _logs(phone)[-1] == f"Paused: {first}"
    driver.tap(id="current_track_bar")
    assert phone.foreground == (PACKAGE, PLAYER)


def test_playback_moves_on_with_the_clock(phone: Phone, driver: Driver) -> None:
    _add_album(phone)
    _play_album(phone, driver)
    phone.wait(45_000)
    assert driver.find(id="activity_track_progress_current").text == "0:45"
    phone.wait(20_000)  # Zeta 1 lasts 60 s
    assert driver.find(id="activity_track_title").text == "Zeta 2"
    assert driver.find(id="activity_track_progress_current").text == "0:05"
    phone.wait(70_000 + 80_000)  # to the end of the album: repeat is off, so it stops
    assert driver.find(id="activity_track_title").text == "Zeta 3"
    assert driver.find(id="activity_track_play_pause").desc == "Play"
    assert driver.find(id="next_track_label").text == "Next: none"


def test_repeat_modes(phone: Phone, driver: Driver) -> None:
    _add_album(phone)
    _play_album(phone, driver)
    driver.tap(id="activity_track_repeat")
    assert driver.find(id="activity_track_repeat").desc == "Repeat all"
    phone.wait(60_000 + 70_000 + 80_000 + 1_000)  # the whole album, then the first again
    assert driver.find(id="activity_track_title").text == "Zeta 1"
    driver.tap(id="activity_track_repeat")
    assert driver.find(id="next_track_label").text == "Next: Zeta 1"
    phone.wait(120_000)
    assert driver.find(id="activity_track_title").text == "Zeta 1"
    driver.tap(id="activity_track_repeat")
    assert driver.find(id="activity_track_repeat").desc == "Repeat off"
    assert _logs(phone)[-3:] == ["Repeat: all", "Repeat: one", "Repeat: off"]


def test_next_and_previous_wrap_around_the_queue(phone: Phone, driver: Driver) -> None:
    _add_album(phone)
    _play_album(phone, driver)
    for expected in ("Zeta 2", "Zeta 3", "Zeta 1"):
        driver.tap(desc="Next")
        assert driver.find(id="activity_track_title").text == expected
    driver.tap(desc="Previous")
    assert driver.find(id="activity_track_title").text == "Zeta 3"
    driver.tap(desc="Pause")
    driver.tap(desc="Next")  # skipping while paused stays paused
    assert driver.find(id="activity_track_play_pause").desc == "Play"
    assert _logs(phone)[-2:] == ["Paused: Zeta 3", "Next track: Zeta 1"]


def test_shuffle_plays_every_track_in_a_fixed_order(phone: Phone) -> None:
    orders = []
    for _ in range(2):
        phone_ = Phone(seed=SEED)
        driver = Driver(phone_)
        driver.tap(desc="Music Player")
        _add_album(phone_)
        _play_album(phone_, driver)
        driver.tap(id="activity_track_toggle_shuffle")
        assert driver.find(id="activity_track_toggle_shuffle").desc == "Disable shuffle"
        seen = [driver.find(id="activity_track_title").text]
        for _ in range(2):
            driver.tap(desc="Next")
            seen.append(driver.find(id="activity_track_title").text)
        orders.append(seen)
    assert orders[0] == orders[1]
    assert sorted(orders[0]) == ["Zeta 1", "Zeta 2", "Zeta 3"]


def test_seek_bar_moves_the_position(phone: Phone, driver: Driver) -> None:
    _add_album(phone)
    _play_album(phone, driver)
    driver.tap(desc="Pause")
    driver.tap(id="activity_track_progressbar")  # the middle of a 60 s track
    position = driver.find(id="activity_track_progress_current").text
    assert position in ("0:29", "0:30", "0:31")
    assert _logs(phone)[-1] == f"Seek to {position} in Zeta 1"


def test_create_rename_and_delete_a_playlist(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Create new playlist")
    driver.type_into("Night drive", id="new_playlist_title")
    driver.tap(text="OK")
    assert "Night drive" in _texts(driver, "playlist_title")
    driver.tap(desc="More options")
    driver.tap(text="Create new playlist")
    driver.type_into("night DRIVE", id="new_playlist_title")
    driver.tap(text="OK")
    assert driver.exists(text="A playlist with that title already exists")
    driver.tap(text="Cancel")

    driver.long_press(id="playlist_title", text="Night drive")
    driver.tap(id="cab_rename")
    assert driver.find(id="new_playlist_title").text == "Night drive"
    driver.type_into("Long drive", id="new_playlist_title")  # the old title is replaced
    driver.tap(text="OK")
    assert _db(phone, "SELECT COUNT(*) FROM playlists WHERE title = 'Long drive'") == [(1,)]

    driver.long_press(id="playlist_title", text="Long drive")
    driver.tap(id="cab_delete")
    assert "Long drive" in driver.find(id="message").text
    driver.tap(text="Delete")
    assert "Long drive" not in _texts(driver, "playlist_title")
    assert _logs(phone)[-3:] == [
        "Playlist created: Night drive",
        "Playlist renamed: Night drive to Long drive",
        "Playlist deleted: Long drive",
    ]


def test_add_tracks_to_a_playlist_and_remove_one(phone: Phone, driver: Driver) -> None:
    playlist = _texts(driver, "playlist_title")[0]
    (playlist_id,) = _db(phone, "SELECT id FROM playlists WHERE title = ?", playlist)[0]
    driver.tap(desc="Tracks")
    titles = _texts(driver, "track_title")
    driver.long_press(id="track_title", text=titles[0])
    driver.tap(id="track_title", text=titles[1])
    assert driver.find(id="toolbar_title").text.startswith("2 / ")
    driver.tap(id="cab_add_to_playlist")
    driver.tap(id="select_playlist_item", text=playlist)
    members = _db(
        phone,
        "SELECT t.title FROM playlist_tracks p JOIN tracks t ON t.id = p.track_id "
        "WHERE p.playlist_id = ? ORDER BY p.position",
        playlist_id,
    )
    assert {t for (t,) in members} >= {titles[0], titles[1]}
    assert not driver.exists(id="cab_close")

    driver.tap(desc="Playlists")
    driver.tap(id="playlist_title", text=playlist)
    assert phone.foreground == (PACKAGE, TRACKS)
    assert (
        _texts(driver, "track_title")
        == [t for (t,) in members][: len(_texts(driver, "track_title"))]
    )
    driver.long_press(id="track_title", text=titles[0])
    driver.tap(id="cab_remove_from_playlist")
    assert titles[0] not in _texts(driver, "track_title")
    assert _logs(phone)[-1] == f"Removed {titles[0]} from {playlist}"


def test_a_new_playlist_from_the_add_dialog_gets_the_tracks(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Tracks")
    title = _texts(driver, "track_title")[2]
    driver.long_press(id="track_title", text=title)
    driver.tap(id="cab_add_to_playlist")
    driver.tap(text="New playlist")
    assert driver.find(id="alertTitle").text == "New playlist"
    driver.type_into("Fresh finds", id="new_playlist_title")
    driver.tap(text="OK")
    rows = _db(
        phone,
        "SELECT t.title FROM playlist_tracks p JOIN playlists l ON l.id = p.playlist_id "
        "JOIN tracks t ON t.id = p.track_id WHERE l.title = 'Fresh finds'",
    )
    assert rows == [(title,)]
    assert _logs(phone)[-2:] == ["Playlist created: Fresh finds", f"Added {title} to Fresh finds"]


def test_search_and_sort_the_tracks(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Tracks")
    driver.tap(desc="Search")
    (artist,) = _db(phone, "SELECT artist FROM tracks ORDER BY id LIMIT 1")[0]
    driver.type_into(artist.split()[0].lower(), id="top_toolbar_search")
    found = _texts(driver, "track_info")
    assert found and all(a == artist for a in found)
    driver.type_into("qqqq", id="top_toolbar_search")
    assert driver.find(id="tracks_placeholder").text == "No tracks found"
    driver.key("BACK")
    driver.key("BACK")
    driver.tap(desc="Sort by")
    driver.tap(id="sort_duration")
    driver.tap(text="OK")
    durations = [d for (d,) in _db(phone, "SELECT duration FROM tracks ORDER BY duration, title")]
    shown = _texts(driver, "track_duration")
    assert shown == [format_duration(d) for d in durations][: len(shown)]
    assert _logs(phone)[-1] == "Tracks sorted by duration"


def test_a_long_library_sorts_both_ways_and_selects_all(phone: Phone, driver: Driver) -> None:
    phone.database(PACKAGE, "songs").executemany(
        "INSERT INTO tracks(title, artist, album) VALUES (?, 'Band', 'Album')",
        [(f"Track {i:04d}",) for i in range(1000)],
    )
    driver.tap(desc="Tracks")
    assert views_made(phone, "track_frame") < 30
    driver.tap(desc="Sort by")
    driver.tap(id="sort_title")
    driver.tap(id="sort_descending")
    driver.tap(text="OK")
    titles = [t for (t,) in _db(phone, f"SELECT title FROM tracks ORDER BY {TRACK_SORTS['title']}")]
    shown = _texts(driver, "track_title")
    assert shown == titles[::-1][: len(shown)] and len(shown) > 3
    assert views_made(phone, "track_frame") < 30
    driver.long_press(id="track_title", text=shown[0])
    driver.tap(desc="Select all")
    assert driver.find(id="toolbar_title").text == f"{len(titles)} / {len(titles)}"


def test_a_long_library_is_grouped_once_until_it_changes(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.database(PACKAGE, "songs").executemany(
        "INSERT INTO tracks(title, artist, album) VALUES (?, ?, ?)",
        [(f"Track {i:04d}", f"Aa Band {i % 300:03d}", f"Album {i % 500:03d}") for i in range(1000)],
    )
    grouped = []
    groups = library.groups
    monkeypatch.setattr(
        library, "groups", lambda db, kind, *a: grouped.append(kind) or groups(db, kind, *a)
    )
    driver.tap(desc="Artists")
    assert _texts(driver, "artist_title")[0] == "Aa Band 000"
    assert views_made(phone, "artist_title") < 30  # of more than 300
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: the groups are kept
        phone.hierarchy_xml()
    assert grouped.count("artist") == 1
    phone.database(PACKAGE, "songs").execute(
        "INSERT INTO tracks(title, artist, album) VALUES ('New', 'A first band', 'New')"
    )
    assert _texts(driver, "artist_title")[0] == "A first band" and grouped.count("artist") == 2
    driver.tap(desc="Search")
    driver.type_into("band 29", id="top_toolbar_search")
    assert _texts(driver, "artist_title")[:2] == ["Aa Band 290", "Aa Band 291"]
    assert grouped.count("artist") == 2  # searching filters the groups kept


def test_an_artist_page_plays_in_album_order(phone: Phone, driver: Driver) -> None:
    _add_album(phone)
    driver.tap(desc="Artists")
    driver.scroll_to(id="artist_title", text="Zed Quartet")
    driver.tap(id="artist_title", text="Zed Quartet")
    assert driver.find(id="toolbar_title").text == "Zed Quartet"
    assert _texts(driver, "track_title") == ["Zeta 1", "Zeta 2", "Zeta 3"]
    driver.tap(id="track_title", text="Zeta 2")
    assert driver.find(id="next_track_label").text == "Next: Zeta 3"
    assert "Opened artist Zed Quartet" in _logs(phone)


def test_the_player_closes_when_its_track_disappears(phone: Phone, driver: Driver) -> None:
    ids = _add_album(phone)
    _play_album(phone, driver)
    phone.database(PACKAGE, "songs").execute("DELETE FROM tracks WHERE id = ?", (ids[0],))
    assert not driver.exists(id="activity_track_title")
    assert phone.foreground == (PACKAGE, TRACKS)
    assert not driver.exists(id="current_track_bar")


def test_seeded_library_follows_the_seed() -> None:
    a, b, c = (Phone(seed=s) for s in (1, 1, 2))
    query = "SELECT title, artist, album, duration FROM tracks ORDER BY id"
    assert _db(a, query) == _db(b, query)
    assert _db(a, query) != _db(c, query)
    assert 12 <= len(_db(a, query)) <= 40
    assert 2 <= len(_db(a, "SELECT * FROM playlists")) <= 3


def test_a_missing_player_row_is_restored(phone: Phone) -> None:
    phone.database(PACKAGE, "songs").execute("DELETE FROM playback")
    driver = Driver(phone)
    driver.tap(desc="Music Player")
    driver.tap(desc="Tracks")
    title = _texts(driver, "track_title")[0]
    driver.tap(id="track_title", text=title)
    assert driver.find(id="activity_track_title").text == title
    assert _db(phone, "SELECT COUNT(*) FROM playback") == [(1,)]


def _pref(phone: Phone, key: str) -> str | None:
    rows = _db(phone, "SELECT value FROM preferences WHERE key = ?", key)
    return rows[0][0] if rows else None


def _menu(driver: Driver, item: str) -> None:
    driver.tap(desc="More options")
    driver.tap(id="title", text=item)


def test_each_tab_sorts_by_its_own_options(phone: Phone, driver: Driver) -> None:
    titles = [t for (t,) in _db(phone, "SELECT title FROM playlists")]
    driver.tap(desc="Sort by")
    assert driver.exists(id="sort_track_count") and not driver.exists(id="sort_year")
    driver.tap(id="sort_descending")
    driver.tap(text="Cancel")
    assert _texts(driver, "playlist_title") == sorted(titles, key=str.lower)
    driver.tap(desc="Sort by")
    assert driver.find(id="sort_ascending").checked
    driver.tap(id="sort_descending")
    driver.tap(text="OK")
    assert _texts(driver, "playlist_title") == sorted(titles, key=str.lower, reverse=True)
    assert _pref(phone, "playlist_order") == "desc"
    driver.tap(desc="Albums")
    assert _pref(phone, "last_used_tab") == "3"
    driver.tap(desc="Sort by")
    assert driver.find(id="sort_ascending").checked  # each tab keeps its own order
    driver.tap(id="sort_year")
    driver.tap(text="OK")
    years = _db(phone, "SELECT album FROM tracks GROUP BY album ORDER BY MAX(year), album")
    shown = _texts(driver, "album_title")
    assert shown == [a for (a,) in years][: len(shown)]
    assert _pref(phone, "album_sort") == "year"
    assert _logs(phone)[-1] == "Albums sorted by year"


def test_the_last_tab_shows_again(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Artists")
    driver.key("BACK")
    driver.tap(desc="Music Player")
    assert driver.find(desc="Artists").selected


def test_rescan_adds_new_files_and_drops_missing_ones(phone: Phone, driver: Driver) -> None:
    phone.storage.write("/sdcard/Music/New band - First light.mp3", b"0" * 5000)
    (gone_id, gone_path) = _db(phone, "SELECT id, path FROM tracks ORDER BY id LIMIT 1")[0]
    phone.storage.delete(gone_path)
    _menu(driver, "Rescan media")
    added = _db(
        phone,
        "SELECT title, artist, duration, folder_name FROM tracks WHERE path LIKE ?",
        "%First light.mp3",
    )
    assert added == [("First light", "New band", 10, "Music")]
    assert _db(phone, "SELECT COUNT(*) FROM tracks WHERE id = ?", gone_id) == [(0,)]
    assert _db(phone, "SELECT COUNT(*) FROM playlist_tracks WHERE track_id = ?", gone_id) == [(0,)]
    assert _logs(phone)[-1] == "Media rescanned: 1 added, 1 removed"


def test_a_cleared_library_fills_from_storage_on_rescan(phone: Phone) -> None:
    before = _db(
        phone, "SELECT title, artist, album, year, duration, path FROM tracks ORDER BY path"
    )
    phone.clear_app_data(PACKAGE)
    driver = Driver(phone)
    driver.tap(desc="Music Player")
    assert driver.exists(id="playlists_placeholder")
    assert _db(phone, "SELECT COUNT(*) FROM tracks") == [(0,)]
    _menu(driver, "Rescan media")
    after = _db(
        phone, "SELECT title, artist, album, year, duration, path FROM tracks ORDER BY path"
    )
    assert after == before
    assert _db(phone, "SELECT COUNT(*) FROM playlists") == [(0,)]


def test_settings_and_equalizer(phone: Phone, driver: Driver) -> None:
    _menu(driver, "Settings")
    assert phone.foreground == (PACKAGE, SETTINGS)
    driver.tap(id="settings_gapless_playback")
    assert _pref(phone, "gapless_playback") == "1"
    driver.tap(desc="Navigate up")
    _menu(driver, "Equalizer")
    assert phone.foreground == (PACKAGE, EQUALIZER)
    assert driver.find(id="equalizer_preset").text == "Normal"
    driver.tap(id="equalizer_preset_item", text="Heavy Metal")
    assert driver.find(id="equalizer_preset").text == "Heavy Metal"
    assert _pref(phone, "equalizer_preset") == "Heavy Metal"
    assert _logs(phone)[-1] == "Equalizer preset: Heavy Metal"


def test_about_pages(phone: Phone, driver: Driver) -> None:
    _menu(driver, "About")
    assert driver.find(id="about_app_name").text == "Simple Music Player"
    driver.tap(id="about_faq")
    assert phone.foreground[1].endswith("FAQActivity")


def test_create_new_playlist_is_only_on_the_playlists_tab(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Albums")
    driver.tap(desc="More options")
    assert not driver.exists(text="Create new playlist")


def _made(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """The tracks made from rows from now on (their rows)."""
    made: list[object] = []
    track = library._track
    monkeypatch.setattr(library, "_track", lambda row: made.append(row) or track(row))
    return made


def _long_album(phone: Phone, count: int = 1000) -> None:
    """``count`` tracks of the album "Aardvark" (numbered 1 on, the last first by id)."""
    phone.database(PACKAGE, "songs").executemany(
        "INSERT INTO tracks(title, artist, album, track_number, duration) "
        "VALUES (?, 'Aa Band', 'Aardvark', ?, 60)",
        [(f"Aard {n:04d}", n) for n in range(count, 0, -1)],
    )


def _open_long_album(driver: Driver) -> None:
    driver.tap(desc="Albums")
    driver.tap(id="album_title", text="Aardvark")


def test_a_long_album_is_read_a_page_at_a_time(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _long_album(phone)
    _open_long_album(driver)
    assert _texts(driver, "track_title")[:3] == ["Aard 0001", "Aard 0002", "Aard 0003"]
    made = _made(monkeypatch)
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert len(made) < 100  # of 3,000 in three builds
    phone.database(PACKAGE, "songs").execute(
        "INSERT INTO tracks(title, artist, album, track_number) VALUES ('Intro', 'Aa Band', "
        "'Aardvark', 0)"
    )
    assert _texts(driver, "track_title")[:2] == ["Intro", "Aard 0001"]  # at once
    driver.key("BACK")
    driver.tap(desc="Artists")
    driver.tap(id="artist_title", text="Aa Band")  # an artist's page: in album order too
    assert _texts(driver, "track_title")[:2] == ["Intro", "Aard 0001"]
    made.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert len(made) < 100


def test_a_long_playlist_is_read_a_page_at_a_time_and_selected_once(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _long_album(phone)
    db = phone.database(PACKAGE, "songs")
    db.execute("INSERT INTO playlists(id, title) VALUES (50, 'Aa long list')")
    db.execute(  # by title, from the last
        "INSERT INTO playlist_tracks(playlist_id, track_id, position) SELECT 50, id, "
        "1000 - track_number FROM tracks WHERE album = 'Aardvark'"
    )
    driver.tap(id="playlist_title", text="Aa long list")
    assert _texts(driver, "track_title")[:2] == ["Aard 1000", "Aard 0999"]
    made = _made(monkeypatch)
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert len(made) < 100  # of 3,000 in three builds
    driver.long_press(id="track_title", text="Aard 0999")
    driver.tap(id="track_title", text="Aard 1000")
    assert driver.find(id="toolbar_title").text == "2 / 1000"
    made.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert len(made) < 100  # the selected ones are not looked for among 1,000 each time
    driver.tap(id="cab_add_to_playlist")
    driver.tap(text="New playlist")
    driver.type_into("Aa two", id="new_playlist_title")
    driver.tap(text="OK")  # in the list's order, not the order they were selected in
    added = _db(
        phone,
        "SELECT t.title FROM playlist_tracks p JOIN playlists l ON l.id = p.playlist_id "
        "JOIN tracks t ON t.id = p.track_id WHERE l.title = 'Aa two' ORDER BY p.position",
    )
    assert added == [("Aard 1000",), ("Aard 0999",)]
    driver.long_press(id="track_title", text="Aard 1000")
    driver.tap(id="cab_remove_from_playlist")
    assert _texts(driver, "track_title")[:2] == ["Aard 0999", "Aard 0998"]  # at once


def test_searches_are_matched_once_until_the_library_changes(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.database(PACKAGE, "songs").executemany(
        "INSERT INTO tracks(title, artist, album) VALUES (?, 'Band', ?)",
        [(f"Marmot {i:04d}", f"Marmot album {i:03d}") for i in range(1000)],
    )
    matched: list[str] = []
    matches = library.matches
    monkeypatch.setattr(
        library, "matches", lambda query, *texts: matched.append(query) or matches(query, *texts)
    )
    driver.tap(desc="Tracks")
    driver.tap(desc="Search")
    driver.type_into("marmot", id="top_toolbar_search")
    assert _texts(driver, "track_title")[:2] == ["Marmot 0000", "Marmot 0001"]
    matched.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert matched == []
    phone.database(PACKAGE, "songs").execute(
        "INSERT INTO tracks(title, artist, album) VALUES ('A marmot song', 'Band', 'Other')"
    )
    assert _texts(driver, "track_title")[:2] == ["A marmot song", "Marmot 0000"]  # at once
    driver.tap(desc="Albums")
    driver.tap(desc="Search")
    driver.type_into("marmot album 99", id="top_toolbar_search")
    shown = _texts(driver, "album_title")
    assert len(shown) > 3 and shown == [f"Marmot album {i}" for i in range(990, 1000)][: len(shown)]
    matched.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert matched == []


def test_a_long_queue_is_ordered_once_until_it_changes(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _long_album(phone)
    _open_long_album(driver)
    driver.tap(id="track_title", text="Aard 0002")
    assert driver.find(id="next_track_label").text == "Next: Aard 0003"
    queued: list[int] = []
    queue = Player.queue
    monkeypatch.setattr(Player, "queue", lambda self: queued.append(1) or queue(self))
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert queued == []
    phone.wait(60_000)  # the track ends: the next of the queue plays
    assert driver.find(id="activity_track_title").text == "Aard 0003"
    assert driver.find(id="next_track_label").text == "Next: Aard 0004"
    driver.tap(desc="Previous")
    driver.tap(desc="Previous")
    assert driver.find(id="activity_track_title").text == "Aard 0001"
    driver.tap(desc="Previous")  # wraps around
    assert driver.find(id="activity_track_title").text == "Aard 1000"
    assert driver.find(id="next_track_label").text == "Next: none"
    driver.tap(id="activity_track_toggle_shuffle")
    assert driver.find(id="activity_track_toggle_shuffle").desc == "Disable shuffle"
    queued.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, "songs"))
    assert queued == []  # shuffled once, when the tap was shown


def test_a_sort_choice_left_with_back_is_forgotten(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Tracks")
    driver.tap(desc="Sort by")
    driver.tap(id="sort_duration")
    driver.tap(id="sort_descending")
    driver.key("BACK")
    assert not driver.exists(id="alertTitle")
    driver.tap(desc="Sort by")  # it opens on the stored order, not on what was tapped
    assert driver.find(id="sort_title").checked and driver.find(id="sort_ascending").checked
    assert not driver.find(id="sort_duration").checked
    driver.key("BACK")
    driver.tap(desc="Albums")
    driver.tap(desc="Sort by")
    driver.tap(text="OK")
    assert phone.foreground == (PACKAGE, MAIN) and phone.crashes.dialog is None
    assert _pref(phone, "track_sort") != "duration"
    assert _logs(phone)[-1] == "Albums sorted by title"


def test_ok_sets_only_its_own_choices(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Albums")
    driver.tap(desc="Sort by")
    driver.tap(id="sort_year")
    phone.tasks[PACKAGE][-1].state["sort_choice"]["track_sort"] = "duration"  # another tab's
    driver.tap(text="OK")
    assert phone.crashes.dialog is None
    assert _pref(phone, "album_sort") == "year"
    assert _pref(phone, "track_sort") != "duration"


def test_the_recents_card_shows_a_renamed_playlist(phone: Phone, driver: Driver) -> None:
    (old,) = _db(phone, "SELECT title FROM playlists ORDER BY id LIMIT 1")[0]
    driver.tap(id="playlist_title", text=old)
    assert phone.foreground == (PACKAGE, TRACKS)
    driver.tap(desc="More options")
    driver.tap(text="Rename playlist")
    driver.type_into("Late drive", id="new_playlist_title")
    driver.tap(text="OK")
    assert phone.task_title(PACKAGE) == "Late drive"
    driver.key("APP_SWITCH")
    assert driver.exists(text="Late drive") and not driver.exists(text=old)
