"""Finding tasks: the task files shipped under ``configs/tasks/``, task files by path and
folders of task files."""

from __future__ import annotations

import os
import pathlib
from collections.abc import Iterable
from functools import cache
from importlib import resources

from mobile_gym.names import unknown_name
from mobile_gym.tasks.schema import TaskFileError, TaskSpec, load_task_file

TASK_SUFFIXES = (".yaml", ".yml")
"""What a task file's name ends with."""
MOBILE_ENV_SUFFIX = ".textproto"
"""A Mobile-Env task file, imported when named by path (``mobile_gym.tasks.mobile_env``)."""


def load_file(path: str | pathlib.Path) -> TaskSpec:
    """A task file: YAML, or a Mobile-Env ``.textproto`` imported as it is read."""
    if str(path).endswith(MOBILE_ENV_SUFFIX):
        from mobile_gym.tasks.mobile_env.convert import load_textproto

        return load_textproto(path)
    return load_task_file(path)


def task_files() -> list[pathlib.Path]:
    """Every task YAML file shipped with mobile-gym, sorted."""
    root = pathlib.Path(str(resources.files("mobile_gym.configs").joinpath("tasks")))
    return sorted(root.rglob("*.yaml")) if root.is_dir() else []


def task_files_under(path: str | pathlib.Path) -> list[pathlib.Path]:
    """The task file ``path`` itself, or every task file (``*.yaml``, ``*.yml``) in the folder
    ``path`` and its subfolders (links to folders are not followed), sorted.

    Raises:
        TaskFileError: ``path`` does not exist, is not a task file, or is a folder without
            task files.
    """
    path = pathlib.Path(path)
    if path.is_dir():
        found = [
            pathlib.Path(folder, name)
            for folder, _, names in os.walk(path)
            for name in names
            if name.endswith(TASK_SUFFIXES)
        ]
        if not found:
            raise TaskFileError(f"{path}: no task files (*.yaml, *.yml) in this folder")
        return sorted(found)
    if not path.exists():
        raise TaskFileError(f"{path}: no such task file or folder")
    if not path.name.endswith((*TASK_SUFFIXES, MOBILE_ENV_SUFFIX)):
        raise TaskFileError(f"{path}: not a task file (its name must end in .yaml or .yml)")
    return [path]


def _load_files(paths: Iterable[pathlib.Path]) -> tuple[dict[str, TaskSpec], list[str]]:
    """The task files that load, by id, and one line per problem of the others (including a
    second file with an id that an earlier one already uses)."""
    tasks: dict[str, TaskSpec] = {}
    problems: list[str] = []
    for path in paths:
        try:
            spec = load_file(path)
        except TaskFileError as exc:
            problems.extend(exc.problems)
            continue
        if spec.id in tasks:
            problems.append(
                f"{path}: task id {spec.id!r} is used by another task file too"
                f" ({tasks[spec.id].source})"
            )
            continue
        tasks[spec.id] = spec
    return tasks, problems


def load_tasks(path: str | pathlib.Path) -> list[TaskSpec]:
    """The tasks of a task file, or of every task file in a folder (recursively), in file
    order.

    Raises:
        TaskFileError: every problem of every file, one line each (nothing is returned
            while any file is broken).
    """
    tasks, problems = _load_files(task_files_under(path))
    if problems:
        raise TaskFileError(problems)
    return list(tasks.values())


@cache
def _load_shipped() -> tuple[dict[str, TaskSpec], tuple[str, ...]]:
    tasks, problems = _load_files(task_files())
    return tasks, tuple(problems)


def shipped_tasks() -> dict[str, TaskSpec]:
    """The shipped tasks that load, by id (see ``broken_task_files`` for the others)."""
    return _load_shipped()[0]


def broken_task_files() -> tuple[str, ...]:
    """Why each shipped task file that does not load was refused (file, field, problem)."""
    return _load_shipped()[1]


def is_path(task: str | pathlib.Path) -> bool:
    """Whether ``task`` names a task file or folder rather than a shipped task id: a Path, a
    name ending in .yaml / .yml, or an existing folder that is not a shipped id."""
    text = str(task)
    return (
        isinstance(task, pathlib.Path)
        or text.endswith((*TASK_SUFFIXES, MOBILE_ENV_SUFFIX))
        or (text not in shipped_tasks() and os.path.isdir(text))
    )


def resolve_task(task: str | pathlib.Path) -> TaskSpec:
    """A shipped task by id, or a task file by path (``.yaml`` / ``.yml``, or a Mobile-Env
    ``.textproto``)."""
    text = str(task)
    if text.endswith((*TASK_SUFFIXES, MOBILE_ENV_SUFFIX)) or isinstance(task, pathlib.Path):
        return load_file(task)
    tasks = shipped_tasks()
    if text not in tasks:
        refused = [f"refused: {problem}" for problem in broken_task_files()]
        raise TaskFileError([unknown_name("task", text, tasks, "mobile-gym list tasks"), *refused])
    return tasks[text]


def resolve_tasks(task: str | pathlib.Path) -> list[TaskSpec]:
    """The tasks ``task`` names: a shipped task id, a task file, or a folder of task files
    (every one in it, recursively).

    Raises:
        TaskFileError: an unknown id (with the closest ids), or every problem of the files.
    """
    return load_tasks(task) if is_path(task) else [resolve_task(task)]
