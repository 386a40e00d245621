"""``mobile-gym list`` in every format without cutting a name, close-match answers for unknown
names, ``show`` / ``list`` / ``eval`` on a folder of task files, and the ``py.typed`` marker."""

from __future__ import annotations

import importlib.resources
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from mobile_gym import cli
from mobile_gym.tasks.loader import shipped_tasks
from tests.tasks.tasktools import task_data

ROOT = pathlib.Path(__file__).resolve().parents[2]
SHIPPED = shipped_tasks()


def run(*args: str, width: int = 40) -> tuple[int, str, str]:
    """The command in this process, its console ``width`` columns wide (a narrow terminal)."""
    saved = cli.console
    cli.console = Console(width=width)
    try:
        result = CliRunner().invoke(cli.app, list(args))
    finally:
        cli.console = saved
    return result.exit_code, result.stdout, result.stderr


def whole(name: str, text: str) -> bool:
    """Whether ``name`` appears in ``text`` whole: not cut, wrapped or folded."""
    return re.search(rf"(?<![\w.]){re.escape(name)}(?![\w.…])", text) is not None


def test_the_table_shows_every_task_id_whole_in_a_narrow_terminal() -> None:
    code, out, _ = run("list", "tasks", width=30)
    assert code == 0
    assert "…" not in out
    assert [task_id for task_id in SHIPPED if not whole(task_id, out)] == []


def test_a_pipe_cuts_no_task_id() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", "list", "tasks"],
        env={**os.environ, "COLUMNS": "200"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "…" not in result.stdout
    assert [task_id for task_id in SHIPPED if not whole(task_id, result.stdout)] == []


def test_plain_is_one_task_per_line_with_its_suite() -> None:
    code, out, _ = run("list", "tasks", "--format", "plain")
    assert code == 0
    expected = sorted(f"{task_id}\t{spec.suite}" for task_id, spec in SHIPPED.items())
    assert out.splitlines() == expected


def test_json_lists_every_task_with_its_fields() -> None:
    code, out, _ = run("list", "tasks", "-f", "json")
    assert code == 0
    rows = json.loads(out)
    assert [row["id"] for row in rows] == sorted(SHIPPED)
    row = next(row for row in rows if row["id"] == "contacts.create_named")
    assert row == {
        "id": "contacts.create_named",
        "suite": "starter",
        "apps": ["com.simplemobiletools.contacts.pro"],
        "category": "gui",
        "difficulty": "medium",
        "min_steps": 6,
        "step_cap": 12,
        "step_cap_strict": 12,
        "title": SHIPPED["contacts.create_named"].title,
        "origin": None,
        "original_min_steps": None,
        "original_max_steps": None,
    }
    original = next(row for row in rows if row["id"] == "mab.contacts_create")
    assert original["origin"].endswith("/tasks/contacts_create.py")
    assert (original["min_steps"], original["original_min_steps"]) == (6, 6)
    assert (original["step_cap"], original["step_cap_strict"]) == (13, 12)


def test_suites_and_apps_in_plain_and_json() -> None:
    suites = {spec.suite for spec in SHIPPED.values()}
    _, out, _ = run("list", "suites", "-f", "plain")
    assert [line.split("\t")[0] for line in out.splitlines()] == sorted(suites)
    _, out, _ = run("list", "suites", "-f", "json")
    counts = {row["suite"]: row["tasks"] for row in json.loads(out)}
    assert counts["starter"] == sum(spec.suite == "starter" for spec in SHIPPED.values())
    _, out, _ = run("list", "apps", "-f", "json")
    apps = {row["package"]: row["tasks"] for row in json.loads(out)}
    assert apps["com.simplemobiletools.notes.pro"] > 0
    _, out, _ = run("list", "apps", "--suite", "starter", "-f", "plain")
    assert "com.simplemobiletools.contacts.pro\tContacts\t" in out


def test_an_unknown_format_is_one_line() -> None:
    code, _, err = run("list", "tasks", "--format", "yaml")
    assert code == 2
    assert err.strip() == "error: unknown --format 'yaml'; choose one of: table, plain, json"


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (["show", "contacts.create_nmed"], "unknown task 'contacts.create_nmed'; did you mean contacts.create_named"),
        (["eval", "--task", "contacts.create_nmed", "--agent", "random"], "did you mean contacts.create_named"),
        (["eval", "--suite", "startr", "--agent", "random"], "unknown suite 'startr'; did you mean starter?"),
        (["list", "tasks", "--suite", "startr"], "unknown suite 'startr'; did you mean starter?"),
        (["list", "tasks", "--suite", "zzz"], "unknown suite 'zzz' (see `mobile-gym list suites`)"),
    ],
)  # fmt: skip
def test_unknown_names_answer_with_the_closest_ones(
    args: list[str], answer: str, tmp_path: pathlib.Path
) -> None:
    code, _, err = run(*args, *(["--out", str(tmp_path)] if args[0] == "eval" else []))
    assert code == 2
    (line,) = err.strip().splitlines()
    assert answer in line
    assert len(line) < 250  # the closest names, never every id
    assert not list(tmp_path.iterdir())


