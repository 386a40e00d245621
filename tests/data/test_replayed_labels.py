"""Every exported JSON action does, read back by the ``json`` action space, what the
demonstration did: the slider tasks' oracle taps a slider's end, off its centre, and the
replayed labels earn the same rewards and success."""

from __future__ import annotations

import json
from typing import Any

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from mobile_gym.cli import app
from mobile_gym.registration import make_env

SLIDER_TASKS = (
    "mw.settings.adjust_brigtness_max",
    "mw.settings.adjust_brigtness_min",
    "mw.settings.adjust_font_icon_max",
    "mw.settings.adjust_font_icon_min",
)


@pytest.fixture(scope="module")
def rows(tmp_path_factory: pytest.TempPathFactory) -> list[dict[str, Any]]:
    root = tmp_path_factory.mktemp("sliders")
    run, out = root / "run", root / "dataset"
    tasks = [option for task in SLIDER_TASKS for option in ("--task", task)]
    generate = ["generate", *tasks, "--no-screenshots", "--out", str(run)]
    for args in (generate, ["export", str(run), "--split", "1", "--out", str(out)]):
        result = CliRunner().invoke(app, args)
        assert result.exit_code == 0, result.output
    columns = ["task_id", "seed", "step", "action", "reward", "success"]
    return pq.read_table(out / "data" / "train.parquet", columns=columns).to_pylist()


@pytest.mark.parametrize("task", SLIDER_TASKS)
def test_the_exported_actions_replay_to_the_same_rewards_and_success(
    rows: list[dict[str, Any]], task: str
) -> None:
    episode = sorted((row for row in rows if row["task_id"] == task), key=lambda r: r["step"])
    assert episode and episode[-1]["success"]
    env = make_env(task, action_space="json", observation="text", max_steps="none")
    try:
        env.reset(seed=episode[0]["seed"])
        rewards, info = [], {}
        for row in episode:
            _, reward, _, _, info = env.step(row["action"])
            assert info.get("action_error") is None, (row["step"], info["action_error"])
            rewards.append(reward)
    finally:
        env.close()
    assert rewards == [row["reward"] for row in episode]
    assert info["success"] == episode[-1]["success"]
    actions = [json.loads(row["action"]) for row in episode]
    assert any("x" in action and "index" not in action for action in actions)  # off-centre
