"""A parsed page broken into lines of one height: the rows the web view recycles.

Text blocks are broken into lines at spaces, measured in the phone's typeface at the width
the page is shown in (a run's words stay together with its link and weight: a line is a
row of runs). Every other block (an image, a rule, a table row, a form control,
the space between blocks) is one line. Lines are made once per page and width
(``lines``), so a long page costs what its lines on screen cost.
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
_WORDS = re.compile(r"\S+\s*|\s+")


@dataclass(frozen=True)
class Line:
    """One row of the page: the ``block`` (its index) it shows, and for text its
    ``segments`` (``first``: the block's first line, which carries its list marker)."""

    block: int
    segments: tuple[Run, ...] = ()
    first: bool = True

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
    return [Line(index, tuple(segments), first=i == 0) for i, segments in enumerate(broken)]


def _lines(key: tuple[str, str, Display]) -> tuple[Line, ...]:
    html, url, d = key
    out: list[Line] = []
    for index, block in enumerate(document(html, url).blocks):
        out.extend(_block_lines(index, block, d, d.width))
    return tuple(out)


_LINES: LRUCache[tuple[str, str, Display], tuple[Line, ...]] = LRUCache(16)
"""Pages broken into lines lately, by page (HTML and URL) and display."""


def lines(html: str, url: str, d: Display) -> tuple[Line, ...]:
    """The lines of the page ``html`` at ``url`` shown on display ``d`` (broken on first
    ask; the page is parsed by ``document.document``)."""
    return _LINES.get((html, url, d), _lines)
