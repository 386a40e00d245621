"""The fields a label carries beyond AndroidWorld's JSON schema, a scroll's ``span`` and a
wait's ``ms``: read, written back, checked as a ``Command``'s, and carried out by the
``json`` action space."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from mobile_gym.commands import MAX_WAIT_MS
from mobile_gym.registration import make_env
from mobile_gym.timing import FRAME_MS
from mobile_gym.wrappers.json_actions import (
    JsonActionError,
    JsonCommand,
    json_action,
    parse_json_action,
)
from mobile_gym.wrappers.text_commands import ParsedCommand


@pytest.mark.parametrize(
    ("action", "expected"),
    [
        ({"action_type": "scroll", "direction": "down", "span": 0.508}, {"span": 0.508}),
        ({"action_type": "scroll", "direction": "up", "index": 2, "span": 1}, {"span": 1.0}),
        ({"action_type": "scroll", "direction": "down", "span": "0.25"}, {"span": 0.25}),
        ({"action_type": "wait", "ms": 10000}, {"ms": 10000}),
        ({"action_type": "wait", "ms": 0}, {"ms": 0}),
        ({"action_type": "wait", "ms": "1500"}, {"ms": 1500}),
        ({"action_type": "wait", "ms": 2000.0}, {"ms": 2000}),
    ],
)
def test_a_span_or_a_length_is_read_and_written_back(
    action: dict[str, Any], expected: dict[str, Any]
) -> None:
    parsed = parse_json_action(action)
    assert isinstance(parsed, JsonCommand)
    assert {"span": parsed.span, "ms": parsed.ms} == {"span": None, "ms": None, **expected}
    written = json_action(parsed)
    assert {key: written[key] for key in expected} == expected
    assert type(written[next(iter(expected))]) is type(next(iter(expected.values())))
    assert parse_json_action(written) == parsed
    assert parse_json_action(json.dumps(written)) == parsed


@pytest.mark.parametrize(
    "action",
    [
        {"action_type": "scroll", "direction": "down"},
        {"action_type": "scroll", "direction": "down", "span": None},
        {"action_type": "wait"},
        {"action_type": "wait", "ms": None},
        {"action_type": "click", "index": 1, "span": 0.5},  # not a field of a click
        {"action_type": "swipe", "direction": "up", "ms": 500},
    ],
)
def test_without_them_an_action_reads_as_androidworld_s(action: dict[str, Any]) -> None:
    parsed = parse_json_action(action)
    assert type(parsed) is ParsedCommand
    assert not {"span", "ms"} & set(json_action(parsed))


@pytest.mark.parametrize(
    ("action", "problem"),
    [
        ({"action_type": "scroll", "direction": "down", "span": 0}, "span must be above 0"),
        ({"action_type": "scroll", "direction": "down", "span": 1.5}, r"span must be a number in \[0, 1\]"),
        ({"action_type": "scroll", "direction": "down", "span": "far"}, "span must be a number"),
        ({"action_type": "scroll", "direction": "down", "span": True}, "span must be a number"),
        ({"action_type": "scroll", "direction": "down", "span": math.nan}, "span must be a number"),
        ({"action_type": "wait", "ms": -1}, f"ms must be an integer in 0..{MAX_WAIT_MS}"),
        ({"action_type": "wait", "ms": MAX_WAIT_MS + 1}, f"ms must be an integer in 0..{MAX_WAIT_MS}"),
        ({"action_type": "wait", "ms": 10.5}, "ms must be an integer"),
        ({"action_type": "wait", "ms": [1000]}, "ms must be an integer"),
        ({"action_type": "wait", "ms": 10**400}, "ms must be an integer"),
    ],
)  # fmt: skip
def test_a_malformed_span_or_length_is_refused(action: dict[str, Any], problem: str) -> None:
    with pytest.raises(JsonActionError, match=problem):
        parse_json_action(action)


@pytest.fixture
def env() -> Any:
    env = make_env("settings.wifi_off", action_space="json", observation="text", max_steps="none")
    env.reset(seed=0)
    yield env
    env.close()


@pytest.mark.parametrize("ms", [None, 0, 1000, 2020])
def test_a_wait_lasts_its_length(env: Any, ms: int | None) -> None:
    before = env.step({"action_type": "wait"})[-1]["step"]
    action = {"action_type": "wait"} if ms is None else {"action_type": "wait", "ms": ms}
    info = env.step(json.dumps(action))[-1]
    assert info["action_error"] is None and not info["invalid_action"]
    assert info["step"] - before == (1 if ms is None else max(1, math.ceil(ms / FRAME_MS)))


def test_a_malformed_span_is_refused_with_an_action_error(env: Any) -> None:
    info = env.step('{"action_type": "scroll", "direction": "down", "span": 2}')[-1]
    assert info["invalid_action"] and info["parsed_action"] is None
    assert "scroll: span must be a number in [0, 1], got 2" in info["action_error"]
