"""Outages are errors, not failures: an episode whose model endpoint is down or answering
5xx, or whose device fails, is recorded with outcome ``error``; the headline SR counts it
as a failure, SR over finished episodes leaves it out; a resumed run plays it again
(keeping the earlier attempt), and a run that keeps failing stops early."""

from __future__ import annotations

import csv
import io
import json
import pathlib
import socket
from typing import Any

import pytest
from rich.console import Console
from typer.testing import CliRunner

from mobile_gym import metrics
from mobile_gym.agents import make_agent
from mobile_gym.agents.base import TokenUsage
from mobile_gym.agents.llm import LLMAgent
from mobile_gym.cli import _agent_options, app
from mobile_gym.commands import Command
from mobile_gym.device.base import DeviceError
from mobile_gym.env import MobileEnv
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate, run_episode, select_tasks
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import metrics_table, write_results
from mobile_gym.tasks.loader import shipped_tasks
from tests.agents.scripted_llm import ScriptedLLM, failure
from tests.agents.test_llm_agent import WIFI_OFF

WIFI = "settings.wifi_off"


def dead_url() -> str:
    """The base URL of a port nothing listens on: connections are refused."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}/v1"


def llm(base_url: str) -> LLMAgent:
    """An LLM agent that tries each request once."""
    return LLMAgent(model="m", base_url=base_url, max_retries=0)


def plan(*seeds: int, tasks: tuple[str, ...] = (WIFI,)) -> list[Any]:
    return episodes(select_tasks([], list(tasks)), list(seeds))


# what an outage is ----------------------------------------------------------------------------
def test_an_unreachable_endpoint_is_an_error_not_a_failure(tmp_path: pathlib.Path) -> None:
    (record,) = evaluate(plan(0), RunSettings("llm"), RunStore(tmp_path), agent=llm(dead_url()))
    assert record.outcome == "error" and record.success is False
    assert record.error is not None and record.error.startswith("LLMUnavailableError: ")
    assert "connection failed" in record.error and record.agent_error is None
    saved = json.loads((tmp_path / "episodes" / f"{record.key}.json").read_text())
    assert saved["outcome"] == "error" and saved["error"] == record.error


@pytest.mark.parametrize("status", [503, 429, 401])
def test_an_endpoint_that_cannot_serve_is_an_error(status: int, tmp_path: pathlib.Path) -> None:
    with ScriptedLLM([failure(status)]) as server:
        (record,) = evaluate(
            plan(0), RunSettings("llm"), RunStore(tmp_path), agent=llm(server.base_url)
        )
    assert record.outcome == "error" and f"HTTP {status}" in (record.error or "")


def test_a_request_the_model_refuses_stays_a_failure_of_the_agent(tmp_path: pathlib.Path) -> None:
    with ScriptedLLM([failure(400, '{"error": "context too long"}')]) as server:
        (record,) = evaluate(
            plan(0), RunSettings("llm"), RunStore(tmp_path), agent=llm(server.base_url)
        )
    assert record.outcome == "failure" and record.error is None
    assert record.agent_error is not None and "context too long" in record.agent_error


def test_a_device_fault_mid_episode_is_an_error(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mobile_gym.eval import episode_runner
    from mobile_gym.registration import make_env
    from tests.device.test_env_faults import FAULT, BreakableDevice

    device = BreakableDevice()
    device.broken.add("touch")  # the phone boots, then the first touch fails
    monkeypatch.setattr(
        episode_runner, "make_env", lambda *args, **kwargs: make_env(*args, device=device, **kwargs)
    )
    record = run_episode(shipped_tasks()[WIFI], 0, make_agent("oracle"), store=RunStore(tmp_path))
    assert record.outcome == "error" and record.error == f"device: {FAULT}"
    assert record.steps == 1 and record.agent_error is None


class BrokenAgent:
    """An agent with a bug: its first decision raises."""

    name = "broken"
    action_space = "gesture"
    observation = "pixels"
    last_output = None
    last_usage: TokenUsage | None = None

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        pass

    def act(self, observation: Any, info: dict[str, Any]) -> Command:
        raise ValueError("the agent's own bug")


def test_an_agent_bug_is_a_failure_and_is_not_run_again(tmp_path: pathlib.Path) -> None:
    (record,) = evaluate(plan(0), RunSettings("broken"), RunStore(tmp_path), agent=BrokenAgent())
    assert record.outcome == "failure" and record.error is None
    assert record.agent_error == "ValueError: the agent's own bug"
    seen: list[bool] = []
    evaluate(
        plan(0),
        RunSettings("broken"),
        RunStore(tmp_path),
        agent=BrokenAgent(),
        progress=lambda record, resumed: seen.append(resumed),
    )
    assert seen == [True]


def test_a_device_fault_judging_an_agent_bugs_episode_is_an_error(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The agent's exception ends the episode as a cap would; if the device fails while
    its end is judged, the episode is an error (never a crash of the run)."""

    def lost(self: MobileEnv) -> bool:
        raise DeviceError("device offline")

    monkeypatch.setattr(MobileEnv, "final_verdict", lost)
    (record,) = evaluate(plan(0), RunSettings("broken"), RunStore(tmp_path), agent=BrokenAgent())
    assert record.outcome == "error" and "device offline" in (record.error or "")
    assert record.agent_error == "ValueError: the agent's own bug"


