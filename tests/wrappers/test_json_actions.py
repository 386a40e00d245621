"""JsonActions: AndroidWorld's JSON actions (plus MobileWorld's ask_user and mcp) as actions."""

from __future__ import annotations

import json
from typing import Any

import gymnasium as gym
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym.commands import CommandError
from mobile_gym.registration import make_env
from mobile_gym.spaces import UnicodeText
from mobile_gym.tasks.schema import parse_task
from mobile_gym.wrappers import StepCap
from mobile_gym.wrappers.elements import screen_elements
from mobile_gym.wrappers.json_actions import (
    ACTION_TYPES,
    JsonActionError,
    JsonActions,
    json_action,
    parse_json_action,
)
from mobile_gym.wrappers.text_commands import ParsedCommand, resolve_command
from tests.tasks.tasktools import task_data

WIFI = "MobileGym/settings.wifi_off-v0"
REPORT = "MobileGym/settings.report_version-v0"
ESG = "MobileGym/mcp.esg_rating_answer-v0"


def read(action: Any) -> str:
    return str(parse_json_action(action))


# the schema -------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"action_type": "click", "index": 3}, "TAP(3)"),
        ({"action_type": "double_tap", "index": 3}, "DOUBLE_TAP(3)"),
        ({"action_type": "long_press", "index": 3}, "LONG_TAP(3)"),
        ({"action_type": "click", "x": 540, "y": 1200}, "TAP(x=540, y=1200)"),
        ({"action_type": "input_text", "text": "hi", "index": 2}, 'TYPE(2, "hi")'),
        ({"action_type": "input_text", "text": "hi"}, 'TYPE("hi")'),
        ({"action_type": "scroll", "direction": "down"}, "SCROLL(down)"),
        ({"action_type": "scroll", "direction": "up", "index": 1}, "SCROLL(1, up)"),
        ({"action_type": "swipe", "direction": "left"}, "SWIPE(left)"),
        ({"action_type": "navigate_home"}, "HOME"),
        ({"action_type": "navigate_back"}, "GOBACK"),
        ({"action_type": "keyboard_enter"}, "ENTER"),
        ({"action_type": "open_app", "app_name": "Settings"}, 'OPEN_APP("Settings")'),
        ({"action_type": "wait"}, "WAIT"),
        ({"action_type": "status", "goal_status": "complete"}, "DONE"),
        ({"action_type": "status", "goal_status": "infeasible"}, "INFEASIBLE"),
        ({"action_type": "answer", "text": "14"}, 'ANSWER("14")'),
        ({"action_type": "ask_user", "text": "Which one?"}, 'ASK_USER("Which one?")'),
        (
            {"action_type": "mcp", "tool": "device_info", "arguments": {"field": "version"}},
            'MCP(device_info, {"field": "version"})',
        ),
        ({"action_type": "mcp", "name": "clock"}, "MCP(clock, {})"),
    ],
)
def test_every_action_type_as_dict_and_as_text(action: dict[str, Any], expected: str) -> None:
    assert read(action) == expected
    assert read(json.dumps(action)) == expected


def test_every_command_written_as_json_reads_back_the_same() -> None:
    commands = [
        ParsedCommand("TAP", index=3),
        ParsedCommand("LONG_TAP", point=(540.5, 12.0)),
        ParsedCommand("DOUBLE_TAP", index=0),
        ParsedCommand("TYPE", index=2, text="hi"),
        ParsedCommand("TYPE", text="日本"),
        ParsedCommand("SCROLL", direction="down"),
        ParsedCommand("SCROLL", index=1, direction="up"),
        ParsedCommand("SWIPE", point=(10.0, 20.0), direction="left"),
        *(ParsedCommand(name) for name in ("HOME", "GOBACK", "ENTER", "WAIT", "DONE")),
        ParsedCommand("INFEASIBLE"),
        ParsedCommand("OPEN_APP", text="Settings"),
        ParsedCommand("ANSWER", text="14"),
        ParsedCommand("ASK_USER", text="Which one?"),
        ParsedCommand("MCP", tool="amap_maps_weather", arguments={"city": "杭州"}),
    ]
    for command in commands:
        written = json_action(command)
        assert parse_json_action(written) == command
        assert parse_json_action(json.dumps(written, ensure_ascii=False)) == command
    assert json_action(commands[-1]) == {
        "action_type": "mcp",
        "action_name": "amap_maps_weather",
        "action_json": {"city": "杭州"},
    }
    with pytest.raises(ValueError, match="no JSON action for the command 'DRAG'"):
        json_action(ParsedCommand("DRAG"))


