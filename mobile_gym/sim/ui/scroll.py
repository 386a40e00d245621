"""Scrolling containers: a column of children, or a recycled list that makes only the rows
in view.

Where a container is scrolled to is state like any other: ``ScrollPosition`` keeps it in
the screen's state (``AppContext.scroller`` makes one), so a scroll lays out that container
again and nothing else: the screen is not built again. A recycled list (``items``,
``item_height``, ``render_item``) asks its items for a row only when the row comes into
view, so its cost follows the rows on screen, never the length of the list.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.tracking import Dependencies, Scope
from mobile_gym.sim.ui.reconcile import reconcile
from mobile_gym.sim.ui.view import (
    MATCH,
    UNBOUNDED,
    WRAP,
    LinearLayout,
    View,
    aligned,
    spacing,
)

RenderItem = Callable[[int, object], View]

END = 1 << 30
"""A place past any content: its end. A container scrolled there shows the bottom of its
content at its own bottom (a chat opens at its newest message); a list of rows of their
own heights starts from its last row and walks back over the rows it shows, never from the
first row down."""


class ScrollPosition:
    """How far a container is scrolled, in pixels, read and written through the screen's
    state (so the phone knows who reads it); two positions are equal when they keep the
    same place of the same state."""

    __slots__ = ("deps", "name", "read", "write")

    def __init__(
        self,
        deps: Dependencies,
        name: Hashable,
        read: Callable[[], int],
        write: Callable[[int], None],
    ) -> None:
        self.deps = deps
        self.name = name
        self.read = read
        self.write = write

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ScrollPosition):
            return NotImplemented
        return self.name == other.name and self.deps is other.deps

    def __hash__(self) -> int:
        return hash(self.name)


class ScrollView(View):
    """A vertically scrolling column (``android.widget.ScrollView``).

    ``position`` keeps where it is scrolled to (without one, it starts at the top each time
    it is built). Children are laid out in a column of unbounded height; only their
    visible parts are shown and dumped.

    For long lists pass ``items``, ``item_height`` (dp) and ``render_item`` instead of
    children: only the rows in view are made (``render_item(index, item)``), as a
    RecyclerView recycles its rows; a row stays while its item is equal and nothing it
    read changed. With ``wrap_rows`` in place of ``item_height``, each row is as tall as
    its content and its margins, measured as it is made (a status of one line or of ten;
    a chat bubble kept off one side), and the list keeps its place as a row and a
    distance into it, as a RecyclerView's layout manager does; a pixel offset (``start``,
    ``AppContext.scroll_to``) is a distance into the first row, and the layout walks down
    to the row it falls in (``END`` walks back from the last row). With
    ``stack_from_end`` too, rows that do not fill the list sit at its bottom, as a chat's
    messages sit over its message field. Either way the cost follows the rows shown and
    passed, never the length of the list. A row of its own height is laid out as a column
    lays out its children: inside its margins, at its own width, placed by its
    ``gravity``; a row of ``item_height`` fills its slot.

    Children are measured at their natural height (``MATCH`` along the
    scrolling axis means "as tall as the content"); ``fill_viewport`` stretches content
    shorter than the view so that ``MATCH`` children fill the page (Android's
    ``fillViewport``).
    """

    __slots__ = (
        "_anchor",
        "_content_height",
        "_end",
        "_gone",
        "_heights",
        "_inner_height",
        "_inner_width",
        "_offset",
        "_rows",
        "_rows_scope",
        "_scope",
        "fill_viewport",
        "item_count",
        "item_height",
        "items",
        "position",
        "render_item",
        "stack_from_end",
        "wrap_rows",
    )
    cls = "android.widget.ScrollView"
    scrollable = True
    handlers = (*View.handlers, "render_item", "items")
    """``items`` goes with ``render_item``: the rows are made from them, and a list built
    again with other items of the same number is the same list whose rows are made again
    (only ``item_count`` bears on its own layout)."""
    paint_properties = frozenset()  # what it keeps of its rows and offset goes with its layout

    def __init__(
        self,
        *,
        position: ScrollPosition | None = None,
        items: Sequence[object] = (),
        item_height: int = 0,
        render_item: RenderItem | None = None,
        wrap_rows: bool = False,
        stack_from_end: bool = False,
        fill_viewport: bool = False,
        height: int = MATCH,
        **kwargs,
    ) -> None:
        if wrap_rows and (render_item is None or item_height):
            raise ValueError(
                "wrap_rows is for a recycled list (items and render_item) whose rows"
                " have no item_height"
            )
        if stack_from_end and not wrap_rows:
            raise ValueError(
                "stack_from_end is for a list of rows of their own heights (wrap_rows)"
            )
        if render_item is not None and item_height <= 0 and not wrap_rows:
            raise ValueError("a recycled list needs item_height > 0 (or wrap_rows)")
        super().__init__(height=height, **kwargs)
        self.position = position
        self.items = items
        self.item_count = len(items)
        self.item_height = item_height
        self.render_item = render_item
        self.wrap_rows = wrap_rows
        self.stack_from_end = stack_from_end
        self.fill_viewport = fill_viewport
        self._offset = 0
        """The offset laid out last (or, without a ``position``, the offset itself)."""
        self._anchor: tuple[int, int] = (0, 0)
        """With ``wrap_rows``: the row at the top and how far into it the list is scrolled
        (pixels), as laid out last and scrolled since (without a ``position``, the place
        itself)."""
        self._end: int | None = None
        """With ``wrap_rows``: the distance into the anchor row at which the last row's
        bottom meets the list's, when the last layout reached the last row."""
        self._heights: dict[int, tuple[object, int]] = {}
        """With ``wrap_rows``: the rows' heights found (by index, with the item), while
        nothing the rows read changed and the width is the same."""
        self._content_height = 0
        self._inner_height = self._inner_width = 0
        self._rows: dict[int, tuple[object, View]] = {}
        """The rows made, by index: the item each was made for, and the row."""
        self._gone: list[Rect] = []
        """Where rows showed that are no longer shown (taken by ``take_gone``)."""
        self._scope = Scope("scroll position")
        """What laying it out read (its position, how many items there are)."""
        self._rows_scope = Scope("rows")
        """What making its rows read."""

    # what the phone asks ------------------------------------------------------------------
    def builds_children_in_layout(self) -> bool:
        return self.render_item is not None

    @property
    def stale(self) -> bool:
        """Whether it must be laid out again: something its layout or its rows read changed,
        or (a recycled list) it was built again, so that its rows are made anew."""
        return self._scope.dirty or (self.render_item is not None and self._rows_scope.dirty)

    def take_handlers(self, other: View) -> None:
        super().take_handlers(other)
        if self.render_item is not None:
            self._rows_scope.dirty = True  # rows are made by the new ``render_item`` from now on

    def forget_reads(self) -> None:
        """It is no longer shown: what its layout and its rows read is forgotten (nothing
        it read makes it stale any more)."""
        if self.position is not None:
            self.position.deps.forget(self._scope)
            self.position.deps.forget(self._rows_scope)

    def take_gone(self) -> list[Rect]:
        """Where rows showed that were dropped since this was last asked."""
        gone, self._gone = self._gone, []
        return gone

    @property
    def offset(self) -> int:
        """Where it is scrolled to, in pixels from the top of its content (laid out there
        when next laid out). A list of rows of their own heights (``wrap_rows``) keeps a
        row and a distance into it instead, and has no such offset: 0."""
        return self._offset

    @property
    def max_offset(self) -> int:
        return max(self._content_height - self._inner_height, 0)

    def scroll_by(self, dy: int, room: int = 0) -> bool:
        """Scroll by ``dy`` pixels (positive shows later content); True if it moved.
        ``room``: how much shorter the view is about to be (the keyboard coming up over it),
        which lets it scroll that much further."""
        if self.wrap_rows:
            return self._scroll_rows_by(dy, room)
        new = min(max(self._offset + dy, 0), self.max_offset + room)
        if new == self._offset:
            return False
        self._offset = new  # (so that the next scroll adds to it before any layout)
        if self.position is not None:
            self.position.write(new)
        self._scope.dirty = True
        return True

    def _scroll_rows_by(self, dy: int, room: int) -> bool:
        """``scroll_by`` for rows of their own heights: the distance into the anchor row
        moves, held at the top of the first row and where the last row's bottom meets the
        list's (the layout walks to the row it reaches)."""
        anchor, into = self._anchor
        new = into + dy
        if anchor == 0:
            new = max(new, 0)
        if self._end is not None:
            new = min(new, max(self._end + room, into))
        if new == into:
            return False
        self._anchor = (anchor, new)
        if self.position is not None:
            self.position.write(self._anchor)
        self._scope.dirty = True
        return True

    def relayout(self, d: Display) -> None:
        """Lay it out again where it is (it scrolled, or its rows changed)."""
        self.relaid = True
        self.lay_out_children(d, self.inner(d), self.visible)

    # layout ---------------------------------------------------------------------------------
    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        if self.position is None:
            self._scope.dirty = False
            self._place(d, inner, clip)
        else:
            self.position.deps.run(self._scope, self._place, d, inner, clip)

    def _place(self, d: Display, inner: Rect, clip: Rect) -> None:
        """Lay out the content at the current offset (what it reads is this view's scope)."""
        self._inner_height = inner.height
        if self.wrap_rows:
            wanted = self._anchor if self.position is None else self.position.read()
            self._place_wrapped_rows(d, inner, clip, wanted)
            return
        wanted = self._offset if self.position is None else self.position.read()
        if not isinstance(wanted, int):
            # a row and a distance into it, kept under the same state by a list of rows of
            # their own heights shown there before (an app's list that changed its kind):
            # as many rows of this list's height, and the distance
            row, into = wanted
            wanted = row * d.dp(self.item_height) + into
        if self.render_item is not None:
            self._place_rows(d, inner, clip, wanted)
            return
        column = LinearLayout(orientation="vertical", children=self.children, height=WRAP)
        _, self._content_height = column.measure(d, inner.width, UNBOUNDED)
        if self.fill_viewport and self._content_height < inner.height:
            self._content_height = inner.height  # MATCH children stretch to the page
        self._offset = offset = min(max(wanted, 0), self.max_offset)
        top = inner.top - offset
        column.lay_out_children(
            d, Rect(inner.left, top, inner.right, top + self._content_height), clip
        )

    def _place_rows(self, d: Display, inner: Rect, clip: Rect, wanted: int) -> None:
        row = d.dp(self.item_height)
        count = len(self.items)
        self._content_height = row * count
        self._offset = offset = min(max(wanted, 0), self.max_offset)
        first = offset // row
        last = min(count, (offset + inner.height) // row + 1)
        indices = range(first, last)
        deps = None if self.position is None else self.position.deps
        if self._rows_scope.dirty:  # something the rows read changed: make them all again
            made = self._made_rows(indices, {}, deps, fresh=True)
        else:
            made = self._made_rows(indices, self._rows, deps, fresh=False)
        self._show_rows(made, indices)
        for index, child in zip(indices, self.children, strict=True):
            top = inner.top - offset + index * row
            child.layout(d, Rect(inner.left, top, inner.right, top + row), clip)

    def _place_wrapped_rows(
        self, d: Display, inner: Rect, clip: Rect, wanted: int | Sequence[int]
    ) -> None:
        """Lay out rows of their own heights from the place ``wanted`` names: a pixel offset
        (the distance into the first row; ``END`` and past it, the end) or a row and the
        distance into it. The place is first moved to the row it falls in (the rows it
        passes are made to measure them); a place past the end is moved back until the
        last row's bottom meets the list's."""
        if isinstance(wanted, int):
            anchor, into = (len(self.items) - 1, wanted) if wanted >= END else (0, wanted)
        else:
            anchor, into = (int(v) for v in wanted)
        deps = None if self.position is None else self.position.deps
        fresh = self._rows_scope.dirty
        kept = {} if fresh else self._rows
        if fresh or self._inner_width != inner.width:
            self._heights = {}
        made: dict[int, tuple[object, View]] = {}

        def row(index: int) -> View:
            item = self.items[index]
            found = made.get(index) or kept.get(index)
            if found is None or found[0] != item:
                before = self._rows.get(index)
                view = reconcile(
                    None if before is None else before[1], render(index, item), self._gone
                )[0]
                found = (item, view)
            made[index] = found
            return found[1]

        def height(index: int) -> int:
            known = self._heights.get(index)
            item = self.items[index]
            if known is None or known[0] != item:
                view = row(index)
                left, top, right, bottom = spacing(d, view.margin)
                inner_h = view.measure(d, max(inner.width - left - right, 0), UNBOUNDED)[1]
                known = (item, top + inner_h + bottom)
                self._heights[index] = known
            return known[1]

        def walk() -> list[tuple[int, int]]:
            nonlocal anchor, into
            count = len(self.items)
            if not count:
                anchor, into, self._end = 0, 0, 0
                return []
            anchor = min(max(anchor, 0), count - 1)
            for _ in range(2):  # the second time after moving back from past the end
                while anchor < count - 1 and into >= height(anchor):
                    into -= height(anchor)
                    anchor += 1
                while into < 0 and anchor > 0:
                    anchor -= 1
                    into += height(anchor)
                into = max(into, 0) if anchor == 0 else into
                placed, top, index = [], -into, anchor
                while index < count and top < inner.height:
                    placed.append((index, top))
                    row(index)  # (shown: made, where its height alone may be known)
                    top += height(index)
                    index += 1
                self._end = None if index < count else into + max(top - inner.height, 0)
                if index < count or top >= inner.height or (anchor, into) == (0, 0):
                    return placed
                into -= inner.height - top  # room under the last row: move back
            return placed

        render = self.render_item
        assert render is not None
        if deps is None:
            self._rows_scope.dirty = False
            placed = walk()
        elif fresh:
            placed = deps.run(self._rows_scope, walk)
        else:
            placed = deps.add(self._rows_scope, walk)
        self._anchor = (anchor, into)
        self._inner_width = inner.width
        self._show_rows(made, [index for index, _ in placed])
        below_all = 0  # room under the last row of a list shorter than itself
        if self.stack_from_end and placed and placed[0] == (0, 0) and self._end == 0:
            last, top = placed[-1]
            below_all = max(inner.height - top - height(last), 0)
        for (index, top), child in zip(placed, self.children, strict=True):
            left, above, right, below = spacing(d, child.margin)
            room = max(inner.width - left - right, 0)
            w = child.measure(d, room, UNBOUNDED)[0]  # (as measured for its height)
            x = aligned(child.gravity, inner.left + left, room, w, "end")
            y = inner.top + below_all + top
            child.layout(d, Rect(x, y + above, x + w, y + height(index) - below), clip)

    def _show_rows(self, made: dict[int, tuple[object, View]], indices: Sequence[int]) -> None:
        """Show the rows at ``indices`` (of those ``made``, by index) as the children; where
        the rows shown before and not now were is noted as gone."""
        rows = {index: made[index] for index in indices}
        shown = {id(row) for _, row in rows.values()}
        self._gone += [
            row.visible
            for _, row in self._rows.values()
            if id(row) not in shown and row.clip is not None
        ]
        self._rows = rows
        self.children = [row for _, row in rows.values()]

    def _made_rows(
        self,
        indices: range,
        kept: dict[int, tuple[object, View]],
        deps: Dependencies | None,
        fresh: bool,
    ) -> dict[int, tuple[object, View]]:
        """The rows at ``indices``: those in ``kept`` whose item is unchanged, the others
        made by ``render_item`` (what that reads is added to the rows' scope, or becomes
        it when ``fresh``) and matched with the row shown there before."""
        render = self.render_item
        assert render is not None
        made: dict[int, tuple[object, View]] = {}
        new: list[tuple[int, object]] = []
        for index in indices:
            item = self.items[index]
            old = kept.get(index)
            if old is not None and old[0] == item:
                made[index] = old
            else:
                new.append((index, item))

        def make() -> None:
            for index, item in new:
                before = self._rows.get(index)
                row = render(index, item)
                made[index] = (
                    item,
                    reconcile(None if before is None else before[1], row, self._gone)[0],
                )

        if deps is None:
            self._rows_scope.dirty = False
            make()
        elif fresh:
            deps.run(self._rows_scope, make)
        elif new:
            deps.add(self._rows_scope, make)
        return made


class RecyclerView(ScrollView):
    """A scrolling list (``androidx.recyclerview.widget.RecyclerView``)."""

    __slots__ = ()
    cls = "androidx.recyclerview.widget.RecyclerView"


class ListView(ScrollView):
    """A scrolling list (``android.widget.ListView``)."""

    __slots__ = ()
    cls = "android.widget.ListView"


class ItemGroup(LinearLayout):
    """Items of a list shown as one of its rows (a day's header over the day's first
    message): a column as wide as the list that is no node of its own, so that in the
    hierarchy its children are the list's, as a RecyclerView's items are."""

    __slots__ = ()
    in_hierarchy = False

    def __init__(self, *children: View, **kwargs) -> None:
        kwargs.setdefault("width", MATCH)
        kwargs.setdefault("height", WRAP)
        super().__init__(orientation="vertical", children=children, **kwargs)
