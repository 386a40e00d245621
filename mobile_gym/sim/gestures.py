"""The gesture recogniser: turns a stream of touch frames into taps, long presses,
scrolls, seeks and swipes, on the phone's virtual clock.

Timing follows Android's ViewConfiguration: a press held 400 ms without moving more than
the 8 dp touch slop is a long press; movement past the slop starts a scroll of the
scrollable container under the finger (content follows the finger one to one, with no
momentum unless asked for), or a swipe when nothing under the finger scrolls.

Android fires a long press on a timer, whether or not new touch events come: a touch frame
at or after the timeout finds it, and so does ``hold`` (time passed with the finger down
and no new frame: a wait, or the moment of the lift), once the timeout is past.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Protocol

LONG_PRESS_MS = 400
TOUCH_SLOP_DP = 8
SWIPE_MIN_DP = 48
FLING_MS = 150
"""With momentum on, a scroll keeps going for the distance the lift velocity covers in this time."""


class Surface(Protocol):
    """What the recogniser drives: the phone's screen."""

    def seekable_at(self, x: float, y: float) -> bool: ...
    def seek(self, x: float, y: float, to_x: float) -> None: ...
    def scrollable_at(self, x: float, y: float) -> bool: ...
    def scroll(self, x: float, y: float, dy: float) -> bool: ...
    def long_press(self, x: float, y: float) -> bool: ...
    def tap(self, x: float, y: float) -> None: ...
    def swipe(self, x: float, y: float, direction: str) -> None: ...


@dataclass
class Gesture:
    """The touch in progress (plain data, part of the phone's snapshot)."""

    down_x: float
    down_y: float
    down_ms: int
    last_x: float
    last_y: float
    last_ms: int
    mode: str = "press"  # press | seek | scroll | swipe | cancelled
    long_checked: bool = False
    seek_checked: bool = False
    long_pressed: bool = False
    scrolled: bool = False
    velocity_y: float = 0.0

    def awaits_long_press(self) -> bool:
        """Whether it is a press not yet looked at for a long press."""
        return self.mode == "press" and not self.long_checked


class GestureRecognizer:
    """Feeds touch frames to a ``Surface``; ``gesture`` is None while the finger is up."""

    def __init__(self, slop_px: float, swipe_min_px: float, momentum: bool = False) -> None:
        self.slop = slop_px
        self.swipe_min = swipe_min_px
        self.momentum = momentum
        self.gesture: Gesture | None = None

    def touch(self, surface: Surface, x: float, y: float, now_ms: int) -> None:
        g = self.gesture
        if g is None:
            # nothing is looked up on touch-down: a tap needs one look-up, at lift
            self.gesture = Gesture(x, y, now_ms, x, y, now_ms)
            return
        if (
            x == g.last_x
            and y == g.last_y
            and g.mode == "press"
            and (g.long_checked or now_ms - g.down_ms < LONG_PRESS_MS)
        ):
            # held still, not yet long enough for a long press (or it was looked for):
            # nothing to look up. The finger is within the slop: the last frame, at the
            # same point, found it there, or the press would be a scroll or a swipe now.
            if now_ms > g.last_ms:
                g.velocity_y = 0.0
            g.last_x, g.last_y, g.last_ms = x, y, now_ms
            return
        if g.mode == "press" and not g.seek_checked and (x, y) != (g.last_x, g.last_y):
            g.seek_checked = True  # the finger moved: a slider under it follows from now on
            if surface.seekable_at(g.down_x, g.down_y):
                g.mode = "seek"
        if g.mode == "seek":
            surface.seek(g.down_x, g.down_y, x)
        else:
            if g.mode == "press" and math.hypot(x - g.down_x, y - g.down_y) > self.slop:
                g.mode = "scroll" if surface.scrollable_at(g.down_x, g.down_y) else "swipe"
            if g.mode == "scroll" and y != g.last_y:
                g.scrolled |= surface.scroll(g.down_x, g.down_y, g.last_y - y)
            if g.awaits_long_press() and now_ms - g.down_ms >= LONG_PRESS_MS:
                _long_press(surface, g)
        if now_ms > g.last_ms:
            g.velocity_y = (y - g.last_y) / (now_ms - g.last_ms)
        g.last_x, g.last_y, g.last_ms = x, y, now_ms

    def hold(self, surface: Surface, now_ms: int) -> None:
        """The finger is still down at ``now_ms`` with no new touch frame since the last: a
        press held still past the long-press timeout is a long press (its lift then does
        not tap), as Android's timer fires it. Call it after time passes without frames (a
        wait) and before a lift. A lift at the very moment the timeout ends, as after
        ``LONG_PRESS_MS // FRAME_MS`` frames, still taps: the frame at that moment would
        have been the one to find the long press."""
        g = self.gesture
        if g is not None and g.awaits_long_press() and now_ms - g.down_ms > LONG_PRESS_MS:
            _long_press(surface, g)

    def lift(self, surface: Surface) -> None:
        g = self.gesture
        self.gesture = None
        if g is None:
            return
        if g.mode == "press":
            if not g.long_pressed:
                surface.tap(g.down_x, g.down_y)
        elif g.mode == "swipe" or (g.mode == "scroll" and not g.scrolled):
            dx, dy = g.last_x - g.down_x, g.last_y - g.down_y
            if max(abs(dx), abs(dy)) >= self.swipe_min:
                if abs(dy) >= abs(dx):
                    direction = "down" if dy > 0 else "up"
                else:
                    direction = "right" if dx > 0 else "left"
                surface.swipe(g.down_x, g.down_y, direction)
        elif g.mode == "scroll" and self.momentum and g.velocity_y:
            surface.scroll(g.down_x, g.down_y, -g.velocity_y * FLING_MS)

    def cancel(self) -> None:
        """Forget the touch in progress (the phone's state was replaced)."""
        self.gesture = None

    def abandon(self) -> None:
        """The touch was cancelled, as by Android's ``ACTION_CANCEL`` (``input motionevent
        CANCEL``, or what the finger touched went away as its app crashed): the rest of it,
        up to the lift, does nothing (no tap, swipe or fling)."""
        if self.gesture is not None:
            self.gesture.mode = "cancelled"


def _long_press(surface: Surface, g: Gesture) -> None:
    """Long-press where ``g`` went down (once: a press is looked at for it only once)."""
    g.long_checked = True
    g.long_pressed = surface.long_press(g.down_x, g.down_y)