def test_the_schema_covers_androidworld_and_mobileworld() -> None:
    assert set(ACTION_TYPES) == {
        "click",
        "double_tap",
        "long_press",
        "input_text",
        "scroll",
        "swipe",
        "drag",
        "navigate_home",
        "navigate_back",
        "keyboard_enter",
        "open_app",
        "wait",
        "status",
        "finished",
        "answer",
        "ask_user",
        "mcp",
    }


def test_mobileworld_drag_and_finished_are_read_and_unknown_is_refused() -> None:
    drag = {"action_type": "drag", "start_x": 540, "start_y": 2000, "end_x": 540, "end_y": 800}
    parsed = parse_json_action(drag)
    assert parsed == ParsedCommand("DRAG", point=(540.0, 2000.0), end=(540.0, 800.0))
    assert json_action(parsed) == {**drag, "start_x": 540.0, "start_y": 2000.0} | {
        "end_x": 540.0,
        "end_y": 800.0,
    }
    command = resolve_command(parsed, [], (1080, 2400))
    assert (command.verb, command.x, command.y2) == ("swipe", 540 / 1079, 800 / 2399)
    with pytest.raises(JsonActionError, match="drag needs start_x, start_y, end_x, end_y"):
        parse_json_action({"action_type": "drag", "start_x": 1, "start_y": 2})
    with pytest.raises(CommandError, match="off the screen"):
        resolve_command(parse_json_action({**drag, "end_y": 2400}), [], (1080, 2400))
    assert parse_json_action('{"action_type": "finished"}') == ParsedCommand("DONE")
    with pytest.raises(JsonActionError, match='"unknown" is no action'):
        parse_json_action({"action_type": "unknown"})


