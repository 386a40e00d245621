"""Checks of arguments: one wording for "this argument is not what was asked for".

Every action the env and its wrappers read, and every numeric option, passes through here;
each check returns the value as plain Python data or raises ValueError naming the argument
and the value, e.g. ``max_steps must be a positive integer, got 0``.

- ``check_int``: an integer (a Python or numpy integer, never a bool) in a range.
- ``check_number``: a finite real number (never a bool) in a range. With ``clamp``, a real
  number past a bound is put on that bound instead, however far past it is (an integer
  too large for a float too); NaN and the infinities are still refused.
- ``check_point``: two such numbers (a position), given as ``check_pair`` takes them: a list
  or tuple of two or an array of two elements; anything else (a string, None, three
  numbers) is refused.
- ``check_text``: a ``str`` of at most ``max_length`` characters.
- ``load_json`` / ``check_json``: JSON text, or JSON data, nested at most
  ``MAX_JSON_DEPTH`` levels deep. ``check_nesting`` counts the brackets of the text before
  any parser recurses into it (brackets inside strings count too: a string of 65 ``[``
  is refused along with real nesting).

Messages show a value with ``shown``: its repr cut to ``SHOWN_LENGTH`` characters, so a
10 MB string or an integer of thousands of digits is never printed in full.
"""

from __future__ import annotations

import json
import math
import numbers
import re
from functools import partial
from typing import Any, NoReturn

import numpy as np

SHOWN_LENGTH = 60
"""The most characters of a value's repr that an error message shows."""
MAX_JSON_DEPTH = 64
"""The deepest nesting of lists and objects accepted in JSON (tool arguments nest a few
levels; a parser recursing thousands of levels deep would crash)."""

_BRACKETS = re.compile(r"[\[\]{}]")


def shown(value: object) -> str:
    """``repr(value)`` for an error message: cut to ``SHOWN_LENGTH`` characters, its length
    said when cut; a value whose repr fails (nested too deep, an integer of more digits
    than Python writes) is named by its type."""
    if isinstance(value, str) and len(value) > SHOWN_LENGTH:
        return f"{value[:SHOWN_LENGTH]!r}... ({len(value):,} characters)"
    try:
        text = repr(value)
    except Exception:  # a repr that cannot be made is no reason to fail the message
        if isinstance(value, int):
            return f"an integer of about {int(value.bit_length() * math.log10(2)):,} digits"
        return f"a {type(value).__name__}"
    if len(text) <= SHOWN_LENGTH:
        return text
    if isinstance(value, int):
        return f"{text[:20]}... ({len(text.lstrip('-')):,} digits)"
    return f"{text[:SHOWN_LENGTH]}... ({len(text):,} characters)"


def check_int(name: str, value: object, low: int | None = None, high: int | None = None) -> int:
    """``value`` as an int if it is an integer, not a bool, in ``low..high`` (a bound left
    out is no bound); otherwise ValueError naming ``name`` and ``value``."""
    if (
        (type(value) is int or (isinstance(value, numbers.Integral) and type(value) is not bool))
        and (low is None or value >= low)  # type: ignore[operator]
        and (high is None or value <= high)  # type: ignore[operator]
    ):
        return int(value)  # type: ignore[call-overload]
    raise ValueError(f"{name} must be {_integers(low, high)}, got {shown(value)}")


def check_number(
    name: str,
    value: object,
    low: float | None = None,
    high: float | None = None,
    *,
    clamp: bool = False,
) -> float:
    """``value`` as a float if it is a finite real number, not a bool, in ``[low, high]`` (a
    bound left out is no bound); with ``clamp``, a real number past a bound (however far:
    an integer too large for a float too) is put on it. Otherwise ValueError naming
    ``name`` and ``value``."""
    if type(value) in (float, int) or (  # the common case first: no ABC to ask
        isinstance(value, numbers.Real) and not isinstance(value, bool)
    ):
        try:
            number = float(value)  # type: ignore[arg-type]
            finite = math.isfinite(number)
        except OverflowError:  # an integer too large for a float: finite, past any bound
            number, finite = (math.inf if value > 0 else -math.inf), clamp  # type: ignore[operator]
        if finite:
            if low is not None and number < low:
                number = float(low) if clamp else math.nan
            elif high is not None and number > high:
                number = float(high) if clamp else math.nan
            if math.isfinite(number):
                return number
    wanted = "a finite number" if clamp else _numbers(low, high)
    raise ValueError(f"{name} must be {wanted}, got {shown(value)}")


