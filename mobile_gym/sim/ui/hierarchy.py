"""The uiautomator projection of the widget tree: the ``Node`` of every view on screen.

Nodes come in the order ``uiautomator dump`` writes them (windows bottom to top, parents
before children), for the visible views that are accessibility nodes; a view that is not
one (a dialog's scrim) passes its children up to its parent. A view keeps the node made for
it while it is shown unchanged in the same place, so a screen that changed in one spot
makes one new node.
"""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.geometry import EMPTY
from mobile_gym.hierarchy import Node, readable, resource_id
from mobile_gym.sim.ui.view import View


def nodes(windows: Sequence[View]) -> tuple[Node, ...]:
    """The nodes of ``windows`` (laid out, bottom to top), in document order."""
    out: list[Node] = []
    _add(windows, 0, "", 0, out)
    return tuple(out)


def _add(views: Sequence[View], index: int, package: str, depth: int, out: list[Node]) -> int:
    """Add the nodes of ``views`` (siblings numbered from ``index``) and of what they hold;
    return the number of the next sibling."""
    for view in views:
        if view.visible is EMPTY:
            continue
        own = view.package or package
        if not view.in_hierarchy:
            index = _add(view.children, index, own, depth, out)
            continue
        out.append(node_of(view, index, own, depth))
        index += 1
        if view.children:
            _add(view.children, 0, own, depth + 1, out)
    return index


def node_of(view: View, index: int, package: str, depth: int) -> Node:
    """The node of ``view`` shown as sibling ``index`` in app ``package`` at ``depth``."""
    kept = view.node
    if (
        kept is not None
        and kept.index == index
        and kept.bounds == view.visible
        and kept.depth == depth
        and kept.package == package
    ):
        return kept
    node = Node(  # positional, in the order of the fields: much cheaper than keywords
        index,
        readable(view.display_text),
        readable(resource_id(view.id, package)),
        view.cls,
        package,
        readable(view.desc),
        view.checkable,
        view.checked,
        view.clickable,
        view.enabled,
        view.focusable,
        view.focused,
        view.scrollable,
        view.long_clickable,
        view.password,
        view.selected,
        view.visible,
        depth,
    )
    view.node = node
    return node
