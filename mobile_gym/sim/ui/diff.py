"""What changed between two frames of the same screen.

A screen is rebuilt whenever its app's state may have changed, but most of it usually looks
the same: a switch flips, one row is added. Parts a builder names are not even built again
(``ui.parts``: the same view objects come back, and compare as the same at once). Two
comparisons of the new widget trees with the last ones, node by node in tree order, keep
what did not change:

- ``carry_over``, before layout: a subtree laid out as before (unchanged, or changed only
  in paint-only properties such as a switch's state) keeps its measurements and, placed
  where it was, its layout; an unchanged node keeps what readers derived from it
  (``View.cache``);
- ``changed_areas``, after layout: the screen areas whose pixels may differ, so that a
  screenshot repaints only those (``mobile_gym.sim.frames``).

Two nodes are the same when they are of one class and hold equal properties (everything
but their layout results, their children and the handlers themselves: only whether each
handler is set counts), and the old one was not changed in place after it was drawn
(``View.altered``); for pixels they must also have the same bounds. A node that differs is
repainted whole, children included.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

from mobile_gym.geometry import EMPTY, Rect
from mobile_gym.sim.ui.view import View

_DERIVED = frozenset({"bounds", "visible", "children", "content_height", "inner_height", "cache"})
"""Slots that layout fills in, that hold the children or what readers keep: not properties
of the node; neither are the private ones (``_measured``, ...)."""

MAX_AREAS = 24
"""Beyond this many changed areas the whole screen is reported changed."""


def _is_handler(name: str) -> bool:
    return name.startswith("on_") or name.startswith("render_")


@functools.cache
def _signer(cls: type) -> Callable[[View], tuple]:
    """For nodes of ``cls``: a function reading a node's signature, what it is drawn from
    (its slots less layout results, children and handlers): the properties that count for
    layout, the paint-only ones (``View.paint_only``), which handlers are unset (only
    whether each is set counts: it makes the node clickable), and the attributes of its
    ``__dict__`` if it has one (as counting for layout)."""
    slots = {
        name
        for klass in cls.__mro__
        for name in klass.__dict__.get("__slots__", ())
        if name not in _DERIVED and not name.startswith("_")
    }
    names = sorted(name for name in slots if not _is_handler(name))
    handlers = sorted(name for name in slots if _is_handler(name))
    layout = "".join(f"view.{name}, " for name in names if name not in cls.paint_only)
    paint = "".join(f"view.{name}, " for name in names if name in cls.paint_only)
    unset = "".join(f"view.{name} is None, " for name in handlers)
    extra = "_plain(view.__dict__)" if cls.__dictoffset__ != 0 else "None"
    # written out as plain attribute reads: several times faster than attrgetters
    source = f"def sign(view):\n    return (({layout}), ({paint}), ({unset}), {extra})\n"
    namespace: dict[str, Any] = {"_plain": _plain}
    exec(source, namespace)  # the names are the class's slot names, nothing else
    return namespace["sign"]


def _signature(view: View) -> tuple:
    """The view's signature (``_signer``), read once: a view's properties are set when its
    frame is built, and one changed in place later is marked ``altered``."""
    signature = view._signature
    if signature is None:
        signature = view._signature = _signer(type(view))(view)
    return signature


def _plain(attributes: dict[str, Any]) -> dict[str, Any]:
    return {k: (v is None) if _is_handler(k) or callable(v) else v for k, v in attributes.items()}


def same_node(old: View, new: View) -> bool:
    """Whether ``new`` draws as ``old`` by itself (children aside): one class, equal
    properties, the same bounds and visible part, and ``old`` not changed in place."""
    if old.bounds != new.bounds or old.visible != new.visible:
        return False
    kept = new.kept_from(old)
    return same_properties(old, new) if kept is None else kept


def same_properties(old: View, new: View) -> bool:
    """Whether ``new`` holds what ``old`` holds by itself (children, layout and the
    handlers themselves aside), ``old`` not changed in place since it was laid out."""
    return _compare_properties(old, new) == _SAME


_DIFFERENT, _SAME_LAYOUT, _SAME = 0, 1, 2
"""How two nodes (or subtrees) compare: different; laid out the same (only paint-only
properties differ, ``View.paint_only``); the same."""


def _compare_properties(old: View, new: View) -> int:
    """How ``new`` compares with ``old`` by itself (``_DIFFERENT``, ``_SAME_LAYOUT`` or
    ``_SAME``); a node changed in place since it was laid out is different."""
    if type(old) is not type(new) or old._altered:
        return _DIFFERENT
    before, after = old._signature or _signature(old), new._signature or _signature(new)
    try:
        if before[0] != after[0] or before[3] != after[3]:
            return _DIFFERENT
        if before[1] != after[1] or before[2] != after[2]:
            return _SAME_LAYOUT
    except (TypeError, ValueError):  # a property that cannot be compared: assume a change
        return _DIFFERENT
    return _SAME


def same_subtree(old: View, new: View) -> bool:
    """Whether ``new`` and its subtree hold what ``old`` and its subtree hold, node by node
    (``same_properties``; layout aside, and the children a view makes as it is laid out)."""
    if new.makes_children:
        return same_properties(old, new)
    return (
        same_properties(old, new)
        and len(old.children) == len(new.children)
        and all(map(same_subtree, old.children, new.children))
    )


def carry_over(old: View | None, new: View) -> None:
    """Before ``new`` is laid out, compare it with ``old``, the tree at its place in the
    last frame, node by node in tree order. A node holding the same properties as its
    counterpart is marked ``kept`` and inherits its ``cache``. Where the whole subtree holds
    the same properties but for paint-only ones (``View.paint_only``: a switch flipped, a
    colour changed), it inherits the measurements, so layout does not measure it again, and
    when placed where its counterpart was, its counterpart's layout (``View.carry_from``)."""
    if old is not None:
        _carry(old, new)


