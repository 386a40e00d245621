"""Input events as an emulator receives them, and the standard touch sequences.

``Touch`` while the finger is down (a repeated touch is a move or a hold), ``Lift``,
``Text`` into the focused field, ``Key`` by Android key name, and ``Wait`` (time passes,
nothing happens). The sequences are Mobile-Env's: 3 touches + lift taps, 10 touches + lift
long-presses, 10 touches along a line + lift scrolls or swipes.
"""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass

from mobile_gym.timing import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES


@dataclass(frozen=True)
class Touch:
    """The finger is down at (x, y) in screen pixels."""

    x: float
    y: float


@dataclass(frozen=True)
class Lift:
    """The finger leaves the screen."""


@dataclass(frozen=True)
class Text:
    """Text typed into the focused field (``input text``)."""

    text: str


@dataclass(frozen=True)
class Key:
    """A key press by Android key name (``BACK``, ``HOME``, ``ENTER``, ...) or code."""

    key: str | int


@dataclass(frozen=True)
class Wait:
    """Nothing is pressed for ``ms`` milliseconds."""

    ms: int


InputEvent = Touch | Lift | Text | Key | Wait


def tap(x: float, y: float) -> list[InputEvent]:
    return [Touch(x, y)] * TAP_FRAMES + [Lift()]


def long_press(x: float, y: float) -> list[InputEvent]:
    return [Touch(x, y)] * LONG_PRESS_FRAMES + [Lift()]


def line(
    x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES
) -> list[tuple[float, float]]:
    """``frames`` points evenly spaced from (x1, y1) to (x2, y2): the path of a drag."""
    if frames < 2:
        raise ValueError("a drag needs at least 2 touch frames")
    return [
        (x1 + (x2 - x1) * i / (frames - 1), y1 + (y2 - y1) * i / (frames - 1))
        for i in range(frames)
    ]


def drag(x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES) -> list[InputEvent]:
    """Touch frames evenly spaced from (x1, y1) to (x2, y2), then lift: a scroll or a swipe."""
    return [*(Touch(x, y) for x, y in line(x1, y1, x2, y2, frames)), Lift()]


def check_point(x: object, y: object) -> tuple[float, float]:
    """(x, y) as finite floats; ValueError naming the problem otherwise."""
    if type(x) is float and type(y) is float and x - x == 0.0 and y - y == 0.0:
        return x, y  # the common case, finite floats
    for name, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, numbers.Real):
            raise ValueError(f"touch {name} must be a number, got {value!r}")
        if not math.isfinite(float(value)):
            raise ValueError(f"touch {name} must be finite, got {value!r}")
    return float(x), float(y)  # type: ignore[arg-type]
