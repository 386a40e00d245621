"""System behaviour: keyboard, back stack, app switching, status bar, toasts, logcat, storage."""

from __future__ import annotations

import re
import sqlite3

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.keyboard import IME_PACKAGE, Key
from mobile_gym.sim.system.logcat import Logcat
from mobile_gym.sim.ui.view import walk
from tests.sim.conftest import open_app, open_drawer
from tests.sim.sample_app import PACKAGE, SampleApp


def _form(sample: Phone) -> Driver:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    return driver


def test_focusing_a_field_shows_the_keyboard_which_takes_screen_space(sample: Phone) -> None:
    driver = _form(sample)
    app_bottom = driver.find(package=PACKAGE).bounds.bottom
    assert not driver.exists(package=IME_PACKAGE)
    driver.tap(id="name")
    board = driver.find(package=IME_PACKAGE, id="keyboard_view").bounds
    assert driver.find(package=PACKAGE).bounds.bottom == board.top < app_bottom
    assert driver.find(id="name").focused
    driver.tap(desc="Shift")
    driver.tap(text="H")  # shift capitalises one letter
    driver.tap(text="i")
    driver.tap(desc="Space")
    driver.tap(desc="Symbols")
    assert not driver.exists(text="a")
    driver.tap(text="7")
    driver.tap(desc="Delete")
    driver.tap(text="!")
    assert driver.find(id="name").text == "Hi !"
    driver.tap(desc="Letters")
    assert driver.exists(text="a") and not driver.exists(text="7")


def test_keyboard_typing_and_the_back_key(sample: Phone) -> None:
    driver = _form(sample)
    driver.tap(id="name")
    driver.tap(desc="Shift")
    for label in ("A", "d", "a"):
        driver.tap(text=label)
    assert driver.find(id="name").text == "Ada"
    driver.key("BACK")  # first BACK hides the keyboard, the screen stays
    assert not driver.exists(package=IME_PACKAGE)
    assert sample.foreground == (PACKAGE, ".FormActivity")
    driver.key("BACK")  # second BACK closes the screen
    assert sample.foreground == (PACKAGE, ".ListActivity")


def _keys(phone: Phone) -> list[Key]:
    board = next(w for w in phone.windows() if w.id == "keyboard_view")
    return [view for view in walk(board) if isinstance(view, Key)]


def _same(a: list[Key], b: list[Key]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))


def test_the_keyboard_keeps_its_keys_while_its_state_stays(sample: Phone) -> None:
    driver = _form(sample)
    driver.tap(id="name")
    keys = _keys(sample)
    assert len(keys) == 33
    driver.tap(id="notes")  # the keyboard window is built again: same state, same keys
    sample.invalidate()
    assert _same(_keys(sample), keys)
    driver.tap(text="q")  # the kept keys type into the field focused now
    fields = sample.tasks[PACKAGE][-1].state
    assert fields["field:notes"] == "q" and not fields.get("field:name")
    driver.tap(desc="Shift")  # another state: other keys
    shifted = _keys(sample)
    assert not any(key in keys for key in shifted)  # (views compare by identity)
    assert driver.exists(text="W") and not driver.exists(text="w")
    driver.tap(text="W")
    assert fields["field:notes"] == "qW"
    assert driver.exists(text="w") and not any(key in shifted for key in _keys(sample))


def test_enter_del_and_tab_edit_the_focused_field(sample: Phone) -> None:
    driver = _form(sample)
    driver.type_into("line one", id="notes")
    driver.key("ENTER")
    sample.text("two")
    driver.key("DEL")
    assert sample.tasks[PACKAGE][-1].state["field:notes"] == "line one\ntw"
    driver.key("TAB")
    assert driver.find(id="age").focused
    driver.key("KEYCODE_7")
    assert driver.find(id="age").text == "7"


