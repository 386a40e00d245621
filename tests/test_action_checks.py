"""The checks every action passes: positions clamped or refused, text and JSON within
limits, and values shown briefly in messages whatever they hold."""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np
import pytest

from mobile_gym.checks import (
    MAX_JSON_DEPTH,
    SHOWN_LENGTH,
    check_json,
    check_nesting,
    check_number,
    check_pair,
    check_point,
    check_text,
    load_json,
    shown,
)
from tests.hostile_values import HUGE, cycle, deep_call, nested

# shown ---------------------------------------------------------------------------------------
SHOWN = {
    "huge int": (HUGE, "10000000000000000000... (401 digits)"),
    "huge negative int": (-HUGE, "-1000000000000000000... (401 digits)"),
    "10 MB string": ("a" * 10_000_000, f"{'a' * SHOWN_LENGTH!r}... (10,000,000 characters)"),
    "list 100,000 deep": (nested(100_000), "a list"),
    "int past Python's digit limit": (10**5000, "an integer of about 5,000 digits"),
    "float": (1.5, "1.5"),
    "short string": ("short", "'short'"),
}


@pytest.mark.parametrize("case", list(SHOWN))
def test_a_value_is_shown_briefly_whatever_it_holds(case: str) -> None:
    value, expected = SHOWN[case]
    assert shown(value) == expected


def test_a_long_repr_is_cut_and_its_length_said() -> None:
    text = shown(list(range(10_000)))
    assert text.startswith("[0, 1, 2") and text.endswith("... (58,890 characters)")
    assert len(text) < SHOWN_LENGTH + 30


def test_messages_show_huge_values_briefly() -> None:
    with pytest.raises(ValueError) as raised:
        check_number("x", HUGE, 0.0, 1.0)
    assert (
        str(raised.value)
        == "x must be a number in [0, 1], got 10000000000000000000... (401 digits)"
    )


# numbers and points --------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("value", "expected"),
    [(HUGE, 1.0), (-HUGE, 0.0), (1e308, 1.0), (-0.5, 0.0), (np.float32(2), 1.0), (0.25, 0.25)],
    ids=shown,
)
def test_clamping_puts_a_finite_number_on_the_nearer_bound(value: Any, expected: float) -> None:
    assert check_number("x", value, 0.0, 1.0, clamp=True) == expected


@pytest.mark.parametrize("value", [math.nan, math.inf, -math.inf, "0.5", None, True, 1j])
def test_clamping_still_refuses_what_is_not_a_finite_number(value: Any) -> None:
    with pytest.raises(ValueError, match=r"^x must be a finite number, got "):
        check_number("x", value, 0.0, 1.0, clamp=True)


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ([HUGE, -HUGE], (1.0, 0.0)),
        (np.array([2.0, -1.0], np.float32), (1.0, 0.0)),
        (np.array([[0.25, 0.75]]), (0.25, 0.75)),
        ((np.int64(1), 0), (1.0, 0.0)),
        (np.array([HUGE, 0.5], dtype=object), (1.0, 0.5)),
    ],
)
def test_a_point_off_the_screen_is_clamped(value: Any, expected: tuple[float, float]) -> None:
    point = check_point("touch_position", value, 0.0, 1.0, clamp=True)
    assert point == expected and all(type(v) is float for v in point)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        pytest.param(
            HUGE,
            "touch_position must be two numbers, got 10000000000000000000... (401 digits)",
            id="one huge int",
        ),
        ("ab", "touch_position must be two numbers, got 'ab'"),
        (None, "touch_position must be two numbers, got None"),
        ([1, 2, 3], "touch_position must be two numbers, got [1, 2, 3]"),
        (np.zeros(3), "touch_position must be two numbers, got array([0., 0., 0.])"),
        ({"x": 1, "y": 2}, "touch_position must be two numbers, got {'x': 1, 'y': 2}"),
        ([math.nan, 0.5], "touch_position[0] must be a finite number, got nan"),
        ([0.5, -math.inf], "touch_position[1] must be a finite number, got -inf"),
        (["0.5", "0.5"], "touch_position[0] must be a finite number, got '0.5'"),
        ([True, 0.5], "touch_position[0] must be a finite number, got True"),
        (np.array(["a", "b"]), "touch_position[0] must be a finite number, got 'a'"),
        (np.array([object(), 1], dtype=object), "touch_position[0] must be a finite number"),
    ],
)
def test_a_point_that_is_not_two_finite_numbers_is_named(value: Any, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        check_point("touch_position", value, 0.0, 1.0, clamp=True)
    assert str(raised.value).startswith(message)


def test_a_pair_leaves_its_items_to_the_caller() -> None:
    assert check_pair("p", np.array([1, 2], np.int8)) == (1, 2)
    assert check_pair("p", ("a", None)) == ("a", None)


# text ----------------------------------------------------------------------------------------
def test_text_within_its_length_is_returned() -> None:
    assert check_text("TEXT", "hi", 2) == "hi"
    assert check_text("TEXT", "x" * 10_000) == "x" * 10_000


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("abc", "TEXT needs a text string of at most 2 characters, not one of 3"),
        (5, "TEXT needs a text string, got 5"),
        (b"hi", "TEXT needs a text string, got b'hi'"),
        (None, "TEXT needs a text string, got None"),
    ],
)
def test_text_too_long_or_not_text_is_refused(value: Any, message: str) -> None:
    with pytest.raises(ValueError) as raised:
        check_text("TEXT", value, 2)
    assert str(raised.value) == message


