"""``mobile-gym eval`` on another phone: the simulated phone at another display
(``--display``) or ADB devices (``--device adb --serial ...``, one per worker; here the
served simulated phones, through real adbutils), recorded in the run folder and in each
trajectory, and replayed on the same display."""

from __future__ import annotations

import json
import os
import pathlib
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.devices import DeviceChoice
from mobile_gym.eval.replay import ReplayFileError, replay
from mobile_gym.eval.store import RunFolderError
from mobile_gym.sim.adb_server import AdbServer

os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"  # adbutils never starts an adb server here
TASKS = ["settings.wifi_off", "notes.create_titled"]
SERIALS = ("emulator-5554", "emulator-5556")


def header(path: pathlib.Path) -> dict[str, Any]:
    return json.loads(path.read_text(encoding="utf-8").splitlines()[0])


@pytest.fixture
def served() -> Iterator[AdbServer]:
    with AdbServer(devices=2, seed=0) as server:
        yield server


def test_a_run_on_another_display_is_recorded_and_replayed_on_it(
    tmp_path: pathlib.Path,
) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", "--task", TASKS[0], "--agent", "oracle", "--seeds", "0",
         "--display", "small_phone", "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    run = json.loads((tmp_path / "run.json").read_text())
    assert run["device"] == {"kind": "sim", "display": "small_phone"}
    trajectory = tmp_path / "trajectories" / TASKS[0] / "seed0.jsonl"
    assert header(trajectory)["device"] == {"kind": "sim", "display": "small_phone"}
    (episode,) = json.loads((tmp_path / "results.json").read_text())["episodes"]
    assert episode["outcome"] == "success"
    assert replay(trajectory).first_difference is None
    # the display is what the recorded taps were aimed at: on the default phone the oracle's
    # tap on Settings in the app drawer lands elsewhere
    lines = trajectory.read_text().splitlines()
    first = json.loads(lines[0])
    del first["device"]
    on_default = tmp_path / "on_default.jsonl"
    on_default.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    assert replay(on_default).first_difference is not None


def test_a_run_folder_refuses_another_display(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks([], TASKS[:1]), [0])
    small = RunSettings("oracle", device=DeviceChoice(display="small_phone"))
    evaluate(plan, small, RunStore(tmp_path))
    with pytest.raises(RunFolderError, match="device"):
        evaluate(plan, RunSettings("oracle"), RunStore(tmp_path))


def test_episodes_play_on_the_adb_device_given(tmp_path: pathlib.Path, served: AdbServer) -> None:
    choice = DeviceChoice("adb", serials=SERIALS[1:], adb_port=served.port)
    plan = episodes(select_tasks([], TASKS), [0])
    records = evaluate(plan, RunSettings("oracle", device=choice), RunStore(tmp_path))
    assert [r.outcome for r in records] == ["success", "success"]
    trajectory = tmp_path / "trajectories" / TASKS[1] / "seed0.jsonl"
    assert header(trajectory)["device"] == {"kind": "adb", "serial": SERIALS[1]}
    with served.locked(SERIALS[1]) as phone:  # the note exists on that phone, not the other
        notes = phone.storage.database("com.simplemobiletools.notes.pro", "notes")
        assert notes.execute("SELECT COUNT(*) FROM notes").fetchone()[0] > 0
    with served.locked(SERIALS[0]) as phone:
        assert phone.settings.get("global", "wifi_on") == "1"  # never touched
    with pytest.raises(ReplayFileError, match="ADB device"):
        replay(trajectory)


def test_with_workers_each_episode_plays_on_the_device_its_header_names(
    tmp_path: pathlib.Path, served: AdbServer
) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", "eval", "--task", TASKS[1], "--agent", "oracle",
         "--seeds", "0-3", "--device", "adb", "--adb-port", str(served.port),
         "--serial", SERIALS[0], "--serial", SERIALS[1], "--workers", "2",
         "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    played = [
        header(path)["device"]["serial"]
        for path in sorted((tmp_path / "trajectories" / TASKS[1]).glob("*.jsonl"))
    ]
    assert len(played) == 4 and set(played) <= set(SERIALS)
    for serial in SERIALS:  # each phone holds a note per episode it played
        with served.locked(serial) as phone:
            notes = phone.storage.database("com.simplemobiletools.notes.pro", "notes")
            count = notes.execute("SELECT COUNT(*) FROM notes").fetchone()[0]
        assert count >= played.count(serial)


