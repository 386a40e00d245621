"""Screenshots of the phone's windows, painted only where the screen changed.

The phone hands every new layout of its windows to ``Frames.laid_out``, which compares it
with the one before (``ui.diff.changed_areas``) and remembers, for each scale it has a
frame at, the smallest rectangle holding every area changed since that frame was painted.
A screenshot then starts from that frame and repaints only that rectangle: every view that
reaches into it is drawn again, bottom to top, and only the rectangle is kept, so its
pixels are exactly those of a full repaint (``Canvas.limit``). A change of theme, a new
scale or too many changes repaint all; a screen that looks the same is the same frame.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.diff import bounding, changed_areas
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import View, paint

MAX_SCALES = 4
"""Frames are kept at this many scales at most (an agent reads one or two)."""


class Frames:
    """The last screenshot at each scale, and what changed on screen since each."""

    def __init__(self, display: Display) -> None:
        self.display = display
        self._frames: dict[float, tuple[object, Theme, np.ndarray]] = {}
        self._changed: dict[float, Rect | None] = {}
        """Per scale, the smallest rectangle holding every area changed since its frame
        (``EMPTY``: none; None: too much to repaint in part)."""
        self._painted: dict[tuple[str, float], tuple[View, Theme, np.ndarray]] = {}
        self.repainted: Rect | None = None
        """The area the last new frame repainted: None when it painted the whole screen."""

    @property
    def kept(self) -> bool:
        """Whether any frame is kept to be repainted in part (then each new layout is
        compared with the last one, ``laid_out``)."""
        return bool(self._changed)

    def laid_out(self, before: Sequence[View], after: Sequence[View]) -> None:
        """Note that windows ``after`` replace windows ``before`` on screen."""
        if not self._changed:
            return
        areas = changed_areas(before, after)
        if areas is None:
            self.repaint_all()
        elif areas:
            for scale, pending in self._changed.items():
                if pending is not None:
                    self._changed[scale] = bounding(areas if pending.empty else [*areas, pending])

    def repaint_all(self) -> None:
        """Make the next screenshot at every scale paint the whole screen."""
        for scale in self._changed:
            self._changed[scale] = None

    def screenshot(
        self,
        scale: float,
        key: object,
        windows: Sequence[View],
        system: dict[int, str],
        theme: Theme,
    ) -> np.ndarray:
        """The read-only frame of ``windows`` (laid out as ``key``) at ``scale``; the same
        array while the screen looks the same. ``system`` names the system windows (bars,
        keyboard) by ``id``: their pixels are reused while they are unchanged."""
        cached = self._frames.get(scale)
        if cached is not None and cached[0] == key:
            return cached[2]
        d = self.display
        pending = self._changed.get(scale)
        if cached is not None and pending is not None and cached[1] is theme:
            before = image = cached[2]  # nothing looks different: the same frame
            area = self.repainted = pending
            if not area.empty:
                image = before.copy()
                canvas = Canvas.over(image, d.width, d.height, scale)
                x0, y0, x1, y1 = canvas.limit(area)
                for window in windows:
                    paint(window, canvas, theme, d)
                if canvas.spilled:  # keep only the repainted part: put back the rest
                    image[:y0], image[y1:] = before[:y0], before[y1:]
                    image[y0:y1, :x0], image[y0:y1, x1:] = before[y0:y1, :x0], before[y0:y1, x1:]
        else:
            self.repainted = None
            # The windows tile the screen and each fills its background: no clearing needed.
            canvas = Canvas(d.width, d.height, scale, None)
            for window in windows:
                name = system.get(id(window))
                if name is None:
                    paint(window, canvas, theme, d)
                else:
                    self._paint_system_window(name, window, canvas, theme)
            image = canvas.image
        if scale not in self._frames and len(self._frames) >= MAX_SCALES:
            self._frames.clear()
            self._changed.clear()
        image.flags.writeable = False
        self._frames[scale] = (key, theme, image)
        self._changed[scale] = EMPTY
        return image

    def _paint_system_window(self, name: str, window: View, canvas: Canvas, theme: Theme) -> None:
        """Paint a system window, or put back its pixels from the last time it was painted
        at this scale in this theme: the window is rebuilt whenever what it shows changes,
        and it fills its rectangle, so its pixels depend on nothing under it."""
        key = (name, canvas.scale)
        cached = self._painted.get(key)
        if cached is not None and cached[0] is window and cached[1] is theme:
            canvas.put(window.visible, cached[2])
            return
        paint(window, canvas, theme, self.display)
        if window.background is not None and not window.radius:
            pixels = canvas.take(window.visible)
            if pixels is not None:
                if len(self._painted) >= 12:
                    self._painted.clear()
                self._painted[key] = (window, theme, pixels)
