"""A run whose own machinery fails: a worker process that dies (killed, out of memory) or a
file of the run folder that cannot be written stops ``mobile-gym eval`` with one error line
and status 1, the metrics table and results files of what finished, never a traceback;
running the same command again resumes it."""

from __future__ import annotations

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval import runner
from mobile_gym.eval.plan import Episode
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.runner import RunSettings
from mobile_gym.eval.store import RunStore

FINISHING = ("mab.calculator_add", "mab.calculator_square")
DYING = "mab.note_add"
"""The task whose worker process dies."""

_play_in_worker = runner._worker_episode


def dying_episode(episode: Episode, settings: RunSettings, root: str) -> EpisodeRecord:
    """A worker's episode, but the worker is killed (as by ``kill -9`` or the OOM killer)
    when it comes to ``DYING``, once the other tasks' episodes are on disk."""
    if episode.task.id == DYING:
        store = RunStore(root)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline and not all(store.finished(t, 0) for t in FINISHING):
            time.sleep(0.05)
        os.kill(os.getpid(), signal.SIGKILL)
    return _play_in_worker(episode, settings, root)


def eval_args(out: pathlib.Path, *tasks: str, workers: int = 2) -> list[str]:
    """``mobile-gym eval``'s arguments: the oracle on ``tasks``, seed 0, into ``out``."""
    chosen = [arg for task in tasks for arg in ("--task", task)]
    return ["eval", "--agent", "oracle", *chosen, "--workers", str(workers), "--out", str(out)]


def recorded(out: pathlib.Path) -> list[str]:
    """The tasks of the episodes ``results.json`` holds."""
    document = json.loads((out / "results.json").read_text(encoding="utf-8"))
    return [episode["task_id"] for episode in document["episodes"]]


def test_a_worker_that_dies_stops_the_run_with_what_finished(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    arguments = eval_args(tmp_path, *FINISHING, DYING)
    with monkeypatch.context() as patch:
        patch.setattr(runner, "_worker_episode", dying_episode)
        result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 1, (result.output, result.exception)
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: stopped: a worker process died")
    assert "run the same command again to resume" in line
    assert "Traceback" not in result.output
    assert "2 recorded before the run stopped" in result.stdout
    assert recorded(tmp_path) == sorted(FINISHING)
    assert (tmp_path / "results.csv").read_text(encoding="utf-8").count("\n") == 3

    resumed = CliRunner().invoke(app, arguments)
    assert resumed.exit_code == 0, (resumed.output, resumed.exception)
    assert "2 episode(s) were already finished" in resumed.stdout
    assert recorded(tmp_path) == sorted([*FINISHING, DYING])


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", *args], capture_output=True, text=True, timeout=300
    )


@pytest.mark.parametrize("workers", [1, 2])
def test_a_file_that_cannot_be_written_is_one_error_line(
    tmp_path: pathlib.Path, workers: int
) -> None:
    out = tmp_path / "run"
    blocker = out / "trajectories" / DYING  # a file where the task's folder goes
    blocker.parent.mkdir(parents=True)
    blocker.write_text("in the way")
    arguments = eval_args(out, FINISHING[0], DYING, workers=workers)
    result = cli(*arguments)
    assert result.returncode == 1, result.stderr
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: stopped: a file of the run could not be written: ")
    assert f"{blocker}: Not a directory" in line and "run the same command again" in line
    assert "1 recorded before the run stopped" in result.stdout
    assert recorded(out) == [FINISHING[0]]
    assert blocker.read_text() == "in the way"

    blocker.unlink()
    resumed = cli(*arguments)
    assert resumed.returncode == 0, resumed.stderr
    assert recorded(out) == sorted([FINISHING[0], DYING])


LONG = "mw.gmail.check_interview_times"
"""A task whose reference solution takes 37 steps: a run of 20 of its episodes is still
going when the test interrupts it."""


@pytest.mark.parametrize("workers", [1, 2])
def test_an_interrupted_run_writes_what_finished_and_resumes(
    tmp_path: pathlib.Path, workers: int
) -> None:
    """Ctrl-C at the terminal (SIGINT to the command and its workers) ends ``mobile-gym
    eval`` with one line and status 130 after the metrics table and results files of the
    episodes that finished; no episode in flight is recorded, and the same command goes on."""
    out = tmp_path / "run"
    arguments = [
        "eval", "--agent", "oracle", "--task", LONG, "--seeds", "0-19",
        "--workers", str(workers), "--out", str(out),
    ]  # fmt: skip
    command = subprocess.Popen(
        [sys.executable, "-m", "mobile_gym.cli", *arguments],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, as a terminal's job
    )
    deadline = time.monotonic() + 120
    episodes = out / "episodes"
    while time.monotonic() < deadline and len(list(episodes.glob("*.json"))) < 2:
        time.sleep(0.05)
    os.killpg(command.pid, signal.SIGINT)
    stdout, stderr = command.communicate(timeout=120)
    assert command.returncode == 130, stderr
    (line,) = stderr.strip().splitlines()
    finished = len(list(episodes.glob("*.json")))
    assert 2 <= finished < 20
    assert line == (
        f"error: interrupted: {finished} of the 20 episodes are recorded; run the same"
        " command again to resume: finished episodes are kept"
    )
    assert f"{finished} recorded before the run stopped" in " ".join(stdout.split())
    assert len(recorded(out)) == finished

    resumed = cli(*arguments)
    assert resumed.returncode == 0, resumed.stderr
    assert f"{finished} episode(s) were already finished" in resumed.stdout
    assert len(recorded(out)) == 20
