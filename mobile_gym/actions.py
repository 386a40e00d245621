"""The one mapping from high-level actions to touch-level actions.

Touch-level actions are the base env's Dict actions (positions normalised to [0, 1]).
A click is 3 TOUCH frames and a LIFT, a long press 10 TOUCH frames and a LIFT, a scroll or
swipe 10 TOUCH frames along a line and a LIFT (Mobile-Env's sequences; the frame counts
are parameters), typing is a click on the field and then TEXT. The task solutions use it
now; the action wrappers build on it.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import numpy as np

from mobile_gym.sim.input import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES, line
from mobile_gym.sim.keys import key_name
from mobile_gym.spaces import KEYS, ActionType

TouchAction = dict[str, Any]
SCROLL_SPAN = 0.4
"""How far a scroll drags, as a fraction of the screen (or of the scrolled view)."""

_KEY_INDEX = {name: i for i, name in enumerate(KEYS)}


def base_action(
    kind: ActionType, x: float = 0.0, y: float = 0.0, key: str = "BACK", text: str = ""
) -> TouchAction:
    """One touch-level action."""
    return {
        "action_type": int(kind),
        "touch_position": np.array([x, y], dtype=np.float32),
        "key": _KEY_INDEX[key_name(key)],
        "text": text,
    }


def touch(x: float, y: float) -> TouchAction:
    return base_action(ActionType.TOUCH, x, y)


def lift() -> TouchAction:
    return base_action(ActionType.LIFT)


def click(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    return [touch(x, y) for _ in range(frames)] + [lift()]


def double_tap(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    return click(x, y, frames) + click(x, y, frames)


def long_press(x: float, y: float, frames: int = LONG_PRESS_FRAMES) -> list[TouchAction]:
    return [touch(x, y) for _ in range(frames)] + [lift()]


def drag(
    x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES
) -> list[TouchAction]:
    """Touch frames evenly spaced from (x1, y1) to (x2, y2), then a lift."""
    return [*(touch(x, y) for x, y in line(x1, y1, x2, y2, frames)), lift()]


_DIRECTIONS = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}


def swipe_line(
    direction: str, x: float = 0.5, y: float = 0.5, span: float = 0.5
) -> tuple[float, float, float, float]:
    """Start and end (x1, y1, x2, y2) of a finger moving ``direction`` through (x, y)."""
    if direction not in _DIRECTIONS:
        raise ValueError(f"swipe direction must be one of {sorted(_DIRECTIONS)}, not {direction!r}")
    dx, dy = _DIRECTIONS[direction]
    half = span / 2
    return x - dx * half, y - dy * half, x + dx * half, y + dy * half


def swipe(
    direction: str, x: float = 0.5, y: float = 0.5, span: float = 0.5, frames: int = DRAG_FRAMES
) -> list[TouchAction]:
    """The finger moves ``direction`` through (x, y): ``up`` opens the app drawer at home."""
    return drag(*swipe_line(direction, x, y, span), frames)


def scroll(
    direction: str,
    x: float = 0.5,
    y: float = 0.5,
    span: float = SCROLL_SPAN,
    frames: int = DRAG_FRAMES,
) -> list[TouchAction]:
    """Show content further ``down`` (the finger moves up), ``up``, ``left`` or ``right``."""
    opposite = {"down": "up", "up": "down", "left": "right", "right": "left"}
    if direction not in opposite:
        raise ValueError(f"scroll direction must be one of {sorted(opposite)}, not {direction!r}")
    return swipe(opposite[direction], x, y, span, frames)


def type_text(x: float, y: float, text: str, frames: int = TAP_FRAMES) -> list[TouchAction]:
    """Click the field at (x, y), then type ``text``."""
    return [*click(x, y, frames), base_action(ActionType.TEXT, text=text)]


def press(key: str) -> list[TouchAction]:
    return [base_action(ActionType.KEY, key=key)]


def answer(text: str) -> list[TouchAction]:
    return [base_action(ActionType.ANSWER, text=text)]


def status(goal_status: str) -> list[TouchAction]:
    return [base_action(ActionType.STATUS, text=goal_status)]


def ask_user(question: str) -> list[TouchAction]:
    return [base_action(ActionType.ASK_USER, text=question)]


def mcp_call(tool: str, arguments: dict[str, Any]) -> list[TouchAction]:
    return [
        base_action(ActionType.MCP_CALL, text=json.dumps({"tool": tool, "arguments": arguments}))
    ]


def wait(frames: int = 1) -> list[TouchAction]:
    return [base_action(ActionType.REPEAT) for _ in range(frames)]


def play(env: Any, sequence: list[TouchAction]) -> tuple[Any, float, bool, bool, dict[str, Any]]:
    """Step ``env`` through the touch actions of one agent-level action.

    Rewards are summed; the instructions, events and reward breakdowns of the sub-steps are
    gathered in order; the first ``action_error`` is kept; the rest of ``info`` is the last
    sub-step's. Stops early if the episode ends. On the base env itself (no wrapper between
    that might read them) the sub-steps before the last make no observation
    (``MobileEnv.unobserved``): only the one returned is drawn.
    """
    if not sequence:
        raise ValueError("an agent action needs at least one touch-level action")
    gathered = _Gathered()
    quiet = getattr(env, "unwrapped", None) is env and hasattr(env, "unobserved")
    *before, last = sequence
    with env.unobserved() if quiet and before else contextlib.nullcontext():
        for touch_action in before:
            observation, reward, terminated, truncated, info = env.step(touch_action)
            gathered.add(reward, info)
            if terminated or truncated:
                return observation, gathered.total, terminated, truncated, gathered.info(info)
    observation, reward, terminated, truncated, info = env.step(last)
    gathered.add(reward, info)
    return observation, gathered.total, terminated, truncated, gathered.info(info)


class _Gathered:
    """What ``play`` gathers from the sub-steps of one agent action."""

    __slots__ = ("breakdown", "error", "events", "instructions", "replies", "total")

    def __init__(self) -> None:
        self.total = 0.0
        self.instructions: list[str] = []
        self.events: list[str] = []
        self.breakdown: dict[str, float] = {}
        self.error: str | None = None
        self.replies: dict[str, Any] = {}

    def add(self, reward: float, info: dict[str, Any]) -> None:
        self.total += reward
        self.instructions += info.get("instructions", ())
        self.events += info.get("events", ())
        for name, value in info.get("reward_breakdown", {}).items():
            self.breakdown[name] = self.breakdown.get(name, 0.0) + value
        self.error = self.error or info.get("action_error")
        for key in ("user_reply", "tool_result"):
            if info.get(key) is not None:
                self.replies[key] = info[key]

    def info(self, last: dict[str, Any]) -> dict[str, Any]:
        """The last sub-step's info with the gathered parts in place of its own."""
        return {
            **last,
            **self.replies,
            "instructions": self.instructions,
            "events": self.events,
            "reward_breakdown": self.breakdown,
            "action_error": self.error,
        }
