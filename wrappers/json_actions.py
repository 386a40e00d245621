"""JsonActions: the agent writes AndroidWorld's JSON actions (plus MobileWorld's ``ask_user``
and ``mcp``), e.g. ``{"action_type": "click", "index": 3}``.

Schema (one JSON object; unknown keys are ignored)::

    action_type       fields
    click             index | x, y           tap
    double_tap        index | x, y           two taps
    long_press        index | x, y           long press
    input_text        text [, index | x, y]  tap the field (if given), then type text
    scroll            direction [, index | x, y] [, span]   reveal content further ``direction``
    swipe             direction [, index | x, y]   the finger moves ``direction``
    navigate_home                            HOME key
    navigate_back                            BACK key
    keyboard_enter                           ENTER key
    open_app          app_name               open the app from the app drawer
    wait              [ms]                   let a frame pass (``ms``: that long)
    drag              start_x, start_y, end_x, end_y   the finger moves from start to end (pixels)
    status            goal_status            complete | infeasible: ends the episode
    finished                                 status complete (MobileWorld's ``finished``)
    answer            text                   reply to the user
    ask_user          text                   ask the user a question
    mcp               action_name, action_json (object)    call an MCP tool

MobileWorld's ``unknown`` (the action of a reply its agent could not read, which ends its
episode) is refused like any unreadable reply: the agent acts on, and stops with ``status``.

``mcp`` takes MobileWorld's keys, ``{"action_type": "mcp", "action_name":
"amap_maps_weather", "action_json": {"city": "杭州"}}``, or ``tool`` / ``name`` for the name
and ``arguments`` for its arguments. The user's reply comes in ``info["ask_user_response"]``
(also ``user_reply``) and, on a task with a ``user`` block, in the observation's
``ask_user_response``; a tool's result in ``info["tool_call"]`` (the tool, its arguments,
the result, whether it failed; its text also in ``tool_result``) and, on a task with
``tools``, in the observation's ``tool_call`` (its ``tools`` lists the tools, one JSON
object a line), as MobileWorld names them.

``index`` is an element number of the current screen (``screen_elements``); ``x``, ``y`` are
pixels on the device screen (as AndroidWorld uses), converted to the normalised touch
positions. ``direction`` is ``up``, ``down``, ``left`` or ``right``.

Beyond AndroidWorld's schema, two optional fields carry what a ``Command`` can say and
AndroidWorld's actions cannot, so that every command has a JSON action doing exactly the
same (``mobile_gym.data`` writes them in its labels): a scroll's ``span``, how far the finger
moves as a fraction of the screen (above 0, at most 1; default ``SCROLL_SPAN``), and a
wait's ``ms``, how long it lasts in milliseconds (0 to ``MAX_WAIT_MS``; default one frame).
They are ``Command``'s fields of the same names and are checked as ``Command.check`` checks
them: a malformed one is refused like any other field. An action with either is read into
a ``JsonCommand`` (a ``ParsedCommand`` that carries them); ``parsed_action`` in ``info``
shows it in the text grammar, which has no such fields.

Tolerated: the object inside prose or a Markdown ``json`` fence, Python dict syntax (single
quotes, ``True``), trailing commas, ``"action"`` for ``"action_type"``, numbers written as
strings, case and spaces in ``action_type``, ``"question"`` for ask_user's ``text``,
``args`` / ``parameters`` / ``params`` for mcp's arguments, ``tool_name`` for its name. If
the text holds several objects with an ``action_type``, the LAST one is the action (as with
TextCommands' ACTION lines). A Python dict may be passed directly instead of text.

``json_action`` writes a command back as its JSON action in MobileWorld's keys (what the
LLM agents' ``json`` dialect sends for a readable reply).

Refused before it is read (``mobile_gym.checks``): text longer than the wrapper's
``max_length``, and text or mcp arguments nested more than ``MAX_JSON_DEPTH`` deep.
"""

from __future__ import annotations

import json
import math
import numbers
import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from mobile_gym.actions import StepResult
from mobile_gym.checks import check_json, check_nesting, shown
from mobile_gym.commands import DIRECTIONS, Command, CommandError, run_command
from mobile_gym.wrappers.text_commands import (
    ParsedActionWrapper,
    ParsedCommand,
    closing_bracket,
    load_object,
)

