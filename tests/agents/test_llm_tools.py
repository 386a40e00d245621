"""The LLM agent on tasks with MCP tools and a simulated user: the tools listed in its
prompt, its MCP calls reaching the tool servers, and the user's reply and the tool's
result shown to the model in the next turn (a scripted local chat-completions server)."""

from __future__ import annotations

import contextlib
import json
import pathlib
from collections.abc import Iterator
from typing import Any

import gymnasium as gym
import pytest

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.agents.llm import LLMAgent
from mobile_gym.agents.llm.dialects import dialect_named
from mobile_gym.agents.llm.prompt import ASK_WHEN, RESULT_CHARS, notes
from tests.agents.scripted_llm import Script, ScriptedLLM, completion, last_user_text
from tests.tasks.tasktools import write_task

MODEL = "test-model"
WEATHER_CALL = 'MCP(amap_maps_weather, {"city": "杭州"})'
TOOLED: dict[str, Any] = {
    "tools": ["amap"],
    "signals": {
        "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        "asked_weather": {"mcp_call": "amap_maps_weather", "arguments": {"city": "杭州"}},
    },
    "events": [
        {"id": "weather", "when": "asked_weather", "reward": 0.5},
        {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
    ],
}
KEVIN = "Kevin's phone number is 15551234567."
USER: dict[str, Any] = {
    "facts": [
        {
            "name": "kevin_phone",
            "aliases": ["phone number", "Kevin's number"],
            "value": "15551234567",
            "reply": KEVIN,
        }
    ]
}


@pytest.fixture
def tooled_task(tmp_path: pathlib.Path) -> pathlib.Path:
    """A task file: Wi-Fi off on the Network page, with Amap's tools."""
    return write_task(tmp_path, "tooled.yaml", **TOOLED)


@pytest.fixture
def user_task(tmp_path: pathlib.Path) -> pathlib.Path:
    """A task file: Wi-Fi off on the Network page, with a user who knows Kevin's number."""
    return write_task(tmp_path, "asking.yaml", user=USER)


@contextlib.contextmanager
def make(task: pathlib.Path, **options: Any) -> Iterator[gym.Env]:
    env = gym.make("MobileGym/Task-v0", task=str(task), **options)
    try:
        yield env
    finally:
        env.close()


def play(task: pathlib.Path, script: Script, **agent_options: Any) -> tuple[Any, list[dict]]:
    """Play ``script`` (one reply per step) with an LLMAgent on ``task``; the server's
    requests and the info of every step (reset first)."""
    dialect = dialect_named(agent_options.get("dialect", "text"))
    with (
        make(  # no cap: a script may play past the task's 2 x min steps
            task, action_space=dialect.action_space, observation=dialect.views[0], max_steps="none"
        ) as env,
        ScriptedLLM(script) as server,
    ):
        agent = LLMAgent(model=MODEL, base_url=server.base_url, **agent_options)
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], info)
        infos = [info]
        for _ in script:
            observation, _, _, _, info = env.step(agent.act(observation, info))
            infos.append(info)
    return server.requests, infos


def system_text(request: Any) -> str:
    return request.body["messages"][0]["content"]


def listed_lines(system: str) -> list[dict[str, Any]]:
    """The JSON objects of the system message's lines that are a tool."""
    found = []
    for line in system.splitlines():
        if line.startswith('{"name": '):
            found.append(json.loads(line))
    return found


# the tools in the prompt ------------------------------------------------------------------
def test_the_prompt_lists_the_tasks_tools_as_json_lines(tooled_task: pathlib.Path) -> None:
    requests, infos = play(tooled_task, [completion("ACTION: WAIT")])
    system = system_text(requests[0])
    listed = listed_lines(system)
    assert listed == [
        {"name": t["name"], "description": t["description"], "input_schema": t["input_schema"]}
        for t in infos[0]["tools"]
    ]
    names = [tool["name"] for tool in listed]
    assert {"amap_maps_weather", "amap_maps_distance", "amap_maps_around_search"} <= set(names)
    assert all(name.startswith("amap_") for name in names)
    weather = listed[names.index("amap_maps_weather")]
    assert "city" in weather["input_schema"]["properties"]
    assert "Call a tool with MCP(name, {arguments})" in system
    assert f'ACTION: MCP({names[0]}, {{"' in system  # an example call of a listed tool
    assert ASK_WHEN in system


