"""The views a document is shown with: a line of text that can mark search matches, and
a band of a picture (a picture spans a few rows of the list; its first band is the
picture's accessibility node)."""

from __future__ import annotations

from mobile_gym.geometry import Rect
from mobile_gym.sim.apps.docreader.pdf import Picture
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import View, resolve_color
from mobile_gym.sim.ui.widgets import TextView

MATCH_COLOR = (255, 235, 130)
CURRENT_COLOR = (255, 170, 40)


class LineText(TextView):
    """A line of a document; ``marks`` are ``(start, end, current)`` spans painted behind
    the text (search matches, the current one in a stronger colour)."""

    __slots__ = ("marks",)
    paint_properties = TextView.paint_properties | {"marks"}

    def __init__(
        self, text: str, *, marks: tuple[tuple[int, int, bool], ...] = (), **kwargs
    ) -> None:
        super().__init__(text, **kwargs)
        self.marks = marks

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        View.draw(self, canvas, theme, d)
        box = self.inner(d)
        font = self._face(d)
        top = self.text_top(d, box, 1)
        for start, end, current in self.marks:
            left = box.left + font.measure(self.text[:start])
            right = box.left + font.measure(self.text[:end])
            canvas.rect(
                Rect(round(left), top, round(right) + 1, top + font.line_height),
                CURRENT_COLOR if current else MATCH_COLOR,
            )
        self.draw_text(canvas, theme, d, box, self.text, resolve_color(theme, self.color))


class PictureBand(View):
    """Band ``band`` of ``bands`` of a picture, drawn from its colour grid; only the first
    band is an accessibility node (``android.widget.ImageView``)."""

    __slots__ = ("band", "bands", "picture")
    cls = "android.widget.ImageView"

    def __init__(self, picture: Picture, band: int, bands: int, **kwargs) -> None:
        super().__init__(**kwargs)
        self.picture = picture
        self.band = band
        self.bands = bands

    @property
    def in_hierarchy(self) -> bool:  # type: ignore[override]
        return self.band == 0

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        box = self.inner(d)
        cells = self.picture.cells
        rows, columns = cells.shape[0], cells.shape[1]
        width = box.width * self.picture.width
        left = box.left + (box.width - width) / 2
        cell_w = width / columns
        cell_h = width * self.picture.aspect / rows
        top = box.top - self.band * box.height  # where the whole picture starts
        first = max(0, int((box.top - top) // cell_h))
        last = min(rows, int((box.bottom - top) // cell_h) + 1)
        for r in range(first, last):
            y0 = round(top + r * cell_h)
            y1 = round(top + (r + 1) * cell_h)
            for c in range(columns):
                x0 = round(left + c * cell_w)
                x1 = round(left + (c + 1) * cell_w)
                color = cells[r, c]
                canvas.rect(Rect(x0, y0, x1, y1), (int(color[0]), int(color[1]), int(color[2])))
