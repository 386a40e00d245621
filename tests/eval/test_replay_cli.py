"""``mobile-gym replay`` on many files (or folders of them): one verdict line per file, in
order, whatever the others' (identical, differs, cannot be replayed, not compared), and the
worst of them as the exit status; an episode that ended in an infrastructure error is not
compared and leaves the status as it is."""

from __future__ import annotations

import json
import pathlib

import pytest
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.cli import app
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, select_tasks
from tests.eval.test_outages import dead_url, llm

TASK = "settings.wifi_off"


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pathlib.Path]:
    """Trajectories of each verdict: two identical, one edited to differ, one whose
    episode ended in an error (its model endpoint down), one not JSON, one missing."""
    root = tmp_path_factory.mktemp("replays")
    plan = episodes(select_tasks([], [TASK]), [0, 1])
    evaluate(plan, RunSettings("oracle"), RunStore(root / "oracle"), agent=make_agent("oracle"))
    (error,) = evaluate(
        plan[:1], RunSettings("llm"), RunStore(root / "down"), agent=llm(dead_url())
    )
    assert error.outcome == "error"
    trajectories = root / "oracle" / "trajectories" / TASK
    differs = root / "differs.jsonl"
    lines = [json.loads(line) for line in (trajectories / "seed0.jsonl").read_text().splitlines()]
    lines[2]["reward"] = 0.75  # step 2
    differs.write_text("".join(json.dumps(line) + "\n" for line in lines))
    broken = root / "broken.jsonl"
    broken.write_text("{not json\n")
    return {
        "identical": trajectories / "seed0.jsonl",
        "identical too": trajectories / "seed1.jsonl",
        "differs": differs,
        "error": root / "down" / "trajectories" / TASK / "seed0.jsonl",
        "broken": broken,
        "missing": root / "missing.jsonl",
    }


def replay(files: dict[str, pathlib.Path], *names: str) -> tuple[int, list[str]]:
    """The command on the files ``names``: its exit status and its lines, stdout and
    stderr as they came."""
    result = CliRunner().invoke(app, ["replay", *(str(files[name]) for name in names)])
    assert not isinstance(result.exception, Exception), result.output  # no traceback
    return result.exit_code, result.output.splitlines()


def test_every_file_gets_its_verdict_in_order(files: dict[str, pathlib.Path]) -> None:
    names = ("broken", "identical", "differs", "error", "missing", "identical too")
    status, lines = replay(files, *names)
    assert status == 2
    assert len(lines) == len(names)
    broken, identical, differs, error, missing, identical_too = lines
    assert broken.startswith(f"error: {files['broken']}: cannot be replayed: line 1 is not JSON")
    assert identical.startswith(f"identical: {TASK} seed 0, 4 steps, success")
    assert differs.startswith(f"differs: {TASK} seed 0 at step 2: reward 0.2 replayed, 0.75")
    assert error.startswith(f"not compared: {TASK} seed 0 ended in an infrastructure error")
    assert "LLMUnavailableError" in error and error.endswith(f"({files['error']})")
    assert missing.startswith(f"error: {files['missing']}: cannot be replayed: cannot be read")
    assert identical_too.startswith(f"identical: {TASK} seed 1, 4 steps, success")


@pytest.mark.parametrize(
    ("names", "status"),
    [
        (("identical", "identical too"), 0),
        (("error",), 0),
        (("error", "identical"), 0),
        (("differs", "error", "identical"), 1),
        (("identical", "differs", "identical too"), 1),
        (("broken", "differs"), 2),
        (("differs", "missing", "identical"), 2),
    ],
)
def test_the_status_is_the_worst_verdict(
    files: dict[str, pathlib.Path], names: tuple[str, ...], status: int
) -> None:
    code, lines = replay(files, *names)
    assert code == status and len(lines) == len(names)


def test_an_episode_that_ended_in_an_error_is_not_compared(
    files: dict[str, pathlib.Path],
) -> None:
    status, (line,) = replay(files, "error")
    assert status == 0
    assert line.startswith(f"not compared: {TASK} seed 0 ended in an infrastructure error (")
    assert "a resumed run plays it again" in line


def test_a_folder_stands_for_every_trajectory_below_it_in_sorted_order(
    files: dict[str, pathlib.Path], tmp_path: pathlib.Path
) -> None:
    """A run folder, its trajectories folder or one task's folder: each of its files gets
    its verdict, in sorted order; a folder that holds none cannot be replayed."""
    task_folder = files["identical"].parent
    run = task_folder.parent.parent
    expected = [f"identical: {TASK} seed 0, 4 steps", f"identical: {TASK} seed 1, 4 steps"]
    for folder in (run, run / "trajectories", task_folder):
        result = CliRunner().invoke(app, ["replay", str(folder)])
        assert result.exit_code == 0, result.output
        assert [line.split(", success")[0] for line in result.output.splitlines()] == expected
    result = CliRunner().invoke(app, ["replay", str(tmp_path), str(files["identical"])])
    assert result.exit_code == 2
    empty, identical = result.output.splitlines()
    assert empty == (
        f"error: {tmp_path}: cannot be replayed: the folder holds no trajectory file (*.jsonl)"
    )
    assert identical.startswith(expected[0])