def test_a_task_without_tools_lists_none_but_the_user_may_be_asked(
    user_task: pathlib.Path,
) -> None:
    requests, _ = play(user_task, [completion("ACTION: WAIT")])
    system = system_text(requests[0])
    assert listed_lines(system) == [] and "Tools of this task" not in system
    assert ASK_WHEN in system


def test_the_mobile_env_dialect_keeps_tools_out(tooled_task: pathlib.Path) -> None:
    requests, infos = play(
        tooled_task, [completion("<action>DO_NOTHING()</action>")], dialect="mobile_env"
    )
    system = system_text(requests[0])
    assert infos[0]["tools"] and listed_lines(system) == []
    assert "MCP" not in system and "ASK_USER" not in system


def test_tools_come_from_the_observation_when_reset_info_has_none(
    tooled_task: pathlib.Path,
) -> None:
    with (
        make(tooled_task, action_space="text", observation="text") as env,
        ScriptedLLM([completion("ACTION: WAIT")]) as server,
    ):
        agent = LLMAgent(model=MODEL, base_url=server.base_url, view="text")
        observation, info = env.reset(seed=0)
        agent.reset(info["instruction"], {"instruction": info["instruction"]})
        agent.act(observation, {})
        listed = listed_lines(system_text(server.requests[0]))
        assert [tool["name"] for tool in listed] == [tool["name"] for tool in info["tools"]]


# a call and its result ----------------------------------------------------------------------
def test_an_mcp_call_reaches_the_server_and_its_result_the_next_prompt(
    tooled_task: pathlib.Path,
) -> None:
    script = [
        completion(f"THINK: I need Hangzhou's weather.\nACTION: {WEATHER_CALL}"),
        completion("THINK: It rains.\nACTION: WAIT"),
        completion("ACTION: WAIT"),
    ]
    requests, infos = play(tooled_task, script)
    call = infos[1]["tool_call"]
    assert call["tool"] == "amap_maps_weather" and call["arguments"] == {"city": "杭州"}
    assert call["is_error"] is False and infos[1]["events"] == ["weather"]
    assert json.loads(call["result"])["forecasts"][0]["date"] == "2025-10-16"
    shown = f"Tool result (amap_maps_weather): {call['result']}"
    assert shown in last_user_text(requests[1].body)
    assert "Tool result" not in last_user_text(requests[2].body)  # shown with its step only
    history = requests[2].body["messages"]
    assert shown in history[3]["content"]  # and kept in the turn it came with


def test_a_refused_call_is_shown_as_a_tool_error(tooled_task: pathlib.Path) -> None:
    script = [
        completion('ACTION: MCP(amap_maps_weather, {"town": "杭州"})'),
        completion("ACTION: WAIT"),
    ]
    requests, infos = play(tooled_task, script)
    call = infos[1]["tool_call"]
    assert call["is_error"] is True
    assert f"Tool error (amap_maps_weather): {call['result']}" in last_user_text(requests[1].body)


# the user's reply -----------------------------------------------------------------------------
def test_the_users_reply_reaches_the_next_prompt(user_task: pathlib.Path) -> None:
    script = [
        completion("THINK: I lack Kevin's number.\nACTION: ASK_USER(\"What is Kevin's number?\")"),
        completion("ACTION: WAIT"),
        completion("ACTION: WAIT"),
    ]
    requests, infos = play(user_task, script)
    assert infos[1]["ask_user_response"] == KEVIN
    assert f"The user replied: {KEVIN}" in last_user_text(requests[1].body)
    assert "The user replied" not in last_user_text(requests[2].body)


# notes ----------------------------------------------------------------------------------------
def test_notes_prefer_the_new_keys_and_cut_long_results() -> None:
    info = {
        "ask_user_response": "Size 39.",
        "user_reply": "Size 39.",
        "tool_call": {"tool": "jina_read_url", "result": "x" * (RESULT_CHARS + 5)},
        "tool_result": "x" * (RESULT_CHARS + 5),
    }
    said, result = notes(info, None, "Buy shoes.")
    assert said == "The user replied: Size 39."
    assert result == (
        f"Tool result (jina_read_url): {'x' * RESULT_CHARS}... [5 more characters not shown]"
    )
