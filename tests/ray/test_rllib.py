"""RLlib trains on a registered ``MobileGym/`` id: the masked env's observations hold the
element preset's masks, and one PPO iteration with RLlib's action-masking module samples
steps and reports learner stats, and its policy gives masked actions no chance."""

from __future__ import annotations

import copy
import pickle
import sys

import gymnasium as gym
import numpy as np
import pytest
import torch
from gymnasium.utils.env_checker import check_env

import mobile_gym  # noqa: F401  (registers the task ids)

ray = pytest.importorskip("ray")
pytest.importorskip("ray.rllib")

from mobile_gym.ray.rllib import (  # noqa: E402
    MaskedElementEnv,
    masked_ppo_config,
    register_rllib_envs,
)

pytestmark = pytest.mark.usefixtures("local_ray")  # Ray on two CPUs (conftest.py)

TASK = "MobileGym/settings.wifi_off-v0"


def test_the_observation_carries_the_element_masks() -> None:
    env = MaskedElementEnv({"env_id": TASK, "action_options": {"verbs": ("click", "back")}})
    plain = gym.make(
        TASK, action_space="element", observation="rl", action_options={"verbs": ("click", "back")}
    )
    observation, _ = env.reset(seed=5)
    plain.reset(seed=5)
    assert env.observation_space.contains(observation)
    expected = plain.get_wrapper_attr("action_masks")().astype(np.float32)
    np.testing.assert_array_equal(observation["action_mask"], expected)
    assert observation["action_mask"].shape == (2 + 64,)
    assert env.action_space == gym.spaces.MultiDiscrete([2, 64])
    assert observation["observations"].shape == (32 + 64 * 13 + 64,)  # instruction, elements
    env.close()


def test_the_env_passes_gymnasiums_checks() -> None:
    env = MaskedElementEnv({"env_id": TASK, "observation_options": None})
    check_env(env, skip_render_check=True)  # a seeded reset seeds the env's own generator
    env.close()


def test_bad_env_configs_and_a_missing_rllib_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="needs an env_id"):
        MaskedElementEnv({})
    with pytest.raises(ValueError, match="observation is fixed"):
        MaskedElementEnv({"env_id": TASK, "observation": "pixels"})
    with pytest.raises(ValueError, match="not a registered env id: 'MobileGym/nope-v0'"):
        register_rllib_envs(["MobileGym/nope-v0"])
    monkeypatch.setitem(sys.modules, "ray.rllib.algorithms.ppo", None)  # as if not installed
    with pytest.raises(ImportError, match=r"RLlib needs: pip install 'mobile-gym\[rllib\]'"):
        masked_ppo_config(TASK)


def test_one_ppo_iteration_with_action_masking() -> None:
    registered = register_rllib_envs()
    assert TASK in registered and all(i.startswith("MobileGym/") for i in registered)
    config = (
        masked_ppo_config(TASK, fcnet_hiddens=[32])
        .env_runners(num_env_runners=0, rollout_fragment_length=64)
        .training(train_batch_size_per_learner=64, minibatch_size=32, num_epochs=1)
        .debugging(seed=0)
    )
    algo = config.build_algo()
    try:
        result = algo.train()
        module = algo.get_module()
    finally:
        algo.stop()
    stats = result["learners"]["default_policy"]
    assert {"policy_loss", "vf_loss", "entropy"} <= stats.keys()
    assert result["env_runners"]["num_env_steps_sampled"] >= 64
    env = MaskedElementEnv({"env_id": TASK})
    observation, _ = env.reset(seed=1)
    batch = {"obs": {k: torch.from_numpy(v[None]) for k, v in observation.items()}}
    with torch.no_grad():
        logits = module.forward_inference(batch)["action_dist_inputs"][0].numpy()
    masked = observation["action_mask"] == 0
    assert masked.any() and (logits[masked] < -1e30).all() and (logits[~masked] > -1e3).all()


def test_the_env_refuses_copies_as_the_env_it_holds_does() -> None:
    env = MaskedElementEnv({"env_id": TASK})
    for duplicate in (copy.copy, copy.deepcopy, pickle.dumps):
        with pytest.raises(TypeError, match="cannot be copied"):
            duplicate(env)
    env.close()