def test_home_back_stack_and_recents(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.key("HOME")
    assert sample.foreground == ("com.android.launcher3", ".Launcher")
    driver.tap(text="Sample")  # the dock icon resumes the task where it was
    assert sample.foreground == (PACKAGE, ".FormActivity")
    driver.key("BACK")
    driver.key("BACK")  # the root screen: the task moves to the back
    assert sample.foreground[0] == "com.android.launcher3"
    driver.key("APP_SWITCH")
    assert sample.foreground[1] == "com.android.quickstep.RecentsActivity"
    driver.tap(text="Sample")
    assert sample.foreground == (PACKAGE, ".ListActivity")
    driver.key("APP_SWITCH")
    driver.tap(desc="Dismiss Sample")
    assert driver.exists(text="No recent items")
    driver.key("BACK")
    assert sample.foreground == ("com.android.launcher3", ".Launcher")


def test_navigation_bar_buttons_press_the_keys(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.tap(id="display")
    driver.tap(desc="Back")
    assert phone.foreground == ("com.android.settings", ".Settings")
    driver.tap(desc="Overview")
    assert driver.exists(text="Settings")
    driver.tap(text="Clear all")
    driver.tap(desc="Home")
    assert phone.recent_packages() == []


def test_status_bar_follows_settings_and_clock(phone: Phone) -> None:
    driver = Driver(phone)
    assert driver.exists(id="wifi_signal") and not driver.exists(id="airplane")
    phone.settings.put("global", "airplane_mode_on", 1)
    assert driver.exists(id="airplane") and not driver.exists(id="wifi_signal")
    phone.settings.put("global", "bluetooth_on", 1)
    assert driver.find(id="bluetooth").desc == "Bluetooth on"
    assert driver.find(id="battery").desc == "Battery 85 percent."
    phone.wait(30 * 60_000)
    assert driver.find(id="clock").text == "10:00"


def test_toasts_show_for_two_seconds(phone: Phone) -> None:
    driver = Driver(phone)
    phone.toast("Saved", "com.android.settings")
    assert driver.find(text="Saved").package == "com.android.settings"
    phone.wait(1950)
    assert driver.exists(text="Saved")
    phone.wait(50)
    assert not driver.exists(text="Saved")


def test_logcat_formats_and_cursor(phone: Phone) -> None:
    lines, cursor = phone.logcat_lines()
    assert re.fullmatch(r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} +\d+ +\d+ [VDIWEF] \w+: .+", lines[0])
    open_app(Driver(phone), "Settings")
    new, cursor2 = phone.logcat_lines(cursor)
    assert cursor2 > cursor and any(
        "START u0 {cmp=com.android.settings/.Settings}" in line for line in new
    )
    entry = phone.logcat.since(cursor)[0][0]
    assert re.fullmatch(
        r"\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} [VDIWEF]/\w+\( *\d+\): .+", entry.format("time")
    )
    assert re.fullmatch(r" *\d+\.\d{3} +\d+ +\d+ [VDIWEF] \w+: .+", entry.format("epoch"))
    with pytest.raises(ValueError, match="format"):
        entry.format("json")
    assert phone.logcat_lines(cursor2) == ([], cursor2)


def test_logcat_is_a_bounded_ring_whose_cursors_survive_overflow() -> None:
    log = Logcat(capacity=5)
    for i in range(12):
        log.write(i, 1, "I", "T", f"m{i}")
    entries, cursor = log.since(3)
    assert [e.message for e in entries] == [f"m{i}" for i in range(7, 12)] and cursor == 12
    log.clear()
    assert log.since(0) == ([], 12)


def test_app_databases_are_sqlite_files_at_android_paths(sample: Phone, tmp_path) -> None:
    open_app(Driver(sample), "Sample")
    Driver(sample).tap(text="Row 4")
    path = f"/data/data/{PACKAGE}/databases/events.db"
    assert sample.storage.list_dir(f"/data/data/{PACKAGE}/databases") == ["events.db"]
    pulled = tmp_path / "events.db"
    pulled.write_bytes(sample.read_file(path))
    with sqlite3.connect(pulled) as conn:
        assert conn.execute("SELECT what FROM events").fetchall() == [("click 4",)]
        conn.execute("INSERT INTO events(what) VALUES ('pushed')")
    sample.write_file(path, pulled.read_bytes())
    rows = sample.database(PACKAGE, "events").execute("SELECT what FROM events").fetchall()
    assert [r[0] for r in rows] == ["click 4", "pushed"]


def test_files_live_in_the_phone_sandbox_only(phone: Phone, tmp_path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    phone.write_file("/sdcard/Download/a.txt", b"hello")
    assert phone.read_file("/sdcard/Download/../Download/a.txt") == b"hello"
    assert "a.txt" in phone.storage.list_dir("/sdcard/Download")
    open_app(Driver(phone), "Settings")
    phone.clear_app_data("com.android.settings")
    assert list(tmp_path.iterdir()) == []


def test_clear_app_data_and_force_stop(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(text="Row 1")
    sample.force_stop(PACKAGE)
    assert (
        sample.foreground[0] == "com.android.launcher3" and PACKAGE not in sample.recent_packages()
    )
    assert any(f"Force stopping {PACKAGE}" in line for line in sample.logcat_lines()[0])
    sample.clear_app_data(PACKAGE)
    assert (
        sample.database(PACKAGE, "events").execute("SELECT count(*) FROM events").fetchone()[0] == 0
    )


def test_dark_theme_recolours_every_app(sample: Phone) -> None:
    light = sample.screenshot()[1200, 540].tolist()
    sample.settings.put("secure", "ui_night_mode", 2)
    dark = sample.screenshot()[1200, 540].tolist()
    assert sum(dark) < sum(light) - 300
    open_app(Driver(sample), "Sample")
    assert sum(sample.screenshot()[1200, 20].tolist()) < 200


def test_apps_in_the_launcher_and_drawer_search(phone: Phone) -> None:
    driver = Driver(phone)
    open_drawer(driver)
    driver.type_into("sett", id="search_box")
    assert driver.exists(text="Settings", cls="android.widget.TextView")
    sample_phone = Phone(apps=[SampleApp])
    d2 = Driver(sample_phone)
    open_drawer(d2)
    d2.type_into("zzz", id="search_box")
    assert d2.exists(text="No apps found")
    driver.key("BACK")
    driver.key("BACK")
    assert not driver.exists(id="apps_list_view")


def test_touch_frames_advance_the_clock_by_one_frame_each(phone: Phone) -> None:
    t0 = phone.clock.elapsed_ms
    phone.send_all(ev.long_press(100, 1000))
    assert phone.clock.elapsed_ms - t0 == 11 * 50
