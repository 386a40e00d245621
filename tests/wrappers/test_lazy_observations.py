"""Pixels drawn only when someone looks: the touch steps inside one agent action make no
observation, and the text views stop the env from drawing a screen no one sees."""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym import actions
from mobile_gym.commands import Command
from mobile_gym.env import LazyHierarchy, MobileEnv
from mobile_gym.wrappers import GestureActions, SetOfMarks, TextObservation
from tests.tasks.tasktools import centre, spec


def screenshots_taken(env: gym.Env) -> list[float]:
    """From now on, the scale of every screenshot the env's device takes."""
    device = env.unwrapped.device
    taken: list[float] = []
    take = device.screenshot

    def screenshot(scale: float) -> np.ndarray:
        taken.append(scale)
        return take(scale)

    device.screenshot = screenshot
    return taken


def comparable(info: dict[str, Any]) -> dict[str, Any]:
    return {k: str(v) if isinstance(v, LazyHierarchy) else v for k, v in info.items()}


def test_an_agent_action_draws_only_its_own_observation() -> None:
    env, reference = GestureActions(MobileEnv(spec())), MobileEnv(spec())
    env.reset(seed=3)
    reference.reset(seed=3)
    x, y = centre(env, text="Mobile data")
    taken = screenshots_taken(env)
    observation, reward, terminated, truncated, info = env.step(Command("click", x, y))
    assert taken == [0.25]
    for touch in actions.click(x, y):  # the same touches, each observed
        expected, expected_reward, *_, last_info = reference.step(touch)
    np.testing.assert_array_equal(observation["screen"], expected["screen"])
    assert observation["instruction"] == expected["instruction"]
    assert (reward, terminated, truncated) == (expected_reward, False, False)
    assert comparable(info)["view_hierarchy"] == comparable(last_info)["view_hierarchy"]


def test_an_episode_that_ends_inside_an_action_is_observed() -> None:
    env = GestureActions(MobileEnv(spec()))
    env.reset(seed=0)
    x, y = centre(env, id="wifi_switch")
    # the first tap turns Wi-Fi off and ends the episode, half way through the double tap
    observation, reward, terminated, _, info = env.step(Command("double_tap", x, y))
    assert terminated and info["success"] and reward == 1.0
    assert observation is not None
    np.testing.assert_array_equal(observation["screen"], env.unwrapped.device.screenshot(0.25))


def test_text_views_keep_the_env_from_drawing_the_screen() -> None:
    text_only = TextObservation(GestureActions(MobileEnv(spec())))
    with_screen = TextObservation(GestureActions(MobileEnv(spec())), keep_screen=True)
    assert "screen" not in text_only.unwrapped.observation_space.spaces
    assert "screen" in with_screen.unwrapped.observation_space.spaces
    taken = screenshots_taken(text_only)
    first, _ = text_only.reset(seed=1)
    kept, _ = with_screen.reset(seed=1)
    click = Command("click", *centre(text_only, text="Mobile data"))
    second, *_ = text_only.step(click)
    assert taken == []
    assert first["screen_text"] == kept["screen_text"]
    assert second["screen_text"] == with_screen.step(click)[0]["screen_text"]
    assert second["screen_text"] != first["screen_text"]  # the switch was redrawn
    assert text_only.observation_space.contains(second)


def test_a_text_view_over_an_observation_wrapper_leaves_the_screen() -> None:
    env = TextObservation(SetOfMarks(MobileEnv(spec())))
    env.reset(seed=0)
    assert "screen" in env.unwrapped.observation_space.spaces
    observation, *_ = env.step(actions.wait()[0])
    assert "[0]" in observation["screen_text"]


def test_render_still_draws_the_screen_after_it_is_dropped() -> None:
    env = TextObservation(MobileEnv(spec(), render_mode="rgb_array"))
    env.reset(seed=0)
    assert env.render().shape == (2400, 1080, 3)
