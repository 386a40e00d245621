"""The LLM and VLM agents' ``json`` dialect: MobileWorld's JSON actions end to end.

Every MobileWorld task is played by a real ``LLMAgent`` in the ``json`` dialect whose
scripted endpoint answers with the task's reference solution written as JSON action replies
(``tests.agents.solution_replies``), through the episode runner under the original rules:
each ends in success, in the reference's number of steps, its questions and tool calls counted, the task's tools listed in the prompt
and what the user said and the tools returned shown in the next turn. The VLM agent plays a
few of them on the Set-of-Marks screenshot, and ``mobile-gym eval`` runs the dialect on a
MobileWorld task from the command line.
"""

from __future__ import annotations

import json
import pathlib
from typing import Any

import pytest
from typer.testing import CliRunner

from mobile_gym.agents import make_agent
from mobile_gym.agents.llm import LLMAgent, VLMAgent
from mobile_gym.agents.llm.dialects import DIALECTS
from mobile_gym.agents.llm.json_dialect import ACTIONS, ASK_WHEN, action_of, system_prompt
from mobile_gym.agents.llm.prompt import tool_line
from mobile_gym.cli import app
from mobile_gym.eval.episode_runner import run_episode
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import TaskSpec
from mobile_gym.wrappers.json_actions import parse_json_action
from tests.agents.scripted_llm import ScriptedLLM, completion, last_user_text
from tests.agents.solution_replies import (
    MODEL,
    SolutionReplies,
    SolvingJsonAgent,
    SolvingJsonVLM,
)

TASKS = {t: s for t, s in shipped_tasks().items() if s.suite == "mobileworld"}
SEEN_BY_THE_VLM = (
    "mw.map.check_distance_mcp_2",  # interaction and MCP
    "mw.native.take_selfie",
    "mw.calendar.check_conference_duration",
)


def solve(spec: TaskSpec, agent_class: type = SolvingJsonAgent) -> tuple[Any, Any, Any]:
    """Play ``spec`` from seed 0 with a solving agent of ``agent_class``; the record, the
    replies and the requests the endpoint received."""
    replies = SolutionReplies()
    with ScriptedLLM([replies] * 60) as server:
        agent = agent_class(server.base_url, replies)
        record = run_episode(spec, 0, agent, rules="original")
    return record, replies, server.requests


def check_prompts(spec: TaskSpec, replies: SolutionReplies, requests: list[Any]) -> None:
    """The system message lists the task's tools (or none) and allows asking; the turn
    after a question shows the user's reply, the turn after a tool call its result."""
    system = requests[0].body["messages"][0]["content"]
    assert ASK_WHEN in system and '"action_type": "ask_user"' in system
    tools = replies.info_at_reset.get("tools") or []
    assert bool(tools) == bool(spec.tools)
    if tools:
        assert all(tool_line(tool) in system.splitlines() for tool in tools)
        assert 'Call a tool with {"action_type": "mcp", "action_name": <name>' in system
    else:
        assert "Tools of this task" not in system
    for turn, kind in enumerate(replies.kinds[:-1]):
        shown = last_user_text(requests[turn + 1].body)
        if kind == "ask_user":
            assert "The user replied: " in shown
        if kind == "mcp":
            assert "Tool result (" in shown


@pytest.mark.parametrize("task_id", sorted(TASKS))
def test_the_json_dialect_plays_every_mobileworld_task(task_id: str) -> None:
    spec = TASKS[task_id]
    record, replies, requests = solve(spec)
    assert record.error is None and record.agent_error is None
    assert record.success, f"{task_id}: the episode failed"
    assert record.steps == spec.min_steps
    assert record.asks == sum(step.ask_user is not None for step in spec.solution)
    assert record.mcp_calls == sum(step.mcp_call is not None for step in spec.solution)
    assert record.agent == f"llm-json:{MODEL}"
    check_prompts(spec, replies, requests)


@pytest.mark.parametrize("task_id", SEEN_BY_THE_VLM)
def test_the_vlm_agent_plays_mobileworld_tasks_on_the_marked_screenshot(task_id: str) -> None:
    spec = TASKS[task_id]
    record, replies, requests = solve(spec, SolvingJsonVLM)
    assert record.success and record.steps == spec.min_steps
    assert record.agent == f"vlm-json:{MODEL}"
    for request in requests:
        parts = request.body["messages"][-1]["content"]
        assert [part["type"] for part in parts] == ["text", "image_url"]
        assert parts[1]["image_url"]["url"].startswith("data:image/png;base64,")
    check_prompts(spec, replies, requests)


# the dialect's prompt and replies --------------------------------------------------------------
def test_the_prompt_shows_every_action_as_the_wrapper_reads_it() -> None:
    prompt = system_prompt("html")
    for example, _ in ACTIONS:
        line = json.dumps(example, ensure_ascii=False)
        assert f"- {line}: " in prompt
        if example["action_type"] != "mcp":  # its tool name is a placeholder
            parse_json_action(line)  # every example is an action the wrapper reads
    assert {example["action_type"] for example, _ in ACTIONS} == {
        "click", "double_tap", "long_press", "input_text", "scroll", "swipe", "navigate_back",
        "navigate_home", "keyboard_enter", "open_app", "wait", "answer", "status", "ask_user",
        "mcp",
    }  # fmt: skip
    assert "Thought: <" in prompt and "Action: <one JSON object>" in prompt


