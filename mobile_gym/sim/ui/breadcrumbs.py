"""Breadcrumbs: the path of a folder as a row of tappable names, the deepest one last.

File browsers show where they are this way (``Internal > Documents > Work``); tapping a
crumb goes back up to that folder. The row keeps the deepest crumbs in view: when the path
is too long for the screen, the first crumbs are dropped behind a leading ellipsis.
"""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.composites import Handler
from mobile_gym.sim.ui.view import WRAP, LinearLayout, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

Crumb = tuple[str, Handler]
"""A crumb: the folder's name and what tapping it does."""


class BreadcrumbBar(LinearLayout):
    """The row of crumbs (``HorizontalScrollView``-like); drops leading crumbs that do not fit."""

    __slots__ = ()

    cls = "android.widget.HorizontalScrollView"
    makes_children = True  # the ellipsis, when crumbs are dropped

    def layout_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        # children alternate name, separator, name, ...; drop (name, separator) pairs from
        # the front, behind an ellipsis, until the rest fits
        widths = [c.measure(d, 1 << 20, inner.height)[0] for c in self.children]
        if sum(widths) > inner.width and len(self.children) > 1:
            ellipsis = _crumb_text("\u2026", None, last=False)
            room = inner.width - ellipsis.measure(d, 1 << 20, inner.height)[0]
            start = 0
            while start < len(self.children) - 1 and sum(widths[max(start - 1, 0) :]) > room:
                start += 2
            self.children = [ellipsis, *self.children[start - 1 :]]
            self._sized = None
        super().layout_children(d, inner, clip)


def _crumb_text(name: str, handler: Handler | None, *, last: bool, id: str | None = None) -> View:
    return TextView(
        name,
        id=id,
        size=15,
        bold=last,
        color="primary" if last else "text_secondary",
        padding=(6, 10),
        on_click=handler,
        gravity="center",
    )


def breadcrumbs(
    crumbs: Sequence[Crumb], *, id: str = "breadcrumbs", item_id: str = "breadcrumb_item"
) -> BreadcrumbBar:
    """A breadcrumb row; the last crumb is the current folder, drawn in the primary colour."""
    if not crumbs:
        raise ValueError("breadcrumbs need at least one crumb")
    children: list[View] = []
    for index, (name, handler) in enumerate(crumbs):
        last = index == len(crumbs) - 1
        if index:
            children.append(ImageView("forward", size=16, margin=(2, 0), gravity="center"))
        children.append(_crumb_text(name, handler, last=last, id=item_id))
    return BreadcrumbBar(
        orientation="horizontal", id=id, height=WRAP, padding=(10, 0), children=children
    )
