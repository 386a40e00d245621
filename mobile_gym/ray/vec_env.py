"""RayVecEnv: a stable-baselines3 ``VecEnv`` whose environments live in Ray actors.

It behaves as SB3's ``SubprocVecEnv`` does (the same calls, the same auto-reset with
``terminal_observation`` and ``TimeLimit.truncated`` in the step's infos, the same
``reset_infos``, seeds and options used once per reset), so SB3 and sb3-contrib's
MaskablePPO train on it unchanged (``env_method("action_masks")`` reaches the element
preset's masks). The actors may sit on any node of a Ray cluster; several environments can
share one actor (``envs_per_actor``), which saves processes when each step is cheap.

Needs the ``ray`` extra: ``pip install 'mobile-gym[ray]'``.
"""

from __future__ import annotations

import functools
import warnings
from collections.abc import Callable, Sequence
from typing import Any

import gymnasium as gym
import numpy as np
from stable_baselines3.common.env_util import is_wrapped
from stable_baselines3.common.vec_env.base_vec_env import (
    CloudpickleWrapper,
    VecEnv,
    VecEnvIndices,
    VecEnvObs,
    VecEnvStepReturn,
)
from stable_baselines3.common.vec_env.patch_gym import _patch_env
from stable_baselines3.common.vec_env.subproc_vec_env import _stack_obs

from mobile_gym.checks import check_int

EnvFactory = Callable[[], gym.Env]
"""A function that builds one environment (what ``SubprocVecEnv`` takes, one per env)."""


def _import_ray() -> Any:
    """The ``ray`` module, or ImportError naming the extra that brings it."""
    try:
        import ray
    except ImportError:
        raise ImportError("RayVecEnv needs Ray: pip install 'mobile-gym[ray]'") from None
    return ray


class EnvGroup:
    """The environments of one actor, each stepped as ``SubprocVecEnv``'s worker steps its
    env (the body of the Ray actor ``RayVecEnv`` starts; usable in-process as well).

    Args:
        env_fns: the factories of this group's environments, wrapped for cloudpickle.
    """

    def __init__(self, env_fns: CloudpickleWrapper) -> None:
        self.envs = [_patch_env(make()) for make in env_fns.var]
        self.reset_infos: list[dict[str, Any]] = [{} for _ in self.envs]
        """The info of each env's last reset (``reset``'s or an automatic one), which
        ``step`` returns for every env, as ``SubprocVecEnv``'s worker does."""

    def spaces(self) -> tuple[gym.Space, gym.Space]:
        """The first env's observation space and action space."""
        return self.envs[0].observation_space, self.envs[0].action_space

    def step(self, actions: Sequence[Any]) -> list[tuple[Any, float, bool, dict, dict]]:
        """One step of every env: (observation, reward, done, info, reset info) each, the
        env reset (and ``info["terminal_observation"]`` set) when its episode ended."""
        results = []
        for i, (env, action) in enumerate(zip(self.envs, actions, strict=True)):
            observation, reward, terminated, truncated, info = env.step(action)
            done = terminated or truncated
            info["TimeLimit.truncated"] = truncated and not terminated
            if done:
                info["terminal_observation"] = observation
                observation, self.reset_infos[i] = env.reset()
            results.append((observation, reward, done, info, self.reset_infos[i]))
        return results

    def reset(
        self, seeds: Sequence[int | None], options: Sequence[dict[str, Any]]
    ) -> list[tuple[Any, dict[str, Any]]]:
        """Reset every env with its seed and options: (observation, reset info) each."""
        results = []
        for i, (env, seed, option) in enumerate(zip(self.envs, seeds, options, strict=True)):
            maybe_options = {"options": option} if option else {}
            observation, self.reset_infos[i] = env.reset(seed=seed, **maybe_options)
            results.append((observation, self.reset_infos[i]))
        return results

    def render(self, positions: Sequence[int]) -> list[Any]:
        """``render()`` of the envs at ``positions`` in this group."""
        return [self.envs[i].render() for i in positions]

    def env_method(
        self, positions: Sequence[int], name: str, args: tuple, kwargs: dict[str, Any]
    ) -> list[Any]:
        """Method ``name`` (found through the wrappers) called on the envs at ``positions``."""
        return [self.envs[i].get_wrapper_attr(name)(*args, **kwargs) for i in positions]

    def get_attr(self, positions: Sequence[int], name: str) -> list[Any]:
        """Attribute ``name`` (found through the wrappers) of the envs at ``positions``."""
        return [self.envs[i].get_wrapper_attr(name) for i in positions]

    def has_attr(self, positions: Sequence[int], name: str) -> list[bool]:
        """Whether the envs at ``positions`` have attribute ``name`` (through the wrappers)."""
        found = []
        for i in positions:
            try:
                self.envs[i].get_wrapper_attr(name)
                found.append(True)
            except AttributeError:
                found.append(False)
        return found

    def set_attr(self, positions: Sequence[int], name: str, value: Any) -> None:
        """Set attribute ``name`` on the outermost wrapper of the envs at ``positions``."""
        for i in positions:
            setattr(self.envs[i], name, value)

    def is_wrapped(self, positions: Sequence[int], wrapper_class: type[gym.Wrapper]) -> list[bool]:
        """Whether the envs at ``positions`` are wrapped in ``wrapper_class``."""
        return [is_wrapped(self.envs[i], wrapper_class) for i in positions]

    def close(self) -> None:
        """Close every env."""
        for env in self.envs:
            env.close()


