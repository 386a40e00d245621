"""Hostile actions through every action space preset: each is refused, none raises.

Every preset of ``mobile_gym.presets`` (the touch-level env and each action wrapper) gets
actions no agent should write but any may: huge integers, NaN, wrong types in every field,
unknown verbs, 10 MB of text, JSON nested 100,000 deep. Each step returns normally with an
``action_error`` that stays short, nothing is judged a success, and the next valid action
works. A seeded fuzz then steps each preset through its own space's samples, half of them
mutated with hostile values.
"""

from __future__ import annotations

import math
from typing import Any

import gymnasium as gym
import numpy as np
import pytest

import mobile_gym  # noqa: F401  (registers the envs)
from mobile_gym import actions, presets
from mobile_gym.commands import Command
from mobile_gym.spaces import ActionType
from mobile_gym.wrappers.element_actions import ElementActions
from tests.hostile_values import HUGE, TEN_MB, brackets, cycle, deep_call, nested, objects

WIFI_OFF = "MobileGym/settings.wifi_off-v0"
LONGEST_ERROR = 1_000
"""An action error is a sentence and the accepted forms: never a hostile value in full."""


VALID: dict[str, Any] = {
    "touch": actions.base_action(ActionType.REPEAT),
    "gesture": {"verb": "wait"},
    "element": np.array([4, 0]),  # back
    "grid": 36,  # back, after the 32 cells and 4 scrolls
    "text": "THINK: nothing yet\nACTION: WAIT",
    "json": '{"action_type": "wait"}',
    "mobile_env": "<think>nothing yet</think><action>DO_NOTHING()</action>",
}
assert set(VALID) == set(presets.ACTION_SPACES)

ANY_PRESET = {
    "None": None,
    "huge int": HUGE,
    "huge negative int": -HUGE,
    "nan": math.nan,
    "inf": math.inf,
    "string": "a",
    "three numbers": [1, 2, 3],
    "object array": objects(),
    "empty dict": {},
    "list 100,000 deep": nested(100_000),
    "10 MB of text": TEN_MB,
    "bytes": b"ACTION: WAIT",
    "complex": 1j,
    "bool": True,
}

GESTURE_FIELDS = {
    "huge": HUGE,
    "huge negative": -HUGE,
    "nan": math.nan,
    "inf": math.inf,
    "three numbers": [1, 2, 3],
    "None": None,
    "object array": objects(),
    "dict": {},
    "list 100,000 deep": nested(100_000),
    "complex": 1j,
}
GESTURE_READERS = {
    "verb": {},
    "position": {"verb": "click"},
    "end": {"verb": "swipe", "position": [0.5, 0.5]},
    "direction": {"verb": "scroll"},
    "key": {"verb": "key"},
    "text": {"verb": "type"},
}
GESTURE: dict[str, Any] = {
    **{
        f"{field} {name}": {**reader, field: value}
        for field, reader in GESTURE_READERS.items()
        for name, value in GESTURE_FIELDS.items()
    },
    "position huge pair": {"verb": "click", "position": [HUGE, -HUGE]},
    "position strings": {"verb": "long_press", "position": ["0.5", "0.5"]},
    "unknown verb": {"verb": "fly"},
    "verb index 99": {"verb": 99},
    "type 10 MB": {"verb": "type", "text": TEN_MB},
    "answer 10 MB": {"verb": "answer", "text": TEN_MB},
    "mcp_call 100,000 deep": {"verb": "mcp_call", "text": deep_call(100_000)},
    "mcp_call 1,000 deep": {"verb": "mcp_call", "text": deep_call(1_000)},
    "mcp_call not JSON": {"verb": "mcp_call", "text": "{"},
    "status unknown": {"verb": "status", "text": "maybe"},
    "command huge position": Command("click", HUGE, 0.5),
    "command string position": Command("swipe", 0.5, 0.5, "a", None),
    "command huge wait": Command("wait", ms=HUGE),
    "command wait of a day": Command("wait", ms=86_400_000),
    "command arguments 100,000 deep": Command(
        "mcp_call", tool="x", arguments={"a": nested(100_000)}
    ),
    "command arguments 65 deep": Command("mcp_call", tool="x", arguments={"a": nested(65)}),
    "command arguments cycle": Command("mcp_call", tool="x", arguments=cycle()),
    "command verb int": Command(HUGE),  # type: ignore[arg-type]
    "command text int": Command("type", text=HUGE),  # type: ignore[arg-type]
    "command tool object": Command("mcp_call", tool=objects()),  # type: ignore[arg-type]
    "command span nan": Command("scroll", direction="down", span=math.nan),
    "command direction huge": Command("scroll", direction=HUGE),  # type: ignore[arg-type]
    "command text 10 MB": Command("answer", text=TEN_MB),
}

