"""Rectangles in screen pixels: overlap agrees with the intersection, empty ones included."""

from __future__ import annotations

import itertools

from mobile_gym.geometry import Rect

EDGES = (-2, 0, 3, 5)


def test_two_rectangles_overlap_exactly_when_their_intersection_is_not_empty() -> None:
    rects = [Rect(*edges) for edges in itertools.product(EDGES, repeat=4)]
    overlapping = 0
    for a, b in itertools.product(rects, repeat=2):
        assert a.overlaps(b) == (not a.intersect(b).empty), (a, b)
        overlapping += a.overlaps(b)
    assert 0 < overlapping < len(rects) ** 2


def test_touching_edges_and_empty_rectangles_do_not_overlap() -> None:
    assert not Rect(0, 0, 10, 10).overlaps(Rect(10, 0, 20, 10))  # side by side
    assert not Rect(0, 0, 10, 10).overlaps(Rect(4, 4, 4, 8))  # no width, inside it
    assert not Rect(8, 0, 2, 10).overlaps(Rect(0, 0, 10, 10))  # turned inside out
    assert Rect(0, 0, 10, 10).overlaps(Rect(9, 9, 12, 12))
