"""Commands: what each one checks, its touch-level actions, and how it is carried out or
refused on the env."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

from mobile_gym.commands import (
    DIRECTIONS,
    VERBS,
    Command,
    CommandError,
    refuse,
    run_command,
    touches,
)
from mobile_gym.env import MobileEnv
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.timing import FRAME_MS

T, L = ActionType.TOUCH, ActionType.LIFT


def kinds(sequence: list[dict[str, Any]]) -> list[ActionType]:
    return [ActionType(a["action_type"]) for a in sequence]


VALID = {
    "click": Command("click", 0.5, 0.5),
    "double_tap": Command("double_tap", 0.5, 0.5),
    "long_press": Command("long_press", 0.5, 0.5),
    "swipe": Command("swipe", 0.5, 0.8, 0.5, 0.2),
    "scroll": Command("scroll", direction="down"),
    "type": Command("type", 0.5, 0.1, text="hi"),
    "key": Command("key", key="BACK"),
    "open_app": Command("open_app", app="Settings"),
    "wait": Command("wait", ms=120),
    "answer": Command("answer", text="42"),
    "status": Command("status", text="complete"),
    "ask_user": Command("ask_user", text="Which one?"),
    "mcp_call": Command("mcp_call", tool="maps.search", arguments={"q": "café"}),
}


def test_there_is_a_valid_command_of_every_verb() -> None:
    assert set(VALID) == set(VERBS) and DIRECTIONS == ("up", "down", "left", "right")
    for command in VALID.values():
        command.check()


@pytest.mark.parametrize(
    ("verb", "expected"),
    [
        ("click", [T] * 3 + [L]),
        ("double_tap", ([T] * 3 + [L]) * 2),
        ("long_press", [T] * 10 + [L]),
        ("swipe", [T] * 10 + [L]),
        ("scroll", [T] * 10 + [L]),
        ("type", [T] * 3 + [L, ActionType.TEXT]),
        ("key", [ActionType.KEY]),
        ("wait", [ActionType.REPEAT] * 3),  # 120 ms: three frames of 50 ms
        ("answer", [ActionType.ANSWER]),
        ("status", [ActionType.STATUS]),
        ("ask_user", [ActionType.ASK_USER]),
        ("mcp_call", [ActionType.MCP_CALL]),
    ],
)
def test_each_verb_has_its_touch_sequence(verb: str, expected: list[ActionType]) -> None:
    assert kinds(touches(VALID[verb])) == expected


def test_the_touches_carry_the_command_s_fields() -> None:
    (key,) = touches(VALID["key"])
    assert KEYS[key["key"]] == "BACK"
    assert touches(VALID["type"])[-1]["text"] == "hi"
    (typed,) = touches(Command("type", text="hi"))  # no position: into the focused field
    assert typed["action_type"] == ActionType.TEXT and typed["text"] == "hi"
    (call,) = touches(VALID["mcp_call"])
    assert json.loads(call["text"]) == {"tool": "maps.search", "arguments": {"q": "café"}}
    scroll = touches(Command("scroll", 0.3, 0.6, direction="down", span=0.2))
    path = np.array([a["touch_position"] for a in scroll[:-1]])
    np.testing.assert_allclose(path[-1] - path[0], [0.0, -0.2], atol=1e-6)  # the finger moves up
    np.testing.assert_allclose(path.mean(axis=0), [0.3, 0.6], atol=1e-6)
    assert kinds(touches(Command("wait"))) == [ActionType.REPEAT]
    assert kinds(touches(Command("wait", ms=0))) == [ActionType.REPEAT]
    assert len(touches(Command("wait", ms=FRAME_MS + 1))) == 2


def test_open_app_has_no_fixed_touch_sequence() -> None:
    with pytest.raises(CommandError, match="no fixed touch sequence"):
        touches(VALID["open_app"])


@pytest.mark.parametrize(
    ("command", "message"),
    [
        (Command("fly"), "unknown action 'fly'; actions: click, double_tap"),
        (Command(3), "unknown action 3"),  # type: ignore[arg-type]
        (Command("click", 1.5, 0.5), "click: x must be a number in [0, 1], got 1.5"),
        (Command("click", 0.5, float("nan")), "click: y must be a number in [0, 1], got nan"),
        (Command("click", True, 0.5), "click: x must be a number in [0, 1], got True"),
        (Command("swipe", 0.5, 0.5, "a", 0.5), "swipe: x2 must be a number in [0, 1], got 'a'"),
        (Command("type", text=None), "type: text needs a text string, got None"),  # type: ignore[arg-type]
        (
            Command("type", 0.5, 0.5, text="a" * 4097),  # refused before the tap on the field
            "type: text needs a text string of at most 4096 characters, not one of 4,097",
        ),
        (Command("scroll", direction="down", span=0.0), "scroll: span must be above 0, got 0.0"),
        (Command("scroll", direction="down", span=2), "scroll: span must be a number in [0, 1]"),
        (Command("wait", ms=-1), "wait: ms must be an integer in 0..60000, got -1"),
        (Command("wait", ms=True), "wait: ms must be an integer in 0..60000, got True"),
        (Command("answer", arguments=[]), "answer: arguments must be a JSON object, got []"),  # type: ignore[arg-type]
        (Command("click"), "click needs a position"),
        (Command("click", x=0.5), "click: a position needs both x and y, got only one"),
        (Command("type", y=0.5, text="a"), "type: a position needs both x and y, got only one"),
        (Command("scroll", x=0.5, direction="down"), "scroll: a position needs both x"),
        (Command("swipe", 0.5, 0.5), "swipe needs an end position"),
        (Command("scroll", direction="sideways"), "scroll direction must be one of"),
        (Command("key", key="NOPE"), "unknown Android key"),
        (Command("status", text="done"), "status must be one of ('complete', 'infeasible')"),
        (Command("open_app", app=" "), "open_app needs an app name"),
        (Command("type", text=""), "type needs text to type"),
        (Command("type", 0.5, 0.5), "type needs text to type"),
        (Command("answer"), "answer needs text (not only spaces)"),
        (Command("answer", text=" \t\n"), "answer needs text (not only spaces)"),
        (Command("ask_user", text=""), "ask_user needs text (not only spaces)"),
        (Command("ask_user", text="   "), "ask_user needs text (not only spaces)"),
        (
            Command("mcp_call", tool="t", arguments={"f": object()}),
            "mcp_call arguments must be JSON",
        ),
        (Command("mcp_call"), "mcp_call needs a tool name"),
    ],
)
def test_a_bad_command_is_named(command: Command, message: str) -> None:
    with pytest.raises(CommandError) as raised:
        command.check()
    assert str(raised.value).startswith(message)


# on the env ------------------------------------------------------------------------------------
@pytest.fixture
def env() -> MobileEnv:
    env = MobileEnv("settings.wifi_off")
    env.reset(seed=0)
    return env


def _frames(env: MobileEnv) -> tuple[int, int]:
    return env.steps, env.device.phone.clock.elapsed_ms  # type: ignore[attr-defined]


def test_a_refused_action_lets_one_frame_pass_and_says_why(env: MobileEnv) -> None:
    steps, ms = _frames(env)
    observation, reward, terminated, truncated, info = refuse(env, "no such thing")
    assert _frames(env) == (steps + 1, ms + FRAME_MS)
    assert (reward, terminated, truncated, info["action_error"]) == (
        0.0,
        False,
        False,
        "no such thing",
    )
    assert observation["screen"] is not None


def test_a_bad_command_is_refused_when_run(env: MobileEnv) -> None:
    steps, ms = _frames(env)
    *_, info = run_command(env, Command("click", 2.0, 0.5))
    assert _frames(env) == (steps + 1, ms + FRAME_MS)
    assert info["action_error"] == "click: x must be a number in [0, 1], got 2.0"


@pytest.mark.parametrize(
    "command",
    [Command("type", 0.5, 0.1, text=""), Command("answer", text=" "), Command("ask_user")],
)
def test_a_command_with_no_text_is_refused_when_run(env: MobileEnv, command: Command) -> None:
    steps, ms = _frames(env)
    *_, info = run_command(env, command)
    assert _frames(env) == (steps + 1, ms + FRAME_MS)  # no tap on the field either
    assert info["action_error"].startswith(f"{command.verb} needs text")
    assert env.episode.agent.answers == 0 and env.episode.agent.questions == []


def test_run_command_plays_the_command_s_touches(env: MobileEnv) -> None:
    *_, info = run_command(env, Command("swipe", 0.5, 0.75, 0.5, 0.25))  # up: the app drawer
    assert info["action_error"] is None and env.steps == 11
    assert env.device.foreground()[0] == "com.android.launcher3"


def test_open_app_opens_the_app_from_the_drawer(env: MobileEnv) -> None:
    *_, info = run_command(env, Command("open_app", app=" settings "))
    assert info["action_error"] is None
    assert env.steps == 1 + 11 + 4  # HOME, the swipe up, the click on the icon
    assert env.device.foreground()[0] == "com.android.settings"


def test_open_app_of_an_app_not_in_the_drawer_says_so(env: MobileEnv) -> None:
    observation, *_, info = run_command(env, Command("open_app", app="Nope"))
    assert info["action_error"] == "no app named 'Nope' in the app drawer"
    assert env.steps == 1 + 11 + 1  # HOME and the swipe up were made, then a frame passed
    assert observation is not None  # the action's one observed step
