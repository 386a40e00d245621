"""Drive a phone the way an agent or a test script does: find nodes in the view
hierarchy, then send raw input events at their bounds.

Nothing here reaches into the widget tree: selectors match the uiautomator XML, and every
action is a sequence of touch frames, lifts, text and key events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from mobile_gym.hierarchy import ATTRIBUTES, Node, attribute, parse
from mobile_gym.sim import input as ev

_ALIASES = {"desc": "content-desc", "cls": "class"}


class InputDevice(Protocol):
    """Anything that takes input events and dumps a view hierarchy."""

    def send(self, event: ev.InputEvent) -> None: ...
    def hierarchy_xml(self) -> str: ...


def find_all(xml: str, **selector: str) -> list[Node]:
    """Nodes whose attributes match ``selector``.

    Keys are attribute names with ``_`` for ``-`` (``resource_id``, ``content_desc``,
    ``class_``), or the short forms ``desc`` and ``cls``; a value ending in ``*`` matches
    as a prefix. ``id`` matches the name part of the resource id (``"fab"`` matches
    ``pkg:id/fab``).
    """
    tests = [_test(key, value) for key, value in selector.items()]
    return [node for node in parse(xml) if all(test(node) for test in tests)]


def selector_attribute(key: str) -> str | None:
    """The node attribute a selector key matches (``desc``: ``content-desc``,
    ``resource_id``: ``resource-id``; ``id`` is the name part of the resource id), or None
    if no node has such an attribute: a selector with that key matches nothing."""
    if key == "id":
        return "resource-id"
    name = _ALIASES.get(key) or key.rstrip("_").replace("_", "-")
    return name if name in ATTRIBUTES else None


def selector_problem(selector: dict[str, str]) -> str | None:
    """Why ``selector`` can match no node (no keys, or a key no node attribute answers
    to), or None if it can."""
    if not selector:
        return "a selector needs at least one key (text, id, desc, class, ...)"
    unknown = [key for key in selector if selector_attribute(key) is None]
    if unknown:
        return f"unknown selector key {unknown[0]!r}: use text, id, desc, class or another node attribute"
    return None


def _test(key: str, value: str) -> Callable[[Node], bool]:
    if key == "id":
        return lambda node: node.resource_id.endswith(f":id/{value}")
    read = attribute(_ALIASES.get(key) or key.rstrip("_").replace("_", "-"))
    if value.endswith("*"):
        return lambda node: (read(node) or "").startswith(value[:-1])
    return lambda node: (read(node) or "") == value


class Driver:
    """Finds nodes by selector and acts on them with raw input events."""

    def __init__(self, device: InputDevice) -> None:
        self.device = device

    def find_all(self, **selector: str) -> list[Node]:
        return find_all(self.device.hierarchy_xml(), **selector)

    def find(self, **selector: str) -> Node:
        """The first matching node; LookupError naming the selector if there is none."""
        nodes = self.find_all(**selector)
        if not nodes:
            raise LookupError(f"no node on screen matches {selector}")
        return nodes[0]

    def exists(self, **selector: str) -> bool:
        return bool(self.find_all(**selector))

    def send_all(self, events: list[ev.InputEvent]) -> None:
        for event in events:
            self.device.send(event)

    def tap(self, **selector: str) -> Node:
        node = self.find(**selector)
        self.send_all(ev.tap(*node.bounds.center))
        return node

    def long_press(self, **selector: str) -> Node:
        node = self.find(**selector)
        self.send_all(ev.long_press(*node.bounds.center))
        return node

    def type_into(self, text: str, **selector: str) -> None:
        """Tap the field, then type ``text`` (Mobile-Env's INPUT without the ENTER)."""
        self.tap(**selector)
        self.device.send(ev.Text(text))

    def key(self, name: str) -> None:
        self.device.send(ev.Key(name))

    def scroll(self, direction: str = "down", *, fraction: float = 0.5, **selector: str) -> None:
        """Drag inside the matching scrollable (or the first one) to show later/earlier content."""
        node = self.find(scrollable="true", **selector)
        b = node.bounds
        x = (b.left + b.right) / 2
        span = b.height * fraction
        top, bottom = b.top + (b.height - span) / 2, b.bottom - (b.height - span) / 2
        if direction == "down":
            self.send_all(ev.drag(x, bottom, x, top))
        elif direction == "up":
            self.send_all(ev.drag(x, top, x, bottom))
        else:
            raise ValueError(f"scroll direction must be 'up' or 'down', not {direction!r}")

    def scroll_to(self, max_scrolls: int = 20, **selector: str) -> Node:
        """Scroll the first scrollable down until a node matching ``selector`` shows."""
        for _ in range(max_scrolls):
            nodes = self.find_all(**selector)
            if nodes:
                return nodes[0]
            before = self.device.hierarchy_xml()
            self.scroll("down")
            if self.device.hierarchy_xml() == before:
                break
        return self.find(**selector)
