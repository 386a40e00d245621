"""GestureActions: one agent action is one gesture (click, swipe, scroll, type, key, ...).

Description:
    A structured action space over the touch-level env, the one GUI agents and policies
    with mixed discrete / continuous heads use. Each step turns the action into a
    ``Command`` and carries it out with ``run_command``: the one touch mapping of
    ``mobile_gym.actions`` plays it on the wrapped env, rewards of the touch steps summed,
    their instructions and events gathered.

Action Space:
    ``Dict(verb: Discrete(len(VERBS)), position: Box([0, 1]^2), end: Box([0, 1]^2),
    direction: Discrete(4), key: Discrete(len(KEYS)), text: UnicodeText)``. ``verb`` indexes
    ``VERBS`` and decides which other fields are read (the rest are ignored; a field the
    space does not have is refused):

    ==============================  ==================================================
    click, double_tap, long_press   ``position``
    swipe                           from ``position`` to ``end``
    scroll                          ``direction`` (index into ``DIRECTIONS``: content
                                    moves into view from there), at ``position``; the
                                    screen centre if ``position`` is left out
    type                            ``text``, into the field at ``position`` (clicked
                                    first); into the focused field if left out
    key                             ``key`` (index into ``KEYS``)
    open_app                        ``text``: the app's label in the app drawer
    wait                            nothing (one frame passes)
    answer, ask_user                ``text``
    status                          ``text``: ``complete`` or ``infeasible``
    mcp_call                        ``text``: JSON ``{"tool": name, "arguments": {...}}``
    ==============================  ==================================================

    In Python, ``verb``, ``direction`` and ``key`` may also be given by name, and a
    ``Command`` may be passed as the action itself.

    Every field is read with the checks of ``mobile_gym.checks``: a position must be two
    numbers in [0, 1] (one off the screen is refused, not clamped), ``text`` a string no
    longer than the space's ``text_length``, ``mcp_call`` text a JSON object nested at most
    ``MAX_JSON_DEPTH`` deep.

Observation:
    That of the wrapped env, after the gesture's last touch step.

Rewards / Termination:
    Those of the wrapped env, summed over the gesture's touch steps; the gesture stops early
    if the episode ends. A malformed action waits one frame and explains itself in
    ``info["action_error"]``; it never raises.

Step cap:
    ``StepCap`` goes outside this wrapper, counting gestures; a ``StepCap`` inside it is
    refused (ValueError).
"""

from __future__ import annotations

from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from mobile_gym.actions import StepResult
from mobile_gym.checks import check_int, check_pair, check_text, shown
from mobile_gym.commands import DIRECTIONS, VERBS, Command, CommandError, refuse, run_command
from mobile_gym.spaces import KEYS, TEXT_LENGTH, UnicodeText
from mobile_gym.tasks.signals import parse_tool_call
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.step_cap import refuse_cap_inside

_POINTED = ("click", "double_tap", "long_press", "swipe")
_TEXTUAL = ("type", "answer", "status", "ask_user", "open_app", "mcp_call")


def gesture_action_space(text_length: int = TEXT_LENGTH) -> spaces.Dict:
    """The action space of ``GestureActions``."""
    return spaces.Dict(
        {
            "verb": spaces.Discrete(len(VERBS)),
            "position": spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32),
            "end": spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32),
            "direction": spaces.Discrete(len(DIRECTIONS)),
            "key": spaces.Discrete(len(KEYS)),
            "text": UnicodeText(text_length),
        }
    )


_FIELDS = tuple(gesture_action_space().spaces)
"""The fields an action may have: those of the action space."""


class GestureActions(gym.Wrapper, RecordedArgs):
    """Gestures in, touch sequences out; see the module docstring for the action space."""

    def __init__(self, env: gym.Env, text_length: int = TEXT_LENGTH) -> None:
        RecordedArgs.__init__(self, text_length=text_length)
        refuse_cap_inside(env, type(self).__name__)
        super().__init__(env)
        self.text_length = check_int("text_length", text_length, low=1)
        self.action_space = gesture_action_space(text_length)

    def step(self, action: dict[str, Any] | Command) -> StepResult:
        try:
            command = self.command(action)
        except CommandError as exc:
            return refuse(self.env, str(exc))
        return run_command(self.env, command)

    def command(self, action: dict[str, Any] | Command) -> Command:
        """The ``Command`` an action stands for; CommandError (for the agent) if it cannot
        be read. Names are checked when the command runs (``Command.check``)."""
        if isinstance(action, Command):
            return action
        if not isinstance(action, dict):
            raise CommandError(
                f"an action is a dict with a 'verb' (or a Command), not {type(action).__name__}"
            )
        unknown = sorted(str(name) for name in action if name not in _FIELDS)
        if unknown:
            raise CommandError(
                f"the action has unknown fields {unknown}; its fields: {', '.join(_FIELDS)}"
            )
        verb = _choice(action, "verb", VERBS)
        fields: dict[str, Any] = {}
        if verb in _POINTED or (verb in ("scroll", "type") and "position" in action):
            fields["x"], fields["y"] = _point(action, "position", verb)
        if verb == "swipe":
            fields["x2"], fields["y2"] = _point(action, "end", verb)
        if verb == "scroll":
            fields["direction"] = _choice(action, "direction", DIRECTIONS)
        if verb == "key":
            fields["key"] = _choice(action, "key", KEYS)
        if verb in _TEXTUAL:
            fields.update(_text_fields(verb, action.get("text"), self.text_length))
        return Command(verb, **fields)


def _text_fields(verb: str, text: Any, text_length: int) -> dict[str, Any]:
    """The fields of ``verb``'s ``Command`` read from the action's ``text``."""
    try:
        text = check_text(verb, text, text_length)
    except ValueError as exc:
        raise CommandError(str(exc)) from None
    if verb == "open_app":
        return {"app": text}
    if verb == "mcp_call":
        try:
            tool, arguments = parse_tool_call(text)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        return {"tool": tool, "arguments": arguments}
    return {"text": text}


def _choice(action: dict[str, Any], field: str, options: tuple[str, ...]) -> str:
    """A name given by index into ``options`` or as itself (a name is checked later)."""
    if field not in action:
        raise CommandError(f"the action has no {field!r}")
    value = action[field]
    if isinstance(value, str):
        return value
    if isinstance(value, np.ndarray) and value.size == 1:
        value = value.reshape(()).item()
    try:
        return options[check_int(field, value, 0, len(options) - 1)]
    except ValueError:
        raise CommandError(
            f"{field} must be an index in 0..{len(options) - 1} or a name, got {shown(value)}"
        ) from None


def _point(action: dict[str, Any], field: str, verb: str) -> tuple[Any, Any]:
    """The two numbers of a position field of a ``verb`` action (checked as the command's
    ``x`` and ``y``)."""
    if field not in action:
        raise CommandError(f"{verb} needs {field!r}")
    try:
        return check_pair(field, action[field])
    except ValueError as exc:
        raise CommandError(str(exc)) from None
