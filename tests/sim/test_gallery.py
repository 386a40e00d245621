"""The Gallery app, used end to end through raw input only (taps, drags, text, keys)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.camera.video import video as recorded_video
from mobile_gym.sim.apps.gallery import (
    MAIN_ACTIVITY,
    MEDIA_ACTIVITY,
    PACKAGE,
    VIEWER_ACTIVITY,
    GalleryApp,
    library,
)
from mobile_gym.sim.apps.gallery.library import Library
from mobile_gym.sim.apps.gallery.media import TRASH
from mobile_gym.sim.apps.gallery.names import SETTINGS_ACTIVITY, WALLPAPER_ACTIVITY
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.storage import Storage
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import step_actions
from tests.sim.conftest import views_made

SEED = 3
CAMERA = "/sdcard/DCIM/Camera"


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED, apps=(GalleryApp,))


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with the Gallery opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    return driver


def _media(phone: Phone, where: str = "1") -> list[dict]:
    rows = phone.database(PACKAGE, "gallery").execute(f"SELECT * FROM media WHERE {where}")
    return [dict(row) for row in rows]


def _camera(phone: Phone) -> list[dict]:
    """The camera roll as the gallery sorts it (newest first)."""
    rows = _media(phone, f"parent_path = '{CAMERA}' AND deleted_ts = 0")
    return sorted(rows, key=lambda r: (r["date_taken"], r["id"]), reverse=True)


def _logs(phone: Phone) -> list[str]:
    return [
        line.split(" Gallery: ", 1)[1] for line in phone.logcat_lines()[0] if " Gallery: " in line
    ]


def _names(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="medium_name")]


def _folders(driver: Driver) -> dict[str, str]:
    names = [n.text for n in driver.find_all(id="dir_name")]
    counts = [n.text for n in driver.find_all(id="photo_cnt")]
    return dict(zip(names, counts, strict=True))


def _open_camera(driver: Driver) -> None:
    driver.tap(id="dir_name", text="Camera")
    assert driver.device.foreground == (PACKAGE, MEDIA_ACTIVITY)


def _title(driver: Driver) -> str:
    return driver.find(id="toolbar_title").text


def test_seeded_media_are_files_and_the_folders_count_them(phone: Phone, driver: Driver) -> None:
    rows = _media(phone)
    assert 15 <= len(rows) <= 30
    files = phone.storage.files
    for row in rows:
        assert row["full_path"] in files
        assert row["full_path"].startswith(TRASH if row["deleted_ts"] else "/sdcard/")
    binned = [r for r in rows if r["deleted_ts"]]
    favorites = [r for r in rows if r["is_favorite"] and not r["deleted_ts"]]
    assert 1 <= len(binned) <= 2 and len(favorites) == 3
    shown = _folders(driver)
    assert shown["Camera"] == str(len(_camera(phone)))
    assert shown["Favorites"] == "3"
    assert shown["Recycle Bin"] == str(len(binned))
    assert list(shown)[-2:] == ["Favorites", "Recycle Bin"]
    assert rows == _media(Phone(seed=SEED, apps=(GalleryApp,)))
    assert rows != _media(Phone(seed=SEED + 1, apps=(GalleryApp,)))


def test_a_folder_shows_its_media_newest_first_and_the_viewer_swipes(
    phone: Phone, driver: Driver
) -> None:
    _open_camera(driver)
    camera = _camera(phone)
    assert _names(driver) == [r["filename"] for r in camera][: len(_names(driver))]
    videos = [r for r in camera if r["type"] == 2]
    assert len(driver.find_all(id="video_duration")) == len(videos)
    driver.tap(desc=camera[1]["filename"])
    assert phone.foreground == (PACKAGE, VIEWER_ACTIVITY)
    assert _title(driver) == camera[1]["filename"]
    assert driver.find(id="medium_counter").text == f"2 / {len(camera)}"
    driver.send_all(ev.drag(900, 1200, 150, 1200))  # swipe left: the next one
    assert _title(driver) == camera[2]["filename"]
    driver.send_all(ev.drag(150, 1200, 900, 1200))
    driver.send_all(ev.drag(150, 1200, 900, 1200))
    assert _title(driver) == camera[0]["filename"]
    driver.send_all(ev.drag(150, 1200, 900, 1200))  # nothing before the first
    assert _title(driver) == camera[0]["filename"]
    assert _logs(phone)[:2] == [f"Opened folder {CAMERA}", f"Viewing {camera[1]['full_path']}"]
    assert _logs(phone)[-1] == f"Viewing {camera[0]['full_path']}"
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MEDIA_ACTIVITY)


def test_favourite_from_the_viewer_fills_the_favorites_folder(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    target = next(r for r in _camera(phone) if not r["is_favorite"])
    driver.tap(desc=target["filename"])
    star = driver.find(id="bottom_favorite")
    assert not star.selected
    driver.tap(id="bottom_favorite")
    assert driver.find(id="bottom_favorite").selected
    assert _media(phone, f"id = {target['id']}")[0]["is_favorite"] == 1
    assert _logs(phone)[-1] == f"Added to favorites: {target['full_path']}"
    driver.key("BACK")
    driver.key("BACK")
    assert _folders(driver)["Favorites"] == "4"
    driver.tap(id="dir_name", text="Favorites")
    assert target["filename"] in _names(driver)


def test_delete_from_the_viewer_moves_the_file_to_the_recycle_bin(
    phone: Phone, driver: Driver
) -> None:
    _open_camera(driver)
    camera = _camera(phone)
    target, after = camera[0], camera[1]
    driver.tap(desc=target["filename"])
    driver.tap(id="bottom_delete")
    assert driver.find(id="alertTitle").text == "Move to the Recycle Bin?"
    assert (
        driver.find(id="message").text
        == f'"{target["filename"]}" will be moved to the Recycle Bin.'
    )
    driver.tap(text="Cancel")
    assert target["full_path"] in phone.storage.files
    driver.tap(id="bottom_delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert target["full_path"] not in phone.storage.files
    assert TRASH + target["full_path"] in phone.storage.files
    row = _media(phone, f"id = {target['id']}")[0]
    assert row["deleted_ts"] > 0 and row["full_path"] == TRASH + target["full_path"]
    assert _logs(phone)[-1] == f"Moved to the Recycle Bin: {target['full_path']}"
    assert _title(driver) == after["filename"]  # the next medium shows
    driver.key("BACK")
    assert target["filename"] not in _names(driver)


def test_select_several_videos_and_delete_them(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    camera = _camera(phone)
    videos = [r for r in camera if r["type"] == 2]
    assert len(videos) >= 2
    driver.long_press(desc=videos[0]["filename"])
    assert driver.find(id="toolbar_title").text == f"1 / {len(camera)}"
    for video in videos[1:]:
        driver.tap(desc=video["filename"])
    assert driver.find(id="toolbar_title").text == f"{len(videos)} / {len(camera)}"
    assert len(driver.find_all(id="medium_check")) == len(videos)
    driver.tap(desc=videos[0]["filename"])  # a tap unselects
    driver.tap(desc=videos[0]["filename"])
    driver.tap(id="cab_delete")
    assert (
        driver.find(id="message").text == f"{len(videos)} items will be moved to the Recycle Bin."
    )
    driver.tap(text="Delete", class_="android.widget.Button")
    assert not driver.exists(id="cab_close")  # selection mode ended
    assert all(r["type"] != 2 for r in _camera(phone))
    assert len(_media(phone, "deleted_ts > 0 AND type = 2")) >= len(videos)
    assert not set(_names(driver)) & {v["filename"] for v in videos}


def test_select_all_and_back_leaves_selection(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    camera = _camera(phone)
    driver.long_press(desc=camera[0]["filename"])
    driver.tap(desc="Select all")
    assert driver.find(id="toolbar_title").text == f"{len(camera)} / {len(camera)}"
    driver.key("BACK")
    assert not driver.exists(id="cab_close")
    assert phone.foreground == (PACKAGE, MEDIA_ACTIVITY)


def test_recycle_bin_restores_and_deletes_for_good(phone: Phone, driver: Driver) -> None:
    binned = _media(phone, "deleted_ts > 0")
    driver.tap(id="dir_name", text="Recycle Bin")
    assert sorted(_names(driver)) == sorted(r["filename"] for r in binned)
    first = binned[0]
    driver.tap(desc=first["filename"])
    assert not driver.exists(id="bottom_favorite")
    driver.tap(desc="Restore")
    original = f"{first['parent_path']}/{first['filename']}"
    assert original in phone.storage.files and first["full_path"] not in phone.storage.files
    assert _media(phone, f"id = {first['id']}")[0]["deleted_ts"] == 0
    assert _logs(phone)[-1] == f"Restored: {original}"


def test_a_second_file_of_the_same_path_goes_to_the_bin_under_a_free_name(
    phone: Phone, driver: Driver
) -> None:
    _open_camera(driver)
    first, second = [r for r in _camera(phone) if r["type"] == 1][:2]
    second_data = phone.storage.read(second["full_path"])
    driver.tap(desc=first["filename"])
    driver.tap(id="bottom_delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    driver.key("BACK")
    driver.tap(desc=second["filename"])  # given the binned photo's name, then binned too
    driver.tap(desc="More options")
    driver.tap(text="Rename")
    phone.send(ev.Text(first["filename"].rsplit(".", 1)[0]))
    driver.tap(text="OK")
    driver.tap(id="bottom_delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    stem = first["full_path"].rsplit(".", 1)[0]
    binned = {r["id"]: r for r in _media(phone, "deleted_ts > 0")}
    assert binned[first["id"]]["full_path"] == TRASH + first["full_path"]
    assert binned[second["id"]]["full_path"] == f"{TRASH}{stem}_1.jpg"
    assert binned[second["id"]]["filename"] == first["filename"]
    assert phone.storage.read(f"{TRASH}{stem}_1.jpg") == second_data
    assert first["full_path"] not in phone.storage.files
    assert _logs(phone)[-1] == f"Moved to the Recycle Bin: {first['full_path']}"

    driver.key("BACK")
    driver.key("BACK")
    driver.tap(id="dir_name", text="Recycle Bin")
    assert _names(driver).count(first["filename"]) == 2
    driver.tap(desc=first["filename"])
    driver.tap(desc="Restore")
    assert _logs(phone)[-1] == f"Restored: {first['full_path']}"
    driver.tap(desc="Restore")  # the other one's old path is taken now
    assert phone.toasts[-1].text == "A file with the same name is already there"
    assert len(_media(phone, f"deleted_ts > 0 AND filename = '{first['filename']}'")) == 1
    assert first["full_path"] in phone.storage.files


def test_deleting_in_the_recycle_bin_is_for_good(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    target = _camera(phone)[0]
    driver.tap(desc=target["filename"])
    driver.tap(id="bottom_delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    driver.key("BACK")
    driver.key("BACK")
    driver.tap(id="dir_name", text="Recycle Bin")
    driver.tap(desc=target["filename"])
    driver.tap(id="bottom_delete")
    assert driver.find(id="alertTitle").text == "Delete permanently?"
    assert driver.find(id="message").text == f'"{target["filename"]}" will be deleted for good.'
    driver.tap(text="Delete", class_="android.widget.Button")
    assert TRASH + target["full_path"] not in phone.storage.files
    assert target["full_path"] not in phone.storage.files
    assert _media(phone, f"id = {target['id']}") == []
    assert _logs(phone)[-1] == f"Deleted permanently: {target['full_path']}"


def test_empty_the_recycle_bin(phone: Phone, driver: Driver) -> None:
    binned = _media(phone, "deleted_ts > 0")
    driver.tap(id="dir_name", text="Recycle Bin")
    driver.tap(desc="More options")
    driver.tap(text="Empty the Recycle Bin")
    driver.tap(text="Empty")
    assert _media(phone, "deleted_ts > 0") == []
    assert all(r["full_path"] not in phone.storage.files for r in binned)
    assert _logs(phone)[-1] == f"Emptied the Recycle Bin: {len(binned)} items"


def test_rename_replaces_the_selected_name_and_checks_it(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    target, other = [r for r in _camera(phone) if r["type"] == 1][:2]
    driver.tap(desc=target["filename"])
    driver.tap(desc="More options")
    driver.tap(text="Rename")
    stem = target["filename"].rsplit(".", 1)[0]
    assert driver.find(id="rename_item_name").text == stem
    assert driver.find(id="rename_item_extension").text == "jpg"
    phone.send(ev.Text(other["filename"].rsplit(".", 1)[0]))  # typing replaces the selection
    driver.tap(text="OK")
    assert driver.exists(text="A file with that name already exists")
    assert driver.exists(id="rename_item_name")  # the dialog stays for a correction
    driver.tap(id="rename_item_name")
    for _ in other["filename"].rsplit(".", 1)[0]:
        driver.key("DEL")
    phone.send(ev.Text("Beach day"))
    driver.key("ENTER")
    new_path = f"{CAMERA}/Beach day.jpg"
    assert new_path in phone.storage.files and target["full_path"] not in phone.storage.files
    row = _media(phone, f"id = {target['id']}")[0]
    assert (row["filename"], row["full_path"]) == ("Beach day.jpg", new_path)
    assert _logs(phone)[-1] == f"Renamed {target['full_path']} to {new_path}"
    assert _title(driver) == "Beach day.jpg"

    driver.tap(desc="More options")
    driver.tap(text="Rename")
    driver.key("DEL")  # clears the selected name
    driver.tap(text="OK")
    assert driver.exists(text="The name cannot be empty")


def test_sort_by_name_and_filter_to_videos(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    driver.tap(desc="Sort by")
    assert driver.find(id="sorting_dialog_radio_date_taken").checked
    driver.tap(id="sorting_dialog_radio_name")
    driver.tap(id="sorting_dialog_radio_ascending")
    driver.tap(text="OK")
    names = sorted(r["filename"] for r in _camera(phone))
    assert _names(driver) == names[: len(_names(driver))]
    assert "Preference changed: media_sorting=name:asc" in _logs(phone)

    driver.tap(desc="Filter media")
    for kind in ("images", "gifs", "raws", "svgs", "portraits", "videos"):
        driver.tap(id=f"filter_media_{kind}")
    driver.tap(text="OK")
    assert driver.exists(text="Select at least one media type")
    driver.tap(id="filter_media_videos")
    driver.tap(text="OK")
    videos = sorted(r["filename"] for r in _camera(phone) if r["type"] == 2)
    assert _names(driver) == videos
    prefs = dict(
        phone.database(PACKAGE, "gallery").execute("SELECT key, value FROM preferences").fetchall()
    )
    assert prefs == {"media_sorting": "name:asc", "filter_media": "2"}
    driver.key("BACK")
    assert _folders(driver)["Camera"] == str(len(videos))


def test_search_folders_and_media(phone: Phone, driver: Driver) -> None:
    driver.type_into("scr", id="top_toolbar_search")
    assert list(_folders(driver)) == ["Screenshots"]
    driver.tap(desc="Clear query")
    driver.type_into("zzz", id="top_toolbar_search")
    assert driver.find(id="directories_empty_placeholder").text == "No folders match your search"
    driver.key("BACK")
    driver.key("BACK")
    assert "Camera" in _folders(driver)
    _open_camera(driver)
    target = _camera(phone)[-1]
    driver.type_into(target["filename"][4:12], id="top_toolbar_search")
    assert target["filename"] in _names(driver)
    assert all(target["filename"][4:12] in name for name in _names(driver))


def test_media_files_added_or_removed_elsewhere_are_picked_up(phone: Phone, driver: Driver) -> None:
    phone.write_file("/sdcard/Pictures/Trips/lake.jpg", b"a photo")
    gone = _camera(phone)[0]
    phone.storage.delete(gone["full_path"])
    assert _folders(driver)["Trips"] == "1"
    row = _media(phone, "filename = 'lake.jpg'")[0]
    assert (row["parent_path"], row["type"], row["size"]) == ("/sdcard/Pictures/Trips", 1, 7)
    assert _media(phone, f"id = {gone['id']}") == []


def test_a_new_video_file_is_indexed_with_its_length(phone: Phone, driver: Driver) -> None:
    clip = recorded_video("back", dt.datetime(2025, 6, 1), 7)
    phone.write_file("/sdcard/Movies/clip.mp4", clip)
    phone.write_file("/sdcard/Movies/stand_in.mp4", b"placeholder stand_in.mp4")
    driver.tap(id="dir_name", text="Movies")
    lengths = {r["filename"]: r["video_duration"] for r in _media(phone, "type = 2")}
    assert (lengths["clip.mp4"], lengths["stand_in.mp4"]) == (7, 0)
    assert "0:07" in [node.text for node in driver.find_all(id="video_duration")]


def test_properties_and_video_playback(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    video = next(r for r in _camera(phone) if r["type"] == 2)
    driver.tap(desc=video["filename"])
    driver.tap(desc="Properties")
    labels = [n.text for n in driver.find_all(id="property_label")]
    values = [n.text for n in driver.find_all(id="property_value")]
    assert labels == ["Name", "Path", "Size", "Date taken", "Duration"]
    assert values[:2] == [video["filename"], video["full_path"]]
    minutes, seconds = divmod(video["video_duration"], 60)
    assert values[-1] == f"{minutes}:{seconds:02d}"
    driver.tap(text="OK")
    driver.tap(desc="Play video")
    assert driver.exists(desc="Pause video")
    assert _logs(phone)[-1] == f"Playing {video['full_path']}"


def test_the_video_task_fails_when_a_photo_is_deleted() -> None:
    env = MobileEnv("simpletools.gallery.delete_videos")
    env.reset(seed=2)
    values = env.episode.values
    for step in (
        {"click": {"text": "Gallery"}},
        {"click": {"id": "dir_name", "text": values["album"]}},
        {"long_press": {"desc": f"VID_{values['n1']}.mp4"}},
        {"click": {"desc": f"DSC_{values['n2']}.jpg"}},
        {"click": {"id": "cab_delete"}},
        {"click": {"text": "Delete"}},
    ):
        sequence = step_actions(
            SolutionStep.model_validate(step), env.device.hierarchy_xml(), env.device.size
        )
        _, _, terminated, _, info = actions.play(env, sequence)
    assert terminated and info["failure"] and not info["success"]
    assert "deleted_a_photo" in info["events"]


def _preferences(phone: Phone) -> dict[str, str]:
    rows = phone.database(PACKAGE, "gallery").execute("SELECT key, value FROM preferences")
    return {row[0]: row[1] for row in rows}


def _settings(driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Settings")
    assert driver.device.foreground == (PACKAGE, SETTINGS_ACTIVITY)


def test_settings_store_their_switches(phone: Phone, driver: Driver) -> None:
    _settings(driver)
    assert not driver.exists(id="settings_autoplay_videos")  # below the first screenful
    driver.tap(id="settings_show_hidden_items")
    driver.scroll_to(id="settings_remember_last_video_position")
    driver.tap(id="settings_autoplay_videos_holder")
    driver.tap(id="settings_remember_last_video_position")
    prefs = _preferences(phone)
    assert prefs["show_hidden_media"] == "1"
    assert prefs["autoplay_videos"] == prefs["remember_last_video_position"] == "1"
    assert driver.find(id="settings_autoplay_videos").checked


def test_the_24_hour_clock_shows_in_the_properties(phone: Phone, driver: Driver) -> None:
    _settings(driver)
    driver.tap(id="settings_change_date_time_format_holder")
    driver.tap(id="change_date_time_dialog_radio_four")
    driver.tap(id="change_date_time_dialog_24_hour")
    driver.tap(text="OK")
    assert _preferences(phone) == {"date_format": "yyyy-MM-dd", "use_24_hour_format": "1"}
    driver.key("BACK")
    _open_camera(driver)
    driver.tap(id="media_item_holder")
    driver.tap(id="bottom_properties")
    values = [n.text for n in driver.find_all(id="property_value")]
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d", values[3])


def test_autoplay_starts_a_video_when_it_shows(phone: Phone, driver: Driver) -> None:
    phone.database(PACKAGE, "gallery").execute(
        "INSERT INTO preferences VALUES ('autoplay_videos', '1')"
    )
    driver.tap(id="dir_name", text="Movies")
    driver.tap(id="media_item_holder")
    assert driver.find(id="video_toggle_play_pause").desc == "Pause video"


def test_hidden_folders_show_only_with_show_hidden_items(phone: Phone, driver: Driver) -> None:
    _settings(driver)
    driver.tap(id="settings_manage_hidden_folders_holder")
    driver.tap(id="manage_folder", text="Screenshots")
    driver.tap(text="OK")
    assert phone.storage.exists("/sdcard/Pictures/Screenshots/.nomedia")
    driver.key("BACK")
    assert "Screenshots" not in _folders(driver)
    _settings(driver)
    driver.tap(id="settings_show_hidden_items")
    driver.key("BACK")
    assert "Screenshots" in _folders(driver)


def test_excluded_folders_never_show(phone: Phone, driver: Driver) -> None:
    _settings(driver)
    driver.tap(id="settings_manage_excluded_folders_holder")
    driver.tap(id="manage_folder", text="Movies")
    driver.tap(text="OK")
    assert _preferences(phone)["excluded_folders"] == "/sdcard/Movies"
    driver.key("BACK")
    assert "Movies" not in _folders(driver)


def test_list_view_and_grouping_by_file_type(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Change view type")
    driver.tap(id="change_view_type_dialog_radio_list")
    driver.tap(text="OK")
    assert _preferences(phone)["view_type_folders"] == "list"
    assert "Camera" in _folders(driver)
    _open_camera(driver)
    driver.tap(desc="More options")
    driver.tap(text="Group by")
    driver.tap(id="grouping_dialog_radio_file_type")
    driver.tap(id="grouping_dialog_radio_descending")
    driver.tap(text="OK")
    assert _preferences(phone)["group_by"] == "file_type:desc"
    texts = [n.text for n in driver.find_all(cls="android.widget.TextView")]
    assert texts.index("Videos") < texts.index("Images")
    videos = [r["filename"] for r in _camera(phone) if r["type"] == 2]
    assert _names(driver)[: len(videos)] == videos


def test_set_a_photo_as_the_home_screen_wallpaper(phone: Phone, driver: Driver) -> None:
    _open_camera(driver)
    photo = next(r for r in _camera(phone) if r["type"] == 1)
    driver.tap(desc=photo["filename"])
    driver.tap(desc="More options")
    driver.tap(text="Set as")
    assert driver.device.foreground == (PACKAGE, WALLPAPER_ACTIVITY)
    driver.tap(desc="Save")
    driver.tap(text="Home screen")
    assert driver.device.foreground == (PACKAGE, VIEWER_ACTIVITY)
    assert f"Wallpaper set on the home screen: {photo['full_path']}" in _logs(phone)


def test_clearing_the_data_keeps_the_media_files() -> None:
    phone = Phone(seed=SEED, apps=(GalleryApp,))
    phone.clear_app_data(PACKAGE)
    other = Phone(seed=SEED, apps=(GalleryApp,))
    kept = sorted(p for p in other.storage.files if p.startswith("/sdcard/"))
    assert sorted(p for p in phone.storage.files if p.startswith("/sdcard/")) == kept
    assert kept


def test_about_opens_the_about_page(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="About")
    assert driver.find(id="about_app_name").text == "Simple Gallery Pro"


def _rebuilt(phone: Phone, times: int = 3) -> None:
    for _ in range(times):
        phone.invalidate()  # built again, nothing changed
        phone.hierarchy_xml()


def _many_folders(phone: Phone, count: int = 300) -> None:
    phone.storage.write_files(
        (f"/sdcard/Pictures/F{i:03d}/img_{i:03d}.jpg", b"jpeg", 1_600_000_000_000 + i)
        for i in range(count)
    )


def test_many_folders_are_listed_and_searched_once_until_they_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    folded: list[str] = []

    class Name(str):
        def casefold(self) -> str:
            folded.append(str(self))
            return super().casefold()

    name_of = library.folder_name
    monkeypatch.setattr(library, "folder_name", lambda key: Name(name_of(key)))
    _many_folders(phone)
    assert "Camera" in _folders(driver)
    assert views_made(phone, "dir_holder") < 40  # of more than 300
    _rebuilt(phone)
    assert folded == []  # no name looked at again
    driver.type_into("f2", id="top_toolbar_search")
    assert list(_folders(driver))[:2] == ["F299", "F298"]  # the newest first
    matched = len(folded)
    _rebuilt(phone)
    assert len(folded) == matched  # the search is matched once
    phone.write_file("/sdcard/Pictures/F2new/late.jpg", b"jpeg")
    assert list(_folders(driver))[:2] == ["F2new", "F299"]  # shown at once


def test_the_viewer_finds_its_place_in_a_long_folder_once(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Pictures/Big/IMG_{i:03d}.jpg", b"jpeg", 1_700_000_000_000 - i * 60_000)
        for i in range(300)
    )
    driver.tap(id="dir_name", text="Big")
    driver.tap(desc="IMG_000.jpg")
    driver.send_all(ev.drag(900, 1200, 150, 1200))  # the next one
    assert driver.find(id="medium_counter").text == "2 / 300"
    grouped: list[str] = []
    groups = Library.groups
    monkeypatch.setattr(
        Library, "groups", lambda self, key: grouped.append(key) or groups(self, key)
    )
    _rebuilt(phone)
    assert grouped == []  # the folder is not walked again
    driver.tap(id="bottom_delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert _title(driver) == "IMG_002.jpg"  # the next one shows
    assert driver.find(id="medium_counter").text == "2 / 299"
    driver.send_all(ev.drag(150, 1200, 900, 1200))
    assert _title(driver) == "IMG_000.jpg"


def test_the_settings_read_many_folders_once_and_their_dialog_scrolls(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _many_folders(phone)
    _settings(driver)
    assert driver.exists(id="settings_manage_hidden_folders_holder")
    looked: list[str] = []
    is_file = Storage.is_file
    monkeypatch.setattr(Storage, "is_file", lambda self, p: looked.append(p) or is_file(self, p))
    _rebuilt(phone)
    assert looked == []  # no folder looked at again for a .nomedia file
    driver.tap(id="settings_manage_hidden_folders_holder")
    assert views_made(phone, "manage_folder") < 30  # of more than 300
    for _ in range(40):  # scrolled until it shows: the rows below made as they show
        if not driver.exists(id="manage_folder", text="F040"):
            driver.scroll("down", id="manage_folders_list")
    driver.tap(id="manage_folder", text="F040")
    driver.tap(text="OK")
    assert phone.storage.exists("/sdcard/Pictures/F040/.nomedia")
    driver.key("BACK")
    driver.type_into("f04", id="top_toolbar_search")
    assert "F040" not in _folders(driver) and "F041" in _folders(driver)
