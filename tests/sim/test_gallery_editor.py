"""The Gallery's photo editor through raw input: crops to a preset or a typed aspect ratio,
a rotation, the edited copy saved beside the original (which stays as it was), and the
sizes the properties and Mastodon's uploads read from the files."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.camera.picture import HEIGHT, WIDTH, picture
from mobile_gym.sim.apps.gallery import MAIN_ACTIVITY, PACKAGE, VIEWER_ACTIVITY, GalleryApp
from mobile_gym.sim.apps.gallery.names import EDIT_ACTIVITY
from mobile_gym.sim.apps.gallery.pictures import cropped, picture_size
from mobile_gym.sim.apps.mastodon import MAIN, SERVER
from mobile_gym.sim.apps.mastodon import PACKAGE as MASTODON
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened

CAMERA = "/sdcard/DCIM/Camera"


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=5, apps=(GalleryApp,))


@pytest.fixture
def driver(phone: Phone) -> Driver:
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    return driver


def _camera_photo(phone: Phone, driver: Driver) -> dict:
    """Open the camera roll's newest photo in the viewer; its index row."""
    rows = phone.database(PACKAGE, "gallery").execute(
        "SELECT * FROM media WHERE parent_path = ? AND deleted_ts = 0 AND type = 1 "
        "ORDER BY date_taken DESC",
        (CAMERA,),
    )
    photo = dict(rows.fetchone())
    driver.tap(id="dir_name", text="Camera")
    driver.tap(desc=photo["filename"])
    assert phone.foreground == (PACKAGE, VIEWER_ACTIVITY)
    return photo


def _copy(photo: dict) -> str:
    stem, _, ext = photo["filename"].rpartition(".")
    return f"{CAMERA}/{stem}_1.{ext}"


def test_a_typed_ratio_crops_a_copy_and_keeps_the_original(phone: Phone, driver: Driver) -> None:
    photo = _camera_photo(phone, driver)
    before = phone.storage.read(photo["full_path"])
    driver.tap(id="bottom_edit")
    assert phone.foreground == (PACKAGE, EDIT_ACTIVITY)
    assert driver.find(id="crop_size").text == "4000 × 3000"
    driver.tap(id="bottom_aspect_ratio_other")
    driver.type_into("9", id="aspect_ratio_width")
    driver.tap(id="button1", text="OK")
    assert any(t.text == "Enter two whole numbers above zero" for t in phone.toasts)
    driver.type_into("16", id="aspect_ratio_height")
    driver.tap(id="button1", text="OK")
    assert driver.find(id="crop_size").text == "1688 × 3000"
    assert driver.find(id="bottom_aspect_ratio_other").selected
    driver.tap(desc="Save")
    assert phone.foreground == (PACKAGE, VIEWER_ACTIVITY)
    path = _copy(photo)
    assert picture_size(phone.storage.read(path), path) == (1688, 3000)
    assert phone.storage.read(photo["full_path"]) == before
    indexed = phone.database(PACKAGE, "gallery").execute(
        "SELECT size FROM media WHERE full_path = ?", (path,)
    )
    assert [tuple(row) for row in indexed] == [(photo["size"],)]  # about the photo's size
    assert phone.storage.size(path) == photo["size"] > 1_000_000
    assert any(
        f"Saved edited copy: {path} size=1688x3000" in line for line in phone.logcat_lines()[0]
    )


def test_a_ratio_in_other_digits_is_refused(phone: Phone, driver: Driver) -> None:
    _camera_photo(phone, driver)
    driver.tap(id="bottom_edit")
    driver.tap(id="bottom_aspect_ratio_other")
    driver.type_into("²", id="aspect_ratio_width")  # Python's isdigit, not int's
    driver.type_into("3", id="aspect_ratio_height")
    driver.tap(id="button1", text="OK")
    assert phone.foreground == (PACKAGE, EDIT_ACTIVITY)
    assert phone.toasts[-1].text == "Enter two whole numbers above zero"
    assert driver.find(id="crop_size").text == "4000 × 3000"


def test_rotation_then_a_preset_ratio(phone: Phone, driver: Driver) -> None:
    photo = _camera_photo(phone, driver)
    driver.tap(id="bottom_edit")
    driver.tap(desc="Rotate")
    assert driver.find(id="crop_size").text == "3000 × 4000"
    driver.tap(id="bottom_aspect_ratio_sixteen_nine")
    assert driver.find(id="crop_size").text == "3000 × 1688"
    driver.tap(id="bottom_aspect_ratio_free")
    assert driver.find(id="crop_size").text == "3000 × 4000"
    driver.tap(id="bottom_aspect_ratio_one_one")
    driver.tap(desc="Save")
    path = _copy(photo)
    assert picture_size(phone.storage.read(path), path) == (3000, 3000)
    driver.tap(desc="Properties")
    values = [n.text for n in driver.find_all(id="property_value")]
    assert "4000 x 3000" in values  # the original, still shown in the viewer


def test_sizes_read_from_headers_and_names() -> None:
    png = (
        b"\x89PNG\r\n\x1a\n"
        + b"\x00\x00\x00\rIHDR"
        + (720).to_bytes(4, "big")
        + (1280).to_bytes(4, "big")
    )
    assert picture_size(png, "/sdcard/a.png") == (720, 1280)
    jpeg = picture("back", dt.datetime(2025, 10, 16, 9, 30))
    assert picture_size(jpeg, "/sdcard/DCIM/Camera/IMG.jpg") == (WIDTH, HEIGHT)
    assert picture_size(b"placeholder x", "/sdcard/Pictures/Screenshot_1.png") == (1080, 2400)
    assert cropped((4000, 3000), (9, 16)) == (1688, 3000)
    assert cropped((1080, 2400), (1, 1)) == (1080, 1080)


def test_an_edited_copy_posted_on_mastodon_keeps_its_size() -> None:
    phone = Phone(seed=6)
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    photo = _camera_photo(phone, driver)
    driver.tap(id="bottom_edit")
    driver.tap(id="bottom_aspect_ratio_sixteen_nine")
    driver.tap(desc="Save")
    driver.key("HOME")
    opened(phone, "Mastodon", (MASTODON, MAIN))
    driver.tap(desc="Compose")
    driver.type_into("Edited #onePhoto", id="toot_text")
    driver.tap(desc="Add media")
    driver.tap(id="picture_name", text=_copy(photo).rsplit("/", 1)[1])
    driver.tap(id="publish")
    row = phone.database(SERVER, "server").execute(
        "SELECT file, width, height FROM media_attachments ORDER BY id DESC"
    )
    assert tuple(row.fetchone()) == (_copy(photo), 4000, 2250)
