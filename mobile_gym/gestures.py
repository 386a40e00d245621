"""Where the finger is in each touch frame of a gesture; every gesture then lifts it.

The one definition of the standard gestures (Mobile-Env's): a tap holds the finger still
for ``TAP_FRAMES`` frames, a long press for ``LONG_PRESS_FRAMES``, a drag (a scroll or a
swipe) moves it along a line in ``DRAG_FRAMES`` frames. The simulated phone's input events
(``mobile_gym.sim.input``, in pixels) and the env's touch-level actions
(``mobile_gym.actions``, normalised to [0, 1]) are both made from these points.
"""

from __future__ import annotations

from mobile_gym.timing import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES

Point = tuple[float, float]


def tap(x: float, y: float, frames: int = TAP_FRAMES) -> list[Point]:
    """The finger held still at (x, y) for ``frames`` touch frames."""
    return [(x, y)] * frames


def long_press(x: float, y: float, frames: int = LONG_PRESS_FRAMES) -> list[Point]:
    """A tap held for as many frames as a long press takes."""
    return tap(x, y, frames)


def drag(x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES) -> list[Point]:
    """``frames`` points evenly spaced from (x1, y1) to (x2, y2): a scroll or a swipe."""
    if frames < 2:
        raise ValueError("a drag needs at least 2 touch frames")
    return [
        (x1 + (x2 - x1) * i / (frames - 1), y1 + (y2 - y1) * i / (frames - 1))
        for i in range(frames)
    ]