def test_a_drag_moves_the_finger_from_start_to_end_on_the_phone() -> None:
    env = make_env("mw.settings.open_flight_mode", action_space="json", observation="text")
    env.reset(seed=0)
    assert 'text="Search apps"' not in env.unwrapped.device.hierarchy_xml()
    drawer = '{"action_type": "drag", "start_x": 540, "start_y": 2000, "end_x": 540, "end_y": 600}'
    _, _, _, _, info = env.step(drawer)
    assert info["action_error"] is None and info["parsed_action"].startswith("DRAG(")
    assert 'text="Search apps"' in env.unwrapped.device.hierarchy_xml()  # the app drawer
    _, _, terminated, _, info = env.step('{"action_type": "finished"}')
    assert terminated and info["agent_status"] == "complete"
    env.close()


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ('Reason: Settings is 4.\nAction: {"action_type": "click", "index": 4}', "TAP(4)"),
        ('I will click.\n```json\n{"action_type": "click", "index": 4}\n```\nDone.', "TAP(4)"),
        ("```json\n{'action_type': 'click', 'index': 4,}\n```", "TAP(4)"),
        ("{'action_type': 'click', 'index': 4}", "TAP(4)"),
        ('{"action_type": "click", "index": 4,}', "TAP(4)"),
        ('{"action_type": "click", "index": "4"}', "TAP(4)"),
        ('{"action_type": "click", "x": "540", "y": "1200"}', "TAP(x=540, y=1200)"),
        ('{"action_type": " Click "}'.replace("}", ', "index": 0}'), "TAP(0)"),
        ('{"action_type": "Navigate Home"}', "HOME"),
        ('{"action": "navigate_back"}', "GOBACK"),
        ('{"action_type": "tap", "index": 1}', "TAP(1)"),
        ('{"action_type": "type", "text": "x", "index": 1}', 'TYPE(1, "x")'),
        ('{"action_type": "status", "goal_status": "Complete"}', "DONE"),
        ('{"action_type": "answer", "text": 14}', 'ANSWER("14")'),
        ('{"action_type": "ask_user", "question": "why?"}', 'ASK_USER("why?")'),
        ('{"action_type": "mcp_call", "tool": "t", "args": {"a": 1}}', 'MCP(t, {"a": 1})'),
        ('{"action_type": "mcp", "tool": "t", "arguments": "{\\"a\\": 1}"}', 'MCP(t, {"a": 1})'),
        (
            '{"action_type": "mcp", "tool": "t", "arguments": {"nested": {"b": [1, 2]}}}',
            'MCP(t, {"nested": {"b": [1, 2]}})',
        ),
        ('{"action_type": "click", "index": 4, "reason": "the {Settings} icon"}', "TAP(4)"),
        # several objects: the last action counts; objects that are not actions are skipped
        (
            'First {"action_type": "click", "index": 1}, no: {"action_type": "click", "index": 2}'
            ' {"note": "x"}',
            "TAP(2)",
        ),
        # the last action counts however leniently it is written: not a strict one before it
        (
            'Thought: I sent {"action_type": "navigate_home"} before.\n'
            "Action: {'action_type': 'scroll', 'direction': 'down'}",
            "SCROLL(down)",
        ),
        (
            'Earlier {"action_type": "click", "index": 2}\n'
            'Action: {"action_type": "scroll", "direction": "down",}',
            "SCROLL(down)",
        ),
        (
            "{'action_type': 'mcp', 'tool': 't', 'args': {'a': [1, {'b': 2}]},}",
            'MCP(t, {"a": [1, {"b": 2}]})',
        ),
    ],
)
def test_tolerant_reading(text: str, expected: str) -> None:
    assert read(text) == expected


def test_a_dict_may_hold_numpy_numbers() -> None:
    assert read({"action_type": "click", "index": np.int64(3)}) == "TAP(3)"
    assert read({"action_type": "click", "x": np.float32(540), "y": np.int32(1200)}) == (
        "TAP(x=540, y=1200)"
    )


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("", "no JSON object found"),
        ("click element 3", "no JSON object found"),
        ("[1, 2]", "no JSON object found"),
        ('{"index": 3}', 'no "action_type"'),
        ('{"action_type": 3}', 'no "action_type"'),
        ('{"action_type": "fly"}', "unknown action_type 'fly'"),
        ('{"action_type": "click"}', 'click needs "index", or "x" and "y"'),
        ('{"action_type": "click", "index": -1}', "must be an element number"),
        ('{"action_type": "click", "index": 1.5}', "must be an element number"),
        ('{"action_type": "click", "index": true}', "must be an element number"),
        ('{"action_type": "click", "x": 10}', '"x" and "y" must both be numbers'),
        ('{"action_type": "click", "x": "left", "y": 3}', '"x" and "y" must both be numbers'),
        ('{"action_type": "input_text", "index": 1}', 'input_text needs "text"'),
        ('{"action_type": "scroll"}', 'scroll needs "direction"'),
        ('{"action_type": "swipe", "direction": "north"}', 'swipe needs "direction"'),
        ('{"action_type": "open_app"}', 'open_app needs "app_name"'),
        ('{"action_type": "status", "goal_status": "maybe"}', 'status needs "goal_status"'),
        ('{"action_type": "status"}', 'status needs "goal_status"'),
        ('{"action_type": "answer", "text": ""}', 'answer needs "text"'),
        ('{"action_type": "ask_user"}', 'ask_user needs "text"'),
        ('{"action_type": "mcp"}', 'mcp needs "tool"'),
        ('{"action_type": "mcp", "tool": "t", "arguments": [1]}', "must be a JSON object"),
        (3, "must be a JSON object"),
        (None, "must be a JSON object"),
    ],
)
def test_what_is_wrong_is_said(action: Any, message: str) -> None:
    with pytest.raises(JsonActionError, match=message):
        parse_json_action(action)


