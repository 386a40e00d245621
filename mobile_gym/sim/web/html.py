"""Building pages in the HTML subset the browser renders.

Every site writes its pages with these helpers: ``page`` wraps a body into a document,
``esc`` escapes text, ``link`` and ``table`` write the common elements, and ``markdown``
turns the small Markdown the frozen articles are written in (headings, paragraphs, lists,
``**bold**``, ``[links](url)`` and ``|`` tables) into the same subset.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Sequence

LINK = re.compile(r"\[([^\]]*)\]\(([^)\s]+)\)")
BOLD = re.compile(r"\*\*(.+?)\*\*")
BULLET = re.compile(r"^(-|\*|\d+\.)\s+")


def esc(text: object) -> str:
    """``text`` with HTML's special characters escaped."""
    return html.escape(str(text), quote=True)


def page(title: str, body: str) -> str:
    """A whole document titled ``title`` around ``body`` (already HTML)."""
    return f"<html><head><title>{esc(title)}</title></head><body>{body}</body></html>"


def link(href: str, text: str) -> str:
    """An anchor to ``href`` showing ``text``."""
    return f'<a href="{esc(href)}">{esc(text)}</a>'


def table(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A table with a header row; cells are escaped text."""
    head = "".join(f"<th>{esc(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def inline(text: str) -> str:
    """One line of Markdown text (links and bold) as HTML."""
    out: list[str] = []
    last = 0
    for match in LINK.finditer(text):
        out.append(BOLD.sub(r"<b>\1</b>", esc(text[last : match.start()])))
        out.append(link(match.group(2), match.group(1)))
        last = match.end()
    out.append(BOLD.sub(r"<b>\1</b>", esc(text[last:])))
    return "".join(out)


def markdown(text: str) -> str:
    """The small Markdown of the frozen articles as HTML: ``#`` headings, ``-``/``1.`` lists,
    ``|`` table rows (the first one the header) and paragraphs separated by blank lines."""
    blocks: list[str] = []
    for chunk in re.split(r"\n\s*\n", text.strip()):
        lines = [line.strip() for line in chunk.splitlines() if line.strip()]
        if not lines:
            continue
        heading = re.match(r"(#{1,4})\s+(.*)", lines[0])
        if heading and len(lines) == 1:
            level = len(heading.group(1))
            blocks.append(f"<h{level}>{inline(heading.group(2))}</h{level}>")
        elif all(line.startswith("|") for line in lines):
            cells = [[c.strip() for c in line.strip("|").split("|")] for line in lines]
            cells = [row for row in cells if not all(set(c) <= set("-: ") for c in row)]
            head = "".join(f"<th>{inline(c)}</th>" for c in cells[0])
            body = "".join(
                "<tr>" + "".join(f"<td>{inline(c)}</td>" for c in row) + "</tr>"
                for row in cells[1:]
            )
            blocks.append(f"<table><tr>{head}</tr>{body}</table>")
        elif all(BULLET.match(line) for line in lines):
            tag = "ol" if lines[0][0].isdigit() else "ul"
            items = "".join(f"<li>{inline(BULLET.sub('', line))}</li>" for line in lines)
            blocks.append(f"<{tag}>{items}</{tag}>")
        else:
            blocks.append(f"<p>{inline(' '.join(lines))}</p>")
    return "".join(blocks)


def plain(text: str) -> str:
    """Markdown text reduced to plain words (for search snippets)."""
    text = LINK.sub(r"\1", text)
    text = re.sub(r"[#*|>`]+", " ", text)
    return " ".join(text.split())