def _carry(old: View, new: View) -> int:
    """Carry over from ``old`` to ``new``; return how their subtrees compare (``_SAME``,
    ``_SAME_LAYOUT`` or ``_DIFFERENT``)."""
    if old is new:
        return _SAME  # a part of the screen kept from the last frame (``ui.parts``)
    if new._part:
        return _DIFFERENT  # kept from another place of the last frame: it keeps its layout
    node = _compare_properties(old, new)
    if node == _DIFFERENT:
        new.carry_from(old, False, False, False)
        return _DIFFERENT
    if node == _SAME:
        new.cache = old.cache
    subtree = (
        node if not new.makes_children and len(old.children) == len(new.children) else _DIFFERENT
    )
    for before, after in zip(old.children, new.children, strict=False):
        if before is not after:  # else a part kept from the last frame: the same
            child = _carry(before, after)
            if child < subtree:
                subtree = child
    new.carry_from(old, node == _SAME, subtree == _SAME, subtree != _DIFFERENT)
    return subtree


def changed_areas(old: Sequence[View], new: Sequence[View]) -> list[Rect] | None:
    """The screen areas where windows ``new`` may draw differently from windows ``old``
    (both laid out, bottom to top); None when too much changed to list."""
    areas: list[Rect] = []
    _compare_children(old, new, areas)
    return None if len(areas) > MAX_AREAS else areas


def _compare(old: View, new: View, areas: list[Rect]) -> None:
    if old is new:
        return
    if not same_node(old, new):
        _add(areas, old.visible)
        _add(areas, new.visible)
        return
    if new.kept_from(old, subtree=True):
        return  # the same subtree in the same place is laid out and drawn the same
    _compare_children(old.children, new.children, areas)


def _compare_children(old: Sequence[View], new: Sequence[View], areas: list[Rect]) -> None:
    for before, after in zip(old, new, strict=False):
        _compare(before, after, areas)
        if len(areas) > MAX_AREAS:
            return
    for gone in old[len(new) :]:
        _add(areas, gone.visible)
    for added in new[len(old) :]:
        _add(areas, added.visible)


def _add(areas: list[Rect], area: Rect) -> None:
    if area is not EMPTY and not area.empty:
        areas.append(area)


def bounding(areas: Sequence[Rect]) -> Rect:
    """The smallest rectangle holding every one of ``areas`` (``EMPTY`` for none)."""
    if not areas:
        return EMPTY
    return Rect(
        min(a.left for a in areas),
        min(a.top for a in areas),
        max(a.right for a in areas),
        max(a.bottom for a in areas),
    )
