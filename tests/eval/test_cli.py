"""``mobile-gym eval``, ``list`` and ``show`` as a user runs them; bad arguments give a
one-line error and a non-zero exit."""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys

import pytest


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", *args], capture_output=True, text=True, timeout=300
    )


def test_eval_prints_the_metrics_table_and_writes_results(tmp_path: pathlib.Path) -> None:
    result = cli(
        "eval", "--task", "settings.wifi_off", "--task", "notes.create_titled",
        "--agent", "oracle", "--seeds", "0,1", "--out", str(tmp_path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "oracle on 2 task(s), 4 episode(s)" in result.stdout
    for heading in ("SR [95% CI]", "SE", "latency s", "tokens", "FN rate", "FP rate"):
        assert heading in result.stdout
    assert "100% [51–100]" in result.stdout  # 4 of 4, with its Wilson interval
    document = json.loads((tmp_path / "results.json").read_text())
    assert document["settings"]["agent"] == "oracle"
    assert [e["seed"] for e in document["episodes"]] == [0, 1, 0, 1]
    assert (tmp_path / "results.csv").exists()


def test_list_and_show() -> None:
    suites = cli("list")
    assert suites.returncode == 0 and "starter" in suites.stdout
    tasks = cli("list", "tasks", "--suite", "starter")
    assert tasks.returncode == 0 and "contacts.create_named" in tasks.stdout
    assert "settings.switch_named_on" not in tasks.stdout  # another suite
    apps = cli("list", "apps")
    assert apps.returncode == 0 and "com.simplemobiletools.notes.pro" in apps.stdout
    show = cli("show", "contacts.create_named")
    assert show.returncode == 0
    for text in ("Create a new contact named {first} {last}", "min steps", "12 (2x_min)"):
        assert text in show.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["eval", "--suite", "nope", "--agent", "random"], "unknown suite 'nope'"),
        (["eval", "--task", "nope.task", "--agent", "random"], "unknown task 'nope.task'"),
        (["eval", "--task", "/no/such/task.yaml", "--agent", "random"], "no such task file"),
        (["eval", "--suite", "starter", "--agent", "genius"], "unknown agent 'genius'"),
        (["eval", "--suite", "starter", "--agent", "random", "--max-steps", "0"], "--max-steps"),
        (["eval", "--suite", "starter", "--agent", "random", "--max-steps", "3x"], "--max-steps"),
        (["eval", "--suite", "starter", "--agent", "random", "--seeds", "a"], "bad seeds"),
        (["eval", "--suite", "starter", "--agent", "random", "--workers", "0"], "--workers"),
        (["eval", "--suite", "starter", "--agent", "random", "--agent-option", "x"], "NAME=VALUE"),
        (["eval", "--suite", "starter", "--agent", "random", "--agent-option", "k=1"], "bad options"),
        (["eval", "--agent", "random"], "name a suite"),
        (["list", "everything"], "cannot list 'everything'"),
        (["list", "tasks", "--suite", "nope"], "unknown suite 'nope'"),
        (["show", "nope.task"], "unknown task 'nope.task'"),
    ],
)  # fmt: skip
def test_bad_arguments_give_one_line_and_a_non_zero_exit(
    args: list[str], message: str, tmp_path: pathlib.Path
) -> None:
    result = cli(*args, *(["--out", str(tmp_path)] if args[0] == "eval" else []))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0]
    assert not list(tmp_path.iterdir())  # nothing was run


def test_rerunning_into_a_folder_of_another_run_is_refused(tmp_path: pathlib.Path) -> None:
    first = cli("eval", "--task", "settings.wifi_off", "--agent", "random", "--out", str(tmp_path))
    assert first.returncode == 0, first.stderr
    second = cli("eval", "--task", "settings.wifi_off", "--agent", "oracle", "--out", str(tmp_path))
    assert second.returncode == 2
    assert "holds a run with other settings" in second.stderr


def test_a_run_folder_that_cannot_be_made_is_one_error(tmp_path: pathlib.Path) -> None:
    taken = tmp_path / "taken"
    taken.write_text("a file")
    for out in (taken, taken / "run"):
        result = cli("eval", "--task", "settings.wifi_off", "--agent", "random", "--out", str(out))
        assert result.returncode == 2, result.stderr
        assert f"error: {out}: cannot be a run folder (Not a directory)" in result.stderr
        assert "Traceback" not in result.stderr
    assert taken.read_text() == "a file"


def test_run_files_are_readable_as_any_new_file_is(tmp_path: pathlib.Path) -> None:
    result = cli("eval", "--task", "settings.wifi_off", "--agent", "random", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    reference = tmp_path / "plain.txt"
    reference.write_text("made with open()")
    for name in ("run.json", "results.json", "results.csv"):
        assert (tmp_path / name).stat().st_mode & 0o777 == reference.stat().st_mode & 0o777


def test_help_writes_each_docstring_paragraph_as_one_line() -> None:
    from typer.testing import CliRunner

    from mobile_gym.cli import app

    def help_of(*args: str) -> str:
        result = CliRunner().invoke(app, [*args, "--help"], env={"COLUMNS": "1000"})
        assert result.exit_code == 0, result.output
        return " ".join(result.output.split("│"))

    listed = help_of()
    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        paragraphs = (command.callback.__doc__ or "").split("\n\n")
        assert " ".join(paragraphs[0].split()) in listed, name  # its summary, uncut
        own = help_of(name)
        for paragraph in paragraphs:
            assert " ".join(paragraph.split()) in own, name


@pytest.mark.parametrize(
    ("task", "name"),
    [
        ("settings.wifi_off", "settings.wifi_off"),  # not "settings": every settings task's
        ("mab.note_add", "mab.note_add"),
        ("my_tasks/a.yaml", "a"),
        ("my_tasks/b.yml", "b"),
        ("my_tasks", "my_tasks"),
    ],
)
def test_a_run_of_a_task_is_named_after_the_whole_id(task: str, name: str) -> None:
    from mobile_gym.cli import _run_name

    assert _run_name(task) == name


ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_dev_eval_runs_in_the_callers_folder(tmp_path: pathlib.Path) -> None:
    """``./dev eval`` from another folder: its relative task file and --out are that
    folder's, not the checkout's."""
    if not (ROOT / ".venv" / ".mobile-gym-install-stamp").is_file():
        pytest.skip("./dev has not installed .venv here (it would install it now)")
    shipped = ROOT / "configs" / "tasks" / "starter" / "settings_wifi_off.yaml"
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "wifi.yaml").write_text(shipped.read_text(encoding="utf-8"))
    result = subprocess.run(
        ["bash", str(ROOT / "dev"), "eval", "-a", "oracle", "-t", "mine/wifi.yaml", "-o", "run"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "run" / "results.json").is_file()


def test_the_readme_names_every_breakdown_of_by() -> None:
    from mobile_gym.metrics import BREAKDOWNS

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    (row,) = [line for line in readme.splitlines() if line.startswith("| `--by ")]
    assert [name for name in BREAKDOWNS if f"`{name}`" not in row] == []
