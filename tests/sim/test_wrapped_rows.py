"""A recycled list whose rows take their own heights (``wrap_rows``): it scrolls smoothly
across rows of any height, stops at both ends, lays out the same from the same state, and
still makes only the rows it shows and passes."""

from __future__ import annotations

from itertools import pairwise

import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.scroll import END, RecyclerView
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView
from tests.sim.test_scroll import state_position

D = Display()
SCREEN = Rect(0, 0, D.width, D.height)


def lines(item: int) -> int:
    """Item ``item``'s row shows one to five lines of text."""
    return item * 7 % 5 + 1


def wrapped_list(
    count: int,
    state: dict,
    made: list[int] | None = None,
    first: int = 0,
    margin: tuple[int, int, int, int] = (0, 0, 0, 0),
) -> RecyclerView:
    """A list of ``count`` rows of their own heights (items ``first`` on, each with
    ``margin``) whose place lives in ``state``."""

    def render(index: int, item: object) -> View:
        if made is not None:
            made.append(index)
        text = "\n".join(f"Row {item}, line {n}" for n in range(lines(item)))  # type: ignore[arg-type]
        return TextView(
            text, id=f"row{item}", max_lines=5, padding=(16, 8, 16, 8), margin=margin, width=MATCH
        )

    return RecyclerView(
        position=state_position(state, "place"),
        items=range(first, first + count),
        render_item=render,
        wrap_rows=True,
    )


def tops(view: RecyclerView) -> dict[str, int]:
    """Where each row shown starts, by its id."""
    return {child.id: child.bounds.top for child in view.children}


def scroll(view: RecyclerView, dy: int) -> bool:
    moved = view.scroll_by(dy)
    view.relayout(D)
    return moved


def test_rows_take_their_own_heights_one_under_another() -> None:
    view = wrapped_list(40, {})
    view.layout(D, SCREEN, SCREEN)
    heights = [child.bounds.height for child in view.children]
    assert len(set(heights)) > 1
    assert view.children[0].bounds.top == 0
    for above, below in pairwise(view.children):
        assert below.bounds.top == above.bounds.bottom
    assert view.children[-1].bounds.bottom >= SCREEN.bottom
    assert view.children[-2].bounds.bottom < SCREEN.bottom


def test_small_scrolls_move_the_content_by_what_they_scroll_across_rows() -> None:
    view = wrapped_list(40, {})
    view.layout(D, SCREEN, SCREEN)
    before = tops(view)
    for _ in range(25):  # 25 x 37 px: past several rows
        assert scroll(view, 37)
    after = tops(view)
    common = before.keys() & after.keys()
    assert common
    assert all(after[row] == before[row] - 25 * 37 for row in common)
    for _ in range(25):
        assert scroll(view, -37)
    assert tops(view) == before


def test_the_list_stops_at_its_last_row_and_at_its_first() -> None:
    view = wrapped_list(40, {})
    view.layout(D, SCREEN, SCREEN)
    first = tops(view)
    steps = 0
    while scroll(view, 500):
        steps += 1
        assert steps < 100
    assert view.children[-1].id == "row39"
    assert view.children[-1].bounds.bottom == SCREEN.bottom
    assert not view.scroll_by(1)
    while scroll(view, -500):
        steps -= 1
    assert tops(view) == first
    assert not view.scroll_by(-1)


def test_a_fling_lands_where_small_scrolls_do() -> None:
    flung, stepped = wrapped_list(40, {}), wrapped_list(40, {})
    for view in (flung, stepped):
        view.layout(D, SCREEN, SCREEN)
    assert scroll(flung, 2_000)
    for _ in range(20):
        scroll(stepped, 100)
    assert tops(flung) == tops(stepped)


@pytest.mark.parametrize("place", [0, 900, 3_000, (5, 40), (12, -300), (39, 0), (80, 10_000)])
def test_the_same_place_lays_out_the_same_rows_in_a_new_list(place: object) -> None:
    """The place in the state is all a list needs: a list built anew (the screen built
    again) shows what the one before showed, wherever it was scrolled to."""
    state: dict = {"place": place}
    old = wrapped_list(40, state)
    old.layout(D, SCREEN, SCREEN)
    scroll(old, 123)
    new = wrapped_list(40, state)
    new.layout(D, SCREEN, SCREEN)
    assert tops(new) == tops(old)
    for above, below in pairwise(new.children):
        assert below.bounds.top == above.bounds.bottom
    assert new.children[0].bounds.top <= 0 < new.children[0].bounds.bottom


def test_a_pixel_offset_is_a_distance_from_the_top_of_the_first_row() -> None:
    scrolled = wrapped_list(40, {})
    scrolled.layout(D, SCREEN, SCREEN)
    scroll(scrolled, 1_500)
    placed = wrapped_list(40, {"place": 1_500})
    placed.layout(D, SCREEN, SCREEN)
    assert tops(placed) == tops(scrolled)


def test_rows_keep_their_margins_around_them() -> None:
    plain = wrapped_list(40, {})
    kept = wrapped_list(40, {}, margin=(64, 4, 12, 6))
    for view in (plain, kept):
        view.layout(D, SCREEN, SCREEN)
    left, top, right, bottom = D.dp(64), D.dp(4), D.dp(12), D.dp(6)
    first = kept.children[0].bounds
    assert (first.left, first.top, first.right) == (left, top, SCREEN.right - right)
    for above, below in pairwise(kept.children):
        assert below.bounds.top == above.bounds.bottom + bottom + top
    for with_margin, without in zip(kept.children, plain.children, strict=False):
        assert with_margin.bounds.height >= without.bounds.height  # narrower: never shorter
    while scroll(kept, 500):
        pass
    assert kept.children[-1].bounds.bottom == SCREEN.bottom - bottom  # its margin under it


