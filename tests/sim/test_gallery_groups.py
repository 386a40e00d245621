"""A Gallery folder of many photos grouped by day or by type, through raw input:
only the rows in view are made, scrolling reaches the oldest photo under its day, and a new
photo shows under its own day."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.gallery import MEDIA_ACTIVITY, PACKAGE, GalleryApp
from mobile_gym.sim.apps.gallery.media import Medium
from mobile_gym.sim.apps.gallery.media_screen import Lines
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import views_made

FOLDER = "/sdcard/DCIM/Trip"
PHOTOS = 300
DAY_MS = 86_400_000
NEWEST_MS = 1_700_000_000_000
"""2023-11-14 22:13 UTC: the newest photo's time; the others go back a day every three."""


@pytest.fixture
def driver() -> Driver:
    """The Gallery showing a folder of ``PHOTOS`` photos taken over a hundred days."""
    phone = Phone(seed=0, apps=(GalleryApp,))
    phone.storage.write_files(
        (f"{FOLDER}/IMG_{i:04d}.jpg", b"jpeg", NEWEST_MS - (i // 3) * DAY_MS - i * 1000)
        for i in range(PHOTOS)
    )
    driver = Driver(phone)
    driver.tap(desc="Gallery")
    driver.tap(id="dir_name", text="Trip")
    assert phone.foreground == (PACKAGE, MEDIA_ACTIVITY)
    return driver


def _names(driver: Driver) -> list[str]:
    """The names under the tiles on screen, in order."""
    return [node.text for node in driver.find_all(id="medium_name")]


def _group_by(driver: Driver, field: str) -> None:
    """Group the folder by ``field``, the groups in descending order (the newest day first)."""
    driver.tap(desc="More options")
    driver.tap(text="Group by")
    driver.tap(id=f"grouping_dialog_radio_{field}")
    driver.tap(id="grouping_dialog_radio_descending")
    driver.tap(text="OK")


def test_grouped_by_day_makes_only_the_rows_in_view(driver: Driver) -> None:
    phone = driver.device
    _group_by(driver, "date_taken_daily")
    titles = [node.text for node in driver.find_all(cls="android.widget.TextView")]
    assert "November 14, 2023" in titles  # the newest day first
    names = _names(driver)
    assert names[:3] == ["IMG_0000.jpg", "IMG_0001.jpg", "IMG_0002.jpg"]  # that day's three
    assert 3 <= len(names) < 40  # of 300: a screenful
    assert views_made(phone, "medium_name") < 40  # and no more are made
    oldest = driver.scroll_to(max_scrolls=200, desc="IMG_0299.jpg")
    assert oldest.bounds.bottom <= driver.find(id="media_grid").bounds.bottom
    assert "August 7, 2023" in [n.text for n in driver.find_all(cls="android.widget.TextView")]
    assert views_made(phone, "medium_name") < 40


def test_grouped_by_type_shows_each_type_under_its_title(driver: Driver) -> None:
    phone = driver.device
    _group_by(driver, "file_type")
    texts = [node.text for node in driver.find_all(cls="android.widget.TextView")]
    assert "Images" in texts
    assert len(_names(driver)) < 40
    for _ in range(200):  # to the end of the list: a drag then moves nothing
        before = driver.device.hierarchy_xml()
        driver.scroll("down")
        if driver.device.hierarchy_xml() == before:
            break
    assert _names(driver)[-1] == "IMG_0299.jpg"
    assert views_made(phone, "medium_name") < 40


def test_a_photo_taken_later_shows_under_a_new_day_at_the_top(driver: Driver) -> None:
    phone = driver.device
    _group_by(driver, "date_taken_daily")
    phone.storage.write_files([(f"{FOLDER}/IMG_LATER.jpg", b"jpeg", NEWEST_MS + 2 * DAY_MS)])
    titles = [node.text for node in driver.find_all(cls="android.widget.TextView")]
    assert titles.index("November 16, 2023") < titles.index("November 14, 2023")
    assert _names(driver)[:2] == ["IMG_LATER.jpg", "IMG_0000.jpg"]


def _medium(number: int) -> Medium:
    return Medium(number, f"IMG_{number}.jpg", FOLDER, FOLDER, 0, 0, 0, 1, 0, 0, 0)


def test_lines_are_titles_then_rows_of_each_group() -> None:
    groups = (("May 2", tuple(map(_medium, range(5)))), ("May 1", (_medium(5),)))
    lines = Lines(groups, 4)
    every = [
        "May 2",
        tuple(map(_medium, range(4))),
        (_medium(4),),
        "May 1",
        (_medium(5),),
    ]
    assert len(lines) == 5
    assert [lines[i] for i in range(5)] == every == lines[:]
    assert lines[-1] == (_medium(5),)
    with pytest.raises(IndexError):
        lines[5]
    untitled = Lines((("", tuple(map(_medium, range(9)))),), 4)
    assert len(untitled) == 3 and untitled[2] == (_medium(8),)


def test_grouping_changed_while_scrolled_keeps_a_place_in_the_list(driver: Driver) -> None:
    _group_by(driver, "date_taken_daily")
    for _ in range(5):
        driver.scroll("down")
    grouped = _names(driver)
    assert grouped and grouped[0] != "IMG_0000.jpg"
    _group_by(driver, "none")  # a list of rows of one height, at the row it was at
    ungrouped = _names(driver)
    assert ungrouped and ungrouped[0] != "IMG_0000.jpg"
    driver.scroll("down")
    _group_by(driver, "file_type")
    assert _names(driver)
