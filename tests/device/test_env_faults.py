"""How MobileEnv ends an episode when its device fails, and how it picks its device."""

from __future__ import annotations

import pathlib
from collections.abc import Collection, Hashable
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401  (registers the environments)
from mobile_gym.commands import Command
from mobile_gym.device.base import DeviceError
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.registration import make_env
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.solution import run_solution
from mobile_gym.wrappers import StepCap
from tests.tasks.tasktools import act, click, spec

FAULT = "emulator-5554: dump the view hierarchy failed 3 times; last: device offline"


class BreakableDevice(SimDevice):
    """The simulated phone, except that the calls named in ``broken`` fail as a device whose
    retries ran out does; ``calls`` counts the calls that reached the phone."""

    def __init__(self) -> None:
        super().__init__()
        self.broken: set[str] = set()
        self.calls = 0

    def _call(self, name: str) -> None:
        if name in self.broken:
            raise DeviceError(FAULT)
        self.calls += 1

    def reset(self, seed: int) -> None:
        self._call("reset")
        super().reset(seed)

    def touch(self, x: float, y: float) -> None:
        self._call("touch")
        super().touch(x, y)

    def get_setting(self, namespace: str, key: str) -> str | None:
        self._call("get_setting")
        return super().get_setting(namespace, key)

    def screenshot(self, scale: float) -> np.ndarray:
        self._call("screenshot")
        return super().screenshot(scale)

    def change_counters(self, sources: Collection[str] | None = None) -> dict[str, Hashable]:
        self._call("change_counters")
        return super().change_counters(sources)


class FailsAfterStep(gym.Wrapper):
    """Breaks the calls ``fails`` names on the env's ``BreakableDevice`` once its step is
    done: a device that drops right after a step, before what follows it reads the device."""

    def __init__(self, env: gym.Env, *fails: str) -> None:
        super().__init__(env)
        self.fails = set(fails)

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        result = self.env.step(action)
        self.env.unwrapped.device.broken |= self.fails
        return result


@pytest.fixture
def device() -> BreakableDevice:
    return BreakableDevice()


@pytest.fixture
def env(device: BreakableDevice) -> MobileEnv:
    return MobileEnv(spec(), device=device)


def check_fault(env: gym.Env, outcome: tuple[Any, ...]) -> dict[str, Any]:
    observation, reward, terminated, truncated, info = outcome
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["error"] == FAULT and info["success"] is False
    assert info["events"] == [] and info["reward_breakdown"] == {}
    assert info["view_hierarchy"].xml.endswith('<hierarchy rotation="0" />')
    assert env.observation_space.contains(observation)
    return info


def test_a_fault_mid_episode_ends_it_with_the_error(
    env: MobileEnv, device: BreakableDevice
) -> None:
    env.reset(seed=0)
    device.broken.add("touch")
    info = check_fault(env, env.step(act(ActionType.TOUCH, touch_position=np.array([0.5, 0.5]))))
    assert info["step"] == 1
    device.broken.clear()
    calls = device.calls
    info = check_fault(env, env.step(act(ActionType.LIFT)))  # stays ended until reset
    assert device.calls == calls and info["step"] == 2
    assert env.final_verdict() is False


def test_a_fault_while_judging_is_never_a_success(env: MobileEnv, device: BreakableDevice) -> None:
    env.reset(seed=0)
    device.broken.add("get_setting")  # the Wi-Fi signal cannot be read
    *_, info = click(env, id="wifi_switch")
    assert info["error"] == FAULT and info["success"] is False
    assert device.phone.settings.get("global", "wifi_on") == "0"  # it was done, not judged


def test_reset_works_again_after_a_fault(env: MobileEnv, device: BreakableDevice) -> None:
    env.reset(seed=0)
    device.broken.add("screenshot")
    check_fault(env, env.step(act(ActionType.REPEAT)))
    device.broken.clear()
    observation, info = env.reset(seed=0)
    assert "error" not in info and env.observation_space.contains(observation)
    steps, reward, ended, info = run_solution(env)
    assert (steps, reward, ended, info["success"]) == (1, 1.0, True, True)


def test_a_fault_during_reset(env: MobileEnv, device: BreakableDevice) -> None:
    device.broken.add("reset")
    observation, info = env.reset(seed=0)
    assert info["error"] == FAULT and info["success"] is False
    assert env.observation_space.contains(observation)
    check_fault(env, env.step(act(ActionType.REPEAT)))
    device.broken.clear()
    _, info = env.reset(seed=0)
    assert "error" not in info and info["foreground"] == "com.android.settings"


