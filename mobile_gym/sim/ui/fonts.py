"""TrueType text for the simulated phone: measuring, wrapping and rasterising strings.

Text is set in Roboto, Android's typeface, with real weights (Roboto is a variable font).
Characters Roboto lacks fall back, one by one, to the first font of a chain that has them
(decided by each font's cmap): Noto Sans, Noto Sans Symbols, Noto Sans CJK SC (Chinese,
Japanese and Korean, and many symbols), Noto Emoji (monochrome), then Noto Sans for other
scripts. The fonts come from pinned PyPI packages, so text looks the same on every machine and
no system font is needed. Every glyph sits on Roboto's baseline in Roboto's line box, so the
line height of a size is the same whichever fonts a line draws from.

Glyphs are rasterised once per (character, pixel size, weight) with Pillow's FreeType backend,
and strings are assembled from cached glyphs, which keeps screenshots within a few
milliseconds.
"""

from __future__ import annotations

import math
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache, cached_property
from importlib.resources import files
from pathlib import Path

import numpy as np
from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

from mobile_gym.caches import FIFOCache, LRUCache, SizedLRUCache

ELLIPSIS = "\u2026"
REGULAR = 400
MEDIUM = 500
BOLD = 700
_WIDTH_CACHE_SIZE = 16384
_STRING_MASK_BYTES = 16 << 20
"""The room for drawn strings (``_STRING_MASKS``): the texts of a full-size screen take a
few hundred kB."""
_GLYPH_CACHE_SIZE = 8192
_MIN_SIZE_PX = 4

_NO_LINE_START = frozenset(")]}>»›.,:;!?%\u2019\u201d\u2026\u3001\u3002\u3009\u300b\u300d\u300f")
_NO_LINE_START |= frozenset("\u3011\u3015\u30fc\uff01\uff09\uff0c\uff0e\uff1a\uff1b\uff1f\uff5d")
"""Closing punctuation that a line never starts with (it stays with the character before)."""
_NO_LINE_END = frozenset("([{<«‹\u2018\u201c\u3008\u300a\u300c\u300e\u3010\u3014\uff08\uff5b")
"""Opening punctuation that a line never ends with (it stays with the character after)."""

Axis = tuple[str, float, float, float]
"""A variation axis of a font: tag, minimum, default and maximum."""


@dataclass(frozen=True)
class FontFile:
    """One font of the fallback chain: a font file and, in a collection, the face's index."""

    path: Path
    index: int = 0

    @cached_property
    def cmap(self) -> frozenset[int]:
        """The code points the font has glyphs for."""
        return self._tables[0]

    @cached_property
    def axes(self) -> tuple[Axis, ...]:
        """The variation axes, in the font's order (none for a static font)."""
        return self._tables[1]

    @cached_property
    def _tables(self) -> tuple[frozenset[int], tuple[Axis, ...]]:
        """The cmap and the axes, read once (the file is closed again). Only the cmap's code
        points are kept, so its glyphs are numbered rather than named: naming them costs
        a font without glyph names (Noto Sans CJK) half a second."""
        with TTFont(self.path, fontNumber=self.index, lazy=True) as font:
            font.setGlyphOrder([f"glyph{i}" for i in range(font["maxp"].numGlyphs)])
            cmap = frozenset(font.getBestCmap() or ())
            axes: tuple[Axis, ...] = ()
            if "fvar" in font:
                axes = tuple(
                    (a.axisTag, a.minValue, a.defaultValue, a.maxValue) for a in font["fvar"].axes
                )
        return cmap, axes

    def load(self, size_px: int, weight: int) -> ImageFont.FreeTypeFont:
        """The font at ``size_px`` pixels per em and ``weight`` (as near as its axis goes)."""
        font = ImageFont.truetype(
            str(self.path), size_px, index=self.index, layout_engine=ImageFont.Layout.BASIC
        )
        if self.axes:
            font.set_variation_by_axes(
                [
                    min(max(weight, low), high) if tag == "wght" else default
                    for tag, low, default, high in self.axes
                ]
            )
        return font


