"""A phone that keeps what an earlier episode did (a device whose reset only goes home, as a
real phone's does without a snapshot): an episode whose goal already holds is refused, never
a success, and setup rows that meet the earlier episode's say so."""

from __future__ import annotations

import pytest

from mobile_gym import actions
from mobile_gym.device.sim import SimDevice
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.schema import TaskFileError
from mobile_gym.tasks.solution import run_solution


class KeptPhone(SimDevice):
    """A simulated phone whose resets after the first only go home."""

    def __init__(self) -> None:
        super().__init__()
        self.resets = 0

    def reset(self, seed: int) -> None:
        if self.resets == 0:
            super().reset(seed)
        else:
            self.phone.go_home()
        self.resets += 1


def test_an_episode_whose_goal_already_holds_is_refused() -> None:
    env = MobileEnv("settings.wifi_off", device=KeptPhone())
    env.reset(seed=0)
    assert run_solution(env)[2] is True  # Wi-Fi is off now, and stays off
    _, info = env.reset(seed=0)
    assert "its goal holds before any action" in info["error"]
    _, reward, terminated, _, info = env.step(actions.wait(1)[0])
    assert (terminated, reward, info["success"]) == (True, 0.0, False)
    env.close()


def test_an_episode_on_a_fresh_phone_starts() -> None:
    """The refusal is about the kept state: the same task on a phone reset each time starts."""
    env = MobileEnv("settings.wifi_off")
    for _ in range(2):
        _, info = env.reset(seed=0)
        assert "error" not in info
        assert run_solution(env)[2] is True
    env.close()


def test_setup_rows_that_meet_an_earlier_episodes_say_so() -> None:
    env = MobileEnv("mail.reply_latest", device=KeptPhone())
    env.reset(seed=0)
    with pytest.raises(TaskFileError, match=r"UNIQUE constraint failed.*earlier episode"):
        env.reset(seed=0)
    env.close()
