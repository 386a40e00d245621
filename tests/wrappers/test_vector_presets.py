"""Every preset in vector envs: ``gymnasium.make_vec(id, n, vectorization_mode="async")``
with no other argument (text spaces in shared memory), and SB3's checker, ``DummyVecEnv``
and ``MultiInputPolicy`` on the numeric ``rl`` and ``rl_pixels`` observations."""

from __future__ import annotations

import copy
import pickle

import gymnasium as gym
import numpy as np
import pytest
from gymnasium.vector.utils import (
    batch_space,
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym import presets
from mobile_gym.spaces import SharedTexts, UnicodeText

# the "mobile_gym:" prefix makes a fresh worker process import (and register) the package
WIFI_OFF = "mobile_gym:MobileGym/settings.wifi_off-v0"


def _steps(envs: gym.vector.VectorEnv) -> dict:
    """Reset and two sampled steps; the observations, whose instructions (where they are
    text) are those each env's info reports."""
    observations, _ = envs.reset(seed=1)
    assert envs.observation_space.contains(observations)
    for _ in range(2):
        observations, rewards, terminated, truncated, infos = envs.step(envs.action_space.sample())
        assert rewards.shape == terminated.shape == truncated.shape == (2,)
    if isinstance(envs.single_observation_space.get("instruction"), UnicodeText):
        assert list(observations["instruction"]) == list(infos["instruction"])
        assert all(observations["instruction"])
    return observations


@pytest.mark.parametrize("observation", list(presets.OBSERVATIONS))
def test_async_make_vec_with_every_observation(observation: str) -> None:
    envs = gym.make_vec(WIFI_OFF, 2, vectorization_mode="async", observation=observation)
    try:
        assert envs.shared_memory is True
        observations = _steps(envs)
    finally:
        envs.close()
    single = envs.single_observation_space
    assert set(observations) == set(single)
    for key, space in single.items():
        if isinstance(space, UnicodeText):
            assert isinstance(observations[key], tuple) and len(observations[key]) == 2
            assert all(isinstance(text, str) for text in observations[key])
        else:
            assert observations[key].shape == (2, *space.shape)


@pytest.mark.parametrize("action_space", list(presets.ACTION_SPACES))
def test_async_make_vec_with_every_action_space(action_space: str) -> None:
    envs = gym.make_vec(WIFI_OFF, 2, vectorization_mode="async", action_space=action_space)
    try:
        observations = _steps(envs)
    finally:
        envs.close()
    assert isinstance(observations["instruction"], tuple)


def test_text_in_shared_memory_is_the_last_written() -> None:
    """Async envs read shared memory once and keep the result: strings must read live."""
    space = gym.spaces.Dict({"text": UnicodeText(8)})
    memory = create_shared_memory(space, n=3)
    view = read_from_shared_memory(space, memory, n=3)["text"]
    assert isinstance(view, SharedTexts) and tuple(view) == ("", "", "")
    write_to_shared_memory(space, 1, {"text": "Wi-Fi 中\U0001f600"}, memory)
    write_to_shared_memory(space, 2, {"text": "much longer than eight"}, memory)
    assert view == ("", "Wi-Fi 中\U0001f600", "much lon")
    snapshot = copy.deepcopy(view)
    write_to_shared_memory(space, 1, {"text": "x"}, memory)
    assert snapshot == ("", "Wi-Fi 中\U0001f600", "much lon") and type(snapshot) is tuple
    assert view[1] == "x" and view[-1] == "much lon" and view[:2] == ("", "x")
    assert pickle.loads(pickle.dumps(view)) == ("", "x", "much lon")


def test_the_batched_text_space_holds_the_texts_read_live_from_shared_memory() -> None:
    space = gym.spaces.Dict({"text": UnicodeText(8)})
    batched = batch_space(space, 2)
    memory = create_shared_memory(space, n=2)
    view = read_from_shared_memory(space, memory, n=2)["text"]
    write_to_shared_memory(space, 0, {"text": "Wi-Fi"}, memory)
    write_to_shared_memory(space, 1, {"text": "中文"}, memory)
    assert view == ("Wi-Fi", "中文") and batched.contains({"text": view})
    assert batched.contains({"text": ("a", "b")}) and batched.contains({"text": ["a", "b"]})
    assert not batched.contains({"text": ("a",)}) and not batched.contains({"text": ("a", 1)})
    assert not batched.contains({"text": ("a", "longer than 8")})


def test_async_text_observations_without_copies_are_in_the_batched_space() -> None:
    envs = gym.make_vec(
        WIFI_OFF,
        2,
        vectorization_mode="async",
        vector_kwargs={"copy": False},
        observation="text",
        action_space="grid",
    )
    try:
        observations, _ = envs.reset(seed=[3, 4])
        assert isinstance(observations["screen_text"], SharedTexts)
        assert envs.observation_space.contains(observations)
        for _ in range(2):
            observations, *_ = envs.step(envs.action_space.sample())
            assert envs.observation_space.contains(observations)
    finally:
        envs.close()


def test_async_text_observations_change_with_the_screen() -> None:
    """Text observations in shared memory follow each step (not the first one read)."""
    envs = gym.make_vec(
        WIFI_OFF, 2, vectorization_mode="async", observation="text", action_space="element"
    )
    try:
        home, _ = envs.reset(seed=0)
        opened, *_ = envs.step(np.array([[0, 0], [0, 0]]))  # click element 0 (an app)
        back, *_ = envs.step(np.array([[5, 0], [5, 0]]))  # home
    finally:
        envs.close()
    assert opened["screen_text"] != home["screen_text"]
    assert back["screen_text"] == home["screen_text"]


# stable-baselines3 -----------------------------------------------------------------------
sb3 = pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed")
from stable_baselines3.common.vec_env import DummyVecEnv  # noqa: E402

from tests.wrappers.test_sb3 import checked  # noqa: E402  (check_env, expected warnings only)


@pytest.mark.parametrize(
    ("action_space", "observation"), [("element", "rl"), ("grid", "rl"), ("grid", "rl_pixels")]
)
def test_check_env_on_numeric_presets(action_space: str, observation: str) -> None:
    checked(gym.make(WIFI_OFF, action_space=action_space, observation=observation))


def test_rl_pixels_is_an_image_and_token_ids() -> None:
    from stable_baselines3.common.preprocessing import is_image_space

    space = gym.make(WIFI_OFF, observation="rl_pixels").observation_space
    assert set(space) == {"screen", "instruction"}
    assert is_image_space(space["screen"]) and space["screen"].dtype == np.uint8
    assert space["instruction"].dtype == np.int64


def test_dummy_vec_env_and_multi_input_policy_on_rl_pixels() -> None:
    torch = pytest.importorskip("torch", reason="torch is not installed")
    from stable_baselines3 import PPO
    from stable_baselines3.common.torch_layers import CombinedExtractor, NatureCNN

    venv = DummyVecEnv(
        [lambda: gym.make(WIFI_OFF, action_space="grid", observation="rl_pixels")] * 2
    )
    observations = venv.reset()
    assert observations["screen"].shape == (2, 128, 64, 3)
    assert observations["instruction"].shape == (2, 32) and observations["instruction"].any()
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    try:
        model = PPO("MultiInputPolicy", venv, n_steps=8, batch_size=8, n_epochs=1, seed=0)
        extractor = model.policy.features_extractor
        assert isinstance(extractor, CombinedExtractor)
        assert isinstance(extractor.extractors["screen"], NatureCNN)
        model.learn(total_timesteps=16)
    finally:
        torch.set_num_threads(threads)
        venv.close()
