"""``mobile_gym.register_tasks`` and ``MOBILE_GYM_TASKS``: task files of one's own become
``MobileGym/<id>-v0`` environments that ``gym.make`` builds like the shipped ones."""

from __future__ import annotations

import os
import pathlib
import re
import subprocess
import sys
from collections.abc import Iterator

import gymnasium as gym
import pytest
import yaml

import mobile_gym
from mobile_gym import TaskFileError, register_tasks
from mobile_gym.wrappers import GestureActions
from mobile_gym.wrappers.step_cap import StepCap
from tests.tasks.tasktools import task_data

REGISTRY = gym.envs.registration.registry


@pytest.fixture(autouse=True)
def restore_registry() -> Iterator[None]:
    """Each test registers ids of its own; they are removed afterwards."""
    before = set(REGISTRY)
    yield
    for name in set(REGISTRY) - before:
        del REGISTRY[name]


def write_task(path: pathlib.Path, task_id: str, **overrides: object) -> pathlib.Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(task_data(id=task_id, **overrides)))
    return path


def test_a_folder_registers_every_task_file_in_it_recursively(tmp_path: pathlib.Path) -> None:
    write_task(tmp_path / "a.yaml", "mine.reg_one")
    write_task(tmp_path / "deeper" / "b.yml", "mine.reg_two")
    (tmp_path / "notes.txt").write_text("not a task")
    assert register_tasks(tmp_path) == ["MobileGym/mine.reg_one-v0", "MobileGym/mine.reg_two-v0"]
    env = gym.make("MobileGym/mine.reg_two-v0")
    _, info = env.reset(seed=0)
    assert env.unwrapped.task.id == "mine.reg_two"
    assert info["instruction"] == "Turn off Wi-Fi."
    env.close()


def test_a_registered_file_takes_the_options_a_shipped_task_takes(tmp_path: pathlib.Path) -> None:
    (gym_id,) = register_tasks(write_task(tmp_path / "a.yaml", "mine.reg_options"))
    env = gym.make(gym_id, max_steps=3, action_space="gesture")
    caps = [layer for layer in _layers(env) if isinstance(layer, StepCap)]
    assert caps and caps[0].max_steps == 3
    assert any(isinstance(layer, GestureActions) for layer in _layers(env))
    shipped = REGISTRY["MobileGym/settings.wifi_off-v0"]
    assert REGISTRY[gym_id].entry_point == shipped.entry_point
    env.close()


def _layers(env: gym.Env) -> list[gym.Env]:
    layers = [env]
    while hasattr(layers[-1], "env"):
        layers.append(layers[-1].env)
    return layers


