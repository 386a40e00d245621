"""A ``Command`` (what the oracle and the gesture agents do, positions normalised to
[0, 1]) written as a JSON action (``mobile_gym.wrappers.json_actions``: AndroidWorld's
actions and MobileWorld's ``ask_user`` and ``mcp``), and the element an action points at.

A point on the screen becomes an element of the screen's numbered list
(``screen_elements``): the element centred exactly there, else the smallest one that
contains it. Two forms are written:

- ``parsed_command``: the command as the JSON dialect reads it back to do the same thing
  (``JsonActions``): the element's ``index`` when one is centred on the point (the dialect
  taps an element's centre), else the point in pixels;
- ``command_json_action``: the JSON action as a dataset records it: that form with the
  point in whole pixels (``x``, ``y``) for every action with a point, and the element's
  ``index`` only when the point is its centre, so that the label, read back index first,
  does exactly what the command did.

Keys: ``BACK``, ``HOME`` and ``ENTER`` become ``navigate_back``, ``navigate_home`` and
``keyboard_enter``; a swipe becomes the direction the finger moves most; ``status``,
``answer``, ``ask_user``, ``open_app``, ``wait`` and ``mcp_call`` keep their fields; a
scroll keeps its ``span`` and a wait its ``ms`` (when the command sets them), the fields
JSON actions take beyond AndroidWorld's schema (``EXTRA_FIELDS``). A command with no JSON
action (another key) raises ``ValueError``.

``pointed_element`` is the element a JSON or text reply points at, by the same rule as a
command's (``hit_element``), for the rows of model replies.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mobile_gym.commands import Command, CommandError
from mobile_gym.wrappers.elements import Element
from mobile_gym.wrappers.json_actions import json_action, json_command
from mobile_gym.wrappers.text_commands import ParsedCommand, resolve_command

__all__ = ["command_json_action", "hit_element", "parsed_command", "pixels", "pointed_element"]

KEY_ACTIONS = {"BACK": "GOBACK", "HOME": "HOME", "ENTER": "ENTER"}
"""The keys a JSON action can press, by key name (their ``ParsedCommand`` names)."""
_POINTED = {"click": "TAP", "double_tap": "DOUBLE_TAP", "long_press": "LONG_TAP"}
_TEXTS = {"answer": "ANSWER", "ask_user": "ASK_USER"}


def pixels(command: Command, size: tuple[int, int]) -> tuple[float, float] | None:
    """Where ``command`` points, in pixels of a ``size`` (width, height) screen; None for
    a command without a position."""
    if command.x is None or command.y is None:
        return None
    width, height = size
    return command.x * (width - 1), command.y * (height - 1)


def hit_element(
    command: Command, elements: Sequence[Element], size: tuple[int, int]
) -> tuple[Element | None, bool]:
    """The numbered element ``command`` points at and whether it is centred there: the
    element whose centre is the point, else the smallest that contains it; (None, False)
    when none does or the command has no position."""
    point = pixels(command, size)
    if point is None:
        return None, False
    numbered = [element for element in elements if element.index is not None]
    for element in numbered:
        if element.centre(size) == (command.x, command.y):
            return element, True
    around = [element for element in numbered if element.bounds.contains(*point)]
    if not around:
        return None, False
    return min(around, key=lambda e: (e.bounds.width * e.bounds.height, e.index)), False


def pointed_element(
    parsed: ParsedCommand, elements: Sequence[Element], size: tuple[int, int]
) -> int | None:
    """The index of the element that ``parsed`` (a JSON or text reply, as read) points at
    on a screen of ``size`` showing ``elements``: the element it names by index; for a
    point, ``hit_element``'s (centred there, else the smallest containing it). None when it
    names no place, an element this screen has not, or a point off it."""
    if parsed.index is None and parsed.point is None:
        return None
    try:  # where the place is, resolved as the env resolves it
        tap = resolve_command(
            ParsedCommand("TAP", index=parsed.index, point=parsed.point), list(elements), size
        )
    except CommandError:
        return None
    if parsed.index is not None:
        return parsed.index
    element, _ = hit_element(tap, elements, size)
    return None if element is None else element.index


def parsed_command(
    command: Command, elements: Sequence[Element], size: tuple[int, int]
) -> ParsedCommand:
    """``command`` as the JSON dialect reads it back to do the same thing, on a screen of
    ``size`` showing ``elements``: a point is the index of the element centred there, else
    the point in pixels. ``ValueError`` for a command without a JSON action."""
    element, centred = hit_element(command, elements, size)
    index = element.index if element is not None and centred else None
    point = None if index is not None else pixels(command, size)
    verb = command.verb
    if verb in _POINTED:
        return ParsedCommand(_POINTED[verb], index=index, point=point)
    if verb == "type":
        return ParsedCommand("TYPE", index=index, point=point, text=command.text)
    if verb == "scroll":
        return json_command(
            "SCROLL", index=index, point=point, direction=command.direction, span=command.span
        )
    if verb == "swipe":
        return ParsedCommand("SWIPE", direction=_swipe_direction(command))
    if verb == "key":
        if command.key not in KEY_ACTIONS:
            raise ValueError(f"no JSON action presses the key {command.key!r}")
        return ParsedCommand(KEY_ACTIONS[command.key])
    if verb == "status":
        return ParsedCommand("DONE" if command.text == "complete" else "INFEASIBLE")
    if verb == "mcp_call":
        return ParsedCommand("MCP", tool=command.tool, arguments=command.arguments)
    if verb == "wait":
        return json_command("WAIT", ms=command.ms)
    if verb == "open_app":
        return ParsedCommand("OPEN_APP", text=command.app)
    if verb in _TEXTS:
        return ParsedCommand(_TEXTS[verb], text=command.text)
    raise ValueError(f"no JSON action for the command {verb!r}")


def command_json_action(
    command: Command, elements: Sequence[Element], size: tuple[int, int]
) -> tuple[dict[str, Any], int | None]:
    """The JSON action a dataset records for ``command`` on a screen of ``size`` showing
    ``elements``, and the index of the element it points at (``hit_element``; None: no
    element, or no point): ``parsed_command``'s action (an ``index`` only for an element
    centred on the point) with the point in whole pixels (``x``, ``y``) for an action with
    a point. ``ValueError`` as ``parsed_command``."""
    action = json_action(parsed_command(command, elements, size))
    element, _ = hit_element(command, elements, size)
    point = pixels(command, size)
    if point is None or command.verb == "swipe":  # a swipe is its direction alone
        return action, None
    action.pop("x", None)
    action.pop("y", None)
    action["x"], action["y"] = round(point[0]), round(point[1])
    return action, None if element is None else element.index


def _swipe_direction(command: Command) -> str:
    """The way a swipe's finger moves most: up, down, left or right."""
    dx = (command.x2 or 0.0) - (command.x or 0.0)
    dy = (command.y2 or 0.0) - (command.y or 0.0)
    if abs(dx) > abs(dy):
        return "right" if dx > 0 else "left"
    return "down" if dy > 0 else "up"
