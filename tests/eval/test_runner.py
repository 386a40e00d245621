"""The evaluation runner: records, trajectories, screenshots, agent errors, run folders."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import cv2
import pytest

from mobile_gym.agents import make_agent
from mobile_gym.agents.base import TokenUsage
from mobile_gym.commands import Command
from mobile_gym.eval import (
    RunFolderError,
    RunSettings,
    RunStore,
    episodes,
    evaluate,
    run_episode,
    select_tasks,
)
from mobile_gym.eval.report import write_results
from mobile_gym.tasks.loader import shipped_tasks


def read_jsonl(path: pathlib.Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def test_an_episode_is_recorded_step_by_step(tmp_path: pathlib.Path) -> None:
    task = shipped_tasks()["contacts.create_named"]
    store = RunStore(tmp_path)
    record = run_episode(task, 1, make_agent("oracle"), store=store, screenshots=True)
    assert record.success and record.steps == task.min_steps == 6 and record.error is None
    assert record.step_cap == 12 and record.difficulty == "medium"
    assert record.total_reward == pytest.approx(1.2)

    lines = read_jsonl(tmp_path / record.trajectory)
    header, steps, result = lines[0], lines[1:-1], lines[-1]
    assert header["type"] == "episode" and header["instruction"] == record.instruction
    assert [s["step"] for s in steps] == [1, 2, 3, 4, 5, 6]
    assert steps[0]["action"]["verb"] == "click" and steps[0]["output"].startswith("click(")
    assert steps[0]["events"] == [] and steps[1]["events"] == ["opened_editor"]
    assert steps[1]["reward"] == pytest.approx(0.2)
    assert steps[2]["action"]["verb"] == "type" and steps[2]["action"]["text"]
    assert steps[-1]["events"] == ["done"] and steps[-1]["success"] is True
    assert all(s["action_error"] is None and s["latency_s"] >= 0 for s in steps)
    assert result["type"] == "result" and result["success"] is True
    saved = json.loads(store.episode_path(task.id, 1).read_text())
    assert saved == record.to_json() == {k: v for k, v in result.items() if k != "type"}

    for step in steps:
        image = cv2.imread(str(tmp_path / step["screenshot"]))
        assert image is not None and image.shape == (1200, 540, 3)


class FailingAgent:
    """Clicks nowhere, then fails on its second decision, as a broken endpoint would."""

    name = "failing"
    action_space = "gesture"
    observation = "pixels"

    def __init__(self) -> None:
        self.calls = 0

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        self.calls = 0

    def act(self, observation: Any, info: dict[str, Any]) -> Command:
        self.calls += 1
        if self.calls == 2:
            raise ConnectionError("endpoint went away")
        return Command("wait")

    last_output = None

    @property
    def last_usage(self) -> TokenUsage:
        return TokenUsage(input_tokens=30, output_tokens=5, input_chars=120, output_chars=20)


def test_an_agent_error_ends_that_episode_as_an_error_and_the_run_goes_on(
    tmp_path: pathlib.Path,
) -> None:
    plan = episodes(select_tasks([], ["settings.wifi_off", "settings.airplane_on"]), [0])
    records = evaluate(plan, RunSettings("failing"), RunStore(tmp_path), agent=FailingAgent())
    assert [r.task_id for r in records] == ["settings.wifi_off", "settings.airplane_on"]
    for record in records:
        assert record.error == "ConnectionError: endpoint went away"
        assert record.success is False and record.steps == 1
        assert record.tokens_reported == 35 and record.tokens_estimated == 30 + 5
        assert len(read_jsonl(tmp_path / record.trajectory)) == 3  # header, a step, result


def test_a_run_folder_refuses_other_settings(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks([], ["settings.wifi_off"]), [0])
    evaluate(plan, RunSettings("random"), RunStore(tmp_path))
    with pytest.raises(RunFolderError, match=r"agent: 'random' there, 'oracle' now"):
        evaluate(plan, RunSettings("oracle"), RunStore(tmp_path))
    with pytest.raises(RunFolderError, match=r"max_steps: None there, 15 now"):
        evaluate(plan, RunSettings("random", max_steps=15), RunStore(tmp_path))


def test_a_finished_episode_is_not_run_again(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks([], ["settings.wifi_off"]), [0, 1])
    first = evaluate(plan, RunSettings("random"), RunStore(tmp_path))
    seen: list[tuple[str, bool]] = []
    again = evaluate(
        plan,
        RunSettings("random"),
        RunStore(tmp_path),
        progress=lambda record, resumed: seen.append((record.key, resumed)),
    )
    assert again == first
    assert seen == [("settings.wifi_off__seed0", True), ("settings.wifi_off__seed1", True)]


def test_step_cap_override_applies_to_every_task(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks(["starter"], []), [0])
    records = evaluate(plan, RunSettings("random", max_steps=3), RunStore(tmp_path))
    assert {r.step_cap for r in records} == {3}
    assert all(r.steps <= 3 for r in records)
    assert any(r.truncated for r in records)


def test_results_files_hold_the_metrics_and_every_episode(tmp_path: pathlib.Path) -> None:
    plan = episodes(select_tasks(["starter"], []), [0])
    settings = RunSettings("oracle")
    store = RunStore(tmp_path)
    records = evaluate(plan, settings, store)
    write_results(store, records, settings.to_json())
    document = json.loads((tmp_path / "results.json").read_text())
    assert document["metrics"]["mobile_agent_bench"]["sr"]["value"] == 1.0
    assert document["metrics"]["mobile_agent_bench"]["se"] == 1.0
    assert len(document["episodes"]) == len(plan) == 18
    rows = (tmp_path / "results.csv").read_text().splitlines()
    assert rows[0].startswith("task_id,seed,agent,suite,apps")
    assert len(rows) == 1 + 18


def test_a_device_that_fails_at_reset_is_an_episode_error(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mobile_gym.eval import episode_runner
    from mobile_gym.registration import make_env
    from tests.device.test_env_faults import FAULT, BreakableDevice

    device = BreakableDevice()
    device.broken.add("reset")
    monkeypatch.setattr(
        episode_runner, "make_env", lambda *args, **kwargs: make_env(*args, device=device, **kwargs)
    )
    task = shipped_tasks()["settings.wifi_off"]
    record = run_episode(task, 0, make_agent("random"), store=RunStore(tmp_path))
    assert record.error == f"DeviceError: {FAULT}"
    assert record.success is False and record.steps == 0
