"""``element_index`` of a model's reply is the element the action points at on the screen the
model saw, by the rule of the oracle's rows: an index the screen has, else the element
centred on the point or the smallest that contains it; null for an element the screen has
not or a point off it (the env's refusal stays in ``action_error``)."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pyarrow.parquet as pq
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.geometry import Rect
from tests.agents.scripted_llm import ScriptedLLM, completion

POINT = (300, 1700)  # on the home screen's Notes icon, off its centre
REPLIES = [
    'Action: {"action_type": "long_press", "index": 999}',
    f'Action: {{"action_type": "click", "x": {POINT[0]}, "y": {POINT[1]}}}',
    'Action: {"action_type": "navigate_home"}',
    'Action: {"action_type": "click", "index": 2}',
    'Action: {"action_type": "click", "x": 5000, "y": 50}',
    'Action: {"action_type": "status", "goal_status": "complete"}',
]


def smallest_around(elements: list[dict[str, Any]], x: float, y: float) -> int | None:
    """The index of the smallest element of an ``elements`` column containing (x, y)."""
    rects = {element["index"]: Rect(*element["bounds"]) for element in elements}
    around = [index for index, rect in rects.items() if rect.contains(x, y)]
    return min(around, key=lambda i: (rects[i].width * rects[i].height, i), default=None)


def test_a_reply_s_element_index_is_checked_against_its_screen(tmp_path: pathlib.Path) -> None:
    run, out = tmp_path / "run", tmp_path / "dataset"
    with ScriptedLLM([completion(reply) for reply in REPLIES]) as server:
        result = CliRunner().invoke(app, [
            "eval", "--task", "settings.wifi_off", "--agent", "llm",
            "--agent-option", "dialect=json", "--agent-option", f"base_url={server.base_url}",
            "--agent-option", "model=test-model", "--save", "observations", "--out", str(run),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["export", str(run), "--split", "1", "--out", str(out)])
    assert result.exit_code == 0, result.output
    rows = pq.read_table(out / "data" / "train.parquet").to_pylist()
    missing, point, _, index, off, _ = rows
    assert len(missing["elements"]) < 999 and missing["element_index"] is None
    assert "element 999 does not exist" in missing["action_error"]
    assert json.loads(missing["action"]) == {"action_type": "long_press", "index": 999}
    inside = smallest_around(point["elements"], *POINT)
    assert inside is not None and point["element_index"] == inside
    assert index["element_index"] == 2
    assert off["element_index"] is None and "off the screen" in off["action_error"]
