"""A document laid out for the phone's screen: one row per wrapped line of text, a page
label before each page and a few rows per picture, all of one height so that the
viewer's recycled list makes only the rows in view.

Also the matches of a search, found in the document's lines (case ignored): a match across
the rows a line wraps into has a part in each, and ``copied`` gives rows' text as the lines
hold it (a line's rows joined as they were before it wrapped).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from mobile_gym.caches import LRUCache
from mobile_gym.sim.apps.docreader.pdf import PdfDocument, Picture
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.fonts import face

TEXT_SP = 14
ROW_DP = 22
"""The height of every row of the viewer's list."""
SIDE_DP = 16
"""The margin left and right of the text."""


@dataclass(frozen=True)
class Row:
    """One row of the laid-out document.

    ``kind`` is ``page`` (the label before page ``page``), ``line`` (``text``: the part of
    the document's line ``line`` from character ``offset`` on that fits the row) or
    ``picture`` (band ``band`` of ``bands`` of ``picture``)."""

    kind: str
    page: int
    text: str = ""
    picture: Picture | None = None
    band: int = 0
    bands: int = 0
    line: int = -1
    offset: int = 0

    def _key(self) -> tuple[object, ...]:
        return (self.kind, self.page, self.text, self.band, self.bands, self.line, self.offset)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Row):
            return NotImplemented
        return self._key() == other._key() and self.picture is other.picture

    def __hash__(self) -> int:
        return hash(self._key())


@dataclass(frozen=True, eq=False)
class Layout:
    rows: tuple[Row, ...]
    page_starts: tuple[int, ...]
    """The index of each page's label row."""
    lines: tuple[str, ...] = ()
    """The document's lines of text, in reading order (``Row.line`` indexes them)."""

    @property
    def page_count(self) -> int:
        return len(self.page_starts)

    def page_at(self, index: int) -> int:
        """The page (1-based) row ``index`` belongs to."""
        if not self.rows:
            return 1
        return self.rows[min(max(index, 0), len(self.rows) - 1)].page


def lay_out(document: PdfDocument, display: Display) -> Layout:
    """``document`` in rows for ``display``'s width (kept for the same document and width)."""
    return _LAYOUTS.get((document, display.width, display.density), _make)


def _bands(page: int, picture: Picture, room: int, row_px: int) -> list[Row]:
    """The rows a picture takes: as many as its height on screen needs."""
    bands = max(1, math.ceil(room * picture.width * picture.aspect / row_px))
    return [Row("picture", page, "", picture, band, bands) for band in range(bands)]


def _make(key: tuple[PdfDocument, int, float]) -> Layout:
    document, width, density = key
    text_px = round(TEXT_SP * density)
    row_px = round(ROW_DP * density)
    room = width - 2 * round(SIDE_DP * density)
    font = face(text_px)
    rows: list[Row] = []
    starts: list[int] = []
    lines: list[str] = []
    for number, page in enumerate(document.pages, 1):
        starts.append(len(rows))
        rows.append(Row("page", number, f"Page {number}"))
        pictures = list(page.pictures)
        for index, line in enumerate((*page.lines, None)):
            while pictures and pictures[0].after <= index:
                rows.extend(_bands(number, pictures.pop(0), room, row_px))
            if line is not None:
                at = 0
                for part in font.wrap(line, room, 1 << 16):
                    at = max(line.find(part, at), at)  # (the spaces a wrap takes are in no row)
                    rows.append(Row("line", number, part, line=len(lines), offset=at))
                    at += len(part)
                lines.append(line)
    return Layout(tuple(rows), tuple(starts), tuple(lines))


_LAYOUTS: LRUCache[tuple[PdfDocument, int, float], Layout] = LRUCache(16)
"""Layouts made lately, by document and screen width."""


@dataclass(frozen=True)
class Match:
    """Where a search matched: ``(row, start, end)`` for each row it covers, in reading
    order (more than one where it runs on into the next row of a wrapped line)."""

    parts: tuple[tuple[int, int, int], ...]

    @property
    def row(self) -> int:
        """The row it starts in."""
        return self.parts[0][0]

    def span_in(self, row: int) -> tuple[int, int]:
        """The characters it covers in ``row`` (one of its rows)."""
        return next((start, end) for index, start, end in self.parts if index == row)


def find(layout: Layout, query: str) -> tuple[Match, ...]:
    """Every place ``query`` (lower-cased) occurs in the document's lines, in reading order."""
    if not query:
        return ()
    return _MATCHES.get((layout, query), _search)


def _search(key: tuple[Layout, str]) -> tuple[Match, ...]:
    layout, query = key
    rows_of: dict[int, list[int]] = {}
    for index, row in enumerate(layout.rows):
        if row.kind == "line":
            rows_of.setdefault(row.line, []).append(index)
    found = []
    for line, indices in rows_of.items():
        text = layout.lines[line].lower()
        start = text.find(query)
        while start >= 0:
            end = start + len(query)
            parts = []
            for index in indices:
                row = layout.rows[index]
                first, last = max(start, row.offset), min(end, row.offset + len(row.text))
                if first < last:
                    parts.append((index, first - row.offset, last - row.offset))
            if parts:
                found.append(Match(tuple(parts)))
            start = text.find(query, start + 1)
    return tuple(found)


def copied(layout: Layout, indices: list[int]) -> str:
    """The text of rows ``indices`` (in order; rows of text only): the rows of one line
    joined as the line holds them, one line a line."""
    pieces: list[tuple[int, int, int]] = []  # (line, from, to)
    for index in indices:
        row = layout.rows[index]
        if row.kind != "line":
            continue
        end = row.offset + len(row.text)
        if pieces and pieces[-1][0] == row.line:
            pieces[-1] = (row.line, pieces[-1][1], end)
        else:
            pieces.append((row.line, row.offset, end))
    return "\n".join(layout.lines[line][start:end] for line, start, end in pieces)


_MATCHES: LRUCache[tuple[Layout, str], tuple[Match, ...]] = LRUCache(32)
"""Searches made lately, by layout and query."""


def matched_rows(layout: Layout, query: str) -> Mapping[int, range]:
    """Which of the matches of ``query`` (``find``'s, by their indices) each row holds, by
    row: a row's matches follow one another in reading order."""
    if not query:
        return _NO_ROWS
    return _ROWS.get((layout, query), _group)


def _group(key: tuple[Layout, str]) -> Mapping[int, range]:
    rows: dict[int, range] = {}
    for index, match in enumerate(find(*key)):
        for row, _, _ in match.parts:
            held = rows.get(row)
            rows[row] = range(held.start if held else index, index + 1)
    return MappingProxyType(rows)


_NO_ROWS: Mapping[int, range] = MappingProxyType({})
_ROWS: LRUCache[tuple[Layout, str], Mapping[int, range]] = LRUCache(32)
"""The rows of searches made lately, by layout and query."""
