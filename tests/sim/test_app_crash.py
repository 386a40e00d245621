"""Apps whose code raises crash as on Android: the process dies, "<App> keeps stopping"
shows (in pixels and in the hierarchy), logcat has the crash; the phone itself never wedges."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.base import App
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.interaction import InputRouter
from mobile_gym.sim.system.launcher import LAUNCHER
from mobile_gym.sim.system.storage import database_path
from tests.sim.conftest import open_app
from tests.sim.crashing_app import LABEL, CrashingApp, other_schema
from tests.sim.sample_app import SampleApp

NOTES = "com.simplemobiletools.notes.pro"
NOTES_DB = database_path(NOTES, "notes")
SETTINGS = "com.android.settings"


def crash_lines(phone: Phone) -> list[str]:
    """The logcat lines of crashes and process deaths, as ``logcat -v brief`` prints them."""
    lines, _ = phone.logcat_lines(fmt="brief")
    return [line for line in lines if "AndroidRuntime" in line or "has died" in line]


def dialog_title(phone: Phone) -> str | None:
    found = Driver(phone).find_all(resource_id="android:id/alertTitle", package="android")
    return found[0].text if found else None


def test_a_database_of_another_schema_crashes_the_app_with_androids_dialog(
    phone: Phone, driver: Driver
) -> None:
    driver.key("HOME")
    home = phone.screenshot().copy()
    phone.write_file(NOTES_DB, other_schema())
    open_app(driver, "Notes")

    title = driver.find(text="Notes keeps stopping")  # the app crashes as it is first drawn
    assert phone.foreground_package == LAUNCHER
    assert NOTES not in phone.recent_packages() and NOTES not in phone.pids
    assert (title.package, title.resource_id) == ("android", "android:id/alertTitle")
    app_info = driver.find(text="App info")
    close = driver.find(text="Close app")
    assert (app_info.resource_id, close.resource_id) == (
        "android:id/aerr_app_info",
        "android:id/aerr_close",
    )
    assert app_info.clickable and close.clickable
    shown = phone.screenshot()
    assert not np.array_equal(shown, home)
    left, top, right, bottom = title.bounds
    assert len(np.unique(shown[top:bottom, left:right].reshape(-1, 3), axis=0)) > 2  # text drawn

    lines = crash_lines(phone)
    pid = int(lines[1].rsplit("PID: ", 1)[1])
    assert lines[:3] == [
        f"E/AndroidRuntime({pid:5d}): FATAL EXCEPTION: main",
        f"E/AndroidRuntime({pid:5d}): Process: {NOTES}, PID: {pid}",
        f"E/AndroidRuntime({pid:5d}): android.database.sqlite.SQLiteException: "
        "no such table: notes (code 1 SQLITE_ERROR)",
    ]
    assert any(line.startswith(f"E/AndroidRuntime({pid:5d}): \tat ") for line in lines)
    assert lines[-1].endswith(f"ActivityManager(  580): Process {NOTES} (pid {pid}) has died")

    driver.tap(text="Close app")
    assert dialog_title(phone) is None
    assert np.array_equal(phone.screenshot(), home)


@pytest.mark.parametrize(
    "app",
    [app for app in DEFAULT_APPS if app.schemas and app.in_launcher],  # not the servers
    ids=lambda app: app.label,
)
def test_every_app_crashes_cleanly_on_databases_of_another_schema(
    phone: Phone, app: type[App]
) -> None:
    for name in app.schemas:
        phone.write_file(database_path(app.package, name), other_schema())
    phone.launch(app.package)
    assert dialog_title(phone) == f"{app.label} keeps stopping"
    assert phone.foreground_package == LAUNCHER
    assert f"Process: {app.package}, PID: " in "\n".join(crash_lines(phone))
    assert phone.screenshot().shape == (phone.display.height, phone.display.width, 3)


def test_relaunching_crashes_again_until_the_data_is_restored(phone: Phone) -> None:
    good = phone.read_file(NOTES_DB)
    phone.write_file(NOTES_DB, other_schema())
    phone.launch(NOTES)
    assert dialog_title(phone) == "Notes keeps stopping"
    phone.key("BACK")
    phone.launch(NOTES)
    assert dialog_title(phone) == "Notes keeps stopping"
    deaths = [line for line in crash_lines(phone) if "has died" in line]
    assert len(deaths) == 2 and deaths[0] != deaths[1]  # a new process each time

    phone.key("BACK")
    phone.write_file(NOTES_DB, good)
    phone.launch(NOTES)
    assert phone.foreground_package == NOTES
    assert dialog_title(phone) is None
    assert Driver(phone).exists(package=NOTES)


@pytest.mark.parametrize("way", ["BACK", "HOME", "APP_SWITCH", "tap outside"])
def test_back_home_recents_and_a_tap_outside_close_the_dialog(phone: Phone, way: str) -> None:
    phone.write_file(NOTES_DB, other_schema())
    phone.launch(NOTES)
    assert dialog_title(phone) is not None
    if way == "tap outside":
        phone.send_all(ev.tap(phone.display.width / 2, phone.display.height * 0.15))
    else:
        phone.key(way)
    assert dialog_title(phone) is None
    assert phone.foreground_package == LAUNCHER


@pytest.mark.parametrize("where", ["Close app", "outside"])
def test_a_tap_that_finds_the_app_crashed_ends_with_it(phone: Phone, where: str) -> None:
    """The database goes bad under the open app; the next tap is looked up on a screen
    brought up to date, where the app has crashed: it reaches nothing, not the dialog."""
    phone.launch(NOTES)
    assert Driver(phone).exists(package=NOTES)
    phone.write_file(NOTES_DB, other_schema())
    x, y = phone.display.width / 2, phone.display.height * 0.15
    if where == "Close app":  # where the dialog's button will be
        probe = Phone(seed=0)
        probe.write_file(NOTES_DB, other_schema())
        probe.launch(NOTES)
        x, y = Driver(probe).find(text="Close app").bounds.center
    phone.send_all(ev.tap(x, y))
    assert dialog_title(phone) == "Notes keeps stopping"


def test_a_touch_in_progress_when_the_app_crashes_is_cancelled(phone: Phone) -> None:
    phone.launch(NOTES)
    assert Driver(phone).exists(package=NOTES)
    phone.write_file(NOTES_DB, other_schema())
    w, h = phone.display.width, phone.display.height
    phone.touch(w / 2, h * 0.15)
    phone.touch(w / 2 + 1, h * 0.15)  # moved: what is under the finger is looked up
    assert dialog_title(phone) == "Notes keeps stopping"
    phone.touch(w / 2 + 2, h * 0.15)
    phone.lift()
    assert dialog_title(phone) == "Notes keeps stopping"


def test_a_swipe_does_not_reach_the_app_under_the_dialog(phone: Phone) -> None:
    phone.write_file(NOTES_DB, other_schema())
    phone.launch(NOTES)
    assert dialog_title(phone) is not None
    home = [(s.activity, s.args, dict(s.state)) for s in phone.tasks[LAUNCHER]]
    w, h = phone.display.width, phone.display.height
    phone.send_all(ev.drag(w / 2, h * 0.9, w / 2, h * 0.5))  # opens the drawer on home
    assert dialog_title(phone) == "Notes keeps stopping"
    assert [(s.activity, s.args, s.state) for s in phone.tasks[LAUNCHER]] == home


def test_app_info_closes_the_dialog_and_opens_settings(phone: Phone) -> None:
    phone.write_file(NOTES_DB, other_schema())
    phone.launch(NOTES)
    Driver(phone).tap(text="App info")
    assert dialog_title(phone) is None
    assert phone.foreground_package == SETTINGS


def test_the_dialog_is_part_of_a_snapshot(phone: Phone) -> None:
    phone.write_file(NOTES_DB, other_schema())
    phone.launch(NOTES)
    crashed = phone.snapshot()
    shown = phone.screenshot().copy()
    phone.key("BACK")
    assert dialog_title(phone) is None
    phone.restore(crashed)
    assert dialog_title(phone) == "Notes keeps stopping"
    assert np.array_equal(phone.screenshot(), shown)


def test_a_handler_failing_on_the_database_crashes_the_app(sample: Phone) -> None:
    sample.write_file(database_path(SampleApp.package, "events"), other_schema())
    sample.launch(SampleApp.package)
    Driver(sample).tap(text="Row 3")
    assert dialog_title(sample) == "Sample keeps stopping"
    assert sample.foreground_package == LAUNCHER
    assert any(
        line.endswith(
            "android.database.sqlite.SQLiteException: no such table: events (code 1 SQLITE_ERROR)"
        )
        for line in crash_lines(sample)
    )


@pytest.mark.parametrize(
    ("button", "exception"),
    [
        ("divide", "ZeroDivisionError: integer division or modulo by zero"),
        ("broken", "LookupError: no layout for this screen"),
        ("rows", "IndexError: row 0 has no view"),
    ],
    ids=["in a handler", "building a screen", "making a list row"],
)
def test_an_exception_from_an_apps_code_crashes_that_app(button: str, exception: str) -> None:
    phone = Phone(seed=0, apps=[CrashingApp])
    phone.launch(CrashingApp.package)
    Driver(phone).tap(id=button)
    assert dialog_title(phone) == f"{LABEL} keeps stopping"
    assert phone.foreground_package == LAUNCHER and CrashingApp.package not in phone.pids
    lines = crash_lines(phone)
    assert any(line.endswith(f"): {exception}") for line in lines)
    assert any("\tat tests.sim.crashing_app.CrashingApp." in line for line in lines)


def test_an_app_failing_as_it_leaves_crashes_and_home_still_shows() -> None:
    phone = Phone(seed=0, apps=[CrashingApp])
    phone.launch(CrashingApp.package)
    Driver(phone).tap(id="arm")
    phone.key("HOME")
    assert phone.foreground_package == LAUNCHER
    assert dialog_title(phone) == f"{LABEL} keeps stopping"
    assert any(
        line.endswith("RuntimeError: could not save the draft") for line in crash_lines(phone)
    )


def test_a_bug_of_the_phone_while_building_an_app_window_is_raised(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_reconcile(*args: object) -> None:
        raise RuntimeError("the phone's own bug")

    phone.launch(NOTES)
    monkeypatch.setattr("mobile_gym.sim.screen.reconcile", broken_reconcile)
    with pytest.raises(RuntimeError, match="the phone's own bug"):
        phone.screenshot()
    assert crash_lines(phone) == []


def test_a_bug_of_the_phone_while_handling_input_is_raised(
    phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_tap(self: InputRouter, x: float, y: float) -> None:
        raise RuntimeError("the phone's own bug")

    monkeypatch.setattr(InputRouter, "tap", broken_tap)
    with pytest.raises(RuntimeError, match="the phone's own bug"):
        phone.send_all(ev.tap(100, 1000))
    assert crash_lines(phone) == []
