"""Recycled lists make only the rows in view: their cost follows the screen, not the data."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from functools import partial

from mobile_gym.geometry import Rect
from mobile_gym.sim.apps.rows import PAGE, QueryRows
from mobile_gym.sim.display import Display
from mobile_gym.sim.screen import Screen, WindowSpec
from mobile_gym.sim.tracking import Dependencies
from mobile_gym.sim.ui.scroll import RecyclerView, ScrollPosition, ScrollView
from mobile_gym.sim.ui.view import Column, View
from mobile_gym.sim.ui.widgets import TextView

D = Display()
SCREEN = Rect(0, 0, D.width, D.height)


class CountingItems(Sequence[int]):
    """``count`` items that note which were read."""

    def __init__(self, count: int) -> None:
        self.count = count
        self.read: list[int] = []

    def __len__(self) -> int:
        return self.count

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        self.read.append(index)
        return index


def state_position(state: dict, key: str = "offset") -> ScrollPosition:
    """A scroll position kept in ``state`` under ``key``, its reads and changes reported to
    ``state["deps"]`` (as ``AppContext.scroller`` keeps one in a screen's state)."""
    deps = state.setdefault("deps", Dependencies())

    def read() -> object:
        deps.read(key)
        return state.get(key, 0)

    def write(place: object) -> None:
        state[key] = place
        deps.changed(key)

    return ScrollPosition(deps, "list", read, write)


def bound_list(items: Sequence[object], made: list[int], state: dict) -> RecyclerView:
    """A recycled list whose position lives in ``state`` (as ``AppContext.scroller`` makes)."""

    def render(index: int, item: object) -> View:
        made.append(index)
        return TextView(f"Row {item}", id="row")

    return RecyclerView(
        position=state_position(state),
        items=items,
        item_height=56,
        render_item=render,
    )


def test_a_long_list_makes_and_reads_only_the_rows_in_view() -> None:
    for count in (30, 3_000, 300_000):
        items, made = CountingItems(count), []
        view = bound_list(items, made, {})
        view.layout(D, SCREEN, SCREEN)
        shown = SCREEN.height // D.dp(56) + 1
        assert len(view.children) == len(made) == shown
        assert sorted(set(items.read)) == list(range(shown))


def test_scrolling_lays_out_the_list_alone_and_makes_only_the_rows_scrolled_in() -> None:
    items, made, state = CountingItems(10_000), [], {}
    view = bound_list(items, made, state)
    view.layout(D, SCREEN, SCREEN)
    first_rows = list(view.children)
    made.clear()
    assert view.scroll_by(D.dp(56) * 3)
    assert view.stale
    view.relayout(D)
    assert not view.stale
    assert len(made) == 3  # three new rows at the bottom
    assert view.children[: len(first_rows) - 3] == first_rows[3:]  # the others kept
    assert view.take_gone() == [row.visible for row in first_rows[:3]]  # scrolled away
    assert view.offset == D.dp(56) * 3 == state["offset"]


def test_rows_are_made_again_when_their_item_changes() -> None:
    items = [f"item {i}" for i in range(20)]
    made: list[int] = []
    view = bound_list(items, made, {})
    view.layout(D, SCREEN, SCREEN)
    made.clear()
    items[2] = "changed"
    view.relayout(D)
    assert made == [2]


def test_a_plain_scroll_view_scrolls_its_children() -> None:
    view = ScrollView(children=[TextView(f"Line {i}", height=100) for i in range(50)])
    view.layout(D, SCREEN, SCREEN)
    assert view.scroll_by(500) and view.stale
    view.relayout(D)
    assert view.children[0].bounds.top == -500  # the first line moved up with the content


def test_what_a_scroll_view_holds_out_of_view_is_placed_once_it_shows() -> None:
    def page(offset: int = 0) -> ScrollView:
        state = {"offset": offset}
        return ScrollView(
            position=ScrollPosition(
                Dependencies(),
                "page",
                lambda: state["offset"],
                partial(state.__setitem__, "offset"),
            ),
            children=[
                Column(TextView(f"Title {i}"), TextView(f"Line {i}"), height=100) for i in range(50)
            ],
        )

    view = page()
    view.layout(D, SCREEN, SCREEN)
    blocks = view.children
    shown = [block for block in blocks if not block.visible.empty]
    hidden = blocks[len(shown) :]
    assert shown == blocks[: len(shown)] and 0 < len(shown) < len(blocks)
    assert all(block.bounds.height == D.dp(100) for block in blocks)  # each block has its place
    # what a hidden block holds is not placed (it would not show)...
    assert all(line.clip is None for block in hidden for line in block.children)
    assert all(line.clip is not None for block in shown for line in block.children)
    # ...until it scrolls into view, where it is placed as if laid out there from the start
    assert view.scroll_by(D.dp(100) * 30)
    view.relayout(D)
    there = page(offset=view.offset)
    there.layout(D, SCREEN, SCREEN)
    assert there.offset == view.offset == D.dp(100) * 30
    for block, fresh in zip(view.children, there.children, strict=True):
        if not fresh.visible.empty:
            assert block.visible == fresh.visible
            assert [line.bounds for line in block.children] == [
                line.bounds for line in fresh.children
            ]
            assert [line.visible for line in block.children] == [
                line.visible for line in fresh.children
            ]


def numbers() -> tuple[sqlite3.Connection, list[str]]:
    """A database whose table ``t`` holds the numbers 0 to 999, and the statements run on it
    from now on."""
    conn = sqlite3.connect(":memory:")
    conn.row_factory = sqlite3.Row
    conn.execute("CREATE TABLE t(n INTEGER)")
    conn.executemany("INSERT INTO t VALUES (?)", [(i,) for i in range(1_000)])
    statements: list[str] = []
    conn.set_trace_callback(statements.append)
    return conn, statements


def test_query_rows_read_a_page_at_a_time_and_again_after_a_write() -> None:
    conn, statements = numbers()
    rows = QueryRows(conn, "SELECT n FROM t WHERE n >= ? ORDER BY n DESC", [10])
    assert len(rows) == 990 and rows[0]["n"] == 999 and rows[PAGE + 1]["n"] == 999 - PAGE - 1
    assert rows[-1]["n"] == 10 and [r["n"] for r in rows[3:5]] == [996, 995]
    assert len(statements) == 4  # the count, and three pages (first, second and last)
    assert rows[1]["n"] == 998 and len(statements) == 4  # a page read is kept
    conn.execute("DELETE FROM t WHERE n = 999")
    assert rows[0]["n"] == 998 and len(rows) == 989
    assert rows == QueryRows(conn, "SELECT n FROM t WHERE n >= ? ORDER BY n DESC", [10])
    assert rows != QueryRows(conn, "SELECT n FROM t WHERE n >= ? ORDER BY n DESC", [11])


def test_equal_queries_share_what_was_read_until_the_database_is_written() -> None:
    """A screen built again asks an equal query of an unchanged database (a letter typed,
    a dialog opened): it reads nothing again, however long the list."""
    conn, statements = numbers()
    sql = "SELECT n FROM t ORDER BY n DESC"
    first = QueryRows(conn, sql)
    assert len(first) == 1_000 and first[0]["n"] == 999 and len(statements) == 2
    again = QueryRows(conn, sql)
    assert len(again) == 1_000 and again[0]["n"] == 999 and again[5]["n"] == 994
    assert len(statements) == 2  # the count and the first page, read once
    assert QueryRows(conn, "SELECT n FROM t ORDER BY n")[0]["n"] == 0  # another query reads
    assert len(statements) == 3  # its first page
    conn.execute("DELETE FROM t WHERE n = 999")
    after = QueryRows(conn, sql)
    assert len(after) == 999 and after[0]["n"] == 998 and first[0]["n"] == 998
    other = sqlite3.connect(":memory:")
    other.execute("CREATE TABLE t(n INTEGER)")
    assert len(QueryRows(other, sql)) == 0  # the same query of another database


def test_a_list_that_a_new_build_replaces_no_longer_watches_what_it_read() -> None:
    """A window built again whose list changed in its layout shows a new list; the one it
    replaced forgets what it read, so its position changing marks only the new one."""
    deps = Dependencies()
    state: dict = {"deps": deps, "row_dp": 56}

    def build() -> View:
        deps.read("row_dp")
        view = bound_list(list(range(100)), [], state)
        view.item_height = state["row_dp"]
        return view

    screen = Screen(D, deps)
    specs = [WindowSpec("app", build, SCREEN, source="list screen")]
    screen.update(specs)
    (old,) = screen.windows
    state["row_dp"] = 60
    deps.changed("row_dp")
    screen.update(specs)
    (new,) = screen.windows
    assert isinstance(new, RecyclerView) and new is not old
    assert new.scroll_by(D.dp(60) * 2)  # writes the position both lists read
    assert new.stale and not old.stale
