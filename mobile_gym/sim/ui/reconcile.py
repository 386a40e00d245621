"""Keeping the views of the last build that a new build repeats.

A screen is a function of the app's state, built whole whenever state it read changed, but
most of what it shows usually stays: one switch flips, one row is added. ``reconcile``
walks the new tree beside the last one, position by position. Where a new view holds the
same properties as the view in its place before (``View.properties``: everything but its
children and the handlers themselves, of which only whether each is set counts), the old
view stays, taking the new view's handlers (what they do may have changed), so what the
phone learned about it (size, place, hierarchy node, pixels) stays valid. A view that
differs replaces the old one; the views inside it are matched the same way.
"""

from __future__ import annotations

from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.view import View


def reconcile(old: View | None, new: View, gone: list[Rect]) -> View:
    """The view to show where ``new`` was built and ``old`` shows now: ``old`` if it holds
    what ``new`` holds, else ``new``; in both, the views inside are reconciled alike. The
    areas where views that go were shown are added to ``gone``."""
    if old is None:
        return new
    return _reconciled(old, new, gone)[0]


def _reconciled(old: View, new: View, gone: list[Rect]) -> tuple[View, bool]:
    """The view kept in ``new``'s place, and whether anything in it changed."""
    if old is new:
        return old, False
    same = type(old) is type(new) and _same_properties(old, new)
    if same:
        old.take_handlers(new)
        kept = old
    else:
        kept = new
        if old.clip is not None:
            gone.append(old.visible)
    changed = not same
    if new.builds_children_in_layout():
        # its children are made as it is laid out, by handlers it just took: lay it out again
        if same:
            old.changed_inside()
        return kept, True
    children: list[View] = []
    for position, child in enumerate(new.children):
        if position < len(old.children):
            child, child_changed = _reconciled(old.children[position], child, gone)
            changed |= child_changed
        else:
            changed = True
        children.append(child)
    for extra in old.children[len(new.children) :]:
        changed = True
        if extra.clip is not None:
            gone.append(extra.visible)
    kept.children = children
    if same and changed:
        old.changed_inside()
    return kept, changed


def _same_properties(old: View, new: View) -> bool:
    try:
        return bool(old.properties() == new.properties())
    except (TypeError, ValueError):  # a property that cannot be compared: take it as changed
        return False
