"""RayVecEnv against SB3's DummyVecEnv (which SubprocVecEnv matches step for step) on a real element-preset task: the same seeds give
the same trajectories (auto-reset and ``terminal_observation`` included) with one env per
actor or several; per-env calls reach the right envs; MaskablePPO learns on it; close ends
every actor."""

from __future__ import annotations

import functools
import sys
import time
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.env_util import make_vec_env
from stable_baselines3.common.monitor import Monitor
from stable_baselines3.common.vec_env import DummyVecEnv, VecEnv

import mobile_gym  # noqa: F401  (registers the task ids)
from mobile_gym.rl import CapEndsEpisode, use_torch_threads
from mobile_gym.wrappers import StepCap

ray = pytest.importorskip("ray")

from mobile_gym.ray import RayVecEnv  # noqa: E402
from mobile_gym.ray.vec_env import make_env  # noqa: E402

TASK = "MobileGym/settings.wifi_off-v0"
PRESET = {"action_space": "element", "observation": "rl"}
make = functools.partial(make_env, TASK, **PRESET)


pytestmark = pytest.mark.usefixtures("local_ray")  # Ray on two CPUs (conftest.py)


def alive(actors: list[Any]) -> list[str]:
    """The ids of those of ``actors`` that Ray still lists alive."""
    from ray._private import state

    ids = {actor._actor_id.hex() for actor in actors}
    return [i for i, info in state.actors().items() if i in ids and info["State"] == "ALIVE"]


def alive_after_kill(actors: list[Any], within_s: float = 10.0) -> list[str]:
    """``alive(actors)`` once Ray's list has caught up with their end (``ray.kill`` returns
    before the cluster's state says so), or after ``within_s`` seconds."""
    deadline = time.monotonic() + within_s
    while (left := alive(actors)) and time.monotonic() < deadline:
        time.sleep(0.1)
    return left


def trajectory(env: VecEnv, steps: int) -> list[tuple[Any, ...]]:
    """``steps`` steps of valid actions drawn from the masks with a fixed generator."""
    rng = np.random.default_rng(3)
    env.seed(11)
    observation = env.reset()
    record: list[tuple[Any, ...]] = [(observation, list(env.reset_infos))]
    verbs = env.action_space.nvec[0]
    for _ in range(steps):
        masks = np.stack(env.env_method("action_masks"))
        actions = np.array(
            [
                [rng.choice(np.flatnonzero(m[:verbs])), rng.choice(np.flatnonzero(m[verbs:]))]
                for m in masks
            ]
        )
        observation, rewards, dones, infos = env.step(actions)
        ends = [
            (info["TimeLimit.truncated"], info.get("success"), info.get("terminal_observation"))
            for info in infos
        ]
        # every env's last reset info: the automatic resets' and, before them, reset()'s
        record.append((observation, rewards, dones, ends, list(env.reset_infos)))
    return record


def assert_same(a: Any, b: Any) -> None:
    if isinstance(a, dict):
        assert a.keys() == b.keys()
        for key in a:
            assert_same(a[key], b[key])
    elif isinstance(a, (list, tuple)):
        assert len(a) == len(b)
        for x, y in zip(a, b, strict=True):
            assert_same(x, y)
    elif isinstance(a, np.ndarray):
        np.testing.assert_array_equal(a, b)
    else:
        assert a == b


def test_the_same_seeds_give_the_trajectories_of_sb3s_vec_envs() -> None:
    steps = 12
    dummy = DummyVecEnv([make] * 3)
    expected = trajectory(dummy, steps)
    dummy.close()
    assert any(d.any() for _, _, d, *_ in expected[1:]), "no episode ended: auto-reset untested"
    ended = [e for step in expected[1:] for e in step[3] if e[2] is not None]
    assert ended and all(isinstance(e[2], dict) and "elements" in e[2] for e in ended)
    shared = RayVecEnv(TASK, n_envs=3, env_kwargs=PRESET, envs_per_actor=2)
    assert len(shared.actors) == 2  # two envs in the first actor, one in the second
    assert_same(trajectory(shared, steps), expected)
    check_per_env_calls_and_close(shared)


def check_per_env_calls_and_close(env: RayVecEnv) -> None:
    """Calls aimed at some envs reach those (across actors, in the order asked), and
    ``close`` ends every actor."""
    assert isinstance(env.observation_space, gym.spaces.Dict)
    assert env.env_is_wrapped(StepCap) == [True] * 3
    assert env.env_is_wrapped(CapEndsEpisode, indices=[2]) == [False]
    assert env.has_attr("action_masks") and not env.has_attr("no_such_attribute")
    env.set_attr("marker", "b", indices=[1])
    env.set_attr("marker", "c", indices=[2, 0])
    assert env.get_attr("marker") == ["c", "b", "c"]
    assert env.get_attr("marker", indices=[2, 1]) == ["c", "b"]
    masks = env.env_method("action_masks", indices=[0, 2])
    assert len(masks) == 2 and all(m.shape == (70,) and m.dtype == bool for m in masks)
    with pytest.warns(UserWarning, match="render mode is None"):
        assert env.get_images() == [None] * 3
    actors = list(env.actors)
    assert len(alive(actors)) == 2
    env.step_async(np.zeros((3, 2), dtype=np.int64))
    env.close()  # waits for the step in flight
    env.close()  # a second close does nothing
    assert alive_after_kill(actors) == []


def test_bad_arguments_and_a_missing_ray_are_named(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(ValueError, match="n_envs=2 given with 3 env_fns"):
        RayVecEnv([make] * 3, n_envs=2)
    with pytest.raises(ValueError, match="env_kwargs go with an env id"):
        RayVecEnv([make], env_kwargs=PRESET)
    with pytest.raises(ValueError, match="envs_per_actor must be a positive integer"):
        RayVecEnv(TASK, n_envs=2, envs_per_actor=0)
    with pytest.raises(ValueError, match="non-empty sequence of functions"):
        RayVecEnv([])
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    with pytest.raises(ImportError, match=r"pip install 'mobile-gym\[ray\]'"):
        RayVecEnv(TASK)


def test_maskable_ppo_learns_on_actors() -> None:
    # as SB3 users build a SubprocVecEnv; make_vec_env's factories call gym.make in the
    # actors, where importing mobile_gym (RayVecEnv's module) registered the ids
    env = make_vec_env(TASK, n_envs=2, env_kwargs=PRESET, vec_env_cls=RayVecEnv, seed=0)
    assert isinstance(env, RayVecEnv) and len(env.actors) == 2  # one env per actor
    assert env.env_is_wrapped(Monitor) == [True, True]
    threads = torch.get_num_threads()
    use_torch_threads(1)
    try:
        model = MaskablePPO("MultiInputPolicy", env, n_steps=32, batch_size=32, n_epochs=1, seed=0)
        model.learn(total_timesteps=192)
    finally:
        torch.set_num_threads(threads)
    assert model.num_timesteps == 192
    actors = list(env.actors)
    env.close()
    assert alive_after_kill(actors) == []
