"""Vector envs over presets: gymnasium's sync / async vector envs and SB3's SubprocVecEnv."""

from __future__ import annotations

import functools
import importlib.util
import pickle

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.env import MobileEnv
from mobile_gym.presets import make_vec

# the "mobile_gym:" prefix makes a fresh worker process import (and register) the package
WIFI_OFF = "mobile_gym:MobileGym/settings.wifi_off-v0"


def test_info_pickles_with_its_hierarchy() -> None:
    """Worker processes send info through a pipe: the lazy view hierarchy must pickle."""
    _, info = MobileEnv("settings.wifi_off").reset(seed=0)
    copy = pickle.loads(pickle.dumps(info))
    assert str(copy["view_hierarchy"]) == str(info["view_hierarchy"])


def _run(envs: gym.vector.VectorEnv) -> None:
    observations, infos = envs.reset(seed=3)
    assert observations["screen"].shape[0] == 2
    for _ in range(3):
        observations, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
        assert rewards.shape == (2,) and terminated.shape == truncated.shape == (2,)
        # fresh strings from each worker, as each env's info reports them
        assert list(observations["instruction"]) == list(infos["instruction"])
        assert all(isinstance(text, str) and text for text in observations["instruction"])
        assert isinstance(infos["agent_steps"], np.ndarray)


@pytest.mark.parametrize("mode", ["async", "sync"])
def test_two_gesture_envs_in_a_vector_env(mode: str) -> None:
    envs = make_vec(WIFI_OFF, 2, vectorization_mode=mode, action_space="gesture", max_steps=5)
    try:
        assert envs.single_action_space["verb"] == gym.spaces.Discrete(13)
        _run(envs)
    finally:
        envs.close()


def test_async_vector_envs_pass_observations_through_pipes() -> None:
    envs = make_vec(WIFI_OFF, 2, action_space="grid")
    try:
        assert isinstance(envs, gym.vector.AsyncVectorEnv)
        assert envs.shared_memory is False
    finally:
        envs.close()


def test_vectorization_mode_is_checked() -> None:
    with pytest.raises(ValueError, match="'async' or 'sync'"):
        make_vec(WIFI_OFF, 2, vectorization_mode="ray")


@pytest.mark.skipif(
    importlib.util.find_spec("stable_baselines3") is None,
    reason="stable-baselines3 is not installed",
)
def test_sb3_subproc_vec_env_runs_a_grid_preset() -> None:
    from stable_baselines3.common.vec_env import SubprocVecEnv

    make = functools.partial(gym.make, WIFI_OFF, action_space="grid", max_steps=5)
    envs = SubprocVecEnv([make, make])
    try:
        observations = envs.reset()
        assert observations["screen"].shape[0] == 2
        for _ in range(6):  # past the cap: SB3 resets finished envs itself
            observations, rewards, _, infos = envs.step(np.array([33, 36]))
            assert rewards.shape == (2,) and len(infos) == 2
        assert all(info["action_error"] is None for info in infos)
    finally:
        envs.close()
