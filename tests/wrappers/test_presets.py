"""Presets: named action spaces and observation views stacked under the step cap."""

from __future__ import annotations

import gymnasium as gym
import pytest

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym import presets
from mobile_gym.commands import Command
from mobile_gym.env import MobileEnv

WIFI_OFF = "MobileGym/settings.wifi_off-v0"


def chain(env: gym.Env) -> list[str]:
    """Class names from the outermost wrapper in, without gymnasium's own checkers."""
    names = []
    while True:
        names.append(type(env).__name__)
        if not isinstance(env, gym.Wrapper):
            break
        env = env.env
    return [n for n in names if n not in ("OrderEnforcing", "PassiveEnvChecker")]


def make_preset(action_space: str, observation: str, **kwargs) -> gym.Env:
    return gym.make(WIFI_OFF, action_space=action_space, observation=observation, **kwargs)


@pytest.mark.parametrize("action_space", list(presets.ACTION_SPACES))
def test_action_space_presets_build_their_wrapper(action_space: str) -> None:
    env = make_preset(action_space, "pixels", max_steps=5)
    wrapper = presets.ACTION_SPACES[action_space]
    middle = [] if wrapper is None else [wrapper]
    assert chain(env) == ["StepCap", *middle, "MobileEnv"]


@pytest.mark.parametrize("observation", list(presets.OBSERVATIONS))
def test_observation_presets_wrap_the_action_space(observation: str) -> None:
    env = make_preset("gesture", observation, max_steps=5)
    wrapper = presets.OBSERVATIONS[observation]
    middle = [] if wrapper is None else [wrapper]
    assert chain(env) == ["StepCap", *middle, "GestureActions", "MobileEnv"]


def test_default_is_the_touch_level_env_under_the_task_cap() -> None:
    env = gym.make(WIFI_OFF)
    assert chain(env) == ["StepCap", "MobileEnv"]
    assert env.unwrapped.task.step_cap() == env.get_wrapper_attr("max_steps")


@pytest.mark.parametrize(
    ("kwargs", "listing"),
    [
        ({"action_space": "mouse"}, "unknown action_space 'mouse'; choose one of: touch, gesture"),
        ({"observation": "smell"}, "unknown observation 'smell'; choose one of: pixels, text"),
    ],
)
def test_unknown_names_list_the_choices(kwargs: dict, listing: str) -> None:
    with pytest.raises(ValueError, match=listing):
        gym.make(WIFI_OFF, **kwargs)


def test_wrapper_options() -> None:
    env = presets.build(MobileEnv("settings.wifi_off"), "grid", action_options={"rows": 2})
    assert env.action_space == gym.spaces.Discrete(4 * 2 + 6)
    with pytest.raises(ValueError, match="without a wrapper"):
        presets.build(MobileEnv("settings.wifi_off"), "touch", action_options={"rows": 2})


@pytest.mark.parametrize(("action_space", "action"), [("gesture", Command("wait")), ("grid", 34)])
@pytest.mark.parametrize("cap", [1, 3])
def test_caps_count_agent_actions_exactly(action_space: str, action: object, cap: int) -> None:
    env = gym.make(WIFI_OFF, action_space=action_space, max_steps=cap)
    env.reset(seed=0)
    for step in range(1, cap + 1):
        *_, terminated, truncated, info = env.step(action)
        assert info["agent_steps"] == step
        assert truncated == (step == cap) and not terminated
        assert info["success"] is False


def test_two_x_min_cap_allows_twice_min_steps_gesture_actions() -> None:
    env = gym.make(WIFI_OFF, action_space="gesture", max_steps="2x_min")
    env.reset(seed=0)
    truncated, steps = False, 0
    while not truncated:
        *_, truncated, _ = env.step({"verb": "scroll", "direction": "left"})
        steps += 1
    assert steps == 2 * env.unwrapped.task.min_steps
