"""``mobile-gym replay``: a recorded trajectory's actions on a fresh env reproduce its
rewards, events and success; a tampered one differs at the right step; a bad file is one
line and exit 2."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.cli import app
from mobile_gym.eval import (
    ReplayFileError,
    RunSettings,
    RunStore,
    episodes,
    evaluate,
    replay,
    select_tasks,
)

TASK = "settings.wifi_off"


def record(root: pathlib.Path, agent: str, seeds: list[int]) -> list[pathlib.Path]:
    plan = episodes(select_tasks([], [TASK]), seeds)
    evaluate(plan, RunSettings(agent), RunStore(root), agent=make_agent(agent))
    return [root / "trajectories" / TASK / f"seed{seed}.jsonl" for seed in seeds]


def edit(path: pathlib.Path, step: int, change: dict[str, Any]) -> None:
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for line in lines:
        if line["type"] == "step" and line["step"] == step:
            line.update(change)
    path.write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")


def test_an_oracle_run_replays_exactly(tmp_path: pathlib.Path) -> None:
    for path in record(tmp_path, "oracle", [0, 1]):
        result = replay(path)
        assert result.identical and result.success and result.steps == 4
        assert result.verdict.startswith(f"identical: {TASK} seed ")


def test_a_random_run_replays_exactly(tmp_path: pathlib.Path) -> None:
    for path in record(tmp_path, "random", [0, 3]):
        result = replay(path)
        assert result.identical, result.verdict
        assert result.steps >= 1


def test_the_cli_exits_0_on_identical_episodes(tmp_path: pathlib.Path) -> None:
    paths = record(tmp_path, "random", [0, 1])
    result = CliRunner().invoke(app, ["replay", *map(str, paths)])
    assert result.exit_code == 0, result.output
    assert result.output.count("identical: ") == 2


def test_an_edited_reward_differs_at_its_step(tmp_path: pathlib.Path) -> None:
    (path,) = record(tmp_path, "oracle", [0])
    edit(path, 2, {"reward": 0.75})
    result = replay(path)
    assert result.first_difference == 2
    assert result.difference == "reward 0.2 replayed, 0.75 recorded"
    cli = CliRunner().invoke(app, ["replay", str(path)])
    assert cli.exit_code == 1
    assert "differs: settings.wifi_off seed 0 at step 2: reward" in cli.output


def test_an_edited_action_differs_at_its_step(tmp_path: pathlib.Path) -> None:
    (path,) = record(tmp_path, "oracle", [0])
    # step 2 opens Settings (reward 0.2); a tap on the screen's top corner opens nothing
    edit(path, 2, {"action": {"verb": "click", "x": 0.02, "y": 0.02}})
    result = replay(path)
    assert result.first_difference == 2 and not result.identical
    assert not result.success


def test_an_episode_that_ends_early_differs(tmp_path: pathlib.Path) -> None:
    (path,) = record(tmp_path, "oracle", [0])
    lines = path.read_text(encoding="utf-8").splitlines()
    extra = json.loads(lines[4])  # step 4, played once more after the episode ended
    extra["step"] = 5
    lines.insert(5, json.dumps(extra))
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = replay(path)
    assert result.first_difference == 5
    assert result.difference == "the replayed episode ended at step 4"


@pytest.mark.parametrize(
    ("content", "problem"),
    [
        ("{not json\n", "line 1 is not JSON"),
        ('{"type": "step", "step": 1}\n', "no episode header line"),
        (
            '{"type": "episode", "task_id": "settings.wifi_off", "seed": 0}\n',
            "the header lacks action_space, observation_view, step_cap",
        ),
        (
            '{"type": "episode", "task_id": "no.such_task", "seed": 0, "action_space": '
            '"gesture", "observation_view": "pixels", "step_cap": 8}\n',
            "task 'no.such_task' is not shipped",
        ),
        (
            '{"type": "episode", "task_id": "settings.wifi_off", "seed": 0, "action_space": '
            '"warp", "observation_view": "pixels", "step_cap": 8}\n',
            "cannot make the recorded env: unknown action_space 'warp'",
        ),
        (
            '{"type": "episode", "task_id": "settings.wifi_off", "seed": -5, "action_space": '
            '"gesture", "observation_view": "pixels", "step_cap": 8}\n',
            "the header's seed is not a non-negative integer: -5",
        ),
        (
            '{"type": "episode", "task_id": "settings.wifi_off", "seed": true, "action_space": '
            '"gesture", "observation_view": "pixels", "step_cap": 8}\n',
            "the header's seed is not a non-negative integer: True",
        ),
        (
            '{"type": "episode", "task_id": ["x"], "seed": 0, "action_space": '
            '"gesture", "observation_view": "pixels", "step_cap": 8}\n',
            "the header's task_id or task_file is not a text",
        ),
    ],
)
def test_a_bad_file_is_one_line_and_exit_2(
    tmp_path: pathlib.Path, content: str, problem: str
) -> None:
    path = tmp_path / "seed0.jsonl"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(ReplayFileError, match=problem):
        replay(path)
    result = CliRunner().invoke(app, ["replay", str(path)])
    assert result.exit_code == 2
    assert result.output.count("\n") == 1 and result.output.startswith("error: ")
    assert "Traceback" not in result.output


def test_a_missing_file_exits_2(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(app, ["replay", str(tmp_path / "none.jsonl")])
    assert result.exit_code == 2 and "cannot be read" in result.output


def test_a_task_file_with_a_shipped_id_is_replayed_from_the_file(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Recorded from a copy of a shipped task (same id, another reward), run from another
    folder: the copy is replayed, found by its absolute path, not the shipped task."""
    shipped = select_tasks([], [TASK])[0]
    text = pathlib.Path(shipped.source).read_text(encoding="utf-8")
    assert "reward: 0.2" in text
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "wifi.yaml").write_text(
        text.replace("reward: 0.2", "reward: 0.5"), encoding="utf-8"
    )
    monkeypatch.chdir(tmp_path)
    plan = episodes(select_tasks([], ["mine/wifi.yaml"]), [0])
    evaluate(plan, RunSettings("oracle"), RunStore(tmp_path / "run"), agent=make_agent("oracle"))
    path = tmp_path / "run" / "trajectories" / TASK / "seed0.jsonl"
    header = json.loads(path.read_text(encoding="utf-8").splitlines()[0])
    assert header["task_file"] == str(tmp_path / "mine" / "wifi.yaml")
    monkeypatch.chdir(tmp_path / "run")
    result = replay(path)
    assert result.identical, result.verdict


def test_a_shipped_task_is_recorded_by_id_only(tmp_path: pathlib.Path) -> None:
    (path,) = record(tmp_path, "oracle", [0])
    assert "task_file" not in json.loads(path.read_text(encoding="utf-8").splitlines()[0])
