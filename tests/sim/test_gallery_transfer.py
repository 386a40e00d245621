"""The Gallery's "Copy to" and "Move to": a folder picker over the gallery's folders and
"Create new folder", driven through raw input."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.gallery import MAIN_ACTIVITY, PACKAGE, GalleryApp
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import views_made

CAMERA = "/sdcard/DCIM/Camera"


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=3, apps=(GalleryApp,))


@pytest.fixture
def driver(phone: Phone) -> Driver:
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    driver.tap(id="dir_name", text="Camera")
    return driver


def _rows(phone: Phone, where: str) -> list[dict]:
    rows = phone.database(PACKAGE, "gallery").execute(f"SELECT * FROM media WHERE {where}")
    return [dict(row) for row in rows]


def _photos(phone: Phone) -> list[dict]:
    rows = _rows(phone, f"parent_path = '{CAMERA}' AND deleted_ts = 0 AND type = 1")
    return sorted(rows, key=lambda r: (r["date_taken"], r["id"]), reverse=True)


def _pick_folder_for(driver: Driver, names: list[str], action: str) -> None:
    """Select the media ``names`` and choose ``action`` ("Copy to" / "Move to")."""
    driver.long_press(desc=names[0])
    for name in names[1:]:
        driver.tap(desc=name)
    driver.tap(desc="More options")
    driver.tap(text=action)


def _logs(phone: Phone) -> list[str]:
    lines = phone.logcat_lines()[0]
    return [line.split(" Gallery: ", 1)[1] for line in lines if " Gallery: " in line]


def test_move_into_a_new_folder(phone: Phone, driver: Driver) -> None:
    first, second = _photos(phone)[:2]
    phone.database(PACKAGE, "gallery").execute(
        "UPDATE media SET is_favorite = 1 WHERE id = ?", (first["id"],)
    )
    _pick_folder_for(driver, [first["filename"], second["filename"]], "Move to")
    assert driver.exists(text="Select a folder")
    assert driver.exists(id="dir_path", text=CAMERA)
    driver.tap(text="Create new folder")
    assert driver.find(id="folder_path").text == "/sdcard/DCIM/"
    driver.tap(id="folder_name")
    phone.send(ev.Text("Paris"))
    driver.tap(text="OK")
    folder = "/sdcard/DCIM/Paris"
    for row in (first, second):
        assert f"{folder}/{row['filename']}" in phone.storage.files
        assert row["full_path"] not in phone.storage.files
        [moved] = _rows(phone, f"id = {row['id']}")
        assert (moved["full_path"], moved["parent_path"]) == (
            f"{folder}/{row['filename']}",
            folder,
        )
        assert moved["date_taken"] == row["date_taken"]
    assert _rows(phone, f"id = {first['id']}")[0]["is_favorite"] == 1
    assert f"Created folder {folder}" in _logs(phone)
    assert f"Moved {first['full_path']} to {folder}/{first['filename']}" in _logs(phone)
    assert not driver.exists(id="cab_close")  # the selection ends
    assert driver.exists(text="Files moved successfully")


def test_copy_to_an_existing_folder_keeps_the_original(phone: Phone, driver: Driver) -> None:
    photo = _photos(phone)[0]
    _pick_folder_for(driver, [photo["filename"]], "Copy to")
    driver.tap(id="dir_path", text="/sdcard/Download")
    copy = f"/sdcard/Download/{photo['filename']}"
    assert copy in phone.storage.files and photo["full_path"] in phone.storage.files
    assert phone.storage.files[copy] == phone.storage.files[photo["full_path"]]
    [row] = _rows(phone, f"full_path = '{copy}'")
    assert row["date_taken"] == photo["date_taken"] and row["is_favorite"] == 0
    assert _logs(phone)[-1] == f"Copied {photo['full_path']} to {copy}"


def test_a_name_taken_in_the_target_is_skipped(phone: Phone, driver: Driver) -> None:
    photo = _photos(phone)[0]
    _pick_folder_for(driver, [photo["filename"]], "Move to")
    driver.tap(id="dir_path", text=CAMERA)  # its own folder
    assert photo["full_path"] in phone.storage.files
    assert driver.exists(text="A file with the same name is already there")


def test_new_folder_names_are_checked(phone: Phone, driver: Driver) -> None:
    photo = _photos(phone)[0]
    _pick_folder_for(driver, [photo["filename"]], "Copy to")
    driver.tap(text="Create new folder")
    driver.tap(text="OK")
    assert driver.exists(text="The name cannot be empty")
    driver.tap(id="folder_name")
    phone.send(ev.Text("Camera"))
    driver.tap(text="OK")
    assert driver.exists(text="A folder with that name already exists")
    assert driver.exists(id="folder_name")  # the dialog stays for a correction
    driver.tap(text="Cancel")
    assert not driver.exists(id="folder_name")
    assert driver.exists(id="cab_close")  # still selecting


def test_move_from_the_viewer_shows_the_next_medium(phone: Phone, driver: Driver) -> None:
    first = _photos(phone)[0]
    driver.tap(desc=first["filename"])
    driver.tap(desc="More options")
    driver.tap(text="Move to")
    driver.tap(id="dir_path", text="/sdcard/Download")
    assert f"/sdcard/Download/{first['filename']}" in phone.storage.files
    assert driver.find(id="medium_image").desc != first["filename"]
    assert driver.exists(desc="Toggle favorite")  # still in the viewer


def test_the_folder_picker_makes_the_rows_in_view_of_many_folders(
    phone: Phone, driver: Driver
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Pictures/F{i:03d}/img_{i:03d}.jpg", b"jpeg", 1_700_000_000_000)
        for i in range(300)
    )
    photo = _photos(phone)[0]
    _pick_folder_for(driver, [photo["filename"]], "Copy to")
    assert driver.exists(id="dir_path", text=CAMERA)
    assert views_made(phone, "directory_holder") < 30  # of more than 300
    for _ in range(30):  # the rows further down made as they show
        if driver.exists(id="dir_path", text="/sdcard/Pictures/F040"):
            break
        driver.scroll("down", id="directories_grid")
    driver.tap(id="dir_path", text="/sdcard/Pictures/F040")
    assert f"/sdcard/Pictures/F040/{photo['filename']}" in phone.storage.files