def test_a_device_that_cannot_be_reached_makes_each_episode_an_error(
    tmp_path: pathlib.Path,
) -> None:
    with socket.socket() as closed:  # bound, never listening: connections are refused
        closed.bind(("127.0.0.1", 0))
        choice = DeviceChoice("adb", serials=SERIALS[:1], adb_port=closed.getsockname()[1])
        plan = episodes(select_tasks([], TASKS), [0])
        records = evaluate(plan, RunSettings("oracle", device=choice), RunStore(tmp_path))
    assert [r.outcome for r in records] == ["error", "error"]
    assert all("no ADB server answers" in (r.error or "") for r in records)
    assert all(r.decisions == 0 for r in records)
    trajectory = tmp_path / "trajectories" / TASKS[0] / "seed0.jsonl"
    assert header(trajectory)["device"] == {"kind": "adb"}  # recorded, to be played again


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--display", "phablet"], "unknown device profile 'phablet'"),
        (["--serial", "emulator-5554"], "--serial, --adb-host, --adb-port and --snapshot are"),
        (["--adb-port", "5038"], "are for --device adb"),
        (["--device", "adb"], "--device adb needs the device"),
        (["--device", "usb"], "--device must be one of sim, adb"),
        (["--device", "adb", "--serial", "emulator-5554", "--display", "small_phone"],
         "--display sets the simulated phone's screen"),
        (["--device", "adb", "--serial", "emulator-5554", "--workers", "2"],
         "1 device(s) (--serial) for 2 worker(s)"),
        (["--device", "adb", "--serial", "emulator-5554", "--serial", "emulator-5554",
          "--workers", "2"], "--serial emulator-5554 is given twice"),
        (["--device", "adb", "--serial", "R58M123", "--snapshot", "clean"],
         "'R58M123' is not an emulator's serial"),
        (["--device", "adb", "--serial", "emulator-5554", "--adb-port", "0"], "--adb-port"),
        (["--device", "adb", "--serial", "emulator-5554", "--executor", "ray"],
         "plays on the simulated phone only"),
    ],
)  # fmt: skip
def test_a_bad_device_choice_is_refused_before_any_episode(
    tmp_path: pathlib.Path, args: list[str], message: str
) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", "--task", TASKS[0], "--agent", "oracle", "--out", str(tmp_path), *args],
    )
    assert result.exit_code == 2
    assert message in " ".join(result.output.split())
    assert not (tmp_path / "run.json").exists()


def test_the_displays_are_listed() -> None:
    result = CliRunner().invoke(app, ["list", "displays", "--format", "plain"])
    assert result.exit_code == 0
    rows = [line.split("\t") for line in result.output.splitlines()]
    assert ["pixel_7", "1080 x 2400", "420"] in rows
    assert ["small_phone", "720 x 1280", "320"] in rows


# a task written for one screen ----------------------------------------------------------
FONT_MIN = "mw.settings.adjust_font_icon_min"
"""A task whose checks read the default panel's display-size densities (``screen``)."""


def test_a_run_on_another_display_leaves_out_the_tasks_written_for_another_screen(
    tmp_path: pathlib.Path,
) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", "--task", FONT_MIN, "--task", TASKS[0], "--agent", "oracle", "--seeds", "0",
         "--display", "small_phone", "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    shown = " ".join(result.output.split())
    assert f"left out 1 task(s) written for another screen than small_phone's: {FONT_MIN}" in shown
    (episode,) = json.loads((tmp_path / "results.json").read_text())["episodes"]
    assert episode["task_id"] == TASKS[0] and episode["outcome"] == "success"
    on_default = CliRunner().invoke(
        app,
        ["eval", "--task", FONT_MIN, "--agent", "oracle", "--seeds", "0",
         "--out", str(tmp_path / "default")],
    )  # fmt: skip
    assert on_default.exit_code == 0 and "left out" not in on_default.output
    (played,) = json.loads((tmp_path / "default" / "results.json").read_text())["episodes"]
    assert played["task_id"] == FONT_MIN and played["outcome"] == "success"


def test_a_run_of_tasks_all_written_for_another_screen_is_refused(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(
        app,
        ["eval", "--task", FONT_MIN, "--agent", "oracle", "--display", "tablet_10",
         "--out", str(tmp_path)],
    )  # fmt: skip
    assert result.exit_code == 2
    assert f"every task is written for another screen than tablet_10's: {FONT_MIN}" in " ".join(
        result.output.split()
    )
    assert not (tmp_path / "run.json").exists()


def test_adb_devices_are_not_judged_by_screen() -> None:
    font_min = select_tasks([], [FONT_MIN])
    assert DeviceChoice("adb", serials=SERIALS[:1]).misfits(font_min) == []
    assert DeviceChoice().misfits(font_min) == []
    assert DeviceChoice(display="pixel_4").misfits(font_min) == font_min