@pytest.mark.parametrize(
    ("reply", "action"),
    [
        (
            'Thought: element 3 is the field.\nAction: {"action_type": "type", "index": "3", '
            '"text": "hi"}',
            '{"action_type": "input_text", "text": "hi", "index": 3}',
        ),
        (
            "```json\n{'action_type': 'mcp', 'action_name': 'amap_maps_weather', "
            "'action_json': {'city': '杭州'},}\n```",
            '{"action_type": "mcp", "action_name": "amap_maps_weather", '
            '"action_json": {"city": "杭州"}}',
        ),
        (
            'Action: {"action_type": "status", "goal_status": "DONE"}',
            '{"action_type": "status", "goal_status": "complete"}',
        ),
        (
            'Action: {"action_type": "ask_user", "question": "Which size?"}',
            '{"action_type": "ask_user", "text": "Which size?"}',
        ),
        (
            'Action: {"action_type": "click", "x": 540, "y": 1200}',
            '{"action_type": "click", "x": 540.0, "y": 1200.0}',
        ),
        ("Thought: I will tap the button.", None),
        ('Action: {"action_type": "fly", "index": 3}', None),
        ('Action: {"action_type": "click"}', None),
    ],
)
def test_a_reply_becomes_one_compact_json_action_or_goes_as_it_is(
    reply: str, action: str | None
) -> None:
    assert action_of(reply) == (reply if action is None else action)


def test_the_dialect_is_an_agent_option_for_both_agents() -> None:
    agent = make_agent("llm", model=MODEL, base_url="http://127.0.0.1:9/v1", dialect="json")
    assert isinstance(agent, LLMAgent) and agent.dialect is DIALECTS["json"]
    assert (agent.action_space, agent.observation) == ("json", "html")
    assert LLMAgent(MODEL, "http://127.0.0.1:9/v1", view="text", dialect="json").observation == (
        "text"
    )
    vlm = make_agent("vlm", model=MODEL, base_url="http://127.0.0.1:9/v1", dialect="json")
    assert isinstance(vlm, VLMAgent) and (vlm.action_space, vlm.observation) == ("json", "som")
    with pytest.raises(ValueError, match="'json' dialect reads the views"):
        LLMAgent(MODEL, "http://127.0.0.1:9/v1", view="mobile_env_html", dialect="json")


def test_eval_on_the_command_line_runs_a_mobileworld_task_in_json(tmp_path: pathlib.Path) -> None:
    """A model that calls the task's tool, asks the user, then answers wrong: three steps,
    one question, one tool call, a failure, the JSON actions kept in the trajectory."""
    task_id = "mw.map.check_distance_mcp_2"
    script = [
        completion(
            'Thought: I need the distance.\nAction: {"action_type": "mcp", "action_name": '
            '"amap_maps_text_search", "action_json": {"keywords": "西湖"}}'
        ),
        completion('Action: {"action_type": "ask_user", "text": "Where do you start from?"}'),
        completion('Thought: done.\nAction: {"action_type": "answer", "text": "1"}'),
    ]
    with ScriptedLLM(script) as server:
        result = CliRunner().invoke(app, [
            "eval", "--task", task_id, "--agent", "llm", "--agent-option", "dialect=json",
            "--agent-option", f"base_url={server.base_url}", "--agent-option", f"model={MODEL}",
            "--out", str(tmp_path),
        ])  # fmt: skip
    assert result.exit_code == 0, result.output
    (record,) = json.loads((tmp_path / "results.json").read_text())["episodes"]
    assert record["agent"] == f"llm-json:{MODEL}" and not record["success"]
    assert (record["steps"], record["asks"], record["mcp_calls"]) == (3, 1, 1)
    assert "Tool result (amap_maps_text_search)" in last_user_text(server.requests[1].body)
    assert "The user replied: " in last_user_text(server.requests[2].body)
    (trajectory,) = (tmp_path / "trajectories").rglob("*.jsonl")
    lines = [json.loads(line) for line in trajectory.read_text().splitlines()]
    assert lines[0]["action_space"] == "json"
    steps = [line for line in lines if "action" in line]
    assert [json.loads(step["action"])["action_type"] for step in steps] == [
        "mcp",
        "ask_user",
        "answer",
    ]
    call = steps[0]["tool_call"]  # what the user said and the tool returned are kept
    assert call["tool"] == "amap_maps_text_search" and call["arguments"] == {"keywords": "西湖"}
    assert call["result"] and call["is_error"] is False and steps[0]["user_reply"] is None
    assert steps[1]["user_reply"] and steps[1]["tool_call"] is None
    shown = last_user_text(server.requests[2].body)
    assert f"The user replied: {steps[1]['user_reply']}" in shown
