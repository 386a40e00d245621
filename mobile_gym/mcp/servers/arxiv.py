"""Offline arXiv MCP server ``arXiv``: paper search, the recent cs.AI listing, paper text.

Answers only from ``fixtures/arxiv.yaml``; the client sees each tool as ``arXiv_<tool>``.

Tools (arguments -> result text):

- ``search_arxiv(query, max_results=10)`` -> a numbered plain-text list, best match first::

      Found 2 papers for "visual instruction":

      1. **Visual Instruction Tuning**
         ID: 2304.08485
         Authors: ...
         Published: 2023-04-17
         Categories: cs.CV, cs.CL
         URL: https://arxiv.org/abs/2304.08485
         Abstract: ...

  A paper scores 3 per query word in its title and 1 per word in its abstract or authors;
  papers scoring 0 are left out; ties go to the newer paper. An ``arXiv`` identifier as the
  query finds that paper. No match gives ``Found 0 papers``.
- ``get_recent_ai_papers(max_results=5)`` -> the HTML of arXiv's cs.AI "recent submissions"
  page (``<dt><a name='item1'>`` entries with ``arXiv:<id>`` and a ``list-title mathjax``
  title ``div``), newest first.
- ``read_paper(paper_id)`` -> the paper as Markdown: title, authors, date, abstract and, for
  papers that have them, its sections.

Errors (``isError`` results): an empty query, ``max_results`` outside 1..50, an unknown
paper id.

Run over stdio: ``python -m mobile_gym.mcp.servers.arxiv``.
"""

from __future__ import annotations

import html
import re
from datetime import date
from typing import Any

from mcp.server.mcpserver import MCPServer

from mobile_gym.mcp.servers.common import clean_text, new_server, positive_int, tool_error
from mobile_gym.mcp.servers.data import fixture

NAME = "arXiv"
MAX_RESULTS = 50
WORD = re.compile(r"[\w.+-]+", re.UNICODE)
ARXIV_ID = re.compile(r"^(?:arxiv:)?(\d{4}\.\d{4,5})(?:v\d+)?$", re.IGNORECASE)


def _papers() -> list[dict[str, Any]]:
    return fixture("arxiv")["papers"]


def _words(text: str) -> list[str]:
    return [w.lower() for w in WORD.findall(text)]


def _score(paper: dict[str, Any], words: list[str]) -> int:
    title = set(_words(paper["title"]))
    rest = set(_words(paper.get("abstract", "") + " " + " ".join(paper.get("authors", []))))
    return sum(3 * (w in title) + (w in rest) for w in words)


def _find(paper_id: str) -> dict[str, Any]:
    match = ARXIV_ID.match(paper_id.strip())
    wanted = match.group(1) if match else paper_id.strip()
    for paper in _papers():
        if paper["id"] == wanted:
            return paper
    raise tool_error(f"paper {paper_id!r} not found")


def _entry(index: int, paper: dict[str, Any]) -> str:
    return "\n".join(
        [
            f"{index}. **{paper['title']}**",
            f"   ID: {paper['id']}",
            f"   Authors: {', '.join(paper['authors'])}",
            f"   Published: {paper['published']}",
            f"   Categories: {', '.join(paper['categories'])}",
            f"   URL: https://arxiv.org/abs/{paper['id']}",
            f"   Abstract: {paper.get('abstract', '').strip()}",
        ]
    )


def _listing(papers: list[dict[str, Any]], total: int) -> str:
    newest = date.fromisoformat(papers[0]["published"]) if papers else date(2025, 10, 15)
    items = []
    for index, paper in enumerate(papers, start=1):
        pid = paper["id"]
        title = html.escape(paper["title"], quote=False)
        authors = ", ".join(
            f"<a href='/a/{html.escape(a)}'>{html.escape(a)}</a>" for a in paper["authors"]
        )
        subjects = "; ".join(paper["categories"])
        items.append(
            f"<dt><a name='item{index}'>[{index}]</a> "
            f"<a href='/abs/{pid}' title='Abstract' id='{pid}'>arXiv:{pid}</a></dt>\n"
            f"<dd><div class='meta'>"
            f"<div class='list-title mathjax'><span class='descriptor'>Title:</span> {title}</div>"
            f"<div class='list-authors'>{authors}</div>"
            f"<div class='list-subjects'><span class='descriptor'>Subjects:</span> {subjects}</div>"
            f"</div></dd>"
        )
    return (
        "<!DOCTYPE html>\n<html lang='en'><head>"
        "<title>Artificial Intelligence authors/titles recent submissions</title></head><body>\n"
        "<h1>Artificial Intelligence</h1>\n"
        f"<h3>{newest:%a, %d %b %Y} (showing {len(papers)} of {total} entries)</h3>\n"
        "<dl id='articles'>\n" + "\n".join(items) + "\n</dl>\n</body></html>"
    )


def _markdown(paper: dict[str, Any]) -> str:
    lines = [
        f"# {paper['title']}",
        "",
        f"arXiv:{paper['id']} · {', '.join(paper['authors'])} · {paper['published']}",
        "",
        "## Abstract",
        "",
        paper.get("abstract", "").strip(),
    ]
    for section in paper.get("sections", []):
        lines += ["", f"## {section['heading']}", "", section["text"].strip()]
    return "\n".join(lines) + "\n"


def build() -> MCPServer:
    """A fresh ``arXiv`` server object answering from the fixture."""
    server = new_server(NAME, "Offline arXiv tools over a frozen fixture library.")

    @server.tool(structured_output=False)
    def search_arxiv(query: str, max_results: int = 10) -> str:
        """Search papers by words of their title, abstract or authors (or by arXiv id)."""
        text = clean_text(query, "query")
        positive_int(max_results, "max_results", maximum=MAX_RESULTS)
        if ARXIV_ID.match(text):
            found = [_find(text)]
        else:
            words = _words(text)
            scored = [(s, p) for p in _papers() if (s := _score(p, words)) > 0]
            scored.sort(key=lambda item: (item[0], item[1]["published"]), reverse=True)
            found = [p for _, p in scored]
        shown = found[:max_results]
        head = f'Found {len(shown)} papers for "{text}":'
        return "\n\n".join([head, *(_entry(i, p) for i, p in enumerate(shown, start=1))])

    @server.tool(structured_output=False)
    def get_recent_ai_papers(max_results: int = 5) -> str:
        """The newest cs.AI submissions as arXiv's listing page (HTML)."""
        positive_int(max_results, "max_results", maximum=MAX_RESULTS)
        recent = [p for p in _papers() if p.get("recent")]
        recent.sort(key=lambda p: (p["published"], p["id"]), reverse=True)
        return _listing(recent[:max_results], len(recent))

    @server.tool(structured_output=False)
    def read_paper(paper_id: str) -> str:
        """The text of one paper (Markdown), by arXiv id such as "2512.19432"."""
        return _markdown(_find(clean_text(paper_id, "paper_id")))

    return server


def main() -> None:
    """Serve ``arXiv`` over stdio."""
    build().run("stdio")


if __name__ == "__main__":
    main()
