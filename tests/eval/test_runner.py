"""The evaluation runner: records, trajectories, screenshots, agent errors, run folders."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import pathlib
from typing import Any

import cv2
import pytest
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.agents.base import TokenUsage
from mobile_gym.cli import app
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
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import write_results
from mobile_gym.metrics import agent_bench
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


def test_results_csv_joins_every_list_by_semicolons(tmp_path: pathlib.Path) -> None:
    task = shipped_tasks()["settings.wifi_off"]
    record = run_episode(task, 0, make_agent("oracle"), store=RunStore(tmp_path))
    both = dataclasses.replace(record, apps=["a.one", "a.two"], tags=["interact", "mcp"])
    write_results(RunStore(tmp_path), [both], {"agent": "oracle"})
    (row,) = csv.DictReader(io.StringIO((tmp_path / "results.csv").read_text()))
    assert (row["apps"], row["tags"]) == ("a.one;a.two", "interact;mcp")


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


class PartialUsageAgent:
    """Waits; its model reports the tokens of its first decision, half of those of its
    second and none after (as a proxy that drops ``usage`` now and then would), and every
    decision sends a screenshot."""

    name = "partial-usage"
    action_space = "gesture"
    observation = "pixels"
    last_output = None

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        self.decisions = 0

    def act(self, observation: Any, info: dict[str, Any]) -> Command:
        self.decisions += 1
        return Command("wait")

    @property
    def last_usage(self) -> TokenUsage:
        if self.decisions == 1:  # the whole count
            reported = {"input_tokens": 690, "output_tokens": 10}
        elif self.decisions == 2:  # half a count: not the decision's, so it is estimated
            reported = {"output_tokens": 10}
        else:
            reported = {}
        return TokenUsage(**reported, input_chars=400, images=((1080, 2400),))


def test_tokens_count_each_decision_as_reported_else_as_estimated(tmp_path: pathlib.Path) -> None:
    store = RunStore(tmp_path)
    task = shipped_tasks()["settings.wifi_off"]
    record = run_episode(task, 0, PartialUsageAgent(), max_steps=3, store=store)
    assert record.decisions == 3
    # a decision is estimated at 100 text tokens and a 1080 x 2400 screenshot: 1,445 tokens
    # by GPT-4V's rule, 425 by MobileAgentBench's; the first decision reported 700
    assert record.tokens_reported == 700
    assert record.tokens_estimated == 3 * (100 + 1445)
    bench = agent_bench([record])
    assert bench.tokens == 700 + 2 * (100 + 1445)
    assert bench.tokens_1024 == 700 + 2 * (100 + 425)
    assert (record.tokens_counted, record.tokens_counted_1024) == (bench.tokens, bench.tokens_1024)
    assert store.finished(task.id, 0) == record  # read back as written


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("steps", "4", "steps must be int, got '4'"),
        ("steps", True, "steps must be int, got True"),
        ("success", 1, "success must be bool, got 1"),
        ("step_cap", "12", r"step_cap must be int \| None, got '12'"),
        ("apps", ["com.android.settings", 3], r"apps must be list\[str\]"),
        ("tags", "gui", r"tags must be list\[str\], got 'gui'"),
        ("total_reward", "1.0", "total_reward must be float"),
        ("extra", [], r"extra must be dict\[str, Any\], got \[\]"),
    ],
)
def test_a_record_with_a_field_of_another_type_is_refused_naming_its_file(
    tmp_path: pathlib.Path, field: str, value: Any, message: str
) -> None:
    store = RunStore(tmp_path)
    task = shipped_tasks()["settings.wifi_off"]
    run_episode(task, 0, make_agent("oracle"), store=store)
    path = store.episode_path(task.id, 0)
    path.write_text(json.dumps({**json.loads(path.read_text()), field: value}))
    with pytest.raises(RunFolderError, match=rf"{path.name}: not a readable episode record: "):
        store.finished(task.id, 0)
    with pytest.raises(ValueError, match=message):
        EpisodeRecord.from_json(json.loads(path.read_text()))


def test_record_fields_take_what_their_json_may_hold(tmp_path: pathlib.Path) -> None:
    store = RunStore(tmp_path)
    task = shipped_tasks()["settings.wifi_off"]
    record = run_episode(task, 0, make_agent("oracle"), store=store)
    data = {**record.to_json(), "total_reward": 1, "step_cap": None, "decisions": None}
    read = EpisodeRecord.from_json(data)  # an integral reward, and None where it may be
    assert (read.total_reward, read.step_cap, read.decisions) == (1, None, None)
    with pytest.raises(ValueError, match=r"an episode record is a JSON object, got \[\]"):
        EpisodeRecord.from_json([])


def test_report_of_a_run_with_a_mistyped_record_is_one_error(tmp_path: pathlib.Path) -> None:
    store = RunStore(tmp_path / "run")
    task = shipped_tasks()["settings.wifi_off"]
    run_episode(task, 0, make_agent("oracle"), store=store)
    path = store.episode_path(task.id, 0)
    path.write_text(json.dumps({**json.loads(path.read_text()), "steps": "4"}))
    result = CliRunner().invoke(
        app, ["report", str(store.root), "--out", str(tmp_path / "report.html"), "--no-episodes"]
    )
    assert result.exit_code == 2, result.output  # not a traceback (exit code 1)
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: ") and "steps must be int, got '4'" in line
