"""Finding tasks: the task files shipped under ``configs/tasks/``, task files by path and
folders of task files.

The shipped tasks are many, and a process usually runs a few: a shipped task is found by its
id from an index of the ids the files declare (``shipped_task_files``, read from the top of
each file without loading it), and only its own file is loaded. ``shipped_tasks`` loads them
all, for what lists or runs every task.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
from collections.abc import Callable, Iterable
from functools import cache
from importlib import resources

import yaml

from mobile_gym.names import unknown_name
from mobile_gym.tasks.limits import MAX_FILE_BYTES
from mobile_gym.tasks.schema import TaskFileError, TaskSpec, load_task_file

TASK_SUFFIXES = (".yaml", ".yml")
"""What a task file's name ends with (in any case: ``.YAML`` too)."""
MOBILE_ENV_SUFFIX = ".textproto"
"""A Mobile-Env task file, imported as it is read (``mobile_gym.tasks.mobile_env``)."""
SUFFIXES_TEXT = ".yaml or .yml, or .textproto for a Mobile-Env task file"
"""The task file names that load, as messages say."""


def _is_task_file_name(name: str) -> bool:
    """Whether a file called ``name`` is read as a task file: YAML or Mobile-Env."""
    return name.lower().endswith(TASK_SUFFIXES) or name.endswith(MOBILE_ENV_SUFFIX)


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
    """The task file ``path`` itself, or every task file in the folder ``path`` and its
    subfolders (links to folders are not followed), sorted: each ``*.yaml`` / ``*.yml`` (in
    any case) and Mobile-Env ``*.textproto`` file, but for the ``x.solution.yaml`` beside an
    ``x.textproto``, which holds that file's reference steps.

    Raises:
        TaskFileError: ``path`` does not exist, is not a task file, or is a folder without
            task files.
    """
    path = pathlib.Path(path)
    if path.is_dir():
        found = [
            pathlib.Path(folder, name)
            for folder, _, names in os.walk(path)
            for name in _task_file_names(names)
        ]
        if not found:
            raise TaskFileError(
                f"{path}: no task files in this folder (their names end in {SUFFIXES_TEXT})"
            )
        return sorted(found)
    if not path.exists():
        raise TaskFileError(f"{path}: no such task file or folder")
    if not _is_task_file_name(path.name):
        raise TaskFileError(f"{path}: not a task file (its name must end in {SUFFIXES_TEXT})")
    return [path]


def _task_file_names(names: list[str]) -> list[str]:
    """The task files among the files ``names`` of one folder: the solution steps of a
    Mobile-Env task file there are no task of their own."""
    from mobile_gym.tasks.mobile_env.convert import SOLUTION_SUFFIX

    mobile_env = {
        name.removesuffix(MOBILE_ENV_SUFFIX) for name in names if name.endswith(MOBILE_ENV_SUFFIX)
    }
    return [
        name
        for name in names
        if _is_task_file_name(name)
        and not (
            name.endswith(SOLUTION_SUFFIX) and name.removesuffix(SOLUTION_SUFFIX) in mobile_env
        )
    ]


def _load_files(
    paths: Iterable[pathlib.Path], load: Callable[[pathlib.Path], TaskSpec] = load_file
) -> tuple[dict[str, TaskSpec], list[str]]:
    """The task files that load (with ``load``), by id, and one line per problem of the
    others (including a second file with an id that an earlier one already uses)."""
    tasks: dict[str, TaskSpec] = {}
    problems: list[str] = []
    for path in paths:
        try:
            spec = load(path)
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
def _shipped_file(path: pathlib.Path) -> TaskSpec:
    """The shipped task file ``path``, loaded once (a file that does not load is tried again
    each time: its TaskFileError is not kept)."""
    return load_file(path)


@cache
def _load_shipped() -> tuple[dict[str, TaskSpec], tuple[str, ...]]:
    tasks, problems = _load_files(task_files(), _shipped_file)
    return tasks, tuple(problems)


def declared_id(path: pathlib.Path) -> str | None:
    """The ``id`` a task file gives at the top level of its YAML, read from the start of the
    file up to that value without loading the rest; None when it gives none that way (no
    such key, a value that is not a scalar, or YAML that breaks before it)."""
    try:
        with path.open("rb") as file:
            text = file.read(MAX_FILE_BYTES).decode("utf-8")
        depth, key = 0, None  # key: the top-level key whose value comes next
        for event in yaml.parse(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
            if isinstance(event, yaml.CollectionStartEvent):
                depth += 1
            elif isinstance(event, yaml.CollectionEndEvent):
                depth -= 1
                key = None  # (at the top level: that collection was the value of the key)
            elif depth == 1 and isinstance(event, yaml.ScalarEvent):
                if key == "id":
                    return event.value or None
                key = event.value if key is None else None
            elif depth == 1 and isinstance(event, yaml.AliasEvent):
                key = "" if key is None else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    return None


@cache
def shipped_task_files() -> dict[str, pathlib.Path]:
    """The shipped task files by the id each declares (``declared_id``), the first file of
    an id winning, as in ``shipped_tasks``: what ``import mobile_gym`` registers, without
    loading a single file. A file whose id cannot be read so is loaded to find it, and left
    out if it does not load (``broken_task_files`` says why)."""
    found: dict[str, pathlib.Path] = {}
    for path in task_files():
        task_id = declared_id(path)
        if task_id is None:
            try:
                task_id = _shipped_file(path).id
            except TaskFileError:
                continue
        found.setdefault(task_id, path)
    return found


def shipped_tasks() -> dict[str, TaskSpec]:
    """The shipped tasks that load, by id (see ``broken_task_files`` for the others)."""
    return _load_shipped()[0]


def broken_task_files() -> tuple[str, ...]:
    """Why each shipped task file that does not load was refused (file, field, problem)."""
    return _load_shipped()[1]


def is_path(task: str | pathlib.Path) -> bool:
    """Whether ``task`` names a task file or folder rather than a shipped task id: a Path, a
    task file's name (``task_files_under``), or an existing file or folder that is not a
    shipped id."""
    text = str(task)
    return (
        isinstance(task, pathlib.Path)
        or _is_task_file_name(text)
        or (text not in shipped_task_files() and os.path.exists(text))
    )


def resolve_task(task: str | pathlib.Path) -> TaskSpec:
    """A shipped task by id, or a task file by path (``.yaml`` / ``.yml``, or a Mobile-Env
    ``.textproto``).

    Raises:
        TaskFileError: an unknown id (with the closest ids), a path that is no task file (a
            folder among them: it may hold many), or every problem of the file.
    """
    if is_path(task):
        path = pathlib.Path(task)
        if path.is_dir():
            raise TaskFileError(
                f"{path}: a folder, where one task file is wanted: name a file in it"
                f" (mobile_gym.register_tasks({str(path)!r}) registers each task of a folder"
                " as its own gym id)"
            )
        return load_file(task_files_under(path)[0])
    text = str(task)
    path = shipped_task_files().get(text)
    if path is not None:
        with contextlib.suppress(TaskFileError):  # (the whole set says why it is refused)
            spec = _shipped_file(path)
            if spec.id == text:
                return spec
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
