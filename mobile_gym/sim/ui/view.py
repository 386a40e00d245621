"""The retained widget tree: the base ``View`` and the layout containers.

A screen is built as a tree of views whose sizes are given in dp (``MATCH``, ``WRAP`` or a
number). ``layout`` gives every view its pixel ``bounds`` and its ``visible`` part (bounds
clipped by the views that hold it). Both projections of a screen read exactly these
rectangles: the renderer paints inside them and the hierarchy dump prints them.

A view's properties are set when it is built and never change afterwards; what the phone
learns about a view (its size, its place, its hierarchy node) is kept on it. When a screen
is built again, views equal to the last build's are kept in their place
(``mobile_gym.sim.ui.reconcile``), so all of that stays valid for them: a view is measured
and laid out again only when it is new, when its children changed, or when it moves.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Sequence
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.hierarchy import Node
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import Color, Theme

MATCH = -1
"""Size spec: as large as the parent allows (Android's ``match_parent``)."""
WRAP = -2
"""Size spec: just large enough for the content (Android's ``wrap_content``)."""
UNBOUNDED = 1 << 24
"""The room along an axis with no limit (a scrolling column's height)."""

Paint = str | Color | None
"""A colour: a theme role name such as ``"surface"``, an RGB tuple, or None (transparent)."""
Spacing = int | tuple[int, int] | tuple[int, int, int, int]
Handler = Callable[[], None]

_ENGINE_FIELDS = (
    "bounds",
    "visible",
    "clip",
    "shown",
    "shown_bounds",
    "relaid",
    "needs_layout",
    "measured",
    "node",
    "own",
)
"""What the phone keeps on a view about it (not properties of the view)."""


def resolve_color(theme: Theme, paint: Paint) -> Color | None:
    """A concrete RGB colour for ``paint`` under ``theme``."""
    if paint is None or isinstance(paint, tuple):
        return paint
    return getattr(theme, paint)


def _spacing_px(key: tuple[float, Spacing]) -> tuple[int, int, int, int]:
    density, value = key
    if isinstance(value, int):
        p = round(value * density)
        return (p, p, p, p)
    if len(value) == 2:
        h, v = round(value[0] * density), round(value[1] * density)
        return (h, v, h, v)
    return tuple(round(side * density) for side in value)  # type: ignore[return-value]


_SPACINGS: FIFOCache[tuple[float, Spacing], tuple[int, int, int, int]] = FIFOCache(512)
"""Padding and margin values in pixels, by density and value (screens use few of them)."""


_NO_SPACE = (0, 0, 0, 0)


def spacing(d: Display, value: Spacing) -> tuple[int, int, int, int]:
    """Padding or margin in pixels as (left, top, right, bottom)."""
    if value == 0:
        return _NO_SPACE  # most views have none
    return _SPACINGS.get((d.density, value), _spacing_px)


class View:
    """A node of the widget tree (``android.view.View``).

    Args:
        id: resource id name; dumped as ``package:id/name`` (a name holding ``:`` is kept;
            ``#name``, a web page element's HTML id, is dumped bare as ``name``).
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
        "background",
        "blocks_touch",
        "bounds",
        "children",
        "clip",
        "desc",
        "enabled",
        "gravity",
        "height",
        "id",
        "margin",
        "measured",
        "needs_layout",
        "node",
        "on_click",
        "on_long_click",
        "own",
        "package",
        "padding",
        "radius",
        "relaid",
        "selected",
        "shown",
        "shown_bounds",
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
    handlers: ClassVar[tuple[str, ...]] = ("on_click", "on_long_click")
    """The attributes holding handlers: only whether each is set counts as a property."""
    paint_properties: ClassVar[frozenset[str]] = frozenset(
        {"background", "radius", "enabled", "selected", "color", "is_checked", "tint", "circle"}
    )
    """The properties that change only how it looks, never its size or its children's
    places: a view built again that differs from the last build in these alone takes the
    last one's place and layout (``ui.reconcile``), and only its pixels and node are new."""
    read_properties: ClassVar[Callable[[View], tuple]]
    """Reads all of a view's own properties (``__init_subclass__`` makes it per class)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        super().__init_subclass__(**kwargs)
        cls.read_properties = staticmethod(_properties_of(cls))

    def properties(self) -> tuple:
        """All its own properties as one tuple: every slot but the children, what the phone
        keeps about it and the handlers, of which only whether each is set counts. The
        first item holds those that bear on layout (all but ``paint_properties``). Read
        once: a view's properties never change once it is built."""
        own = self.own
        if own is None:
            own = self.own = self.read_properties(self)
        return own

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
        """Where it was laid out, in screen pixels."""
        self.visible = EMPTY
        """The part of ``bounds`` inside the views that hold it: where it shows."""
        self.clip: Rect | None = None
        """The area it was laid out to show in; None before its first layout."""
        self.shown: Rect | None = None
        """Where it showed when the screen's changed areas were last taken (``Screen``)."""
        self.shown_bounds: Rect | None = None
        """Its ``bounds`` then: a view taller than its viewport moves inside the same
        ``shown`` area when it scrolls."""
        self.relaid = False
        """Laid out since the changed areas were last taken."""
        self.needs_layout = True
        """Its size or its children's places may have changed since it was laid out."""
        self.measured: tuple[int, int, int, int] | None = None
        """The last measurement: the room it was given and the size it took there."""
        self.node: Node | None = None
        """Its hierarchy node as last made (``ui.hierarchy``)."""
        self.own: tuple | None = None
        """Its own properties as one tuple (``properties``), once read."""

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

    def click(self) -> None:
        """What a tap on it does (its ``on_click``; controls do what they do)."""
        if self.on_click is not None:
            self.on_click()

    def take_handlers(self, other: View) -> None:
        """Take ``other``'s handlers: ``other`` is this view built again (equal but for the
        handlers themselves, so the same ones are set), and what they do may have changed."""
        for name in self.handlers:
            setattr(self, name, getattr(other, name))

    # layout -----------------------------------------------------------------------------
    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        """Size of the content inside the padding, given the room available."""
        return 0, 0

    def content_keeps_height(self) -> bool:
        """Whether the content's size, found in a room of no limit on its height, is the
        same in any room of the same width at least that tall: true unless
        ``content_size`` uses its ``max_h`` (override the two together)."""
        return True

    def keeps_height(self) -> bool:
        """Whether it measures the same in any room at least as tall as the height it
        takes where its height has no limit: its height is its own (``WRAP`` or a number,
        not ``MATCH`` or a share of a weight) and so is its content's."""
        spec = self.height
        return spec != MATCH and not (spec == 0 and self.weight) and self.content_keeps_height()

    def measure(self, d: Display, avail_w: int, avail_h: int) -> tuple[int, int]:
        """Outer size (without margins) this view takes in ``avail_w`` x ``avail_h``.

        ``MATCH`` takes what is available (the content's size along an axis with no limit),
        ``WRAP`` the content's size, a number that many dp; never more than is available. A
        size of 0 with a ``weight`` is the share of a linear layout's room the parent
        measures it in, as Android's ``0dp`` with a ``layout_weight``.
        The result is kept for the same room (layout asks more than once).
        """
        measured = self.measured
        if measured is not None and measured[0] == avail_w and measured[1] == avail_h:
            return measured[2], measured[3]
        spec = self.width
        if spec == MATCH or (spec == 0 and self.weight):  # 0 with a weight: its share
            w = avail_w if avail_w < UNBOUNDED // 2 else None
        else:
            w = None if spec == WRAP else min(d.dp(spec), avail_w)
        spec = self.height
        if spec == MATCH or (spec == 0 and self.weight):
            h = avail_h if avail_h < UNBOUNDED // 2 else None
        else:
            h = None if spec == WRAP else min(d.dp(spec), avail_h)
        if w is None or h is None:
            left, top, right, bottom = spacing(d, self.padding)
            inner_w = (avail_w if w is None else w) - left - right
            inner_h = (avail_h if h is None else h) - top - bottom
            content_w, content_h = self.content_size(d, max(inner_w, 0), max(inner_h, 0))
            if w is None:
                w = min(content_w + left + right, avail_w)
            if h is None:
                h = min(content_h + top + bottom, avail_h)
        self.measured = (avail_w, avail_h, w, h)
        return w, h

    def layout(self, d: Display, rect: Rect, clip: Rect) -> None:
        """Place this view at ``rect``; ``clip`` is the part of the screen it may show in.

        A view already laid out there, whose size and children have not changed since,
        is left as it is, and so is everything inside it. A view that shows nowhere (wholly
        clipped, or of no size) takes its place, but what it holds is placed only once it
        shows: nothing inside it would show, and the places of the views inside it are
        not kept up to date until then."""
        if not self.needs_layout and rect == self.bounds and clip == self.clip:
            return
        self.bounds, self.clip = rect, clip
        if (
            clip.left <= rect.left
            and clip.top <= rect.top
            and rect.right <= clip.right
            and (rect.bottom <= clip.bottom)
        ):
            self.visible = rect if not rect.empty else EMPTY  # wholly shown
        else:
            visible = rect.intersect(clip)
            self.visible = EMPTY if visible.empty else visible
        self.relaid = True
        if self.visible is EMPTY:
            self.needs_layout = True  # its children are placed when it is laid out to show
            return
        self.needs_layout = False
        self.lay_out_children(d, rect.inset(*spacing(d, self.padding)), self.visible)

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        """Place the children inside ``inner`` (the bounds less padding)."""
        for child in self.children:
            child.layout(d, inner, clip)

    def builds_children_in_layout(self) -> bool:
        """Whether its children are made as it is laid out (a recycled list makes the rows
        in view): a new build then brings no children to match with the last one's."""
        return False

    def changed_inside(self) -> None:
        """Its children changed (``ui.reconcile``): measure and lay it out again."""
        self.measured = None
        self.needs_layout = True

    def take_place(self, old: View) -> None:
        """Stand where ``old`` stands, laid out as it is: this view is ``old`` built again
        with other ``paint_properties`` only (``ui.reconcile``). Its pixels are new."""
        self.bounds, self.visible, self.clip = old.bounds, old.visible, old.clip
        self.measured, self.needs_layout = old.measured, old.needs_layout
        self.relaid = True

    # drawing ----------------------------------------------------------------------------
    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        """Paint this view (not its children) inside ``self.bounds``."""
        color = resolve_color(theme, self.background)
        if color is not None:
            canvas.rect(self.bounds, color, d.dp(self.radius))

    def inner(self, d: Display) -> Rect:
        """The bounds less the padding: where the content goes."""
        return self.bounds.inset(*spacing(d, self.padding))

    def __repr__(self) -> str:
        label = self.id or self.text or self.desc
        return f"<{type(self).__name__} {label!r} {self.bounds.bounds_string()}>"


def _properties_of(cls: type[View]) -> Callable[[View], tuple]:
    """The reader of all of a view class's own properties as one tuple: every slot but the
    children, what the phone keeps about the view, and the handlers, of which only
    whether each is set counts."""
    names = {
        name
        for klass in cls.__mro__
        for name in getattr(klass, "__slots__", ())
        if name not in _ENGINE_FIELDS
        and name not in cls.handlers
        and name not in ("children", "__weakref__")
        and not name.startswith("_")
    }
    layout = _values_of(names - cls.paint_properties)
    paint = _values_of(names & cls.paint_properties)
    handlers = _handlers_of(cls)
    unset = (None,) * len(cls.handlers)

    def properties(view: View) -> tuple:
        return (layout(view), paint(view), tuple(map(operator.is_, handlers(view), unset)))

    return properties


def _handlers_of(cls: type[View]) -> Callable[[View], tuple]:
    """The reader of a view class's handlers, as a tuple in the order of ``handlers``."""
    names = cls.handlers
    if len(names) > 1:
        return operator.attrgetter(*names)
    return lambda view: tuple(getattr(view, name) for name in names)


def _values_of(names: set[str]) -> Callable[[View], object]:
    """The reader of a view's ``names`` attributes (a tuple of their values for two or more)."""
    if not names:
        return lambda view: ()
    return operator.attrgetter(*sorted(names))


View.read_properties = staticmethod(_properties_of(View))


def aligned(gravity: str, start: int, room: int, size: int, end_word: str) -> int:
    """Where a view ``size`` long starts in ``room`` from ``start`` along one axis, by its
    ``gravity``: centred, at the end (``end`` or ``end_word``: ``bottom`` down a column),
    else at the start."""
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
        super().__init__(**kwargs)
        self.vertical = orientation == "vertical"
        self.arrange = arrange
        self._sized: tuple[tuple, list] | None = None
        """The children's sizes last found, with the room they depend on."""

    def changed_inside(self) -> None:
        super().changed_inside()
        self._sized = None

    def _weights(self) -> list[float]:
        vertical = self.vertical
        return [
            child.weight or (1.0 if (child.height if vertical else child.width) == MATCH else 0.0)
            for child in self.children
        ]

    def _sizes(
        self, d: Display, inner_w: int, inner_h: int
    ) -> list[tuple[int, int, tuple[int, int, int, int]]]:
        """Each child's (w, h, margins), leftover space shared by weight. Children without
        weight are measured with no limit along the axis (what does not fit is clipped), so
        without weights the sizes depend on the room across the axis alone: they are kept
        for that room (measuring a layout and then laying it out ask for the same ones),
        and a row's for any room as tall as its tallest child where their heights are
        their own (``_tall_enough``)."""
        vertical = self.vertical
        weights = self._weights()
        total_weight = sum(weights)
        if total_weight:
            room = (inner_w, inner_h)
        else:
            room = (inner_w, None) if vertical else (None, inner_h)
        sized = self._sized
        if sized is not None and (sized[0] == room or self._tall_enough(sized, room)):
            return sized[1]
        out = []
        used = 0
        for child, weight in zip(self.children, weights, strict=True):
            m = spacing(d, child.margin)
            cross = max((inner_w - m[0] - m[2]) if vertical else (inner_h - m[1] - m[3]), 0)
            used += (m[1] + m[3]) if vertical else (m[0] + m[2])
            if weight:
                out.append((0, 0, m))
                continue
            w, h = (
                child.measure(d, cross, UNBOUNDED)
                if vertical
                else child.measure(d, UNBOUNDED, cross)
            )
            used += h if vertical else w
            out.append((w, h, m))
        self._sized = (room, out)
        if not total_weight:
            return out
        room = max((inner_h if vertical else inner_w) - used, 0)
        left = room
        for i, (child, weight) in enumerate(zip(self.children, weights, strict=True)):
            if not weight:
                continue
            m = out[i][2]
            cross = max((inner_w - m[0] - m[2]) if vertical else (inner_h - m[1] - m[3]), 0)
            if room >= UNBOUNDED // 2:  # no limit: weighted children take their natural size
                w, h = (
                    child.measure(d, cross, UNBOUNDED)
                    if vertical
                    else child.measure(d, UNBOUNDED, cross)
                )
            else:
                share = min(round(room * weight / total_weight), left)
                left -= share
                if vertical:
                    w, h = child.measure(d, cross, share)[0], share
                else:
                    w, h = share, child.measure(d, share, cross)[1]
            out[i] = (w, h, m)
        return out

    def _tall_enough(self, sized: tuple[tuple, list], room: tuple) -> bool:
        """Whether the children's sizes in ``sized``, found for a row with no limit on its
        height, are theirs in ``room`` too: a room as wide and at least as tall as the
        tallest child, and each child's height its own (``keeps_height``). So a row
        measured where its height has no limit (in a column, in a list) is laid out at its
        height without measuring its children again; one holding a child that fills its
        height sizes them again (Android measures such a child again at the row's height)."""
        if self.vertical:
            return False
        (measured_w, measured_h), (room_w, room_h) = sized[0], room
        if measured_w != room_w or measured_h < UNBOUNDED // 2:
            return False  # measured in a limited height: what that cut short may grow
        tallest = max((h + m[1] + m[3] for _, h, m in sized[1]), default=0)
        return room_h >= tallest and self.content_keeps_height()

    def content_keeps_height(self) -> bool:
        """Down a column the children take their own heights unless some share its room
        (a weight, or ``MATCH`` along it); across a row each child's height must be its
        own."""
        if self.vertical:
            return not any(self._weights())
        return all(child.keeps_height() for child in self.children)

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

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        left, top, right, bottom = inner
        sizes = self._sizes(d, right - left, bottom - top)
        if self.vertical:
            y = top
            if self.arrange != "start":
                total = sum(h + m[1] + m[3] for _, h, m in sizes)
                y = aligned(self.arrange, top, bottom - top, total, "bottom")
            for child, (w, h, (ml, mt, mr, mb)) in zip(self.children, sizes, strict=True):
                x = aligned(child.gravity, left + ml, right - left - ml - mr, w, "end")
                y += mt
                child.layout(d, Rect(x, y, x + w, y + h), clip)
                y += h + mb
        else:
            x = left
            if self.arrange != "start":
                total = sum(w + m[0] + m[2] for w, _, m in sizes)
                x = aligned(self.arrange, left, right - left, total, "end")
            for child, (w, h, (ml, mt, mr, mb)) in zip(self.children, sizes, strict=True):
                y = aligned(child.gravity, top + mt, bottom - top - mt - mb, h, "bottom")
                x += ml
                child.layout(d, Rect(x, y, x + w, y + h), clip)
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
    return LinearLayout(children=children, **kwargs)


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
            m = spacing(d, child.margin)
            cw, ch = child.measure(d, max(max_w - m[0] - m[2], 0), max(max_h - m[1] - m[3], 0))
            w, h = max(w, cw + m[0] + m[2]), max(h, ch + m[1] + m[3])
        return w, h

    def content_keeps_height(self) -> bool:
        return all(child.keeps_height() for child in self.children)

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        for child in self.children:
            m = spacing(d, child.margin)
            room_w, room_h = inner.width - m[0] - m[2], inner.height - m[1] - m[3]
            w, h = child.measure(d, max(room_w, 0), max(room_h, 0))
            horizontal, vertical = _frame_gravity(child.gravity)
            x = aligned(horizontal, inner.left + m[0], room_w, w, "end")
            y = aligned(vertical, inner.top + m[1], room_h, h, "bottom")
            child.layout(d, Rect(x, y, x + w, y + h), clip)


def walk(view: View) -> Iterator[View]:
    """Every view of a tree, parents before children."""
    stack = [view]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(node.children))


