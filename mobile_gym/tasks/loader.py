"""Finding tasks: the task files shipped under ``configs/tasks/`` and task files by path."""

from __future__ import annotations

import pathlib
from functools import cache
from importlib import resources

from mobile_gym.tasks.schema import TaskFileError, TaskSpec, load_task_file


def task_files() -> list[pathlib.Path]:
    """Every task YAML file shipped with mobile-gym, sorted."""
    root = pathlib.Path(str(resources.files("mobile_gym.configs").joinpath("tasks")))
    return sorted(root.rglob("*.yaml")) if root.is_dir() else []


@cache
def shipped_tasks() -> dict[str, TaskSpec]:
    """The shipped tasks by id; a bad file or a repeated id raises TaskFileError."""
    tasks: dict[str, TaskSpec] = {}
    for path in task_files():
        spec = load_task_file(path)
        if spec.id in tasks:
            raise TaskFileError(f"{path}: task id {spec.id!r} is used by another task file too")
        tasks[spec.id] = spec
    return tasks


def resolve_task(task: str | pathlib.Path) -> TaskSpec:
    """A shipped task by id, or a task file by path (``.yaml`` / ``.yml``)."""
    text = str(task)
    if text.endswith((".yaml", ".yml")) or isinstance(task, pathlib.Path):
        return load_task_file(task)
    tasks = shipped_tasks()
    if text not in tasks:
        raise TaskFileError(
            f"unknown task {text!r}; known tasks: {', '.join(sorted(tasks)) or 'none'}"
        )
    return tasks[text]