def make_env(env_id: str, **kwargs: Any) -> gym.Env:
    """``gym.make(env_id, **kwargs)``, callable in a fresh process: a factory pickled as
    ``functools.partial(make_env, ...)`` imports ``mobile_gym`` there, which registers the
    ``MobileGym/`` ids before the env is made."""
    return gym.make(env_id, **kwargs)


def env_factories(
    env: str | Sequence[EnvFactory],
    n_envs: int | None = None,
    env_kwargs: dict[str, Any] | None = None,
) -> list[EnvFactory]:
    """The factories ``RayVecEnv`` takes: ``env`` itself when it is a sequence of functions
    (then ``n_envs``, if given, must match and ``env_kwargs`` must be None), else ``n_envs``
    calls of ``make_env(env, **env_kwargs)``. ValueError names a wrong combination."""
    if isinstance(env, str):
        count = check_int("n_envs", 1 if n_envs is None else n_envs, low=1)
        return [functools.partial(make_env, env, **(env_kwargs or {}))] * count
    factories = list(env)
    if not factories or not all(callable(f) for f in factories):
        raise ValueError("env_fns must be a non-empty sequence of functions that build an env")
    if n_envs is not None and n_envs != len(factories):
        raise ValueError(f"n_envs={n_envs} given with {len(factories)} env_fns; give one of them")
    if env_kwargs:
        raise ValueError("env_kwargs go with an env id, not with env_fns (bind them in the fns)")
    return factories


