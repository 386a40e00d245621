"""The Clock app, driven through raw input only (taps, text, keys); outcomes read from its
database, logcat, toasts and the view hierarchy. Time passes on the virtual clock alone."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.clock import CITIES, DATABASE, MAIN, PACKAGE, RINGTONES
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, views_made

START = dt.datetime(2025, 10, 16, 9, 30)  # a Thursday


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0)
    phone.set_time(START)
    return phone


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Clock", (PACKAGE, MAIN))


def alarms(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, DATABASE).execute("SELECT * FROM alarm_templates ORDER BY _id")
    return [dict(row) for row in rows]


def state(phone: Phone, key: str) -> str | None:
    row = (
        phone.database(PACKAGE, DATABASE)
        .execute("SELECT value FROM clock_state WHERE key = ?", (key,))
        .fetchone()
    )
    return None if row is None else row[0]


def log(phone: Phone, tag: str) -> list[str]:
    marker = f" I {tag}: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def add_alarm(d: Driver, hour: int, minute: int) -> None:
    d.tap(desc="Add alarm")
    d.tap(desc=f"{hour} o'clock")
    d.tap(desc=f"{minute} minutes")
    d.tap(text="OK")


def wait_minutes(phone: Phone, minutes: float) -> None:
    phone.wait(int(minutes * 60_000))


def test_seeded_alarms_are_off_and_listed_earliest_first(phone: Phone, d: Driver) -> None:
    rows = alarms(phone)
    assert [r["enabled"] for r in rows] == [0, 0]
    assert {r["daysofweek"] for r in rows} == {31, 96}
    times = [n.text for n in d.find_all(id="digital_clock")]
    assert times[-1] == "9:00 AM" and len(times) == 2


def test_the_days_show_in_the_day_buttons_order_from_sunday(phone: Phone, d: Driver) -> None:
    assert [n.text for n in d.find_all(id="upcoming_instance_label")] == ["Mon-Fri", "Sun, Sat"]
    d.tap(desc="Expand alarm")  # the weekday alarm's buttons: S M T W T F S
    buttons = [d.find(id=f"day_button_{i}").desc for i in range(7)]
    assert buttons[0] == "Sunday" and buttons[-1] == "Saturday"


def test_add_alarm_with_the_picker_expands_it_and_toasts_when_it_rings(
    phone: Phone, d: Driver
) -> None:
    add_alarm(d, 8, 25)
    new = alarms(phone)[-1]
    assert (new["hour"], new["minutes"], new["enabled"], new["daysofweek"]) == (8, 25, 1, 0)
    assert new["vibrate"] == 1 and new["ringtone"].endswith("?title=Cesium")
    assert phone.toasts[-1].text == "Alarm set for 22 hours and 55 minutes from now"
    assert d.exists(desc="Collapse alarm") and d.exists(id="vibrate_onoff")
    assert "Alarm created: id=3 time=08:25" in log(phone, "AlarmClock")


def test_keyboard_input_sets_any_minute_and_refuses_bad_times(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add alarm")
    d.tap(desc="Switch to text input mode")
    assert d.find(id="input_hour").text == "09"  # the hint: the time so far
    d.type_into("13", id="input_hour")
    d.type_into("75", id="input_minute")
    d.tap(text="OK")
    assert phone.toasts[-1].text == "Enter a valid time"
    assert len(alarms(phone)) == 2
    d.key("DEL")
    d.key("DEL")
    d.type_into("07", id="input_minute")
    d.tap(text="OK")
    assert (alarms(phone)[-1]["hour"], alarms(phone)[-1]["minutes"]) == (13, 7)


def test_keyboard_input_takes_only_ascii_digits(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add alarm")
    d.tap(desc="Switch to text input mode")
    d.type_into("²", id="input_hour")  # a superscript two: not a digit the field takes
    d.tap(text="OK")  # the hint's hour stands
    assert phone.foreground == (PACKAGE, MAIN)
    assert (alarms(phone)[-1]["hour"], alarms(phone)[-1]["minutes"]) == (9, 30)


def test_days_label_sound_vibrate_and_delete(phone: Phone, d: Driver) -> None:
    add_alarm(d, 8, 25)
    d.tap(desc="Saturday")
    d.tap(desc="Sunday")
    d.tap(id="vibrate_onoff")
    d.tap(id="edit_label")
    d.type_into("Gym", id="label_input")
    d.tap(text="OK")
    d.tap(id="choose_ringtone")
    assert phone.foreground == (PACKAGE, RINGTONES)
    d.tap(text="Beebeep")
    d.tap(desc="Navigate up")
    new = alarms(phone)[-1]
    assert (new["daysofweek"], new["vibrate"], new["label"]) == (96, 0, "Gym")
    assert "title=Beebeep" in new["ringtone"]
    assert d.find(id="choose_ringtone").text == "Beebeep"
    assert "Gym" in d.find_all(id="upcoming_instance_label")[1].text
    d.tap(id="delete")
    assert len(alarms(phone)) == 2 and phone.toasts[-1].text == "Alarm deleted"


def test_switch_turns_an_alarm_on_and_off(phone: Phone, d: Driver) -> None:
    d.tap(desc="9:00 AM alarm")
    assert alarms(phone)[1]["enabled"] == 1
    assert phone.toasts[-1].text.startswith("Alarm set for 1 day")
    d.tap(desc="9:00 AM alarm")
    assert alarms(phone)[1]["enabled"] == 0


def test_schedule_alarm_stores_the_day_before_as_blackout_end(phone: Phone, d: Driver) -> None:
    add_alarm(d, 8, 55)
    d.tap(id="schedule_alarm")
    d.tap(desc="20 October 2025")
    d.tap(text="OK")
    new = alarms(phone)[-1]
    assert (new["blackout_end"], new["daysofweek"], new["enabled"]) == ("2025-10-19", 0, 1)
    assert "Mon, Oct 20" in d.find_all(id="upcoming_instance_label")[1].text
    assert phone.toasts[-1].text == "Alarm set for 3 days, 23 hours and 25 minutes from now"


def _schedule_new_alarm_for_saturday(d: Driver) -> None:
    """A 10:00 AM alarm scheduled for Saturday, October 18 (the list's last card)."""
    add_alarm(d, 10, 0)
    d.tap(id="schedule_alarm")
    d.tap(desc="18 October 2025")
    d.tap(text="OK")
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Sat, Oct 18"


def test_a_scheduled_alarm_that_rang_shows_its_date_no_more(phone: Phone, d: Driver) -> None:
    _schedule_new_alarm_for_saturday(d)
    wait_minutes(phone, 2 * 24 * 60 + 31)  # Saturday 10:01
    assert d.find(id="alarm_time").text == "10:00 AM"
    d.tap(id="dismiss_button")
    new = alarms(phone)[-1]
    assert (new["enabled"], new["daysofweek"], new["blackout_end"]) == (0, 0, None)
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Not scheduled"
    d.tap(desc="10:00 AM alarm")  # on again: the next 10:00
    assert phone.toasts[-1].text == "Alarm set for 23 hours and 59 minutes from now"
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Tomorrow"
    assert alarms(phone)[-1]["blackout_end"] is None


def test_a_schedule_gone_by_unrung_goes_once_switched_on(phone: Phone, d: Driver) -> None:
    _schedule_new_alarm_for_saturday(d)
    d.tap(desc="10:00 AM alarm")  # off: it keeps its date while that is to come
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Sat, Oct 18"
    wait_minutes(phone, 3 * 24 * 60)  # Sunday 9:30, Saturday gone by unrung
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Not scheduled"
    d.tap(desc="10:00 AM alarm")
    assert phone.toasts[-1].text == "Alarm set for 30 minutes from now"
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Today"
    assert alarms(phone)[-1]["blackout_end"] is None


def test_alarm_rings_at_its_time_and_dismiss_switches_a_one_time_alarm_off(
    phone: Phone, d: Driver
) -> None:
    add_alarm(d, 9, 35)
    wait_minutes(phone, 4)
    assert not d.exists(id="alarm_ringing")
    wait_minutes(phone, 1)
    assert d.find(id="alarm_time").text == "9:35 AM"
    d.tap(id="dismiss_button")
    assert not d.exists(id="alarm_ringing")
    assert alarms(phone)[-1]["enabled"] == 0
    assert "Alarm dismissed: id=3" in log(phone, "AlarmClock")


def test_snooze_rings_again_ten_minutes_later_and_repeating_alarms_stay_on(
    phone: Phone, d: Driver
) -> None:
    add_alarm(d, 9, 35)
    d.tap(desc="Thursday")
    wait_minutes(phone, 5)
    d.tap(id="snooze_button")
    assert phone.toasts[-1].text == "Snoozed until 9:45 AM"
    wait_minutes(phone, 9)
    assert not d.exists(id="alarm_ringing")
    wait_minutes(phone, 1)
    assert d.exists(id="alarm_ringing")
    d.tap(id="dismiss_button")
    assert alarms(phone)[-1]["enabled"] == 1 and alarms(phone)[-1]["snoozed_until"] is None
    wait_minutes(phone, 60 * 24 - 10)  # the same time next Thursday is a week away
    assert not d.exists(id="alarm_ringing")


def test_an_unanswered_alarm_falls_silent(phone: Phone, d: Driver) -> None:
    add_alarm(d, 9, 35)
    wait_minutes(phone, 5)
    assert d.exists(id="alarm_ringing")
    wait_minutes(phone, 10)
    assert not d.exists(id="alarm_ringing")


def test_an_unanswered_snoozed_ring_falls_silent_and_waits_for_the_next_day(
    phone: Phone, d: Driver
) -> None:
    add_alarm(d, 9, 35)
    wait_minutes(phone, 5)
    d.tap(id="snooze_button")
    wait_minutes(phone, 10)
    assert d.exists(id="alarm_ringing")
    wait_minutes(phone, 9)
    assert d.exists(id="alarm_ringing")
    wait_minutes(phone, 1)
    assert not d.exists(id="alarm_ringing")
    assert not phone.notifications.active()
    wait_minutes(phone, 30)
    assert log(phone, "AlarmClock").count("Alarm ringing: id=3") == 2
    assert d.find_all(id="upcoming_instance_label")[-1].text == "Tomorrow"
    wait_minutes(phone, 60 * 24 - 50)  # the one-time alarm rings again the next day
    assert d.find(id="alarm_time").text == "9:35 AM"


def test_timer_counts_down_on_the_virtual_clock_and_rings(phone: Phone, d: Driver) -> None:
    d.tap(desc="Timer")
    assert not d.find(id="timer_start").enabled
    for key in "130":
        d.tap(id=f"timer_key_{key}")
    assert d.find(id="timer_setup_time").text == "00h 01m 30s"
    d.tap(id="timer_start")
    phone.wait(30_000)
    assert d.find(id="timer_text_time").text == "01:00"
    d.tap(id="timer_play_pause")
    phone.wait(120_000)
    assert d.find(id="timer_text_time").text == "01:00"
    d.tap(id="timer_play_pause")
    phone.wait(61_000)
    assert d.exists(id="timer_ringing")
    d.tap(id="stop_button")
    assert d.exists(id="timer_setup_time") and state(phone, "timer_end") is None
    assert log(phone, "Timer")[:3] == ["Timer started: 90 s", "Timer paused", "Timer resumed"]


@pytest.mark.parametrize("tab", ["Alarm", "Clock", "Stopwatch", "Bedtime"])
def test_a_timer_rings_in_place_of_any_tab_on_show(phone: Phone, d: Driver, tab: str) -> None:
    d.tap(desc="Timer")
    for key in "10":
        d.tap(id=f"timer_key_{key}")
    d.tap(id="timer_start")
    d.tap(desc=tab)
    phone.wait(9_000)
    assert not d.exists(id="timer_ringing")
    phone.wait(1_000)
    assert d.find(id="timer_expired").text == "Time's up"
    assert phone.foreground == (PACKAGE, MAIN)
    d.tap(id="stop_button")
    assert not d.exists(id="timer_ringing") and d.find(id="toolbar_title").text == tab
    assert state(phone, "timer_end") is None and not phone.notifications.active()


def test_stopwatch_laps_and_reset(phone: Phone, d: Driver) -> None:
    d.tap(desc="Stopwatch")
    d.tap(id="stopwatch_play_pause")
    phone.wait(12_340)
    d.tap(id="stopwatch_lap")
    phone.wait(5_000)
    d.tap(id="stopwatch_lap")
    d.tap(id="stopwatch_play_pause")
    laps = [n.text for n in d.find_all(id="lap_time")]
    assert [n.text for n in d.find_all(id="lap_number")] == ["# 2", "# 1"]
    assert laps[1].startswith("00:12.") and laps[0].startswith("00:05.")
    shown = d.find(id="stopwatch_time_text").text
    phone.wait(10_000)
    assert d.find(id="stopwatch_time_text").text == shown
    d.tap(id="stopwatch_reset")
    assert d.find(id="stopwatch_time_text").text == "00:00.00"
    assert not d.exists(id="lap_time")


def test_world_clock_adds_and_removes_cities(phone: Phone, d: Driver) -> None:
    d.tap(desc="Clock")
    assert d.find(id="date").text == "Thu, October 16"
    d.tap(desc="Add city")
    assert phone.foreground == (PACKAGE, CITIES)
    d.type_into("tok", id="search_src_text")
    d.tap(text="Tokyo")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.find(id="city_name").text == "Tokyo"
    assert d.find(id="city_time").text == "6:30 PM"
    assert d.find(id="city_day").text == "Today, 9 hrs ahead"
    d.long_press(id="city_row")
    d.tap(text="Delete")
    assert not d.exists(id="city_row")
    assert log(phone, "WorldClock") == ["City added: Tokyo", "City removed: Tokyo"]


def test_bedtime_schedule(phone: Phone, d: Driver) -> None:
    d.tap(desc="Bedtime")
    d.tap(id="bedtime_onoff")
    d.tap(id="bedtime_row")
    d.tap(desc="23 o'clock")
    d.tap(desc="15 minutes")
    d.tap(text="OK")
    assert d.find(id="bedtime_time").text == "11:15 PM"
    assert (state(phone, "bedtime_on"), state(phone, "bedtime")) == ("1", str(23 * 60 + 15))


def _many_alarms(phone: Phone, count: int, enabled: int = 1) -> None:
    """``count`` more alarms, none due before 10:00 (one a minute from 10:00 on, wrapping at
    the end of the day), set when the phone's clock read ``START``."""
    set_at = int((START - dt.datetime(1970, 1, 1)).total_seconds() * 1000)
    phone.database(PACKAGE, DATABASE).executemany(
        "INSERT INTO alarm_templates(hour, minutes, enabled, label, quiet_until) "
        "VALUES (?, ?, ?, ?, ?)",
        [((10 + (i // 60)) % 24, i % 60, enabled, f"Filled {i:03d}", set_at) for i in range(count)],
    )


def test_a_long_alarm_list_makes_only_the_cards_in_view(phone: Phone, d: Driver) -> None:
    _many_alarms(phone, 60)
    assert len(d.find_all(id="alarm_card")) < 10
    assert views_made(phone, "alarm_card") < 10
    last = d.scroll_to(max_scrolls=40, desc="10:59 AM alarm")  # the last of the day
    assert views_made(phone, "alarm_card") < 10
    fab = d.find(desc="Add alarm")
    cards = d.find_all(id="alarm_card")
    d.scroll("down")  # the list's end: the last card stands clear of the button
    assert d.find_all(id="alarm_card")[-1].bounds == cards[-1].bounds
    assert cards[-1].bounds.bottom < fab.bounds.top and last.text == ""


def test_a_new_alarm_among_many_is_scrolled_to_the_top(phone: Phone, d: Driver) -> None:
    _many_alarms(phone, 120)
    add_alarm(d, 11, 5)  # after the 65 alarms from 7:00 to 11:04 (10:00 on, one a minute)
    cards = d.find_all(id="digital_clock")
    assert cards[0].text == "11:05 AM" and d.exists(desc="Collapse alarm")
    assert views_made(phone, "alarm_card") < 10


def test_among_many_alarms_the_due_one_rings(phone: Phone, d: Driver) -> None:
    _many_alarms(phone, 200, enabled=0)
    add_alarm(d, 9, 35)
    _many_alarms(phone, 200)
    wait_minutes(phone, 4)
    assert not d.exists(id="alarm_ringing")
    wait_minutes(phone, 1)
    assert d.find(id="alarm_time").text == "9:35 AM"
    d.tap(id="snooze_button")
    wait_minutes(phone, 10)  # snoozed: rings again, whatever else is set near then
    assert d.find(id="alarm_time").text == "9:35 AM"
    d.tap(id="dismiss_button")
    wait_minutes(phone, 15)  # 10:00: the first of the filled alarms rings
    assert d.find(id="alarm_time").text == "10:00 AM"
