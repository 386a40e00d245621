"""The full env on AdbDevice, through adbutils and the served simulated phone, played by the
oracle agent exactly as on the in-process phone.

The tasks cover the apps, every kind of task setup (time, database rows, files, settings,
starting an activity) and every kind of signal (SQL, logcat, XPath, setting, foreground,
answer). Every shipped task passes this way; these are the representatives the suite runs.
"""

from __future__ import annotations

import hashlib
import pathlib
import tempfile
import threading
from typing import Any

import gymnasium as gym
import pytest

from mobile_gym.agents.oracle import OracleAgent
from mobile_gym.device.adb import AdbDevice
from mobile_gym.registration import make_env
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.tasks.solution import run_solution
from tests.device.conftest import QUICK, SERIAL, factory_reset

SEED = 0
TASKS = [
    "simpletools.calendar.next_month",  # setup time, rows and an activity; the month shown (XPath)
    "simpletools.music_player.pause_music",  # setup time and rows; playback in logcat and SQL
    "settings.brightness_half",  # a setting at setup; a slider touched exactly; the setting
    "settings.bluetooth_on",  # an activity, and a logcat line judged in the step logging it
    "notes.append_item",  # rows pushed at setup, a typed newline, SQL
    "simpletools.file_manager.open_text_file",  # files pushed at setup; the opened file (logcat, XPath)
    "simpletools.sms.read_code",  # rows; the agent's answer and the screen
    "simpletools.gallery.open_photo",  # files, rows and an activity; the foreground activity, XPath
    "mw.mastodon.mastodon_invite",  # a query over two apps' databases (one attached), over 16 steps
    "shop.add_to_cart",  # text `input text` cannot type (through ADBKeyboard), SQL
    "mcp.lemon_fact_sms",  # a tool's answer typed in Chinese into an SMS; the sent message
    "mw.mall.search_item_and_checkout",  # a Chinese search typed; the order placed
]


def oracle_episode(env: gym.Env, phone: Phone) -> list[Any]:
    """What the env reported at reset and after each oracle action, the screen it ended on
    (app, hierarchy and every pixel: a slider's thumb shows a setting to the unit) and the
    state of the ``phone`` behind the env (clock, settings, databases)."""
    agent = OracleAgent()
    agent.attach(env)
    observation, info = env.reset(seed=SEED)
    assert "error" not in info
    record: list[Any] = [(info["instruction"], info["events"], info["foreground"])]
    agent.reset(info["instruction"], info, seed=SEED)
    done = False
    while not done:
        observation, reward, terminated, truncated, info = env.step(agent.act(observation, info))
        assert "error" not in info, info["error"]
        done = terminated or truncated
        record.append(
            (
                reward,
                info["events"],
                info["reward_breakdown"],
                info["instructions"],
                info["success"],
                info["foreground"],
                info["activity"],
                info["action_error"],
                terminated,
                truncated,
            )
        )
    device = env.unwrapped.device
    screen = hashlib.sha256(device.screenshot(1.0).tobytes()).hexdigest()
    record.append((device.foreground(), device.hierarchy_xml(), screen))
    databases = {path: list(db.iterdump()) for path, db in phone.storage.databases.items()}
    record.append((phone.clock.state(), phone.settings.tables, databases))
    return record


def both_episodes(server: AdbServer, task: str, device: AdbDevice) -> tuple[list, list]:
    """``task``'s oracle episode over ADB on ``device`` (the served phone of ``server``;
    closed after) and in process (``oracle_episode``), for comparison."""
    agent = OracleAgent()
    options = {"action_space": agent.action_space, "observation": agent.observation}
    served = make_env(task, device=device, **options)
    try:
        over_adb = oracle_episode(served, server.phone(SERIAL))
    finally:
        served.close()
        device.close()
    env = make_env(task, **options)
    in_process = oracle_episode(env, env.unwrapped.device.phone)
    env.close()
    return over_adb, in_process


@pytest.mark.parametrize("task", TASKS)
def test_the_oracle_gives_the_same_episode_over_adb(server: AdbServer, task: str) -> None:
    device = AdbDevice(SERIAL, port=server.port, retry=QUICK, on_reset=factory_reset(server))
    over_adb, in_process = both_episodes(server, task, device)
    assert over_adb == in_process
    *_, last_action, _, _ = over_adb
    assert last_action[4] is True  # success


@pytest.mark.parametrize("port", [0, -1, 70_000, "5037", 5037.0])
def test_an_adb_port_that_is_no_port_is_refused(port: object) -> None:
    with pytest.raises(ValueError, match=r"^adb_port must be an integer in 1\.\.65535, got "):
        gym.make("MobileGym/settings.wifi_off-v0", device="adb", serial=SERIAL, adb_port=port)


def test_gym_make_selects_the_adb_device(server: AdbServer) -> None:
    env = gym.make(
        "MobileGym/settings.wifi_off-v0", device="adb", serial=SERIAL, adb_port=server.port
    )
    try:
        assert isinstance(env.unwrapped.device, AdbDevice)
        observation, info = env.reset(seed=0)
        assert env.observation_space.contains(observation)
        assert info["foreground"] == "com.android.launcher3"
        steps, _, ended, info = run_solution(env)
        assert ended and info["success"] and steps == 4
    finally:
        env.close()
    assert env.unwrapped.device._reader._thread.is_alive() is False


@pytest.mark.parametrize(
    ("option", "problem"),
    [
        ({"action_space": "bogus"}, "unknown action_space"),
        ({"observation": "bogus"}, "unknown observation"),
        ({"max_steps": "bogus"}, "max_steps must be"),
    ],
)
def test_an_env_that_cannot_be_built_closes_its_device(
    server: AdbServer,
    tmp_path: pathlib.Path,
    monkeypatch: pytest.MonkeyPatch,
    option: dict[str, str],
    problem: str,
) -> None:
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))  # where the device keeps its copies
    before = set(threading.enumerate())
    with pytest.raises(ValueError, match=problem):
        gym.make(
            "MobileGym/settings.wifi_off-v0",
            device="adb",
            serial=SERIAL,
            adb_port=server.port,
            **option,
        )
    started = set(threading.enumerate()) - before  # the served phone's own threads aside
    assert [thread.name for thread in started if thread.name.startswith("logcat")] == []
    assert list(tmp_path.iterdir()) == []