ELEMENT: dict[str, Any] = {
    "index huge": np.array([0, HUGE], dtype=object),
    "verb huge": [HUGE, 0],
    "index nan": [0, math.nan],
    "index inf": [0, math.inf],
    "verb -1": [-1, 0],
    "index 1.5": [0, 1.5],
    "strings": np.array(["a", "b"]),
    "objects": objects(),
    "pair 100,000 deep": [nested(100_000), nested(100_000)],
}
ELEMENT_WITH_TEXT: dict[str, Any] = {
    "index huge": {"verb": "click", "index": HUGE},
    "verb huge": {"verb": HUGE, "index": 0},
    "verb unknown": {"verb": "fly", "index": 0},
    "verb None": {"verb": None, "index": 0},
    "verb array": {"verb": np.array([1, 2]), "index": 0},
    "index nan": {"verb": "click", "index": math.nan},
    "index object": {"verb": "click", "index": objects()},
    "index 100,000 deep": {"verb": "click", "index": nested(100_000)},
    "type 10 MB": {"verb": "type", "index": 0, "text": TEN_MB},
    "type huge int": {"verb": "type", "index": 0, "text": HUGE},
    "not a dict": [0, 0],
}

GRID = {"-1": -1, "38": 38, "3.0": 3.0, "huge array": np.array(10**18), "float32": np.float32(3)}

TEXT = {
    "mcp 100,000 deep": "ACTION: MCP(x, " + deep_call(100_000) + ")",
    "mcp 1,000 deep": 'ACTION: MCP(x, {"a": ' + brackets(1_000) + "})",
    "mcp whole call 1,000 deep": "ACTION: MCP(" + deep_call(1_000) + ")",
    "mcp python literal deep": "ACTION: MCP(x, {'a': " + "(" * 500 + ")" * 500 + "})",
    "brackets 16,000 deep": "ACTION: MCP(x, " + "[" * 16_000 + ")",
    "tap huge index": "ACTION: TAP(" + "9" * 5_000 + ")",
    "type 16,385 characters": 'ACTION: TYPE("' + "x" * 16_385 + '")',
    "unknown command": "ACTION: FLY(3)",
    "unclosed": "ACTION: TAP(" + "(" * 10_000,
    "empty": "",
}

