"""Notifications and the shade, driven through raw input: the Clock's ring posts one, a
drag down from the top edge pulls the shade (SystemUI nodes), a tap opens the app and
removes it, a sideways swipe dismisses one, "Clear all" clears them."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.clock import MAIN, PACKAGE
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.bars import SYSTEMUI
from mobile_gym.sim.system.shade import ROW_ID
from tests.sim.conftest import open_app, opened

START = dt.datetime(2025, 10, 16, 9, 30)  # a Thursday
ALARM_ALERT = "com.android.deskclock.alarms.AlarmActivity"


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0)
    phone.set_time(START)
    return phone


def pull_shade(d: Driver) -> None:
    phone = d.device
    w, h = phone.display.width, phone.display.height
    d.send_all(ev.drag(w / 2, 4, w / 2, h * 0.6))


def ring_alarm_and_timer(phone: Phone) -> Driver:
    """An alarm at 9:31 and a 30 s timer, both rung while the home screen is in front."""
    d = opened(phone, "Clock", (PACKAGE, MAIN))
    d.tap(desc="Add alarm")
    d.tap(desc="9 o'clock")
    d.tap(desc="35 minutes")
    d.tap(text="OK")
    d.tap(desc="Timer")
    for key in "30":
        d.tap(id=f"timer_key_{key}")
    d.tap(id="timer_start")
    d.key("HOME")
    phone.wait(5 * 60_000)
    d.key("HOME")  # leave the ringing screen on show behind
    assert phone.foreground_package != PACKAGE
    return d


def test_a_ring_posts_a_notification_the_shade_lists(phone: Phone) -> None:
    d = ring_alarm_and_timer(phone)
    assert len(d.find_all(id="notification_icon")) == 1  # one app notifies
    w, h = phone.display.width, phone.display.height
    d.send_all(ev.drag(w / 2, h / 2, w / 2, h * 0.9))  # a drag in the middle opens nothing
    assert not d.exists(id="notification_panel")
    pull_shade(d)
    panel = d.find(id="notification_panel")
    assert panel.package == SYSTEMUI
    rows = d.find_all(id="expandableNotificationRow")
    assert [r.desc for r in rows] == ["Clock notification: Alarm", "Clock notification: Timer"]
    assert [n.text for n in d.find_all(id="text")] == ["9:35 AM", "Time's up"]
    assert d.find_all(id="time")[0].text == "9:35 AM"
    d.key("BACK")
    assert not d.exists(id="notification_panel")


def test_tapping_a_notification_opens_its_screen_and_removes_it(phone: Phone) -> None:
    d = ring_alarm_and_timer(phone)
    pull_shade(d)
    d.tap(desc="Clock notification: Alarm")
    assert not d.exists(id="notification_panel")
    assert phone.foreground == (PACKAGE, ALARM_ALERT)
    assert d.find(id="alarm_time").text == "9:35 AM"
    assert [(n.package, n.title) for n in phone.notifications.active()] == [(PACKAGE, "Timer")]
    d.tap(id="dismiss_button")
    assert d.exists(id="timer_ringing")  # the timer rings on under the alarm
    d.key("HOME")
    pull_shade(d)
    d.tap(desc="Clock notification: Timer")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.find(id="timer_expired").text == "Time's up"
    d.tap(id="stop_button")
    assert phone.notifications.active() == [] and not d.exists(id="notification_icon")


def test_a_sideways_swipe_dismisses_one_notification(phone: Phone) -> None:
    d = ring_alarm_and_timer(phone)
    pull_shade(d)
    row = d.find(desc="Clock notification: Alarm")
    x, y = row.bounds.center
    d.send_all(ev.drag(x, y, x + phone.display.width * 0.4, y))
    assert [r.desc for r in d.find_all(id="expandableNotificationRow")] == [
        "Clock notification: Timer"
    ]
    assert "dismissed: key=0|com.google.android.deskclock|1|null" in "".join(
        phone.logcat_lines()[0]
    )


def test_clear_all_empties_the_shade_and_the_status_bar(phone: Phone) -> None:
    d = ring_alarm_and_timer(phone)
    pull_shade(d)
    d.tap(id="clear_all")
    assert not d.exists(id="notification_panel")
    assert not d.exists(id="notification_icon")
    pull_shade(d)
    assert d.find(id="no_notifications").text == "No notifications"


def test_pm_clear_removes_the_apps_notifications(phone: Phone) -> None:
    d = ring_alarm_and_timer(phone)
    phone.clear_app_data(PACKAGE)
    assert not d.exists(id="notification_icon")
    open_app(d, "Clock")
    assert not d.exists(id="alarm_ringing")


def test_a_long_shade_scrolls_to_its_last_rows_and_clear_all(phone: Phone) -> None:
    """A drag up on a list longer than the screen scrolls it and leaves the shade open; at
    the list's end a swipe up closes the shade, which opens again at the list's top."""
    for i in range(15):
        phone.notifications.post(PACKAGE, i, f"Alarm {i}", f"Alarm number {i}")
    d = Driver(phone)
    w, h = phone.display.width, phone.display.height

    def shown() -> list[str]:
        return [r.desc.removeprefix("Clock notification: ") for r in d.find_all(id=ROW_ID)]

    def drag_up() -> None:
        d.send_all(ev.drag(w / 2, h * 0.8, w / 2, h * 0.2))

    pull_shade(d)
    assert shown()[0] == "Alarm 14" and "Alarm 0" not in shown()
    assert not d.exists(id="clear_all")
    assert d.find(id="notification_stack_scroller").scrollable
    at_top, top = phone.snapshot(), phone.hierarchy_xml()
    drag_up()
    assert phone.notifications.shade_open
    assert shown()[-1] == "Alarm 0" and d.exists(id="clear_all")
    phone.restore(at_top)
    assert phone.hierarchy_xml() == top
    drag_up()
    drag_up()  # the list is at its end: the swipe closes the shade
    assert not phone.notifications.shade_open
    pull_shade(d)
    assert shown()[0] == "Alarm 14" and not d.exists(id="clear_all")
    drag_up()
    d.tap(id="clear_all")
    assert phone.notifications.active() == [] and not phone.notifications.shade_open