__all__ = [
    "ACCEPTED_JSON_FORMS",
    "ACTION_TYPES",
    "EXTRA_FIELDS",
    "JsonActionError",
    "JsonActions",
    "JsonCommand",
    "json_action",
    "json_command",
    "parse_json_action",
]

ACTION_TYPES = (
    "click",
    "double_tap",
    "long_press",
    "input_text",
    "scroll",
    "swipe",
    "drag",
    "navigate_home",
    "navigate_back",
    "keyboard_enter",
    "open_app",
    "wait",
    "status",
    "finished",
    "answer",
    "ask_user",
    "mcp",
)

ACCEPTED_JSON_FORMS = (
    'Reply with one JSON object, e.g. {"action_type": "click", "index": 3}. action_type: '
    "click, double_tap, long_press (index, or x and y in pixels); input_text (text, optional "
    "index); scroll, swipe (direction up|down|left|right, optional index; scroll: optional span, "
    "the fraction of the screen the finger moves); drag (start_x, start_y, end_x, end_y in "
    "pixels); navigate_home; navigate_back; keyboard_enter; open_app (app_name); wait "
    "(optional ms); status (goal_status complete|infeasible; finished: complete); answer (text); ask_user (text: the reply comes in ask_user_response); mcp "
    "(action_name: the tool, action_json: its arguments object; the result comes in "
    "tool_call). index is an element number of the current screen."
)

_ALIASES = {
    "tap": "click",
    "double_click": "double_tap",
    "long_click": "long_press",
    "long_tap": "long_press",
    "type": "input_text",
    "input": "input_text",
    "type_text": "input_text",
    "back": "navigate_back",
    "go_back": "navigate_back",
    "home": "navigate_home",
    "go_home": "navigate_home",
    "enter": "keyboard_enter",
    "press_enter": "keyboard_enter",
    "launch_app": "open_app",
    "mcp_call": "mcp",
    "call_tool": "mcp",
    "tool_call": "mcp",
}
_NAMES = {
    "click": "TAP",
    "double_tap": "DOUBLE_TAP",
    "long_press": "LONG_TAP",
    "input_text": "TYPE",
    "scroll": "SCROLL",
    "swipe": "SWIPE",
    "navigate_home": "HOME",
    "navigate_back": "GOBACK",
    "keyboard_enter": "ENTER",
    "open_app": "OPEN_APP",
    "wait": "WAIT",
    "answer": "ANSWER",
    "ask_user": "ASK_USER",
}
_GOALS = {
    "complete": "DONE",
    "completed": "DONE",
    "task_complete": "DONE",
    "done": "DONE",
    "success": "DONE",
    "infeasible": "INFEASIBLE",
    "task_infeasible": "INFEASIBLE",
    "impossible": "INFEASIBLE",
}
_TYPES = {name: kind for kind, name in _NAMES.items()}
_POSITIONED = ("click", "double_tap", "long_press", "input_text", "scroll", "swipe")
EXTRA_FIELDS = {"scroll": "span", "wait": "ms"}
"""The field each action type takes beyond AndroidWorld's schema (``JsonCommand``'s)."""
_FENCED = re.compile(r"```[ \t]*(?:json|python|js|javascript)?[ \t]*\r?\n?(.*?)```", re.S | re.I)


class JsonActionError(CommandError):
    """Agent output that is not a JSON action; the message says why, for the agent."""


@dataclass(frozen=True)
class JsonCommand(ParsedCommand):
    """A ``ParsedCommand`` with the fields JSON actions take beyond AndroidWorld's schema
    (``EXTRA_FIELDS``); ``json_command`` makes one only when one of them is set, so that an
    action without them reads as (and equals) a plain ``ParsedCommand``."""

    span: float | None = None
    """How far a scroll moves the finger, as a fraction of the screen (``Command.span``)."""
    ms: int | None = None
    """How long a wait lasts, in milliseconds (``Command.ms``)."""


def json_command(
    name: str, *, span: float | None = None, ms: int | None = None, **fields: Any
) -> ParsedCommand:
    """``ParsedCommand(name, **fields)``, or a ``JsonCommand`` when ``span`` or ``ms`` is
    set."""
    if span is None and ms is None:
        return ParsedCommand(name, **fields)
    return JsonCommand(name, span=span, ms=ms, **fields)


