"""Task files of one's own as Gymnasium environments: ``register_tasks`` registers each task of
a file or folder as ``MobileGym/<id>-v0``, exactly as the shipped tasks are registered, and the
``MOBILE_GYM_TASKS`` environment variable names files and folders that ``import mobile_gym``
registers in every process (vector env workers included)."""

from __future__ import annotations

import os
import pathlib
import warnings

import gymnasium as gym

from mobile_gym.registration import env_id, register_task
from mobile_gym.tasks.loader import load_tasks, shipped_task_files
from mobile_gym.tasks.schema import TaskFileError, TaskSpec

ENV_VAR = "MOBILE_GYM_TASKS"
"""Task files and folders registered on ``import mobile_gym``, separated by ``os.pathsep``."""


def _file(spec: TaskSpec) -> str:
    """The absolute path ``gym.make`` loads ``spec`` from (any working directory)."""
    return str(pathlib.Path(spec.source).resolve())


def _holder(spec: TaskSpec) -> str | None:
    """What ``MobileGym/<id>-v0`` already stands for if that is not ``spec``'s file: the
    shipped task or another file; None when free or registered from this very file."""
    registered = gym.envs.registration.registry.get(env_id(spec.id))
    if registered is None:
        return None
    task = str(registered.kwargs.get("task", ""))
    shipped = shipped_task_files().get(task)
    if task == _file(spec) or (shipped is not None and str(shipped.resolve()) == _file(spec)):
        return None
    if shipped is not None:
        return f"the shipped task {task!r}"
    return f"the task file {task}" if task else "another environment"


def registration_note(spec: TaskSpec) -> str | None:
    """How to make ``gym.make(MobileGym/<id>-v0)`` build ``spec``, or None when it already
    does (a shipped task, or a file registered in this process)."""
    holder = _holder(spec)
    if holder is not None:
        return f"this id is taken by {holder}: give the task another id to register it"
    if env_id(spec.id) in gym.envs.registration.registry:
        return None
    return (
        f"register with mobile_gym.register_tasks({spec.source!r}) or {ENV_VAR}; "
        f"or gym.make('MobileGym/Task-v0', task={spec.source!r})"
    )


def register_tasks(path: str | os.PathLike[str]) -> list[str]:
    """Register the tasks of a task file, or of every task file in a folder (recursively), as
    ``MobileGym/<id>-v0``, built like the shipped tasks (``gym.make`` options included).

    Registering a file again is a no-op. Nothing is registered when any file is broken or
    any id is taken.

    Args:
        path: a task file (``.yaml`` / ``.yml``) or a folder of them.

    Returns:
        The gym ids of the tasks, in file order.

    Raises:
        TaskFileError: one line per problem: a file that does not load, or an id already
            registered for another task (a shipped one or another file).
    """
    specs = load_tasks(pathlib.Path(path))
    clashes = [
        f"{spec.source}: task id {spec.id!r} is already registered as {env_id(spec.id)}"
        f" for {holder}"
        for spec in specs
        if (holder := _holder(spec)) is not None
    ]
    if clashes:
        raise TaskFileError(clashes)
    for spec in specs:
        if env_id(spec.id) not in gym.envs.registration.registry:
            register_task(spec.id, _file(spec))
    return [env_id(spec.id) for spec in specs]


def register_from_environment() -> list[str]:
    """Register the files and folders that ``MOBILE_GYM_TASKS`` names (``os.pathsep``
    separated); a broken one is skipped with a warning per problem, as a broken shipped
    file is. Returns the gym ids registered."""
    registered: list[str] = []
    for entry in os.environ.get(ENV_VAR, "").split(os.pathsep):
        if not entry.strip():
            continue
        try:
            registered += register_tasks(entry.strip())
        except TaskFileError as exc:
            for problem in exc.problems:
                warnings.warn(
                    f"mobile-gym: {ENV_VAR}: a task was not registered: {problem}", stacklevel=2
                )
    return registered
