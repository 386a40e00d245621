"""Hostile touch-level actions: whatever an agent puts in an action, ``step`` returns.

Each field of the base env's action (and the action itself) gets values no policy should
produce but any may: numbers too large for a float, NaN, infinities, strings, None, wrong
shapes, object arrays, 10 MB of text, JSON nested 100,000 deep. Each step returns normally,
one frame passes, ``info["action_error"]`` names the field and a short form of the value,
nothing is judged a success, and the next valid action works. A position off the screen
but finite is clamped onto its edge.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest

from mobile_gym import actions
from mobile_gym.env import MobileEnv
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.timing import FRAME_MS
from tests.hostile_values import HUGE, TEN_MB, deep_call, nested, objects

LONGEST_ERROR = 300
"""An action error names the field and a short form of the value: never the value whole."""


def act(kind: ActionType, **fields: Any) -> dict[str, Any]:
    action = actions.base_action(kind)
    action.update(fields)
    return action


TYPES = {
    "huge": HUGE,
    "huge negative": -HUGE,
    "nan": math.nan,
    "inf": math.inf,
    "99": 99,
    "-1": -1,
    "1.5": 1.5,
    "bool": True,
    "string": "TOUCH",
    "None": None,
    "list": [0, 1],
    "dict": {},
    "object array": objects(),
    "float array": np.zeros(1000),
    "complex": 1j,
    "nested 100,000 deep": nested(100_000),
}
POSITIONS = {
    "one huge int": HUGE,
    "one huge negative int": -HUGE,
    "nan": math.nan,
    "inf": math.inf,
    "nan pair": [math.nan, 0.5],
    "inf pair": np.array([0.5, np.inf], np.float32),
    "three numbers": [1, 2, 3],
    "one number": [0.5],
    "string": "a",
    "two strings": ["0.5", "0.5"],
    "None": None,
    "dict": {"x": 0.5, "y": 0.5},
    "object array": objects(),
    "string array": np.array(["a", "b"]),
    "complex pair": [1j, 2j],
    "bools": np.array([True, False]),
    "bool": True,
    "nested 100,000 deep": nested(100_000),
    "huge array": np.zeros(100_000),
}
KEY_VALUES = {
    "huge": HUGE,
    "len(KEYS)": len(KEYS),
    "-1": -1,
    "nan": math.nan,
    "1.5": 1.5,
    "name": "BACK",
    "None": None,
    "bool": True,
    "array": np.array([1, 2]),
    "object array": objects(),
}
TEXTS = {
    "int": 5,
    "huge int": HUGE,
    "None": None,
    "bytes": b"hi",
    "list": ["complete"],
    "object array": objects(),
    "10 MB": TEN_MB,
}
TEXT_KINDS = (
    ActionType.TEXT,
    ActionType.ANSWER,
    ActionType.STATUS,
    ActionType.ASK_USER,
    ActionType.MCP_CALL,
)

HOSTILE: dict[str, tuple[Any, str]] = {
    **{f"action {k}": (v, "action_type must be an integer") for k, v in TYPES.items()},
    **{
        f"action_type {k}": (act(ActionType.LIFT, action_type=v), "action_type must be an")
        for k, v in TYPES.items()
    },
    "action_type missing": ({"touch_position": [0.5, 0.5]}, "action_type must be an integer"),
    **{
        f"touch_position {k}": (act(ActionType.TOUCH, touch_position=v), "touch_position")
        for k, v in POSITIONS.items()
    },
    "touch_position missing": ({"action_type": 0}, "touch_position must be two numbers"),
    **{
        f"key {k}": (act(ActionType.KEY, key=v), "key must be an index")
        for k, v in KEY_VALUES.items()
    },
    **{
        f"{kind.name} text {k}": (act(kind, text=v), f"{kind.name} needs a text string")
        for kind in TEXT_KINDS
        for k, v in TEXTS.items()
    },
    "MCP_CALL nested 1,000 deep": (
        act(ActionType.MCP_CALL, text=deep_call(1_000)),
        "MCP_CALL text is nested more than 64 levels deep",
    ),
    "MCP_CALL nested 65 deep": (
        act(ActionType.MCP_CALL, text=deep_call(65)),
        "MCP_CALL text is nested more than 64 levels deep",
    ),
    "MCP_CALL nested 100,000 deep": (
        act(ActionType.MCP_CALL, text=deep_call(100_000)),
        "MCP_CALL needs a text string of at most 4096 characters",
    ),
    "STATUS unknown": (act(ActionType.STATUS, text="x" * 4000), "STATUS text must be one of"),
    "ANSWER empty": (act(ActionType.ANSWER, text=""), "ANSWER needs text (not only spaces)"),
    "ANSWER only spaces": (act(ActionType.ANSWER, text=" \n "), "ANSWER needs text"),
    "ASK_USER empty": (act(ActionType.ASK_USER, text=""), "ASK_USER needs text"),
}


@pytest.fixture(scope="module")
def env() -> MobileEnv:
    env = MobileEnv("settings.wifi_off")
    env.reset(seed=0)
    return env


@pytest.mark.parametrize("case", list(HOSTILE))
def test_a_hostile_action_is_refused_and_the_episode_goes_on(env: MobileEnv, case: str) -> None:
    action, problem = HOSTILE[case]
    env.reset(seed=0)
    steps, ms = env.steps, env.device.phone.clock.elapsed_ms  # type: ignore[attr-defined]
    observation, reward, terminated, truncated, info = env.step(action)
    error = info["action_error"]
    assert problem in error, error
    assert len(error) < LONGEST_ERROR, error
    assert (reward, terminated, truncated, info["success"]) == (0.0, False, False, False)
    assert info["agent_status"] is None and env.observation_space.contains(observation)
    assert env.steps == steps + 1
    assert env.device.phone.clock.elapsed_ms == ms + FRAME_MS  # type: ignore[attr-defined]
    *_, info = env.step(actions.base_action(ActionType.REPEAT))
    assert info["action_error"] is None


@pytest.mark.parametrize(
    ("position", "corner"),
    [
        ([HUGE, -HUGE], (1, 0)),
        ([-HUGE, HUGE], (0, 1)),
        (np.array([HUGE, 0], dtype=object), (1, 0)),
        ((1e308, -1e308), (1, 0)),
    ],
)
def test_a_finite_position_however_far_off_the_screen_is_clamped_onto_it(
    env: MobileEnv, position: Any, corner: tuple[int, int]
) -> None:
    touched: list[tuple[float, float]] = []
    device = env.device
    env.reset(seed=0)
    real_touch = device.touch
    device.touch = lambda x, y: touched.append((x, y))  # type: ignore[method-assign]
    try:
        *_, info = env.step(act(ActionType.TOUCH, touch_position=position))
    finally:
        device.touch = real_touch  # type: ignore[method-assign]
    width, height = device.size
    assert info["action_error"] is None
    assert touched == [(corner[0] * (width - 1), corner[1] * (height - 1))]


def test_mcp_call_arguments_nested_to_the_limit_are_accepted(env: MobileEnv) -> None:
    env.reset(seed=0)
    *_, info = env.step(act(ActionType.MCP_CALL, text=deep_call(62)))  # 64 with the braces
    assert info["action_error"] is None and "tool_result" in info


def test_text_as_long_as_the_space_allows_is_accepted(env: MobileEnv) -> None:
    env.reset(seed=0)
    answer = "x" * env.action_space["text"].max_length
    *_, info = env.step(act(ActionType.ANSWER, text=answer))
    assert info["action_error"] is None
    assert env.episode.agent.answer == answer  # type: ignore[union-attr]
