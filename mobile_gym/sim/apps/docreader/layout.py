"""A document laid out for the phone's screen: one row per wrapped line of text, a page
label before each page and a few rows per picture, all of one height so that the
viewer's recycled list makes only the rows in view.

Also the matches of a search, found in the rows' text (case ignored).
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

    ``kind`` is ``page`` (the label before page ``page``), ``line`` (``text``) or
    ``picture`` (band ``band`` of ``bands`` of ``picture``)."""

    kind: str
    page: int
    text: str = ""
    picture: Picture | None = None
    band: int = 0
    bands: int = 0

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Row):
            return NotImplemented
        return (self.kind, self.page, self.text, self.band, self.bands) == (
            other.kind,
            other.page,
            other.text,
            other.band,
            other.bands,
        ) and self.picture is other.picture

    def __hash__(self) -> int:
        return hash((self.kind, self.page, self.text, self.band))


@dataclass(frozen=True, eq=False)
class Layout:
    rows: tuple[Row, ...]
    page_starts: tuple[int, ...]
    """The index of each page's label row."""

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
    for number, page in enumerate(document.pages, 1):
        starts.append(len(rows))
        rows.append(Row("page", number, f"Page {number}"))
        pictures = list(page.pictures)
        for index, line in enumerate((*page.lines, None)):
            while pictures and pictures[0].after <= index:
                rows.extend(_bands(number, pictures.pop(0), room, row_px))
            if line is not None:
                rows.extend(Row("line", number, part) for part in font.wrap(line, room, 1 << 16))
    return Layout(tuple(rows), tuple(starts))


_LAYOUTS: LRUCache[tuple[PdfDocument, int, float], Layout] = LRUCache(16)
"""Layouts made lately, by document and screen width."""


@dataclass(frozen=True)
class Match:
    """Where a search matched: row ``row``, characters ``start`` to ``end``."""

    row: int
    start: int
    end: int


def find(layout: Layout, query: str) -> tuple[Match, ...]:
    """Every place ``query`` (lower-cased) occurs in the rows' text, in reading order."""
    if not query:
        return ()
    return _MATCHES.get((layout, query), _search)


def _search(key: tuple[Layout, str]) -> tuple[Match, ...]:
    layout, query = key
    found = []
    for index, row in enumerate(layout.rows):
        if row.kind != "line":
            continue
        text = row.text.lower()
        start = text.find(query)
        while start >= 0:
            found.append(Match(index, start, start + len(query)))
            start = text.find(query, start + 1)
    return tuple(found)


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
        held = rows.get(match.row)
        rows[match.row] = range(held.start if held else index, index + 1)
    return MappingProxyType(rows)


_NO_ROWS: Mapping[int, range] = MappingProxyType({})
_ROWS: LRUCache[tuple[Layout, str], Mapping[int, range]] = LRUCache(32)
"""The rows of searches made lately, by layout and query."""
