"""The elements of a screen that agents address by number (Set-of-Marks).

Elements come from the uiautomator view hierarchy, so the same numbering works on the
simulated phone and on a real device. The order is stable and documented: the visible,
enabled nodes that can be acted on (clickable, long-clickable, checkable, scrollable, or a
text field), in the hierarchy's document order (the order of ``uiautomator dump``: windows
bottom to top, parents before children). Index 0 is the first such node.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from lxml import etree

from mobile_gym.device.base import DeviceError, NodeFields, ViewNodes
from mobile_gym.geometry import Rect
from mobile_gym.sim.driver import parse_bounds

_TAGS = (
    ("EditText", "input"),
    ("Switch", "switch"),
    ("CheckBox", "checkbox"),
    ("RadioButton", "radio"),
    ("SeekBar", "slider"),
    ("ImageButton", "button"),
    ("Button", "button"),
    ("ImageView", "img"),
    ("RecyclerView", "scroll"),
    ("ListView", "scroll"),
    ("ScrollView", "scroll"),
    ("TextView", "p"),
)


class Element(NamedTuple):
    """One node an agent can act on, or (``index`` None) a piece of visible text.

    Immutable and hashable (a named tuple: screens are read often, and their elements made
    and looked up each time).
    """

    index: int | None
    bounds: Rect
    cls: str
    text: str
    desc: str
    resource_id: str
    clickable: bool
    long_clickable: bool
    checkable: bool
    checked: bool
    scrollable: bool
    editable: bool
    focused: bool

    @property
    def tag(self) -> str:
        """An HTML-like tag derived from the Android class (``button``, ``input``, ...)."""
        return _tag(self.cls, self.clickable)

    @property
    def name(self) -> str:
        """The short resource id (``fab`` for ``pkg:id/fab``)."""
        return self.resource_id.rsplit("/", 1)[-1]

    @property
    def label(self) -> str:
        """What the element says: its text, else its description, else its id."""
        return self.text or self.desc or self.name

    def centre(self, size: tuple[int, int]) -> tuple[float, float]:
        """The element's centre, normalised to [0, 1] for the touch-level action space."""
        x, y = self.bounds.center
        return x / max(size[0] - 1, 1), y / max(size[1] - 1, 1)


@functools.lru_cache(maxsize=512)
def _tag(cls: str, clickable: bool) -> str:
    short = cls.rsplit(".", 1)[-1]
    for suffix, tag in _TAGS:
        if short.endswith(suffix):
            return tag
    return "button" if clickable else "div"


def screen_elements(xml: str, include_text: bool = False) -> list[Element]:
    """The actionable elements of a dump, numbered; with ``include_text``, the visible text
    nodes too (unnumbered), in document order. A container with no text of its own (a list
    row) is labelled with the texts inside it."""
    return _chosen(_dump_elements(xml), include_text)


def device_elements(device: Any, include_text: bool = False) -> list[Element]:
    """``screen_elements`` of the screen ``device`` shows now. A device that lists its view
    nodes with their nesting (``view_nodes``: the simulated phone) is read without writing
    and parsing the dump; the elements are the same."""
    view_nodes = getattr(device, "view_nodes", None)
    found = view_nodes() if view_nodes is not None else None
    if found is None or found.ends is None:
        return screen_elements(device.hierarchy_xml(), include_text)
    global _last_nodes
    if _last_nodes is None or _last_nodes[0] is not found.records:
        _last_nodes = (found.records, _node_elements(found))
    return _chosen(_last_nodes[1], include_text)


def env_elements(env: Any, include_text: bool = False) -> list[Element]:
    """``device_elements`` of the screen an env's phone shows now; none once a device fault
    has ended the episode (the env's ``error``: the device is not asked again). A fault met
    here is handed to the env, whose next step ends the episode with it."""
    base = env.unwrapped
    if getattr(base, "error", None) is not None:
        return []
    try:
        return device_elements(base.device, include_text)
    except DeviceError as fault:
        base.device_failed(fault)
        return []


_last_nodes: tuple[Sequence[Any], tuple[Element, ...]] | None = None
"""The records last read by ``device_elements`` and their elements: the action wrapper and
the view read the same screen in one step (the device hands out the same records until its
screen changes)."""


def _chosen(elements: tuple[Element, ...], include_text: bool) -> list[Element]:
    if include_text:
        return list(elements)
    return [e for e in elements if e.index is not None]


@functools.lru_cache(maxsize=1)
def _dump_elements(xml: str) -> tuple[Element, ...]:
    """The elements and the visible text of a dump (the last dump's are kept: the action
    wrapper and the view read the same dump in one step)."""
    nodes = list(etree.fromstring(xml.encode("utf-8")).iter("node"))
    return _elements(
        [_attribute_fields(node.attrib) for node in nodes],
        lambda position: _inner_xml_texts(nodes[position]),
    )


def _inner_xml_texts(node: etree._Element) -> list[str]:
    return [d.get("text") for d in node.iterdescendants("node") if d.get("text")]


def _attribute_fields(attributes: Mapping[str, str]) -> NodeFields:
    """A dumped node's attributes as ``NodeFields``."""
    get = attributes.get
    return NodeFields(
        enabled=get("enabled") == "true",
        cls=get("class") or "",
        clickable=get("clickable") == "true",
        long_clickable=get("long-clickable") == "true",
        checkable=get("checkable") == "true",
        scrollable=get("scrollable") == "true",
        text=get("text") or "",
        desc=get("content-desc") or "",
        bounds=parse_bounds(get("bounds") or "[0,0][0,0]"),
        resource_id=get("resource-id") or "",
        checked=get("checked") == "true",
        focused=get("focused") == "true",
    )