# JSON ----------------------------------------------------------------------------------------
def test_json_nested_to_the_limit_is_read() -> None:
    text = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    assert load_json("t", text) == nested(MAX_JSON_DEPTH)
    assert check_json("t", {"a": nested(MAX_JSON_DEPTH - 1)}) == {"a": nested(MAX_JSON_DEPTH - 1)}


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 100_000])
def test_json_text_nested_deeper_is_refused_before_it_is_read(depth: int) -> None:
    with pytest.raises(ValueError, match=r"^t is nested more than 64 levels deep$"):
        load_json("t", deep_call(depth))


@pytest.mark.parametrize("depth", [MAX_JSON_DEPTH + 1, 1_000, 100_000])
def test_json_data_nested_deeper_is_refused(depth: int) -> None:
    with pytest.raises(ValueError, match=r"^t is nested more than 64 levels deep$"):
        check_json("t", {"a": nested(depth)})


def test_data_that_is_not_json_is_named() -> None:
    for value in (cycle(), {"f": object()}, {"n": 10**5000}):
        with pytest.raises(ValueError, match=r"^t must be JSON: |^t is nested more than"):
            check_json("t", value)
    assert check_json("t", {"p": (1, 2)}) == {"p": [1, 2]}


@pytest.mark.parametrize("number", [math.nan, math.inf, -math.inf])
def test_a_number_json_has_not_is_refused(number: float) -> None:
    with pytest.raises(ValueError, match=r"^t must be JSON: "):
        check_json("t", {"city": number})


@pytest.mark.parametrize("text", ['{"city": NaN}', "[Infinity]", '{"a": -Infinity}'])
def test_json_text_with_a_number_json_has_not_is_refused(text: str) -> None:
    with pytest.raises(
        ValueError, match=r"^t must be JSON: -?(Infinity|NaN) is not a JSON number$"
    ):
        load_json("t", text)


def test_nesting_counts_from_any_point_of_the_text() -> None:
    """Closers before the openers do not hide them: JSON read from the middle of the text
    (as a lenient reader does, at each brace) is within the limit too."""
    deep = "]" * 1_000 + "[" * (MAX_JSON_DEPTH + 1)
    with pytest.raises(ValueError, match="nested more than"):
        check_nesting("t", deep)
    balanced = "[]" * 10_000 + json.dumps(nested(MAX_JSON_DEPTH))
    assert check_nesting("t", balanced) == balanced
