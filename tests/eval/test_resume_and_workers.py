"""A killed run resumes to the same results with nothing duplicated, and worker processes
give the same results as one process."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import RunFolderError

SEEDS = "0-3"
TASKS = 18 * 4


def comparable(records: list[dict[str, Any]] | list[EpisodeRecord]) -> list[dict[str, Any]]:
    """Records without their wall-clock timings, the one thing a rerun may change."""
    rows = [r.to_json() if isinstance(r, EpisodeRecord) else dict(r) for r in records]
    for row in rows:
        row.pop("latency_s")
    return rows


def eval_command(out: pathlib.Path) -> list[str]:
    return [
        sys.executable, "-m", "mobile_gym.cli", "eval", "--suite", "starter",
        "--agent", "random", "--seeds", SEEDS, "--out", str(out),
    ]  # fmt: skip


def test_a_killed_run_resumes_to_identical_results(tmp_path: pathlib.Path) -> None:
    reference = evaluate(
        episodes(select_tasks(["starter"], []), list(range(4))),
        RunSettings("random", max_steps=None),
        RunStore(tmp_path / "reference"),
    )
    out = tmp_path / "killed"
    process = subprocess.Popen(
        eval_command(out), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    deadline = time.monotonic() + 120
    while len(list((out / "episodes").glob("*.json"))) < 10:
        assert process.poll() is None, "the run ended before it could be killed"
        assert time.monotonic() < deadline, "the run finished no episodes"
        time.sleep(0.01)
    os.kill(process.pid, signal.SIGKILL)
    process.wait()
    finished_at_kill = len(list((out / "episodes").glob("*.json")))
    assert 10 <= finished_at_kill < TASKS

    rerun = subprocess.run(eval_command(out), capture_output=True, text=True, timeout=300)
    assert rerun.returncode == 0, rerun.stderr
    assert f"{finished_at_kill} episode(s) were already finished" in rerun.stdout

    document = json.loads((out / "results.json").read_text())
    assert comparable(document["episodes"]) == comparable(reference)
    assert len(list((out / "episodes").glob("*.json"))) == TASKS
    trajectories = list((out / "trajectories").rglob("*.jsonl"))
    assert len(trajectories) == TASKS
    assert not list(out.rglob("*.tmp"))
    for path in trajectories:
        lines = [json.loads(line) for line in path.read_text().splitlines()]
        assert lines[0]["type"] == "episode" and lines[-1]["type"] == "result"
        assert [line["step"] for line in lines[1:-1]] == list(range(1, len(lines) - 1))


def test_two_workers_give_the_results_of_one(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks(["starter"], []), [0, 1])
    one = evaluate(plan, RunSettings("random"), RunStore(tmp_path / "one"))
    two = evaluate(plan, RunSettings("random"), RunStore(tmp_path / "two"), workers=2)
    assert comparable(two) == comparable(one)
    assert [r.key for r in two] == [f"{e.task.id}__seed{e.seed}" for e in plan]


def test_a_folder_of_other_settings_names_each_with_its_value_there(
    tmp_path: pathlib.Path,
) -> None:
    """A setting a run folder leaves out (its default) is named by that default."""
    RunStore(tmp_path).claim(RunSettings("random").to_json(), RunSettings.UNRECORDED)
    strict = RunSettings("random", rules="strict")
    with pytest.raises(RunFolderError, match="rules: 'original' there, 'strict' now"):
        RunStore(tmp_path).claim(strict.to_json(), RunSettings.UNRECORDED)
    RunStore(tmp_path).claim(RunSettings("random").to_json(), RunSettings.UNRECORDED)  # same


def test_a_run_json_that_is_no_object_is_one_error(tmp_path: pathlib.Path) -> None:
    (tmp_path / "run.json").write_text("[]\n")
    with pytest.raises(RunFolderError, match="not a JSON object of settings"):
        RunStore(tmp_path).claim(RunSettings("random").to_json(), RunSettings.UNRECORDED)


def test_a_run_extended_with_more_seeds_reports_the_whole_folder(tmp_path: pathlib.Path) -> None:
    arguments = ["eval", "--task", "settings.wifi_off", "--agent", "oracle", "--out", str(tmp_path)]
    first = CliRunner().invoke(app, [*arguments, "--seeds", "0-1"])
    assert first.exit_code == 0, first.stderr
    assert "earlier commands" not in first.stdout
    more = CliRunner().invoke(app, [*arguments, "--seeds", "2"])
    assert more.exit_code == 0, more.stderr

    shown = " ".join(more.stdout.split())
    assert "1 task(s), 1 episode(s)" in shown  # what this command ran ...
    assert "all 3 episodes of the run folder, 2 from earlier commands" in shown  # ... and showed
    overall = next(line for line in more.stdout.splitlines() if line.strip("│ ").startswith("all"))
    assert overall.split("│")[2].strip() == "3"
    document = json.loads((tmp_path / "results.json").read_text())
    assert [e["seed"] for e in document["episodes"]] == [0, 1, 2]
    assert document["metrics"]["episodes"] == 3
    rows = (tmp_path / "results.csv").read_text().splitlines()
    assert len(rows) == 1 + 3
    again = CliRunner().invoke(app, [*arguments, "--seeds", "0-3"])  # 3 resumed, 1 played
    assert again.exit_code == 0, again.stderr
    assert "all 4 episodes of the run folder, 3 from earlier commands" in " ".join(
        again.stdout.split()
    )


def test_the_folder_records_are_every_episode_file_by_task_and_seed(
    tmp_path: pathlib.Path,
) -> None:
    store = RunStore(tmp_path)
    plan = episodes(select_tasks([], ["settings.wifi_off", "notes.create_titled"]), [1, 0])
    evaluate(plan, RunSettings("random"), store)
    assert [r.key for r in store.records()] == [
        "notes.create_titled__seed0",
        "notes.create_titled__seed1",
        "settings.wifi_off__seed0",
        "settings.wifi_off__seed1",
    ]
    (tmp_path / "episodes" / "copy of settings.wifi_off.json").write_text("{}")
    with pytest.raises(RunFolderError, match=r"copy of settings.wifi_off.json: not an episode"):
        store.records()


def test_a_task_file_changed_since_its_episodes_were_played_is_refused(
    tmp_path: pathlib.Path,
) -> None:
    from tests.tasks.tasktools import write_task

    path = write_task(tmp_path, id="mine.wifi")
    out = tmp_path / "run"
    arguments = ["eval", "--task", str(path), "--agent", "oracle", "--seeds", "0"]
    first = CliRunner().invoke(app, [*arguments, "--out", str(out)])
    assert first.exit_code == 0, first.output
    again = CliRunner().invoke(app, [*arguments, "--out", str(out)])  # unchanged: resumed
    assert again.exit_code == 0 and "already finished" in again.stdout
    write_task(tmp_path, id="mine.wifi", title="Another task under the same id")
    changed = CliRunner().invoke(app, [*arguments, "--out", str(out)])
    assert changed.exit_code != 0
    assert "episodes of mine.wifi played on another version of the task" in " ".join(
        changed.output.split()
    )


def test_two_different_tasks_under_one_id_are_refused(tmp_path: pathlib.Path) -> None:
    from mobile_gym.eval import PlanError
    from tests.tasks.tasktools import write_task

    copy = write_task(tmp_path, "copy.yaml", id="settings.wifi_off")
    with pytest.raises(PlanError, match=r"two different tasks have the id settings\.wifi_off"):
        select_tasks([], [str(copy), "settings.wifi_off"])
    same = tmp_path / "same.yaml"
    shipped = select_tasks([], ["settings.wifi_off"])[0]
    same.write_text(pathlib.Path(shipped.source).read_text())
    assert len(select_tasks([], [str(same), "settings.wifi_off"])) == 1  # one task, twice
