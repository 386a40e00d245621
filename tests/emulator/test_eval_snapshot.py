"""``mobile-gym eval --device adb --snapshot NAME`` on the served emulator: every episode
starts from the snapshot, loaded through the emulator's console, so what an episode leaves
does not reach the next; without it, it does."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobile_gym.device.emulator import console_command
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.devices import DeviceChoice

os.environ["ADBUTILS_ADB_PATH"] = "/bin/false"  # adbutils never starts an adb server here
TASK = "settings.wifi_off"  # its goal (Wi-Fi off) holds after an episode that reached it


@pytest.fixture
def served(tmp_path: Path) -> Iterator[object]:
    """A served emulator (console without authentication) with the snapshot ``clean``."""
    from mobile_gym.emulator.server import EmulatorServer

    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")  # an empty token file turns authentication off
    with EmulatorServer(0, 0, 0, auth_token_path=token) as server:
        console_command(server.console_port, "avd snapshot save clean")
        yield server


def run(served: object, root: Path, snapshot: str | None) -> list[str]:
    choice = DeviceChoice(
        "adb", serials=(served.serial,), adb_port=served.adb_port, snapshot=snapshot
    )
    plan = episodes(select_tasks([], [TASK]), [0, 1])
    records = evaluate(plan, RunSettings("oracle", device=choice), RunStore(root))
    return [record.outcome for record in records]


def test_every_episode_starts_from_the_snapshot(served: object, tmp_path: Path) -> None:
    assert run(served, tmp_path / "restored", "clean") == ["success", "success"]
    with served.locked() as phone:  # the last episode turned Wi-Fi off, as it should
        assert phone.settings.get("global", "wifi_on") == "0"


def test_without_a_snapshot_an_episode_meets_what_the_last_one_left(
    served: object, tmp_path: Path
) -> None:
    assert run(served, tmp_path / "kept", None) == ["success", "error"]


def test_a_snapshot_the_emulator_lacks_is_an_error_of_the_episode(
    served: object, tmp_path: Path
) -> None:
    outcomes = run(served, tmp_path / "missing", "no_such_snapshot")
    assert outcomes == ["error", "error"]
    record = RunStore(tmp_path / "missing").finished(TASK, 0)
    assert record is not None and "no_such_snapshot" in (record.error or "")
