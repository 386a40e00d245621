"""The one check of numeric arguments: integers and finite numbers in a range."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from mobile_gym.checks import check_int, check_number


@pytest.mark.parametrize("value", [0, 7, np.int64(7), np.uint8(7), 10**30])
def test_an_integer_is_returned_as_an_int(value: Any) -> None:
    result = check_int("n", value)
    assert type(result) is int and result == value


@pytest.mark.parametrize("value", [True, False, 1.0, np.float32(1), "1", None, Fraction(1)])
def test_anything_but_an_integer_is_refused(value: Any) -> None:
    with pytest.raises(ValueError) as raised:
        check_int("n", value)
    assert str(raised.value) == f"n must be an integer, got {value!r}"


@pytest.mark.parametrize(
    ("low", "high", "value", "message"),
    [
        (1, None, 0, "max_steps must be a positive integer, got 0"),
        (0, None, -1, "max_steps must be a non-negative integer, got -1"),
        (2, None, 1, "max_steps must be an integer of at least 2, got 1"),
        (None, 5, 6, "max_steps must be an integer of at most 5, got 6"),
        (0, 9, 10, "max_steps must be an integer in 0..9, got 10"),
        (0, 9, -1, "max_steps must be an integer in 0..9, got -1"),
        (1, None, "x", "max_steps must be a positive integer, got 'x'"),
    ],
)
def test_the_error_names_the_argument_the_range_and_the_value(
    low: int | None, high: int | None, value: Any, message: str
) -> None:
    with pytest.raises(ValueError) as raised:
        check_int("max_steps", value, low, high)
    assert str(raised.value) == message


def test_the_bounds_are_inclusive() -> None:
    assert check_int("n", 0, 0, 9) == 0 and check_int("n", 9, 0, 9) == 9
    assert check_number("x", 0, 0.0, 1.0) == 0.0 and check_number("x", 1, 0.0, 1.0) == 1.0


@pytest.mark.parametrize("value", [0.25, 3, np.float32(0.5), np.int64(2), Fraction(1, 4)])
def test_a_finite_number_is_returned_as_a_float(value: Any) -> None:
    result = check_number("x", value)
    assert type(result) is float and result == float(value)


@pytest.mark.parametrize(
    "value", [True, math.nan, math.inf, -math.inf, 10**400, "0.5", None, [0.5]]
)
def test_anything_but_a_finite_number_is_refused(value: Any) -> None:
    with pytest.raises(ValueError, match=r"^touch x must be a finite number, got "):
        check_number("touch x", value)


def test_a_number_out_of_range_is_named_with_the_range() -> None:
    with pytest.raises(ValueError) as raised:
        check_number("x", 1.5, 0.0, 1.0)
    assert str(raised.value) == "x must be a number in [0, 1], got 1.5"
    with pytest.raises(ValueError) as raised:
        check_number("scale", 0.01, 0.05, 1.0)
    assert str(raised.value) == "scale must be a number in [0.05, 1], got 0.01"
    with pytest.raises(ValueError, match="x must be a finite number of at least 0, got -1"):
        check_number("x", -1, low=0.0)
