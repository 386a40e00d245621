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
    """The row of crumbs (``HorizontalScrollView``-like). Its first child is an ellipsis,
    shown only when leading crumbs do not fit and are left out."""

    __slots__ = ()
    cls = "android.widget.HorizontalScrollView"

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        # children: the ellipsis, then name, separator, name, ...; leave out (name,
        # separator) pairs from the front until the rest fits behind the ellipsis
        ellipsis, *crumbs = self.children
        widths = [c.measure(d, 1 << 20, inner.height)[0] for c in crumbs]
        start = 0
        if sum(widths) > inner.width and len(crumbs) > 1:
            room = inner.width - ellipsis.measure(d, 1 << 20, inner.height)[0]
            start = 1
            while start < len(crumbs) - 2 and sum(widths[start:]) > room:
                start += 2
        shown = crumbs[start:] if not start else [ellipsis, *crumbs[start:]]
        hidden = [ellipsis, *crumbs[:start]] if not start else crumbs[:start]
        nowhere = Rect(inner.left, inner.top, inner.left, inner.top)
        for view in hidden:
            view.layout(d, nowhere, clip)  # laid out with no size: not shown
        row = LinearLayout(orientation="horizontal", children=shown, height=self.height)
        row.lay_out_children(d, inner, clip)


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
    children: list[View] = [_crumb_text("\u2026", None, last=False)]
    for index, (name, handler) in enumerate(crumbs):
        last = index == len(crumbs) - 1
        if index:
            children.append(ImageView("forward", size=16, margin=(2, 0), gravity="center"))
        children.append(_crumb_text(name, handler, last=last, id=item_id))
    return BreadcrumbBar(
        orientation="horizontal", id=id, height=WRAP, padding=(10, 0), children=children
    )
