"""Checks of numeric arguments: one wording for "this argument is not the number asked for".

``check_int`` takes an integer (a Python or numpy integer, never a bool) in a range;
``check_number`` a finite real number (never a bool) in a range. Each returns the value as a
plain ``int`` or ``float`` and otherwise raises ValueError naming the argument and the value,
e.g. ``max_steps must be a positive integer, got 0``.
"""

from __future__ import annotations

import math
import numbers


def check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int if it is an integer, not a bool, in ``low..high`` (a bound left
    out is no bound); otherwise ValueError naming ``name`` and ``value``."""
    if (
        (type(value) is int or (isinstance(value, numbers.Integral) and type(value) is not bool))
        and (low is None or value >= low)  # type: ignore[operator]
        and (high is None or value <= high)  # type: ignore[operator]
    ):
        return int(value)  # type: ignore[call-overload]
    raise ValueError(f"{name} must be {_integers(low, high)}, got {value!r}")


def check_number(
    name: str, value: object, low: float | None = None, high: float | None = None
) -> float:
    """``value`` as a float if it is a finite real number, not a bool, in ``[low, high]`` (a
    bound left out is no bound); otherwise ValueError naming ``name`` and ``value``."""
    if type(value) in (float, int) or (  # the common case first: no ABC to ask
        isinstance(value, numbers.Real) and not isinstance(value, bool)
    ):
        try:
            number = float(value)  # type: ignore[arg-type]
        except OverflowError:  # an integer too large for a float
            number = math.inf
        if (
            math.isfinite(number)
            and (low is None or number >= low)
            and (high is None or number <= high)
        ):
            return number
    raise ValueError(f"{name} must be {_numbers(low, high)}, got {value!r}")


def _integers(low: int | None, high: int | None) -> str:
    if low is not None and high is not None:
        return f"an integer in {low}..{high}"
    if low == 0:
        return "a non-negative integer"
    if low == 1:
        return "a positive integer"
    if low is not None:
        return f"an integer of at least {low}"
    if high is not None:
        return f"an integer of at most {high}"
    return "an integer"


def _numbers(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"a number in [{low:g}, {high:g}]"
    if low is not None:
        return f"a finite number of at least {low:g}"
    if high is not None:
        return f"a finite number of at most {high:g}"
    return "a finite number"