def test_a_row_of_its_own_width_is_placed_by_its_gravity_as_in_a_column() -> None:
    def render(index: int, item: object) -> View:
        return TextView(f"Row {item}", id=f"row{item}", gravity=str(item), margin=(8, 0))

    view = RecyclerView(
        position=state_position({}, "place"),
        items=["start", "center", "end"],
        render_item=render,
        wrap_rows=True,
    )
    view.layout(D, SCREEN, SCREEN)
    column = Column(*(render(i, g) for i, g in enumerate(view.items)), height=MATCH)
    column.layout(D, SCREEN, SCREEN)
    assert [row.bounds for row in view.children] == [row.bounds for row in column.children]
    start, center, end = view.children
    assert start.bounds.left == D.dp(8) and end.bounds.right == SCREEN.right - D.dp(8)
    assert start.bounds.width < SCREEN.width / 2
    assert abs(center.bounds.center[0] - SCREEN.center[0]) <= 1


def test_the_end_opens_a_list_at_its_last_row_making_only_what_it_shows() -> None:
    made: list[int] = []
    view = wrapped_list(100_000, {"place": END}, made)
    view.layout(D, SCREEN, SCREEN)
    assert view.children[-1].id == "row99999"
    assert view.children[-1].bounds.bottom == SCREEN.bottom
    assert view.children[0].bounds.top <= 0
    assert len(made) == len(view.children)  # walked back over the rows shown alone
    assert not view.scroll_by(1)
    scrolled = wrapped_list(40, {})
    scrolled.layout(D, SCREEN, SCREEN)
    while scroll(scrolled, 500):
        pass
    ended = wrapped_list(40, {"place": END})
    ended.layout(D, SCREEN, SCREEN)
    assert tops(ended) == tops(scrolled)  # where scrolling to the end stops
    short = wrapped_list(3, {"place": END})
    short.layout(D, SCREEN, SCREEN)
    assert short.children[0].bounds.top == 0  # a short list stays at its top
    empty = wrapped_list(0, {"place": END})
    empty.layout(D, SCREEN, SCREEN)
    assert empty.children == []


def test_rows_stacked_from_the_end_sit_at_the_bottom_of_a_list_they_do_not_fill() -> None:
    def stacked(count: int) -> RecyclerView:
        view = wrapped_list(count, {"place": END})
        view.stack_from_end = True
        view.layout(D, SCREEN, SCREEN)
        return view

    short, top = stacked(3), wrapped_list(3, {})
    top.layout(D, SCREEN, SCREEN)
    assert short.children[-1].bounds.bottom == SCREEN.bottom
    shift = SCREEN.bottom - top.children[-1].bounds.bottom
    assert shift > 0 and tops(short) == {row: y + shift for row, y in tops(top).items()}
    assert not short.scroll_by(-10) and not short.scroll_by(10)
    long, ended = stacked(40), wrapped_list(40, {"place": END})
    ended.layout(D, SCREEN, SCREEN)
    assert tops(long) == tops(ended)  # a list it fills is laid out as any other
    with pytest.raises(ValueError, match="stack_from_end"):
        RecyclerView(
            items=[1], render_item=lambda i, item: View(), item_height=56, stack_from_end=True
        )


def test_a_short_list_does_not_scroll() -> None:
    view = wrapped_list(3, {})
    view.layout(D, SCREEN, SCREEN)
    first = tops(view)
    assert not view.scroll_by(200)
    assert not view.scroll_by(-200)
    assert tops(view) == first
    empty = wrapped_list(0, {})
    empty.layout(D, SCREEN, SCREEN)
    assert empty.children == [] and not empty.scroll_by(10)


def test_a_long_list_makes_only_the_rows_it_shows_and_passes() -> None:
    made: list[int] = []
    view = wrapped_list(100_000, {}, made)
    view.layout(D, SCREEN, SCREEN)
    shown = len(view.children)
    assert sorted(made) == list(range(shown))
    before = {child.id for child in view.children}
    made.clear()
    scroll(view, 1_000)  # the rows scrolled in are made, and those alone
    came = [child.id for child in view.children if child.id not in before]
    assert came and sorted(f"row{index}" for index in made) == sorted(came)
    made.clear()
    view.relayout(D)  # laid out again where it is: nothing made
    assert made == []


def test_rows_of_their_own_heights_need_a_recycled_list_and_no_item_height() -> None:
    with pytest.raises(ValueError, match="wrap_rows"):
        RecyclerView(wrap_rows=True)
    with pytest.raises(ValueError, match="wrap_rows"):
        RecyclerView(items=[1], render_item=lambda i, item: View(), item_height=56, wrap_rows=True)
    with pytest.raises(ValueError, match="item_height > 0"):
        RecyclerView(items=[1], render_item=lambda i, item: View())


def test_rows_whose_items_change_are_measured_again() -> None:
    """A new build whose list shows other items (each row now the next one's) keeps the
    list (``take_handlers``); its rows are made and measured again."""
    state: dict = {}
    view = wrapped_list(40, state)
    view.layout(D, SCREEN, SCREEN)
    view.take_handlers(wrapped_list(40, state, first=1))
    assert view.stale
    view.relayout(D)
    fresh = wrapped_list(40, {}, first=1)
    fresh.layout(D, SCREEN, SCREEN)
    assert tops(view) == tops(fresh)
    assert [c.bounds.height for c in view.children] == [c.bounds.height for c in fresh.children]
