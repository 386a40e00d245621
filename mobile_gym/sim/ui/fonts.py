"""TrueType text for the simulated phone: measuring, wrapping and rasterising strings.

Glyphs are rasterised once per (character, pixel size, weight) with Pillow's FreeType
backend and Pillow's built-in TrueType face, so text looks the same on every machine
and no system font is needed. Strings are assembled from cached glyphs, which is what
keeps screenshots within a few milliseconds.
"""

from __future__ import annotations

import math
from collections import OrderedDict
from functools import cache

import numpy as np
from PIL import Image, ImageDraw, ImageFont

ELLIPSIS = "\u2026"
_STRING_CACHE_SIZE = 4096
_SYMBOLS = frozenset("\u00d7\u00f7\u2212\u221a")
"""Math signs the built-in face lacks (multiplication, division, minus, square root):
drawn as lines instead of the face's missing-glyph box."""


class Glyph:
    """One rasterised character: coverage mask, its offset from the pen, and the advance."""

    __slots__ = ("advance", "left", "mask", "top")

    def __init__(self, mask: np.ndarray, left: int, top: int, advance: float) -> None:
        self.mask = mask
        self.left = left
        self.top = top
        self.advance = advance


class Face:
    """The phone's typeface at one pixel size and weight."""

    def __init__(self, size_px: int, bold: bool) -> None:
        base = ImageFont.load_default(size=max(size_px, 4))
        self._font = base.font_variant(layout_engine=ImageFont.Layout.BASIC)
        self._stroke = max(1, size_px // 28) if bold else 0
        ascent, descent = self._font.getmetrics()
        self.ascent = ascent
        self.line_height = ascent + descent
        self._glyphs: dict[str, Glyph] = {}
        self._strings: OrderedDict[str, np.ndarray] = OrderedDict()
        self._widths: dict[str, float] = {}

    def glyph(self, char: str) -> Glyph:
        glyph = self._glyphs.get(char)
        if glyph is None:
            glyph = self._glyphs[char] = self._rasterise(char)
        return glyph

    def _rasterise(self, char: str) -> Glyph:
        if char in _SYMBOLS:
            return self._symbol(char)
        advance = self._font.getlength(char) + self._stroke
        left, top, right, bottom = self._font.getbbox(char, stroke_width=self._stroke)
        width, height = max(right - left, 0), max(bottom - top, 0)
        if width == 0 or height == 0:
            return Glyph(np.zeros((0, 0), np.uint8), 0, 0, advance)
        image = Image.new("L", (width, height), 0)
        ImageDraw.Draw(image).text(
            (-left, -top),
            char,
            font=self._font,
            fill=255,
            stroke_width=self._stroke,
            stroke_fill=255,
        )
        return Glyph(np.asarray(image), left, top, advance)

    def _symbol(self, char: str) -> Glyph:
        """One of ``_SYMBOLS``, drawn with lines in the box of ``+`` (the built-in face has
        no glyph for them)."""
        left, top, _, bottom = self._font.getbbox("+", stroke_width=self._stroke)
        width = self._font.getlength("+") + self._stroke
        if char == "\u221a":
            width *= 1.3
        w, h = max(round(width), 2), max(bottom - top, 2)
        image = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(image)
        line = max(1, round(h / 8)) + self._stroke
        pad = line / 2
        mid = h / 2
        if char == "\u00d7":  # multiplication sign
            inset = w * 0.12
            draw.line([(inset, inset), (w - inset, h - inset)], fill=255, width=line)
            draw.line([(inset, h - inset), (w - inset, inset)], fill=255, width=line)
        elif char == "\u2212":  # minus sign
            draw.line([(pad, mid), (w - pad, mid)], fill=255, width=line)
        elif char == "\u00f7":  # division sign
            draw.line([(pad, mid), (w - pad, mid)], fill=255, width=line)
            r = line * 0.8
            for y in (h * 0.15, h * 0.85):
                draw.ellipse([(w / 2 - r, y - r), (w / 2 + r, y + r)], fill=255)
        else:  # square root
            draw.line(
                [(pad, mid), (w * 0.25, h - pad), (w * 0.55, pad), (w - pad, pad)],
                fill=255,
                width=line,
                joint="curve",
            )
        return Glyph(np.asarray(image), left, top, width)

    def measure(self, text: str) -> float:
        """Advance width of ``text`` in pixels."""
        width = self._widths.get(text)
        if width is None:
            width = sum(self.glyph(c).advance for c in text)
            if len(self._widths) >= _STRING_CACHE_SIZE * 4:
                self._widths.clear()
            self._widths[text] = width
        return width

    def fit(self, text: str, max_width: float) -> str:
        """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
        if self.measure(text) <= max_width:
            return text
        budget = max_width - self.glyph(ELLIPSIS).advance
        width = 0.0
        for i, char in enumerate(text):
            width += self.glyph(char).advance
            if width > budget:
                return text[:i] + ELLIPSIS
        return text

    def wrap(self, text: str, max_width: float, max_lines: int) -> list[str]:
        """Greedy word wrap into at most ``max_lines`` lines, the last one ellipsised."""
        lines: list[str] = []
        for paragraph in text.split("\n"):
            current = ""
            for word in paragraph.split(" "):
                candidate = word if not current else current + " " + word
                if current and self.measure(candidate) > max_width:
                    lines.append(current)
                    current = word
                else:
                    current = candidate
                if len(lines) > max_lines:
                    break
            lines.append(current)
            if len(lines) > max_lines:
                break
        if len(lines) > max_lines:
            lines = lines[:max_lines]
            lines[-1] = self.fit(lines[-1] + ELLIPSIS, max_width)
        return [self.fit(line, max_width) for line in lines]

    def mask(self, text: str) -> np.ndarray:
        """Coverage mask (``line_height`` x width, uint8) of one line of text."""
        cached = self._strings.get(text)
        if cached is not None:
            self._strings.move_to_end(text)
            return cached
        glyphs = [self.glyph(c) for c in text]
        width = math.ceil(sum(g.advance for g in glyphs)) + 2 * self._stroke + 2
        mask = np.zeros((self.line_height + self._stroke * 2, width), np.uint8)
        pen = 0.0
        for glyph in glyphs:
            h, w = glyph.mask.shape
            if h and w:
                x, y = round(pen) + glyph.left, glyph.top
                x0, y0 = max(x, 0), max(y, 0)
                x1, y1 = min(x + w, mask.shape[1]), min(y + h, mask.shape[0])
                if x1 > x0 and y1 > y0:
                    region = mask[y0:y1, x0:x1]
                    np.maximum(region, glyph.mask[y0 - y : y1 - y, x0 - x : x1 - x], out=region)
            pen += glyph.advance
        self._strings[text] = mask
        if len(self._strings) > _STRING_CACHE_SIZE:
            self._strings.popitem(last=False)
        return mask


@cache
def face(size_px: int, bold: bool = False) -> Face:
    """The shared face for a pixel size and weight (glyph caches are shared by all phones)."""
    return Face(size_px, bold)