def test_pixels_are_normalised_and_checked() -> None:
    size = (1080, 2400)
    command = resolve_command(ParsedCommand("TAP", point=(1079, 0)), [], size)
    assert (command.x, command.y) == (1.0, 0.0)
    inside_the_last_pixels = resolve_command(ParsedCommand("TAP", point=(1079.5, 2399.9)), [], size)
    assert (inside_the_last_pixels.x, inside_the_last_pixels.y) == (1.0, 1.0)
    with pytest.raises(CommandError, match=r"off the screen: x must be in 0\.\.1079"):
        resolve_command(ParsedCommand("TAP", point=(1080, 5)), [], size)
    with pytest.raises(CommandError, match="off the screen"):
        resolve_command(ParsedCommand("TAP", point=(float("nan"), 5)), [], size)


@settings(max_examples=300, deadline=None)
@given(
    st.text()
    | st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    ["action_type", "index", "x", "y", "text", "direction", "goal_status", "tool"]
                )
                | st.text(max_size=5),
                inner | st.sampled_from(ACTION_TYPES),
                max_size=5,
            )
        ),
        max_leaves=10,
    ).map(lambda value: json.dumps(value) if not isinstance(value, dict) else value)
)
def test_the_parser_reads_or_explains_never_crashes(action: Any) -> None:
    try:
        command = parse_json_action(action)
    except JsonActionError as exc:
        assert str(exc)
    else:
        assert isinstance(command, ParsedCommand)


# the wrapper --------------------------------------------------------------------------------
def make(task: str = WIFI) -> gym.Env:
    return JsonActions(gym.make(task, max_steps="none"))


def element(info: dict[str, Any], label: str) -> Any:
    for candidate in screen_elements(info["view_hierarchy"].xml):
        if candidate.label.casefold().startswith(label.casefold()):
            return candidate
    raise AssertionError(f"no element {label!r} on screen")


def test_spaces_are_stated() -> None:
    env = make()
    assert env.action_space == UnicodeText(16384)
    assert env.observation_space == env.unwrapped.observation_space
    assert "Action Space" in JsonActions.__doc__ and "Observation Space" in JsonActions.__doc__


def test_wifi_off_in_exactly_min_steps() -> None:
    inner = make()
    min_steps = inner.unwrapped.task.min_steps
    env = StepCap(inner, min_steps)
    _, info = env.reset(seed=0)

    def by_pixels(info: dict[str, Any]) -> str:
        x, y = element(info, "Network").bounds.center
        return f'Tap the network row.\n```json\n{{"action_type": "click", "x": {x}, "y": {y}}}\n```'

    actions = [
        lambda info: {"action_type": "swipe", "direction": "up"},
        lambda info: json.dumps({"action_type": "click", "index": element(info, "Settings").index}),
        by_pixels,
        lambda info: {"action_type": "click", "index": element(info, "Wi-Fi").index},
    ]
    for step, action in enumerate(actions, 1):
        _, _, terminated, truncated, info = env.step(action(info))
        assert info["action_error"] is None, info["action_error"]
        assert info["invalid_action"] is False and info["agent_steps"] == step
        assert terminated == (step == len(actions)) and not truncated
    assert len(actions) == min_steps and info["success"] is True
    assert env.unwrapped.device.get_setting("global", "wifi_on") == "0"


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("I would click Settings", "no JSON object found"),
        ({"action_type": "click", "index": 99}, "element 99 does not exist"),
        ({"action_type": "click", "x": 5000, "y": 10}, "off the screen"),
        ({"action_type": "teleport"}, "unknown action_type"),
        ({"action_type": "open_app", "app_name": "  "}, "open_app needs an app name"),
        ({"action_type": "answer", "text": "  "}, "answer needs text (not only spaces)"),
        (42, "must be a JSON object"),
    ],
)
def test_an_invalid_action_moves_nothing_and_says_why(action: Any, message: str) -> None:
    env = StepCap(make(), 3)
    env.reset(seed=0)
    before = env.unwrapped.device.hierarchy_xml()
    _, reward, terminated, truncated, info = env.step(action)
    assert env.unwrapped.device.hierarchy_xml() == before
    assert info["invalid_action"] is True and info["parsed_action"] is None
    assert message in info["action_error"]
    assert (
        '"action_type": "click"' in info["action_error"] and "goal_status" in info["action_error"]
    )
    assert reward == 0.0 and not terminated and not truncated and info["agent_steps"] == 1


