"""An episode whose task refuses to start again (its task file edited since the run, here
with a regex that does not compile): ``video`` and ``replay``, which replay it, each say so
in one error line and exit 2, never with a traceback; a report lists it as not shown."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

from tests.viewer.conftest import invoke

ROOT = pathlib.Path(__file__).resolve().parents[2]
TASK_ID = "test.wifi_off_edited"
PROBLEM = "signals.broken: signal 'broken': invalid regex '(': missing ) at position 1"


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    """A random agent's run of a task file saving no screens (showing them replays the
    episode), the file then given a logcat signal whose regex does not compile."""
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
    text = text.replace("signals:\n", 'signals:\n  broken:\n    logcat: "("\n')
    text = text.replace("events:\n", "events:\n  - id: broken\n    when: broken\n    reward: 0.1\n")
    task.write_text(text, encoding="utf-8")
    return run


def one_error(result: Any) -> str:
    """The only line ``result`` wrote on stderr: an ``error:`` line (exit 2, no traceback)."""
    assert result.exit_code == 2, (result.output, result.stderr, result.exception)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    return lines[0]


def test_its_video_is_one_error(edited: pathlib.Path, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "episode.gif"
    line = one_error(invoke("video", str(edited), "--task", TASK_ID, "--out", str(out)))
    assert "cannot be replayed" in line and PROBLEM in line
    assert not out.exists()


def test_a_report_lists_it_as_not_shown(edited: pathlib.Path, tmp_path: pathlib.Path) -> None:
    out = tmp_path / "report.html"
    written = invoke("report", str(edited), "--out", str(out))
    assert written.exit_code == 0, (written.stderr, written.exception)
    assert "not shown:" in written.output and PROBLEM in " ".join(written.output.split())
    assert out.exists() and "Traceback" not in written.output + written.stderr


def test_its_replay_is_one_error(edited: pathlib.Path) -> None:
    trajectory = edited / "trajectories" / TASK_ID / "seed0.jsonl"
    line = one_error(invoke("replay", str(trajectory)))
    assert f"{trajectory}: cannot be replayed" in line and PROBLEM in line
