"""Scale-out on Ray: distributed evaluation and data generation, and RL rollouts.

- ``RayVecEnv`` (``mobile_gym.ray.vec_env``): stable-baselines3's ``VecEnv`` with its envs
  in Ray actors, a drop-in for ``SubprocVecEnv`` (MaskablePPO included).
- ``register_rllib_envs`` (``mobile_gym.ray.rllib``): every ``MobileGym/`` id as an RLlib
  env, element actions masked in the observation RLlib's action-masking module reads
  (``MaskedElementEnv``); ``masked_ppo_config`` puts RLlib's masking module on PPO.

Importing this package imports neither Ray nor RLlib; the names load their module when
first used (the ``ray`` and ``rllib`` extras).
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "RayVecEnv": "mobile_gym.ray.vec_env",
    "register_rllib_envs": "mobile_gym.ray.rllib",
    "MaskedElementEnv": "mobile_gym.ray.rllib",
    "masked_ppo_config": "mobile_gym.ray.rllib",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    """The exported ``name`` from its module, imported on first use."""
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(_EXPORTS[name]), name)