def test_a_step_cap_inside_is_refused() -> None:
    with pytest.raises(ValueError, match="StepCap outermost"):
        JsonActions(gym.make(WIFI))


@pytest.mark.parametrize("max_length", [0, 2.5, True, "100", None])
def test_max_length_is_checked(max_length: Any) -> None:
    with pytest.raises(ValueError, match="max_length must be a positive integer, got "):
        JsonActions(gym.make(WIFI, max_steps="none"), max_length=max_length)
    with pytest.raises(ValueError, match="max_length must be a positive integer, got "):
        gym.make(WIFI, action_space="json", action_options={"max_length": max_length})


def test_input_text_types_into_the_element() -> None:
    env = make()
    env.reset(seed=0)
    *_, info = env.step({"action_type": "swipe", "direction": "up"})
    box = element(info, "Search apps")
    *_, info = env.step({"action_type": "input_text", "text": "Notes", "index": box.index})
    assert info["action_error"] is None
    assert [e.text for e in screen_elements(info["view_hierarchy"].xml) if e.editable] == ["Notes"]


def test_keys_and_apps() -> None:
    env = make()
    env.reset(seed=0)
    *_, info = env.step('{"action_type": "open_app", "app_name": "Settings"}')
    assert info["foreground"] == "com.android.settings"
    *_, info = env.step('{"action_type": "navigate_home"}')
    assert info["foreground"] != "com.android.settings"
    for action in ("navigate_back", "keyboard_enter", "wait"):
        *_, info = env.step({"action_type": action})
        assert info["invalid_action"] is False and info["parsed_action"]


def test_answer_status_ask_user_and_mcp() -> None:
    env = make(REPORT)
    env.reset(seed=0)
    _, reward, _, _, info = env.step(
        {"action_type": "mcp", "tool": "device_info", "arguments": {"field": "android_version"}}
    )
    assert "not available" in info["tool_result"] and info["events"] == [] and reward == 0
    _, reward, _, _, info = env.step('{"action_type": "ask_user", "text": "Which version?"}')
    assert info["user_reply"] and reward == pytest.approx(-0.1)
    _, reward, terminated, _, info = env.step('{"action_type": "answer", "text": "14"}')
    assert info["success"] is True and terminated and reward == pytest.approx(1.0)

    env.reset(seed=0)
    _, _, terminated, _, info = env.step({"action_type": "status", "goal_status": "complete"})
    assert info["agent_status"] == "complete" and terminated and info["success"] is False
    assert info["early_stop"] is True
    env.reset(seed=0)
    *_, info = env.step({"action_type": "status", "goal_status": "infeasible"})
    assert info["agent_status"] == "infeasible" and info["success"] is False


def test_mcp_calls_a_tool_of_the_task() -> None:
    env = make(ESG)
    env.reset(seed=0)
    call = {"action_type": "mcp", "tool": "stockstar_miotech_esg_rating"}
    _, reward, _, _, info = env.step({**call, "arguments": {"security_code": "600900"}})
    assert '"esg_rate": "AAA"' in info["tool_result"] and info["events"] == ["asked_stockstar"]
    assert reward == pytest.approx(0.2)


# MobileWorld's mcp and ask_user on tasks with tools and a user ---------------------------------
MOBILEWORLD_MCP = (
    '{"action_type":"mcp","action_name":"amap_maps_weather","action_json":{"city":"杭州"}}'
)
KEVIN = "Kevin's phone number is 15551234567."