def parse_json_action(action: str | Mapping[str, Any]) -> ParsedCommand:
    """Read one JSON action (text holding a JSON object, or a dict) into a command; raise
    ``JsonActionError`` saying what was wrong. Pure: it looks at nothing but ``action``."""
    if isinstance(action, Mapping):
        data = dict(action)
    elif isinstance(action, str):
        try:
            check_nesting("the action", action)
        except ValueError as exc:
            raise JsonActionError(str(exc)) from None
        data = _find_object(action)
    else:
        raise JsonActionError(
            f"the action must be a JSON object (text) or a dict, got {type(action).__name__}"
        )
    raw_type = data.get("action_type", data.get("action"))
    if not isinstance(raw_type, str) or not raw_type.strip():
        raise JsonActionError('the object has no "action_type" string')
    kind = re.sub(r"[\s\-]+", "_", raw_type.strip().lower())
    kind = _ALIASES.get(kind, kind)
    if kind == "unknown":
        raise JsonActionError(
            'action_type "unknown" is no action: reply with an action, or stop with '
            '{"action_type": "status", "goal_status": "infeasible"}'
        )
    if kind not in ACTION_TYPES:
        raise JsonActionError(f"unknown action_type {shown(raw_type)}")
    if kind == "finished":
        return ParsedCommand("DONE")
    if kind == "drag":
        return _drag(data)
    if kind == "status":
        goal = data.get("goal_status", data.get("status", data.get("text")))
        name = _GOALS.get(goal.strip().lower()) if isinstance(goal, str) else None
        if name is None:
            raise JsonActionError(
                f'status needs "goal_status": "complete" or "infeasible", got {shown(goal)}'
            )
        return ParsedCommand(name)
    if kind == "mcp":
        return _mcp(data)
    name = _NAMES[kind]
    index, point = _where(data, kind) if kind in _POSITIONED else (None, None)
    if kind in ("click", "double_tap", "long_press") and index is None and point is None:
        raise JsonActionError(f'{kind} needs "index", or "x" and "y" in pixels')
    text, direction = "", ""
    if kind in ("input_text", "answer", "ask_user", "open_app"):
        keys = {
            "open_app": ("app_name", "app", "text"),
            "ask_user": ("text", "question"),
        }.get(kind, ("text",))
        text = _string(data, keys, kind)
    if kind in ("scroll", "swipe"):
        value = data.get("direction")
        direction = value.strip().lower() if isinstance(value, str) else ""
        if direction not in DIRECTIONS:
            raise JsonActionError(
                f'{kind} needs "direction": one of {", ".join(DIRECTIONS)}, got {shown(value)}'
            )
    extra = _read_extra(data, kind, direction)
    return json_command(name, index=index, point=point, text=text, direction=direction, **extra)


def json_action(parsed: ParsedCommand) -> dict[str, Any]:
    """The JSON action, in MobileWorld's keys, that ``parse_json_action`` reads back as
    ``parsed``: e.g. ``{"action_type": "input_text", "text": "hi", "index": 3}``, ``DONE``
    as ``{"action_type": "status", "goal_status": "complete"}``, ``MCP`` with
    ``action_name`` and ``action_json``; a ``JsonCommand``'s ``span`` or ``ms`` too."""
    if parsed.name in ("DONE", "INFEASIBLE"):
        goal = "complete" if parsed.name == "DONE" else "infeasible"
        return {"action_type": "status", "goal_status": goal}
    if parsed.name == "DRAG" and parsed.point is not None and parsed.end is not None:
        (start_x, start_y), (end_x, end_y) = parsed.point, parsed.end
        return {
            "action_type": "drag",
            "start_x": start_x,
            "start_y": start_y,
            "end_x": end_x,
            "end_y": end_y,
        }
    if parsed.name == "MCP":
        return {
            "action_type": "mcp",
            "action_name": parsed.tool,
            "action_json": dict(parsed.arguments),
        }
    if parsed.name not in _TYPES:
        raise ValueError(f"no JSON action for the command {parsed.name!r}")
    data: dict[str, Any] = {"action_type": _TYPES[parsed.name]}
    if parsed.text:
        data["app_name" if parsed.name == "OPEN_APP" else "text"] = parsed.text
    if parsed.direction:
        data["direction"] = parsed.direction
    if parsed.index is not None:
        data["index"] = parsed.index
    elif parsed.point is not None:
        data["x"], data["y"] = parsed.point
    return {**data, **_extras_of(parsed)}


