"""Tasks: the task file schema and loader, parameters, signals, event trees and episodes."""

from mobile_gym.tasks.loader import resolve_task, shipped_tasks
from mobile_gym.tasks.schema import TaskFileError, TaskSpec, load_task_file, parse_task

__all__ = [
    "TaskFileError",
    "TaskSpec",
    "load_task_file",
    "parse_task",
    "resolve_task",
    "shipped_tasks",
]
