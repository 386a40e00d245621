"""The Calendar app, used end to end through raw input only (taps, drags, text, keys)."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.calendar import EVENT_ACTIVITY, MAIN_ACTIVITY, PACKAGE, CalendarApp
from mobile_gym.sim.apps.calendar.events import SEED_TITLES
from mobile_gym.sim.driver import Driver
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import step_actions
from tests.sim.conftest import statements_while_rebuilt, views_made

SEED = 5
TODAY = dt.date(2024, 6, 3)  # the phone's default date (a Monday)
EPOCH = dt.datetime(1970, 1, 1)


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED, apps=(CalendarApp,))


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with the Calendar opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(desc="Calendar")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    return driver


def _events(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, "events").execute("SELECT * FROM events ORDER BY id")
    return [dict(row) for row in rows]


def _ts(when: dt.datetime) -> int:
    return int((when - EPOCH).total_seconds())


def _add(phone: Phone, title: str, start: dt.datetime, minutes: int = 60, **extra) -> int:
    row = {"title": title, "start_ts": _ts(start), "end_ts": _ts(start) + 60 * minutes, **extra}
    cursor = phone.database(PACKAGE, "events").execute(
        f"INSERT INTO events ({', '.join(row)}) VALUES ({', '.join('?' * len(row))})",
        tuple(row.values()),
    )
    return int(cursor.lastrowid)


def _logs(phone: Phone) -> list[str]:
    return [line for line in phone.logcat_lines()[0] if " Calendar: " in line]


def _texts(driver: Driver, id: str) -> list[str]:
    return [node.text for node in driver.find_all(id=id)]


def _month(driver: Driver) -> str:
    return driver.find(id="top_value").text


def test_seeded_events_surround_the_phone_date() -> None:
    rows = _events(Phone(seed=SEED, apps=(CalendarApp,)))
    assert 14 <= len(rows) <= 19
    days = [(EPOCH + dt.timedelta(seconds=r["start_ts"])).date() for r in rows]
    assert all(abs((day - TODAY).days) <= 40 for day in days)
    assert {r["title"] for r in rows} <= SEED_TITLES
    assert rows == _events(Phone(seed=SEED, apps=(CalendarApp,)))
    assert rows != _events(Phone(seed=SEED + 1, apps=(CalendarApp,)))


def test_month_grid_shows_six_weeks_and_the_events_of_each_day(
    phone: Phone, driver: Driver
) -> None:
    assert _month(driver) == "June 2024"
    cells = [
        n for n in driver.find_all(clickable="true") if re.search(r"id/day_\d+$", n.resource_id)
    ]
    assert [c.resource_id.rsplit("/", 1)[1] for c in cells] == [f"day_{i}" for i in range(42)]
    assert cells[0].desc == "May 26"  # weeks start on Sunday
    assert cells[-1].desc == "July 6"
    assert driver.find(desc="June 3").selected  # today
    assert not driver.exists(desc="Go to today")  # today's month is shown
    start = _ts(dt.datetime(2024, 6, 12, 9))
    _add(phone, "Budget review", EPOCH + dt.timedelta(seconds=start))
    cell = driver.find(desc="June 12")
    labels = [
        n.text
        for n in driver.find_all(id="day_monthly_event_id")
        if cell.bounds.contains(*n.bounds.center)
    ]
    assert "Budget review" in labels


def test_arrows_and_swipes_change_the_month_and_go_to_today_returns(driver: Driver) -> None:
    driver.tap(desc="Next month")
    assert _month(driver) == "July 2024"
    assert driver.find(desc="July 1")
    driver.tap(desc="Next month")
    assert _month(driver) == "August 2024"
    driver.send_all(ev.drag(900, 1200, 150, 1200))  # swipe left: the next month
    assert _month(driver) == "September 2024"
    driver.send_all(ev.drag(150, 1200, 900, 1200))  # swipe right: the previous month
    assert _month(driver) == "August 2024"
    driver.tap(desc="Go to today")
    assert _month(driver) == "June 2024"
    assert not driver.exists(desc="Go to today")
    for _ in range(6):
        driver.tap(desc="Previous month")
    assert _month(driver) == "December 2023"


def test_a_day_lists_its_events_and_back_returns_to_the_month(phone: Phone, driver: Driver) -> None:
    _add(phone, "Standup", dt.datetime(2024, 6, 20, 9), 15, location="Room 2")
    _add(phone, "Conference", dt.datetime(2024, 6, 20), 0, flags=1)
    _add(phone, "Late call", dt.datetime(2024, 6, 20, 22, 30), 30)
    driver.tap(desc="June 20")
    assert _month(driver) == "Thursday, June 20, 2024"
    titles = _texts(driver, "event_item_title")
    assert titles[0] == "Conference"  # all-day events first, then by time
    assert titles.index("Standup") < titles.index("Late call")
    assert "All-day" in _texts(driver, "event_item_start")
    assert "Room 2" in _texts(driver, "event_item_description")

    driver.tap(desc="Next day")
    assert _month(driver) == "Friday, June 21, 2024"
    driver.key("BACK")
    assert _month(driver) == "June 2024"
    driver.key("BACK")
    assert phone.foreground[0] != PACKAGE


def test_change_view_to_the_event_list(phone: Phone, driver: Driver) -> None:
    _add(phone, "Yesterday's lunch", dt.datetime(2024, 6, 2, 12))
    _add(phone, "Tomorrow's lunch", dt.datetime(2024, 6, 4, 12))
    driver.tap(desc="Change view")
    assert driver.find(id="alertTitle").text == "Change view"
    assert driver.find(id="view_month").checked
    driver.tap(text="Simple event list")
    assert not driver.exists(id="alertTitle")
    assert driver.exists(id="calendar_events_list")
    titles = _texts(driver, "event_item_title")
    assert "Tomorrow's lunch" in titles and "Yesterday's lunch" not in titles
    assert _logs(phone)[-1].endswith("View changed: Simple event list")
    driver.tap(desc="Change view")
    driver.tap(text="Daily view")
    assert _month(driver) == "Monday, June 3, 2024"


def _scrolled_through(driver: Driver, list_id: str, last: str) -> list[str]:
    """The events' titles list ``list_id`` shows, in order, scrolled down to ``last``."""
    read: list[str] = []
    for _ in range(200):
        read += [title for title in _texts(driver, "event_item_title") if title not in read]
        if last in read:
            break
        driver.scroll("down", id=list_id)
    return read


