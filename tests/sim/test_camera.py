"""Camera: the shutter saves a JPEG named from the phone's clock under DCIM/Camera, the
switcher flips between the back and the front camera, and the Gallery and Mail see the
picture."""

from __future__ import annotations

import io

from PIL import Image

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.camera.picture import PICTURE_MARK, picture
from mobile_gym.sim.apps.gallery import MEDIA_ACTIVITY
from mobile_gym.sim.apps.gallery import PACKAGE as GALLERY
from mobile_gym.sim.apps.mail import COMPOSE
from mobile_gym.sim.apps.mail import PACKAGE as MAIL
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app

FOLDER = "/sdcard/DCIM/Camera/"


def _new_pictures(phone: Phone, before: set[str]) -> list[str]:
    return sorted(p for p in phone.storage.files if p.startswith(FOLDER) and p not in before)


def _camera_lines(phone: Phone, cursor: int) -> list[str]:
    lines = phone.logcat_lines(cursor)[0]
    return [line.split(" Camera: ", 1)[1] for line in lines if " Camera: " in line]


def test_the_shutter_saves_a_jpeg_named_from_the_clock(phone: Phone, driver: Driver) -> None:
    before = set(phone.storage.files)
    open_app(driver, "Camera")
    when = phone.clock.now
    _, cursor = phone.logcat_lines()
    driver.tap(desc="Shutter")
    [path] = _new_pictures(phone, before)
    assert path.startswith(f"{FOLDER}IMG_{when:%Y%m%d_%H%M}")
    assert path.endswith(".jpg")
    data = phone.storage.files[path]
    image = Image.open(io.BytesIO(data))
    assert image.format == "JPEG" and image.size == (480, 640)
    assert f"{PICTURE_MARK}, back camera".encode() in data
    assert _camera_lines(phone, cursor) == ["Shutter pressed", f"Picture saved: {path} lens=back"]


def test_two_pictures_in_one_second_get_distinct_names(phone: Phone, driver: Driver) -> None:
    before = set(phone.storage.files)
    open_app(driver, "Camera")
    driver.tap(desc="Shutter")
    driver.tap(desc="Shutter")
    first, second = _new_pictures(phone, before)
    assert first != second
    if first[:-4] in second:
        assert second.endswith("_1.jpg")


def test_the_switcher_takes_selfies_with_the_front_camera(phone: Phone, driver: Driver) -> None:
    before = set(phone.storage.files)
    open_app(driver, "Camera")
    assert driver.find(id="preview_content").desc == "Back camera preview"
    driver.tap(desc="Switch to front camera")
    assert driver.find(id="preview_content").desc == "Front camera preview"
    driver.tap(id="shutter_button")
    [path] = _new_pictures(phone, before)
    assert b"front camera" in phone.storage.files[path]
    driver.tap(desc="Switch to back camera")
    assert driver.exists(desc="Switch to front camera")


def test_pictures_are_deterministic_and_differ_by_lens(phone: Phone) -> None:
    when = phone.clock.now
    assert picture("back", when) == picture("back", when)
    assert picture("front", when) != picture("back", when)


def test_the_gallery_shows_the_new_picture(phone: Phone, driver: Driver) -> None:
    before = set(phone.storage.files)
    open_app(driver, "Camera")
    driver.tap(desc="Shutter")
    [path] = _new_pictures(phone, before)
    phone.start_activity(GALLERY, MEDIA_ACTIVITY, folder=FOLDER.rstrip("/"))
    assert driver.exists(desc=path.rsplit("/", 1)[1])


def test_mail_can_attach_the_new_picture(phone: Phone, driver: Driver) -> None:
    before = set(phone.storage.files)
    open_app(driver, "Camera")
    driver.tap(desc="Shutter")
    [path] = _new_pictures(phone, before)
    name = path.rsplit("/", 1)[1]
    phone.start_activity(MAIL, COMPOSE)
    driver.tap(desc="Attach file")
    driver.tap(text=name, id="attach_file_name")
    assert driver.find(id="attachment_chip_name").text == name