class StepCountingAgent(BrokenAgent):
    """Clicks the screen's centre: a valid action every step."""

    def act(self, observation: Any, info: dict[str, Any]) -> Command:
        return Command("click", x=0.5, y=0.5)


def test_an_exception_of_the_env_is_an_error_not_the_agents_failure(
    tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mobile_gym.env import MobileEnv

    def broken_step(self: MobileEnv, episode: Any, action: Any) -> Any:
        raise RuntimeError("a bug of the phone")

    monkeypatch.setattr(MobileEnv, "_step", broken_step)
    (record,) = evaluate(
        plan(0), RunSettings("clicker"), RunStore(tmp_path), agent=StepCountingAgent()
    )
    assert record.outcome == "error" and record.agent_error is None
    assert record.error == "RuntimeError: a bug of the phone"


# the two success rates ------------------------------------------------------------------------
def record(task_id: str, **fields: Any) -> EpisodeRecord:
    values: dict[str, Any] = {
        "seed": 0, "agent": "a", "suite": "s", "apps": ["A"], "category": "gui",
        "difficulty": "easy", "min_steps": 1, "step_cap": 2, "instruction": "", "steps": 1,
        "success": False,
    }  # fmt: skip
    return EpisodeRecord(task_id=task_id, **{**values, **fields})


def outcomes() -> list[EpisodeRecord]:
    """A success, a failure, an error, and a failure by an exception of the agent."""
    return [
        record("a", success=True),
        record("b", early_stop=True),
        record("c", error="LLMUnavailableError: HTTP 503", early_stop=True),
        record("d", agent_error="ValueError: bug"),
    ]


def test_errors_count_as_failures_in_sr_and_not_in_sr_finished() -> None:
    records = outcomes()
    bench = metrics.agent_bench(records)
    assert [r.outcome for r in records] == ["success", "failure", "error", "failure"]
    assert (bench.sr.hits, bench.sr.n) == (1, 4)
    assert (bench.sr_finished.hits, bench.sr_finished.n) == (1, 3)
    assert bench.errors == 1
    assert bench.fn_rate == pytest.approx(1 / 2)  # early stops / failures (errors left out)


def test_results_show_both_rates_and_the_errors(tmp_path: pathlib.Path) -> None:
    records = outcomes()
    write_results(RunStore(tmp_path), records, {"agent": "a"})
    document = json.loads((tmp_path / "results.json").read_text())
    bench = document["metrics"]["mobile_agent_bench"]
    assert (bench["sr"]["value"], bench["sr_finished"]["value"]) == (0.25, pytest.approx(1 / 3))
    assert document["metrics"]["errors"] == bench["errors"] == 1
    assert [e["outcome"] for e in document["episodes"]] == [
        "success",
        "failure",
        "error",
        "failure",
    ]
    rows = list(csv.DictReader(io.StringIO((tmp_path / "results.csv").read_text())))
    assert [row["outcome"] for row in rows] == ["success", "failure", "error", "failure"]
    assert [row["error"] for row in rows] == ["", "", "LLMUnavailableError: HTTP 503", ""]
    assert rows[3]["agent_error"] == "ValueError: bug"

    output = io.StringIO()
    Console(file=output, width=200).print(metrics_table(records, by="task"))
    table = output.getvalue()
    header = next(line for line in table.splitlines() if "SR [95% CI]" in line)
    assert "SR finished" in header and "errors" in header
    overall = next(line for line in table.splitlines() if line.strip("│ ").startswith("all"))
    assert "25%" in overall and "33%" in overall


# resuming plays errors again ------------------------------------------------------------------
def test_a_resumed_run_plays_an_error_again_and_keeps_the_earlier_attempt(
    tmp_path: pathlib.Path,
) -> None:
    store, settings = RunStore(tmp_path), RunSettings("llm", max_steps=6)
    with ScriptedLLM([*WIFI_OFF, failure(503)]) as server:
        agent = llm(server.base_url)
        first = evaluate(plan(0, 1), settings, store, agent=agent)
        assert [r.outcome for r in first] == ["success", "error"]
        bench = metrics.agent_bench(first)
        assert (bench.sr.value, bench.sr_finished.value) == (0.5, 1.0)

        requests = len(server.requests)
        server.script.extend(WIFI_OFF)  # the endpoint is back
        seen: list[tuple[str, bool]] = []
        again = evaluate(
            plan(0, 1),
            settings,
            store,
            agent=agent,
            progress=lambda record, resumed: seen.append((record.outcome, resumed)),
        )
    assert seen == [("success", True), ("success", False)]
    assert len(server.requests) == requests + len(WIFI_OFF)  # seed 0 was not played again
    assert [r.outcome for r in again] == ["success", "success"]
    assert again[0] == first[0] and again[1].extra["earlier_attempts"] == 1
    earlier = tmp_path / "attempts" / WIFI / "seed1" / "1"
    kept = json.loads((earlier / "episode.json").read_text())
    assert kept["outcome"] == "error" and kept["error"] == first[1].error
    lines = (earlier / "trajectory.jsonl").read_text().splitlines()
    assert json.loads(lines[-1])["error"] == first[1].error
    assert json.loads((tmp_path / "episodes" / f"{WIFI}__seed1.json").read_text())["success"]


def test_an_endpoint_down_then_back_up(tmp_path: pathlib.Path) -> None:
    store, settings = RunStore(tmp_path), RunSettings("llm")
    (down,) = evaluate(plan(0), settings, store, agent=llm(dead_url()))
    assert down.outcome == "error"
    assert metrics.agent_bench([down]).sr.n == 1 and metrics.agent_bench([down]).sr_finished.n == 0
    with ScriptedLLM(list(WIFI_OFF)) as server:
        (up,) = evaluate(plan(0), settings, store, agent=llm(server.base_url))
    assert up.outcome == "success" and up.error is None
    assert metrics.agent_bench([up]).sr.value == 1.0


def test_every_failed_attempt_is_kept(tmp_path: pathlib.Path) -> None:
    store, agent = RunStore(tmp_path), llm(dead_url())
    for _ in range(3):
        (record,) = evaluate(plan(0), RunSettings("llm"), store, agent=agent)
        assert record.outcome == "error"
    history = tmp_path / "attempts" / WIFI / "seed0"
    assert sorted(p.name for p in history.iterdir()) == ["1", "2"]
    assert record.extra["earlier_attempts"] == 2


# stopping a run that keeps failing ------------------------------------------------------------
def test_a_run_stops_after_max_consecutive_errors(tmp_path: pathlib.Path) -> None:
    from mobile_gym.eval import RunStoppedError

    with pytest.raises(RunStoppedError) as raised:
        evaluate(
            plan(0, 1, 2, 3),
            RunSettings("llm"),
            RunStore(tmp_path),
            agent=llm(dead_url()),
            max_consecutive_errors=2,
        )
    assert raised.value.count == 2 and [r.seed for r in raised.value.records] == [0, 1]
    assert "run the same command again" in str(raised.value)
    assert sorted(p.name for p in (tmp_path / "episodes").iterdir()) == [
        f"{WIFI}__seed0.json",
        f"{WIFI}__seed1.json",
    ]


def test_zero_never_stops_and_a_success_ends_the_streak(tmp_path: pathlib.Path) -> None:
    records = evaluate(
        plan(0, 1, 2),
        RunSettings("llm"),
        RunStore(tmp_path / "off"),
        agent=llm(dead_url()),
        max_consecutive_errors=0,
    )
    assert [r.outcome for r in records] == ["error"] * 3
    with ScriptedLLM([failure(503), *WIFI_OFF, failure(503)]) as server:
        records = evaluate(
            plan(0, 1, 2),
            RunSettings("llm", max_steps=6),
            RunStore(tmp_path / "streak"),
            agent=llm(server.base_url),
            max_consecutive_errors=2,
        )
    assert [r.outcome for r in records] == ["error", "success", "error"]


def test_the_command_line_stops_with_one_line_and_writes_what_it_has(
    tmp_path: pathlib.Path,
) -> None:
    result = CliRunner().invoke(
        app,
        [
            "eval", "--task", WIFI, "--seeds", "0-3", "--agent", "llm",
            "--agent-option", f"base_url={dead_url()}", "--agent-option", "model=m",
            "--agent-option", "max_retries=0", "--max-consecutive-errors", "2",
            "--out", str(tmp_path),
        ],
    )  # fmt: skip
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: stopped after 2 episodes in a row ended in errors")
    assert "run the same command again" in line
    document = json.loads((tmp_path / "results.json").read_text())
    assert [e["outcome"] for e in document["episodes"]] == ["error", "error"]
    assert document["metrics"]["errors"] == 2
    assert "2 recorded before the run stopped" in result.stdout


def test_a_run_that_ends_with_errors_says_so_and_exits_non_zero(tmp_path: pathlib.Path) -> None:
    arguments = [
        "eval", "--task", WIFI, "--seeds", "0-2", "--agent", "llm",
        "--agent-option", f"base_url={dead_url()}", "--agent-option", "model=m",
        "--agent-option", "max_retries=0", "--max-consecutive-errors", "0",
        "--out", str(tmp_path),
    ]  # fmt: skip
    result = CliRunner().invoke(app, arguments)
    assert result.exit_code == 1
    (line,) = result.stderr.strip().splitlines()
    assert line.startswith("error: 3 of 3 episodes ended in errors")
    assert "run the same command again to retry them" in line
    healthy = ["eval", "--task", WIFI, "--seeds", "0-2", "--agent", "random"]
    finished = CliRunner().invoke(app, [*healthy, "--out", str(tmp_path / "random")])
    assert finished.exit_code == 0, finished.stderr


# agent options --------------------------------------------------------------------------------
def test_agent_option_values_yaml_cannot_read_are_plain_text() -> None:
    assert _agent_options(["seed=@x", "a=`x", "b={a", "c=[1", "n=3", "t=true", "e="]) == {
        "seed": "@x",
        "a": "`x",
        "b": "{a",
        "c": "[1",
        "n": 3,
        "t": True,
        "e": "",
    }


def test_an_agent_option_yaml_cannot_read_gives_no_traceback(tmp_path: pathlib.Path) -> None:
    result = CliRunner().invoke(
        app,
        [
            "eval", "--task", WIFI, "--agent", "llm", "--agent-option", "model=@x",
            "--agent-option", f"base_url={dead_url()}", "--agent-option", "max_retries=0",
            "--out", str(tmp_path),
        ],
    )  # fmt: skip
    assert result.exit_code == 1 and "Traceback" not in result.output  # the endpoint is down
    assert result.stderr.startswith("error: 1 of 1 episodes ended in errors")
    (saved,) = json.loads((tmp_path / "results.json").read_text())["episodes"]
    assert saved["agent"] == "llm:@x" and saved["outcome"] == "error"


def test_worker_processes_stop_as_well(tmp_path: pathlib.Path) -> None:
    from mobile_gym.eval import RunStoppedError

    options = {"model": "m", "base_url": dead_url(), "max_retries": 0}
    with pytest.raises(RunStoppedError) as raised:
        evaluate(
            plan(0, 1, 2, 3, 4, 5, 6, 7),
            RunSettings("llm", options),
            RunStore(tmp_path),
            workers=2,
            max_consecutive_errors=2,
        )
    recorded = raised.value.records
    assert 2 <= len(recorded) < 8 and {r.outcome for r in recorded} == {"error"}
    assert [r.seed for r in recorded] == sorted(r.seed for r in recorded)
    assert len(list((tmp_path / "episodes").iterdir())) == len(recorded)
