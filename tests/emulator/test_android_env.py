"""android_env 1.3.0, unpatched, drives the served phone as it drives an emulator.

``loader.load`` with all three ports set connects to the existing emulator (no launcher): its
``adb`` calls go through Debian's ``adb`` to the ADB server, screenshots and touches through
the gRPC ``EmulatorController``, and the task's log-regex reward through ``adb logcat``.
"""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from android_env import loader
from android_env.components import config_classes
from android_env.proto import adb_pb2

from mobile_gym.emulator.server import EmulatorServer
from mobile_gym.sim import input as events
from mobile_gym.sim.apps.chrome import PACKAGE as CHROME
from mobile_gym.sim.driver import find_all

ADB = shutil.which("adb") or "/usr/bin/adb"
if not Path(ADB).exists() and not os.environ.get("MOBILE_GYM_REQUIRE_ANDROID_ENV"):
    pytest.skip("the adb command line is not installed", allow_module_level=True)

NOTES = "com.simplemobiletools.notes.pro"
NOTES_ICON = (274 / 720, 792 / 1280)
"""The Notes icon on the 720x1280 home screen, as android_env's normalized position."""
TASK = r"""
id: "open_notes"
name: "Open the Notes app"
max_episode_sec: 0
log_parsing_config {
  filters: "ActivityTaskManager:I"
  filters: "*:S"
  log_regexps {
    reward_event { event: "START u0 \\{cmp=com\\.simplemobiletools\\.notes\\.pro/" reward: 1.0 }
  }
}
"""
PINNED_SETTINGS = """
id: "settings_pinned"
name: "Settings, pinned as android_env's example tasks pin their app"
max_episode_sec: 0
reset_steps {
  adb_request { start_activity { full_activity: "com.android.settings/.Settings" } }
}
reset_steps {
  adb_request { start_screen_pinning { full_activity: "com.android.settings/.Settings" } }
}
"""
TOUCH, LIFT, KEYPRESS = 0, 1, 5
XKB_A, XKB_1 = 38, 10
"""The XKB key codes android_env sends on Linux for the A and 1 keys."""


