"""Overview (the recents screen, ``Activities.show_recents``) through the keys: pressed
twice it switches to the app used before the one in front, and BACK leaves it for the app
it was opened from."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER, RECENTS_ACTIVITY
from tests.sim.conftest import open_app

CALENDAR = "com.simplemobiletools.calendar.pro"
SETTINGS = "com.android.settings"


def _calendar_then_settings(phone: Phone) -> Driver:
    driver = Driver(phone)
    open_app(driver, "Calendar")
    open_app(driver, "Settings")
    assert phone.foreground_package == SETTINGS
    return driver


def test_overview_pressed_twice_switches_to_the_previous_app(phone: Phone) -> None:
    driver = _calendar_then_settings(phone)
    driver.key("APP_SWITCH")
    assert phone.foreground == (LAUNCHER, RECENTS_ACTIVITY)
    driver.key("APP_SWITCH")
    assert phone.foreground_package == CALENDAR
    driver.key("APP_SWITCH")
    driver.key("APP_SWITCH")  # and back again
    assert phone.foreground_package == SETTINGS


def test_overview_pressed_twice_with_one_app_returns_to_it(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.key("APP_SWITCH")
    driver.key("APP_SWITCH")
    assert phone.foreground_package == SETTINGS


def test_overview_pressed_twice_from_home_opens_the_last_app(phone: Phone) -> None:
    driver = _calendar_then_settings(phone)
    driver.key("HOME")
    driver.key("APP_SWITCH")
    driver.key("APP_SWITCH")
    assert phone.foreground_package == SETTINGS


def test_back_in_overview_returns_to_the_app_it_was_opened_from(phone: Phone) -> None:
    driver = _calendar_then_settings(phone)
    driver.key("APP_SWITCH")
    driver.key("BACK")
    assert phone.foreground_package == SETTINGS


def test_back_in_overview_opened_from_home_goes_home(phone: Phone) -> None:
    driver = _calendar_then_settings(phone)
    driver.key("HOME")
    driver.key("APP_SWITCH")
    driver.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)


def test_back_in_overview_goes_home_once_its_app_is_dismissed(phone: Phone) -> None:
    driver = _calendar_then_settings(phone)
    driver.key("APP_SWITCH")
    driver.tap(desc="Dismiss Settings")
    driver.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)
