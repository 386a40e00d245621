"""Camera modes and the media store: video mode records an MP4 as long as the recording on
the virtual clock, pictures carry EXIF dates from the phone's clock, and both are listed by
``content://media`` and shown by the Gallery. Driven through raw input only."""

from __future__ import annotations

import datetime as dt
import io
import pathlib

import cv2
import pytest
from PIL import Image

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.camera.video import FPS, VIDEO_MARK, video
from mobile_gym.sim.apps.gallery import MEDIA_ACTIVITY
from mobile_gym.sim.apps.gallery import PACKAGE as GALLERY
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.providers import ProviderError, query, resolve
from tests.sim.conftest import open_app

FOLDER = "/sdcard/DCIM/Camera/"
START = dt.datetime(2025, 10, 16, 9, 30, 0)
DATE_TIME_ORIGINAL = 0x9003
EXIF_IFD = 0x8769


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0)
    phone.set_time(START)
    return phone


@pytest.fixture
def d(phone: Phone) -> Driver:
    driver = Driver(phone)
    open_app(driver, "Camera")
    return driver


def camera_log(phone: Phone) -> list[str]:
    return [
        line.split(" Camera: ", 1)[1] for line in phone.logcat_lines()[0] if " Camera: " in line
    ]


def captured(phone: Phone, prefix: str) -> str:
    """The one file the Camera saved today whose name starts with ``prefix``."""
    [path] = [p for p in phone.storage.files if p.startswith(f"{FOLDER}{prefix}_20251016_")]
    return path


def frames(data: bytes, tmp_path: pathlib.Path) -> tuple[int, float]:
    path = tmp_path / "clip.mp4"
    path.write_bytes(data)
    capture = cv2.VideoCapture(str(path))
    count = 0
    while capture.read()[0]:
        count += 1
    return count, capture.get(cv2.CAP_PROP_FPS)


def test_video_mode_records_as_long_as_the_virtual_clock_runs(
    phone: Phone, d: Driver, tmp_path: pathlib.Path
) -> None:
    d.tap(id="video_mode")
    assert d.find(id="video_mode").selected and not d.find(id="photo_mode").selected
    d.tap(desc="Start recording")
    phone.wait(3_000)
    assert d.find(id="recording_time").text == "00:03"
    d.tap(id="photo_mode")  # no switching modes while recording
    assert d.find(id="video_mode").selected
    phone.wait(2_000)
    d.tap(desc="Stop recording")
    assert not d.exists(id="recording_time")
    path = captured(phone, "VID")
    data = phone.storage.files[path]
    assert data[4:8] == b"ftyp"
    assert frames(data, tmp_path) == (5 * FPS, FPS)
    assert camera_log(phone)[-2:] == [
        "Recording started",
        f"Video saved: {path} lens=back duration=5s",
    ]


def test_leaving_the_camera_saves_the_recording(phone: Phone, d: Driver) -> None:
    d.tap(id="video_mode")
    d.tap(desc="Switch to front camera")
    d.tap(desc="Start recording")
    phone.wait(2_000)
    d.tap(desc="Switch to back camera")  # no switching while recording
    d.key("HOME")
    assert camera_log(phone)[-1].endswith("lens=front duration=2s")


def test_videos_are_deterministic() -> None:
    assert video("back", START, 2) == video("back", START, 2)
    assert video("back", START, 2) != video("front", START, 2)


def test_a_video_names_its_lens_after_the_movie(tmp_path: pathlib.Path) -> None:
    data = video("front", START, 2)
    assert data.endswith(f"{VIDEO_MARK}, front camera".encode())
    assert b"back camera" not in data
    assert frames(data, tmp_path) == (2 * FPS, FPS)  # still a playable MP4


def test_pictures_carry_the_clock_in_exif(phone: Phone, d: Driver) -> None:
    phone.wait(12_000)
    d.tap(desc="Shutter")
    path = captured(phone, "IMG")
    exif = Image.open(io.BytesIO(phone.storage.files[path])).getexif()
    taken = exif.get_ifd(EXIF_IFD)[DATE_TIME_ORIGINAL]
    assert taken.startswith("2025:10:16 09:30:1")
    assert path.endswith(f"IMG_20251016_{taken[-8:].replace(':', '')}.jpg")
    assert exif[0x010F] == "Google"


def test_the_media_store_lists_new_pictures_and_videos(phone: Phone, d: Driver) -> None:
    before = len(query(phone, "content://media/external/images/media").rows)
    d.tap(desc="Shutter")
    d.tap(id="video_mode")
    d.tap(desc="Start recording")
    phone.wait(1_500)
    d.tap(desc="Stop recording")
    images = query(
        phone,
        "content://media/external/images/media",
        ["_display_name", "mime_type", "datetaken", "relative_path"],
        where="_display_name LIKE 'IMG_20251016_0930%'",
    ).rows
    [(name, mime, taken, folder)] = images
    assert (name, mime, folder) == (
        captured(phone, "IMG")[len(FOLDER) :],
        "image/jpeg",
        "DCIM/Camera/",
    )
    assert dt.datetime(1970, 1, 1) + dt.timedelta(milliseconds=taken) - START < dt.timedelta(
        seconds=2
    )
    assert len(query(phone, "content://media/external/images/media").rows) == before + 1
    [row] = query(
        phone,
        "content://media/external/video/media",
        ["_data", "mime_type"],
        where="_display_name LIKE 'VID_20251016_%'",
    ).rows
    assert row == ("/storage/emulated/0/" + captured(phone, "VID")[8:], "video/mp4")
    with pytest.raises(ProviderError):
        query(phone, "content://media/external/audio/media")


def test_deleting_a_media_row_deletes_the_file(phone: Phone, d: Driver) -> None:
    d.tap(desc="Shutter")
    table = "content://media/external/images/media"
    path = captured(phone, "IMG")
    name = path[len(FOLDER) :]
    [(number,)] = query(phone, table, ["_id"], where=f"_display_name = '{name}'").rows
    media, _ = resolve(phone, table)
    media.delete(phone, [number])
    assert path not in phone.storage.files
    assert not query(phone, table, ["_id"], where=f"_display_name = '{name}'").rows


def test_the_gallery_shows_the_new_video(phone: Phone, d: Driver) -> None:
    d.tap(id="video_mode")
    d.tap(desc="Start recording")
    phone.wait(4_000)
    d.tap(desc="Stop recording")
    phone.start_activity(GALLERY, MEDIA_ACTIVITY, folder=FOLDER.rstrip("/"))
    assert d.find_all(id="medium_name")[0].text == captured(phone, "VID")[len(FOLDER) :]


def test_the_gallery_shows_how_long_the_new_video_lasts(phone: Phone, d: Driver) -> None:
    d.tap(id="video_mode")
    d.tap(desc="Start recording")
    phone.wait(5_000)
    d.tap(desc="Stop recording")
    open_app(d, "Gallery")
    d.tap(id="dir_name", text="Camera")
    name = captured(phone, "VID")[len(FOLDER) :]
    assert d.find_all(id="video_duration")[0].text == "0:05"
    d.long_press(desc=name)
    d.tap(desc="More options")
    d.tap(text="Properties")
    assert d.find_all(id="property_value")[-1].text == "0:05"
    index = phone.database(GALLERY, "gallery")
    [[seconds]] = index.execute("SELECT video_duration FROM media WHERE filename = ?", (name,))
    assert seconds == 5