def _find_object(text: str) -> dict[str, Any]:
    """The action object in ``text`` (nested at most ``MAX_JSON_DEPTH`` deep): the last
    object with an ``action_type`` (or ``action``) among those read at each ``{``, as JSON
    or leniently (Python dict syntax, trailing commas); else a fenced block or the outermost
    braces read leniently."""
    decoder = json.JSONDecoder()
    found: list[dict[str, Any]] = []
    pos = text.find("{")
    while pos >= 0:
        value, end = _object_at(decoder, text, pos)
        if value is None:
            pos = text.find("{", pos + 1)
            continue
        found.append(value)
        pos = text.find("{", end)
    actions = [v for v in found if "action_type" in v or "action" in v]
    if actions:
        return actions[-1]
    blocks = [m.group(1) for m in _FENCED.finditer(text)]
    first, last = text.find("{"), text.rfind("}")
    if first >= 0 and last > first:
        blocks.append(text[first : last + 1])
    for block in reversed(blocks):
        value = load_object(block)
        if value is not None and ("action_type" in value or "action" in value):
            return value
    if found:
        return found[-1]
    raise JsonActionError("no JSON object found")


def _object_at(decoder: json.JSONDecoder, text: str, pos: int) -> tuple[dict[str, Any] | None, int]:
    """The object that starts at the ``{`` at ``pos`` (JSON, else read leniently up to its
    closing brace) and where it ends; None if none does."""
    try:
        value, end = decoder.raw_decode(text, pos)
    except ValueError:
        closing = closing_bracket(text, pos)
        if closing is None or text[closing] != "}":
            return None, pos
        return load_object(text[pos : closing + 1]), closing + 1
    return (value if isinstance(value, dict) else None), end


def _number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if not isinstance(value, numbers.Real | str):  # (numpy's numbers too)
        return None
    try:
        return float(value.strip() if isinstance(value, str) else value)
    except (ValueError, OverflowError):
        return None


def _where(data: dict[str, Any], kind: str) -> tuple[int | None, tuple[float, float] | None]:
    """The element number or pixel point named in ``data`` (index first, as AndroidWorld)."""
    if data.get("index") is not None:
        value = _number(data["index"])
        if value is None or not math.isfinite(value) or value != int(value) or value < 0:
            raise JsonActionError(
                f'{kind}: "index" must be an element number (0, 1, ...), got {shown(data["index"])}'
            )
        return int(value), None
    if data.get("x") is not None or data.get("y") is not None:
        x, y = _number(data.get("x")), _number(data.get("y"))
        if x is None or y is None or not (math.isfinite(x) and math.isfinite(y)):
            raise JsonActionError(
                f'{kind}: "x" and "y" must both be numbers (pixels), got '
                f"{shown(data.get('x'))} and {shown(data.get('y'))}"
            )
        return None, (x, y)
    return None, None


def _read_extra(data: dict[str, Any], kind: str, direction: str) -> dict[str, Any]:
    """The field ``kind`` takes beyond AndroidWorld's schema (``EXTRA_FIELDS``) as ``data``
    gives it (a number written as a string too; a whole number of milliseconds as an
    integer), checked as ``Command.check`` checks it; {} when it is absent or null."""
    name = EXTRA_FIELDS.get(kind)
    if name is None or data.get(name) is None:
        return {}
    value: Any = _number(data[name])
    if value is None:
        value = data[name]  # not a number: the check says so
    elif name == "ms" and value.is_integer():
        value = int(value)
    try:
        Command(kind, direction=direction, **{name: value}).check()
    except CommandError as exc:
        raise JsonActionError(str(exc)) from None
    return {name: value}


def _extras_of(parsed: ParsedCommand) -> dict[str, Any]:
    """The fields beyond AndroidWorld's schema that ``parsed`` sets (``JsonCommand``), by
    name: ``{"span": 0.5}``, ``{"ms": 2000}`` or ``{}``."""
    values = {name: getattr(parsed, name, None) for name in EXTRA_FIELDS.values()}
    return {name: value for name, value in values.items() if value is not None}


