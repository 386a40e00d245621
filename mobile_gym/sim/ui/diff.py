"""What changed between two frames of the same screen.

A screen is rebuilt whenever its app's state may have changed, but most of it usually looks
the same: a switch flips, one row is added. Parts a builder names are not even built again
(``ui.parts``: the same view objects come back, and compare as the same at once). Two
comparisons of the new widget trees with the last ones, node by node in tree order, keep
what did not change:

- ``carry_over``, before layout: an unchanged subtree keeps its measurements and, placed
  where it was, its layout; a node keeps what readers derived from it (``View.cache``);
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
import operator
from collections.abc import Callable, Sequence
from typing import Any

from mobile_gym.sim.ui.geometry import EMPTY, Rect
from mobile_gym.sim.ui.view import LinearLayout, View

_DERIVED = frozenset({"bounds", "visible", "children", "content_height", "inner_height", "cache"})
"""Slots that layout fills in, that hold the children or what readers keep: not properties
of the node; neither are the private ones (``_measured``, ...)."""

MAX_AREAS = 24
"""Beyond this many changed areas the whole screen is reported changed."""


def _is_handler(name: str) -> bool:
    return name.startswith("on_") or name.startswith("render_")


@functools.cache
def _properties(cls: type) -> tuple[Callable[[Any], Any], Callable[[Any], list[bool]], bool]:
    """For nodes of ``cls``: a function reading the properties a node is drawn from (its
    slots less layout results, children and handlers), one telling which of its handlers
    are unset (only whether each is set counts: it makes the node clickable), and whether
    its instances have a ``__dict__``."""
    slots = {
        name
        for klass in cls.__mro__
        for name in klass.__dict__.get("__slots__", ())
        if name not in _DERIVED and not name.startswith("_")
    }
    names = sorted(name for name in slots if not _is_handler(name))
    handlers = sorted(name for name in slots if _is_handler(name))
    get = operator.attrgetter(*names) if names else _nothing
    # every view has on_click and on_long_click: two names or more read as a tuple
    read = operator.attrgetter(*handlers)

    def unset(view: View) -> list[bool]:
        return list(map(_is_none, read(view)))

    return get, unset, cls.__dictoffset__ != 0


_is_none = functools.partial(operator.is_, None)


def _nothing(view: View) -> tuple[()]:
    return ()


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
    cls = type(new)
    if type(old) is not cls or old._altered:
        return False
    get, unset, has_dict = _properties(cls)
    try:
        if get(old) != get(new) or unset(old) != unset(new):
            return False
        return not has_dict or _plain(old.__dict__) == _plain(new.__dict__)
    except (TypeError, ValueError):  # a property that cannot be compared: assume a change
        return False


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
    counterpart is marked ``kept`` and inherits its ``cache``; where the whole subtree is
    the same, it also inherits the measurements, so layout does not measure it again, and
    when placed where its counterpart was, its counterpart's layout (``View.lay_out_as``)."""
    if old is not None:
        _carry(old, new)


def _carry(old: View, new: View) -> bool:
    """Carry over from ``old`` to ``new``; return whether their subtrees are the same."""
    if old is new:
        return True  # a part of the screen kept from the last frame (``ui.parts``)
    if new._part:
        return False  # kept from another place of the last frame: it keeps its own layout
    if not same_properties(old, new):
        new.mark_kept(old, False, False)
        return False
    new.cache = old.cache
    same = not new.makes_children and len(old.children) == len(new.children)
    for before, after in zip(old.children, new.children, strict=False):
        if not _carry(before, after):
            same = False
    if same:
        new._measured = old._measured
        if isinstance(new, LinearLayout):
            new._sized = old._sized
        new.lay_out_as(old)
    new.mark_kept(old, True, same)
    return same


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