JSON = {
    "mcp 100,000 deep": '{"action_type": "mcp", "tool": "x", "arguments": '
    + brackets(100_000)
    + "}",
    "mcp 1,000 deep": '{"action_type": "mcp", "tool": "x", "arguments": {"a": '
    + brackets(1_000)
    + "}}",
    "call 1,000 deep": deep_call(1_000),
    "braces 16,000 deep": "{" * 16_000,
    "dict arguments 100,000 deep": {
        "action_type": "mcp",
        "tool": "x",
        "arguments": {"a": nested(100_000)},
    },
    "dict arguments 65 deep": {"action_type": "mcp", "tool": "x", "arguments": {"a": nested(65)}},
    "dict arguments cycle": {"action_type": "mcp", "tool": "x", "arguments": cycle()},
    "dict arguments text deep": {
        "action_type": "mcp",
        "tool": "x",
        "arguments": "{" + brackets(5_000),
    },
    "dict x huge": {"action_type": "click", "x": HUGE, "y": 1},
    "dict index huge": {"action_type": "click", "index": HUGE},
    "dict index nan": {"action_type": "click", "index": math.nan},
    "dict action_type huge": {"action_type": HUGE},
    "dict action_type 10 MB": {"action_type": TEN_MB},
    "dict direction nested": {"action_type": "scroll", "direction": nested(100_000)},
    "dict goal object": {"action_type": "status", "goal_status": objects()},
    "dict app None": {"action_type": "open_app", "app_name": None},
    "dict input 10 MB": {"action_type": "input_text", "text": TEN_MB},
    "x as 5,000 digits": '{"action_type": "click", "x": ' + "9" * 5_000 + ', "y": 5}',
    "x as 1e999": '{"action_type": "click", "x": 1e999, "y": 5}',
    "unknown action_type": '{"action_type": "fly"}',
    "no object": "click the button",
}

MOBILE_ENV = {
    "call 100,000 deep": "<action>ANSWER(" + deep_call(100_000) + ")</action>",
    "literal 1,000 deep": "<action>ANSWER(" + "(" * 1_000 + ")" * 1_000 + ")</action>",
    "brackets 16,000 deep": "<action>CLICK(" + "[" * 16_000 + ")</action>",
    "click huge id": "<action>CLICK(" + "9" * 5_000 + ")</action>",
    "input 16,385 characters": '<action>INPUT(0, "' + "x" * 16_385 + '")</action>',
    "unknown function": "<action>FLY(3)</action>",
    "attribute call": "<action>os.system('ls')</action>",
    "unclosed": "<action>CLICK(" + "(" * 10_000,
    "no markup": "CLICK(3)",
    "empty": "",
}

BY_PRESET: dict[str, dict[str, Any]] = {
    "touch": {},
    "gesture": GESTURE,
    "element": ELEMENT,
    "grid": GRID,
    "text": TEXT,
    "json": JSON,
    "mobile_env": MOBILE_ENV,
}
CASES = [
    (preset, name, value)
    for preset in presets.ACTION_SPACES
    for name, value in {**ANY_PRESET, **BY_PRESET[preset]}.items()
]


def make(preset: str, **options: Any) -> gym.Env:
    return gym.make(WIFI_OFF, action_space=preset, max_steps="none", **options)


@pytest.fixture(scope="module")
def envs() -> dict[str, gym.Env]:
    return {preset: make(preset) for preset in presets.ACTION_SPACES}


def assert_refused_then_goes_on(env: gym.Env, action: Any, valid: Any) -> None:
    """``action`` is refused with a short error and judges nothing a success; ``valid``
    then works."""
    observation, reward, terminated, truncated, info = env.step(action)
    error = info["action_error"]
    assert isinstance(error, str) and error, error
    assert len(error) < LONGEST_ERROR, error
    assert (reward, terminated, truncated, info["success"]) == (0.0, False, False, False)
    assert env.observation_space.contains(observation)
    *_, info = env.step(valid)
    assert info["action_error"] is None


@pytest.mark.parametrize(("preset", "name", "action"), CASES, ids=[f"{p}-{n}" for p, n, _ in CASES])
def test_a_hostile_action_is_refused_in_every_preset(
    envs: dict[str, gym.Env], preset: str, name: str, action: Any
) -> None:
    env = envs[preset]
    env.reset(seed=0)
    assert_refused_then_goes_on(env, action, VALID[preset])


@pytest.mark.parametrize("name", list(ELEMENT_WITH_TEXT))
def test_a_hostile_action_is_refused_by_elements_with_text(name: str) -> None:
    env = ElementActions(make("touch"), with_text=True)
    env.reset(seed=0)
    assert_refused_then_goes_on(env, ELEMENT_WITH_TEXT[name], {"verb": "back"})


