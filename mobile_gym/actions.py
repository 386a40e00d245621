"""The one mapping from high-level actions to touch-level actions.

Touch-level actions are the base env's Dict actions (positions normalised to [0, 1]).
A click is 3 TOUCH frames and a LIFT, a long press 10 TOUCH frames and a LIFT, a scroll or
swipe 10 TOUCH frames along a line and a LIFT (Mobile-Env's sequences; the frame counts
are parameters), typing is a click on the field and then TEXT. The task solutions use it
now; the action wrappers build on it.
"""

from __future__ import annotations

import functools
import itertools
import json
import operator
import struct
from typing import Any

import numpy as np

from mobile_gym.sim.input import line
from mobile_gym.sim.keys import key_name
from mobile_gym.spaces import KEYS, ActionType
from mobile_gym.timing import DRAG_FRAMES, LONG_PRESS_FRAMES, TAP_FRAMES

TouchAction = dict[str, Any]
StepResult = tuple[Any, float, bool, bool, dict[str, Any]]
SCROLL_SPAN = 0.4
"""How far a scroll drags, as a fraction of the screen (or of the scrolled view)."""

_KEY_INDEX = {name: i for i, name in enumerate(KEYS)}
_DEFAULT_KEY = "BACK"
_DEFAULT_KEY_INDEX = _KEY_INDEX[_DEFAULT_KEY]
"""The ``key`` of an action given none: the default name, already in its normal form."""


def base_action(
    kind: ActionType, x: float = 0.0, y: float = 0.0, key: str = _DEFAULT_KEY, text: str = ""
) -> TouchAction:
    """One touch-level action. An action that touches nothing at (0, 0), the default, shares
    one read-only ``touch_position`` with every other (it is never read)."""
    action = _BLANK[kind].copy()  # KeyError: not an action type
    if kind == ActionType.TOUCH or x != 0.0 or y != 0.0:
        action["touch_position"] = np.array((x, y), _F32)
    if key is not _DEFAULT_KEY:
        action["key"] = _KEY_INDEX[key_name(key)]
    action["text"] = text
    return action


_F32 = np.dtype(np.float32)
_NOWHERE = np.zeros(2, dtype=_F32)
_NOWHERE.flags.writeable = False
_BLANK = {
    kind: {
        "action_type": int(kind),
        "touch_position": _NOWHERE,
        "key": _DEFAULT_KEY_INDEX,
        "text": "",
    }
    for kind in ActionType
}
"""Each action type's action with every other field at its default (copied, then filled)."""


_PLAIN_FLOATS = frozenset(map(np.dtype, (np.float16, np.float32, np.float64)))
"""The array types whose ``tolist`` gives Python floats, exactly as ``float()`` would."""


def point(value: Any) -> tuple[float, float]:
    """A position as two floats (TypeError / ValueError if it is not two numbers)."""
    if type(value) is np.ndarray and value.dtype in _PLAIN_FLOATS and value.shape == (2,):
        x, y = value.tolist()  # the common case, without a conversion
    else:
        x, y = np.asarray(value, dtype=np.float64).reshape(2).tolist()
    return x, y


def touch(x: float, y: float) -> TouchAction:
    return base_action(ActionType.TOUCH, x, y)


def lift() -> TouchAction:
    return base_action(ActionType.LIFT)


def _held(x: float, y: float, frames: int) -> list[TouchAction]:
    """``frames`` touch frames at (x, y), the finger held still; they share one read-only
    ``touch_position``."""
    if frames <= 0:
        return []
    first = _BLANK[ActionType.TOUCH].copy()
    first["touch_position"] = _fixed_position(x, y)
    return [first, *map(dict.copy, itertools.repeat(first, frames - 1))]


def _fixed_position(x: float, y: float) -> np.ndarray:
    """``(x, y)`` as a ``touch_position`` that cannot be changed: an array over bytes (no
    one can make it writeable), where (x, y) fit; else a read-only copy."""
    try:
        return np.frombuffer(_PACK_POSITION(x, y), _F32)
    except (struct.error, OverflowError, TypeError):  # not two floats that fit: as numpy casts
        position = np.array((x, y), _F32)
        position.flags.writeable = False
        return position


