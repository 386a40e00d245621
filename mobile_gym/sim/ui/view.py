"""The retained widget tree: the base ``View``, layout containers and scrolling.

A screen is built as a tree of views whose sizes are given in dp (``MATCH``, ``WRAP`` or a
number). ``layout`` assigns every view its pixel ``bounds`` and its ``visible`` part (bounds
clipped by scrolling ancestors). Both projections of a screen read exactly these rectangles:
the renderer paints inside them and the uiautomator dump prints them.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import Color, Theme

MATCH = -1
"""Size spec: as large as the parent allows (Android's ``match_parent``)."""
WRAP = -2
"""Size spec: just large enough for the content (Android's ``wrap_content``)."""
_UNBOUNDED = 1 << 24
_HALF_UNBOUNDED = _UNBOUNDED // 2
_new = tuple.__new__
_alterations = 0
"""How many times views were changed in place (``View.altered``) since the start."""

Paint = str | Color | None
"""A colour: a theme role name such as ``"surface"``, an RGB tuple, or None (transparent)."""
Spacing = int | tuple[int, int] | tuple[int, int, int, int]
Handler = Callable[[], None]


def alterations() -> int:
    """How many times views were changed in place after layout (``View.altered``): a
    change of this count says that some laid-out view no longer is as it was laid out."""
    return _alterations


class PartMovedError(Exception):
    """A part kept from the last frame (``View.keep_as_part``) was placed elsewhere: the
    screen must be laid out again without kept parts."""

    def __init__(self, view: View) -> None:
        super().__init__(f"{view!r} kept from the last frame was placed elsewhere")
        self.view = view


def resolve_color(theme: Theme, paint: Paint) -> Color | None:
    """A concrete RGB colour for ``paint`` under ``theme``."""
    if paint is None or isinstance(paint, tuple):
        return paint
    return getattr(theme, paint)


_SPACINGS: dict[tuple[float, Spacing], tuple[int, int, int, int]] = {}


def _spacing(d: Display, value: Spacing) -> tuple[int, int, int, int]:
    """Padding or margin in pixels as (left, top, right, bottom)."""
    key = (d.density, value)
    cached = _SPACINGS.get(key)
    if cached is not None:
        return cached
    if isinstance(value, int):
        p = d.dp(value)
        px = (p, p, p, p)
    elif len(value) == 2:
        h, v = d.dp(value[0]), d.dp(value[1])
        px = (h, v, h, v)
    else:
        left, top, right, bottom = value
        px = (d.dp(left), d.dp(top), d.dp(right), d.dp(bottom))
    _SPACINGS[key] = px
    return px


class View:
    """A node of the widget tree (``android.view.View``).

    Args:
        id: resource id name; dumped as ``package:id/name`` (a name holding ``:`` is kept).
        text: the node's text attribute.
        desc: content description (what screen readers and agents read for icons).
        width, height: ``MATCH``, ``WRAP`` or a size in dp.
        weight: share of the parent's leftover space along a linear layout's axis.
        padding, margin: dp, as one value, (horizontal, vertical) or (left, top, right, bottom).
        gravity: where this view sits inside its parent's cell: ``start``, ``center``, ``end``
            (plus ``top`` / ``bottom`` in a frame).
        background: fill colour (theme role or RGB); ``radius`` rounds its corners (dp).
        on_click, on_long_click: handlers; they make the node clickable / long-clickable.
        enabled, selected: the Android flags of the same name.
        blocks_touch: swallow touches that land on this view (dialog panels, sheets).
        package: the app package this subtree belongs to (inherited by descendants).
    """

    __slots__ = (
        "__weakref__",
        "_altered",
        "_clip",
        "_kept",
        "_measured",
        "_part",
        "_signature",
        "_twin",
        "background",
        "blocks_touch",
        "bounds",
        "cache",
        "children",
        "desc",
        "enabled",
        "gravity",
        "height",
        "id",
        "margin",
        "on_click",
        "on_long_click",
        "package",
        "padding",
        "radius",
        "selected",
        "text",
        "visible",
        "weight",
        "width",
    )
    cls: ClassVar[str] = "android.view.View"
    checkable: ClassVar[bool] = False
    scrollable: ClassVar[bool] = False
    editable: ClassVar[bool] = False
    seekable: ClassVar[bool] = False
    in_hierarchy: ClassVar[bool] = True
    makes_children: ClassVar[bool] = False
    """True for views that create their children while laid out (recycled lists)."""
    layout_results: ClassVar[tuple[str, ...]] = ()
    """Attributes besides ``bounds`` and ``visible`` that ``layout`` sets."""
    paint_only: ClassVar[frozenset[str]] = frozenset(
        {"background", "blocks_touch", "desc", "enabled", "id", "package", "radius", "selected"}
    )
    """Properties that change how this view looks or reads but neither its size nor where
    it or any other view is placed: a tree differing from the last frame's only in these
    keeps its layout (``ui.diff.carry_over``). Anything not named here counts for layout."""

    def __init__(
        self,
        *,
        id: str | None = None,
        text: str = "",
        desc: str = "",
        width: int = MATCH,
        height: int = WRAP,
        weight: float = 0.0,
        padding: Spacing = 0,
        margin: Spacing = 0,
        gravity: str = "start",
        background: Paint = None,
        radius: int = 0,
        on_click: Handler | None = None,
        on_long_click: Handler | None = None,
        enabled: bool = True,
        selected: bool = False,
        blocks_touch: bool = False,
        package: str | None = None,
        children: Sequence[View] = (),
    ) -> None:
        self.id = id
        self.text = text
        self.desc = desc
        self.width = width
        self.height = height
        self.weight = weight
        self.padding = padding
        self.margin = margin
        self.gravity = gravity
        self.background = background
        self.radius = radius
        self.on_click = on_click
        self.on_long_click = on_long_click
        self.enabled = enabled
        self.selected = selected
        self.blocks_touch = blocks_touch
        self.package = package
        self.children: list[View] = list(children)
        self.bounds = EMPTY
        self.visible = EMPTY
        self._measured: tuple[int, int, tuple[int, int]] | None = None
        self._altered = False
        self._kept: tuple[int, bool, bool] | None = None
        self._clip: Rect | None = None  # the clip it was laid out in; None: not laid out
        self._twin: View | None = None
        """The last frame's counterpart whose layout this view takes if laid out in its
        place (``carry_from``); dropped once laid out, and by the next frame's counterpart
        (so no chain of old frames is kept)."""
        self._part = False
        self._signature: tuple | None = None  # what it is drawn from, read once (ui.diff)
        self.cache: object = None
        """What a reader of the tree derived from this node alone (its dump fields, say),
        for itself; the node that takes this one's place in the next frame with the same
        properties inherits it (``ui.diff.carry_over``). Readers check it still fits."""

    def altered(self) -> None:
        """Note that this view changed in place after it was laid out (a drag moved a
        slider's thumb): the next frame repaints it whole (``ui.diff``), and no part of
        the screen is kept for it (``ui.parts``)."""
        global _alterations
        self._altered = True
        _alterations += 1

    def keep_as_part(self) -> None:
        """Mark this view, laid out in the last frame, as shown again in the next one as it
        is (``ui.parts``): laid out in the same place it keeps its layout; anywhere else,
        layout raises ``PartMovedError`` rather than change a view the last frame still holds."""
        self._part = True

    def kept_from(self, old: View, subtree: bool = False) -> bool | None:
        """Whether this node holds the same properties as ``old`` (with ``subtree``: and
        its whole subtree the same as ``old``'s), as found when it was compared with
        ``old`` before layout (``ui.diff.carry_over``); None if it was not compared."""
        kept = self._kept
        if kept is None or kept[0] != id(old):
            return None
        return kept[2] if subtree else kept[1]

    def carry_from(self, old: View, same: bool, same_subtree: bool, same_layout: bool) -> None:
        """Record how this node compares with ``old``, its counterpart in the last frame
        (``ui.diff.carry_over``): whether it holds the same properties, whether its whole
        subtree does, and whether its subtree is laid out the same (it differs at most in
        paint-only properties). Then it takes ``old``'s measurements and, if laid out in
        the same place, its layout."""
        self._kept = (id(old), same, same_subtree)
        if same_layout:
            self._measured = old._measured
            self._twin = old
            old._twin = None  # (if never laid out): no chain of old frames is kept

    # Android attributes ----------------------------------------------------------------
    @property
    def clickable(self) -> bool:
        return self.on_click is not None

    @property
    def long_clickable(self) -> bool:
        return self.on_long_click is not None

    @property
    def focusable(self) -> bool:
        return self.clickable

    @property
    def focused(self) -> bool:
        return False

    @property
    def checked(self) -> bool:
        return False

    @property
    def password(self) -> bool:
        return False

    @property
    def display_text(self) -> str:
        """The text an accessibility dump reports for this node."""
        return self.text

    @property
    def handles_touch(self) -> bool:
        """Whether a touch landing here stops at this view."""
        return (
            self.clickable
            or self.long_clickable
            or self.checkable
            or self.editable
            or self.seekable
            or self.blocks_touch
        )

    # layout -----------------------------------------------------------------------------
    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        """Size of the content inside the padding, given the room available."""
        return 0, 0

    def measure(self, d: Display, avail_w: int, avail_h: int) -> tuple[int, int]:
        """Outer size (without margins) this view takes in ``avail_w`` x ``avail_h``.

        ``MATCH`` takes what is available (the content's size along an axis with no limit),
        ``WRAP`` the content's size, a number that many dp; never more than is available.
        The result is remembered for the same room (layout asks more than once).
        """
        memo = self._measured
        if memo is not None and memo[0] == avail_w and memo[1] == avail_h:
            return memo[2]
        spec_w, spec_h = self.width, self.height
        if spec_w == MATCH:
            w = avail_w if avail_w < _HALF_UNBOUNDED else None
        elif spec_w == WRAP:
            w = None
        else:
            w = min(round(spec_w * d.density), avail_w)
        if spec_h == MATCH:
            h = avail_h if avail_h < _HALF_UNBOUNDED else None
        elif spec_h == WRAP:
            h = None
        else:
            h = min(round(spec_h * d.density), avail_h)
        if w is None or h is None:
            pl, pt, pr, pb = _spacing(d, self.padding)
            inner_w = (avail_w if w is None else w) - pl - pr
            inner_h = (avail_h if h is None else h) - pt - pb
            cw, ch = self.content_size(
                d, inner_w if inner_w > 0 else 0, inner_h if inner_h > 0 else 0
            )
            if w is None:
                w = min(cw + pl + pr, avail_w)
            if h is None:
                h = min(ch + pt + pb, avail_h)
        size = (w, h)
        self._measured = (avail_w, avail_h, size)
        return size

    def layout(self, d: Display, rect: Rect, clip: Rect) -> None:
        """Place this view at ``rect``; ``clip`` is the part of the screen it may show in."""
        old = self._twin
        if old is not None:
            self._twin = None
            if old.bounds == rect and old._clip == clip:
                _take_layout(old, self)
                return
        if self._part:
            if self.bounds == rect and self._clip == clip:
                return  # a part of the last frame, in its place: laid out as it was
            raise PartMovedError(self)
        self._clip = clip
        self.bounds = rect
        l1, t1, r1, b1 = rect
        l2, t2, r2, b2 = clip
        left, top = (l1 if l1 > l2 else l2), (t1 if t1 > t2 else t2)
        right, bottom = (r1 if r1 < r2 else r2), (b1 if b1 < b2 else b2)
        visible = _new(Rect, (left, top, right, bottom)) if right > left and bottom > top else EMPTY
        self.visible = visible
        if self.children or self.makes_children or self.scrollable:  # a scroll: its extent
            self.layout_children(d, rect.inset(*_spacing(d, self.padding)), visible)

    def layout_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        """Place the children inside ``inner`` (the bounds less padding)."""
        for child in self.children:
            child.layout(d, inner, clip)

    # drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        """Paint this view (not its children) inside ``self.bounds``."""
        color = resolve_color(theme, self.background)
        if color is not None:
            canvas.rect(self.bounds, color, d.dp(self.radius))

    def inner(self, d: Display) -> Rect:
        return self.bounds.inset(*_spacing(d, self.padding))

    def __repr__(self) -> str:
        label = self.id or self.text or self.desc
        return f"<{type(self).__name__} {label!r} {self.bounds.bounds_string()}>"


def _take_layout(old: View, new: View) -> None:
    """Give ``new`` and its subtree the layout of ``old``'s, the same subtree laid out in
    the same place."""
    new.bounds, new.visible, new._clip, new._twin = old.bounds, old.visible, old._clip, None
    for name in new.layout_results:
        setattr(new, name, getattr(old, name))
    for before, after in zip(old.children, new.children, strict=False):  # as many, the same
        if before is not after:  # the same view: a part kept as it was laid out
            _take_layout(before, after)


def _place(gravity: str, start: int, room: int, size: int, end_word: str) -> int:
    if "center" in gravity:
        return start + (room - size) // 2
    if "end" in gravity or end_word in gravity:
        return start + room - size
    return start


class LinearLayout(View):
    """Children in a row or a column (``android.widget.LinearLayout``).

    ``weight`` shares leftover space along the axis; a child whose main-axis size is
    ``MATCH`` takes a share of weight 1. ``arrange`` places the children along the axis
    (``start``, ``center``, ``end``) when they do not fill it.
    """

    __slots__ = ("_sized", "arrange", "vertical")
    cls = "android.widget.LinearLayout"

    def __init__(self, *, orientation: str = "vertical", arrange: str = "start", **kwargs) -> None:
        if orientation not in ("vertical", "horizontal"):
            raise ValueError(f"orientation must be 'vertical' or 'horizontal', not {orientation!r}")
        View.__init__(self, **kwargs)
        self.vertical = orientation == "vertical"
        self.arrange = arrange
        self._sized: tuple[tuple, list[tuple[int, int, tuple]], int, int] | None = None
        """The children's sizes last measured: (the room that counts, the sizes, the room
        given)."""

    def _sizes(self, d: Display, inner_w: int, inner_h: int) -> list[tuple[int, int, tuple]]:
        """Measured (w, h, margins) of each child, leftover space shared by weight.

        Children without weight are measured with an unbounded main axis (what does not fit
        is clipped), so the measure pass and the layout pass share their measurements.
        """
        sized = self._sized
        if sized is not None and sized[2] == inner_w and sized[3] == inner_h:
            return sized[1]  # asked again for the same room (measured, then laid out)
        vertical = self.vertical
        weights = [
            c.weight or (1.0 if (c.height if vertical else c.width) == MATCH else 0.0)
            for c in self.children
        ]
        total_weight = sum(weights)
        key = (
            (inner_w, inner_h)
            if total_weight
            else ((inner_w, None) if vertical else (None, inner_h))
        )
        if sized is not None and sized[0] == key:
            self._sized = (key, sized[1], inner_w, inner_h)
            return sized[1]
        out: list[tuple[int, int, tuple]] = []
        used = 0
        for child, weight in zip(self.children, weights, strict=True):
            m = _spacing(d, child.margin)
            if vertical:
                used += m[1] + m[3]
                if weight:
                    out.append((0, 0, m))
                    continue
                w, h = child.measure(d, max(inner_w - m[0] - m[2], 0), _UNBOUNDED)
                used += h
            else:
                used += m[0] + m[2]
                if weight:
                    out.append((0, 0, m))
                    continue
                w, h = child.measure(d, _UNBOUNDED, max(inner_h - m[1] - m[3], 0))
                used += w
            out.append((w, h, m))
        if total_weight:
            room = max((inner_h if vertical else inner_w) - used, 0)
            if room >= _UNBOUNDED // 2:  # no limit: weighted children take their natural size
                for i, (child, weight) in enumerate(zip(self.children, weights, strict=True)):
                    if weight:
                        m = out[i][2]
                        if vertical:
                            w, h = child.measure(d, max(inner_w - m[0] - m[2], 0), _UNBOUNDED)
                        else:
                            w, h = child.measure(d, _UNBOUNDED, max(inner_h - m[1] - m[3], 0))
                        out[i] = (w, h, m)
                self._sized = (key, out, inner_w, inner_h)
                return out
            left = room
            for i, (child, weight) in enumerate(zip(self.children, weights, strict=True)):
                if not weight:
                    continue
                share = min(round(room * weight / total_weight), left)
                left -= share
                m = out[i][2]
                if vertical:
                    w, _ = child.measure(d, max(inner_w - m[0] - m[2], 0), share)
                    out[i] = (w, share, m)
                else:
                    _, h = child.measure(d, share, max(inner_h - m[1] - m[3], 0))
                    out[i] = (share, h, m)
        self._sized = (key, out, inner_w, inner_h)
        return out

    def carry_from(self, old: View, same: bool, same_subtree: bool, same_layout: bool) -> None:
        super().carry_from(old, same, same_subtree, same_layout)
        if same_layout:
            self._sized = old._sized  # type: ignore[attr-defined]

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        sizes = self._sizes(d, max_w, max_h)
        if self.vertical:
            return (
                max((w + m[0] + m[2] for w, _, m in sizes), default=0),
                sum(h + m[1] + m[3] for _, h, m in sizes),
            )
        return (
            sum(w + m[0] + m[2] for w, _, m in sizes),
            max((h + m[1] + m[3] for _, h, m in sizes), default=0),
        )

    def layout_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        left, top, right, bottom = inner
        sizes = self._sizes(d, right - left, bottom - top)
        if self.vertical:
            y = top
            if self.arrange != "start":
                total = sum(h + m[1] + m[3] for _, h, m in sizes)
                y = _place(self.arrange, top, bottom - top, total, "bottom")
            for child, (w, h, (ml, mt, mr, mb)) in zip(self.children, sizes, strict=True):
                gravity = child.gravity
                x = (
                    left + ml
                    if gravity == "start"
                    else _place(gravity, left + ml, right - left - ml - mr, w, "end")
                )
                y += mt
                child.layout(d, _new(Rect, (x, y, x + w, y + h)), clip)
                y += h + mb
        else:
            x = left
            if self.arrange != "start":
                total = sum(w + m[0] + m[2] for w, _, m in sizes)
                x = _place(self.arrange, left, right - left, total, "end")
            for child, (w, h, (ml, mt, mr, mb)) in zip(self.children, sizes, strict=True):
                gravity = child.gravity
                y = (
                    top + mt
                    if gravity == "start"
                    else _place(gravity, top + mt, bottom - top - mt - mb, h, "bottom")
                )
                x += ml
                child.layout(d, _new(Rect, (x, y, x + w, y + h)), clip)
                x += w + mr


def Row(*children: View, **kwargs) -> LinearLayout:  # noqa: N802 - reads as a widget
    """A horizontal LinearLayout whose children are centred vertically."""
    for child in children:
        if child.gravity == "start":
            child.gravity = "center"
    kwargs.setdefault("height", WRAP)
    return LinearLayout(orientation="horizontal", children=children, **kwargs)


def Column(*children: View, **kwargs) -> LinearLayout:  # noqa: N802 - reads as a widget
    """A vertical LinearLayout."""
    return LinearLayout(children=children, **kwargs)  # vertical: the default


@functools.lru_cache(maxsize=64)
def _frame_gravity(gravity: str) -> tuple[str, str]:
    """A frame child's ``gravity`` as its horizontal and its vertical word."""
    words = gravity.split()
    horizontal = next((g for g in words if g in ("start", "end", "center")), "start")
    vertical = next((g for g in words if g in ("top", "bottom", "center")), "top")
    return horizontal, vertical


class FrameLayout(View):
    """Children stacked on top of each other, each placed by its ``gravity``."""

    __slots__ = ()

    cls = "android.widget.FrameLayout"

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        w = h = 0
        for child in self.children:
            m = _spacing(d, child.margin)
            cw, ch = child.measure(d, max(max_w - m[0] - m[2], 0), max(max_h - m[1] - m[3], 0))
            w, h = max(w, cw + m[0] + m[2]), max(h, ch + m[1] + m[3])
        return w, h

    def layout_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        for child in self.children:
            m = _spacing(d, child.margin)
            room_w, room_h = inner.width - m[0] - m[2], inner.height - m[1] - m[3]
            w, h = child.measure(d, max(room_w, 0), max(room_h, 0))
            horizontal, vertical = _frame_gravity(child.gravity)
            x = _place(horizontal, inner.left + m[0], room_w, w, "end")
            y = _place(vertical, inner.top + m[1], room_h, h, "bottom")
            child.layout(d, Rect(x, y, x + w, y + h), clip)


class ScrollView(View):
    """A vertically scrolling column (``android.widget.ScrollView``).

    ``offset`` is the scroll position in pixels (kept by the screen's state); ``on_scroll``
    receives the new offset when the user drags the content. Children are laid out in a
    column of unbounded height and only their visible parts are shown and dumped.

    For long lists pass ``items``, ``item_height`` (dp) and ``render_item`` instead of
    children: only the rows in view are built, as a RecyclerView recycles its rows.
    Children are measured at their natural height (``MATCH`` along the scrolling axis means
    "as tall as the content"); ``fill_viewport`` stretches content shorter than the view so
    that ``MATCH`` children fill the page (Android's ``fillViewport``).
    """

    __slots__ = (
        "content_height",
        "fill_viewport",
        "inner_height",
        "item_height",
        "items",
        "offset",
        "on_scroll",
        "render_item",
    )
    cls = "android.widget.ScrollView"
    scrollable = True
    layout_results = ("content_height", "inner_height", "offset")

    def __init__(
        self,
        *,
        offset: int = 0,
        on_scroll: Callable[[int], None] | None = None,
        items: Sequence[object] = (),
        item_height: int = 0,
        render_item: Callable[[int, object], View] | None = None,
        fill_viewport: bool = False,
        height: int = MATCH,
        **kwargs,
    ) -> None:
        View.__init__(self, height=height, **kwargs)
        self.offset = offset
        self.on_scroll = on_scroll
        self.items = items
        self.item_height = item_height
        self.render_item = render_item
        self.fill_viewport = fill_viewport
        self.content_height = 0
        self.inner_height = 0
        if render_item is not None and item_height <= 0:
            raise ValueError("a recycled list needs item_height > 0")

    @property
    def makes_children(self) -> bool:  # type: ignore[override]
        """A recycled list makes its rows as it is laid out; given children are kept."""
        return self.render_item is not None

    @property
    def max_offset(self) -> int:
        return max(self.content_height - self.inner_height, 0)

    def layout_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        self.inner_height = inner.height
        if self.render_item is not None:
            row = d.dp(self.item_height)
            self.content_height = row * len(self.items)
            offset = min(max(self.offset, 0), self.max_offset)
            first = offset // row
            last = min(len(self.items), (offset + inner.height) // row + 1)
            self.children = [self.render_item(i, self.items[i]) for i in range(first, last)]
            for n, child in enumerate(self.children):
                top = inner.top - offset + (first + n) * row
                child.layout(d, Rect(inner.left, top, inner.right, top + row), clip)
            self.offset = offset
            return
        column = LinearLayout(orientation="vertical", children=self.children, height=WRAP)
        _, self.content_height = column.measure(d, inner.width, _UNBOUNDED)
        if self.fill_viewport and self.content_height < inner.height:
            self.content_height = inner.height  # MATCH children stretch to the page
        self.offset = min(max(self.offset, 0), self.max_offset)
        top = inner.top - self.offset
        column.layout_children(
            d, Rect(inner.left, top, inner.right, top + self.content_height), clip
        )

    def scroll_by(self, dy: int) -> bool:
        """Scroll by ``dy`` pixels (positive shows later content); True if it moved."""
        new = min(max(self.offset + dy, 0), self.max_offset)
        if new == self.offset:
            return False
        self.offset = new
        self.altered()
        if self.on_scroll is not None:
            self.on_scroll(new)
        return True


class RecyclerView(ScrollView):
    """A scrolling list (``androidx.recyclerview.widget.RecyclerView``)."""

    __slots__ = ()

    cls = "androidx.recyclerview.widget.RecyclerView"


class ListView(ScrollView):
    """A scrolling list (``android.widget.ListView``)."""

    __slots__ = ()

    cls = "android.widget.ListView"


def walk(view: View) -> Iterator[View]:
    """Every view of a tree, parents before children."""
    stack = [view]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def hit_path(root: View, x: float, y: float) -> list[View]:
    """Views under (x, y) from ``root`` down to the top-most leaf, by visible area."""
    path: list[View] = []
    node: View | None = root if root.visible.contains(x, y) else None
    while node is not None:
        path.append(node)
        children, node = node.children, None
        for child in reversed(children):
            left, top, right, bottom = child.visible  # Rect.contains, written out: hot
            if left <= x < right and top <= y < bottom:
                node = child
                break
    return path


def paint(view: View, canvas: Canvas, theme: Theme, d: Display) -> None:
    """Draw ``view`` and its subtree, each clipped to its visible area (and to the canvas's
    clip: a view outside it is not drawn at all)."""
    visible = view.visible
    if visible is EMPTY:
        return
    area = canvas.limit_area
    if area is not None and (
        visible.right <= area.left
        or visible.left >= area.right
        or visible.bottom <= area.top
        or visible.top >= area.bottom
    ):
        return  # wholly outside what is repainted: it would draw nothing
    if canvas.push_clip(visible):
        view.draw(canvas, theme, d)
        for child in view.children:
            paint(child, canvas, theme, d)
    canvas.pop_clip()
