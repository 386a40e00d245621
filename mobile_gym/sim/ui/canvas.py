"""A raster canvas with clipping and scale: what widgets draw on to make a screenshot.

Coordinates passed in are full-resolution screen pixels; the canvas multiplies them by its
scale, so one widget tree draws a full-size or a reduced screenshot with the same calls.
"""

from __future__ import annotations

import cv2
import numpy as np

from mobile_gym.caches import LRUCache, SizedLRUCache
from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.fonts import face
from mobile_gym.sim.ui.theme import Color


class Canvas:
    """An RGB uint8 image being painted, with a stack of clip rectangles.

    A canvas may also be ``limit``-ed to one rectangle, to repaint only that part of an
    image (``mobile_gym.sim.frames``). Fills and text are then drawn inside it alone;
    antialiased shapes (circles, outlines, lines, polygons), whose pixels OpenCV computes
    from the region it draws into, are drawn inside their clip as without a limit, so
    their pixels are the same, and may ``spill`` past the limit: the caller puts back the
    pixels outside it.
    """

    def __init__(self, width: int, height: int, scale: float, background: Color | None) -> None:
        """A ``width`` x ``height`` screen drawn at ``scale``; ``background`` None leaves the
        pixels unset, for callers that paint every pixel anyway."""
        self.scale = scale
        self.width = max(1, round(width * scale))
        self.height = max(1, round(height * scale))
        self.image = np.empty((self.height, self.width, 3), np.uint8)
        if background is not None:
            _fill(self.image, background)
        self._unclipped()

    def _unclipped(self) -> None:
        """No clip and no limit yet."""
        self._clips = [(0, 0, self.width, self.height)]
        self._limit: tuple[int, int, int, int] | None = None
        self.limit_area: Rect | None = None
        """The limit in screen pixels (``limit``), None without one: what lies wholly
        outside it draws nothing."""
        self.spilled = False
        """Whether an antialiased shape drew outside the limit."""

    @classmethod
    def over(cls, image: np.ndarray, width: int, height: int, scale: float) -> Canvas:
        """A canvas painting over ``image``, a ``width`` x ``height`` screen drawn at
        ``scale`` (the shape ``Canvas(width, height, scale, ...)`` gives)."""
        canvas = cls.__new__(cls)
        canvas.scale = scale
        canvas.width, canvas.height = max(1, round(width * scale)), max(1, round(height * scale))
        if image.shape != (canvas.height, canvas.width, 3):
            raise ValueError(f"an image of shape {image.shape} is not a frame at {scale}")
        canvas.image = image
        canvas._unclipped()
        return canvas

    def limit(self, rect: Rect) -> tuple[int, int, int, int]:
        """Repaint only inside ``rect`` from now on; the limit in image pixels."""
        x0, y0, x1, y1 = self._scaled(rect)
        self._limit = (max(x0, 0), max(y0, 0), min(x1, self.width), min(y1, self.height))
        self.limit_area = rect
        return self._limit

    # clipping -------------------------------------------------------------------------
    def _scaled(self, rect: Rect) -> tuple[int, int, int, int]:
        s = self.scale
        return (
            round(rect.left * s),
            round(rect.top * s),
            round(rect.right * s),
            round(rect.bottom * s),
        )

    def push_clip(self, rect: Rect) -> bool:
        """Draw only inside ``rect`` too, until ``pop_clip``; False if nothing is left."""
        x0, y0, x1, y1 = self._scaled(rect)
        cx0, cy0, cx1, cy1 = self._clips[-1]
        # hot: comparisons rather than calls to max / min
        x0, y0 = (x0 if x0 > cx0 else cx0), (y0 if y0 > cy0 else cy0)
        x1, y1 = (x1 if x1 < cx1 else cx1), (y1 if y1 < cy1 else cy1)
        self._clips.append((x0, y0, x1, y1))
        if self._limit is not None:
            lx0, ly0, lx1, ly1 = self._limit
            x0, y0 = (x0 if x0 > lx0 else lx0), (y0 if y0 > ly0 else ly0)
            x1, y1 = (x1 if x1 < lx1 else lx1), (y1 if y1 < ly1 else ly1)
        return x1 > x0 and y1 > y0

    def pop_clip(self) -> None:
        self._clips.pop()

    def _region(self, x0: int, y0: int, x1: int, y1: int) -> tuple[np.ndarray | None, int, int]:
        cx0, cy0, cx1, cy1 = self._clips[-1]
        x0, y0 = (x0 if x0 > cx0 else cx0), (y0 if y0 > cy0 else cy0)
        x1, y1 = (x1 if x1 < cx1 else cx1), (y1 if y1 < cy1 else cy1)
        if self._limit is not None:
            lx0, ly0, lx1, ly1 = self._limit
            x0, y0 = (x0 if x0 > lx0 else lx0), (y0 if y0 > ly0 else ly0)
            x1, y1 = (x1 if x1 < lx1 else lx1), (y1 if y1 < ly1 else ly1)
        if x1 <= x0 or y1 <= y0:
            return None, 0, 0
        return self.image[y0:y1, x0:x1], x0, y0

    def _clip_view(self) -> tuple[np.ndarray | None, int, int]:
        """The clip's pixels, for antialiased shapes (not narrowed by the limit: see the
        class docstring), with their offset; None when nothing is left to draw in."""
        x0, y0, x1, y1 = self._clips[-1]
        if x1 <= x0 or y1 <= y0:
            return None, 0, 0
        if self._limit is not None:
            lx0, ly0, lx1, ly1 = self._limit
            if x1 <= lx0 or x0 >= lx1 or y1 <= ly0 or y0 >= ly1:
                return None, 0, 0  # nothing of it would be kept
            if x0 < lx0 or y0 < ly0 or x1 > lx1 or y1 > ly1:
                self.spilled = True
        return self.image[y0:y1, x0:x1], x0, y0

    # pixels as they are ---------------------------------------------------------------------
    def take(self, rect: Rect) -> np.ndarray | None:
        """A copy of the pixels painted inside ``rect`` (within the clip), None if none."""
        region, _, _ = self._region(*self._scaled(rect))
        return None if region is None else region.copy()

    def put(self, rect: Rect, pixels: np.ndarray) -> None:
        """Put back pixels that ``take(rect)`` returned, with the same clip."""
        region, _, _ = self._region(*self._scaled(rect))
        if region is not None:
            region[:] = pixels

    # primitives -----------------------------------------------------------------------
    def rect(self, rect: Rect, color: Color, radius: int = 0, alpha: float = 1.0) -> None:
        """Fill ``rect``, with rounded corners of ``radius`` pixels when given.

        With ``alpha`` below 1 the colour is blended over what is there (a dimming scrim).
        """
        x0, y0, x1, y1 = self._scaled(rect)
        if alpha < 1.0:
            region, _, _ = self._region(x0, y0, x1, y1)
            if region is not None:
                solid = np.empty_like(region)
                _fill(solid, color)
                region[:] = cv2.addWeighted(region, 1.0 - alpha, solid, alpha, 0.0)
            return
        r = min(round(radius * self.scale), (x1 - x0) // 2, (y1 - y0) // 2)
        if r <= 0:
            region, _, _ = self._region(x0, y0, x1, y1)
            if region is not None:
                _fill(region, color)
            return
        for rx0, ry0, rx1, ry1 in ((x0 + r, y0, x1 - r, y1), (x0, y0 + r, x1, y1 - r)):
            region, _, _ = self._region(rx0, ry0, rx1, ry1)
            if region is not None:
                _fill(region, color)
        view, ox, oy = self._clip_view()
        if view is None:
            return
        for cx, cy in (
            (x0 + r, y0 + r),
            (x1 - r - 1, y0 + r),
            (x0 + r, y1 - r - 1),
            (x1 - r - 1, y1 - r - 1),
        ):
            cv2.circle(view, (cx - ox, cy - oy), r, color, -1, cv2.LINE_AA)

    def frame(self, rect: Rect, color: Color, thickness: int, radius: int = 0) -> None:
        """Outline ``rect`` (an unfilled box)."""
        t = max(1, round(thickness * self.scale))
        x0, y0, x1, y1 = self._scaled(rect)
        view, ox, oy = self._clip_view()
        if view is None:
            return
        r = round(radius * self.scale)
        if r <= 0:
            cv2.rectangle(view, (x0 - ox, y0 - oy), (x1 - 1 - ox, y1 - 1 - oy), color, t)
            return
        pts = _rounded_outline(x0 - ox, y0 - oy, x1 - 1 - ox, y1 - 1 - oy, r)
        cv2.polylines(view, [pts], True, color, t, cv2.LINE_AA)

    def circle(
        self, cx: float, cy: float, radius: float, color: Color, thickness: int = -1
    ) -> None:
        view, ox, oy = self._clip_view()
        if view is None:
            return
        s = self.scale
        t = -1 if thickness < 0 else max(1, round(thickness * s))
        center = (round(cx * s) - ox, round(cy * s) - oy)
        cv2.circle(view, center, max(1, round(radius * s)), color, t, cv2.LINE_AA)

    def line(
        self, points: list[tuple[float, float]], color: Color, thickness: int, closed: bool = False
    ) -> None:
        view, ox, oy = self._clip_view()
        if view is None:
            return
        s = self.scale
        pts = np.array([(round(x * s) - ox, round(y * s) - oy) for x, y in points], np.int32)
        cv2.polylines(view, [pts], closed, color, max(1, round(thickness * s)), cv2.LINE_AA)

    def polygon(self, points: list[tuple[float, float]], color: Color) -> None:
        view, ox, oy = self._clip_view()
        if view is None:
            return
        s = self.scale
        pts = np.array([(round(x * s) - ox, round(y * s) - oy) for x, y in points], np.int32)
        cv2.fillPoly(view, [pts], color, cv2.LINE_AA)

    def text(
        self, x: float, y: float, text: str, size_px: int, color: Color, bold: bool = False
    ) -> None:
        """Draw one line of ``text`` with its line box's top-left corner at ``(x, y)``.

        At a reduced scale the text stands on the bottom of its line box scaled, which a
        view as tall as the line ends at, so the descenders stay inside it (the box can be
        a row shorter than the reduced text where its edges round apart)."""
        if not text:
            return
        ink, inverse = _text_ink(text, size_px, bold, self.scale, color)
        h, w = ink.shape[:2]
        x0, y0 = round(x * self.scale), round(y * self.scale)
        if self.scale != 1.0:
            y0 = round((y + face(size_px, bold).line_height) * self.scale) - h
        region, rx, ry = self._region(x0, y0, x0 + w, y0 + h)
        if region is None:
            return
        rows = slice(ry - y0, ry - y0 + region.shape[0])
        columns = slice(rx - x0, rx - x0 + region.shape[1])
        cv2.multiply(region, inverse[rows, columns], dst=region, scale=1 / 255)
        cv2.add(region, ink[rows, columns], dst=region)


MaskKey = tuple[str, int, bool, float]
"""A text as drawn: its characters, pixel size, boldness and the screenshot's scale."""
_SCALED_MASKS: LRUCache[MaskKey, np.ndarray] = LRUCache(2048)
_INK_BYTES = 8 << 20
"""The room for inks (``_INKS``): a quarter-scale screen's texts take a few tens of kB, a
full-size screen's sixteen times as much."""
_INKS: SizedLRUCache[tuple[MaskKey, Color], tuple[np.ndarray, np.ndarray]] = SizedLRUCache(
    _INK_BYTES, lambda ink: ink[0].nbytes + ink[1].nbytes
)
"""Three-channel copies of the masks (``_text_ink``), by the bytes they take: a budget
rather than a count, as inks of a full-size screen and of a quarter-scale one differ
sixteenfold in size."""


def scaled_text_mask(text: str, size_px: int, bold: bool, scale: float) -> np.ndarray:
    """The coverage mask of ``text`` drawn at ``scale``: the face of the scaled size, narrowed
    where its ink runs further right than the full-size text's ink times ``scale`` (a small
    face's rounded advances add up to more) and made no taller than the full-size line times
    ``scale`` (a small face's line box can be a row or two taller: a view as tall as its line
    cut off the descenders, a ``g`` read as a ``q``), so that reduced screenshots show the
    whole text inside the bounds the view hierarchy gives it."""
    return _SCALED_MASKS.get((text, size_px, bold, scale), _scaled_mask)


def _scaled_mask(key: MaskKey) -> np.ndarray:
    text, size_px, bold, scale = key
    mask = face(max(1, round(size_px * scale)), bold).mask(text)
    if scale == 1.0:
        return mask
    full = face(size_px, bold)
    drawn = _ink_right(mask)
    room = full.ink_right(text) * scale
    width = mask.shape[1]
    if drawn > room + 0.5:
        width = max(1, round(width * room / drawn))
    height = min(mask.shape[0], max(1, round(full.line_height * scale)))
    if (height, width) == mask.shape:
        return mask
    fitted = cv2.resize(mask, (width, height), interpolation=cv2.INTER_AREA)
    fitted.flags.writeable = False
    return fitted


def _ink_right(mask: np.ndarray) -> int:
    """One past the rightmost column of ``mask`` with any ink (0 for none)."""
    columns = np.flatnonzero(mask.any(axis=0))
    return int(columns[-1]) + 1 if columns.size else 0


def _text_ink(
    text: str, size_px: int, bold: bool, scale: float, color: Color
) -> tuple[np.ndarray, np.ndarray]:
    """What painting ``text`` in ``color`` blends in, with OpenCV's saturating uint8 ops:
    ``region * inverse / 255 + ink``, where ``alpha`` is the coverage
    (``scaled_text_mask``) on three channels, ``inverse`` 255 - alpha and ``ink``
    color * alpha / 255."""
    return _INKS.get(((text, size_px, bold, scale), color), _ink)


def _ink(key: tuple[MaskKey, Color]) -> tuple[np.ndarray, np.ndarray]:
    (text, size_px, bold, scale), color = key
    mask = scaled_text_mask(text, size_px, bold, scale)
    alpha = cv2.merge((mask, mask, mask))
    inverse = cv2.bitwise_not(alpha)
    ink = cv2.multiply(alpha, (*color, 0), scale=1 / 255)
    ink.flags.writeable = inverse.flags.writeable = False
    return ink, inverse


def _fill(region: np.ndarray, color: Color) -> None:
    """Fill an image or a view of one with ``color`` (OpenCV's fill is far faster than numpy's
    broadcast of a 3-vector)."""
    cv2.rectangle(region, (0, 0), (region.shape[1] - 1, region.shape[0] - 1), color, -1)


def _rounded_outline(x0: int, y0: int, x1: int, y1: int, r: int) -> np.ndarray:
    points: list[tuple[int, int]] = []
    for cx, cy, start in (
        (x1 - r, y0 + r, 270),
        (x1 - r, y1 - r, 0),
        (x0 + r, y1 - r, 90),
        (x0 + r, y0 + r, 180),
    ):
        points.extend(cv2.ellipse2Poly((cx, cy), (r, r), 0, start, start + 90, 10))
    return np.array(points, np.int32)