@pytest.fixture
def load_env(
    emulator: EmulatorServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> Iterator[Callable[..., Any]]:
    """Loads android_env on the served phone: ``load(task, **coordinator_options)``."""
    for name in ("ANDROID_HOME", "ANDROID_ADB_SERVER_PORT"):  # android_env deletes them
        monkeypatch.delenv(name, raising=False)  # ... and they come back after the test
    simulator = config_classes.EmulatorConfig(
        emulator_launcher=config_classes.EmulatorLauncherConfig(
            adb_port=emulator.console_port + 1,  # android_env names the device adb_port - 1
            emulator_console_port=emulator.console_port,
            grpc_port=emulator.grpc_port,
        ),
        adb_controller=config_classes.AdbControllerConfig(
            adb_path=ADB, adb_server_port=emulator.adb_port, default_timeout=30
        ),
    )
    loaded = []

    def load(task_text: str = TASK, **coordinator: Any) -> Any:
        task = tmp_path / f"task{len(loaded)}.textproto"
        task.write_text(task_text, encoding="utf-8")
        config = config_classes.AndroidEnvConfig(
            task=config_classes.FilesystemTaskConfig(path=str(task)),
            coordinator=config_classes.CoordinatorConfig(**coordinator),
            simulator=simulator,
        )
        loaded.append(loader.load(config))
        return loaded[-1]

    yield load
    for environment in loaded:
        environment.close()


@pytest.fixture
def env(load_env: Callable[..., Any]) -> object:
    return load_env()


def action(kind: int, position: tuple[float, float]) -> dict[str, np.ndarray]:
    return {
        "action_type": np.array(kind, np.int32),
        "touch_position": np.array(position, np.float32),
    }


def two_finger_action(kind: int, position: tuple[float, float], keycode: int = 0) -> dict:
    """An action of android_env with ``num_fingers=2`` and key events: the second finger idle."""
    return {
        **action(kind, position),
        "action_type_2": np.array(LIFT, np.int32),
        "touch_position_2": np.zeros(2, np.float32),
        "keycode": np.array(keycode, np.int32),
    }


def screen(emulator: EmulatorServer) -> np.ndarray:
    with emulator.locked() as phone:
        return phone.screenshot(1.0)


def test_reset_and_touch_steps_open_an_app_and_the_log_reward_fires(
    env, emulator: EmulatorServer
) -> None:
    first = env.reset()
    assert first.first()
    assert np.array_equal(first.observation["pixels"], screen(emulator))
    home = first.observation["pixels"]
    step = env.step(action(TOUCH, NOTES_ICON))
    assert np.array_equal(step.observation["pixels"], screen(emulator))
    rewards = [step.reward]
    step = env.step(action(LIFT, NOTES_ICON))
    rewards.append(step.reward)
    with emulator.locked() as phone:
        assert phone.foreground_package == NOTES
    assert np.array_equal(step.observation["pixels"], screen(emulator))
    assert not np.array_equal(step.observation["pixels"], home)
    deadline = time.monotonic() + 20
    while sum(rewards) == 0 and time.monotonic() < deadline:  # logcat is read asynchronously
        time.sleep(0.1)
        rewards.append(env.step(action(LIFT, NOTES_ICON)).reward)
    assert sum(rewards) == 1.0


def test_adb_calls_android_world_uses_work_uiautomator_and_current_activity(
    env, emulator: EmulatorServer
) -> None:
    env.reset()
    env.step(action(TOUCH, NOTES_ICON))
    env.step(action(LIFT, NOTES_ICON))
    activity = env.execute_adb_call(
        adb_pb2.AdbRequest(get_current_activity=adb_pb2.AdbRequest.GetCurrentActivity())
    )
    assert activity.status == adb_pb2.AdbResponse.Status.OK, activity.error_message
    assert activity.get_current_activity.full_activity.startswith(NOTES + "/")

    def generic(*args: str) -> bytes:
        response = env.execute_adb_call(
            adb_pb2.AdbRequest(generic=adb_pb2.AdbRequest.GenericRequest(args=list(args)))
        )
        assert response.status == adb_pb2.AdbResponse.Status.OK, response.error_message
        return response.generic.output

    dumped = generic("shell", "uiautomator", "dump", "/sdcard/window_dump.xml")
    assert b"UI hierchary dumped to" in dumped
    xml = generic("shell", "cat", "/sdcard/window_dump.xml").decode()
    with emulator.locked() as phone:
        assert xml.strip() == phone.hierarchy_xml().strip()
    assert f'package="{NOTES}"' in xml


def test_with_two_fingers_a_touch_holds_and_xkb_letter_keys_type(
    load_env: Callable[..., Any], emulator: EmulatorServer
) -> None:
    """android_env sends both fingers in every touch event, the idle one with pressure 0:
    the finger touching stays down until its own lift, so a touch then a lift is a tap."""
    env = load_env(num_fingers=2, enable_key_events=True)
    env.reset()
    env.step(two_finger_action(TOUCH, NOTES_ICON))
    with emulator.locked() as phone:
        assert phone.touching
    env.step(two_finger_action(LIFT, NOTES_ICON))
    with emulator.locked() as phone:
        assert not phone.touching
        assert phone.foreground_package == NOTES
        phone.start_activity(CHROME)
        (node,) = find_all(phone.hierarchy_xml(), resource_id=f"{CHROME}:id/url_bar")
        phone.send_all(events.tap(*node.bounds.center))
    for code in (XKB_A, XKB_1):
        env.step(two_finger_action(KEYPRESS, (0, 0), code))
    with emulator.locked() as phone:
        field = phone.focused_field()
        assert field is not None and field.text == "a1"


def test_a_task_pinning_its_app_resets(
    load_env: Callable[..., Any], emulator: EmulatorServer
) -> None:
    """``start_screen_pinning`` (``am stack list``, then ``am task lock ID``) succeeds."""
    env = load_env(PINNED_SETTINGS)
    assert env.reset().first()
    assert not {k: v for k, v in env.stats().items() if k.startswith("error") and v}
    with emulator.locked() as phone:
        assert phone.foreground_package == "com.android.settings"
