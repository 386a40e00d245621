"""The Calendar's tasks: the "New task" button, the task editor, and tasks in the lists."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.calendar import (
    EVENT_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    TASK_ACTIVITY,
    CalendarApp,
)
from mobile_gym.sim.driver import Driver

EPOCH = dt.datetime(1970, 1, 1)


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=5, apps=(CalendarApp,))
    phone.clear_app_data(PACKAGE)
    phone.start_activity(PACKAGE)
    return phone


def _rows(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, "events").execute("SELECT * FROM events ORDER BY id")
    return [dict(row) for row in rows]


def _ts(when: dt.datetime) -> int:
    return int((when - EPOCH).total_seconds())


def _add_task(phone: Phone, title: str, due: dt.datetime) -> int:
    cursor = phone.database(PACKAGE, "events").execute(
        "INSERT INTO events (title, start_ts, end_ts, type) VALUES (?, ?, ?, 1)",
        (title, _ts(due), _ts(due)),
    )
    return int(cursor.lastrowid)


def _logs(phone: Phone) -> list[str]:
    return [line for line in phone.logcat_lines()[0] if " Calendar: " in line]


def test_new_task_opens_with_the_title_focused(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="New task")
    assert phone.foreground == (PACKAGE, TASK_ACTIVITY)
    assert driver.find(id="toolbar_title").text == "New task"
    assert driver.find(id="task_title").focused
    assert not driver.exists(id="task_location")
    assert driver.find(id="task_date").text == "Mon, Jun 3, 2024"
    assert driver.find(id="task_time").text == "10:00"  # the next full hour
    driver.device.send(ev.Text("laundry"))  # straight into the focused title
    assert driver.find(id="task_title").text == "laundry"


def test_a_saved_all_day_task_is_a_task_row(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="New task")
    driver.device.send(ev.Text("laundry"))
    driver.type_into("wash all my clothes", id="task_description")
    driver.tap(id="task_all_day")
    assert not driver.exists(id="task_time")
    driver.tap(desc="Save")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    [row] = _rows(phone)
    assert (row["title"], row["description"], row["flags"], row["type"]) == (
        "laundry",
        "wash all my clothes",
        1,
        1,
    )
    assert row["start_ts"] == row["end_ts"] == _ts(dt.datetime(2024, 6, 3))
    assert _logs(phone)[-1].endswith(
        f"Task added: id={row['id']} title=laundry start=2024-06-03 00:00 end=2024-06-03 00:00"
    )
    assert driver.exists(text="Task added")
    assert driver.exists(id="day_monthly_event_id", text="laundry")


def test_a_task_without_a_title_is_not_saved(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="New task")
    driver.tap(desc="Save")
    assert driver.exists(text="Title cannot be empty")
    driver.tap(desc="Navigate up")
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
    assert _rows(phone) == []


def test_new_event_stays_an_event_with_nothing_focused(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="New event")
    assert phone.foreground == (PACKAGE, EVENT_ACTIVITY)
    assert not driver.find(id="event_title").focused
    driver.type_into("Picnic", id="event_title")
    driver.tap(desc="Save")
    [row] = _rows(phone)
    assert (row["title"], row["type"]) == ("Picnic", 0)
    assert row["end_ts"] - row["start_ts"] == 3600


def test_a_task_opens_in_the_task_editor_and_moves_with_its_date(
    phone: Phone, driver: Driver
) -> None:
    task_id = _add_task(phone, "Water plants", dt.datetime(2024, 6, 12, 18))
    driver.tap(desc="June 12")
    driver.tap(text="Water plants")
    assert phone.foreground == (PACKAGE, TASK_ACTIVITY)
    assert driver.find(id="toolbar_title").text == "Edit task"
    assert not driver.find(id="task_title").focused
    driver.tap(id="task_date")
    driver.tap(desc="14 June 2024")
    driver.tap(text="OK")
    driver.tap(desc="Save")
    [row] = _rows(phone)
    assert row["start_ts"] == row["end_ts"] == _ts(dt.datetime(2024, 6, 14, 18))
    assert f"Task updated: id={task_id} title=Water plants" in _logs(phone)[-1]


def test_deleting_a_task_asks_first(phone: Phone, driver: Driver) -> None:
    _add_task(phone, "Pay rent", dt.datetime(2024, 6, 3, 12))
    driver.tap(desc="June 3")
    driver.tap(text="Pay rent")
    driver.tap(desc="Delete")
    assert driver.find(id="alertTitle").text == "Delete task?"
    driver.tap(text="Delete", class_="android.widget.Button")
    assert _rows(phone) == []
    assert phone.foreground == (PACKAGE, MAIN_ACTIVITY)
