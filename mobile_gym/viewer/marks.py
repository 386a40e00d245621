"""Where an action acted on the screen: a tap point, a swipe arrow, an element's box, and a
label (the verb, the typed text), found from the recorded action and the screen's view
hierarchy. Positions are fractions of the screen, so a mark fits a screen of any size."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mobile_gym.geometry import Rect
from mobile_gym.hierarchy import parse

PHONE_SIZE = (1080, 2400)
"""The simulated phone's size in pixels (JSON actions' pixel positions), when the view
hierarchy does not tell it."""

_FINGER = {"up": (0.0, -0.25), "down": (0.0, 0.25), "left": (-0.3, 0.0), "right": (0.3, 0.0)}
_OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}


@dataclass(frozen=True)
class Mark:
    """What to draw for one action: a point (``start``), an arrow (``start`` to ``end``),
    an element's box (left, top, right, bottom), all fractions of the screen; ``label``
    says what the action was."""

    label: str
    start: tuple[float, float] | None = None
    end: tuple[float, float] | None = None
    box: tuple[float, float, float, float] | None = None


def action_mark(action: Any, action_space: str, xml: str | None) -> Mark:
    """The mark of ``action`` (as recorded: ``StepRecord.action``) played in
    ``action_space`` on the screen whose hierarchy is ``xml`` (None: unknown, no boxes)."""
    size = _screen_size(xml)
    verb, where, fields = _read(action, action_space)
    label = _label(verb, fields, where.get("index"))
    box = _element_box(where.get("index"), xml, size)
    start: tuple[float, float] | None = None
    if "x" in where and "y" in where:
        start = _fraction(where["x"], where["y"], where.get("pixels", False), size)
    elif box is not None:
        start = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
    end: tuple[float, float] | None = None
    if "x2" in where and "y2" in where:
        end = _fraction(where["x2"], where["y2"], False, size)
    elif fields.get("direction") in _FINGER and verb.lower() in ("swipe", "scroll"):
        direction = fields["direction"]
        finger = direction if verb.lower() == "swipe" else _OPPOSITE[direction]
        start = start or (0.5, 0.5)
        dx, dy = _FINGER[finger]
        end = (min(max(start[0] + dx, 0.0), 1.0), min(max(start[1] + dy, 0.0), 1.0))
    return Mark(label, start, end, box)


def _read(action: Any, action_space: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """The verb, the position fields (x, y, x2, y2, pixels, index) and the other fields."""
    if isinstance(action, str):
        return _parsed(action, action_space)
    if isinstance(action, list) and action_space == "element" and len(action) == 2:
        return _element_verb(action[0]), {"index": action[1]}, {}
    if not isinstance(action, dict):
        return "action", {}, {}
    verb = str(action.get("verb", action.get("action_type", "action")))
    if action_space == "element" and _is_number(action.get("verb")):
        verb = _element_verb(action["verb"])
    where = {k: action[k] for k in ("x", "y", "x2", "y2", "index") if _is_number(action.get(k))}
    if "action_type" in action and "verb" not in action:
        where["pixels"] = True  # JSON actions give pixels
    return verb, where, {k: v for k, v in action.items() if k not in where}


def _parsed(text: str, action_space: str) -> tuple[str, dict[str, Any], dict[str, Any]]:
    """A text or JSON action read by its action space's own parser."""
    from mobile_gym.wrappers.json_actions import parse_json_action
    from mobile_gym.wrappers.text_commands import parse_text_command

    parser = parse_json_action if action_space == "json" else parse_text_command
    try:
        parsed = parser(text)
    except ValueError:
        return "reply", {}, {"text": text}
    where: dict[str, Any] = {}
    if parsed.index is not None:
        where["index"] = parsed.index
    if parsed.point is not None:
        where.update(x=parsed.point[0], y=parsed.point[1], pixels=True)
    fields = {"text": parsed.text, "direction": parsed.direction, "tool": parsed.tool}
    return parsed.name, where, fields


def _element_verb(number: Any) -> str:
    """An element action's verb by its number (``ElementActions``' verbs)."""
    from mobile_gym.wrappers.element_actions import TEXT_VERBS

    if _is_number(number) and 0 <= int(number) < len(TEXT_VERBS):
        return TEXT_VERBS[int(number)]
    return f"verb {number}"


def _label(verb: str, fields: dict[str, Any], index: Any = None) -> str:
    """The verb and what it carried: the element's number, text typed, key, app,
    direction, tool."""
    details = [f"#{index}"] if _is_number(index) else []
    details += [
        f'"{fields[name]}"' if name == "text" else str(fields[name])
        for name in ("direction", "key", "app", "tool", "text")
        if isinstance(fields.get(name), str | int) and fields.get(name) not in ("", None)
    ]
    return " ".join([verb, *details])[:160]


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _fraction(x: float, y: float, pixels: bool, size: tuple[int, int]) -> tuple[float, float]:
    if pixels:
        return x / size[0], y / size[1]
    return float(x), float(y)


def _screen_size(xml: str | None) -> tuple[int, int]:
    """The screen's size in pixels: the hierarchy's widest bounds, else ``PHONE_SIZE``."""
    if not xml:
        return PHONE_SIZE
    nodes = [n for n in parse(xml) if n.bounds.right > 0]
    if not nodes:
        return PHONE_SIZE
    return max(n.bounds.right for n in nodes), max(n.bounds.bottom for n in nodes)


def _element_box(
    index: Any, xml: str | None, size: tuple[int, int]
) -> tuple[float, float, float, float] | None:
    """The box of element number ``index`` of the screen (``screen_elements``)."""
    if xml is None or not _is_number(index):
        return None
    from mobile_gym.wrappers.elements import screen_elements

    elements = screen_elements(xml)
    if not 0 <= int(index) < len(elements):
        return None
    bounds: Rect = elements[int(index)].bounds
    w, h = size
    return bounds.left / w, bounds.top / h, bounds.right / w, bounds.bottom / h