def _package_dir(package: str) -> Path:
    """Where the installed ``package`` keeps its files."""
    try:
        return Path(str(files(package)))
    except ModuleNotFoundError as error:
        raise RuntimeError(
            f"the font package {package!r} is missing; reinstall mobile-gym to get it"
        ) from error


def _package_font(package: str, name: str) -> Path:
    path = _package_dir(package) / name
    if not path.is_file():
        raise RuntimeError(f"{package} has no font file {name!r}; reinstall mobile-gym")
    return path


def _collection_face(path: Path, family: str) -> FontFile:
    """The face of the collection ``path`` whose family is ``family``."""
    for index in range(64):
        try:
            name = ImageFont.truetype(str(path), 12, index=index).getname()[0]
        except OSError:
            break
        if name == family:
            return FontFile(path, index)
    raise RuntimeError(f"{path.name} has no face {family!r}")


@cache
def chain() -> tuple[FontFile, ...]:
    """The fonts in fallback order; the first one sets the line box."""
    noto = _package_dir("manimgx_fonts")
    first = ("NotoSans[wght].ttf", "NotoSansSymbols[wght].ttf")
    scripts = sorted(
        p for p in noto.glob("NotoSans*.ttf") if p.name not in first and "Italic" not in p.name
    )
    return (
        FontFile(_package_font("fontpkg_roboto", "files/Roboto[wdth,wght].ttf")),
        *(FontFile(_package_font("manimgx_fonts", name)) for name in first),
        _collection_face(
            _package_font("manimgx_fonts_cjk", "NotoSansCJK-VF.otf.ttc"), "Noto Sans CJK SC"
        ),
        FontFile(_package_font("manimgx_fonts", "NotoEmoji[wght].ttf")),
        *(FontFile(p) for p in scripts),
    )


def font_index(char: str) -> int | None:
    """Which font of ``chain()`` draws ``char``: the first that has it, None if none does."""
    return _FONT_INDICES.get(char, _first_font_with)


_FONT_INDICES: FIFOCache[str, int | None] = FIFOCache(1 << 16)


def _first_font_with(char: str) -> int | None:
    code = ord(char)
    return next((i for i, font in enumerate(chain()) if code in font.cmap), None)


def invisible(char: str) -> bool:
    """Whether ``char`` draws nothing and takes no room (controls, joiners, variation
    selectors), whatever a font may map it to."""
    code = ord(char)
    return (
        unicodedata.category(char) in ("Cc", "Cf")
        or 0xFE00 <= code <= 0xFE0F
        or 0xE0100 <= code <= 0xE01EF
    )


_NO_INK = np.zeros(0, np.intp)


class Glyph:
    """One rasterised character: coverage mask, its offset from the pen, the advance, and
    the columns of the mask with ink in the rows inside the line box (those a string's mask
    keeps)."""

    __slots__ = ("advance", "ink", "left", "mask", "top")

    def __init__(
        self, mask: np.ndarray, left: int, top: int, advance: float, ink: np.ndarray = _NO_INK
    ) -> None:
        self.mask = mask
        self.left = left
        self.top = top
        """Rows from the top of the line box to the top of ``mask``."""
        self.advance = advance
        self.ink = ink


_EMPTY = np.zeros((0, 0), np.uint8)


