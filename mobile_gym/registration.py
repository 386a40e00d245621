"""Gymnasium registration: ``MobileGym/<task-id>-v0`` for every shipped task, and
``MobileGym/Task-v0`` for any task by id or path."""

from __future__ import annotations

import inspect
import pathlib
from typing import Any

import gymnasium as gym

from mobile_gym import presets
from mobile_gym.checks import check_int
from mobile_gym.env import MobileEnv
from mobile_gym.tasks.loader import shipped_task_files
from mobile_gym.tasks.schema import RULES, TaskSpec
from mobile_gym.wrappers.human import HumanWindow, check_human_render
from mobile_gym.wrappers.step_cap import StepCap

GENERIC_ID = "MobileGym/Task-v0"
RENDER_MODES = (None, "rgb_array", "human")
"""What ``make_env`` renders: nothing, frames from ``env.render()``, or a window."""


def step_cap(max_steps: int | str | None, spec: TaskSpec, rules: str = "original") -> int | None:
    """The cap for ``max_steps``: None means the task's own policy under ``rules``
    (``TaskSpec.step_cap``); ``"2x_min"``, ``"none"`` or a positive integer override it."""
    if max_steps is None:
        return spec.step_cap(rules)
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
    task: str | pathlib.Path | TaskSpec | None = None,
    max_steps: int | str | None = None,
    action_space: str = "touch",
    observation: str = "pixels",
    action_options: dict[str, Any] | None = None,
    observation_options: dict[str, Any] | None = None,
    screen_size: tuple[int, int] | None = None,
    render_mode: str | None = None,
    rules: str = "original",
    **kwargs: Any,
) -> gym.Env:
    """A MobileEnv for ``task`` in the ``action_space`` and ``observation`` presets (see
    ``mobile_gym.presets``), with its step cap outermost, counting agent actions.

    Args:
        task: a task id, a task file or a ``TaskSpec`` (required: ``gym.make`` of
            ``MobileGym/Task-v0`` without it is a ValueError saying how to name one).
        max_steps: the step cap (see ``step_cap``).
        action_space: the action space preset.
        observation: the observation preset.
        action_options: keyword arguments of the action space's wrapper.
        observation_options: keyword arguments of the observation's wrapper.
        screen_size: ``(height, width)`` of the observed screen, for the observations that
            resize it (``rl``, ``rl_pixels``); the same as ``observation_options``'s.
        render_mode: ``"rgb_array"`` (``env.render()`` returns the full-size screen) or
            ``"human"`` (a window shows it; needs pygame-ce and a display).
        rules: ``"original"`` (the task's own cap as its benchmark's harness allows it) or
            ``"strict"`` (the cap exactly); see ``mobile_gym.tasks.schema.RULES``.
        **kwargs: arguments of ``MobileEnv`` (``device``, ``screen_scale``, ...).
    """
    if task is None:
        raise ValueError(
            f"no task given: gym.make({GENERIC_ID!r}, task=...) takes a task id or a task"
            " file (the shipped ids: `mobile-gym list tasks`); a shipped task also has its"
            " own id, gym.make('MobileGym/<task id>-v0')"
        )
    _check_env_arguments(kwargs)
    if rules not in RULES:
        raise ValueError(f"rules must be one of {', '.join(RULES)}, got {rules!r}")
    if screen_size is not None:
        observation_options = _with_screen_size(observation, observation_options, screen_size)
    if render_mode not in RENDER_MODES:
        shown = ", ".join(repr(mode) for mode in RENDER_MODES)
        raise ValueError(f"render_mode must be one of {shown}, got {render_mode!r}")
    human = render_mode == "human"
    if human:
        check_human_render()
    base = MobileEnv(task, render_mode="rgb_array" if human else render_mode, **kwargs)
    env: gym.Env = base
    try:
        env = presets.build(base, action_space, observation, action_options, observation_options)
        if human:
            env = HumanWindow(env)
        cap = step_cap(max_steps, base.task, rules)
        return StepCap(env, cap) if cap is not None else env
    except BaseException:
        env.close()  # the env opened its device (an ADB device's stream) and tool servers
        raise


_MAKE_ARGUMENTS = tuple(inspect.signature(make_env).parameters)[1:-1]
"""The arguments of ``make_env`` itself (besides the task), named in its error messages."""


def _check_env_arguments(kwargs: dict[str, Any]) -> None:
    """ValueError naming an argument that neither ``make_env`` nor ``MobileEnv`` takes."""
    env_arguments = tuple(
        name
        for name in tuple(inspect.signature(MobileEnv.__init__).parameters)[2:]
        if name not in _MAKE_ARGUMENTS
    )
    unknown = [name for name in kwargs if name not in env_arguments]
    if unknown:
        raise ValueError(
            f"unknown argument {unknown[0]!r} for a mobile-gym env; valid arguments:"
            f" {', '.join((*_MAKE_ARGUMENTS, *env_arguments))}"
        )


def _with_screen_size(
    observation: str, observation_options: dict[str, Any] | None, screen_size: Any
) -> dict[str, Any]:
    """``observation_options`` with ``screen_size``; ValueError if the observation does not
    resize the screen or the options give it too."""
    resizing = [
        name
        for name in presets.OBSERVATIONS
        if "screen_size" in presets.options("observation", name)
    ]
    if "screen_size" not in presets.options("observation", observation):
        raise ValueError(
            f"screen_size applies to the observations {', '.join(resizing)}, not"
            f" {observation!r} (its screen is scaled by screen_scale)"
        )
    if observation_options and "screen_size" in observation_options:
        raise ValueError("screen_size is given twice: as an argument and in observation_options")
    return {**(observation_options or {}), "screen_size": screen_size}


def env_id(task_id: str) -> str:
    return f"MobileGym/{task_id}-v0"


CHECKER_OFF = True
"""``gym.make`` adds no ``PassiveEnvChecker`` (``gym.make(..., disable_env_checker=False)``
adds it back). The envs pass gymnasium's full ``check_env`` in this project's tests, and
that wrapper keeps an env broken once its first reset raised (a device fault, a negative
seed): every later step fails in its own check, whatever the env does."""


def register_all() -> None:
    """Register every shipped task by the id its file declares, loading none of them
    (idempotent): ``gym.make`` loads the one it makes, and a file that does not load makes
    a TaskFileError saying why."""
    registry = gym.envs.registration.registry
    if GENERIC_ID not in registry:
        gym.register(
            GENERIC_ID,
            entry_point="mobile_gym.registration:make_env",
            disable_env_checker=CHECKER_OFF,
        )
    for task_id in shipped_task_files():
        if env_id(task_id) not in registry:
            register_task(task_id, task_id)


def register_task(task_id: str, task: str) -> None:
    """Register ``MobileGym/<task_id>-v0`` for ``task`` (a shipped task id or a task file
    path): ``gym.make`` builds it with ``make_env(task=task, ...)``."""
    gym.register(
        env_id(task_id),
        entry_point="mobile_gym.registration:make_env",
        kwargs={"task": task},
        disable_env_checker=CHECKER_OFF,
    )
