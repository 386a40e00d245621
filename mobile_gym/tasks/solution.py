"""Reference solutions: high-level steps addressed by selectors, turned into touch actions
on the screen the agent would see at that moment."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from mobile_gym import actions
from mobile_gym.commands import Command, touches
from mobile_gym.hierarchy import Node, parse
from mobile_gym.sim.driver import find_all
from mobile_gym.tasks.schema import SolutionStep

_SELECTOR_KEYS = {"class": "cls", "content-desc": "desc", "resource-id": "resource_id"}


def find_nodes(xml: str, selector: dict[str, str]) -> list[Node]:
    """The nodes matching ``selector`` (keys: text, id, desc, class, ...), in document order."""
    return find_all(xml, **{_SELECTOR_KEYS.get(k, k): str(v) for k, v in selector.items()})


def find_node(xml: str, selector: dict[str, str]) -> Node:
    """The first node matching ``selector`` (keys: text, id, desc, class, ...)."""
    nodes = find_nodes(xml, selector)
    if not nodes:
        raise LookupError(f"no node on screen matches {selector}")
    return nodes[0]


def step_command(step: SolutionStep, xml: str, size: tuple[int, int]) -> Command:
    """The agent-level command of one solution step, on the screen described by ``xml``."""
    width, height = size

    def centre(selector: dict[str, Any]) -> tuple[float, float]:
        x, y = find_node(xml, selector).bounds.center
        return x / (width - 1), y / (height - 1)

    def point(selector: dict[str, Any]) -> tuple[float, float]:
        """The node's centre, or the point ``at`` names on it."""
        if step.at is None:
            return centre(selector)
        left, top, right, bottom = find_node(xml, selector).bounds
        fx, fy = step.at
        x = min(left + fx * (right - left), right - 1)
        y = min(top + fy * (bottom - top), bottom - 1)
        return x / (width - 1), y / (height - 1)

    if step.click is not None:
        return Command("click", *point(step.click))
    if step.long_press is not None:
        return Command("long_press", *point(step.long_press))
    if step.type is not None:
        if step.type.into is None:  # into the focused field
            return Command("type", text=step.type.text)
        return Command("type", *centre(step.type.into), text=step.type.text)
    if step.scroll is not None:
        return scroll_command(find_node(xml, {"scrollable": "true"}), step.scroll, size)
    if step.swipe is not None:
        return Command("swipe", *actions.swipe_line(step.swipe))
    if step.key is not None:
        return Command("key", key=step.key)
    if step.answer is not None:
        return Command("answer", text=step.answer)
    if step.status is not None:
        return Command("status", text=step.status)
    if step.wait is not None:
        return Command("wait", ms=step.wait)
    if step.ask_user is not None:
        return Command("ask_user", text=step.ask_user)
    if step.mcp_call is not None:
        return Command("mcp_call", tool=step.mcp_call.tool, arguments=step.mcp_call.arguments)
    raise ValueError(f"empty solution step {step!r}")  # pragma: no cover - the schema forbids it


def scroll_command(node: Node, direction: str, size: tuple[int, int]) -> Command:
    """A scroll of the view ``node`` in ``direction`` (``down`` shows what is below), over
    the middle 60 % of its height."""
    width, height = size
    cx, cy = node.bounds.center
    span = 0.6 * node.bounds.height / height
    return Command("scroll", cx / (width - 1), cy / (height - 1), direction=direction, span=span)


REVEAL_SCROLLS = 8
"""The most scrolls ``TargetSearch`` takes down one view."""
_MAX_VIEWS = 4
"""The scrolling views ``TargetSearch`` tries, from the top-most."""