class Face:
    """The phone's typeface at one pixel size and weight (CSS weights: 400 regular, 500
    medium, 700 bold), with the fallback fonts at the same size and weight."""

    def __init__(self, size_px: int, weight: int = REGULAR) -> None:
        self.size_px = max(size_px, _MIN_SIZE_PX)
        self.weight = weight
        self._fonts: dict[int, ImageFont.FreeTypeFont] = {}
        ascent, descent = self._font(0).getmetrics()
        self.ascent = ascent
        """Rows from the top of the line box to the baseline."""
        self.line_height = ascent + descent
        self._glyphs: FIFOCache[str, Glyph] = FIFOCache(_GLYPH_CACHE_SIZE)
        self._widths: FIFOCache[str, float] = FIFOCache(_WIDTH_CACHE_SIZE)
        """Advance widths of whole strings, by text."""

    def _font(self, index: int) -> ImageFont.FreeTypeFont:
        font = self._fonts.get(index)
        if font is None:
            font = self._fonts[index] = chain()[index].load(self.size_px, self.weight)
        return font

    def glyph(self, char: str) -> Glyph:
        return self._glyphs.get(char, self._rasterise)

    def _rasterise(self, char: str) -> Glyph:
        if invisible(char):
            return Glyph(_EMPTY, 0, 0, 0.0)
        font = self._font(font_index(char) or 0)  # none has it: the first font's box
        advance = font.getlength(char)
        left, top, right, bottom = font.getbbox(char, anchor="ls")
        if right <= left or bottom <= top:
            return Glyph(_EMPTY, 0, 0, advance)
        image = Image.new("L", (right - left, bottom - top), 0)
        ImageDraw.Draw(image).text((-left, -top), char, font=font, fill=255, anchor="ls")
        mask, top = np.asarray(image), self.ascent + top
        in_line = mask[max(-top, 0) : max(self.line_height - top, 0)]
        return Glyph(mask, left, top, advance, np.flatnonzero(in_line.any(axis=0)))

    def measure(self, text: str) -> float:
        """Advance width of ``text`` in pixels."""
        return self._widths.get(text, self._width)

    def _width(self, text: str) -> float:
        return sum(self.glyph(c).advance for c in text)

    def fit(self, text: str, max_width: float) -> str:
        """``text`` cut with an ellipsis so that it fits ``max_width`` pixels."""
        return self.fitted(text, max_width)[0]

    def fitted(self, text: str, max_width: float) -> tuple[str, float]:
        """``fit``'s text with its advance width."""
        width = self.measure(text)
        if width <= max_width:
            return text, width
        ellipsis = self.glyph(ELLIPSIS).advance
        budget = max_width - ellipsis
        width = 0.0
        for i, char in enumerate(text):
            advance = self.glyph(char).advance
            if width + advance > budget:
                return text[:i] + ELLIPSIS, width + ellipsis
            width += advance
        return text, width

    def wrap(self, text: str, max_width: float, max_lines: int) -> list[str]:
        """Greedy line breaking into at most ``max_lines`` lines, the last one ellipsised
        (the lines of ``wrapped``)."""
        return [line for line, _ in self.wrapped(text, max_width, max_lines)]

    def wrapped(self, text: str, max_width: float, max_lines: int) -> list[tuple[str, float]]:
        """The lines of ``text`` broken to fit ``max_width``, at most ``max_lines`` of them
        (the last one ellipsised when the text goes on), each with its advance width.

        Lines break at spaces, between CJK characters (which have none), and inside a word
        too long for a line of its own. A string's width is the sum of its characters'
        advances, so a line's width is added up piece by piece as it grows: each piece is
        measured once, not every line it might end, and the lines are not measured again.
        """
        space = self.glyph(" ").advance
        lines: list[str] = []
        widths: list[float] = []
        for paragraph in text.split("\n"):
            current, width = "", 0.0
            for separator, piece in self._pieces(paragraph, max_width):
                piece_width = self.measure(piece)
                if not current:
                    current, width = piece, piece_width
                    continue
                joined = width + (space if separator else 0.0) + piece_width
                if joined > max_width:
                    lines.append(current)
                    widths.append(width)
                    current, width = piece, piece_width
                    if len(lines) > max_lines:
                        break
                else:
                    current, width = current + separator + piece, joined
            lines.append(current)
            widths.append(width)
            if len(lines) > max_lines:
                break
        if len(lines) > max_lines:
            del lines[max_lines:], widths[max_lines:]
            lines[-1], widths[-1] = lines[-1] + ELLIPSIS, math.inf  # fitted below
        return [
            (line, width) if width <= max_width else self.fitted(line, max_width)
            for line, width in zip(lines, widths, strict=True)
        ]

    def _pieces(self, paragraph: str, max_width: float) -> Iterator[tuple[str, str]]:
        """The unbreakable pieces of ``paragraph``, each with what joins it to the one before
        (a space, or nothing inside a word)."""
        for word in paragraph.split(" "):
            separator = " "
            for piece in _word_pieces(word):
                for chunk in self._chunks(piece, max_width):
                    yield separator, chunk
                    separator = ""

    def _chunks(self, piece: str, max_width: float) -> Iterator[str]:
        """``piece`` in parts that each fit ``max_width`` (all of it when it fits), cut
        between characters: a word too long for a line starts a line and fills it."""
        if self.measure(piece) <= max_width:
            yield piece
            return
        start, width = 0, 0.0
        for i, char in enumerate(piece):
            advance = self.glyph(char).advance
            if i > start and width + advance > max_width:
                yield piece[start:i]
                start, width = i, 0.0
            width += advance
        yield piece[start:]

    def ink_right(self, text: str) -> int:
        """One past the rightmost column of ``mask(text)`` with any ink (0 for none), found
        from the columns where each glyph's ink falls, without drawing the string."""
        glyphs = [self.glyph(c) for c in text]
        width = _mask_width(glyphs)
        right = 0
        pen = 0.0
        for glyph in glyphs:
            x, ink = round(pen) + glyph.left, glyph.ink
            if ink.size and x + ink[-1] >= width:  # it runs past the mask's right edge
                ink = ink[ink < width - x]
            if ink.size:  # (ink wholly left of the mask ends at or before 0: no change)
                right = max(right, x + int(ink[-1]) + 1)
            pen += glyph.advance
        return right

    def mask(self, text: str) -> np.ndarray:
        """Coverage mask (``line_height`` x width, uint8) of one line of text."""
        return _STRING_MASKS.get((self, text), _string_mask)

    def _mask(self, text: str) -> np.ndarray:
        glyphs = [self.glyph(c) for c in text]
        width = _mask_width(glyphs)
        mask = np.zeros((self.line_height, width), np.uint8)
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
        mask.flags.writeable = False
        return mask