class RayVecEnv(VecEnv):
    """SB3's ``VecEnv`` over Ray actors, a drop-in for ``SubprocVecEnv``.

    Every call is sent to all the actors it concerns before any answer is awaited, so the
    actors step in parallel; observations, rewards and dones come back stacked as
    ``SubprocVecEnv`` stacks them (Dict observation spaces included).

    Ray is started (``ray.init()`` with its defaults) if it is not running yet; call
    ``ray.init`` first to choose the cluster or the resources. ``close()`` closes the envs
    and ends the actors.

    Args:
        env_fns: the functions that build the envs (one per env, as ``SubprocVecEnv``
            takes; ``make_vec_env(..., vec_env_cls=RayVecEnv)`` passes them), or an env id
            such as ``"MobileGym/settings.wifi_off-v0"`` built with ``make_env``.
        n_envs: how many envs to build from an env id (default 1).
        env_kwargs: keyword arguments of ``gym.make`` with an env id (``action_space=
            "element", observation="rl"`` for the element preset).
        envs_per_actor: how many envs each actor runs (default 1; the last actor may run
            fewer).
        actor_options: options for the actors (Ray's ``.options``, e.g. ``{"num_cpus": 1}``
            to reserve a CPU per actor; by default an actor reserves none while it runs).
    """

    def __init__(
        self,
        env_fns: str | Sequence[EnvFactory],
        n_envs: int | None = None,
        env_kwargs: dict[str, Any] | None = None,
        envs_per_actor: int = 1,
        actor_options: dict[str, Any] | None = None,
    ) -> None:
        factories = env_factories(env_fns, n_envs, env_kwargs)
        per_actor = check_int("envs_per_actor", envs_per_actor, low=1)
        ray = _import_ray()
        self._ray = ray
        self.waiting = False
        self.closed = False
        self._pending: list[Any] = []
        actor_class = ray.remote(EnvGroup).options(**(actor_options or {}))
        groups = [factories[i : i + per_actor] for i in range(0, len(factories), per_actor)]
        self.actors = [actor_class.remote(CloudpickleWrapper(group)) for group in groups]
        self._slices = [
            slice(i * per_actor, i * per_actor + len(group)) for i, group in enumerate(groups)
        ]
        try:
            observation_space, action_space = ray.get(self.actors[0].spaces.remote())
        except Exception:
            self._kill_actors()
            raise
        self.envs_per_actor = per_actor
        super().__init__(len(factories), observation_space, action_space)

    # stepping ---------------------------------------------------------------------------
    def step_async(self, actions: np.ndarray) -> None:
        """Send each actor the actions of its envs."""
        self._pending = [
            actor.step.remote(list(actions[part]))
            for actor, part in zip(self.actors, self._slices, strict=True)
        ]
        self.waiting = True

    def step_wait(self) -> VecEnvStepReturn:
        """Wait for the steps sent by ``step_async``; SubprocVecEnv's stacked results."""
        results = [result for group in self._ray.get(self._pending) for result in group]
        self._pending = []
        self.waiting = False
        observations, rewards, dones, infos, self.reset_infos = zip(*results, strict=True)  # type: ignore[assignment]
        stacked = _stack_obs(observations, self.observation_space)
        return stacked, np.stack(rewards), np.stack(dones), infos  # type: ignore[return-value]

    def reset(self) -> VecEnvObs:
        """Reset every env with the seeds and options set since the last reset (then
        forgotten, as ``SubprocVecEnv`` does)."""
        calls = [
            actor.reset.remote(self._seeds[part], self._options[part])
            for actor, part in zip(self.actors, self._slices, strict=True)
        ]
        results = [result for group in self._ray.get(calls) for result in group]
        observations, self.reset_infos = zip(*results, strict=True)  # type: ignore[assignment]
        self._reset_seeds()
        self._reset_options()
        return _stack_obs(observations, self.observation_space)

    def close(self) -> None:
        """Close the envs and end their actors (once; later calls do nothing)."""
        if self.closed:
            return
        if self.waiting:
            self._ray.get(self._pending)
            self.waiting = False
        try:
            self._ray.get([actor.close.remote() for actor in self.actors])
        finally:
            self._kill_actors()
            self.closed = True

    def _kill_actors(self) -> None:
        for actor in self.actors:
            self._ray.kill(actor)

    # per-env calls ----------------------------------------------------------------------
    def get_images(self) -> Sequence[np.ndarray | None]:
        """``render()`` of every env (the envs must render ``rgb_array``)."""
        if self.render_mode != "rgb_array":
            warnings.warn(
                f"The render mode is {self.render_mode}, but this method assumes it is "
                "`rgb_array` to obtain images.",
                stacklevel=2,
            )
            return [None] * self.num_envs
        return self._call(None, "render")

    def has_attr(self, attr_name: str) -> bool:
        """Whether every env has ``attr_name`` (through its wrappers)."""
        return all(self._call(None, "has_attr", attr_name))

    def get_attr(self, attr_name: str, indices: VecEnvIndices = None) -> list[Any]:
        """Attribute ``attr_name`` of the envs at ``indices`` (through their wrappers)."""
        return self._call(indices, "get_attr", attr_name)

    def set_attr(self, attr_name: str, value: Any, indices: VecEnvIndices = None) -> None:
        """Set ``attr_name`` on the outermost wrapper of the envs at ``indices``."""
        self._call(indices, "set_attr", attr_name, value)

    def env_method(
        self,
        method_name: str,
        *method_args: Any,
        indices: VecEnvIndices = None,
        **method_kwargs: Any,
    ) -> list[Any]:
        """Method ``method_name`` of the envs at ``indices`` (``"action_masks"`` for
        MaskablePPO), called with the given arguments; their results in order."""
        return self._call(indices, "env_method", method_name, method_args, method_kwargs)

    def env_is_wrapped(
        self, wrapper_class: type[gym.Wrapper], indices: VecEnvIndices = None
    ) -> list[bool]:
        """Whether the envs at ``indices`` are wrapped in ``wrapper_class``."""
        return self._call(indices, "is_wrapped", wrapper_class)

    def _call(self, indices: VecEnvIndices, method: str, *args: Any) -> list[Any]:
        """``EnvGroup.method(positions, *args)`` on every actor holding an env at
        ``indices``, all sent before any is awaited; the per-env results in the order of
        ``indices`` (None for a method that returns nothing)."""
        wanted = list(self._get_indices(indices))
        positions: dict[int, list[int]] = {}
        for index in wanted:
            positions.setdefault(index // self.envs_per_actor, []).append(
                index % self.envs_per_actor
            )
        actors = list(positions)
        calls = [getattr(self.actors[a], method).remote(positions[a], *args) for a in actors]
        answers = self._ray.get(calls)
        by_index: dict[int, Any] = {}
        for actor, answer in zip(actors, answers, strict=True):
            for position, value in zip(
                positions[actor], answer or [None] * len(positions[actor]), strict=True
            ):
                by_index[actor * self.envs_per_actor + position] = value
        return [by_index[index] for index in wanted]
