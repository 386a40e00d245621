"""Gymnasium registration: ``MobileGym/<task-id>-v0`` for every shipped task, and
``MobileGym/Task-v0`` for any task by id or path."""

from __future__ import annotations

import pathlib
import warnings
from typing import Any

import gymnasium as gym

from mobile_gym import presets
from mobile_gym.checks import check_int
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.loader import broken_task_files, shipped_tasks
from mobile_gym.tasks.schema import TaskSpec
from mobile_gym.wrappers.step_cap import StepCap

GENERIC_ID = "MobileGym/Task-v0"


def step_cap(max_steps: int | str | None, spec: TaskSpec) -> int | None:
    """The cap for ``max_steps``: None means the task's own policy; ``"2x_min"``, ``"none"``
    or a positive integer override it."""
    if max_steps is None:
        return spec.step_cap()
    if max_steps == "2x_min":
        return 2 * spec.min_steps
    if max_steps == "none":
        return None
    if isinstance(max_steps, str):
        raise ValueError(
            f"max_steps must be '2x_min', 'none' or a positive integer, got {max_steps!r}"
        )
    return check_int("max_steps", max_steps, low=1)


def make_env(
    task: str | pathlib.Path | TaskSpec,
    max_steps: int | str | None = None,
    action_space: str = "touch",
    observation: str = "pixels",
    **kwargs: Any,
) -> gym.Env:
    """A MobileEnv for ``task`` in the ``action_space`` and ``observation`` presets (see
    ``mobile_gym.presets``), with its step cap outermost, counting agent actions."""
    base = MobileEnv(task, **kwargs)
    env = presets.build(base, action_space, observation)
    cap = step_cap(max_steps, base.task)
    return StepCap(env, cap) if cap is not None else env


def env_id(task_id: str) -> str:
    return f"MobileGym/{task_id}-v0"


def register_all() -> None:
    """Register every shipped task (idempotent)."""
    registry = gym.envs.registration.registry
    if GENERIC_ID not in registry:
        gym.register(GENERIC_ID, entry_point="mobile_gym.registration:make_env")
    for problem in broken_task_files():
        warnings.warn(f"mobile-gym: a task file was not registered: {problem}", stacklevel=2)
    for task_id in shipped_tasks():
        if env_id(task_id) not in registry:
            gym.register(
                env_id(task_id),
                entry_point="mobile_gym.registration:make_env",
                kwargs={"task": task_id},
            )
