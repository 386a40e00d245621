"""The view hierarchy as every device gives it: ``Node`` records, the uiautomator XML, and
the attribute values an XPath over that XML reads.

A ``Node`` is one ``<node>`` of a ``uiautomator dump``, typed: flags as booleans, its
``bounds`` as a ``Rect``, its texts as an XML parser reads them back. A screen is a tuple of
nodes in document order (windows bottom to top, parents before children), each with its
``depth``, so the nodes inside node ``i`` are those after it up to the next one no deeper
than it. The simulated phone makes nodes from its views; a device over ADB parses them
from the dump (``parse``); ``dump`` writes the XML back, so both give the same text.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from lxml import etree

from mobile_gym.caches import FIFOCache
from mobile_gym.geometry import Rect

XML_HEADER = "<?xml version='1.0' encoding='UTF-8' standalone='yes' ?>"


class Node(NamedTuple):
    """One node of the view hierarchy, with the attributes ``uiautomator dump`` writes."""

    index: int
    """Its position among the nodes its parent holds."""
    text: str
    resource_id: str
    cls: str
    package: str
    desc: str
    checkable: bool
    checked: bool
    clickable: bool
    enabled: bool
    focusable: bool
    focused: bool
    scrollable: bool
    long_clickable: bool
    password: bool
    selected: bool
    bounds: Rect
    """The part of the node the user can see, in screen pixels."""
    depth: int
    """How many nodes hold it (0 for the top node of a window)."""

    @property
    def naf(self) -> bool:
        """Whether uiautomator marks it ``NAF="true"``: clickable, with no text or description."""
        return self.clickable and not self.text and not self.desc


def inside(nodes: Sequence[Node], position: int) -> Iterator[Node]:
    """The nodes inside ``nodes[position]`` (its subtree, without itself), in order."""
    depth = nodes[position].depth
    for following in range(position + 1, len(nodes)):
        node = nodes[following]
        if node.depth <= depth:
            return
        yield node


# text as it travels through XML ------------------------------------------------------------
_UNWRITABLE = {c: None for c in (*range(0xD800, 0xE000), 0xFFFE, 0xFFFF)}
"""Characters XML 1.0 has no place for beside the control characters: surrogates, U+FFFE
and U+FFFF (a percent-decoded URL or a file name may hold them)."""
_ESCAPES = {c: None for c in range(32)} | _UNWRITABLE
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
_NEEDS_ESCAPE = re.compile('[&<>"\x00-\x1f\ud800-\udfff\ufffe\uffff]')
_DROPPED = {c: None for c in range(32) if chr(c) not in "\t\n\r"} | _UNWRITABLE
_HAS_DROPPED = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def readable(value: str) -> str:
    """``value`` as an XML parser reads it back from the dump: control characters other
    than tab, newline and carriage return, surrogates, U+FFFE and U+FFFF cannot be written,
    so they are dropped."""
    if value.isprintable() or _HAS_DROPPED.search(value) is None:
        return value
    return value.translate(_DROPPED)


def _escaped(value: str) -> str:
    if _NEEDS_ESCAPE.search(value) is None:
        return value
    return value.translate(_ESCAPES)


def resource_id(name: str | None, package: str) -> str:
    """``package:id/name`` for a view id ``name``; an id holding ``:`` is kept as it is, and
    the id ``#name`` of a web page's element is written bare (``name``), as a WebView's
    nodes carry their HTML ids."""
    if not name:
        return ""
    if name[0] == "#":
        return name[1:]
    return name if ":" in name else f"{package}:id/{name}"


# the XML ------------------------------------------------------------------------------------
def _flag(value: bool) -> str:
    return "true" if value else "false"


def node_xml(node: Node) -> str:
    """The opening tag of ``node`` as ``uiautomator dump`` writes it (without ``>``)."""
    return _TAGS.get(node, _tag)


def _tag(node: Node) -> str:
    left, top, right, bottom = node.bounds
    naf = ' NAF="true"' if node.naf else ""
    return (
        f'<node{naf} index="{node.index}" text="{_escaped(node.text)}" '
        f'resource-id="{_escaped(node.resource_id)}" class="{node.cls}" '
        f'package="{node.package}" content-desc="{_escaped(node.desc)}" '
        f'checkable="{_flag(node.checkable)}" checked="{_flag(node.checked)}" '
        f'clickable="{_flag(node.clickable)}" enabled="{_flag(node.enabled)}" '
        f'focusable="{_flag(node.focusable)}" focused="{_flag(node.focused)}" '
        f'scrollable="{_flag(node.scrollable)}" long-clickable="{_flag(node.long_clickable)}" '
        f'password="{_flag(node.password)}" selected="{_flag(node.selected)}" '
        f'bounds="[{left},{top}][{right},{bottom}]"'
    )


_TAGS: FIFOCache[Node, str] = FIFOCache(8192)
"""The tags written lately, by node: most of a screen is dumped as it was before."""


def dump(nodes: Sequence[Node], rotation: int = 0) -> str:
    """The one-line XML of ``uiautomator dump`` for ``nodes``."""
    out = [XML_HEADER, f'<hierarchy rotation="{rotation}">']
    open_depths: list[int] = []
    for position, node in enumerate(nodes):
        while open_depths and open_depths[-1] >= node.depth:
            open_depths.pop()
            out.append("</node>")
        following = position + 1
        if following < len(nodes) and nodes[following].depth > node.depth:
            out.append(node_xml(node) + ">")
            open_depths.append(node.depth)
        else:  # nothing inside: one empty tag, as uiautomator writes it
            out.append(node_xml(node) + " />")
    out.extend("</node>" for _ in open_depths)
    out.append("</hierarchy>")
    return "".join(out)


def parse(xml: str) -> tuple[Node, ...]:
    """The nodes of a dump, in document order (ValueError if it is not one)."""
    try:
        root = etree.fromstring(xml.encode("utf-8"))
    except etree.XMLSyntaxError as exc:
        raise ValueError(f"not a view hierarchy: {exc}") from None
    out: list[Node] = []
    for element in root.iter("node"):
        depth = sum(1 for _ in element.iterancestors("node"))
        out.append(_parsed_node(element.attrib, depth))
    return tuple(out)


def _parsed_node(attributes: etree._Attrib, depth: int) -> Node:
    get = attributes.get
    return Node(
        index=int(get("index") or 0),
        text=get("text") or "",
        resource_id=get("resource-id") or "",
        cls=get("class") or "",
        package=get("package") or "",
        desc=get("content-desc") or "",
        checkable=get("checkable") == "true",
        checked=get("checked") == "true",
        clickable=get("clickable") == "true",
        enabled=get("enabled") == "true",
        focusable=get("focusable") == "true",
        focused=get("focused") == "true",
        scrollable=get("scrollable") == "true",
        long_clickable=get("long-clickable") == "true",
        password=get("password") == "true",
        selected=get("selected") == "true",
        bounds=parse_bounds(get("bounds") or "[0,0][0,0]"),
        depth=depth,
    )


_BOUNDS = re.compile(r"\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]")


def parse_bounds(value: str) -> Rect:
    """``[x1,y1][x2,y2]`` as a Rect (ValueError if malformed)."""
    match = _BOUNDS.fullmatch(value)
    if match is None:
        raise ValueError(f"malformed bounds {value!r}")
    return Rect(*map(int, match.groups()))


# the attributes an XPath reads ------------------------------------------------------------
def _bounds(node: Node) -> str:
    left, top, right, bottom = node.bounds
    return f"[{left},{top}][{right},{bottom}]"


ATTRIBUTES: dict[str, Callable[[Node], str | None]] = {
    "NAF": lambda n: "true" if n.naf else None,
    "index": lambda n: str(n.index),
    "text": lambda n: n.text,
    "resource-id": lambda n: n.resource_id,
    "class": lambda n: n.cls,
    "package": lambda n: n.package,
    "content-desc": lambda n: n.desc,
    "checkable": lambda n: _flag(n.checkable),
    "checked": lambda n: _flag(n.checked),
    "clickable": lambda n: _flag(n.clickable),
    "enabled": lambda n: _flag(n.enabled),
    "focusable": lambda n: _flag(n.focusable),
    "focused": lambda n: _flag(n.focused),
    "scrollable": lambda n: _flag(n.scrollable),
    "long-clickable": lambda n: _flag(n.long_clickable),
    "password": lambda n: _flag(n.password),
    "selected": lambda n: _flag(n.selected),
    "bounds": _bounds,
}
"""Each attribute of a dumped ``<node>`` by its XML name: the value an XML parser reads for
it, or None where the node has none."""


def _absent(node: Node) -> None:
    return None


def attribute(name: str) -> Callable[[Node], str | None]:
    """The reader of attribute ``name`` (one that always gives None for a name no node has)."""
    return ATTRIBUTES.get(name, _absent)
