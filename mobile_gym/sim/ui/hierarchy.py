"""The uiautomator projection of a widget tree: the XML that ``uiautomator dump`` writes.

Two forms of the same projection: ``dump`` writes the XML; ``nodes`` walks the same nodes in
the same (document) order as lazy ``NodeRecord``s whose attributes are computed only when
read, for signals that test a few attributes and need no XML (``mobile_gym.tasks.xpath_fast``).
Both take each attribute from the functions below, so the two cannot disagree.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection

from mobile_gym.geometry import EMPTY
from mobile_gym.sim.ui.view import View

XML_HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"

_ESCAPES = {c: None for c in range(32)}
_ESCAPES.update(
    str.maketrans(
        {
            "&": "&amp;",
            "<": "&lt;",
            ">": "&gt;",
            '"': "&quot;",
            "\n": "&#10;",
            "\r": "&#13;",
            "\t": "&#9;",
        }
    )
)
_NEEDS_ESCAPE = re.compile(r'[&<>"\x00-\x1f]')

_DROPPED = {c: None for c in range(32) if chr(c) not in "\t\n\r"}
_HAS_DROPPED = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f]")


def _attr(value: str) -> str:
    """``value`` escaped for an XML attribute; other control characters are dropped."""
    if not value or _NEEDS_ESCAPE.search(value) is None:
        return value
    return value.translate(_ESCAPES)


def _parsed(value: str) -> str:
    """``value`` as an XML parser reads it back from ``_attr(value)`` (unescaped)."""
    if not value or value.isprintable() or _HAS_DROPPED.search(value) is None:
        return value
    return value.translate(_DROPPED)


# The attributes of a node (``view`` as sibling number ``index`` in app ``package``), shared
# by ``dump`` and ``NodeRecord``. Each returns the raw value (``dump`` escapes it).
def _naf(clickable: bool, text: str, desc: str) -> bool:
    """Whether uiautomator marks the node ``NAF="true"`` (clickable but unlabelled)."""
    return clickable and not text and not desc


def _resource_id(view_id: str | None, package: str) -> str:
    """``package:id/name`` for an id ``name``; an id holding ``:`` is kept as it is."""
    if not view_id:
        return ""
    return view_id if ":" in view_id else f"{package}:id/{view_id}"


def _flag(value: bool) -> str:
    return "true" if value else "false"


NodeRecord = tuple[View, int, str]
"""One ``<node>`` of the dump as ``(view, sibling index, package)``: what its attributes are
computed from, when read (``NODE_ATTRIBUTES``)."""


def _naf_attr(node: NodeRecord) -> str | None:
    view = node[0]
    return "true" if _naf(view.clickable, view.display_text, view.desc) else None


def _bounds_attr(node: NodeRecord) -> str:
    left, top, right, bottom = node[0].visible
    return f"[{left},{top}][{right},{bottom}]"


NODE_ATTRIBUTES: dict[str, Callable[[NodeRecord], str | None]] = {
    "NAF": _naf_attr,
    "index": lambda n: str(n[1]),
    "text": lambda n: _parsed(n[0].display_text),
    "resource-id": lambda n: _parsed(_resource_id(n[0].id, n[2])),
    "class": lambda n: n[0].cls,
    "package": lambda n: n[2],
    "content-desc": lambda n: _parsed(n[0].desc),
    "checkable": lambda n: _flag(n[0].checkable),
    "checked": lambda n: _flag(n[0].checked),
    "clickable": lambda n: _flag(n[0].clickable),
    "enabled": lambda n: _flag(n[0].enabled),
    "focusable": lambda n: _flag(n[0].focusable),
    "focused": lambda n: _flag(n[0].focused),
    "scrollable": lambda n: _flag(n[0].scrollable),
    "long-clickable": lambda n: _flag(n[0].long_clickable),
    "password": lambda n: _flag(n[0].password),
    "selected": lambda n: _flag(n[0].selected),
    "bounds": _bounds_attr,
}
"""Each attribute of a dumped ``<node>`` by name: a function from the node's record to the
value an XML parser reads from the dump (unescaped), or None where the node has none."""


def node_fields(node: NodeRecord, make: Callable[[tuple], tuple] = tuple) -> tuple:
    """The values of the attributes agents act on, typed, in the order of
    ``mobile_gym.device.base.NodeFields``: enabled, class, clickable, long-clickable,
    checkable, scrollable, text, content-desc, bounds (the visible ``Rect``), resource-id,
    checked, focused; each as ``NODE_ATTRIBUTES`` reads it, before it is written as a string.
    ``make`` builds the result from the plain tuple (``NodeFields._make``, say). The result
    is kept in the view's ``cache`` for the node that replaces it in the next frame (and
    the same object comes back while it fits)."""
    return fields_made(make, node)


def fields_made(make: Callable[[tuple], tuple], node: NodeRecord) -> tuple:
    """``node_fields(node, make)``, ``make`` first: ``functools.partial(fields_made, make)``
    reads many nodes faster than a partial with a keyword."""
    view = node[0]
    key = (node[1], node[2], view.visible, make)
    cached = view.cache  # the same node of the last frame read them: still the same?
    if cached is not None and cached[0] == key:
        return cached[1]
    package = node[2]
    fields = make(
        (
            view.enabled,
            view.cls,
            view.clickable,
            view.long_clickable,
            view.checkable,
            view.scrollable,
            _parsed(view.display_text),
            _parsed(view.desc),
            key[2],
            _parsed(_resource_id(view.id, package)),
            view.checked,
            view.focused,
        )
    )
    view.cache = (key, fields)
    return fields


def _absent(node: NodeRecord) -> None:
    return None


def node_attribute(name: str) -> Callable[[NodeRecord], str | None]:
    """The reader of attribute ``name`` of a ``NodeRecord`` (None for an attribute that no
    node has)."""
    return NODE_ATTRIBUTES.get(name, _absent)


# the XML ----------------------------------------------------------------------------------------
def _emit_children(children: list[View], index: int, package: str, out: list[str]) -> int:
    for child in children:
        if child.visible is not EMPTY:
            index = _emit(child, index, package, out)
    return index


def _emit(view: View, index: int, package: str, out: list[str]) -> int:
    """Write ``view`` as sibling number ``index``; return the next sibling's number.

    A view that is not an accessibility node (a dialog's scrim) passes its children up.
    """
    package = view.package or package
    if not view.in_hierarchy:
        return _emit_children(view.children, index, package, out)
    text = view.display_text
    clickable = view.clickable
    desc = view.desc
    naf = ' NAF="true"' if _naf(clickable, text, desc) else ""
    left, top, right, bottom = view.visible
    t, f = "true", "false"
    out.append(
        f'<node{naf} index="{index}" text="{_attr(text)}" '
        f'resource-id="{_attr(_resource_id(view.id, package))}" '
        f'class="{view.cls}" package="{package}" content-desc="{_attr(desc)}" '
        f'checkable="{t if view.checkable else f}" checked="{t if view.checked else f}" '
        f'clickable="{t if clickable else f}" enabled="{t if view.enabled else f}" '
        f'focusable="{t if view.focusable else f}" focused="{t if view.focused else f}" '
        f'scrollable="{t if view.scrollable else f}" '
        f'long-clickable="{t if view.long_clickable else f}" '
        f'password="{t if view.password else f}" selected="{t if view.selected else f}" '
        f'bounds="[{left},{top}][{right},{bottom}]">'
    )
    mark = len(out)
    _emit_children(view.children, 0, package, out)
    if len(out) == mark:
        out[-1] = out[-1][:-1] + " />"
    else:
        out.append("</node>")
    return index + 1


def dump(windows: list[View], rotation: int = 0) -> str:
    """One-line uiautomator XML of the visible nodes of ``windows`` (bottom to top)."""
    out = [XML_HEADER, f'<hierarchy rotation="{rotation}">']
    _emit_children(windows, 0, "", out)
    out.append("</hierarchy>")
    return "".join(out)


# the nodes, lazily --------------------------------------------------------------------------------
def _walk(
    children: list[View], index: int, package: str, out: list[NodeRecord], ends: list[int]
) -> int:
    """Append the nodes of ``children`` and their subtrees, as ``_emit_children`` writes
    them (same order, same sibling numbers), and where each subtree ends; return the next
    sibling's number."""
    for view in children:
        if view.visible is EMPTY:
            continue
        own = view.package or package
        if not view.in_hierarchy:
            index = _walk(view.children, index, own, out, ends)
            continue
        position = len(out)
        out.append((view, index, own))
        ends.append(position + 1)
        index += 1
        if view.children:
            _walk(view.children, 0, own, out, ends)
            ends[position] = len(out)
    return index


def node_tree(windows: list[View]) -> tuple[list[NodeRecord], list[int]]:
    """The ``<node>``s that ``dump(windows)`` writes, in the same (document) order, as lazy
    records (nothing is formatted until an attribute is read), and where each one's
    subtree ends: the nodes inside ``records[i]`` are ``records[i + 1 : ends[i]]``."""
    out: list[NodeRecord] = []
    ends: list[int] = []
    _walk(windows, 0, "", out, ends)
    return out, ends


WindowSpan = tuple[int, int, object]
"""The records of one window in a ``NodeTrees`` tree: ``(start, stop, key)``, the window's
records being ``records[start:stop]``; ``key`` is None for a window walked anew, else an
object given again only with the same records (a fixed window shown again)."""


class NodeTrees:
    """``node_tree`` of successive screens, each fixed window (a system bar, rebuilt only
    when what it shows changes, never changed in place) walked once: its records are lazy,
    so they stay true while the window is shown."""

    def __init__(self) -> None:
        self._segments: dict[int, tuple[View, int, list[NodeRecord], list[int], int]] = {}

    def node_tree(
        self, windows: list[View], fixed: Collection[View]
    ) -> tuple[list[NodeRecord], list[int], list[WindowSpan]]:
        """``node_tree(windows)``, where the windows in ``fixed`` are walked only when new,
        and where each window's records are (``WindowSpan``)."""
        out: list[NodeRecord] = []
        ends: list[int] = []
        spans: list[WindowSpan] = []
        segments: dict[int, tuple[View, int, list[NodeRecord], list[int], int]] = {}
        index = 0
        for window in windows:
            start = len(out)
            segment = self._segments.get(id(window))
            if segment is None or segment[0] is not window or segment[1] != index:
                after = _walk([window], index, "", out, ends)
                if window not in fixed:
                    spans.append((start, len(out), None))
                    index = after
                    continue
                segment = (window, index, out[start:], [end - start for end in ends[start:]], after)
            else:
                out += segment[2]
                ends += map(start.__add__, segment[3])
            spans.append((start, len(out), segment[2]))
            segments[id(window)] = segment
            index = segment[4]
        self._segments = segments
        return out, ends, spans


def nodes(windows: list[View]) -> list[NodeRecord]:
    """The records of ``node_tree(windows)``."""
    return node_tree(windows)[0]