def test_a_fault_under_the_step_cap_and_presets(device: BreakableDevice) -> None:
    env = make_env("settings.wifi_off", device=device, action_space="gesture")
    env.reset(seed=0)
    device.broken.add("touch")
    _, reward, terminated, truncated, info = env.step(Command("click", 0.5, 0.5))
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["error"] == FAULT and info["success"] is False


def test_a_fault_judging_the_final_state_at_the_step_cap(device: BreakableDevice) -> None:
    """A task judged on its final state reads the device when the cap cuts it off: a fault
    there ends the episode as any device fault does, not as an exception out of step."""
    env = StepCap(
        FailsAfterStep(
            MobileEnv(spec(episode={"success": "final"}), device=device), "change_counters"
        ),
        1,
    )
    env.reset(seed=0)
    info = check_fault(env, env.step(act(ActionType.REPEAT)))
    assert info["step"] == 1 and info["agent_steps"] == info["step_cap"] == 1
    assert env.unwrapped.error == FAULT and not env.truncated
    check_fault(env, env.step(act(ActionType.REPEAT)))  # stays ended until reset
    device.broken.clear()
    _, info = env.reset(seed=0)
    assert "error" not in info and info["agent_steps"] == 0


def test_a_fault_met_rendering_is_a_device_fault(device: BreakableDevice) -> None:
    env = MobileEnv(spec(), device=device, render_mode="rgb_array")
    env.reset(seed=0)
    env.step(act(ActionType.REPEAT))
    device.broken.add("screenshot")
    frame = env.render()
    assert frame is not None and frame.shape == (2400, 1080, 3) and not frame.any()
    assert env.error == FAULT
    check_fault(env, env.step(act(ActionType.REPEAT)))


def test_a_fault_rendering_the_window_ends_the_episode(
    device: BreakableDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In ``render_mode="human"`` the window renders after every step: a fault there is the
    env's (its next step ends the episode, the cap's step at the latest), never raised."""
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")  # a display that needs no screen
    env = make_env(  # the text view: only the window reads the screen
        "settings.wifi_off",
        device=device,
        action_space="grid",
        observation="text",
        render_mode="human",
        max_steps=2,
    )
    try:
        env.reset(seed=0)
        device.broken.add("screenshot")
        _, _, terminated, truncated, info = env.step(0)  # the window's frame fails
        assert (terminated, truncated) == (False, False) and "error" not in info
        assert env.unwrapped.error == FAULT
        check_fault(env, env.step(0))
        device.broken.clear()
        env.reset(seed=0)
        env.step(0)
        device.broken.add("screenshot")
        check_fault(env, env.step(0))  # the cap's step reports the window's fault
    finally:
        env.close()


def test_device_option_is_checked() -> None:
    with pytest.raises(ValueError, match="needs serial="):
        gym.make("MobileGym/settings.wifi_off-v0", device="adb")
    with pytest.raises(ValueError, match='serial need device="adb"'):
        gym.make("MobileGym/settings.wifi_off-v0", serial="emulator-5554")
    with pytest.raises(ValueError, match="device must be one of"):
        gym.make("MobileGym/settings.wifi_off-v0", device="usb")
    assert isinstance(
        gym.make("MobileGym/settings.wifi_off-v0", device="sim").unwrapped.device, SimDevice
    )


def test_an_unreachable_adb_server_is_a_device_error_and_none_is_started(
    closed_port: int, tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no server answers, adbutils itself would run ``adb start-server`` (a server on
    the environment's port, 5037 by default, left running): the env starts nothing."""
    calls = tmp_path / "adb-calls"
    adb = tmp_path / "adb"
    adb.write_text(f'#!/bin/sh\necho "$@" >> {calls}\n')
    adb.chmod(0o755)
    monkeypatch.setenv("ADBUTILS_ADB_PATH", str(adb))
    with pytest.raises(
        DeviceError, match="emulator-5554: ask the ADB server's version failed"
    ) as e:
        gym.make(
            "MobileGym/settings.wifi_off-v0",
            device="adb",
            serial="emulator-5554",
            adb_port=closed_port,
        )
    assert f"no ADB server answers at 127.0.0.1:{closed_port}" in str(e.value)
    assert not calls.exists()
