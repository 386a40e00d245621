"""The MCP tool tasks (``configs/tasks/interaction_mcp/mcp_*.yaml``) agree with the servers.

Each task's checks hold literal values taken from the offline servers' fixtures. Here every
task's reference tool calls are replayed through a ``ToolHub`` (in-memory transport, the
real protocol), the facts are read from the answers and compared with the values written
below, and each value is found where the task uses it (its checks or its instruction). A
fixture edit that changes an answer, or a task edit that changes a check, fails here.
"""

from __future__ import annotations

import json
import pathlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any, Literal

import numpy as np
import pytest

from mobile_gym.mcp.hub import ToolHub, ToolResult, known_servers
from mobile_gym.tasks import patterns, shipped_tasks
from mobile_gym.tasks.params import LATE_FIELDS, draw_parameters, fill_any
from mobile_gym.tasks.schema import AnswerSignal, McpSignal, SolutionStep, SqlSignal, TaskSpec
from mobile_gym.tasks.solution import bind_step

FOLDER = pathlib.Path(__file__).resolve().parents[2] / "configs" / "tasks" / "interaction_mcp"
TASKS = {
    spec.id: spec
    for spec in shipped_tasks().values()
    if spec.source and pathlib.Path(spec.source).parent == FOLDER and spec.category == "mcp"
}

Reader = Callable[[ToolResult], str]


def at(path: str) -> Reader:
    """The value at a dotted path (list indexes as numbers) of a JSON answer, as text."""

    def read(result: ToolResult) -> str:
        value: Any = json.loads(result.text)
        for key in path.split("."):
            value = value[int(key)] if isinstance(value, list) else value[key]
        return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)

    return read


def found(pattern: str) -> Reader:
    """The first group of ``pattern``'s first match in a text answer."""

    def read(result: ToolResult) -> str:
        match = re.search(pattern, result.text)
        assert match, f"{pattern!r} not in the answer: {result.text[:200]!r}"
        return match.group(1)

    return read


def count() -> Reader:
    """How many items a JSON list answer holds."""
    return lambda result: str(len(json.loads(result.text)))


@dataclass(frozen=True)
class Fact:
    """A value a server answers and where the task uses it: ``checks`` (its signals),
    ``instruction`` (its instruction template) or ``none`` (only the answer is pinned).
    ``call`` is a call of its own (a neighbouring entity a check excludes); without it the
    fact is read from the answer to the task's last reference tool call."""

    read: Reader
    value: str
    used_in: Literal["checks", "instruction", "none"] = "checks"
    call: tuple[str, dict[str, Any]] | None = None


FACTS: dict[str, list[Fact]] = {
    "mcp.driving_time_sms": [
        Fact(at("paths.0.duration"), "1980"),
        Fact(at("paths.0.distance"), "27640"),
        Fact(at("destination"), "120.434453,30.229503", "none"),
    ],
    "mcp.straight_distance_answer": [Fact(at("results.0.distance"), "8287")],
    "mcp.weather_tomorrow_note": [
        Fact(at("forecasts.0.date"), "2025-10-17", "none"),
        Fact(at("forecasts.0.dayweather"), "中雨"),
        Fact(at("forecasts.0.daytemp"), "22"),
        Fact(at("forecasts.0.nighttemp"), "17"),
    ],
    "mcp.wifi_issues_sms": [
        Fact(at("total_count"), "3", "none"),
        *(
            Fact(
                at(f"items.{i}.html_url"),
                f"https://github.com/google-research/android_world/issues/{n}",
            )
            for i, n in enumerate((41, 27, 12))
        ),
    ],
    "mcp.open_issue_count": [Fact(at("total_count"), "8")],
    "mcp.paper_title_note": [
        Fact(
            found(r"\*\*(.+?)\*\*"),
            "PolyglotLM: Scaling Multilingual Instruction Tuning to 119 Languages",
        ),
        Fact(
            found(r"2\. \*\*(.+?)\*\*"),
            "Visual Instruction Tuning",
            call=("arXiv_search_arxiv", {"query": "multilingual instruction tuning"}),
        ),
    ],
    "mcp.paper_id_answer": [
        Fact(found(r"ID: (\S+)"), "1706.03762"),
        Fact(found(r"\*\*(.+?)\*\*"), "Attention Is All You Need", "instruction"),
    ],
    "mcp.esg_rating_answer": [
        Fact(at("esg_rate"), "AAA"),
        Fact(at("security_name"), "长江电力", "instruction"),
    ],
    "mcp.high_roe_note": [
        Fact(count(), "2", "none"),
        Fact(at("0.security_name"), "山西汾酒"),
        Fact(at("1.security_name"), "贵州茅台"),
        *(
            Fact(
                at(f"{i}.security_name"),
                name,
                call=(
                    "stockstar_stk_eval_filter_by_roe_3y",
                    {"filter_value": 27, "filter_type": 1},
                ),
            )
            for i, name in ((2, "中远海控"), (3, "陕西煤业"))
        ),
    ],
    "mcp.lemon_fact_sms": [Fact(found(r"about (\d+ mg) of\s+vitamin C"), "9 mg")],
}
"""Task id -> the facts its checks rely on, as the servers must answer them."""


@pytest.fixture(scope="module")
def hub() -> Iterator[ToolHub]:
    with ToolHub(list(known_servers()), "memory") as started:
        yield started


