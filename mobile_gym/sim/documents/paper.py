"""Research papers: title, authors, abstract and sections with tables and figures.

``arxiv: ID`` takes the title, authors, abstract and sections of that paper in the offline
arXiv library (``mobile_gym/mcp/fixtures/arxiv.yaml``), so the PDF an agent reads on the
phone says what the arXiv tools say; fields given beside it replace the library's.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pydantic import Field, model_validator

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim.documents import pictures
from mobile_gym.sim.documents.fields import Fields
from mobile_gym.sim.documents.writer import DocumentWriter


@cache
def _library() -> dict[str, dict[str, Any]]:
    return {str(paper["id"]): paper for paper in fixture("arxiv")["papers"]}


class Table(Fields):
    """A table: a header row and rows of cells (numbers are written as given)."""

    columns: list[str] = Field(min_length=1)
    rows: list[list[str | int | float]] = Field(default_factory=list)
    caption: str = ""
    rows_shown: int | None = Field(None, ge=0)
    """Print only the first this many rows (a task parameter can set a table's length)."""

    @model_validator(mode="after")
    def _widths(self) -> Table:
        for i, row in enumerate(self.rows):
            if len(row) != len(self.columns):
                raise ValueError(f"row {i} has {len(row)} cells for {len(self.columns)} columns")
        return self


class Figure(Fields):
    """A bar chart of ``values`` with its caption."""

    caption: str
    values: list[float] = Field(default_factory=lambda: [3, 5, 4, 6])


class Contributors(Fields):
    """A list of names under a heading; ``generate`` adds that many made-up names (drawn
    from fixed lists, the same every time) after the given ``names``."""

    heading: str
    names: list[str] = Field(default_factory=list)
    generate: int = Field(0, ge=0, le=2000)

    def all_names(self) -> list[str]:
        made = [
            f"{_GIVEN[(i * 7 + len(self.heading)) % len(_GIVEN)]} "
            f"{_FAMILY[(i * 11 + i // len(_FAMILY)) % len(_FAMILY)]}"
            for i in range(self.generate)
        ]
        return [*self.names, *made]


_GIVEN = (
    "An", "Bo", "Chen", "Dan", "Fei", "Hao", "Jia", "Jun", "Kai", "Lan", "Lei", "Lin", "Mei",
    "Ming", "Ning", "Qing", "Rui", "Shu", "Tao", "Wei", "Xin", "Yan", "Yu", "Zhe",
)  # fmt: skip
_FAMILY = (
    "Bai", "Cao", "Deng", "Fan", "Gao", "Guo", "Han", "He", "Hu", "Jiang", "Li", "Liang",
    "Lu", "Ma", "Pan", "Qian", "Shen", "Song", "Tang", "Wang", "Xu", "Yang", "Zhao", "Zhou",
    "Zhu",
)  # fmt: skip


class Section(Fields):
    """A numbered section: its text (paragraphs split by blank lines), a table, a figure."""

    heading: str
    text: str = ""
    table: Table | None = None
    figure: Figure | None = None


class PaperFields(Fields):
    """A paper (``kind: paper``); ``arxiv`` fills what is not given from the library."""

    arxiv: str | None = None
    title: str = ""
    authors: list[str] = Field(default_factory=list)
    affiliations: list[str] = Field(default_factory=list)
    abstract: str = ""
    sections: list[Section] = Field(default_factory=list)
    contributors: list[Contributors] = Field(default_factory=list)
    """Printed after the sections (an author list)."""

    @model_validator(mode="before")
    @classmethod
    def _from_library(cls, data: Any) -> Any:
        if not isinstance(data, dict) or not data.get("arxiv"):
            return data
        paper = _library().get(str(data["arxiv"]))
        if paper is None:
            raise ValueError(f"arxiv: no paper {data['arxiv']!r} in arxiv.yaml")
        merged = {
            "title": paper["title"],
            "authors": list(paper.get("authors", [])),
            "abstract": " ".join(str(paper.get("abstract", "")).split()),
            "sections": [
                {"heading": s["heading"], "text": " ".join(str(s["text"]).split())}
                for s in paper.get("sections", [])
            ],
        }
        merged.update(data)
        return merged

    @model_validator(mode="after")
    def _titled(self) -> PaperFields:
        if not self.title:
            raise ValueError("a paper needs a title (or an arxiv id)")
        return self


def write_paper(fields: PaperFields) -> bytes:
    footer = f"arXiv:{fields.arxiv}" if fields.arxiv else ""
    doc = DocumentWriter(fields.title, footer=footer)
    doc.title(fields.title, size=17)
    if fields.authors:
        doc.paragraph(", ".join(fields.authors), size=11)
    if fields.affiliations:
        doc.lines(fields.affiliations, size=9.5)
    if fields.abstract:
        doc.heading("Abstract", size=11)
        doc.paragraph(fields.abstract)
    figures = tables = 0
    for number, section in enumerate(fields.sections, 1):
        doc.heading(f"{number} {section.heading}")
        for block in section.text.split("\n\n") if section.text else []:
            doc.paragraph(block.strip())
        if section.table is not None:
            tables += 1
            table = section.table
            if table.caption:
                doc.paragraph(f"Table {tables}: {table.caption}", size=9.5, bold=True)
            rows = table.rows if table.rows_shown is None else table.rows[: table.rows_shown]
            doc.table(table.columns, [[str(c) for c in row] for row in rows])
        if section.figure is not None:
            figures += 1
            chart = pictures.bar_chart(section.figure.values, section.figure.caption)
            doc.picture(chart, 110, f"Figure {figures}: {section.figure.caption}")
    for group in fields.contributors:
        names = group.all_names()
        doc.heading(group.heading)
        doc.paragraph(", ".join(names) if names else "(none)")
    return doc.output()
