"""The elements of a screen that agents address by number (Set-of-Marks).

Elements come from the view hierarchy's nodes (``mobile_gym.hierarchy``), so the same
numbering works on the simulated phone and on a real device. The order is stable and
documented: the visible, enabled nodes that can be acted on (clickable, long-clickable,
checkable, scrollable, or a text field), in the hierarchy's document order (the order of
``uiautomator dump``: windows bottom to top, parents before children). Index 0 is the first
such node.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from mobile_gym.caches import LatestPerOwner
from mobile_gym.device.base import DeviceError
from mobile_gym.geometry import Rect
from mobile_gym.hierarchy import Node, inside, parse

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
    selected: bool = False
    """The node is selected (a favourited post's star, the current tab, a chosen sort)."""

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
    return _chosen(node_elements(parse(xml)), include_text)


def device_elements(device: Any, include_text: bool = False) -> list[Element]:
    """``screen_elements`` of the screen ``device`` shows now, from its nodes."""
    return _chosen(_ELEMENTS.get(device, device.nodes(), node_elements), include_text)


def env_elements(env: Any, include_text: bool = False) -> list[Element]:
    """``device_elements`` of the screen an env's phone shows now; none once a device fault
    has ended the episode (the env's ``error``: the device is not asked again). A fault met
    here is handed to the env, whose next step ends the episode with it."""
    return env_screen(env, lambda device: device_elements(device, include_text))


def env_screen(env: Any, read: Callable[[Any], list[Element]]) -> list[Element]:
    """``read(device)`` of an env's phone now (the elements it reads off the screen); none
    once a device fault has ended the episode (the env's ``error``: the device is not asked
    again). A fault met here is handed to the env, whose next step ends the episode with it."""
    base = env.unwrapped
    if getattr(base, "error", None) is not None:
        return []
    try:
        return read(base.device)
    except DeviceError as fault:
        base.device_failed(fault)
        return []


_ELEMENTS: LatestPerOwner[Any, tuple[Node, ...], tuple[Element, ...]] = LatestPerOwner()
"""The elements of the screen each device showed when last read: the action wrapper and the
observation view read the same screen in one step, and an unchanged screen again at the
next."""


def _chosen(elements: tuple[Element, ...], include_text: bool) -> list[Element]:
    if include_text:
        return list(elements)
    return [e for e in elements if e.index is not None]


def node_elements(nodes: Sequence[Node]) -> tuple[Element, ...]:
    """The numbered elements and the visible text of ``nodes``, in document order."""
    out: list[Element] = []
    index = 0
    for position, node in enumerate(nodes):
        editable = node.cls.endswith("EditText")
        actionable = (
            node.clickable or node.long_clickable or node.checkable or node.scrollable or editable
        )
        if not node.enabled or (not actionable and not (node.text or node.desc)):
            continue
        if node.bounds.empty:
            continue
        text = node.text
        if actionable and not node.text and not node.desc and not node.scrollable:
            # a container with nothing to say of its own (a list row): the texts inside it
            text = " ".join([n.text for n in inside(nodes, position) if n.text][:3])
        out.append(
            Element(
                index if actionable else None,
                node.bounds,
                node.cls,
                text,
                node.desc,
                node.resource_id,
                node.clickable,
                node.long_clickable,
                node.checkable,
                node.checked,
                node.scrollable,
                editable,
                node.focused,
                node.selected,
            )
        )
        if actionable:
            index += 1
    return tuple(out)
