"""MCP tools in the env: a task's ``tools`` block, the tool list at reset, MCP_CALL through
the servers, the result in every preset's observation, and server faults as device faults."""

from __future__ import annotations

import json
import pathlib
from typing import Any

import numpy as np
import psutil
import pytest

from mobile_gym import actions
from mobile_gym.commands import Command
from mobile_gym.env import MobileEnv
from mobile_gym.eval import run_episode
from mobile_gym.registration import make_env
from mobile_gym.tasks.schema import TaskFileError, ToolAccess, parse_task
from mobile_gym.wrappers.rl import tokenize
from tests.tasks.tasktools import task_data

WEATHER = {"city": "杭州"}
TOOLED = {
    "signals": {
        "wifi_off": {"setting": "global/wifi_on", "equals": "0"},
        "asked_weather": {"mcp_call": "amap_maps_weather", "arguments": WEATHER},
    },
    "events": [
        {"id": "weather", "when": "asked_weather", "reward": 0.5},
        {"id": "done", "when": "wifi_off", "reward": 1.0, "end": "success"},
    ],
}


def tooled_task(tools: Any = ("amap",)) -> Any:
    """The inline Wi-Fi task with ``tools`` and an event for asking Amap the weather."""
    return parse_task(
        task_data(**TOOLED, tools=list(tools) if isinstance(tools, tuple) else tools), "inline"
    )


def children() -> set[int]:
    return {p.pid for p in psutil.Process().children(recursive=True)}


def mcp_step(env: Any, tool: str, arguments: dict[str, Any]) -> tuple[Any, float, dict[str, Any]]:
    """One MCP_CALL through the base env's touch-level action."""
    observation, reward, _, _, info = actions.play(env, actions.mcp_call(tool, arguments))
    return observation, reward, info


# the tools block --------------------------------------------------------------------------
def test_a_tools_list_names_servers_and_a_mapping_picks_the_transport() -> None:
    assert tooled_task().tools == ToolAccess(servers=["amap"], transport="memory")
    spec = tooled_task({"servers": ["amap", "gitHub"], "transport": "stdio"})
    assert spec.tools == ToolAccess(servers=["amap", "gitHub"], transport="stdio")
    assert parse_task(task_data(), "inline").tools is None


@pytest.mark.parametrize(
    ("tools", "field", "problem"),
    [
        (["amap", "gitHb"], "tools.servers.1", "unknown MCP server 'gitHb'; known servers: amap"),
        (["amap", "amap"], "tools.servers.1", "MCP server 'amap' is given twice"),
        ([], "tools.servers", "at least 1 item"),
        ({"servers": ["amap"], "transport": "http"}, "tools.transport", "'memory' or 'stdio'"),
    ],
)
def test_a_bad_tools_block_names_the_field(tools: Any, field: str, problem: str) -> None:
    with pytest.raises(TaskFileError) as caught:
        tooled_task(tools)
    assert any(
        line.startswith(f"inline: {field}: ") and problem in line for line in caught.value.problems
    ), caught.value.problems


# reset and MCP_CALL -----------------------------------------------------------------------
def test_reset_lists_the_tools_in_info_and_observation() -> None:
    env = MobileEnv(tooled_task())
    try:
        observation, info = env.reset(seed=1)
        tools = {tool["name"]: tool for tool in info["tools"]}
        assert {"amap_maps_weather", "amap_maps_distance", "amap_maps_around_search"} <= set(tools)
        weather = tools["amap_maps_weather"]
        assert weather["description"] and "city" in weather["input_schema"]["properties"]
        json.dumps(info["tools"])  # JSON-ready
        listed = [json.loads(line) for line in observation["tools"].splitlines()]
        assert listed == info["tools"]
        assert observation["tool_call"] == ""
        assert env.observation_space.contains(observation)
        hub = env.tool_hub
        env.reset(seed=2)
        assert env.tool_hub is hub  # kept across resets of the task
    finally:
        env.close()
    assert env.tool_hub is None


def test_an_mcp_call_reaches_the_tool_and_its_signal() -> None:
    env = MobileEnv(tooled_task())
    try:
        env.reset(seed=1)
        observation, reward, info = mcp_step(env, "amap_maps_weather", WEATHER)
        forecast = json.loads(observation["tool_call"])
        assert forecast["forecasts"][0]["date"] == "2025-10-16"
        assert info["tool_call"]["tool"] == "amap_maps_weather"
        assert info["tool_call"]["is_error"] is False
        assert info["tool_call"]["result"] == info["tool_result"] == observation["tool_call"]
        assert info["events"] == ["weather"] and reward == pytest.approx(0.5)
        observation, _, _, _, _ = env.step(actions.wait()[0])
        assert observation["tool_call"] == ""  # a result is shown with its step only
    finally:
        env.close()