class TargetSearch:
    """The actions that look for a solution step's target on a screen where it is not: on a
    display smaller than the Pixel 7 the solutions were written on, it may lie below the
    fold or under the keyboard. Each scrolling view, the top-most first, is scrolled down
    until the screen stops changing (or ``REVEAL_SCROLLS`` times), then up likewise (up to
    twice as many times, past where it started); then, if the keyboard is up, BACK hides
    it and the views are scrolled again. ``next`` gives the next action, None once all
    were tried; a new search starts for each step."""

    def __init__(self) -> None:
        self._moves = _scroll_moves()
        """The scrolls left to try: (view, direction), the view counted from the top-most."""
        self._taken = 0
        """Scrolls taken of the first move."""
        self._last: str | None = None
        """The screen the last scroll was taken on."""
        self._hid_keyboard = False

    def next(self, xml: str, size: tuple[int, int]) -> Command | None:
        """The next action on the screen ``xml`` (of ``size``), or None."""
        scrolling = [n for n in find_nodes(xml, {"scrollable": "true"}) if not n.bounds.empty]
        while self._moves:
            view, way = self._moves[0]
            most = REVEAL_SCROLLS if way == "down" else 2 * REVEAL_SCROLLS  # back past the start
            if view < len(scrolling) and self._taken < most and xml != self._last:
                self._taken += 1
                self._last = xml
                return scroll_command(scrolling[-1 - view], way, size)
            self._moves.pop(0)  # no such view, or it moves no further that way
            self._taken, self._last = 0, None
        if not self._hid_keyboard and any("inputmethod" in n.package for n in parse(xml)):
            self._hid_keyboard = True  # (the keyboard of AOSP, Gboard: their packages)
            self._moves = _scroll_moves()
            return Command("key", key="BACK")
        return None


def _scroll_moves() -> list[tuple[int, str]]:
    return [(view, way) for view in range(_MAX_VIEWS) for way in ("down", "up")]


def step_actions(step: SolutionStep, xml: str, size: tuple[int, int]) -> list[actions.TouchAction]:
    """The touch actions of one solution step, on the screen described by ``xml``."""
    return touches(step_command(step, xml, size))


_LATE = re.compile(r"\{(reply|tool)\.([^{}]+)\}")


def _tool_value(result: Mapping[str, Any] | None, path: str) -> str:
    """The value at ``path`` (dotted keys and list indexes) of a tool call's result as
    ``info["tool_call"]`` gives it: its structured content, else its text read as JSON."""
    if result is None:
        raise LookupError(f"{{tool.{path}}}: no tool was called before this step")
    if path == "text":
        return str(result.get("result", ""))
    value: Any = result.get("structured")
    if value is None:
        try:
            value = json.loads(str(result.get("result", "")))
        except json.JSONDecodeError:
            raise LookupError(f"{{tool.{path}}}: the tool's result is not JSON") from None
    for key in path.split("."):
        if isinstance(value, list) and key.lstrip("-").isdigit():
            index = int(key)
            if not -len(value) <= index < len(value):
                raise LookupError(f"{{tool.{path}}}: no item {key} in the result")
            value = value[index]
        elif isinstance(value, dict) and key in value:
            value = value[key]
        else:
            raise LookupError(f"{{tool.{path}}}: no {key!r} in the result")
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def bind_step(
    step: SolutionStep, told: Mapping[str, str], tool_result: Mapping[str, Any] | None
) -> SolutionStep:
    """``step`` with ``{reply.SLOT}`` and ``{tool.PATH}`` filled in from what the user has
    told (``Episode.told_values``) and the last tool call's result; LookupError naming the
    field if the episode has no such value yet (the solution asks or calls too late)."""
    data = step.model_dump(exclude_none=True)

    def late(found: re.Match[str]) -> str:
        head, rest = found.group(1), found.group(2)
        if head == "tool":
            return _tool_value(tool_result, rest)
        if rest not in told:
            raise LookupError(f"{{reply.{rest}}}: the user has not told {rest!r} yet")
        return told[rest]

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return _LATE.sub(late, value)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        return value

    return SolutionStep.model_validate(walk(data))


def run_solution(env: Any) -> tuple[int, float, bool, dict[str, Any]]:
    """Play the current episode's reference solution on a reset env, each step as one agent
    action of touch-level actions on the base MobileEnv (wrappers are bypassed: a step cap
    around the touch-level env would count touches); return the agent steps taken (as the
    task counts them: ``TaskSpec.counts``), the total reward, whether the episode ended,
    and the last info."""
    base = env.unwrapped
    total, steps, info = 0.0, 0, {}
    ended = False
    tool_result: dict[str, Any] | None = None
    for step in base.episode.solution():
        step = bind_step(step, base.episode.told_values(), tool_result)
        sequence = step_actions(step, base.device.hierarchy_xml(), base.device.size)
        _, reward, terminated, truncated, info = actions.play(base, sequence)
        tool_result = info.get("tool_call") or tool_result
        total += reward
        steps += base.task.counts(step)
        if terminated or truncated:
            ended = True
            break
    return steps, total, ended, info
