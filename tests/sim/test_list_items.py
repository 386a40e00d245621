"""``ListItems``: the sequences a recycled list reads one item at a time."""

from __future__ import annotations

import pytest

from mobile_gym.sim.apps.files.rows import COLUMNS, GridLines
from mobile_gym.sim.ui.list_items import ListItems, MadeItems


class Squares(ListItems[int]):
    """The squares of 0 .. count - 1, noting which indices were found."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.found: list[int] = []

    def __len__(self) -> int:
        return self.count

    def item(self, index: int) -> int:
        if index >= self.count:
            raise IndexError(index)
        self.found.append(index)
        return index * index


def test_items_are_found_one_at_a_time_and_as_slices() -> None:
    squares = Squares(4)
    assert squares[2] == 4 and squares.found == [2]
    assert squares[-1] == 9 and squares[-4] == 0
    assert squares[1:3] == [1, 4] and squares[::-1] == [9, 4, 1, 0]
    assert list(squares) == [0, 1, 4, 9] and 4 in squares and squares.index(9) == 3
    for outside in (4, -5):
        with pytest.raises(IndexError):
            squares[outside]


def test_a_files_grid_ends_after_its_last_line() -> None:
    entries = list(range(2 * COLUMNS + 1))
    lines = GridLines(entries)  # type: ignore[arg-type]
    assert len(lines) == 3
    assert list(lines) == [
        tuple(range(COLUMNS)),
        tuple(range(COLUMNS, 2 * COLUMNS)),
        (2 * COLUMNS,),
    ]
    with pytest.raises(IndexError):
        lines[3]


def test_made_items_are_made_as_they_are_asked_for() -> None:
    made: list[str] = []

    def make(name: str) -> str:
        made.append(name)
        return name.upper()

    items = MadeItems(["a", "b", "c"], make)
    assert len(items) == 3 and made == []
    assert items[-1] == "C" and made == ["c"]
    assert list(items) == ["A", "B", "C"]
