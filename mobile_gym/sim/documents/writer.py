"""A small page writer over fpdf2: the building blocks every generated document is made of.

Text is set in Helvetica (Windows-1252: Latin letters, €, typographic quotes and dashes)
when it fits that encoding, else in the phone's Noto Sans, with the phone's Noto Sans CJK
for Chinese, Japanese and Korean (embedding that font makes such a document slower to
make). Each document carries a fixed creation date, so the same fields always give the
same bytes. fpdf2 is imported when the first document is written: most episodes write none.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from functools import cache

import numpy as np
from PIL import Image

from mobile_gym.sim.ui.fonts import chain

CREATION_DATE = dt.datetime(2024, 1, 1, tzinfo=dt.UTC)
"""Written into every document (a fixed date keeps the bytes reproducible)."""
_CORE = "helvetica"
_UNICODE = "noto"
_CJK = "noto-cjk"


@cache
def _phone_font(name: str) -> tuple[str, int]:
    """The file (and face index) of the phone's font whose file is named ``name``."""
    for font in chain():
        if font.path.name == name:
            return str(font.path), font.index
    raise RuntimeError(f"the phone ships no font {name}")


def _has_cjk(text: str) -> bool:
    return any(ord(char) >= 0x2E80 for char in text)


def _core_text(text: str) -> bool:
    try:
        text.encode("windows-1252")
    except UnicodeEncodeError:
        return False
    return True


class DocumentWriter:
    """Writes an A4 document page by page: headings, paragraphs, tables and pictures.

    Args:
        title: the document's title (its metadata; also shown by readers as its name).
        footer: a line printed at the bottom of every page, before ``page N of M``.
    """

    def __init__(self, title: str, footer: str = "") -> None:
        from fpdf import FPDF  # (see the module docstring)

        self.pdf = FPDF(format="A4")
        self.pdf.core_fonts_encoding = "windows-1252"
        self.pdf.set_creation_date(CREATION_DATE)
        self.pdf.set_title(title)
        self.pdf.set_creator("mobile-gym")
        self.pdf.set_auto_page_break(True, margin=18)
        self.pdf.set_margins(18, 18, 18)
        self.footer = footer
        self._unicode = False
        self._cjk = False
        self.pdf.add_page()

    @property
    def width(self) -> float:
        """The width between the margins, in millimetres."""
        return self.pdf.epw

    def _font(self, text: str, size: float, bold: bool = False) -> None:
        if _core_text(text):
            self.pdf.set_font(_CORE, "B" if bold else "", size)
            return
        if not self._unicode:
            self.pdf.add_font(_UNICODE, "", _phone_font("NotoSans[wght].ttf")[0])
            self._unicode = True
        if not self._cjk and _has_cjk(text):
            path, index = _phone_font("NotoSansCJK-VF.otf.ttc")
            self.pdf.add_font(_CJK, "", path, collection_font_number=index)
            self.pdf.set_fallback_fonts([_CJK])
            self._cjk = True
        self.pdf.set_font(_UNICODE, "", size)

    def title(self, text: str, size: float = 20) -> None:
        self._font(text, size, bold=True)
        self.pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        self.space(3)

    def heading(self, text: str, size: float = 13) -> None:
        self.space(3)
        self._font(text, size, bold=True)
        self.pdf.multi_cell(0, size * 0.5, text, new_x="LMARGIN", new_y="NEXT")
        self.space(1)

    def paragraph(self, text: str, size: float = 10.5, bold: bool = False) -> None:
        self._font(text, size, bold)
        self.pdf.multi_cell(0, size * 0.48, text, new_x="LMARGIN", new_y="NEXT")
        self.space(1.5)

    def lines(self, texts: Sequence[str], size: float = 10.5, bold: bool = False) -> None:
        """Short lines one under the other (an address block)."""
        for text in texts:
            self._font(text, size, bold)
            self.pdf.cell(0, size * 0.48, text, new_x="LMARGIN", new_y="NEXT")
        self.space(1.5)

    def space(self, mm: float) -> None:
        self.pdf.ln(mm)

    def table(
        self,
        header: Sequence[str],
        rows: Sequence[Sequence[str]],
        widths: Sequence[float] | None = None,
        size: float = 9.5,
    ) -> None:
        """A ruled table; numbers (cells after the first) are right-aligned."""
        count = len(header)
        if widths is None:
            widths = [2.0] + [1.0] * (count - 1)
        scale = self.width / sum(widths)
        cols = [w * scale for w in widths]
        align = ["LEFT"] + ["RIGHT"] * (count - 1)
        self._font(" ".join([*header, *(c for r in rows for c in r)]), size)
        with self.pdf.table(
            col_widths=cols, text_align=align, line_height=size * 0.55, first_row_as_headings=True
        ) as table:
            for row in [header, *rows]:
                line = table.row()
                for cell in row:
                    line.cell(str(cell))
        self.space(2)

    def picture(self, pixels: np.ndarray, width_mm: float, caption: str = "") -> None:
        """An RGB picture ``width_mm`` wide, with an optional caption under it."""
        image = Image.fromarray(pixels, "RGB")
        height = width_mm * pixels.shape[0] / pixels.shape[1]
        if self.pdf.will_page_break(height + 8):
            self.pdf.add_page()
        self.pdf.image(image, w=width_mm, h=height)
        if caption:
            self.space(1)
            self.paragraph(caption, size=9)
        self.space(2)

    def output(self) -> bytes:
        """The finished document's bytes, a footer on every page."""
        pages = self.pdf.pages_count
        self.pdf.set_auto_page_break(False)
        for number in range(1, pages + 1):
            self.pdf.page = number
            self.pdf.set_y(-13)
            text = f"{self.footer}   Page {number} of {pages}".strip()
            self._font(text, 8)
            self.pdf.cell(0, 4, text, align="C")
        self.pdf.page = pages
        return bytes(self.pdf.output())