@pytest.mark.parametrize("observation", list(presets.OBSERVATIONS))
def test_refused_actions_are_observed_by_every_view(observation: str) -> None:
    env = make("json", observation=observation)
    env.reset(seed=0)
    for action in (JSON["mcp 1,000 deep"], TEN_MB, None, {"action_type": "click", "x": HUGE}):
        assert_refused_then_goes_on(env, action, VALID["json"])


def test_deep_json_names_the_nesting_and_legit_nesting_works(envs: dict[str, gym.Env]) -> None:
    nesting = "nested more than 64 levels deep"
    for preset, action in (
        ("touch", actions.base_action(ActionType.MCP_CALL, text=deep_call(1_000))),
        ("gesture", GESTURE["mcp_call 1,000 deep"]),
        ("gesture", GESTURE["command arguments 100,000 deep"]),
        ("text", TEXT["mcp whole call 1,000 deep"]),
        ("json", JSON["mcp 1,000 deep"]),
        ("json", JSON["dict arguments 100,000 deep"]),
    ):
        envs[preset].reset(seed=0)
        *_, info = envs[preset].step(action)
        assert nesting in info["action_error"], (preset, info["action_error"])
    env = envs["json"]
    env.reset(seed=0)
    arguments = '{"a": ' + brackets(60) + "}"
    *_, info = env.step('{"action_type": "mcp", "tool": "x", "arguments": ' + arguments + "}")
    assert info["action_error"] is None and "tool_result" in info


# seeded fuzz over each space's own samples, half of them made hostile -----------------------
HOSTILE_VALUES = (
    HUGE,
    -HUGE,
    math.nan,
    -math.inf,
    None,
    "",
    "x" * 5_000,
    [1, 2, 3],
    {},
    np.array([math.nan, 2.0]),
    objects(),
    nested(5_000),
    1j,
)
HOSTILE_TEXT = (
    brackets(200),
    "{" * 300,
    "9" * 5_000,
    "\ud800\x00\x1b",
    '{"action_type": "mcp", "tool": "x", "arguments": ' + brackets(100) + "}",
    "ACTION: MCP(x, " + brackets(100) + ")",
)


def mutate(action: Any, rng: np.random.Generator) -> Any:
    """``action`` with a field, or the whole of it, replaced by a hostile value, or hostile
    text spliced into it."""
    pick = HOSTILE_VALUES[int(rng.integers(len(HOSTILE_VALUES)))]
    if isinstance(action, str):
        text = HOSTILE_TEXT[int(rng.integers(len(HOSTILE_TEXT)))]
        cut = int(rng.integers(len(action) + 1))
        return action[:cut] + text + action[cut:]
    if isinstance(action, dict) and rng.random() < 0.8:
        field = list(action)[int(rng.integers(len(action)))]
        return {**action, field: pick}
    if isinstance(action, np.ndarray) and action.size and rng.random() < 0.5:
        mutated = action.astype(object)
        mutated[int(rng.integers(action.size))] = pick
        return mutated
    return pick


@pytest.mark.parametrize("preset", list(presets.ACTION_SPACES))
def test_seeded_fuzz_over_the_space_s_samples_never_raises(preset: str) -> None:
    env = make(preset)
    env.reset(seed=7)
    env.action_space.seed(7)
    rng = np.random.default_rng(7)
    refused = 0
    for _ in range(200):
        action = env.action_space.sample()
        hostile = rng.random() < 0.5
        if hostile:
            action = mutate(action, rng)
        observation, _, terminated, truncated, info = env.step(action)
        error = info["action_error"]
        assert error is None or (isinstance(error, str) and len(error) < LONGEST_ERROR), error
        assert env.observation_space.contains(observation)
        refused += error is not None
        if terminated or truncated:
            env.reset()
    assert refused >= 50  # about half the actions were hostile
