"""An export of a task with a simulated user and MCP tools beside an English task: each row
holds the user's reply and the tool's result its action followed, and the card names the
languages of the tasks' instructions."""

from __future__ import annotations

import pathlib
from typing import Any

import pyarrow.parquet as pq
import pytest
import yaml
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.eval.replay import read_trajectory

ASKING = "mw.calendar.add_business_trip_with_cafe_ask_user"  # zh: ask_user, then mcp calls
ENGLISH = "mab.calculator_add"


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> tuple[pathlib.Path, pathlib.Path]:
    root = tmp_path_factory.mktemp("replies")
    run, out = root / "run", root / "dataset"
    tasks = ["--task", ASKING, "--task", ENGLISH]
    generate = ["generate", *tasks, "--no-screenshots", "--out", str(run)]
    for args in (generate, ["export", str(run), "--split", "1", "--out", str(out)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    return run, out


def test_each_row_holds_the_reply_and_tool_result_the_agent_saw_before_acting(
    run: tuple[pathlib.Path, pathlib.Path],
) -> None:
    folder, out = run
    rows = pq.read_table(out / "data" / "train.parquet").to_pylist()
    episode = sorted((r for r in rows if r["task_id"] == ASKING), key=lambda r: r["step"])
    _, steps, _ = read_trajectory(folder / "trajectories" / ASKING / "seed0.jsonl")
    before: list[dict[str, Any]] = [{}, *steps[:-1]]
    expected = [
        (line.get("user_reply") or "", (line.get("tool_call") or {}).get("result") or "")
        for line in before
    ]
    assert [(r["ask_user_response"], r["tool_call"]) for r in episode] == expected
    assert steps[0]["user_reply"] and episode[1]["ask_user_response"] == steps[0]["user_reply"]
    called = [n for n, line in enumerate(steps) if line.get("tool_call")]
    assert called and all(episode[n + 1]["tool_call"] for n in called)
    assert episode[0]["ask_user_response"] == episode[0]["tool_call"] == ""


def test_the_card_names_the_languages_of_the_exported_tasks(
    run: tuple[pathlib.Path, pathlib.Path],
) -> None:
    _, out = run
    front = yaml.safe_load((out / "README.md").read_text(encoding="utf-8").split("---\n")[1])
    assert front["language"] == ["en", "zh"]
    card = (out / "README.md").read_text(encoding="utf-8")
    assert "| `ask_user_response` | string |" in card and "| `tool_call` | string |" in card
