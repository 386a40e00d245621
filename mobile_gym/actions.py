"""Touch-level actions, the touch frames of each gesture, and playing them as one action.

A touch-level action is one step of the base env: a Dict with ``action_type`` (an
``ActionType``), ``touch_position`` (normalised to [0, 1]), ``key`` (an index into
``KEYS``) and ``text``. A gesture is a list of them: a click is 3 TOUCH frames at a point
and a LIFT, a long press 10, a scroll or swipe 10 TOUCH frames along a line and a LIFT (the
points of ``mobile_gym.gestures``; the frame counts are parameters), typing is a click on
the field and then TEXT. ``play`` steps an env through such a list as one agent action and
``merge`` makes one outcome of the steps. The task solutions and every action wrapper
(through ``mobile_gym.commands``) use this one mapping.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any

import numpy as np

from mobile_gym import gestures
from mobile_gym.sim.keys import key_name
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.timing import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES

TouchAction = dict[str, Any]
StepResult = tuple[Any, float, bool, bool, dict[str, Any]]
SCROLL_SPAN = 0.4
"""How far a scroll drags, as a fraction of the screen (or of the scrolled view)."""
SWIPE_SPAN = 0.5
"""How far a swipe moves the finger by default, as a fraction of the screen."""
REPLIES = ("user_reply", "tool_result")
"""The ``info`` keys of answers to the agent; ``merge`` keeps the last one given of each."""

_KEY_INDEX = {name: i for i, name in enumerate(KEYS)}
_FINGER_MOVES = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
"""Which way the finger moves for each swipe direction, in screen coordinates."""
_SCROLL_SWIPES = {"down": "up", "up": "down", "left": "right", "right": "left"}
"""The swipe that shows content further in each scroll direction: the finger moves against
it, as on a phone."""


# one touch-level action ------------------------------------------------------------------
def base_action(
    kind: ActionType, x: float = 0.0, y: float = 0.0, key: str | int = "BACK", text: str = ""
) -> TouchAction:
    """One touch-level action (ValueError if ``key`` names no Android key)."""
    return {
        "action_type": int(kind),
        "touch_position": np.array((x, y), dtype=np.float32),
        "key": _KEY_INDEX[key_name(key)],
        "text": text,
    }


def touch(x: float, y: float) -> TouchAction:
    """The finger is down at (x, y)."""
    return base_action(ActionType.TOUCH, x, y)


def lift() -> TouchAction:
    """The finger leaves the screen."""
    return base_action(ActionType.LIFT)


# gestures --------------------------------------------------------------------------------
def click(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    """Touch frames held at (x, y), then a lift."""
    return _gesture(gestures.tap(x, y, frames))


def double_tap(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    """Two clicks at (x, y)."""
    return click(x, y, frames) + click(x, y, frames)


def long_press(x: float, y: float, frames: int = LONG_PRESS_FRAMES) -> list[TouchAction]:
    """Touch frames held at (x, y) long enough for a long press, then a lift."""
    return _gesture(gestures.long_press(x, y, frames))


def drag(
    x1: float, y1: float, x2: float, y2: float, frames: int = DRAG_FRAMES
) -> list[TouchAction]:
    """Touch frames evenly spaced from (x1, y1) to (x2, y2), then a lift."""
    return _gesture(gestures.drag(x1, y1, x2, y2, frames))


def _gesture(points: list[gestures.Point]) -> list[TouchAction]:
    """A touch frame at each of ``points``, then a lift."""
    return [*(touch(x, y) for x, y in points), lift()]


def swipe_line(
    direction: str, x: float = 0.5, y: float = 0.5, span: float = SWIPE_SPAN
) -> tuple[float, float, float, float]:
    """Start and end (x1, y1, x2, y2) of a finger moving ``direction`` through (x, y)."""
    if direction not in _FINGER_MOVES:
        raise ValueError(
            f"swipe direction must be one of {sorted(_FINGER_MOVES)}, not {direction!r}"
        )
    dx, dy = _FINGER_MOVES[direction]
    half = span / 2
    return x - dx * half, y - dy * half, x + dx * half, y + dy * half


def swipe(
    direction: str,
    x: float = 0.5,
    y: float = 0.5,
    span: float = SWIPE_SPAN,
    frames: int = DRAG_FRAMES,
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
    if direction not in _SCROLL_SWIPES:
        raise ValueError(
            f"scroll direction must be one of {sorted(_SCROLL_SWIPES)}, not {direction!r}"
        )
    return swipe(_SCROLL_SWIPES[direction], x, y, span, frames)


def type_text(x: float, y: float, text: str, frames: int = TAP_FRAMES) -> list[TouchAction]:
    """Click the field at (x, y), then type ``text``."""
    return [*click(x, y, frames), base_action(ActionType.TEXT, text=text)]


# single actions --------------------------------------------------------------------------
def press(key: str) -> list[TouchAction]:
    return [base_action(ActionType.KEY, key=key)]


def answer(text: str) -> list[TouchAction]:
    return [base_action(ActionType.ANSWER, text=text)]


def status(goal_status: str) -> list[TouchAction]:
    return [base_action(ActionType.STATUS, text=goal_status)]


def ask_user(question: str) -> list[TouchAction]:
    return [base_action(ActionType.ASK_USER, text=question)]


def mcp_call(tool: str, arguments: dict[str, Any]) -> list[TouchAction]:
    call = json.dumps({"tool": tool, "arguments": arguments})
    return [base_action(ActionType.MCP_CALL, text=call)]


def wait(frames: int = 1) -> list[TouchAction]:
    return [base_action(ActionType.REPEAT) for _ in range(frames)]


# one agent action ------------------------------------------------------------------------
def play(env: Any, sequence: list[TouchAction]) -> StepResult:
    """Step ``env`` through the touch-level actions of one agent action, stopping early if
    the episode ends; return the steps' outcomes merged (``merge``).

    On the base env the steps before the last are taken inside ``env.unobserved()``: their
    observations are not made, as only the last one is returned. Through a wrapper (which
    may read every observation) each step is taken as it is.
    """
    if not sequence:
        raise ValueError("an agent action needs at least one touch-level action")
    *before, last = sequence
    results: list[StepResult] = []
    with unobserved(env):
        for action in before:
            results.append(env.step(action))
            _, _, terminated, truncated, _ = results[-1]
            if terminated or truncated:
                return merge(results)
    results.append(env.step(last))
    return merge(results)


def unobserved(env: Any) -> contextlib.AbstractContextManager[None]:
    """``env.unobserved()`` if ``env`` is the base env and offers it, else nothing. An agent
    action made of several touch sequences (``play``) plays all but its last inside it, so
    that, as any agent action, it ends with one observed step."""
    if getattr(env, "unwrapped", None) is env and hasattr(env, "unobserved"):
        return env.unobserved()
    return contextlib.nullcontext()


def merge(results: list[StepResult]) -> StepResult:
    """The outcomes of the steps of one agent action as one outcome: the last step's, with
    the rewards summed in order, the instructions, events and reward breakdowns of all the
    steps gathered in order, the first action error (else the last step's), and the last
    user reply and tool result given (``REPLIES``)."""
    observation, _, terminated, truncated, last = results[-1]
    reward = 0.0
    instructions: list[str] = []
    events: list[str] = []
    breakdown: dict[str, float] = {}
    replies: dict[str, Any] = {}
    errors = []
    for _, step_reward, _, _, info in results:
        reward += step_reward
        instructions += info.get("instructions", ())
        events += info.get("events", ())
        for name, value in (info.get("reward_breakdown") or {}).items():
            breakdown[name] = breakdown.get(name, 0.0) + value
        for key in REPLIES:
            if info.get(key) is not None:
                replies[key] = info[key]
        errors.append(info.get("action_error"))
    info = {
        **last,
        **replies,
        "instructions": instructions,
        "events": events,
        "reward_breakdown": breakdown,
        "action_error": next((error for error in errors if error), errors[-1]),
    }
    return observation, reward, terminated, truncated, info
