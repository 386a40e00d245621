"""The Calendar's settings, its About pages and deleting events selected in the event list."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.about import ABOUT
from mobile_gym.sim.apps.calendar import MAIN_ACTIVITY, PACKAGE, CalendarApp
from mobile_gym.sim.apps.calendar.activities import SETTINGS_ACTIVITY
from mobile_gym.sim.driver import Driver

TODAY = dt.date(2024, 6, 3)  # the phone's default date (a Monday)
EPOCH = dt.datetime(1970, 1, 1)


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=5, apps=(CalendarApp,))
    phone.clear_app_data(PACKAGE)
    phone.start_activity(PACKAGE)
    return phone


def _preferences(phone: Phone) -> dict[str, str]:
    rows = phone.database(PACKAGE, "events").execute("SELECT key, value FROM preferences")
    return {key: value for key, value in rows}


def _open_settings(driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Settings")


def test_snooze_time_is_picked_from_a_dialog(phone: Phone, driver: Driver) -> None:
    _open_settings(driver)
    assert phone.foreground == (PACKAGE, SETTINGS_ACTIVITY)
    assert driver.find(id="settings_snooze_time").text == "10 minutes"
    driver.tap(id="settings_snooze_time_holder")
    assert driver.find(id="alertTitle").text == "Snooze time"
    driver.tap(id="snooze_time_1")
    assert driver.find(id="settings_snooze_time").text == "1 minute"
    assert _preferences(phone) == {"snooze_time": "1"}


def test_turning_sunday_first_off_starts_weeks_on_monday(phone: Phone, driver: Driver) -> None:
    assert driver.find(id="day_0").desc == "May 26"  # a Sunday
    _open_settings(driver)
    assert driver.find(id="settings_sunday_first").text == "Start week on Sunday"
    assert driver.find(id="settings_sunday_first").checked
    driver.tap(id="settings_sunday_first_holder")
    assert not driver.find(id="settings_sunday_first").checked
    assert _preferences(phone) == {"start_week_on": "monday"}
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    assert driver.find(id="day_0").desc == "May 27"  # a Monday


def test_the_sunday_first_switch_flips_back(phone: Phone, driver: Driver) -> None:
    _open_settings(driver)
    driver.tap(id="settings_sunday_first")  # the switch itself
    assert _preferences(phone) == {"start_week_on": "monday"}
    driver.tap(id="settings_sunday_first")
    assert driver.find(id="settings_sunday_first").checked
    assert _preferences(phone) == {"start_week_on": "sunday"}
    lines = [line for line in phone.logcat_lines()[0] if " Calendar: " in line]
    assert lines[-2:][0].endswith("Preference changed: start_week_on=monday")
    assert lines[-1].endswith("Preference changed: start_week_on=sunday")


def test_a_stored_weekday_other_than_sunday_shows_the_switch_off(
    phone: Phone, driver: Driver
) -> None:
    phone.database(PACKAGE, "events").execute(
        "INSERT INTO preferences (key, value) VALUES ('start_week_on', 'saturday')"
    )
    assert driver.find(id="day_0").desc == "June 1"  # a Saturday
    _open_settings(driver)
    assert not driver.find(id="settings_sunday_first").checked
    driver.tap(id="settings_sunday_first_holder")
    assert _preferences(phone) == {"start_week_on": "sunday"}


def test_about_opens_the_about_page(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="About")
    assert phone.foreground == (PACKAGE, ABOUT)
    assert driver.find(id="about_app_name").text == "Simple Calendar Pro"


def _add(phone: Phone, title: str, hour: int) -> None:
    start = int((dt.datetime.combine(TODAY, dt.time(hour)) - EPOCH).total_seconds())
    phone.database(PACKAGE, "events").execute(
        "INSERT INTO events (title, start_ts, end_ts) VALUES (?, ?, ?)",
        (title, start, start + 3600),
    )


def test_selected_events_are_deleted_from_the_list(phone: Phone, driver: Driver) -> None:
    for hour, title in ((14, "Laundry"), (15, "Cooking"), (16, "Meeting")):
        _add(phone, title, hour)
    driver.tap(desc="Change view")
    driver.tap(text="Simple event list")
    driver.long_press(text="Laundry")
    assert driver.find(id="toolbar_title").text == "1 / 3"
    driver.tap(text="Meeting")
    driver.tap(text="Cooking")
    driver.tap(text="Cooking")  # a second tap unselects it
    assert driver.find(id="toolbar_title").text == "2 / 3"
    driver.tap(desc="Delete")
    assert driver.find(id="alertTitle").text == "Delete 2 events?"
    driver.tap(text="Delete")
    titles = phone.database(PACKAGE, "events").execute("SELECT title FROM events")
    assert [row[0] for row in titles] == ["Cooking"]
    assert driver.exists(desc="Change view")  # selection mode is over
    assert not driver.exists(text="Laundry")


def test_back_ends_selection_mode(phone: Phone, driver: Driver) -> None:
    _add(phone, "Laundry", 14)
    driver.tap(desc="Change view")
    driver.tap(text="Simple event list")
    driver.long_press(text="Laundry")
    assert driver.exists(desc="Close selection")
    driver.key("BACK")
    assert driver.exists(desc="Change view")
    driver.tap(text="Laundry")  # outside selection mode a tap opens the event
    assert phone.foreground[1] == ".activities.EventActivity"
