"""Layout: a row measured with no limit on its height and then laid out at its height keeps
its children's sizes when each child's height is its own, and places every view exactly
where measuring its children again would."""

from __future__ import annotations

import random

import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.view import (
    MATCH,
    UNBOUNDED,
    WRAP,
    Column,
    FrameLayout,
    LinearLayout,
    Row,
    View,
    walk,
)
from mobile_gym.sim.ui.widgets import Button, ImageView, TextView

DISPLAY = Display()
SCREEN = Rect(0, 0, DISPLAY.width, DISPLAY.height)
WORDS = ("Inbox", "Tuesday 9:30", "A much longer line of text that wraps", "OK", "")


def _height(rng: random.Random) -> int:
    return rng.choice([WRAP, WRAP, WRAP, MATCH, 24, 48, 0])


def _leaf(rng: random.Random) -> View:
    kind = rng.randrange(4)
    height = _height(rng)
    spacing = {"padding": rng.choice([0, 4, (8, 2)]), "margin": rng.choice([0, 3, (0, 6)])}
    if kind == 0:
        return TextView(
            rng.choice(WORDS),
            max_lines=rng.choice([1, 1, 3]),
            height=height,
            width=rng.choice([WRAP, MATCH, 0, 80]),
            weight=rng.choice([0.0, 0.0, 1.0]),
            **spacing,
        )
    if kind == 1:
        return ImageView("back", size=rng.choice([16, 24, 40]), **spacing)
    if kind == 2:
        return Button(rng.choice(WORDS[:4]), on_click=None, **spacing)
    return View(height=height, width=rng.choice([WRAP, 40, MATCH]), **spacing)


def _tree(rng: random.Random, depth: int) -> View:
    """A random subtree: rows, columns and frames of leaves, some with weights, some with
    children that fill their height."""
    if depth == 0 or rng.random() < 0.3:
        return _leaf(rng)
    children = [_tree(rng, depth - 1) for _ in range(rng.randrange(1, 5))]
    kind = rng.randrange(3)
    height = rng.choice([WRAP, WRAP, WRAP, MATCH, 56])
    weight = rng.choice([0.0, 0.0, 1.0])
    if kind == 0:
        return Row(*children, height=height, weight=weight, padding=rng.choice([0, (12, 4)]))
    if kind == 1:
        return Column(*children, height=height, weight=weight, width=rng.choice([MATCH, WRAP]))
    return FrameLayout(children=children, height=height, width=rng.choice([MATCH, WRAP]))


def _laid_out(seed: int) -> list[tuple[str, Rect]]:
    """A random tree measured in a column of no limit on its height (as a scrolling list
    measures its content), then laid out at the height it took; every view's place."""
    rng = random.Random(seed)
    column = LinearLayout(children=[_tree(rng, 4) for _ in range(4)], height=WRAP)
    _, height = column.measure(DISPLAY, SCREEN.width, UNBOUNDED)
    column.layout(DISPLAY, Rect(0, 0, SCREEN.width, height), SCREEN)
    return [(type(view).__name__, view.bounds) for view in walk(column)]


def test_rows_laid_out_at_their_height_place_every_view_as_measuring_again_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    kept: list[bool] = []
    tall_enough = LinearLayout._tall_enough

    def counted(self: LinearLayout, sized: tuple, room: tuple) -> bool:
        kept.append(tall_enough(self, sized, room))
        return kept[-1]

    monkeypatch.setattr(LinearLayout, "_tall_enough", counted)
    seeds = range(300)
    placed = [_laid_out(seed) for seed in seeds]
    monkeypatch.setattr(LinearLayout, "_tall_enough", lambda self, sized, room: False)
    assert placed == [_laid_out(seed) for seed in seeds]
    # both kinds of row were met: those that keep their sizes and those measured again
    assert kept.count(True) >= 100 and kept.count(False) >= 100


def _row_in_column(*children: View) -> tuple[LinearLayout, LinearLayout]:
    row = Row(*children)
    column = Column(row, height=WRAP)
    _, height = column.measure(DISPLAY, SCREEN.width, UNBOUNDED)
    column.layout(DISPLAY, Rect(0, 0, SCREEN.width, height), SCREEN)
    return column, row


def test_a_child_that_fills_the_row_takes_the_row_height() -> None:
    """A ``MATCH`` height is measured again at the row's height (Android's uniform
    height of a wrapping row), so the row's sizes are not kept."""
    filler = View(height=MATCH, width=40)
    _, row = _row_in_column(TextView("Title", size=30), filler)
    assert filler.keeps_height() is False
    assert filler.bounds.height == row.bounds.height > 0


def test_a_column_with_a_weight_inside_a_row_is_measured_again() -> None:
    """A column whose children share its height (a weight) measures differently once its
    height has a limit: the row measures it again."""
    shared = TextView("Shared", weight=1.0, height=0)
    inner = Column(TextView("Top"), shared, height=WRAP)
    _, row = _row_in_column(inner, ImageView("back", size=48))
    assert inner.keeps_height() is False
    assert shared.bounds.bottom <= row.bounds.bottom


def test_a_row_cut_shorter_than_its_tallest_child_measures_its_children_again() -> None:
    tall = View(height=100, width=40)
    row = Row(TextView("Label"), tall)
    row.measure(DISPLAY, SCREEN.width, UNBOUNDED)
    sized = row._sized
    assert sized is not None
    short = (None, DISPLAY.dp(50))
    assert row._tall_enough(sized, short) is False
    assert row._tall_enough(sized, (None, DISPLAY.dp(100))) is True
    row.layout(DISPLAY, Rect(0, 0, SCREEN.width, DISPLAY.dp(50)), SCREEN)
    assert tall.bounds.height == DISPLAY.dp(50)  # clipped to the row, as measured again
