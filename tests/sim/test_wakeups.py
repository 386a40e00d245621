"""Scheduled wake-ups (``phone.wakeups``) as the Clock uses them: an alarm rings over
another app at its minute, snooze rings again, ``pm clear`` cancels, snapshots keep them,
and two phones with one seed show the same screens. Driven through raw input only."""

from __future__ import annotations

import datetime as dt

import numpy as np
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.clock import MAIN, PACKAGE
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, opened

START = dt.datetime(2025, 10, 16, 9, 30)  # a Thursday
ALARM_ALERT = "com.android.deskclock.alarms.AlarmActivity"
NOTES = "com.simplemobiletools.notes.pro"


def booted(seed: int = 0) -> Phone:
    phone = Phone(seed=seed)
    phone.set_time(START)
    return phone


@pytest.fixture
def phone() -> Phone:
    return booted()


def set_alarm(phone: Phone, hour: int, minute: int) -> Driver:
    """Add a switched-on alarm in the Clock, then go to the Notes app."""
    d = opened(phone, "Clock", (PACKAGE, MAIN))
    d.tap(desc="Add alarm")
    d.tap(desc=f"{hour} o'clock")
    d.tap(desc=f"{minute} minutes")
    d.tap(text="OK")
    open_app(d, "Notes")
    assert phone.foreground_package == NOTES
    return d


def wait_until(phone: Phone, hour: int, minute: int, second: int = 0) -> None:
    target = START.replace(hour=hour, minute=minute, second=second)
    phone.wait((target - phone.clock.now) // dt.timedelta(milliseconds=1))


def test_an_alarm_rings_over_another_app_at_its_minute_and_not_a_frame_before(
    phone: Phone,
) -> None:
    d = set_alarm(phone, 9, 45)
    wait_until(phone, 9, 44, 59)
    phone.wait(999)  # one ms before 9:45
    assert not d.exists(id="alarm_ringing")
    assert phone.foreground_package == NOTES
    phone.wait(1)
    assert phone.foreground == (PACKAGE, ALARM_ALERT)
    assert d.find(id="alarm_time").text == "9:45 AM"
    assert d.exists(id="notification_icon", desc="Clock notification")
    d.tap(id="dismiss_button")
    assert phone.foreground_package == NOTES  # the app it rang over comes back
    assert not d.exists(id="notification_icon")


def test_a_long_wait_stops_at_the_alarm(phone: Phone) -> None:
    set_alarm(phone, 9, 45)
    phone.wait(3_600_000)  # one wait across the alarm
    rung = [line for line in phone.logcat_lines()[0] if "Alarm ringing: id=3" in line]
    assert len(rung) == 1 and "10-16 09:45:00.000" in rung[0]


def test_snooze_rings_again_ten_minutes_later_over_the_app_in_front(phone: Phone) -> None:
    d = set_alarm(phone, 9, 40)
    wait_until(phone, 9, 40)
    d.tap(id="snooze_button")
    assert phone.foreground_package == NOTES
    assert phone.toasts[-1].text == "Snoozed until 9:50 AM"
    wait_until(phone, 9, 49, 59)
    assert not d.exists(id="alarm_ringing")
    wait_until(phone, 9, 50, 1)
    assert phone.foreground == (PACKAGE, ALARM_ALERT)
    assert d.exists(id="alarm_ringing")


def test_an_unanswered_ring_closes_itself_after_ten_minutes(phone: Phone) -> None:
    d = set_alarm(phone, 9, 40)
    wait_until(phone, 9, 40)
    assert d.exists(id="alarm_ringing")
    wait_until(phone, 9, 50)
    assert not d.exists(id="alarm_ringing")
    assert phone.foreground_package == NOTES


def test_a_timer_rings_over_another_app_at_zero(phone: Phone) -> None:
    d = opened(phone, "Clock", (PACKAGE, MAIN))
    d.tap(desc="Timer")
    for key in "15":
        d.tap(id=f"timer_key_{key}")
    d.tap(id="timer_start")
    open_app(d, "Notes")
    phone.wait(10_000)
    assert phone.foreground_package == NOTES
    phone.wait(10_000)
    assert d.exists(id="timer_ringing")
    d.tap(id="stop_button")
    assert phone.foreground_package == NOTES and not d.exists(id="notification_icon")


def test_pm_clear_of_the_clock_cancels_its_wakeups(phone: Phone) -> None:
    d = set_alarm(phone, 9, 45)
    assert phone.wakeups.at(PACKAGE, "alarm") is not None
    phone.clear_app_data(PACKAGE)
    assert phone.wakeups.at(PACKAGE, "alarm") is None
    wait_until(phone, 10, 0)
    assert phone.foreground_package == NOTES and not d.exists(id="alarm_ringing")


def test_a_snapshot_keeps_a_scheduled_alarm(phone: Phone) -> None:
    d = set_alarm(phone, 9, 45)
    saved = phone.snapshot()
    phone.factory_reset(seed=1)
    phone.set_time(START)
    wait_until(phone, 9, 50)
    assert not d.exists(id="alarm_ringing")
    phone.restore(saved)
    assert phone.foreground_package == NOTES
    wait_until(phone, 9, 45)
    assert phone.foreground == (PACKAGE, ALARM_ALERT)


def test_two_phones_with_one_seed_show_the_same_screens() -> None:
    first, second = booted(), booted()
    for phone in (first, second):
        set_alarm(phone, 9, 35)
        wait_until(phone, 9, 35)
    assert first.hierarchy_xml() == second.hierarchy_xml()
    assert np.array_equal(first.screenshot(), second.screenshot())
    assert first.foreground == (PACKAGE, ALARM_ALERT)