def _mask_width(glyphs: list[Glyph]) -> int:
    """The width of a string's mask: its advance, rounded up, and 2 columns for overhang."""
    return math.ceil(sum(g.advance for g in glyphs)) + 2


def _wide(char: str) -> bool:
    """Whether ``char`` is a wide (CJK) character, which lines may break before or after."""
    return unicodedata.east_asian_width(char) in ("W", "F")


def _word_pieces(word: str) -> Iterator[str]:
    """``word`` split where a line may break inside it: around wide characters, except
    before closing and after opening punctuation."""
    if word.isascii():  # no wide characters: one piece
        yield word
        return
    start = 0
    for i in range(1, len(word)):
        before, after = word[i - 1], word[i]
        if (
            (_wide(before) or _wide(after))
            and after not in _NO_LINE_START
            and before not in _NO_LINE_END
        ):
            yield word[start:i]
            start = i
    yield word[start:]


def face(size_px: int, bold: bool = False, weight: int | None = None) -> Face:
    """The shared face for a pixel size and weight (glyph caches are shared by all phones):
    ``weight`` if given (``REGULAR``, ``MEDIUM``, ``BOLD`` or another CSS weight), else bold or
    regular."""
    key = (size_px, weight if weight is not None else BOLD if bold else REGULAR)
    return _FACES.get(key, _new_face)


_FACES: LRUCache[tuple[int, int], Face] = LRUCache(256)
"""The faces in use by pixel size and weight, each with its glyph and width caches."""
_STRING_MASKS: SizedLRUCache[tuple[Face, str], np.ndarray] = SizedLRUCache(
    _STRING_MASK_BYTES, lambda mask: mask.nbytes
)
"""Coverage masks of whole strings, by face and text, of all faces together: the screens
in use draw their texts from here, and a byte budget bounds what every face ever drew."""


def _string_mask(key: tuple[Face, str]) -> np.ndarray:
    face, text = key
    return face._mask(text)


def _new_face(key: tuple[int, int]) -> Face:
    return Face(*key)
