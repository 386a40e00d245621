"""Input events as an emulator receives them, and the standard touch sequences.

``Touch`` while the finger is down (a repeated touch is a move or a hold), ``Lift``,
``Text`` into the focused field, ``Key`` by Android key name, and ``Wait`` (time passes,
nothing happens). ``tap``, ``long_press`` and ``drag`` are the standard gestures as events:
a touch frame at each point of ``mobile_gym.gestures``, then a lift.
"""

from __future__ import annotations

from dataclasses import dataclass

from mobile_gym import gestures
from mobile_gym.checks import check_number
from mobile_gym.timing import DRAG_FRAMES


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
    """A tap at (x, y): the touch frames of ``gestures.tap``, then a lift."""
    return _gesture(gestures.tap(x, y))


def long_press(x: float, y: float) -> list[InputEvent]:
    """A long press at (x, y): the touch frames of ``gestures.long_press``, then a lift."""
    return _gesture(gestures.long_press(x, y))


def drag(x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES) -> list[InputEvent]:
    """Touch frames evenly spaced from (x1, y1) to (x2, y2), then a lift: a scroll or a swipe."""
    return _gesture(gestures.drag(x1, y1, x2, y2, frames))


def _gesture(points: list[gestures.Point]) -> list[InputEvent]:
    """A touch frame at each of ``points``, then a lift."""
    return [*(Touch(x, y) for x, y in points), Lift()]


def check_point(x: object, y: object) -> tuple[float, float]:
    """(x, y) as finite floats; ValueError naming the problem otherwise."""
    return check_number("touch x", x), check_number("touch y", y)
