"""The Gallery's media index is scanned again only when the files or the index changed
(``media.scan``), and its screens still show every change to the files at once."""

from __future__ import annotations

from typing import Any

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.base import AppContext, ScreenState
from mobile_gym.sim.apps.gallery import MAIN_ACTIVITY, MEDIA_ACTIVITY, PACKAGE, GalleryApp, media
from mobile_gym.sim.apps.gallery.library import Library
from mobile_gym.sim.driver import Driver

SEED = 3
CAMERA = "/sdcard/DCIM/Camera"


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED, apps=(GalleryApp,))


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver on the Camera folder's media screen."""
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    driver.tap(id="dir_name", text="Camera")
    assert phone.foreground == (PACKAGE, MEDIA_ACTIVITY)
    return driver


def _names(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="medium_name")]


def _calls(monkeypatch: pytest.MonkeyPatch, owner: object, name: str) -> list[tuple]:
    """The arguments of every call of ``owner.name`` from now on, in turn."""
    calls: list[tuple] = []
    function = getattr(owner, name)

    def recorded(*args: Any) -> Any:
        calls.append(args)
        return function(*args)

    monkeypatch.setattr(owner, name, recorded)
    return calls


def _rescans(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The times the index is brought up to date from now on."""
    return _calls(monkeypatch, media, "_rescan")


def test_building_again_with_nothing_changed_does_not_rescan(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _names(driver)
    calls = _rescans(monkeypatch)
    for _ in range(3):
        phone.invalidate()
        assert _names(driver) == shown
    assert len(calls) == 0
    phone.write_file(f"{CAMERA}/IMG_new.jpg", b"a photo")
    assert "IMG_new.jpg" in _names(driver)
    assert len(calls) == 1


def test_building_again_with_nothing_changed_reads_no_rows_of_the_index(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The folder's rows are read again only once the index (or the files) changed."""
    shown = _names(driver)
    reads = _calls(monkeypatch, media, "records")
    for _ in range(3):
        phone.invalidate()
        assert _names(driver) == shown
    assert reads == []
    db = phone.database(PACKAGE, "gallery")
    db.execute("UPDATE media SET filename = 'renamed.jpg' WHERE filename = ?", (shown[0],))
    assert _names(driver) == ["renamed.jpg", *shown[1:]]
    assert [args[3] for args in reads] == [(CAMERA,)]


def test_the_media_screen_shows_files_added_and_removed_elsewhere(
    phone: Phone, driver: Driver
) -> None:
    shown = _names(driver)
    phone.write_file(f"{CAMERA}/IMG_20990101_120000.jpg", b"a photo")
    assert _names(driver) == ["IMG_20990101_120000.jpg", *shown]
    phone.storage.delete(f"{CAMERA}/{shown[0]}")
    assert _names(driver) == ["IMG_20990101_120000.jpg", *shown[1:]]


def test_a_nomedia_file_hides_the_folder_and_its_removal_shows_it(
    phone: Phone, driver: Driver
) -> None:
    shown = _names(driver)
    assert shown
    phone.write_file(f"{CAMERA}/.nomedia", b"")
    assert _names(driver) == []
    assert driver.find(id="media_empty_text_placeholder")
    phone.storage.delete(f"{CAMERA}/.nomedia")
    assert _names(driver) == shown


def test_an_index_row_written_without_its_file_is_dropped(phone: Phone, driver: Driver) -> None:
    """A change to the index alone (no file changed) also makes the next build rescan."""
    shown = _names(driver)
    db = phone.database(PACKAGE, "gallery")
    db.execute(
        "INSERT INTO media (filename, full_path, parent_path, last_modified, date_taken, size, "
        "type) VALUES ('ghost.jpg', ?, ?, 0, 0, 1, 1)",
        (f"{CAMERA}/ghost.jpg", CAMERA),
    )
    assert _names(driver) == shown
    assert db.execute("SELECT * FROM media WHERE filename = 'ghost.jpg'").fetchall() == []


def _built(calls: list[tuple]) -> list[str]:
    """The activities of the screens built in ``calls`` of ``GalleryApp.build``."""
    return [ctx.screen.activity for _app, ctx in calls]


def test_a_scan_that_changed_the_index_does_not_build_the_screen_twice(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    shown = _names(driver)
    builds, rescans = _calls(monkeypatch, GalleryApp, "build"), _rescans(monkeypatch)
    phone.write_file(f"{CAMERA}/IMG_20990101_120000.jpg", b"a photo")
    assert _names(driver) == ["IMG_20990101_120000.jpg", *shown]
    assert _built(builds) == [MEDIA_ACTIVITY]  # the scan left the build up to date
    assert len(rescans) == 1
    phone.clear_app_data(PACKAGE)  # the index is gone: every medium is indexed again
    builds.clear()
    driver.tap(desc="Gallery")
    driver.tap(id="dir_name", text="Camera")
    assert _names(driver) == ["IMG_20990101_120000.jpg", *shown]
    assert _built(builds) == [MAIN_ACTIVITY, MEDIA_ACTIVITY] and len(rescans) == 2


@pytest.mark.parametrize(
    "preferences",
    [
        {},
        {"filter_media": "2"},
        {"excluded_folders": "/sdcard/Movies"},
        {"show_hidden_media": "1"},
    ],
    ids=["defaults", "videos only", "Movies excluded", "hidden shown"],
)
def test_a_folder_read_alone_holds_what_the_whole_index_shows_of_it(
    phone: Phone, preferences: dict[str, str]
) -> None:
    """``Library.in_folder`` (one folder's rows) gives what filtering every medium gives."""
    phone.storage.write("/sdcard/Pictures/Screenshots/.nomedia", b"")  # a hidden folder
    db = phone.database(PACKAGE, "gallery")
    db.executemany(
        "INSERT OR REPLACE INTO preferences(key, value) VALUES (?, ?)", preferences.items()
    )
    ctx = AppContext(phone, phone.apps[PACKAGE], ScreenState(MAIN_ACTIVITY))
    folders = Library(ctx).media_folders()
    assert {"/sdcard/DCIM/Camera", "/sdcard/Movies", "/sdcard/Pictures/Screenshots"} <= set(folders)
    for folder in folders:
        whole = [m for m in Library(ctx).shown if m.parent_path == folder and not m.deleted_ts]
        assert Library(ctx).in_folder(folder) == whole
    shown = {m.parent_path for m in Library(ctx).shown}
    assert ("/sdcard/Movies" in shown) == ("excluded_folders" not in preferences)
    assert ("/sdcard/Pictures/Screenshots" in shown) == ("show_hidden_media" in preferences)