def check_point(
    name: str,
    value: object,
    low: float | None = None,
    high: float | None = None,
    *,
    clamp: bool = False,
) -> tuple[float, float]:
    """``value`` as two floats if it is two numbers (``check_pair``), each checked as
    ``check_number`` checks it (``name[0]``, ``name[1]``); otherwise ValueError naming
    ``name`` and ``value``."""
    x, y = check_pair(name, value)
    if (  # the common case first: two floats in range
        type(x) is float
        and type(y) is float
        and (low is None or (x >= low and y >= low))
        and (high is None or (x <= high and y <= high))
    ):
        return x, y
    return (
        check_number(f"{name}[0]", x, low, high, clamp=clamp),
        check_number(f"{name}[1]", y, low, high, clamp=clamp),
    )


def check_pair(name: str, value: object) -> tuple[Any, Any]:
    """The two items of ``value`` if it is a list or tuple of two, or an array of two
    elements in any shape (as Python scalars); otherwise ValueError naming ``name`` and
    ``value``. What the items are is left to the caller to check."""
    if isinstance(value, np.ndarray):
        if value.size == 2:
            x, y = np.asarray(value).reshape(-1).tolist()
            return x, y
    elif isinstance(value, list | tuple) and len(value) == 2:
        return value[0], value[1]
    raise ValueError(f"{name} must be two numbers, got {shown(value)}")


def check_flag(name: str, value: object) -> bool:
    """``value`` if it is True or False (a numpy bool too); otherwise ValueError naming
    ``name`` and ``value`` (``"no"``, 0 or None are no flags)."""
    if isinstance(value, bool | np.bool_):
        return bool(value)
    raise ValueError(f"{name} must be True or False, got {shown(value)}")


def check_text(name: str, value: object, max_length: int | None = None) -> str:
    """``value`` if it is a ``str`` of at most ``max_length`` characters (None: any length);
    otherwise ValueError naming ``name`` (and the length, or the value)."""
    if isinstance(value, str):
        if max_length is None or len(value) <= max_length:
            return value
        raise ValueError(
            f"{name} needs a text string of at most {max_length} characters, not one of "
            f"{len(value):,}"
        )
    raise ValueError(f"{name} needs a text string, got {shown(value)}")


def load_json(name: str, text: str) -> Any:
    """The JSON value ``text`` holds. ValueError if it nests deeper than
    ``MAX_JSON_DEPTH`` (``check_nesting``) or holds ``NaN`` or ``Infinity`` (which JSON has
    not); ``json.JSONDecodeError`` (a ValueError) if it is not JSON."""
    return json.loads(check_nesting(name, text), parse_constant=partial(_not_a_number, name))


def _not_a_number(name: str, constant: str) -> NoReturn:
    raise ValueError(f"{name} must be JSON: {constant} is not a JSON number")


def check_json(name: str, value: object) -> Any:
    """``value`` as plain JSON data (a copy made through JSON text: tuples become lists) if
    it is JSON data (no NaN or infinite number) nested at most ``MAX_JSON_DEPTH`` deep;
    otherwise ValueError naming ``name``."""
    try:
        text = json.dumps(value, allow_nan=False)
    except RecursionError:  # nested deeper than the encoder can follow, or a cycle
        raise ValueError(_too_deep(name)) from None
    except (TypeError, ValueError) as exc:
        raise ValueError(f"{name} must be JSON: {exc}") from None
    return load_json(name, text)


def check_nesting(name: str, text: str) -> str:
    """``text`` if no bracket in it (``[`` or ``{``, in strings too) is nested more than
    ``MAX_JSON_DEPTH`` deep, counting from any point of it: JSON read from anywhere in it
    nests no deeper. Otherwise ValueError naming ``name``."""
    if text.count("[") + text.count("{") > MAX_JSON_DEPTH:  # else it cannot nest deeper
        depth = 0
        for bracket in _BRACKETS.findall(text):
            depth = depth + 1 if bracket in "[{" else max(depth - 1, 0)
            if depth > MAX_JSON_DEPTH:
                raise ValueError(_too_deep(name))
    return text


def _too_deep(name: str) -> str:
    return f"{name} is nested more than {MAX_JSON_DEPTH} levels deep"


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