def inline_task(**overrides: Any) -> Any:
    """The inline Wi-Fi task with top-level fields replaced."""
    return parse_task(task_data(**overrides), "inline")


@pytest.mark.parametrize("observation", ["pixels", "html"])
def test_mobileworlds_mcp_action_returns_the_result_in_tool_call(observation: str) -> None:
    env = make_env(inline_task(tools=["amap"]), action_space="json", observation=observation)
    try:
        obs, info = env.reset(seed=0)
        assert obs["tool_call"] == "" and "amap_maps_weather" in obs["tools"]
        obs, _, _, _, info = env.step(MOBILEWORLD_MCP)
        assert info["action_error"] is None and info["parsed_action"].startswith("MCP(")
        assert info["tool_call"]["tool"] == "amap_maps_weather"
        assert info["tool_call"]["arguments"] == {"city": "杭州"}
        assert info["tool_call"]["is_error"] is False
        assert obs["tool_call"] == info["tool_call"]["result"] == info["tool_result"]
        assert json.loads(obs["tool_call"])["forecasts"][0]["date"] == "2025-10-16"
        assert env.observation_space.contains(obs)
        assert env.unwrapped.episode.agent.tool_calls == [("amap_maps_weather", {"city": "杭州"})]
    finally:
        env.close()


def test_ask_user_on_a_task_with_a_user_returns_ask_user_response() -> None:
    user = {
        "facts": [
            {"name": "kevin_phone", "aliases": ["Kevin's number"], "value": "1", "reply": KEVIN}
        ]
    }
    env = make_env(inline_task(user=user), action_space="json", observation="pixels")
    obs, _ = env.reset(seed=0)
    assert obs["ask_user_response"] == ""
    obs, _, _, _, info = env.step('{"action_type":"ask_user","text":"What is Kevin\'s number?"}')
    assert obs["ask_user_response"] == info["ask_user_response"] == KEVIN
    assert info["user_reply"] == KEVIN and env.observation_space.contains(obs)


# arbitrary output at the wrapper ----------------------------------------------------------------
_ENV: list[gym.Env] = []


def shared_env() -> gym.Env:
    if not _ENV:
        _ENV.append(make())
    return _ENV[0]


fields = st.fixed_dictionaries(
    {"action_type": st.sampled_from(ACTION_TYPES) | st.text(max_size=10)},
    optional={
        "index": st.integers(-3, 40) | st.text(max_size=4) | st.floats(),
        "x": st.integers(-100, 3000) | st.floats(),
        "y": st.integers(-100, 3000) | st.floats(),
        "text": st.text(max_size=20),
        "direction": st.sampled_from(["up", "down", "left", "right", "north", ""]),
        "goal_status": st.sampled_from(["complete", "infeasible", "", "perhaps"]),
        "app_name": st.sampled_from(["Settings", "Notes", "Nope", ""]),
        "tool": st.text(max_size=10),
        "arguments": st.dictionaries(st.text(max_size=3), st.integers()) | st.text(max_size=5),
    },
)
outputs = st.one_of(
    st.text(max_size=200),
    fields,
    st.builds(
        lambda before, action, after: f"{before}\n```json\n{json.dumps(action)}\n```{after}",
        st.text(max_size=30),
        fields,
        st.text(max_size=30),
    ),
)


@settings(max_examples=60, deadline=None)
@given(action=outputs)
def test_arbitrary_output_never_crashes_nor_fakes_success(action: Any) -> None:
    env = shared_env()
    env.reset(seed=0)
    phone = env.unwrapped.device
    before = phone.hierarchy_xml()
    observation, reward, terminated, truncated, info = env.step(action)
    assert env.observation_space.contains(observation)
    assert isinstance(reward, float) and np.isfinite(reward)
    assert isinstance(terminated, bool) and isinstance(truncated, bool)
    if info["success"]:
        assert phone.get_setting("global", "wifi_on") == "0"
    if info["invalid_action"]:
        assert info["action_error"] and phone.hierarchy_xml() == before
        assert info["agent_status"] is None and not terminated