def _string(data: dict[str, Any], keys: tuple[str, ...], kind: str) -> str:
    for key in keys:
        value = data.get(key)
        if isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            value = str(value)
        if isinstance(value, str) and value:
            return value
    raise JsonActionError(f'{kind} needs "{keys[0]}" (a non-empty string)')


def _drag(data: dict[str, Any]) -> ParsedCommand:
    """MobileWorld's ``drag``: from (``start_x``, ``start_y``) to (``end_x``, ``end_y``),
    in pixels."""
    names = ("start_x", "start_y", "end_x", "end_y")
    values = [_number(data.get(name)) for name in names]
    if any(v is None or not math.isfinite(v) for v in values):
        given = ", ".join(f"{name} {shown(data.get(name))}" for name in names)
        raise JsonActionError(f"drag needs {', '.join(names)} as numbers (pixels), got {given}")
    start_x, start_y, end_x, end_y = (float(v) for v in values if v is not None)
    return ParsedCommand("DRAG", point=(start_x, start_y), end=(end_x, end_y))


def _mcp(data: dict[str, Any]) -> ParsedCommand:
    tool = next((data[k] for k in ("tool", "name", "tool_name", "action_name") if k in data), None)
    if not isinstance(tool, str) or not re.fullmatch(r"[\w.\-/:]{1,100}", tool):
        raise JsonActionError('mcp needs "tool" (or "action_name"): the tool\'s name')
    arguments: Any = next(
        (
            data[k]
            for k in ("arguments", "args", "parameters", "params", "action_json")
            if k in data
        ),
        {},
    )
    if isinstance(arguments, str):
        arguments = load_object(arguments) if arguments.strip() else {}
    if not isinstance(arguments, dict):
        raise JsonActionError('mcp "action_json" (or "arguments") must be a JSON object')
    try:  # a dict passed directly may hold what JSON cannot, or nest too deep
        arguments = check_json('mcp "arguments"', arguments)
    except ValueError as exc:
        raise JsonActionError(str(exc)) from None
    return ParsedCommand("MCP", tool=tool, arguments=arguments)


class JsonActions(ParsedActionWrapper):
    """The agent's reply is an AndroidWorld-style JSON action (MobileWorld's ``ask_user``
    and ``mcp`` too), as text or as a dict.

    Action Space:
        ``UnicodeText(max_length)``: text holding one JSON object (bare, in prose or in a
        ```` ```json ```` fence), read by ``parse_json_action`` (schema in this module's
        docstring). A ``dict`` is accepted too. ``index`` refers to ``screen_elements`` of the
        current screen; ``x``, ``y`` are device pixels; a scroll's ``span`` and a wait's
        ``ms`` go to the command. Every action is carried out through ``run_command``: one
        step here is one agent action.

    Observation Space:
        That of the wrapped env, unchanged (``Dict(screen, instruction)`` for MobileEnv). Give
        the agent the numbered element list with an observation view, or from
        ``screen_elements(info["view_hierarchy"].xml)`` / ``self.elements()``.

    Info:
        The wrapped env's, plus ``invalid_action`` (True when the action could not be read or
        named no element or point of this screen: then nothing moved, one frame passed) and
        ``parsed_action`` (the command in TextCommands' canonical form, or None).
        ``action_error`` says what was wrong and shows the accepted forms. ``status`` shows
        in ``agent_status``, ``ask_user`` in ``ask_user_response`` (and ``user_reply``),
        ``mcp`` in ``tool_call`` (and its text in ``tool_result``).

    Step cap:
        ``StepCap`` goes outside this wrapper, counting agent actions; a ``StepCap`` inside
        it is refused (ValueError).
    """

    accepted_forms = ACCEPTED_JSON_FORMS

    def parse(self, action: Any) -> ParsedCommand:
        return parse_json_action(action)

    def carry_out(self, parsed: ParsedCommand, command: Command) -> StepResult:
        """Play ``command`` with the scroll's ``span`` or the wait's ``ms`` that ``parsed``
        gives (checked when it was read)."""
        return run_command(self.env, replace(command, **_extras_of(parsed)))
