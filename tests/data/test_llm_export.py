"""Exporting the run of an LLM agent in the ``json`` dialect: each reply becomes the JSON
action the env read, a reply it could not read a row without one (its text kept)."""

from __future__ import annotations

import json
import pathlib

import pyarrow.parquet as pq
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.wrappers.json_actions import parse_json_action
from tests.agents.scripted_llm import ScriptedLLM, completion

MODEL = "test-model"
REPLIES = [
    'Thought: open the apps.\nAction: {"action_type": "swipe", "direction": "up"}',
    "Thought: I am not sure what to do.",
    'Action: {"action_type": "click", "index": 2}',
    'Action: {"action_type": "status", "goal_status": "infeasible"}',
]


def test_an_llm_run_exports_its_json_actions(tmp_path: pathlib.Path) -> None:
    run, out = tmp_path / "run", tmp_path / "dataset"
    with ScriptedLLM([completion(reply) for reply in REPLIES]) as server:
        result = CliRunner().invoke(app, [
            "eval", "--task", "settings.wifi_off", "--agent", "llm",
            "--agent-option", "dialect=json", "--agent-option", f"base_url={server.base_url}",
            "--agent-option", f"model={MODEL}", "--save", "observations", "--out", str(run),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["export", str(run), "--split", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = pq.read_table(out / "data" / "train.parquet").to_pylist()
    assert [row["step"] for row in rows] == [1, 2, 3, 4]
    assert [row["action_type"] for row in rows] == ["swipe", None, "click", "status"]
    swipe, unread, click, status = rows
    assert json.loads(swipe["action"]) == {"action_type": "swipe", "direction": "up"}
    assert unread["action"] is None and unread["element_index"] is None
    assert json.loads(unread["command"]) == REPLIES[1]  # the reply is kept as it came
    assert str(parse_json_action(click["action"])) == "TAP(2)" and click["element_index"] == 2
    assert click["elements"][2]["index"] == 2  # the element list of the screen it acted on
    assert json.loads(status["action"])["goal_status"] == "infeasible"
    assert all(not row["success"] for row in rows) and rows[-1]["done"]
