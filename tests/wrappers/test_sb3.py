"""stable-baselines3 and sb3-contrib on the RL observation and the RL action presets.

Skipped when stable-baselines3 / sb3-contrib are not installed (``./dev`` installs them with
the ``rl`` extra). The training runs are smoke tests: tiny policies, a 64 x 64 grayscale
screen, a few hundred to 2,048 steps on one torch thread.
"""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

sb3 = pytest.importorskip("stable_baselines3", reason="stable-baselines3 is not installed")
sb3_contrib = pytest.importorskip("sb3_contrib", reason="sb3-contrib is not installed")
torch = pytest.importorskip("torch", reason="torch is not installed")

from sb3_contrib import MaskablePPO  # noqa: E402
from stable_baselines3 import PPO  # noqa: E402
from stable_baselines3.common.env_checker import check_env  # noqa: E402

import mobile_gym  # noqa: E402, F401  (registers the envs)
from mobile_gym.env import MobileEnv  # noqa: E402
from mobile_gym.registration import step_cap  # noqa: E402
from mobile_gym.wrappers import StepCap  # noqa: E402
from mobile_gym.wrappers.rl import ImageOnly, RLObservation  # noqa: E402

TASK = "settings.wifi_off"
SMALL = {"screen_size": (64, 64), "grayscale": True}

# What check_env says of choices made on purpose: the touch env's Dict action space (with a
# text field) is for LLM agents, not SB3; the elements are a matrix (one row per element),
# which MultiInputPolicy flattens.
EXPECTED_WARNINGS = (
    "The action space is not based off a numpy array",
    "Your observation elements has an unconventional shape",
)


@pytest.fixture(autouse=True)
def one_torch_thread() -> Iterator[None]:
    """Tests run two to a 2-core machine (pytest -n 2): one torch thread each."""
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)


def preset(action_space: str, observation: str, **observation_options: Any) -> gym.Env:
    """The preset stack, as ``gym.make(id, action_space=..., observation=...)`` builds it, with
    options for the view."""
    from mobile_gym import presets

    base = MobileEnv(TASK)
    env = presets.build(
        base, action_space, observation, observation_options=observation_options or None
    )
    cap = step_cap(None, base.task)
    return StepCap(env, cap) if cap is not None else env


def checked(env: gym.Env) -> None:
    """SB3's check_env passes, with no warnings but the expected ones."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_env(env, warn=True, skip_render_check=True)
    unexpected = [
        str(w.message) for w in caught if not str(w.message).startswith(EXPECTED_WARNINGS)
    ]
    assert not unexpected


# check_env --------------------------------------------------------------------------------
def test_check_env_rl_observation_over_the_touch_env() -> None:
    checked(RLObservation(gym.make(f"MobileGym/{TASK}-v0"), **SMALL))


def test_check_env_rl_observation_with_default_options() -> None:
    checked(RLObservation(MobileEnv(TASK)))


def test_check_env_image_only_over_the_touch_env() -> None:
    checked(ImageOnly(gym.make(f"MobileGym/{TASK}-v0"), **SMALL))


def test_check_env_grid_preset_through_gym_make() -> None:
    try:
        env = gym.make(f"MobileGym/{TASK}-v0", action_space="grid", observation="rl")
    except (TypeError, ValueError) as exc:  # presets not wired into gym.make yet
        pytest.skip(f"gym.make(..., action_space='grid', observation='rl') failed: {exc}")
    assert isinstance(env.action_space, gym.spaces.Discrete) and env.action_space.start == 0
    checked(env)


def test_check_env_grid_and_element_presets_small() -> None:
    checked(preset("grid", "rl", **SMALL))
    checked(ImageOnly(preset("grid", "pixels"), **SMALL))
    checked(preset("element", "rl", **SMALL))


# training ---------------------------------------------------------------------------------
def test_ppo_multi_input_policy_on_grid_rl() -> None:
    env = preset("grid", "rl", **SMALL)
    model = PPO(
        "MultiInputPolicy",
        env,
        n_steps=128,
        batch_size=64,
        n_epochs=2,
        policy_kwargs={"net_arch": [32], "features_extractor_kwargs": {"cnn_output_dim": 32}},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=384)
    assert model.num_timesteps >= 384
    observation, _ = env.reset(seed=1)
    action, _ = model.predict(observation, deterministic=True)
    assert env.action_space.contains(int(action))


def test_ppo_cnn_policy_on_grid_image_only() -> None:
    env = ImageOnly(preset("grid", "pixels"), **SMALL)
    model = PPO(
        "CnnPolicy",
        env,
        n_steps=256,
        batch_size=128,
        n_epochs=1,
        policy_kwargs={"net_arch": [32], "features_extractor_kwargs": {"features_dim": 32}},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    observation, _ = env.reset(seed=1)
    action, _ = model.predict(observation, deterministic=True)
    assert env.action_space.contains(int(action))


class MaskAudit(gym.Wrapper):
    """Counts the actions taken that the current action masks rule out."""

    def __init__(self, env: gym.Env) -> None:
        super().__init__(env)
        self.steps = 0
        self.masked_out = 0

    def step(self, action: Any) -> Any:
        masks = self.env.get_wrapper_attr("action_masks")()
        sizes = self.action_space.nvec
        verb, index = (int(v) for v in action)
        if not (masks[verb] and masks[sizes[0] + index]):
            self.masked_out += 1
        self.steps += 1
        return self.env.step(action)


def test_maskable_ppo_on_element_actions_uses_the_masks() -> None:
    env = MaskAudit(preset("element", "rl", **SMALL))
    assert isinstance(env.action_space, gym.spaces.MultiDiscrete)
    nvec = env.action_space.nvec
    assert env.observation_space["element_mask"].n == nvec[1]  # one row per index
    model = MaskablePPO(
        "MultiInputPolicy",
        env,
        n_steps=256,
        batch_size=128,
        n_epochs=1,
        policy_kwargs={"net_arch": [32], "features_extractor_kwargs": {"cnn_output_dim": 32}},
        seed=0,
        device="cpu",
    )
    model.learn(total_timesteps=2048)
    assert model.num_timesteps >= 2048
    assert env.steps >= 2048 and env.masked_out == 0
    observation, _ = env.reset(seed=1)
    masks = env.get_wrapper_attr("action_masks")()
    assert masks.shape == (int(nvec.sum()),)
    # the index mask and the observation's element mask agree on what is on screen
    assert observation["element_mask"].any()
    np.testing.assert_array_equal(masks[nvec[0] :], observation["element_mask"].astype(bool))
    action, _ = model.predict(observation, action_masks=masks, deterministic=True)
    assert masks[int(action[0])] and masks[nvec[0] + int(action[1])]
