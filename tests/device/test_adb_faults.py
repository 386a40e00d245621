"""Faults injected through the served phone: AdbDevice retries with backoff and recovers from
passing ones; lasting ones end the env's episode with ``info["error"]``, never a success, and
the env works again after ``reset``."""

from __future__ import annotations

import time

import numpy as np
import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_link import RetryPolicy
from mobile_gym.device.base import DeviceError
from mobile_gym.env import MobileEnv
from mobile_gym.sim.adb_server import FAULT_KINDS, AdbServer
from mobile_gym.spaces import ActionType
from mobile_gym.tasks.solution import run_solution
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import act, spec

SHORT = RetryPolicy(attempts=3, backoff_s=0.01, timeout_s=0.5)
"""While a hang is armed a command counts as hung after 0.5 s (a slow, busy machine could
time out a healthy command that quickly, so it is used only then)."""


def arm(device: AdbDevice, server: AdbServer, kind: str, count: int | None) -> None:
    if kind == "hang":
        device.link.retry = SHORT
    server.faults.inject(SERIAL, kind, count=count)


def disarm(device: AdbDevice, server: AdbServer) -> None:
    server.faults.clear()
    device.link.retry = QUICK


@pytest.mark.parametrize(
    ("kind", "read"),
    [
        ("disconnect", lambda d: d.foreground()),
        ("hang", lambda d: d.get_setting("global", "wifi_on")),
        ("empty_dump", lambda d: d.hierarchy_xml()),
        ("malformed_dump", lambda d: d.hierarchy_xml()),
        ("garbage_screenshot", lambda d: d.screenshot(0.25)),
    ],
)
def test_a_passing_fault_is_retried(device: AdbDevice, server: AdbServer, kind, read) -> None:
    expected = read(device)
    device.change_counters()  # read again, not from what this step already read
    arm(device, server, kind, count=2)
    again = read(device)
    assert server.faults.armed(SERIAL) == {}  # both faulty tries were made, the third worked
    if isinstance(expected, np.ndarray):
        assert np.array_equal(again, expected)
    else:
        assert again == expected


@pytest.mark.parametrize(
    ("kind", "read", "message"),
    [
        ("disconnect", lambda d: d.foreground(), "not found"),
        ("hang", lambda d: d.hierarchy_xml(), "timeout"),
        ("empty_dump", lambda d: d.hierarchy_xml(), "no hierarchy"),
        ("malformed_dump", lambda d: d.hierarchy_xml(), "malformed XML"),
        ("garbage_screenshot", lambda d: d.screenshot(0.25), "bad header"),
    ],
)
def test_a_lasting_fault_is_a_device_error(
    device: AdbDevice, server: AdbServer, kind, read, message: str
) -> None:
    arm(device, server, kind, count=None)
    with pytest.raises(DeviceError, match=f"{SERIAL}: .* failed 3 times; last: .*{message}"):
        read(device)


def test_input_that_hung_is_not_sent_twice(device: AdbDevice, server: AdbServer) -> None:
    arm(device, server, "hang", count=1)
    with pytest.raises(DeviceError, match="not sent again, it may have run"):
        device.key("HOME")
    device.key("HOME")  # the fault has passed


def test_log_lines_read_before_the_stream_broke_are_not_read_again(
    device: AdbDevice, server: AdbServer
) -> None:
    _, cursor = device.logcat(1 << 62)
    with server.locked(SERIAL) as phone:
        for _ in range(3):  # the clock does not move between them: three identical lines
            phone.log("com.example", "Dup", "same message")
    lines, cursor = device.logcat(cursor)
    assert lines == [("Dup", "same message")] * 3
    server.faults.inject(SERIAL, "disconnect", count=1)  # the stream ends
    deadline = time.monotonic() + 5
    while server.faults.armed(SERIAL) and time.monotonic() < deadline:
        time.sleep(0.01)  # the stream's first try to reopen is refused; the next one works
    assert server.faults.armed(SERIAL) == {}
    with server.locked(SERIAL) as phone:
        phone.log("com.example", "Dup", "same message")  # logged again: a new line
        phone.log("com.example", "Tock", "after")
    lines, _ = device.logcat(cursor)
    assert lines == [("Dup", "same message"), ("Tock", "after")]
    dups = [text for text in server.phone(SERIAL).logcat_lines()[0] if "Dup" in text]
    assert len(dups) == 4 and len(set(dups)) == 1


@pytest.mark.parametrize("kind", FAULT_KINDS)
def test_a_fault_ends_the_episode_and_reset_recovers(
    device: AdbDevice, server: AdbServer, kind: str
) -> None:
    env = MobileEnv(spec(), device=device)
    env.reset(seed=0)
    touch = act(ActionType.TOUCH, touch_position=np.array([0.5, 0.5], np.float32))
    env.step(touch)
    arm(device, server, kind, count=None)
    observation, reward, terminated, truncated, info = env.step(touch)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["success"] is False and SERIAL in info["error"]
    assert env.observation_space.contains(observation)
    disarm(device, server)
    observation, info = env.reset(seed=0)
    assert "error" not in info and env.observation_space.contains(observation)
    steps, reward, ended, info = run_solution(env)
    assert (steps, reward, ended, info["success"]) == (1, 1.0, True, True)
