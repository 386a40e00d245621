"""Integer rectangles in screen pixels, the unit of every bound in the widget tree."""

from __future__ import annotations

from typing import NamedTuple


class Rect(NamedTuple):
    """An axis-aligned rectangle ``[left, top) x [right, bottom)`` in pixels."""

    left: int
    top: int
    right: int
    bottom: int

    @property
    def width(self) -> int:
        return self.right - self.left

    @property
    def height(self) -> int:
        return self.bottom - self.top

    @property
    def empty(self) -> bool:
        return self.right <= self.left or self.bottom <= self.top

    @property
    def center(self) -> tuple[int, int]:
        return (self.left + self.right) // 2, (self.top + self.bottom) // 2

    def contains(self, x: float, y: float) -> bool:
        return self.left <= x < self.right and self.top <= y < self.bottom

    def intersect(self, other: Rect) -> Rect:
        """The overlap of two rectangles (possibly empty). Hot in layout: tuple-level code."""
        l1, t1, r1, b1 = self
        l2, t2, r2, b2 = other
        return _new(
            Rect,
            (
                l1 if l1 > l2 else l2,
                t1 if t1 > t2 else t2,
                r1 if r1 < r2 else r2,
                b1 if b1 < b2 else b2,
            ),
        )

    def inset(self, left: int, top: int, right: int, bottom: int) -> Rect:
        l0, t0, r0, b0 = self
        return _new(Rect, (l0 + left, t0 + top, r0 - right, b0 - bottom))

    def bounds_string(self) -> str:
        """The uiautomator form ``[x1,y1][x2,y2]``."""
        return f"[{self.left},{self.top}][{self.right},{self.bottom}]"


_new = tuple.__new__
EMPTY = Rect(0, 0, 0, 0)
