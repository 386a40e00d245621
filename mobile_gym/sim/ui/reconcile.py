"""Keeping the views of the last build that a new build repeats.

A screen is a function of the app's state, built whole whenever state it read changed, but
most of what it shows usually stays: one switch flips, one row is added. ``reconcile``
walks the new tree beside the last one, position by position, and tells apart three cases:

- the new view holds the same properties as the view in its place before
  (``View.properties``: everything but its children and the handlers themselves, of which
  only whether each is set counts): the old view stays, taking the new view's handlers
  (what they do may have changed), so what the phone learned about it (size, place,
  hierarchy node, pixels) stays valid;
- it differs only in how it looks (``View.paint_properties``: a switch flipped, a colour):
  the new view takes the old one's place and layout, and only its pixels and node are new;
- it differs in anything else: it replaces the old one and is laid out anew, and so is
  every view that holds it.

The views inside are matched the same way.
"""

from __future__ import annotations

from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.view import View

SAME, PAINT, LAYOUT = 0, 1, 2
"""How much changed in a view and what it holds, least first: nothing; pixels and hierarchy
nodes only (every view keeps its size and place); sizes or places (the views that hold the
change are laid out again)."""


def reconcile(old: View | None, new: View, gone: list[Rect]) -> tuple[View, int]:
    """The view to show where ``new`` was built and ``old`` shows now: ``old`` if it holds
    what ``new`` holds, else ``new``; in both, the views inside are reconciled alike. With
    it, how much changed (``SAME``: every view shown is kept, though a recycled list among
    them may be stale, to be laid out again in place; ``LAYOUT`` for a first build). The
    areas where views that go were shown are added to ``gone``."""
    if old is None:
        return new, LAYOUT
    return _reconciled(old, new, gone)


def _reconciled(old: View, new: View, gone: list[Rect]) -> tuple[View, int]:
    """The view kept in ``new``'s place, and how much changed in it."""
    if old is new:
        return old, SAME
    own = _difference(old, new)
    if own == SAME:
        old.take_handlers(new)
        kept = old
    elif own == PAINT:
        new.take_place(old)
        kept = new
    else:
        kept = new
        if old.clip is not None:
            gone.append(old.visible)
    if new.builds_children_in_layout():
        # Its children are made as it is laid out. Kept, it keeps those it made where it
        # stands (a recycled list, whose rows the handlers it just took may make otherwise,
        # is stale: laid out again in place, as after a scroll); else it is laid out anew.
        if own == SAME:
            return kept, SAME
        if own != LAYOUT:
            kept.changed_inside()
        return kept, LAYOUT
    children, before = new.children, old.children
    if not children and not before:  # a leaf: nothing inside to match
        return kept, own
    inside = SAME
    for position, (was, child) in enumerate(
        zip(before, children, strict=False)
    ):  # lengths may differ
        children[position], change = _reconciled(was, child, gone)
        if change > inside:
            inside = change
    if len(children) != len(before):
        inside = LAYOUT
        gone.extend(extra.visible for extra in before[len(children) :] if extra.clip is not None)
    kept.children = children
    if own != LAYOUT:  # a view laid out where it stands
        if inside == LAYOUT:
            kept.changed_inside()
        elif inside == PAINT:
            kept.relaid = True  # the changed areas are taken from inside it
    return kept, own if own > inside else inside


def _difference(old: View, new: View) -> int:
    """How ``new`` differs from ``old`` in its own properties."""
    if type(old) is not type(new):
        return LAYOUT
    try:
        before, after = old.properties(), new.properties()
        if before == after:
            return SAME
        return PAINT if before[0] == after[0] else LAYOUT
    except (TypeError, ValueError):  # a property that cannot be compared: take it as changed
        return LAYOUT
