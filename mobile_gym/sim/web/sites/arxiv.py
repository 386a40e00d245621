"""arxiv.org: abstract pages, the papers' text, the cs.AI listing and search.

The papers are the offline arXiv tool server's (``mobile_gym/mcp/fixtures/arxiv.yaml``) and
a few more the tools do not hold (``MORE_PAPERS``). Pages: ``/`` and ``/search?query=``
(title words count three times, abstract words once; ties go to the newer paper),
``/abs/<id>`` (title, authors, date, abstract, links; "View PDF" links to ``/pdf/<id>``),
``/html/<id>`` (the paper's text: abstract and sections, their ``|`` rows as tables),
``/pdf/<id>`` (the same paper as a PDF, ``application/pdf``, made by the document generator
``mobile_gym.sim.documents``: the browser downloads it) and ``/list/cs.AI/recent``. A
version suffix (``v2``) or a ``.pdf`` ending is ignored.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Any

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim.documents import render_document
from mobile_gym.sim.web.html import esc, link
from mobile_gym.sim.web.server import Response, Visit
from mobile_gym.sim.web.sites import Document, Site

HOST = "arxiv.org"
WEB = f"https://{HOST}"

MORE_PAPERS: tuple[dict[str, Any], ...] = (
    {
        "id": "2006.11239",
        "title": "Denoising Diffusion Probabilistic Models",
        "authors": ["Jonathan Ho", "Ajay Jain", "Pieter Abbeel"],
        "categories": ["cs.LG", "stat.ML"],
        "published": "2020-06-19",
        "abstract": (
            "We present high quality image synthesis results using diffusion probabilistic "
            "models, a class of latent variable models inspired by considerations from "
            "nonequilibrium thermodynamics. Our best results are obtained by training on a "
            "weighted variational bound designed according to a novel connection between "
            "diffusion probabilistic models and denoising score matching with Langevin "
            "dynamics, and our models naturally admit a progressive lossy decompression scheme "
            "that can be interpreted as a generalization of autoregressive decoding. On the "
            "unconditional CIFAR10 dataset, we obtain an Inception score of 9.46 and a "
            "state-of-the-art FID score of 3.17. On 256x256 LSUN, we obtain sample quality "
            "similar to ProgressiveGAN."
        ),
    },
    {
        "id": "2511.21631",
        "title": "Qwen3-VL Technical Report",
        "authors": ["Qwen Team"],
        "categories": ["cs.CV", "cs.AI"],
        "published": "2025-11-26",
        "abstract": (
            "Qwen3-VL is the newest vision-language series of the Qwen family, from dense "
            "2B to 32B and mixture-of-experts 30B-A3B and 235B-A22B variants, with a native "
            "256K interleaved context, stronger spatial grounding and video understanding."
        ),
        "sections": [
            {
                "heading": "Multimodal reasoning (MMMU_Pro)",
                "text": (
                    "Model | MMMU | MMMU_Pro | MathVista || "
                    "Qwen3-VL-235B-A22B-Thinking | 80.6 | 68.1 | 85.8 || "
                    "Qwen3-VL-235B-A22B-Instruct | 78.7 | 62.0 | 84.9 || "
                    "Qwen3-VL-32B-Thinking | 78.1 | 65.8 | 85.9 || "
                    "Qwen3-VL-8B-Instruct | 69.6 | 55.9 | 77.2"
                ),
            }
        ],
    },
)
"""Papers on the site that the arXiv tools do not hold."""


@cache
def papers() -> tuple[dict[str, Any], ...]:
    """Every paper on the site."""
    return (*fixture("arxiv")["papers"], *MORE_PAPERS)


def paper(identifier: str) -> dict[str, Any] | None:
    """The paper ``identifier`` (``2006.11239``, ``2006.11239v2``, ``2006.11239.pdf``)."""
    match = re.match(r"(\d{4}\.\d{4,5})", identifier)
    if match is None:
        return None
    return next((p for p in papers() if p["id"] == match.group(1)), None)


def _rows(text: str) -> list[list[str]] | None:
    """The rows of a section written as ``a | b || c | d`` (None for plain text)."""
    rows = [[cell.strip() for cell in row.split("|")] for row in text.split("||")]
    if len(rows) < 2 or any(len(row) < 2 for row in rows):
        return None
    return rows


def _section(text: str) -> str:
    rows = _rows(text)
    if rows is None:
        return f"<p>{esc(text)}</p>"
    head = "".join(f"<th>{esc(cell)}</th>" for cell in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(cell)}</td>" for cell in row) + "</tr>" for row in rows[1:]
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _byline(record: dict[str, Any]) -> str:
    return (
        f"<p>{esc(', '.join(record['authors']))}</p>"
        f"<p>Submitted on {record['published']} · {esc(', '.join(record['categories']))}</p>"
    )


def _abs(visit: Visit, record: dict[str, Any]) -> Response:
    pid = record["id"]
    body = (
        f"<h1>{esc(record['title'])}</h1>{_byline(record)}<h2>Abstract</h2>"
        f"<p>{esc(record['abstract'])}</p><p>{link(f'{WEB}/pdf/{pid}', 'View PDF')} | "
        f"{link(f'{WEB}/html/{pid}', 'HTML (experimental)')}</p><p>arXiv:{pid}</p>"
    )
    return visit.answer(f"[{pid}] {record['title']}", body)


def _full_text(visit: Visit, record: dict[str, Any]) -> Response:
    sections = "".join(
        f"<h2>{index}. {esc(s['heading'])}</h2>{_section(s['text'])}"
        for index, s in enumerate(record.get("sections", []), start=1)
    )
    body = (
        f"<h1>{esc(record['title'])}</h1>{_byline(record)}<h2>Abstract</h2>"
        f"<p>{esc(record['abstract'])}</p>{sections}"
    )
    return visit.answer(f"{record['id']}: {record['title']}", body)


def pdf_fields(record: dict[str, Any]) -> dict[str, Any]:
    """The fields of the ``paper`` document of ``record``: its title, authors, abstract and
    sections (a section of ``|`` rows as a table)."""
    sections = []
    for section in record.get("sections", []):
        text = " ".join(str(section["text"]).split())
        rows = _rows(text)
        if rows is None or any(len(row) != len(rows[0]) for row in rows):
            sections.append({"heading": section["heading"], "text": text})
        else:
            table = {"columns": rows[0], "rows": rows[1:]}
            sections.append({"heading": section["heading"], "table": table})
    fields: dict[str, Any] = {
        "title": record["title"],
        "authors": list(record["authors"]),
        "abstract": " ".join(str(record["abstract"]).split()),
        "sections": sections,
    }
    if record not in MORE_PAPERS:
        fields["arxiv"] = record["id"]  # the arXiv footer; the fixture holds the paper
    return fields


def _pdf(visit: Visit, record: dict[str, Any]) -> Response:
    content = render_document("paper", pdf_fields(record))
    return Response(visit.url, 200, content.decode("latin-1"), "application/pdf")


def _paper_link(record: dict[str, Any]) -> str:
    return link(f"{WEB}/abs/{record['id']}", record["title"])


def _listing(visit: Visit, found: list[dict[str, Any]], heading: str) -> Response:
    items = "".join(
        f"<li>{_paper_link(p)}<p>arXiv:{p['id']} · {esc(', '.join(p['authors']))}</p></li>"
        for p in found
    )
    form = (
        f'<form action="{WEB}/search" method="get"><input type="search" name="query" '
        f'value="{esc(visit.arg("query"))}" placeholder="Search arXiv">'
        '<input type="submit" value="Search"></form>'
    )
    return visit.answer(heading, f"<h1>{esc(heading)}</h1>{form}<ol>{items}</ol>")


def search(query: str) -> list[dict[str, Any]]:
    """The papers matching ``query``, best first."""
    words = re.findall(r"\w+", query.lower())
    scored = []
    for record in papers():
        title, abstract = record["title"].lower(), record["abstract"].lower()
        score = sum(3 * (w in title) + (w in abstract) for w in words)
        if query.strip() and record["id"] in query:
            score += 100
        if score:
            scored.append((-score, record["published"], record))
    scored.sort(key=lambda item: item[1], reverse=True)
    scored.sort(key=lambda item: item[0])
    return [item[2] for item in scored]


def handle(visit: Visit) -> Response:
    """Answer a page of arxiv.org."""
    parts = [p for p in visit.path.split("/") if p]
    if not parts:
        return _listing(visit, [], "arXiv.org e-Print archive")
    if parts[0] == "search":
        query = visit.arg("query") or visit.arg("q")
        return _listing(visit, search(query), f"Search results for {query}")
    if parts[:2] == ["list", "cs.AI"]:
        recent = sorted(
            (p for p in papers() if p.get("recent")), key=lambda p: p["published"], reverse=True
        )
        return _listing(visit, recent, "Artificial Intelligence: recent submissions")
    if len(parts) == 2 and parts[0] in ("abs", "pdf", "html"):
        record = paper(parts[1])
        if record is not None:
            pages = {"abs": _abs, "pdf": _pdf, "html": _full_text}
            return pages[parts[0]](visit, record)
    return visit.not_found()


def documents() -> list[Document]:
    """Every paper's abstract page."""
    return [
        Document(
            f"{WEB}/abs/{p['id']}",
            f"[{p['id']}] {p['title']}",
            f"{', '.join(p['authors'])}. {p['abstract']}",
        )
        for p in papers()
    ]


SITE = Site((HOST, "export.arxiv.org"), handle, documents)