def reference_calls(spec: TaskSpec, hub: ToolHub) -> list[ToolResult]:
    """The answers to the task's reference tool calls, made in order, each call's
    ``{tool.PATH}`` fields filled from the answer before it (as the oracle plays them)."""
    values = draw_parameters(spec.parameters, np.random.default_rng(0), spec.label)
    results: list[ToolResult] = []
    last: dict[str, Any] | None = None
    for i, raw in enumerate(spec.solution):
        if raw.mcp_call is None:
            continue
        dumped = raw.model_dump(exclude_none=True)
        step = SolutionStep.model_validate(fill_any(dumped, values, f"step {i}", LATE_FIELDS))
        step = bind_step(step, {}, last)
        assert step.mcp_call is not None
        result = hub.call(step.mcp_call.tool, step.mcp_call.arguments)
        results.append(result)
        last = {"result": result.text, "structured": result.structured}
    return results


def checks(spec: TaskSpec, value: str) -> bool:
    """Whether one of the task's signals uses ``value``: a query that holds it, or an answer
    check that the value itself passes."""
    for signal in spec.signals.values():
        if isinstance(signal, SqlSignal) and (value in signal.sql or value in signal.params):
            return True
        if isinstance(signal, AnswerSignal):
            number = signal.match == "number"
            if number and abs(float(signal.answer) - float(value)) <= signal.tolerance:
                return True
            if signal.match == "regex" and patterns.search(signal.answer, value):
                return True
            if signal.match in ("exact", "contains") and signal.answer.strip() == value:
                return True
    return False


def test_every_mcp_task_has_its_facts_here() -> None:
    files = sorted(FOLDER.glob("mcp_*.yaml"))
    assert len(files) == len(TASKS) == 10, [f.name for f in files]
    assert sorted(TASKS) == sorted(FACTS)


@pytest.mark.parametrize("task_id", sorted(FACTS))
def test_task_follows_the_suite_rules(task_id: str) -> None:
    spec = TASKS[task_id]
    assert spec.suite == "interaction-mcp" and spec.category == "mcp"
    assert spec.max_steps == 50
    assert spec.min_steps == len(spec.solution)
    assert spec.tools is not None and spec.tools.transport == "memory"
    servers = {call.mcp_call.tool.split("_", 1)[0] for call in spec.solution if call.mcp_call}
    assert servers == set(spec.tools.servers)


@pytest.mark.parametrize("task_id", sorted(FACTS))
def test_reference_tool_calls_succeed(task_id: str, hub: ToolHub) -> None:
    results = reference_calls(TASKS[task_id], hub)
    assert results, f"{task_id}: the reference solution calls no tool"
    assert [r.text[:120] for r in results if r.is_error] == []


@pytest.mark.parametrize("task_id", sorted(FACTS))
def test_facts_are_what_the_servers_answer(task_id: str, hub: ToolHub) -> None:
    last = reference_calls(TASKS[task_id], hub)[-1]
    for fact in FACTS[task_id]:
        result = last if fact.call is None else hub.call(*fact.call)
        assert not result.is_error, result.text
        assert fact.read(result) == fact.value


@pytest.mark.parametrize("task_id", sorted(FACTS))
def test_facts_are_what_the_task_uses(task_id: str) -> None:
    spec = TASKS[task_id]
    for fact in FACTS[task_id]:
        if fact.used_in == "checks":
            assert checks(spec, fact.value), f"{task_id}: no check uses {fact.value!r}"
        elif fact.used_in == "instruction":
            assert fact.value in spec.instruction.template, fact.value


def test_tomorrow_is_the_day_after_the_phones_date(hub: ToolHub) -> None:
    """The weather task's phone date is the forecasts' first day, so "tomorrow" is the
    second, the day its reference solution asks for."""
    spec = TASKS["mcp.weather_tomorrow_note"]
    assert spec.setup.time is not None
    today = date.fromisoformat(spec.setup.time[:10])
    forecasts = json.loads(hub.call("amap_maps_weather", {"city": "上海市"}).text)["forecasts"]
    assert forecasts[0]["date"] == today.isoformat()
    asked = [s.mcp_call.arguments for s in spec.solution if s.mcp_call is not None]
    assert asked == [{"city": "上海市", "date": (today + timedelta(days=1)).isoformat()}]


def test_answer_checks_refuse_neighbouring_values() -> None:
    """The answer checks tell the right value from its neighbours (one grade, digit or
    entity off), so the literals above decide the outcome."""
    refused = {
        "mcp.esg_rating_answer": ["AA", "A", "BBB"],
        "mcp.paper_id_answer": ["1706.03763", "2210.03629", "11706.03762"],
        "mcp.open_issue_count": ["7", "9", "14"],
        "mcp.straight_distance_answer": ["8387", "8.287", "17964"],
    }
    for task_id, values in refused.items():
        for value in values:
            assert not checks(TASKS[task_id], value), (task_id, value)


def test_every_tool_a_shipped_task_names_is_served() -> None:
    """The tool names of every shipped task's ``mcp_call`` checks and reference calls are
    tools its servers list (the load only checks their server prefix)."""
    named = {
        (spec.id, tool)
        for spec in shipped_tasks().values()
        for tool in [s.mcp_call for s in spec.signals.values() if isinstance(s, McpSignal)]
        + [step.mcp_call.tool for step in spec.solution if step.mcp_call]
    }
    assert len({task for task, _ in named}) > len(TASKS)  # MobileWorld's tool tasks too
    with ToolHub(list(known_servers()), "memory", timeout_s=60) as hub:
        served = {tool.name for tool in hub.tools()}
    assert sorted((task, tool) for task, tool in named if tool not in served) == []