_PACK_POSITION = struct.Struct("=2f").pack


def click(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    return [*_held(x, y, frames), lift()]


def double_tap(x: float, y: float, frames: int = TAP_FRAMES) -> list[TouchAction]:
    return click(x, y, frames) + click(x, y, frames)


def long_press(x: float, y: float, frames: int = LONG_PRESS_FRAMES) -> list[TouchAction]:
    return [*_held(x, y, frames), lift()]


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


def play(env: Any, sequence: list[TouchAction]) -> StepResult:
    """Step ``env`` through the touch actions of one agent-level action.

    Rewards are summed; the instructions, events and reward breakdowns of the sub-steps are
    gathered in order; the first ``action_error`` is kept; the rest of ``info`` is the last
    sub-step's. Stops early if the episode ends. On the base env itself (no wrapper between
    that might read them) the sub-steps before the last make no observation
    (``MobileEnv.unobserved_steps``): only the one returned is drawn, and those that leave
    nothing to gather are not gathered.
    """
    if not sequence:
        raise ValueError("an agent action needs at least one touch-level action")
    *before, last = sequence
    results: list[StepResult] = []
    if before:
        if getattr(env, "unwrapped", None) is env and hasattr(env, "unobserved_steps"):
            results = env.unobserved_steps(before)  # only the steps with something to gather
            if results and (results[-1][2] or results[-1][3]):
                return _gathered(results)
        else:
            for touch_action in before:
                result = env.step(touch_action)
                results.append(result)
                _, _, terminated, truncated, _ = result
                if terminated or truncated:
                    return _gathered(results)
    results.append(env.step(last))
    return _gathered(results)


_REWARD = operator.itemgetter(1)
_INFO = operator.itemgetter(4)
_INSTRUCTIONS = operator.methodcaller("get", "instructions", ())
_EVENTS = operator.methodcaller("get", "events", ())
_BREAKDOWN = operator.methodcaller("get", "reward_breakdown", {})
_ACTION_ERROR = operator.methodcaller("get", "action_error")
_REPLIES = ("user_reply", "tool_result")
"""The ``info`` keys of answers to the agent; the last one given in an action is kept."""
_NO_REPLY = frozenset(_REPLIES).isdisjoint


def _gathered(results: list[StepResult]) -> StepResult:
    """The outcome of the sub-steps of one agent action (see ``play``): the last one's, with
    the rewards summed in order and the gathered parts in place of its info's own."""
    if len(results) == 1 and not results[0][4].get("reward_breakdown"):
        # nothing to add up: the one sub-step's outcome as it is, its reward as the sum
        observation, reward, terminated, truncated, info = results[0]
        return observation, 0.0 + reward, terminated, truncated, info
    observation, _, terminated, truncated, last = results[-1]
    infos = list(map(_INFO, results))
    errors = list(map(_ACTION_ERROR, infos))
    info = {
        **last,
        **_replies(infos),
        "instructions": list(itertools.chain.from_iterable(map(_INSTRUCTIONS, infos))),
        "events": list(itertools.chain.from_iterable(map(_EVENTS, infos))),
        "reward_breakdown": _breakdown(infos),
        "action_error": next(filter(None, errors), errors[-1]),
    }
    # added one by one, in order, as the sub-steps came (``sum`` of floats compensates
    # rounding from Python 3.12 on, which would change the total)
    total = functools.reduce(operator.add, map(_REWARD, results), 0.0)
    return observation, total, terminated, truncated, info


def _breakdown(infos: list[dict[str, Any]]) -> dict[str, float]:
    """The reward breakdowns of ``infos`` added up by event."""
    breakdown: dict[str, float] = {}
    for rewards in filter(None, map(_BREAKDOWN, infos)):
        for name, value in rewards.items():
            breakdown[name] = breakdown.get(name, 0.0) + value
    return breakdown


def _replies(infos: list[dict[str, Any]]) -> dict[str, Any]:
    """The last user reply and tool result given in ``infos``, in the order first given."""
    replies: dict[str, Any] = {}
    for info in itertools.filterfalse(_NO_REPLY, infos):
        for key in _REPLIES:
            if info.get(key) is not None:
                replies[key] = info[key]
    return replies
