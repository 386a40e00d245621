"""Integer rectangles in screen pixels: the bounds of views on the simulated phone and of
nodes in any device's view hierarchy (both the simulator and the device backends use it)."""

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

    def overlaps(self, other: Rect) -> bool:
        """Whether the two rectangles share any pixel (their ``intersect`` is not empty)."""
        return (
            self.left < other.right
            and other.left < self.right
            and self.top < other.bottom
            and other.top < self.bottom
            and not self.empty
            and not other.empty
        )

    def intersect(self, other: Rect) -> Rect:
        """The overlap of two rectangles (possibly empty)."""
        return Rect(
            max(self.left, other.left),
            max(self.top, other.top),
            min(self.right, other.right),
            min(self.bottom, other.bottom),
        )

    def inset(self, left: int, top: int, right: int, bottom: int) -> Rect:
        """This rectangle shrunk by the given amounts on each side."""
        return Rect(self.left + left, self.top + top, self.right - right, self.bottom - bottom)

    def bounds_string(self) -> str:
        """The uiautomator form ``[x1,y1][x2,y2]``."""
        return f"[{self.left},{self.top}][{self.right},{self.bottom}]"


EMPTY = Rect(0, 0, 0, 0)
