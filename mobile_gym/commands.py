"""Agent-level commands, and how one is carried out at touch level.

Every action wrapper (gestures, elements, grid, text commands, JSON) and the task
solutions turn what the agent says into a ``Command`` with positions normalised to [0, 1].
``touches`` maps a command to its touch-level actions (``mobile_gym.actions``) and
``run_command`` plays them on the env as one agent action. An action that cannot be
carried out is refused (``refuse``): one frame passes and ``info["action_error"]`` says why.
A ``type`` at a position taps the field, then types: where the task's rules count that tap
as an action of its own (``EpisodeRules.typing_tap_counts``, MobileAgentBench's),
``info["task_actions"]`` is 2, which the step cap and the episode's steps count.

``Command.check`` reads every field with the checks of ``mobile_gym.checks``: positions
must be numbers in [0, 1] (an agent-level position off the screen is refused, not
clamped), texts strings (a ``type`` text not empty, an ``answer`` or ``ask_user`` text not
empty or only spaces), ``arguments`` JSON nested at most ``MAX_JSON_DEPTH`` deep, a wait
at most ``MAX_WAIT_MS``. Whatever the fields hold, checking and running a command never
raises.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from mobile_gym import actions
from mobile_gym.actions import StepResult, TouchAction
from mobile_gym.checks import check_int, check_json, check_number, check_text, shown
from mobile_gym.device.base import DeviceError
from mobile_gym.sim.driver import find_all
from mobile_gym.sim.keys import key_name
from mobile_gym.spaces import NO_FOCUSED_FIELD, STATUSES, TEXT_LENGTH, ActionType
from mobile_gym.timing import FRAME_MS

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
MAX_WAIT_MS = 60_000
"""The longest wait one command may ask for (a minute of the phone's time)."""
_POSITIONS = ("x", "y", "x2", "y2")
_TEXTS = ("text", "direction", "key", "app", "tool")


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
    """How long a wait lasts (default one frame; at most ``MAX_WAIT_MS``)."""

    def check(self) -> None:
        """Raise CommandError naming what is missing or wrong."""
        verb = self.verb
        if not isinstance(verb, str) or verb not in VERBS:
            raise CommandError(f"unknown action {shown(verb)}; actions: {', '.join(VERBS)}")
        try:
            self._check_fields()
        except ValueError as exc:
            raise CommandError(f"{verb}: {exc}") from None
        if (self.x is None) != (self.y is None):
            raise CommandError(f"{verb}: a position needs both x and y, got only one")
        if verb in ("click", "double_tap", "long_press", "swipe") and self.x is None:
            raise CommandError(f"{verb} needs a position")
        if verb == "swipe" and (self.x2 is None or self.y2 is None):
            raise CommandError("swipe needs an end position")
        if verb == "scroll" and self.direction not in DIRECTIONS:
            raise CommandError(
                f"scroll direction must be one of {DIRECTIONS}, got {shown(self.direction)}"
            )
        if verb == "key":
            try:
                key_name(self.key)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
        if verb == "type" and not self.text:
            raise CommandError("type needs text to type")
        if verb in ("answer", "ask_user") and not self.text.strip():
            raise CommandError(f"{verb} needs text (not only spaces)")
        if verb == "status" and self.text not in STATUSES:
            raise CommandError(f"status must be one of {STATUSES}, got {shown(self.text)}")
        if verb == "open_app" and not self.app.strip():
            raise CommandError("open_app needs an app name")
        if verb == "mcp_call":
            try:
                check_json("mcp_call arguments", self.arguments)
            except ValueError as exc:
                raise CommandError(str(exc)) from None
            if not self.tool:
                raise CommandError("mcp_call needs a tool name")

    def _check_fields(self) -> None:
        """Check the fields every verb shares (ValueError naming the field)."""
        for name in _POSITIONS:
            value = getattr(self, name)
            if value is not None:
                check_number(name, value, 0.0, 1.0)
        for name in _TEXTS:
            check_text(name, getattr(self, name), TEXT_LENGTH)
        if self.span is not None and check_number("span", self.span, 0.0, 1.0) == 0.0:
            raise ValueError(f"span must be above 0, got {shown(self.span)}")
        if self.ms is not None:
            check_int("ms", self.ms, 0, MAX_WAIT_MS)
        if not isinstance(self.arguments, dict):
            raise ValueError(f"arguments must be a JSON object, got {shown(self.arguments)}")


def touches(command: Command) -> list[TouchAction]:
    """The touch-level actions of a checked command (``open_app`` reads the screen between
    its touches: ``run_command`` carries it out)."""
    c = command
    if c.verb == "click":
        return actions.click(c.x, c.y)  # type: ignore[arg-type]
    if c.verb == "double_tap":
        return actions.double_tap(c.x, c.y)  # type: ignore[arg-type]
    if c.verb == "long_press":
        return actions.long_press(c.x, c.y)  # type: ignore[arg-type]
    if c.verb == "swipe":
        return actions.drag(c.x, c.y, c.x2, c.y2)  # type: ignore[arg-type]
    if c.verb == "scroll":
        x, y = 0.5 if c.x is None else c.x, 0.5 if c.y is None else c.y
        span = actions.SCROLL_SPAN if c.span is None else c.span
        return actions.scroll(c.direction, x, y, span)
    if c.verb == "type":
        if c.x is None or c.y is None:
            return [actions.base_action(ActionType.TEXT, text=c.text)]
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
    action; a command that cannot be carried out is refused (``refuse``)."""
    try:
        command.check()
    except CommandError as exc:
        return refuse(env, str(exc))
    if command.verb == "open_app":
        return _open_app(env, command.app)
    result = actions.play(env, touches(command))
    if command.verb == "type" and command.x is not None:
        if result[4].get("action_error") == NO_FOCUSED_FIELD:
            result = _with_error(result, _missed_field(command))
        if _typing_tap_counts(env):
            result[4]["task_actions"] = 2
    return result


def _missed_field(command: Command) -> str:
    """The error of a ``type`` whose tap put no text field in focus."""
    return (
        f"type: the tap at ({command.x:.3f}, {command.y:.3f}) put no text field in focus, so"
        " nothing was typed (a dialog, menu or sheet in front of the field takes such a tap)"
    )


def _typing_tap_counts(env: Any) -> bool:
    """Whether the task of ``env`` counts the tap of a positioned ``type`` as an action."""
    task = getattr(env.unwrapped, "task", None)
    return bool(task is not None and task.episode.typing_tap_counts)


def refuse(env: Any, error: str) -> StepResult:
    """What an action that cannot be carried out does: one frame passes on ``env`` and
    ``info["action_error"]`` says why."""
    return _with_error(actions.play(env, actions.wait()), error)


def _open_app(env: Any, name: str) -> StepResult:
    """HOME, swipe up to the app drawer, tap the app's icon: what a user does, as one agent
    action (only its last step observed); without such an icon a frame passes instead. A
    device fault reading the drawer ends the episode at that frame, as any device fault
    does."""
    results = []
    base = env.unwrapped
    with actions.unobserved(env):
        for sequence in (actions.press("HOME"), actions.swipe("up", 0.5, 0.6)):
            results.append(actions.play(env, sequence))
            _, _, terminated, truncated, _ = results[-1]
            if terminated or truncated:
                return actions.merge(results)
        try:
            icon = _app_icon(base.device.hierarchy_xml(), name, base.device.size)
        except DeviceError as fault:
            base.device_failed(fault)
            icon = None
    if icon is None:
        results.append(actions.play(env, actions.wait()))
        if base.error is not None:  # the drawer could not be read: the fault's step
            return actions.merge(results)
        return _with_error(actions.merge(results), f"no app named {shown(name)} in the app drawer")
    results.append(actions.play(env, actions.click(*icon)))
    return actions.merge(results)


def _app_icon(xml: str, name: str, size: tuple[int, int]) -> tuple[float, float] | None:
    """The normalised centre of the first clickable node on the screen labelled ``name``
    (its text, else its description, else its id; case and outer spaces aside)."""
    wanted = name.strip().casefold()
    for node in find_all(xml, clickable="true", enabled="true"):
        label = node.text or node.desc or node.resource_id.rsplit("/")[-1]
        if label.casefold() == wanted and not node.bounds.empty:
            x, y = node.bounds.center
            return x / max(size[0] - 1, 1), y / max(size[1] - 1, 1)
    return None


def _with_error(result: StepResult, error: str) -> StepResult:
    observation, reward, terminated, truncated, info = result
    return observation, reward, terminated, truncated, {**info, "action_error": error}
