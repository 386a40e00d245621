"""The full env on AdbDevice, through adbutils and the served simulated phone, plays a
task's reference solution exactly as on the in-process phone."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import pytest

from mobile_gym import actions
from mobile_gym.device.adb import AdbDevice
from mobile_gym.env import MobileEnv
from mobile_gym.registration import make_env
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.tasks.solution import run_solution, step_actions
from tests.device.conftest import QUICK, SERIAL, factory_reset


def trajectory(env: gym.Env, seed: int) -> list[Any]:
    """What the env reported at reset and after each agent action of the solution."""
    _, info = env.reset(seed=seed)
    base: MobileEnv = env.unwrapped  # type: ignore[assignment]
    record: list[Any] = [(info["instruction"], info["events"], info["foreground"])]
    for step in base.episode.solution():  # type: ignore[union-attr]
        sequence = step_actions(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, truncated, info = actions.play(base, sequence)
        record.append(
            (reward, info["events"], info["reward_breakdown"], info["success"], terminated)
        )
        assert "error" not in info
        if terminated or truncated:
            break
    record.append(base.device.hierarchy_xml())
    return record


@pytest.mark.parametrize("task", ["settings.bluetooth_on", "contacts.star_named"])
def test_the_solution_gives_the_same_episode_over_adb(server: AdbServer, task: str) -> None:
    """bluetooth_on: settings setup, an activity and a logcat line judged in the step that
    logs it; star_named: database rows pushed at setup, typed text, screen text and SQL."""
    device = AdbDevice(SERIAL, port=server.port, retry=QUICK, on_reset=factory_reset(server))
    served = make_env(task, device=device)
    try:
        over_adb = trajectory(served, seed=3)
        in_process = trajectory(make_env(task), seed=3)
        assert over_adb == in_process
        last_action = over_adb[-2]
        assert last_action[3] is True and last_action[4] is True  # success ends the episode
        assert len(over_adb) - 2 == served.unwrapped.task.min_steps
    finally:
        served.close()


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
