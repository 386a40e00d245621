"""Reading PDF files: the text lines and pictures of each page, as pypdf extracts them.

A file that is not a PDF, is damaged, encrypted or has no pages gives an
``UnreadablePdfError`` naming what is wrong; the reader shows it instead of the document. Documents read lately
are kept by their bytes, so showing a document again costs nothing. pypdf is loaded when the
first document is read: a process that opens none (most) does not pay for its import, about a
tenth of ``import mobile_gym``.
"""

from __future__ import annotations

import io
import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
from PIL import Image

from mobile_gym.caches import LRUCache

if TYPE_CHECKING:
    import pypdf

MOSAIC_COLUMNS = 24
"""How many cells wide a picture's preview is (``Picture.cells``)."""
TEXT_SHARE = 0.85
"""The share of a page's width its text usually takes (the rest is margins)."""
MIN_WIDTH = 0.3
"""The narrowest a picture is shown, as a share of the text's width (a small logo)."""

logging.getLogger("pypdf").setLevel(logging.ERROR)  # damaged files are shown, not logged


@dataclass(frozen=True, eq=False)
class Picture:
    """A picture of a page: its aspect (height / width) and a small grid of its colours."""

    name: str
    aspect: float
    cells: np.ndarray
    """Rows x ``MOSAIC_COLUMNS`` x 3 colours (uint8), the picture scaled down."""
    after: int
    """How many of the page's lines come before it (those printed above its middle)."""
    width: float = 0.6
    """Its width on the page as a share of the text's width (at least ``MIN_WIDTH``)."""


@dataclass(frozen=True, eq=False)
class Page:
    """One page: its text lines in reading order and its pictures."""

    lines: tuple[str, ...]
    pictures: tuple[Picture, ...]
    """In reading order (by ``Picture.after``)."""


@dataclass(frozen=True, eq=False)
class PdfDocument:
    """A PDF's pages, or ``problem`` (then no pages) when it cannot be shown."""

    title: str
    pages: tuple[Page, ...] = ()
    problem: str = ""


class UnreadablePdfError(ValueError):
    """A file the reader cannot show; the message says why."""


def _picture(name: str, image: Image.Image, after: int, share: float) -> Picture:
    """``image`` as a picture shown after ``after`` lines, ``share`` of the text's width."""
    image = image.convert("RGB")
    pixels_wide, pixels_high = image.size
    aspect = pixels_high / max(pixels_wide, 1)
    rows = max(1, round(MOSAIC_COLUMNS * aspect))
    cells = np.asarray(image.resize((MOSAIC_COLUMNS, rows), Image.Resampling.BOX), np.uint8)
    return Picture(name, aspect, cells, after, min(max(share, MIN_WIDTH), 1.0))


def _page(page: pypdf.PageObject) -> Page:
    """A page's lines (pypdf's text extraction) and its pictures, each placed after the
    lines whose baselines lie above its middle."""
    baselines: set[float] = set()
    placed: dict[str, tuple[float, float]] = {}
    """Each picture's middle height and its width on the page, by its name."""

    def on_text(text: str, cm: list[float], tm: list[float], *_: object) -> None:
        if text.strip():
            baselines.add(round(tm[4] * cm[1] + tm[5] * cm[3] + cm[5], 1))

    def on_operator(operator: bytes, operands: list, cm: list[float], _tm: object) -> None:
        if operator == b"Do" and operands:
            placed.setdefault(str(operands[0]).lstrip("/"), (cm[5] + cm[3] / 2, cm[0]))

    text = page.extract_text(visitor_text=on_text, visitor_operand_before=on_operator) or ""
    lines = tuple(line.strip() for line in text.splitlines() if line.strip())
    text_width = float(page.mediabox.width) * TEXT_SHARE
    pictures = []
    for image in page.images:
        where = placed.get(image.name.rsplit(".", 1)[0])
        if where is None:  # drawn in a way not followed: after the text, at the usual width
            pictures.append(_picture(image.name, image.image, len(lines), 0.6))
            continue
        above = min(sum(y > where[0] for y in baselines), len(lines))
        pictures.append(_picture(image.name, image.image, above, where[1] / text_width))
    return Page(lines, tuple(sorted(pictures, key=lambda picture: picture.after)))


def _read(data: bytes) -> PdfDocument:
    if not data.lstrip()[:5] == b"%PDF-":
        raise UnreadablePdfError("This file is not a PDF document.")
    import pypdf  # (see the module docstring)

    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted and not reader.decrypt(""):  # (an owner password locks nothing)
            raise UnreadablePdfError("This document is protected by a password.")
        pages = [_page(page) for page in reader.pages]
        title = (reader.metadata or {}).get("/Title", "") if reader.metadata else ""
    except UnreadablePdfError:
        raise
    except Exception as exc:  # anything a damaged file makes pypdf raise
        raise UnreadablePdfError("This document is damaged and cannot be opened.") from exc
    if not pages:
        raise UnreadablePdfError("This document has no pages.")
    return PdfDocument(str(title or ""), tuple(pages))


def _load(data: bytes) -> PdfDocument:
    try:
        return _read(data)
    except UnreadablePdfError as problem:
        return PdfDocument("", problem=str(problem))


_READ: LRUCache[bytes, PdfDocument] = LRUCache(16)
"""Documents read lately, by their bytes."""


def read_pdf(data: bytes) -> PdfDocument:
    """The document ``data`` holds (with ``problem`` set when it cannot be shown)."""
    return _READ.get(data, _load)