def test_registering_the_same_file_again_is_a_no_op(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = write_task(tmp_path / "tasks" / "a.yaml", "mine.reg_again")
    assert register_tasks(path) == ["MobileGym/mine.reg_again-v0"]
    spec = REGISTRY["MobileGym/mine.reg_again-v0"]
    monkeypatch.chdir(tmp_path)  # the same file by a relative path, and by its folder
    assert register_tasks("tasks/a.yaml") == ["MobileGym/mine.reg_again-v0"]
    assert register_tasks(pathlib.Path("tasks")) == ["MobileGym/mine.reg_again-v0"]
    assert REGISTRY["MobileGym/mine.reg_again-v0"] is spec


def test_an_id_of_a_shipped_task_is_refused(tmp_path: pathlib.Path) -> None:
    path = write_task(tmp_path / "a.yaml", "settings.wifi_off")
    with pytest.raises(TaskFileError) as caught:
        register_tasks(path)
    (line,) = caught.value.problems
    assert line.startswith(f"{path}: task id 'settings.wifi_off' is already registered")
    assert "the shipped task 'settings.wifi_off'" in line
    assert REGISTRY["MobileGym/settings.wifi_off-v0"].kwargs["task"] == "settings.wifi_off"


def test_an_id_of_another_file_is_refused_and_nothing_is_registered(
    tmp_path: pathlib.Path,
) -> None:
    first = write_task(tmp_path / "one" / "a.yaml", "mine.reg_clash")
    register_tasks(first)
    write_task(tmp_path / "two" / "a.yaml", "mine.reg_clash")
    write_task(tmp_path / "two" / "b.yaml", "mine.reg_fresh")
    with pytest.raises(TaskFileError, match=re.escape(f"for the task file {first.resolve()}")):
        register_tasks(tmp_path / "two")
    assert "MobileGym/mine.reg_fresh-v0" not in REGISTRY  # all or nothing
    assert REGISTRY["MobileGym/mine.reg_clash-v0"].kwargs["task"] == str(first.resolve())


def test_two_files_of_one_folder_with_one_id_are_refused(tmp_path: pathlib.Path) -> None:
    write_task(tmp_path / "a.yaml", "mine.reg_twice")
    write_task(tmp_path / "b.yaml", "mine.reg_twice")
    with pytest.raises(TaskFileError, match=r"'mine\.reg_twice' is used by another task file"):
        register_tasks(tmp_path)
    assert "MobileGym/mine.reg_twice-v0" not in REGISTRY


def test_broken_files_give_one_line_per_problem_and_register_nothing(
    tmp_path: pathlib.Path,
) -> None:
    write_task(tmp_path / "good.yaml", "mine.reg_good")
    (tmp_path / "bad_yaml.yaml").write_text("id: [unclosed\n")
    write_task(tmp_path / "bad_field.yaml", "mine.reg_bad", min_steps="many")
    with pytest.raises(TaskFileError) as caught:
        register_tasks(tmp_path)
    problems = caught.value.problems
    assert len(problems) == 2
    assert any(p.startswith(f"{tmp_path / 'bad_yaml.yaml'}: not valid YAML") for p in problems)
    assert any(p.startswith(f"{tmp_path / 'bad_field.yaml'}: min_steps") for p in problems), (
        problems
    )
    assert "MobileGym/mine.reg_good-v0" not in REGISTRY


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("missing", "no such task file or folder"),
        (
            "empty",
            "no task files in this folder (their names end in .yaml or .yml,"
            " or .textproto for a Mobile-Env task file)",
        ),
        (
            "task.txt",
            "not a task file (its name must end in .yaml or .yml,"
            " or .textproto for a Mobile-Env task file)",
        ),
    ],
)
def test_paths_that_hold_no_task_are_refused(
    tmp_path: pathlib.Path, name: str, message: str
) -> None:
    (tmp_path / "empty").mkdir()
    (tmp_path / "task.txt").write_text(yaml.safe_dump(task_data(id="mine.reg_txt")))
    with pytest.raises(TaskFileError) as caught:
        register_tasks(tmp_path / name)
    assert caught.value.problems == [f"{tmp_path / name}: {message}"]


SCRIPT = """
import warnings, gymnasium as gym
warnings.simplefilter("always")
with warnings.catch_warnings(record=True) as caught:
    env = gym.make("mobile_gym:MobileGym/mine.env_folder-v0")  # imports mobile_gym itself
env.reset(seed=0)
print(env.unwrapped.task.id)
print(gym.make("MobileGym/mine.env_file-v0").unwrapped.task.id)
print(*[str(w.message) for w in caught if "MOBILE_GYM_TASKS" in str(w.message)], sep="\\n")
"""


def test_mobile_gym_tasks_registers_in_any_process(tmp_path: pathlib.Path) -> None:
    write_task(tmp_path / "folder" / "sub" / "a.yaml", "mine.env_folder")
    file = write_task(tmp_path / "b.yaml", "mine.env_file")
    paths = [str(tmp_path / "folder"), str(file), str(tmp_path / "missing")]
    env = {**os.environ, "MOBILE_GYM_TASKS": os.pathsep.join(paths)}
    result = subprocess.run(
        [sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines() == [
        "mine.env_folder",
        "mine.env_file",
        f"mobile-gym: MOBILE_GYM_TASKS: a task was not registered: {tmp_path / 'missing'}: "
        "no such task file or folder",
    ]


def test_the_public_api_is_exported_with_docstrings() -> None:
    for name in mobile_gym.__all__:
        assert hasattr(mobile_gym, name), name
        value = getattr(mobile_gym, name)
        if callable(value):
            assert value.__doc__, name
    assert {"MobileEnv", "make_env", "register_tasks", "TaskSpec", "TaskFileError"} <= set(
        mobile_gym.__all__
    )
    assert {"load_task_file", "make_vec", "ACTION_SPACES", "OBSERVATIONS"} <= set(
        mobile_gym.__all__
    )
