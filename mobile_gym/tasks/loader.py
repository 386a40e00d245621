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
def _load_shipped() -> tuple[dict[str, TaskSpec], tuple[str, ...]]:
    tasks: dict[str, TaskSpec] = {}
    problems: list[str] = []
    for path in task_files():
        try:
            spec = load_task_file(path)
        except TaskFileError as exc:
            problems.append(str(exc))
            continue
        if spec.id in tasks:
            problems.append(f"{path}: task id {spec.id!r} is used by another task file too")
            continue
        tasks[spec.id] = spec
    return tasks, tuple(problems)


def shipped_tasks() -> dict[str, TaskSpec]:
    """The shipped tasks that load, by id (see ``broken_task_files`` for the others)."""
    return _load_shipped()[0]


def broken_task_files() -> tuple[str, ...]:
    """Why each shipped task file that does not load was refused (file, field, problem)."""
    return _load_shipped()[1]


def resolve_task(task: str | pathlib.Path) -> TaskSpec:
    """A shipped task by id, or a task file by path (``.yaml`` / ``.yml``)."""
    text = str(task)
    if text.endswith((".yaml", ".yml")) or isinstance(task, pathlib.Path):
        return load_task_file(task)
    tasks = shipped_tasks()
    if text not in tasks:
        broken = "".join(f"\n  refused: {problem}" for problem in broken_task_files())
        raise TaskFileError(
            f"unknown task {text!r}; known tasks: {', '.join(sorted(tasks)) or 'none'}{broken}"
        )
    return tasks[text]
