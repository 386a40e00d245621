"""Agent-level commands, and how one is carried out at touch level.

Every action wrapper (gestures, elements, grid, text commands, JSON) turns what the agent
said into a ``Command`` with positions normalised to [0, 1], then ``run_command`` plays it
on the base env through the one touch mapping in ``mobile_gym.actions``: the rewards of
the touch steps are summed and their instructions and events gathered.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from mobile_gym import actions
from mobile_gym.sim.keys import key_name
from mobile_gym.spaces import STATUSES
from mobile_gym.timing import FRAME_MS
from mobile_gym.wrappers.elements import screen_elements

VERBS = (
    "click",
    "double_tap",
    "long_press",
    "swipe",
    "scroll",
    "type",
    "key",
    "open_app",
    "wait",
    "answer",
    "status",
    "ask_user",
    "mcp_call",
)
DIRECTIONS = ("up", "down", "left", "right")
StepResult = tuple[Any, float, bool, bool, dict[str, Any]]


class CommandError(ValueError):
    """A command that cannot be carried out; its message is meant for the agent."""


@dataclass(frozen=True)
class Command:
    """One agent action. Positions are normalised; ``x2``/``y2`` end a swipe."""

    verb: str
    x: float | None = None
    y: float | None = None
    x2: float | None = None
    y2: float | None = None
    text: str = ""
    direction: str = ""
    key: str = ""
    app: str = ""
    tool: str = ""
    arguments: dict[str, Any] = field(default_factory=dict)
    span: float | None = None
    """How far a scroll moves the finger, as a fraction of the screen (default SCROLL_SPAN)."""
    ms: int | None = None
    """How long a wait lasts (default one frame)."""

    def check(self) -> None:
        """Raise CommandError naming what is missing or wrong."""
        verb = self.verb
        if not isinstance(verb, str) or verb not in VERBS:
            raise CommandError(f"unknown action {verb!r}; actions: {', '.join(VERBS)}")
        for name in _POSITIONS:
            value = getattr(self, name)
            if value is not None and (
                isinstance(value, bool) or not isinstance(value, _REAL) or not 0.0 <= value <= 1.0
            ):
                raise CommandError(f"{verb}: {name} must be a number in [0, 1], got {value!r}")
        texts = (self.text, self.direction, self.key, self.app, self.tool)
        if not all(map(isinstance, texts, _STR)):  # then say which is not
            for name, value in zip(_TEXTS, texts, strict=True):
                if not isinstance(value, str):
                    raise CommandError(f"{verb}: {name} must be text, got {value!r}")
        if self.span is not None and (
            isinstance(self.span, bool)
            or not isinstance(self.span, _REAL)
            or not 0.0 < self.span <= 1.0
        ):
            raise CommandError(f"{verb}: span must be a number in (0, 1], got {self.span!r}")
        if self.ms is not None and (
            isinstance(self.ms, bool) or not isinstance(self.ms, int) or self.ms < 0
        ):
            raise CommandError(f"{verb}: ms must be a non-negative integer, got {self.ms!r}")
        if not isinstance(self.arguments, dict):
            raise CommandError(f"{verb}: arguments must be a JSON object, got {self.arguments!r}")
        verb_check = _VERB_CHECKS.get(verb)
        if verb_check is not None:
            verb_check(self)

    def _check_position(self) -> None:
        if self.x is None or self.y is None:
            raise CommandError(f"{self.verb} needs a position")

    def _check_swipe(self) -> None:
        self._check_position()
        if self.x2 is None or self.y2 is None:
            raise CommandError("swipe needs an end position")

    def _check_scroll(self) -> None:
        if self.direction not in DIRECTIONS:
            raise CommandError(
                f"scroll direction must be one of {DIRECTIONS}, got {self.direction!r}"
            )

    def _check_key(self) -> None:
        try:
            key_name(self.key)
        except ValueError as exc:
            raise CommandError(str(exc)) from None

    def _check_status(self) -> None:
        if self.text not in STATUSES:
            raise CommandError(f"status must be one of {STATUSES}, got {self.text!r}")

    def _check_open_app(self) -> None:
        if not self.app.strip():
            raise CommandError("open_app needs an app name")

    def _check_mcp_call(self) -> None:
        try:
            json.dumps(self.arguments)
        except (TypeError, ValueError) as exc:
            raise CommandError(f"mcp_call arguments must be JSON: {exc}") from None
        if not self.tool:
            raise CommandError("mcp_call needs a tool name")


_POSITIONS = ("x", "y", "x2", "y2")
_TEXTS = ("text", "direction", "key", "app", "tool")
_STR = (str,) * len(_TEXTS)
_REAL = (int, float)
_VERB_CHECKS: dict[str, Callable[[Command], None]] = {
    "click": Command._check_position,
    "double_tap": Command._check_position,
    "long_press": Command._check_position,
    "swipe": Command._check_swipe,
    "scroll": Command._check_scroll,
    "key": Command._check_key,
    "status": Command._check_status,
    "open_app": Command._check_open_app,
    "mcp_call": Command._check_mcp_call,
}
"""What ``Command.check`` checks for each verb once the fields all verbs share are sound."""


TAPS: dict[str, Callable[[float, float], list[actions.TouchAction]]] = {
    "click": actions.click,
    "double_tap": actions.double_tap,
    "long_press": actions.long_press,
}
"""The verbs that touch one point, and their touch sequence at a point."""


def tap_at(env: Any, verb: str, x: float, y: float) -> StepResult | None:
    """``run_command(env, Command(verb, x=x, y=y))`` for a verb of ``TAPS`` and a point on
    the screen (floats in [0, 1]), without making the command (agents tap most); None for
    anything else, which then needs the command (and its checks)."""
    tap = TAPS.get(verb)
    if tap is None or type(x) is not float or type(y) is not float:
        return None
    if not (0.0 <= x <= 1.0 and 0.0 <= y <= 1.0):
        return None
    return actions.play(env, tap(x, y))


def touches(command: Command) -> list[actions.TouchAction]:
    """The touch-level actions of a command (``open_app`` is carried out by ``run_command``)."""
    c = command
    tap = TAPS.get(c.verb)
    if tap is not None:
        return tap(c.x, c.y)  # type: ignore[arg-type]
    if c.verb == "swipe":
        return actions.drag(c.x, c.y, c.x2, c.y2)  # type: ignore[arg-type]
    if c.verb == "scroll":
        x, y = 0.5 if c.x is None else c.x, 0.5 if c.y is None else c.y
        if c.span is None:
            return actions.scroll(c.direction, x, y)
        return actions.scroll(c.direction, x, y, c.span)
    if c.verb == "type":
        if c.x is None or c.y is None:
            return [actions.base_action(actions.ActionType.TEXT, text=c.text)]
        return actions.type_text(c.x, c.y, c.text)
    if c.verb == "key":
        return actions.press(c.key)
    if c.verb == "wait":
        return actions.wait(1 if c.ms is None else max(1, math.ceil(c.ms / FRAME_MS)))
    if c.verb == "answer":
        return actions.answer(c.text)
    if c.verb == "status":
        return actions.status(c.text)
    if c.verb == "ask_user":
        return actions.ask_user(c.text)
    if c.verb == "mcp_call":
        return actions.mcp_call(c.tool, c.arguments)
    raise CommandError(f"{c.verb} has no fixed touch sequence")


def run_command(env: Any, command: Command) -> StepResult:
    """Carry out ``command`` on ``env`` (the base env, or a wrapper over it) as one agent
    action. A command that cannot be carried out waits one frame and reports
    ``info["action_error"]``."""
    try:
        command.check()
        if command.verb == "open_app":
            return _open_app(env, command.app)
        return actions.play(env, touches(command))
    except CommandError as exc:
        observation, reward, terminated, truncated, info = actions.play(env, actions.wait())
        return observation, reward, terminated, truncated, {**info, "action_error": str(exc)}


def _open_app(env: Any, name: str) -> StepResult:
    """HOME, swipe up to the app drawer, tap the app's icon: what a user does."""
    base = env.unwrapped
    steps = [actions.press("HOME"), actions.swipe("up", 0.5, 0.6)]
    merged: StepResult | None = None
    for sequence in steps:
        merged = _merge(merged, actions.play(env, sequence))
        if merged[2] or merged[3]:
            return merged
    wanted = name.strip().casefold()
    icons = [
        e
        for e in screen_elements(base.device.hierarchy_xml())
        if e.clickable and e.label.casefold() == wanted
    ]
    if not icons:
        observation, reward, terminated, truncated, info = merged  # type: ignore[misc]
        error = f"no app named {name!r} in the app drawer"
        return observation, reward, terminated, truncated, {**info, "action_error": error}
    return _merge(merged, actions.play(env, actions.click(*icons[0].centre(base.device.size))))


def _merge(first: StepResult | None, second: StepResult) -> StepResult:
    if first is None:
        return second
    _, reward1, _, _, info1 = first
    observation, reward2, terminated, truncated, info2 = second
    info = {
        **info2,
        "instructions": info1["instructions"] + info2["instructions"],
        "events": info1["events"] + info2["events"],
        "reward_breakdown": {
            k: info1["reward_breakdown"].get(k, 0.0) + info2["reward_breakdown"].get(k, 0.0)
            for k in {**info1["reward_breakdown"], **info2["reward_breakdown"]}
        },
        "action_error": info1.get("action_error") or info2.get("action_error"),
    }
    return observation, reward1 + reward2, terminated, truncated, info