def hit_path(root: View, x: float, y: float) -> list[View]:
    """The views a touch at (x, y) reaches, from ``root`` down, as Android dispatches it:
    the children under the point are offered it top-most first, and a child takes it when
    a view in its subtree handles touch (``handles_touch``) or scrolls; a child that does
    neither lets it through to the children under it (a plain label or card over a map
    passes a tap to the map). The path ends at the deepest view that took it; where none
    did, it is the views under the point down to the top-most leaf."""
    if not root.visible.contains(x, y):
        return []
    return _taking_path(root, x, y) or _top_path(root, x, y)


def _taking_path(view: View, x: float, y: float) -> list[View] | None:
    """The path from ``view`` to the deepest view under (x, y) that takes a touch, trying
    the children top-most first (``view`` holds the point); None if none takes it."""
    for child in reversed(view.children):
        if child.visible.contains(x, y):
            below = _taking_path(child, x, y)
            if below is not None:
                return [view, *below]
    return [view] if view.handles_touch or view.scrollable else None


def _top_path(root: View, x: float, y: float) -> list[View]:
    """The views under (x, y) from ``root`` (which holds it) to the top-most leaf."""
    path: list[View] = []
    node: View | None = root
    while node is not None:
        path.append(node)
        node = next((c for c in reversed(node.children) if c.visible.contains(x, y)), None)
    return path


def paint(view: View, canvas: Canvas, theme: Theme, d: Display) -> None:
    """Draw ``view`` and its subtree, each clipped to its visible area (and to the canvas's
    limit: a view wholly outside it is not drawn at all)."""
    visible = view.visible
    if visible is EMPTY:
        return
    area = canvas.limit_area
    if area is not None and not visible.overlaps(area):
        return  # wholly outside what is repainted: it would draw nothing
    if canvas.push_clip(visible):
        view.draw(canvas, theme, d)
        for child in view.children:
            paint(child, canvas, theme, d)
    canvas.pop_clip()