@pytest.fixture
def folder(tmp_path: pathlib.Path) -> pathlib.Path:
    """A folder of two task files of one's own (one in a subfolder)."""
    (tmp_path / "tasks" / "more").mkdir(parents=True)
    (tmp_path / "tasks" / "a.yaml").write_text(yaml.safe_dump(task_data(id="mine.cli_one")))
    (tmp_path / "tasks" / "more" / "b.yaml").write_text(
        yaml.safe_dump(task_data(id="mine.cli_two", suite="mine"))
    )
    return tmp_path / "tasks"


def test_show_a_folder_shows_each_task_and_how_to_register_it(folder: pathlib.Path) -> None:
    code, out, _ = run("show", str(folder), width=200)
    assert code == 0
    for task_id, name in (("mine.cli_one", "a.yaml"), ("mine.cli_two", "more/b.yaml")):
        assert f"MobileGym/{task_id}-v0" in out
        assert f"mobile_gym.register_tasks('{folder / name}') or MOBILE_GYM_TASKS" in out
    code, out, _ = run("show", "contacts.create_named", width=200)
    assert "MobileGym/contacts.create_named-v0" in out and "register_tasks" not in out


def test_show_a_task_file_with_a_shipped_id_says_the_id_is_taken(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text(yaml.safe_dump(task_data(id="settings.wifi_off")))
    code, out, _ = run("show", str(path), width=200)
    assert code == 0
    assert "this id is taken by the shipped task 'settings.wifi_off'" in out


def test_list_the_tasks_of_a_folder(folder: pathlib.Path) -> None:
    code, out, _ = run("list", "tasks", "--tasks", str(folder), "-f", "plain")
    assert code == 0 and out == "mine.cli_one\tstarter\nmine.cli_two\tmine\n"
    code, out, _ = run("list", "tasks", "--tasks", str(folder), "--suite", "mine", "-f", "plain")
    assert out == "mine.cli_two\tmine\n"
    code, _, err = run("list", "tasks", "--tasks", str(folder / "nope"))
    assert code == 2 and "nope: no such task file or folder" in err


def test_eval_a_folder_runs_every_task_in_it(folder: pathlib.Path, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "run"
    code, _, err = run("eval", "--task", str(folder), "--agent", "oracle", "--out", str(out))
    assert code == 0, err
    document = json.loads((out / "results.json").read_text())
    episodes = sorted((e["task_id"], e["success"]) for e in document["episodes"])
    assert episodes == [("mine.cli_one", True), ("mine.cli_two", True)]


def test_py_typed_is_in_the_package_and_in_what_setuptools_builds(tmp_path: pathlib.Path) -> None:
    assert importlib.resources.files("mobile_gym").joinpath("py.typed").is_file()
    tree = tmp_path / "tree"
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for name in ("mobile_gym", "wrappers", "agents", "configs"):
        shutil.copytree(ROOT / name, tree / name, ignore=ignore)
    for name in ("pyproject.toml", "setup.py", "README.md"):
        shutil.copy(ROOT / name, tree / name)
    built = tmp_path / "built"
    result = subprocess.run(
        [sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(built)],
        cwd=tree,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert (built / "mobile_gym" / "py.typed").is_file()