def test_a_long_event_list_makes_only_its_rows_in_view_and_scrolls_through_all(
    phone: Phone, driver: Driver
) -> None:
    for n in range(120):
        start = dt.datetime(2024, 6, 10 + n // 8, 8 + n % 8)
        _add(phone, f"Shift {n:03d}", start, location="Depot" if n % 3 else "")
    driver.tap(desc="Change view")
    driver.tap(text="Simple event list")
    assert views_made(phone, "event_item_holder") < 20  # only the rows in view are made
    read = _scrolled_through(driver, "calendar_events_list", "Shift 119")
    shifts = [title for title in read if title.startswith("Shift ")]
    assert shifts == [f"Shift {n:03d}" for n in range(120)]  # in order, none skipped
    days = _texts(driver, "event_section_title")
    assert days and days[-1] == "Monday, June 24"  # each day under its title
    _add(phone, "Shift 120", dt.datetime(2024, 6, 24, 20))
    assert _texts(driver, "event_item_title")[-1] == "Shift 120"  # the list follows the events


def test_a_busy_day_makes_only_its_rows_in_view_and_scrolls_through_all(
    phone: Phone, driver: Driver
) -> None:
    for n in range(300):
        start = dt.datetime(2024, 6, 20, 8) + dt.timedelta(minutes=2 * n)
        _add(phone, f"Slot {n:03d}", start, 30, location="Hall B" if n % 3 else "")
    _add(phone, "Fair", dt.datetime(2024, 6, 20), 0, flags=1)  # all day: listed first
    _add(phone, "Night shift", dt.datetime(2024, 6, 19, 22), 4 * 60)  # from the day before
    driver.tap(desc="June 20")
    assert views_made(phone, "event_item_holder") < 30  # only the rows in view are made
    read = _scrolled_through(driver, "day_events", "Slot 299")
    assert read == ["Fair", "Night shift", *(f"Slot {n:03d}" for n in range(300))]
    assert views_made(phone, "event_item_holder") < 30
    _add(phone, "Closing party", dt.datetime(2024, 6, 20, 23, 30))
    driver.scroll("down", id="day_events")
    assert _texts(driver, "event_item_title")[-1] == "Closing party"  # shown at once
    phone.database(PACKAGE, "events").execute("DELETE FROM events WHERE title = 'Slot 299'")
    assert "Slot 299" not in _texts(driver, "event_item_title")


def _rebuilt(phone: Phone) -> list[str]:
    """The statements reading events while the screen is built again, unchanged."""
    phone.hierarchy_xml()
    statements = statements_while_rebuilt(phone, phone.database(PACKAGE, "events"))
    return [s for s in statements if "FROM events" in s]


def _cell_texts(driver: Driver, desc: str) -> list[str]:
    cell = driver.find(desc=desc)
    return [
        n.text
        for n in driver.find_all(text="*")
        if n.text and cell.bounds.contains(*n.bounds.center)
    ]


def test_a_busy_month_is_sorted_into_its_days_once_until_its_events_change(
    phone: Phone, driver: Driver
) -> None:
    for n in range(600):  # June 1 to 30, 20 a day
        _add(phone, f"Visit {n:03d}", dt.datetime(2024, 6, 1 + n % 30, 9, n // 30))
    _add(phone, "Retreat", dt.datetime(2024, 6, 11), 2 * 24 * 60, flags=1)  # June 11 to 13
    driver.tap(desc="Next month")
    driver.tap(desc="Previous month")
    assert _rebuilt(phone) == []  # nothing is read again
    assert _cell_texts(driver, "June 12") == ["12", "Retreat", "Visit 011", "Visit 041", "+18"]
    assert _cell_texts(driver, "June 10") == ["10", "Visit 009", "Visit 039", "Visit 069", "+17"]
    assert _cell_texts(driver, "July 1") == ["1"]
    _add(phone, "Early bird", dt.datetime(2024, 6, 10, 7))
    assert _cell_texts(driver, "June 10") == ["10", "Early bird", "Visit 009", "Visit 039", "+18"]
    phone.database(PACKAGE, "events").execute("DELETE FROM events WHERE title = 'Retreat'")
    assert _cell_texts(driver, "June 12") == ["12", "Visit 011", "Visit 041", "Visit 071", "+17"]


def test_a_search_finding_many_events_is_grouped_once_until_the_events_change(
    phone: Phone, driver: Driver
) -> None:
    for n in range(300):
        _add(phone, f"Rehearsal {n:03d}", dt.datetime(2024, 7, 1 + n // 10, 8 + n % 10))
    driver.type_into("rehearsal", id="top_toolbar_search")
    assert _rebuilt(phone) == []  # nothing is read again
    assert _texts(driver, "event_section_title")[0] == "Monday, July 1"
    assert _texts(driver, "event_item_title")[:2] == ["Rehearsal 000", "Rehearsal 001"]
    _add(phone, "Rehearsal dinner", dt.datetime(2024, 6, 30, 19))
    assert _texts(driver, "event_section_title")[0] == "Sunday, June 30"  # shown at once
    assert _texts(driver, "event_item_title")[0] == "Rehearsal dinner"


def test_search_finds_events_by_title_and_location(phone: Phone, driver: Driver) -> None:
    _add(phone, "Sprint planning", dt.datetime(2024, 5, 2, 10), location="Harbor office")
    _add(phone, "Harbor cruise", dt.datetime(2024, 7, 9, 18))
    driver.type_into("harbor", id="top_toolbar_search")
    assert driver.exists(id="search_results_list")
    assert _texts(driver, "event_item_title") == ["Sprint planning", "Harbor cruise"]
    assert _texts(driver, "event_section_title") == ["Thursday, May 2", "Tuesday, July 9"]
    driver.tap(text="Harbor cruise")
    assert phone.foreground == (PACKAGE, EVENT_ACTIVITY)
    assert driver.find(id="event_title").text == "Harbor cruise"
    driver.key("BACK")
    driver.tap(desc="Clear query")
    driver.type_into("no such thing", id="top_toolbar_search")
    assert driver.find(id="search_placeholder").text == "No events found"
    driver.key("BACK")  # hides the keyboard
    driver.key("BACK")  # clears the search
    assert driver.find(id="top_toolbar_search").text == "Search"
    assert _month(driver) == "June 2024"


def test_search_ignores_case_beyond_ascii(phone: Phone, driver: Driver) -> None:
    _add(phone, "Ärztin", dt.datetime(2024, 6, 5, 9), location="Praxis Öhler")
    _add(phone, "Lunch", dt.datetime(2024, 6, 6, 12), location="Café Élysée")
    driver.type_into("ärztin", id="top_toolbar_search")
    assert _texts(driver, "event_item_title") == ["Ärztin"]
    driver.tap(desc="Clear query")
    driver.type_into("ÉLYSÉE", id="top_toolbar_search")
    assert _texts(driver, "event_item_title") == ["Lunch"]


def test_new_event_from_a_day_with_a_picked_time(phone: Phone, driver: Driver) -> None:
    before = len(_events(phone))
    driver.tap(desc="June 14")
    driver.tap(desc="New event")
    assert phone.foreground == (PACKAGE, EVENT_ACTIVITY)
    assert driver.find(id="toolbar_title").text == "New event"
    assert driver.find(id="event_start_date").text == "Fri, Jun 14, 2024"
    assert driver.find(id="event_start_time").text == "10:00"  # the next full hour
    assert driver.find(id="event_end_time").text == "11:00"
    assert driver.find(id="event_reminder_1").text == "10 minutes before"
    driver.type_into("Dentist", id="event_title")
    driver.type_into("Main street 4", id="event_location")
    driver.tap(id="event_start_time")
    assert driver.find(id="alertTitle").text == "Select time"
    driver.tap(desc="15 o'clock")
    assert driver.find(id="hours").text == "15"
    driver.tap(desc="45 minutes")  # tapping the hour moved on to the minutes
    driver.tap(text="OK")
    assert driver.find(id="event_start_time").text == "15:45"
    assert driver.find(id="event_end_time").text == "16:45"  # the length is kept
    driver.tap(desc="Save")

    rows = _events(phone)
    assert len(rows) == before + 1
    new = rows[-1]
    assert (new["title"], new["location"], new["flags"]) == ("Dentist", "Main street 4", 0)
    assert new["start_ts"] == _ts(dt.datetime(2024, 6, 14, 15, 45))
    assert new["end_ts"] == _ts(dt.datetime(2024, 6, 14, 16, 45))
    assert new["reminder_1_minutes"] == 10
    assert _logs(phone)[-1].endswith(
        f"Event added: id={new['id']} title=Dentist start=2024-06-14 15:45 end=2024-06-14 16:45"
    )
    assert driver.exists(text="Event added")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    assert "Dentist" in _texts(driver, "event_item_title")  # back on June 14


def test_an_event_needs_a_title_and_cannot_end_before_it_starts(
    phone: Phone, driver: Driver
) -> None:
    before = _events(phone)
    driver.tap(desc="New event")
    driver.tap(desc="Save")
    assert driver.exists(text="Title cannot be empty")
    assert phone.foreground == (PACKAGE, EVENT_ACTIVITY)
    driver.type_into("Backwards", id="event_title")
    driver.tap(id="event_end_date")
    assert driver.find(id="date_picker_header").text == "Mon, Jun 3"
    driver.tap(desc="Previous month")
    assert driver.find(id="month_view").text == "May 2024"
    driver.tap(desc="31 May 2024")
    driver.tap(text="OK")
    assert driver.find(id="event_end_date").text == "Fri, May 31, 2024"
    driver.tap(desc="Save")
    assert driver.exists(text="The event cannot end before it starts")
    assert _events(phone) == before
    driver.tap(desc="Navigate up")  # discards the new event
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    assert _events(phone) == before


def test_the_date_picker_hides_the_keyboard(phone: Phone, driver: Driver) -> None:
    """The keyboard of the title field goes down as the date picker opens (the app hides it
    before it shows a picker), and stays down once it closes; the field keeps its text and
    takes the keyboard again when tapped."""
    driver.tap(desc="New event")
    driver.type_into("Trip", id="event_title")
    assert phone.keyboard_shown
    driver.tap(id="event_start_date")
    assert not phone.keyboard_shown
    picker = driver.find(id="date_picker_header").bounds
    assert picker.bottom <= phone.display.height
    assert driver.exists(text="OK")
    driver.tap(text="OK")
    assert not phone.keyboard_shown
    driver.tap(id="event_title")
    assert phone.keyboard_shown
    assert driver.find(id="event_title").text == "Trip"


def test_moving_the_start_date_moves_the_end_and_all_day_saves_whole_days(
    phone: Phone, driver: Driver
) -> None:
    driver.tap(desc="New event")
    driver.type_into("Trip", id="event_title")
    driver.tap(id="event_start_date")
    driver.tap(desc="Next month")
    driver.tap(desc="2 July 2024")
    driver.tap(text="OK")
    assert driver.find(id="event_end_date").text == "Tue, Jul 2, 2024"
    driver.tap(id="event_end_date")
    driver.tap(desc="5 July 2024")
    driver.tap(text="OK")
    driver.tap(id="event_all_day")
    assert not driver.exists(id="event_start_time")
    driver.tap(desc="Save")
    new = _events(phone)[-1]
    assert new["flags"] == 1
    assert new["start_ts"] == _ts(dt.datetime(2024, 7, 2))
    assert new["end_ts"] == _ts(dt.datetime(2024, 7, 5))
    driver.tap(desc="Next month")
    for day in (2, 3, 4, 5):
        cell = driver.find(desc=f"July {day}")
        assert any(
            n.text == "Trip" and cell.bounds.contains(*n.bounds.center)
            for n in driver.find_all(id="day_monthly_event_id")
        )


def test_reminders_are_chosen_from_a_list_and_more_can_be_added(
    phone: Phone, driver: Driver
) -> None:
    event_id = _add(phone, "Piano", dt.datetime(2024, 6, 5, 17), reminder_1_minutes=10)
    driver.tap(desc="June 5")
    driver.tap(text="Piano")
    assert driver.find(id="toolbar_title").text == "Edit event"
    driver.tap(id="event_reminder_1")
    driver.tap(text="30 minutes before")
    assert driver.find(id="event_reminder_1").text == "30 minutes before"
    assert driver.find(id="event_reminder_2").text == "Add another reminder"
    driver.tap(id="event_reminder_2")
    driver.tap(text="1 day before")
    driver.tap(desc="Save")
    row = next(r for r in _events(phone) if r["id"] == event_id)
    assert (row["reminder_1_minutes"], row["reminder_2_minutes"]) == (30, 1440)
    assert row["reminder_3_minutes"] == -1
    assert f"Event updated: id={event_id} title=Piano" in _logs(phone)[-1]


def test_a_custom_reminder_takes_minutes_hours_or_days(phone: Phone, driver: Driver) -> None:
    event_id = _add(phone, "Talk", dt.datetime(2024, 6, 5, 17), reminder_1_minutes=10)
    driver.tap(desc="June 5")
    driver.tap(text="Talk")
    driver.tap(id="event_reminder_1")
    driver.tap(id="reminder_1_custom")
    driver.tap(text="OK")  # no value: refused, the dialog stays
    assert driver.exists(id="dialog_custom_interval_value")
    phone.send(ev.Text("3"))
    driver.tap(id="dialog_radio_days")
    driver.tap(text="OK")
    assert driver.find(id="event_reminder_1").text == "3 days before"
    driver.tap(id="event_reminder_2")
    driver.tap(text="1 week before")
    driver.tap(id="event_reminder_3")
    driver.tap(id="reminder_3_custom")
    assert driver.find(id="dialog_radio_minutes").checked  # each custom value starts in minutes
    phone.send(ev.Text("90"))
    driver.tap(text="OK")
    assert driver.find(id="event_reminder_3").text == "90 minutes before"
    driver.tap(desc="Save")
    row = next(r for r in _events(phone) if r["id"] == event_id)
    assert (row["reminder_1_minutes"], row["reminder_2_minutes"]) == (4320, 10080)
    assert row["reminder_3_minutes"] == 90


def test_adding_a_location_to_an_event(phone: Phone, driver: Driver) -> None:
    event_id = _add(phone, "Brunch", dt.datetime(2024, 6, 9, 11))
    driver.tap(desc="June 9")
    driver.tap(text="Brunch")
    assert driver.find(id="event_location").text == "Location"  # the hint: no location yet
    driver.type_into("Cafe Lumen", id="event_location")
    driver.tap(desc="Save")
    row = next(r for r in _events(phone) if r["id"] == event_id)
    assert row["location"] == "Cafe Lumen"
    assert row["start_ts"] == _ts(dt.datetime(2024, 6, 9, 11))
    assert driver.exists(text="Event updated")


def test_delete_asks_first(phone: Phone, driver: Driver) -> None:
    event_id = _add(phone, "Haircut appointment", dt.datetime(2024, 6, 11, 16))
    driver.tap(desc="June 11")
    driver.tap(text="Haircut appointment")
    driver.tap(desc="Delete")
    assert driver.find(id="alertTitle").text == "Delete event?"
    driver.tap(text="Cancel")
    assert any(r["id"] == event_id for r in _events(phone))
    driver.tap(desc="Delete")
    driver.tap(text="Delete", class_="android.widget.Button")
    assert all(r["id"] != event_id for r in _events(phone))
    assert _logs(phone)[-1].endswith(f"Event deleted: id={event_id} title=Haircut appointment")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    assert "Haircut appointment" not in _texts(driver, "event_item_title")


def test_an_editor_whose_event_was_deleted_closes(phone: Phone, driver: Driver) -> None:
    event_id = _add(phone, "Ghost", dt.datetime(2024, 6, 6, 8))
    driver.tap(desc="June 6")
    driver.tap(text="Ghost")
    phone.database(PACKAGE, "events").execute("DELETE FROM events WHERE id = ?", (event_id,))
    assert "Ghost" not in _texts(driver, "event_item_title")  # the next frame closes it
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)


def test_the_calendar_follows_the_phone_date(phone: Phone) -> None:
    phone.set_time(dt.datetime(2025, 2, 10, 23, 30))
    driver = Driver(phone)
    driver.tap(desc="Calendar")
    assert _month(driver) == "February 2025"
    assert driver.find(desc="February 10").selected
    driver.tap(desc="New event")
    # the next full hour is tomorrow
    assert driver.find(id="event_start_date").text == "Tue, Feb 11, 2025"
    assert driver.find(id="event_start_time").text == "00:00"


def test_the_delete_task_fails_when_the_other_event_is_deleted() -> None:
    env = MobileEnv("simpletools.calendar.delete_event")
    env.reset(seed=4)
    values = env.episode.values
    for step in (
        {"click": {"text": "Calendar"}},
        {"click": {"desc": f"June {values['other_d']}"}},
        {"click": {"id": "event_item_title", "text": values["title"]}},
        {"click": {"desc": "Delete"}},
        {"click": {"text": "Delete"}},
    ):
        sequence = step_actions(
            SolutionStep.model_validate(step), env.device.hierarchy_xml(), env.device.size
        )
        _, _, terminated, _, info = actions.play(env, sequence)
    assert terminated and info["failure"] and not info["success"]
    assert "deleted_wrong_event" in info["events"]
