"""The Voice Recorder app through raw input: recording on the virtual clock, the player,
search, selection (rename, delete), settings and the colour customization."""

from __future__ import annotations

import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.sim import Phone
from mobile_gym.sim.apps.voice_recorder import data
from mobile_gym.sim.apps.voice_recorder.app import MAIN, PACKAGE, SETTINGS
from mobile_gym.sim.apps.voice_recorder.customization import CUSTOMIZATION
from mobile_gym.sim.apps.voice_recorder.data import clock_text, default_name, size_text
from mobile_gym.sim.driver import Driver, find_all
from mobile_gym.tasks.schema import SolutionStep
from mobile_gym.tasks.solution import step_actions
from tests.sim.conftest import statements_while_rebuilt, views_made

DB = "voice_recorder"


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=6)
    phone.start_activity(PACKAGE)
    return phone


def _rows(phone: Phone) -> list[dict]:
    rows = phone.database(PACKAGE, DB).execute(
        "SELECT * FROM recordings ORDER BY created DESC, id DESC"
    )
    return [dict(row) for row in rows]


def _logged(phone: Phone) -> list[str]:
    return [
        line.split(" VoiceRecorder: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " VoiceRecorder: " in line
    ]


def _titles(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(id="recording_title")]


def _open_player(driver: Driver) -> None:
    driver.tap(desc="Player")
    assert driver.find(desc="Player").selected


def test_seeded_recordings_are_listed_newest_first(phone: Phone, driver: Driver) -> None:
    rows = _rows(phone)
    assert 7 <= len(rows) <= 12
    assert driver.find(id="recording_duration").text == "00:00"
    assert driver.find(id="toggle_recording_button").desc == "Start recording"
    assert not driver.exists(id="toggle_pause_button")
    _open_player(driver)
    shown = _titles(driver)
    assert shown == [f"{r['name']}.{r['extension']}" for r in rows][: len(shown)]
    first = rows[0]
    assert driver.find(id="recording_size").text == size_text(
        first["duration"] * first["bitrate"] // 8000
    )
    other = Phone(seed=7)
    assert [r["name"] for r in _rows(other)] != [r["name"] for r in rows]


def test_a_recording_grows_with_virtual_time_and_pauses(phone: Phone, driver: Driver) -> None:
    before = len(_rows(phone))
    start_ms = phone.clock.epoch_ms
    driver.tap(id="toggle_recording_button")
    started = phone.clock.epoch_ms - 50  # the tap's lift is what starts it
    assert start_ms <= started
    phone.wait(4000)
    # the timer runs on its own: no input since the tap
    assert driver.find(id="recording_duration").text == "00:04"
    assert driver.find(id="recording_status").text == "Recording"
    driver.tap(id="toggle_pause_button")
    assert driver.find(id="toggle_pause_button").desc == "Resume recording"
    paused_text = driver.find(id="recording_duration").text
    phone.wait(10_000)
    assert driver.find(id="recording_duration").text == paused_text
    assert driver.find(id="recording_status").text == "Paused"
    driver.tap(id="toggle_pause_button")
    phone.wait(2000)
    driver.tap(id="toggle_recording_button")
    rows = _rows(phone)
    assert len(rows) == before + 1
    new = rows[0]
    # 4 s and the tap before the pause, 2 s and the taps after it; the 10 s paused don't count
    assert 6000 <= new["duration"] < 7000
    assert new["name"] == default_name(new["created"]) and new["extension"] == "m4a"
    assert driver.exists(text="Recording saved")
    assert driver.find(id="recording_duration").text == "00:00"
    log = _logged(phone)
    assert log[0] == "Recording started"
    assert (
        log[-1]
        == f"Recording saved: id={new['id']} name={new['name']}.m4a duration_ms={new['duration']}"
    )
    assert any(line.startswith("Recording paused: length_ms=") for line in log)


def test_recording_goes_on_in_the_background(phone: Phone, driver: Driver) -> None:
    driver.tap(id="toggle_recording_button")
    driver.key("HOME")
    phone.wait(65_000)
    phone.launch(PACKAGE)
    assert driver.find(id="recording_duration").text == "01:05"


def test_playing_follows_the_clock_and_stops_at_the_end(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    short = min(_rows(phone)[:6], key=lambda r: r["duration"])
    title = f"{short['name']}.{short['extension']}"
    driver.tap(text=title, id="recording_title")
    assert driver.find(id="player_title").text == title
    assert driver.find(id="play_pause_btn").desc == "Pause"
    assert driver.find(id="player_progress_max").text == clock_text(short["duration"])
    phone.wait(2000)
    assert driver.find(id="player_progress_current").text == "00:02"
    driver.tap(id="play_pause_btn")
    assert driver.find(id="play_pause_btn").desc == "Play"
    phone.wait(5000)
    assert driver.find(id="player_progress_current").text == "00:02"
    driver.tap(id="play_pause_btn")
    phone.wait(short["duration"] + 1000)
    assert driver.find(id="player_progress_current").text == clock_text(short["duration"])
    assert driver.find(id="play_pause_btn").desc == "Play"
    assert f"Playback started: id={short['id']} name={title}" in _logged(phone)


def test_next_and_previous_walk_the_list(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    titles = _titles(driver)
    driver.tap(id="play_pause_btn")  # nothing chosen yet: plays the first
    assert driver.find(id="player_title").text == titles[0]
    driver.tap(id="next_btn")
    assert driver.find(id="player_title").text == titles[1]
    driver.tap(id="previous_btn")
    driver.tap(id="previous_btn")
    assert (
        driver.find(id="player_title").text
        == f"{_rows(phone)[-1]['name']}.{_rows(phone)[-1]['extension']}"
    )


def test_search_filters_by_file_name(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    target = _rows(phone)[2]
    driver.tap(desc="Search")
    driver.type_into(target["name"][:7].upper(), id="search_query")
    assert f"{target['name']}.{target['extension']}" in _titles(driver)
    assert all(target["name"][:7].lower() in t.lower() for t in _titles(driver))
    driver.type_into("zzzz", id="search_query")
    assert driver.find(id="recordings_placeholder").text == "No recordings match your search"
    driver.key("BACK")  # the keyboard
    driver.key("BACK")  # the search
    assert driver.exists(desc="Search")
    assert len(_titles(driver)) > 1


def test_rename_checks_the_name(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    rows = _rows(phone)
    target, other = rows[0], rows[1]
    driver.long_press(text=f"{target['name']}.{target['extension']}", id="recording_title")
    assert driver.find(id="toolbar_title").text == f"1 / {len(rows)}"
    driver.tap(desc="Rename")
    assert driver.find(id="rename_recording_title").text == target["name"]  # selected
    driver.key("DEL")  # the first delete clears the selected name
    driver.tap(text="OK")
    assert driver.exists(text="Filename cannot be empty")
    driver.type_into("bad/name", id="rename_recording_title")
    driver.tap(text="OK")
    assert driver.exists(text="Filename contains invalid characters")
    driver.tap(text="Cancel")
    if other["extension"] == target["extension"]:
        driver.tap(desc="Rename")
        driver.type_into(other["name"], id="rename_recording_title")
        driver.tap(text="OK")
        assert driver.exists(text="A recording with that name already exists")
        driver.tap(text="Cancel")
    driver.tap(desc="Rename")
    driver.type_into("Kitchen ideas", id="rename_recording_title")
    driver.key("ENTER")
    assert _rows(phone)[0]["name"] == "Kitchen ideas"
    assert not driver.exists(id="cab_close")  # selection mode ended
    assert f"Kitchen ideas.{target['extension']}" in _titles(driver)
    assert f"Recording renamed: id={target['id']} name=Kitchen ideas.{target['extension']}" in (
        _logged(phone)
    )


def test_delete_asks_first_and_removes_the_selected(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    rows = _rows(phone)
    first, second = (f"{r['name']}.{r['extension']}" for r in rows[:2])
    driver.long_press(text=first, id="recording_title")
    driver.tap(text=second, id="recording_title")
    assert driver.find(id="toolbar_title").text == f"2 / {len(rows)}"
    assert not driver.exists(desc="Rename")  # only for one recording
    driver.tap(desc="More options")
    driver.tap(text="Delete")
    assert driver.find(id="message").text == (
        "Are you sure you want to move 2 recordings to the recycle bin?"
    )
    driver.tap(text="Cancel")
    assert len(_rows(phone)) == len(rows)
    driver.tap(desc="More options")
    driver.tap(text="Delete")
    driver.tap(text="Delete")
    assert [r["id"] for r in _rows(phone)] == [r["id"] for r in rows[2:]]
    assert driver.exists(text="2 items deleted")
    assert first not in _titles(driver) and second not in _titles(driver)


def test_select_all_and_back_leave_selection_mode(phone: Phone, driver: Driver) -> None:
    _open_player(driver)
    total = len(_rows(phone))
    driver.long_press(id="recording_title")
    driver.tap(desc="More options")
    driver.tap(text="Select all")
    assert driver.find(id="toolbar_title").text == f"{total} / {total}"
    driver.key("BACK")
    assert not driver.exists(id="cab_close")
    assert phone.foreground == (PACKAGE, MAIN)


def test_many_recordings_are_listed_newest_first_and_all_selectable(
    phone: Phone, driver: Driver
) -> None:
    phone.database(PACKAGE, "voice_recorder").executemany(
        "INSERT INTO recordings(name, duration, created) VALUES (?, 30000, ?)",
        [(f"Lecture {i:03d}", phone.clock.epoch_ms + i) for i in range(400)],
    )
    _open_player(driver)
    titles = [n.text for n in driver.find_all(id="recording_title")]
    assert titles[:2] == ["Lecture 399.m4a", "Lecture 398.m4a"]
    assert views_made(phone, "recording_title") < 30
    total = len(_rows(phone))
    driver.long_press(id="recording_title", text="Lecture 399.m4a")
    driver.tap(desc="More options")
    driver.tap(text="Select all")
    assert driver.find(id="toolbar_title").text == f"{total} / {total}"


def test_settings_choose_the_format_of_new_recordings(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Settings")
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert driver.find(id="settings_extension").text == ""
    driver.tap(id="settings_extension")
    driver.tap(id="extension_mp3")  # a tap chooses and closes
    assert not driver.exists(id="extension_mp3")
    driver.tap(id="settings_bitrate")
    driver.tap(id="bitrate_64000")
    driver.tap(id="settings_hide_notification")
    assert driver.exists(text="mp3") and driver.exists(text="64 kbps")
    prefs = dict(
        phone.database(PACKAGE, DB).execute("SELECT key, value FROM preferences").fetchall()
    )
    assert prefs == {"extension": "mp3", "bitrate": "64000", "hide_notification": "1"}
    driver.key("BACK")
    driver.tap(id="toggle_recording_button")
    phone.wait(1000)
    driver.tap(id="toggle_recording_button")
    new = _rows(phone)[0]
    assert (new["extension"], new["bitrate"]) == ("mp3", 64000)


def test_the_delete_task_fails_when_another_recording_goes() -> None:
    env = MobileEnv("simpletools.voice_recorder.delete_recording")
    env.reset(seed=2)
    target = f"{env.episode.values['name']}.m4a"

    def play(step: dict) -> dict:
        parsed = SolutionStep.model_validate(step)
        xml = env.device.hierarchy_xml()
        return actions.play(env, step_actions(parsed, xml, env.device.size))[4]

    play({"click": {"desc": "Player"}})
    xml = env.device.hierarchy_xml()
    wrong = next(n.text for n in find_all(xml, id="recording_title") if n.text != target)
    play({"long_press": {"id": "recording_title", "text": wrong}})
    play({"click": {"desc": "More options"}})
    play({"click": {"text": "Delete"}})
    info = play({"click": {"id": "button1"}})
    assert info["failure"] and not info["success"]
    assert "deleted_wrong_recording" in info["events"]


def _binned(phone: Phone) -> list[str]:
    rows = phone.database(PACKAGE, DB).execute("SELECT name FROM recycle_bin ORDER BY id")
    return [row[0] for row in rows]


def _delete_newest(phone: Phone, driver: Driver) -> dict:
    """Delete the newest recording from the Player tab (it goes to the recycle bin)."""
    _open_player(driver)
    newest = _rows(phone)[0]
    driver.long_press(id="recording_title", text=f"{newest['name']}.{newest['extension']}")
    driver.tap(desc="More options")
    driver.tap(text="Delete")
    driver.tap(text="Delete")
    return newest


def test_deleted_recordings_go_to_the_recycle_bin_tab(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Recycle Bin")
    assert driver.find(id="recycle_bin_placeholder").text == "The recycle bin is empty"
    first = _delete_newest(phone, driver)
    assert first["id"] not in [r["id"] for r in _rows(phone)]
    assert _binned(phone) == [first["name"]]
    driver.tap(desc="Recycle Bin")
    titles = [n.text for n in driver.find_all(id="recycle_bin_title")]
    assert titles == [f"{first['name']}.{first['extension']}"]


def _record(phone: Phone, driver: Driver) -> dict:
    """Record three seconds from the Recorder tab; the new recording's row."""
    driver.tap(desc="Recorder")
    driver.tap(id="toggle_recording_button")
    phone.wait(3000)
    driver.tap(id="toggle_recording_button")
    return _rows(phone)[0]


def test_a_new_recording_never_takes_a_binned_ones_id(phone: Phone, driver: Driver) -> None:
    first = _record(phone, driver)  # the highest id
    assert _delete_newest(phone, driver) == first
    second = _record(phone, driver)
    assert second["id"] > first["id"]  # not the binned one's
    assert _delete_newest(phone, driver) == second  # into the bin beside the first
    assert _binned(phone) == [first["name"], second["name"]]


def test_settings_empty_the_bin_after_asking(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Settings")
    driver.tap(id="settings_empty_recycle_bin_holder")
    assert driver.exists(text="The recycle bin is empty")  # a toast: nothing to ask
    db = phone.database(PACKAGE, DB)
    db.execute(
        "INSERT INTO recycle_bin(name, extension, duration, created, deleted) "
        "VALUES ('old', 'm4a', 1000, 0, 0)"
    )
    db.commit()
    driver.key("BACK")
    driver.tap(desc="Settings")
    driver.tap(id="settings_empty_recycle_bin_holder")
    driver.tap(text="No")
    assert _binned(phone) == ["old"]
    driver.tap(id="settings_empty_recycle_bin_holder")
    driver.tap(text="Yes")
    assert _binned(phone) == []
    assert "Recycle bin emptied: 1 items" in _logged(phone)


def test_without_the_recycle_bin_deleting_is_final(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Settings")
    driver.tap(id="settings_use_recycle_bin")
    driver.key("BACK")
    assert not driver.exists(desc="Recycle Bin")
    _open_player(driver)
    driver.long_press(id="recording_title")
    driver.tap(desc="More options")
    driver.tap(text="Delete")
    assert "recycle bin" not in driver.find(id="message").text
    driver.tap(text="Delete")
    assert _binned(phone) == []


def _prefs(phone: Phone) -> dict[str, str]:
    rows = phone.database(PACKAGE, DB).execute("SELECT key, value FROM preferences")
    return dict(rows.fetchall())


def _open_customization(driver: Driver) -> None:
    driver.tap(desc="Settings")
    driver.tap(id="settings_color_customization_holder")


def test_a_theme_is_stored_only_when_saved(phone: Phone, driver: Driver) -> None:
    _open_customization(driver)
    assert phone.foreground == (PACKAGE, CUSTOMIZATION)
    assert driver.find(id="customization_theme").text == "Light"
    assert not driver.exists(desc="Save")  # nothing to save yet
    driver.tap(id="customization_theme_holder")
    assert "app icon" in driver.find(id="message").text  # warned before the first change
    driver.tap(text="OK")
    assert driver.find(id="theme_light").checked
    driver.tap(id="theme_dark_red")  # a tap picks and closes
    assert not driver.exists(id="theme_light")
    assert driver.find(id="customization_theme").text == "Dark red"
    assert "theme" not in _prefs(phone)
    driver.tap(desc="Save")
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert _prefs(phone)["theme"] == "Dark red"
    assert "Preference changed: theme=Dark red" in _logged(phone)
    driver.tap(id="settings_color_customization_holder")
    assert driver.find(id="customization_theme").text == "Dark red"
    driver.tap(id="customization_theme_holder")  # the warning only comes once
    assert driver.find(id="theme_dark_red").checked


def test_leaving_with_a_pending_theme_asks_once(phone: Phone, driver: Driver) -> None:
    _open_customization(driver)
    driver.tap(id="customization_theme_holder")
    driver.tap(text="OK")
    driver.tap(id="theme_dark")
    driver.key("BACK")
    assert driver.find(id="message").text == "Save your changes before closing?"
    driver.tap(text="Discard")
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert "theme" not in _prefs(phone)
    driver.tap(id="settings_color_customization_holder")
    assert driver.find(id="customization_theme").text == "Light"
    driver.tap(id="customization_theme_holder")  # straight to the list now
    driver.tap(id="theme_white")
    driver.tap(desc="Navigate up")
    driver.key("BACK")  # closes the question
    driver.key("BACK")  # asked once: now it leaves
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert "theme" not in _prefs(phone)
    driver.tap(id="settings_color_customization_holder")
    driver.tap(id="customization_theme_holder")
    driver.tap(id="theme_black_white")
    driver.key("BACK")
    driver.tap(text="Save")
    assert _prefs(phone)["theme"] == "Black & White"


def _made(monkeypatch: pytest.MonkeyPatch) -> list[tuple]:
    """The recordings made from rows from now on (their fields)."""
    made: list[tuple] = []
    recording = data.Recording
    monkeypatch.setattr(data, "Recording", lambda *f: made.append(f) or recording(*f))
    return made


def _lectures(phone: Phone, count: int) -> None:
    phone.database(PACKAGE, DB).executemany(
        "INSERT INTO recordings(name, duration, created) VALUES (?, 30000, ?)",
        [(f"Lecture {i:03d}", phone.clock.epoch_ms + i) for i in range(count)],
    )


def test_a_long_recycle_bin_is_read_a_page_at_a_time(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.database(PACKAGE, DB).executemany(
        "INSERT INTO recycle_bin(id, name, duration, created, deleted) VALUES (?, ?, 30000, 0, ?)",
        [(10_000 + i, f"Old {i:03d}", i) for i in range(500)],  # (ids no recording has)
    )
    made = _made(monkeypatch)
    driver.tap(desc="Recycle Bin")
    titles = [n.text for n in driver.find_all(id="recycle_bin_title")]
    assert titles[:2] == ["Old 499.m4a", "Old 498.m4a"]
    made.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, DB))
    assert len(made) < 100  # of 1,500 in three builds
    first = _delete_newest(phone, driver)
    driver.tap(desc="Recycle Bin")  # the deleted recording shows first at once
    titles = [n.text for n in driver.find_all(id="recycle_bin_title")]
    assert titles[:2] == [f"{first['name']}.{first['extension']}", "Old 499.m4a"]
    driver.tap(desc="Settings")
    assert driver.exists(text="501 recordings")
    made.clear()
    statements_while_rebuilt(phone, phone.database(PACKAGE, DB))
    assert made == []  # counted, not read


def test_a_search_of_many_recordings_is_matched_once_until_they_change(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _lectures(phone, 500)
    _open_player(driver)
    driver.tap(desc="Search")
    driver.type_into("LECTURE", id="search_query")
    assert _titles(driver)[:2] == ["Lecture 499.m4a", "Lecture 498.m4a"]
    made = _made(monkeypatch)
    statements_while_rebuilt(phone, phone.database(PACKAGE, DB))
    assert len(made) < 100  # of 1,500 in three builds
    phone.database(PACKAGE, DB).execute(
        "INSERT INTO recordings(name, duration, created) VALUES ('Lecture new', 1000, ?)",
        (phone.clock.epoch_ms + 1000,),
    )
    assert _titles(driver)[:2] == ["Lecture new.m4a", "Lecture 499.m4a"]  # at once
    driver.tap(desc="Clear query")
    driver.type_into("lecture 49", id="search_query")
    shown = _titles(driver)
    assert (
        len(shown) > 3 and shown == [f"Lecture {i}.m4a" for i in range(499, 489, -1)][: len(shown)]
    )


def test_selecting_in_a_long_list_reads_only_the_selected(
    phone: Phone, driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    _lectures(phone, 500)
    _open_player(driver)
    driver.long_press(id="recording_title", text="Lecture 497.m4a")
    driver.tap(id="recording_title", text="Lecture 499.m4a")
    total = len(_rows(phone))
    assert driver.find(id="toolbar_title").text == f"2 / {total}"
    made = _made(monkeypatch)
    statements_while_rebuilt(phone, phone.database(PACKAGE, DB))
    assert len(made) < 100  # of 1,500 in three builds
    driver.tap(id="recording_title", text="Lecture 499.m4a")
    assert driver.exists(desc="Rename")  # one selected: the one left
    driver.tap(desc="More options")
    driver.tap(text="Delete")
    assert "Lecture 497.m4a" in driver.find(id="message").text
    driver.tap(text="Delete")
    assert "Lecture 497" not in [r["name"] for r in _rows(phone)] and len(_rows(phone)) == total - 1


def test_the_recording_timer_runs_when_its_tab_returns_in_place_of_the_recycle_bin(
    phone: Phone,
) -> None:
    d = Driver(phone)
    d.tap(id="toggle_recording_button")
    d.tap(text="Recycle Bin")
    d.tap(desc="Settings")
    d.tap(id="settings_use_recycle_bin")  # the Recycle Bin tab goes: the Recorder tab shows
    d.key("BACK")
    assert d.find(id="recording_duration").text == "00:00"
    phone.wait(5000)
    assert d.find(id="recording_duration").text == "00:05"  # it stood at 00:00