def _node_elements(found: ViewNodes) -> tuple[Element, ...]:
    """The elements and the visible text of a device's view nodes; those of a window shown
    again unchanged (``ViewNodes.windows``) are taken from the last time, when they are
    numbered from the same index."""
    records, ends = found.records, found.ends
    text = found.attribute("text")
    fields = found.fields
    if fields is None:
        names = {name: found.attribute(name) for name in _ATTRIBUTES}

        def fields(record: Any) -> NodeFields:
            return _attribute_fields(_Lazy(names, record))

    def inner(position: int) -> list[str]:
        inside = (text(r) for r in records[position + 1 : ends[position]])  # type: ignore[index]
        return [t for t in inside if t]

    if found.windows is None:
        return _elements(list(map(fields, records)), inner)
    global _windows
    kept, _windows = _windows, {}
    out: list[Element] = []
    index = 0
    for start, stop, key in found.windows:
        made = kept.get((id(key), index)) if key is not None else None
        if made is None or made[0] is not key:
            window, after = _numbered_from(
                list(map(fields, records[start:stop])),
                lambda position, start=start: inner(start + position),
                index,
            )
            made = (key, window, after)
        if key is not None:
            _windows[id(key), index] = made
        out += made[1]
        index = made[2]
    return tuple(out)


_windows: dict[tuple[int, int], tuple[object, list[Element], int]] = {}
"""The elements of the windows last read that may be shown again unchanged, by window key
and first index: (the key, the elements, the index after them)."""


class _Lazy(Mapping[str, str]):
    """A record's attributes read one by one as a mapping (``ViewNodes`` without ``fields``)."""

    def __init__(self, readers: dict[str, Callable[[Any], str | None]], record: Any) -> None:
        self._readers, self._record = readers, record

    def __getitem__(self, name: str) -> str:
        value = self._readers[name](self._record)
        if value is None:
            raise KeyError(name)
        return value

    def __iter__(self) -> Iterator[str]:
        return iter(self._readers)

    def __len__(self) -> int:
        return len(self._readers)


_ATTRIBUTES = (
    "enabled",
    "class",
    "clickable",
    "long-clickable",
    "checkable",
    "scrollable",
    "text",
    "content-desc",
    "bounds",
    "resource-id",
    "checked",
    "focused",
)
"""The node attributes an ``Element`` is made of."""


_SKIPPED, _TEXT, _LABELLED, _UNLABELLED = range(4)
_SHAPES_KEPT = 4096
_shapes: dict[NodeFields, tuple[int, tuple]] = {}
"""What each node's fields make, for nodes seen lately (most of a screen is the same from
one frame to the next): ``_SKIPPED``; ``_TEXT`` with its (unnumbered) element; or a
numbered element, ``_LABELLED`` with its fields after the index, or ``_UNLABELLED`` (it is
labelled with the texts inside it)."""
_numbered: dict[tuple[int, NodeFields], Element] = {}
"""The numbered elements made lately, by index and fields."""


def _shape(node: NodeFields) -> tuple[int, tuple]:
    (
        enabled,
        cls,
        clickable,
        long_clickable,
        checkable,
        scrollable,
        text,
        desc,
        bounds,
        resource_id,
        checked,
        focused,
    ) = node
    editable = cls.endswith("EditText")
    actionable = clickable or long_clickable or checkable or scrollable or editable
    if not enabled or (not actionable and not (text or desc)) or bounds.empty:
        return _SKIPPED, ()
    rest = (
        bounds,
        cls,
        text,
        desc,
        resource_id,
        clickable,
        long_clickable,
        checkable,
        checked,
        scrollable,
        editable,
        focused,
    )
    if not actionable:
        return _TEXT, (Element(None, *rest),)
    if not text and not desc and not scrollable:
        return _UNLABELLED, rest
    return _LABELLED, rest


def _elements(
    nodes: Sequence[NodeFields], inner_texts: Callable[[int], list[str]]
) -> tuple[Element, ...]:
    """The numbered elements and the visible text nodes, in document order, of ``nodes``;
    ``inner_texts(position)`` gives the texts of the nodes inside ``nodes[position]``."""
    return tuple(_numbered_from(nodes, inner_texts, 0)[0])


def _numbered_from(
    nodes: Sequence[NodeFields], inner_texts: Callable[[int], list[str]], index: int
) -> tuple[list[Element], int]:
    """``_elements`` of ``nodes`` numbered from ``index``, and the index after them."""
    if len(_shapes) > _SHAPES_KEPT or len(_numbered) > _SHAPES_KEPT:
        _shapes.clear()
        _numbered.clear()
    out: list[Element] = []
    for position, node in enumerate(nodes):
        shape = _shapes.get(node)
        if shape is None:
            shape = _shapes[node] = _shape(node)
        kind, rest = shape
        if kind == _SKIPPED:
            continue
        if kind == _TEXT:
            out.append(rest[0])
            continue
        if kind == _LABELLED:
            key = (index, node)
            element = _numbered.get(key)
            if element is None:
                element = _numbered[key] = Element(index, *rest)
        else:
            label = " ".join(inner_texts(position)[:3])
            element = Element(index, rest[0], rest[1], label, *rest[3:])
        out.append(element)
        index += 1
    return out, index
