"""Screenshots of the phone's windows, painted only where the screen changed.

The phone tells ``Frames`` every area where its windows may now look different
(``changed``); for each scale it has a frame at, ``Frames`` keeps the smallest rectangle
holding every area changed since that frame was painted. A screenshot then starts from that
frame and repaints only that rectangle: every view that reaches into it is drawn again,
bottom to top, and only the rectangle is kept, so its pixels are exactly those of a full
repaint (``Canvas.limit``). A new scale or a new theme paints everything; a screen that
looks the same is the same frame.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

import numpy as np

from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import View, paint

MAX_SCALES = 4
"""Frames are kept at this many scales at most (an agent reads one or two)."""


class _Frame:
    """The last screenshot at one scale and what changed on screen since it was painted."""

    __slots__ = ("image", "pending", "theme", "version")

    def __init__(self, version: Hashable, theme: Theme, image: np.ndarray) -> None:
        self.version = version
        self.theme = theme
        self.image = image
        self.pending = EMPTY
        """The smallest rectangle holding every area changed since (``EMPTY``: none)."""


class Frames:
    """The last screenshot at each scale, and what changed on screen since each."""

    def __init__(self, display: Display) -> None:
        self.display = display
        self._frames: dict[float, _Frame] = {}
        self.repainted: Rect | None = None
        """The area the last new frame repainted: None when it painted the whole screen."""

    def changed(self, areas: Iterable[Rect]) -> None:
        """Note that the screen may look different inside each of ``areas``."""
        areas = [area for area in areas if not area.empty]
        if not areas:
            return
        for frame in self._frames.values():
            frame.pending = _bounding([frame.pending, *areas] if not frame.pending.empty else areas)

    def forget(self) -> None:
        """Paint the next screenshot at every scale from scratch."""
        self._frames.clear()

    def screenshot(
        self, scale: float, version: Hashable, windows: Sequence[View], theme: Theme
    ) -> np.ndarray:
        """The read-only frame of ``windows`` (the screen as of ``version``) at ``scale``;
        the same array while the screen looks the same."""
        frame = self._frames.get(scale)
        if frame is not None and frame.version == version and frame.theme is theme:
            return frame.image
        d = self.display
        if frame is not None and frame.theme is theme:
            image = before = frame.image
            area = self.repainted = frame.pending
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
                paint(window, canvas, theme, d)
            image = canvas.image
            if frame is None and len(self._frames) >= MAX_SCALES:
                self._frames.clear()
        image.flags.writeable = False
        self._frames[scale] = _Frame(version, theme, image)
        return image


def _bounding(areas: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``areas``."""
    return Rect(
        min(a.left for a in areas),
        min(a.top for a in areas),
        max(a.right for a in areas),
        max(a.bottom for a in areas),
    )