def test_failed_calls_are_error_results_and_count_as_calls() -> None:
    env = MobileEnv(tooled_task())
    try:
        env.reset(seed=1)
        _, _, unknown = mcp_step(env, "amap_maps_teleport", {})
        _, _, bad = mcp_step(env, "amap_maps_weather", {"town": "杭州"})
        assert unknown["tool_call"]["is_error"] and "Unknown tool" in unknown["tool_result"]
        assert bad["tool_call"]["is_error"] and bad["action_error"] is None
        assert env.episode.agent.tool_calls == [
            ("amap_maps_teleport", {}),
            ("amap_maps_weather", {"town": "杭州"}),
        ]
        assert not unknown["events"] and not bad["events"]
    finally:
        env.close()


@pytest.mark.parametrize(
    ("action_space", "observation", "action"),
    [
        (
            "json",
            "text",
            {"action_type": "mcp", "action_name": "amap_maps_weather", "action_json": WEATHER},
        ),
        ("text", "html", 'MCP(amap_maps_weather, {"city": "杭州"})'),
        ("gesture", "som", Command("mcp_call", tool="amap_maps_weather", arguments=WEATHER)),
        ("touch", "pixels", actions.mcp_call("amap_maps_weather", WEATHER)[0]),
        ("touch", "mobile_env_html", actions.mcp_call("amap_maps_weather", WEATHER)[0]),
    ],
)
def test_every_preset_observes_the_tool_result(
    action_space: str, observation: str, action: Any
) -> None:
    env = make_env(tooled_task(), action_space=action_space, observation=observation)
    try:
        first, info = env.reset(seed=1)
        assert first["tool_call"] == "" and first["tools"] and info["tools"]
        observed, _, _, _, info = env.step(action)
        assert info["action_error"] is None
        assert json.loads(observed["tool_call"])["city"] == "杭州市"
        assert json.loads(observed["tools"].splitlines()[0])["name"].startswith("amap_")
        assert env.observation_space.contains(observed)
    finally:
        env.close()


@pytest.mark.parametrize("observation", ["rl", "rl_pixels"])
def test_rl_presets_observe_the_tool_result_as_tokens(observation: str) -> None:
    env = make_env(tooled_task(), action_space="text", observation=observation)
    try:
        first, _ = env.reset(seed=1)
        assert not first["tool_call"].any()
        observed, _, _, _, info = env.step('MCP(amap_maps_weather, {"city": "杭州"})')
        assert info["action_error"] is None
        assert np.array_equal(observed["tool_call"], tokenize(info["tool_result"]))
        assert observed["tool_call"].any() and env.observation_space.contains(observed)
    finally:
        env.close()


# server faults ----------------------------------------------------------------------------
def test_a_dead_server_ends_the_episode_as_a_fault_and_reset_restarts_it() -> None:
    before = children()
    env = MobileEnv(tooled_task({"servers": ["amap"], "transport": "stdio"}))
    try:
        env.reset(seed=1)
        (pid,) = children() - before
        server = psutil.Process(pid)
        server.kill()
        server.wait(10)
        _, reward, info = mcp_step(env, "amap_maps_weather", WEATHER)
        assert "MCP server 'amap' failed" in info["error"] and reward == 0.0
        assert env.episode.agent.tool_calls == [("amap_maps_weather", WEATHER)]
        _, info = env.reset(seed=1)
        assert info["tools"] and (children() - before) != {pid}
        _, _, info = mcp_step(env, "amap_maps_weather", WEATHER)
        assert info["tool_call"]["is_error"] is False and info.get("error") is None
    finally:
        env.close()
    assert not children() - before  # closing the env stops the servers


class KillingAgent:
    """Stops the task's tool server, then calls a tool, as a crashed server would be met."""

    name = "killing"
    action_space = "json"
    observation = "text"
    last_output = None
    last_usage = None

    def attach(self, env: Any) -> None:
        self.before = children()  # the env starts its server at reset, after this

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        assert "amap_maps_weather" in [tool["name"] for tool in info["tools"]]

    def act(self, observation: Any, info: dict[str, Any]) -> dict[str, Any]:
        for pid in children() - self.before:
            server = psutil.Process(pid)
            server.kill()
            server.wait(10)
        return {"action_type": "mcp", "tool": "amap_maps_weather", "arguments": WEATHER}


def test_the_runner_records_a_crashed_server_as_an_error_episode(tmp_path: pathlib.Path) -> None:
    before = children()
    spec = tooled_task({"servers": ["amap"], "transport": "stdio"})
    record = run_episode(spec, 1, KillingAgent())  # type: ignore[arg-type]
    assert record.error is not None and "MCP server 'amap' failed" in record.error
    assert record.error.startswith("device:")
    assert record.success is False and record.agent_error is None
    assert record.mcp_calls == 1 and record.steps == 1
    assert not children() - before
