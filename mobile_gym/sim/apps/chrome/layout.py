"""A parsed page broken into lines of one height: the rows the web view recycles.

Text blocks are broken into lines at spaces, measured in the phone's typeface at the width
the page is shown in (a run's words stay together with its link and weight: a line is a
row of runs). A table's columns share the width as a browser's automatic table layout
shares it (each at least as wide as its longest word where the width allows, the rest by
how much wider its content is), and each row takes as many lines as its tallest cell
wraps to. Every other block (an image, a rule, a form control, the space between blocks)
is one line. Lines are made once per page and width (``lines``), so a long page costs
what its lines on screen cost.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from mobile_gym.caches import LRUCache
from mobile_gym.sim.apps.chrome.document import Block, Run, document
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.fonts import Face, face

LINE_DP = 32
"""The height of every line of a page, in dp."""
SIDE_DP = 16
"""The page's margin on either side, in dp."""
PREFIX_DP = 20
"""The room a list item's marker takes, in dp."""
CELL_SP = 14
"""The text size of a table cell, in sp."""
ROW_PADDING_DP = 8
"""A table row's padding on either side, in dp."""
CELL_GAP_DP = 8
"""The room after each table cell, in dp."""
_WORDS = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Line:
    """One row of the page: the ``block`` (its index) it shows, and for text its
    ``segments`` (``first``: the block's first line, which carries its list marker)."""

    block: int
    segments: tuple[Run, ...] = ()
    first: bool = True
    cells: tuple[tuple[Run, ...], ...] = ()
    """A table row's line: the runs each cell shows on it."""
    widths: tuple[int, ...] = ()
    """A table row's line: each column's width in pixels (its gap included)."""
    links: tuple[str, ...] = ()
    """For each of the ``segments``: the whole text of the link it starts (the link's text
    over every line it wraps onto), or ``""`` for a segment that is no link or goes on
    with a link begun before it."""

    @property
    def text(self) -> str:
        return "".join(segment.text for segment in self.segments)


def _break(runs: tuple[Run, ...], size_px: int, room: float) -> list[list[Run]]:
    """``runs`` broken greedily into lines no wider than ``room`` pixels (a word too long
    for a line of its own is cut where the line ends)."""
    lines: list[list[Run]] = [[]]
    used = 0.0
    for run in runs:
        f = face(size_px, run.bold)
        for whole in _WORDS.findall(run.text):
            for word in _cut(whole, f, room):
                width = f.measure(word.rstrip())
                if used and used + width > room:
                    lines.append([])
                    used = 0.0
                    word = word.lstrip()
                    if not word:
                        continue
                line = lines[-1]
                if line and line[-1].href == run.href and line[-1].bold == run.bold:
                    line[-1] = Run(line[-1].text + word, run.href, run.bold)
                else:
                    line.append(Run(word, run.href, run.bold))
                used += f.measure(word)
    return [_stripped(line) for line in lines if line]


def _cut(word: str, f: Face, room: float) -> list[str]:
    """``word`` in pieces that each fit ``room`` pixels (itself when it fits)."""
    pieces: list[str] = []
    while len(word) > 1 and f.measure(word.rstrip()) > room:
        end = 1
        while end < len(word) and f.measure(word[: end + 1]) <= room:
            end += 1
        pieces.append(word[:end])
        word = word[end:]
    return [*pieces, word]


def _stripped(line: list[Run]) -> list[Run]:
    last = line[-1]
    line[-1] = Run(last.text.rstrip(), last.href, last.bold)
    return [segment for segment in line if segment.text]


def _block_lines(index: int, block: Block, d: Display, width_px: int) -> list[Line]:
    if block.kind != "text":
        return [Line(index)]
    room = width_px - d.dp(2 * SIDE_DP + block.indent + (PREFIX_DP if block.prefix else 0))
    room -= d.dp(4)  # each text measures a pixel wider than its glyphs
    broken = _break(block.runs, d.dp(block.size), max(room, d.dp(48)))
    links = _link_starts(block.runs, broken)
    return [
        Line(index, tuple(segments), first=i == 0, links=links[i])
        for i, segments in enumerate(broken)
    ]


