"""RLlib on mobile-gym: every ``MobileGym/`` id as an RLlib env with element actions masked.

``register_rllib_envs()`` registers ``MobileGym/<task>-v0`` with ``ray.tune.registry.
register_env``; RLlib then builds ``MaskedElementEnv``: the element preset (``action_space=
"element"``, ``observation="rl"``) in the observation form that RLlib's action-masking
module reads, a Dict with

- ``observations``: the ``rl`` observation flattened to one float32 vector (by default its
  ``instruction`` and ``elements`` parts, which RLlib's default MLP encoder takes);
- ``action_mask``: ``ElementActions.action_masks()`` as 0/1 floats, the verb mask then the
  index mask, one entry per logit of the ``MultiDiscrete([verbs, max_elements])`` action.

``masked_ppo_config`` is a PPO config with RLlib's ``ActionMaskingTorchRLModule`` (shipped
in ``ray.rllib.examples.rl_modules.classes.action_masking_rlm``), which adds ``log(mask)``
to the action logits, so masked verbs and indices are never sampled.

Needs the ``rllib`` extra: ``pip install 'mobile-gym[rllib]'``.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterable
from typing import Any

import gymnasium as gym
import numpy as np

from mobile_gym.env import RefusesCopies
from mobile_gym.ray.vec_env import make_env

ELEMENT_PRESET = {"action_space": "element", "observation": "rl"}
"""The preset ``MaskedElementEnv`` builds (RLlib's action masking needs discrete actions)."""

DEFAULT_PARTS = ("instruction", "elements")
"""The ``rl`` observation's parts observed unless ``observation_options`` says otherwise
(the screen would add 24,576 numbers per step for an MLP)."""


def _rllib(module: str) -> Any:
    """RLlib's (or Ray Tune's) ``module``; ImportError naming the extra without Ray."""
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise ImportError(f"{exc}; RLlib needs: pip install 'mobile-gym[rllib]'") from None


def _flat_box(space: gym.spaces.Space) -> gym.spaces.Box:
    """``space`` flattened to one float32 Box."""
    flat = gym.spaces.flatten_space(space)
    assert isinstance(flat, gym.spaces.Box)
    return gym.spaces.Box(flat.low.astype(np.float32), flat.high.astype(np.float32))


class MaskedElementEnv(gym.Env, RefusesCopies):
    """A mobile-gym task with element actions, observed as RLlib's action masking wants.
    Like the env it holds, it cannot be copied or pickled (``RefusesCopies``).

    Args:
        config: RLlib's env config (a dict): ``env_id`` (a ``MobileGym/`` id) and any
            other keyword arguments of ``gym.make`` for it (``max_steps``,
            ``action_options``, ``observation_options``, ``rules``...); ``action_space``
            and ``observation`` are the element preset's and cannot be changed.
    """

    def __init__(self, config: dict[str, Any] | None = None) -> None:
        options = dict(config or {})
        env_id = options.pop("env_id", None)
        if not isinstance(env_id, str):
            raise ValueError(f"the env config needs an env_id (a MobileGym/ id), got {env_id!r}")
        fixed = [k for k in ELEMENT_PRESET if k in options]
        if fixed:
            raise ValueError(f"{fixed[0]} is fixed by MaskedElementEnv: {ELEMENT_PRESET}")
        observation_options = {
            "parts": DEFAULT_PARTS,
            **(options.pop("observation_options", None) or {}),
        }
        self.env = make_env(
            env_id, **ELEMENT_PRESET, observation_options=observation_options, **options
        )
        inner = self.env.observation_space
        self.action_space = self.env.action_space
        self._inner_space = inner
        mask_size = int(np.sum(self.action_space.nvec))
        self.observation_space = gym.spaces.Dict(
            {
                "action_mask": gym.spaces.Box(0.0, 1.0, (mask_size,), np.float32),
                "observations": _flat_box(inner),
            }
        )

    def _observed(self, observation: Any) -> dict[str, np.ndarray]:
        mask = self.env.get_wrapper_attr("action_masks")()
        flat = gym.spaces.flatten(self._inner_space, observation)
        return {
            "action_mask": mask.astype(np.float32),
            "observations": np.asarray(flat, dtype=np.float32),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Reset the task; the observation with its action mask."""
        super().reset(seed=seed)
        observation, info = self.env.reset(seed=seed, options=options)
        return self._observed(observation), info

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict]:
        """One element action; the observation with the mask of the new screen."""
        observation, reward, terminated, truncated, info = self.env.step(action)
        return self._observed(observation), float(reward), terminated, truncated, info

    def close(self) -> None:
        """Close the task's env."""
        self.env.close()


def _creator(env_id: str, config: dict[str, Any]) -> MaskedElementEnv:
    """RLlib's env creator for ``env_id`` (which wins over an ``env_id`` in the config)."""
    return MaskedElementEnv({**config, "env_id": env_id})


def register_rllib_envs(env_ids: Iterable[str] | None = None) -> list[str]:
    """Register ``MaskedElementEnv`` for ``env_ids`` (every ``MobileGym/`` id by default)
    with RLlib's env registry, so ``config.environment("MobileGym/<task>-v0")`` trains on
    it; return the ids registered. ValueError names an id that is not registered with
    gymnasium."""
    register_env = _rllib("ray.tune.registry").register_env
    registry = gym.envs.registration.registry
    if env_ids is None:
        ids = [i for i in registry if i.startswith("MobileGym/")]
    else:
        ids = list(env_ids)
        unknown = [i for i in ids if i not in registry]
        if unknown:
            raise ValueError(f"not a registered env id: {unknown[0]!r}")
    for env_id in ids:
        register_env(env_id, functools.partial(_creator, env_id))
    return ids


def masked_ppo_config(env_id: str, env_config: dict[str, Any] | None = None, **model: Any) -> Any:
    """A ``PPOConfig`` on ``env_id`` (registered by ``register_rllib_envs``) with RLlib's
    ``ActionMaskingTorchRLModule``; ``model`` goes to its model config (e.g.
    ``fcnet_hiddens=[64, 64]``). Set the rest (``env_runners``, ``training``) on the
    config it returns."""
    masking = _rllib("ray.rllib.examples.rl_modules.classes.action_masking_rlm")
    spec = _rllib("ray.rllib.core.rl_module.rl_module").RLModuleSpec(
        module_class=masking.ActionMaskingTorchRLModule, model_config=model or None
    )
    return (
        _rllib("ray.rllib.algorithms.ppo")
        .PPOConfig()
        .environment(env_id, env_config=env_config or {})
        .rl_module(rl_module_spec=spec)
    )
