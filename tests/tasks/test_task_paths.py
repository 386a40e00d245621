"""Task files named by path: which files of a folder are tasks (Mobile-Env files with their
solution steps beside them included), and clear errors for a path that is no task file."""

from __future__ import annotations

import pathlib
import shutil

import gymnasium as gym
import pytest
import yaml
from typer.testing import CliRunner

import mobile_gym
from mobile_gym.cli import app
from mobile_gym.tasks.loader import load_tasks, resolve_task, task_files_under
from mobile_gym.tasks.schema import TaskFileError
from tests.tasks.tasktools import task_data

MOBILE_ENV = pathlib.Path(__file__).parent / "mobile_env"
THREE_STAGES = "contacts_three_stages"
IMPORTED_ID = "mobile_env.contacts_search_open_result_send_sms"


def mobile_env_folder(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder with a YAML task and a Mobile-Env file beside its ``.solution.yaml``."""
    folder = tmp_path / "tasks"
    folder.mkdir()
    for suffix in (".textproto", ".solution.yaml"):
        shutil.copy(MOBILE_ENV / f"{THREE_STAGES}{suffix}", folder)
    (folder / "mine.yaml").write_text(yaml.safe_dump(task_data(id="mine.paths_yaml")))
    return folder


def test_a_folder_loads_mobile_env_files_and_not_their_solution_steps(
    tmp_path: pathlib.Path,
) -> None:
    folder = mobile_env_folder(tmp_path)
    assert task_files_under(folder) == [
        folder / f"{THREE_STAGES}.textproto",
        folder / "mine.yaml",
    ]
    by_id = {spec.id: spec for spec in load_tasks(folder)}
    imported = by_id.pop(IMPORTED_ID)
    assert list(by_id) == ["mine.paths_yaml"]
    assert len(imported.solution) > 1  # its solution file was read, not a lone STATUS


def test_the_cli_lists_and_registers_a_folder_of_mobile_env_files(
    tmp_path: pathlib.Path,
) -> None:
    folder = mobile_env_folder(tmp_path)
    result = CliRunner().invoke(app, ["list", "tasks", "--tasks", str(folder), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert IMPORTED_ID in result.output and "mine.paths_yaml" in result.output
    ids = mobile_gym.register_tasks(folder)
    for gym_id in ids:
        del gym.envs.registration.registry[gym_id]  # (the ids are this test's own)
    assert sorted(ids) == ["MobileGym/mine.paths_yaml-v0", f"MobileGym/{IMPORTED_ID}-v0"]


def test_a_solution_file_without_its_mobile_env_file_is_loaded_and_refused(
    tmp_path: pathlib.Path,
) -> None:
    shutil.copy(MOBILE_ENV / f"{THREE_STAGES}.solution.yaml", tmp_path)
    with pytest.raises(TaskFileError, match="a task file must be a mapping, got list"):
        load_tasks(tmp_path)


def test_an_upper_case_suffix_is_a_task_file(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "Upper.YAML"
    path.write_text(yaml.safe_dump(task_data(id="mine.upper")))
    assert resolve_task(str(path)).id == "mine.upper"
    assert [spec.id for spec in load_tasks(tmp_path)] == ["mine.upper"]
    result = CliRunner().invoke(app, ["show", str(path)])
    assert result.exit_code == 0, result.output


def test_an_existing_file_that_is_no_task_file_says_so(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "check.py"
    path.write_text("print(1)\n")
    message = f"{path}: not a task file (its name must end in .yaml or .yml"
    with pytest.raises(TaskFileError, match=message.replace(".", r"\.").replace("(", r"\(")):
        resolve_task(str(path))
    result = CliRunner().invoke(app, ["show", str(path)])
    assert (
        result.exit_code == 2 and message in result.output and "unknown task" not in result.output
    )


def test_gym_make_of_a_folder_says_it_takes_one_task_file(tmp_path: pathlib.Path) -> None:
    (tmp_path / "a.yaml").write_text(yaml.safe_dump(task_data(id="mine.in_folder")))
    with pytest.raises(TaskFileError) as caught:
        gym.make("MobileGym/Task-v0", task=f"{tmp_path}/")
    message = str(caught.value)
    assert message.startswith(f"{tmp_path}: a folder, where one task file is wanted")
    assert "register_tasks" in message and "unknown task" not in message
