"""An episode whose task cannot be played again (its task file edited since the run): one
that no longer loads (a regex that does not compile) and one that refuses to start (a file
to write at a relative path). ``video`` and ``replay``, which replay it, each say so in one
error line and exit 2, never with a traceback; a report lists it as not shown."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from tests.viewer.conftest import invoke

ROOT = pathlib.Path(__file__).resolve().parents[2]
TASK_ID = "test.wifi_off_edited"
EDITS = {
    "no longer loads": (
        ("signals:\n", 'signals:\n  broken:\n    logcat: "("\n'),
        ("events:\n", "events:\n  - id: broken\n    when: broken\n    reward: 0.1\n"),
    ),
    "refuses to start": (
        ("signals:\n", "setup:\n  files: [{path: notes.txt, text: x}]\nsignals:\n"),
    ),
}
"""How the task file is edited after the run: text replaced, in order."""
PROBLEMS = {
    "no longer loads": "signals.broken: signal 'broken': invalid regex '(': missing ) at position 1",
    "refuses to start": "setup.files.0: phone paths must be absolute, got 'notes.txt'",
}


@pytest.fixture(scope="module", params=list(EDITS))
def edited(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> tuple[pathlib.Path, str]:
    """A random agent's run of a task file saving no screens (showing them replays the
    episode), the file then edited as ``EDITS`` says; with the problem a replay meets."""
    root = tmp_path_factory.mktemp("edited")
    shipped = ROOT / "configs" / "tasks" / "starter" / "settings_wifi_off.yaml"
    task = root / "task.yaml"
    text = shipped.read_text(encoding="utf-8").replace(
        "id: settings.wifi_off\n", f"id: {TASK_ID}\n"
    )
    task.write_text(text, encoding="utf-8")
    run = root / "run"
    made = invoke(
        "eval", "--agent", "random", "--task", str(task), "--max-steps", "2", "--out", str(run)
    )
    assert made.exit_code == 0, (made.stderr, made.exception)
    for old, new in EDITS[request.param]:
        text = text.replace(old, new)
    task.write_text(text, encoding="utf-8")
    return run, PROBLEMS[request.param]


def one_error(result: Any) -> str:
    """The only line ``result`` wrote on stderr: an ``error:`` line (exit 2, no traceback)."""
    assert result.exit_code == 2, (result.output, result.stderr, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    return lines[0]


def test_its_video_is_one_error(edited: tuple[pathlib.Path, str], tmp_path: pathlib.Path) -> None:
    run, problem = edited
    out = tmp_path / "episode.gif"
    line = one_error(invoke("video", str(run), "--task", TASK_ID, "--out", str(out)))
    assert "cannot be replayed" in line and problem in line
    assert not out.exists()


def test_a_report_lists_it_as_not_shown(
    edited: tuple[pathlib.Path, str], tmp_path: pathlib.Path
) -> None:
    run, problem = edited
    out = tmp_path / "report.html"
    written = invoke("report", str(run), "--out", str(out))
    assert written.exit_code == 0, (written.stderr, written.exception)
    assert "not shown:" in written.output and problem in " ".join(written.output.split())
    assert out.exists() and "Traceback" not in written.output + written.stderr


def test_its_replay_is_one_error(edited: tuple[pathlib.Path, str]) -> None:
    run, problem = edited
    trajectory = run / "trajectories" / TASK_ID / "seed0.jsonl"
    line = one_error(invoke("replay", str(trajectory)))
    assert f"{trajectory}: cannot be replayed" in line and problem in line