def _link_starts(runs: tuple[Run, ...], lines: list[list[Run]]) -> list[tuple[str, ...]]:
    """``Line.links`` of each of ``lines``, the block of ``runs`` broken. A link is the
    text of the runs of one URL one after another: its segments (found again in the
    block's text, which lost only spaces at the line breaks) after the first go on with
    it, whatever line they are on."""
    text = "".join(run.text for run in runs)
    hrefs = [run.href for run in runs for _ in run.text]
    at = 0
    out: list[tuple[str, ...]] = []
    for line in lines:
        starts = []
        for segment in line:
            at = text.index(segment.text, at)
            href = segment.href
            if href is None or (at and hrefs[at - 1] == href):
                starts.append("")
            else:
                end = at
                while end < len(text) and hrefs[end] == href:
                    end += 1
                starts.append(text[at:end].strip())
            at += len(segment.text)
        out.append(tuple(starts))
    return out


def _table_widths(rows: list[Block], d: Display, room: int) -> tuple[int, ...]:
    """The width (px, gap included) of each column of the table ``rows``, filling ``room``
    px as a browser's automatic table layout shares it: by content width when all of it
    fits; else each column its longest word and the rest by how much wider its content
    is; else (not even the words fit) by longest word."""
    count = max(len(row.cells) for row in rows)
    pad = d.dp(CELL_GAP_DP) + d.dp(4)  # the gap, and the pixel a text measures wider
    most = [float(pad)] * count
    least = [float(pad)] * count
    for row in rows:
        for column, runs in enumerate(row.cells):
            f = face(d.dp(CELL_SP), row.header or any(run.bold for run in runs))
            text = "".join(run.text for run in runs)
            most[column] = max(most[column], pad + f.measure(text))
            words = [f.measure(word) for word in text.split()]
            least[column] = max(least[column], pad + max(words, default=0.0))
    if sum(most) <= room:
        shares = most
    elif sum(least) >= room:
        shares = least
    else:
        extra = [high - low for high, low in zip(most, least, strict=True)]
        spare = (room - sum(least)) / sum(extra)
        shares = [low + spare * e for low, e in zip(least, extra, strict=True)]
    total = sum(shares)
    widths = [int(room * share / total) for share in shares]
    widths[-1] += room - sum(widths)
    return tuple(widths)


def _row_lines(index: int, block: Block, widths: tuple[int, ...], d: Display) -> list[Line]:
    """The lines of table row ``block`` in columns of ``widths``: each cell broken to its
    column, as many lines as its tallest cell takes."""
    size, gap = d.dp(CELL_SP), d.dp(CELL_GAP_DP)
    broken = []
    for runs, width in zip(block.cells, widths, strict=False):
        bold = block.header or any(run.bold for run in runs)  # a cell is drawn in one weight
        runs = tuple(Run(run.text, run.href, bold) for run in runs)
        broken.append(_break(runs, size, max(width - gap - d.dp(4), d.dp(16))) or [[]])
    height = max((len(cell) for cell in broken), default=1)
    return [
        Line(
            index,
            first=part == 0,
            cells=tuple(tuple(cell[part]) if part < len(cell) else () for cell in broken),
            widths=widths,
        )
        for part in range(height)
    ]


def _lines(key: tuple[str, str, Display]) -> tuple[Line, ...]:
    html, url, d = key
    blocks = document(html, url).blocks
    room = d.width - d.dp(2 * SIDE_DP + 2 * ROW_PADDING_DP)
    out: list[Line] = []
    table: list[tuple[int, Block]] = []  # the rows of the table being read
    for index, block in enumerate((*blocks, None)):
        if block is not None and block.kind == "row":
            table.append((index, block))
            continue
        if table:
            widths = _table_widths([row for _, row in table], d, room)
            for row_index, row in table:
                out.extend(_row_lines(row_index, row, widths, d))
            table = []
        if block is not None:
            out.extend(_block_lines(index, block, d, d.width))
    return tuple(out)


_LINES: LRUCache[tuple[str, str, Display], tuple[Line, ...]] = LRUCache(16)
"""Pages broken into lines lately, by page (HTML and URL) and display."""


def lines(html: str, url: str, d: Display) -> tuple[Line, ...]:
    """The lines of the page ``html`` at ``url`` shown on display ``d`` (broken on first
    ask; the page is parsed by ``document.document``)."""
    return _LINES.get((html, url, d), _lines)
