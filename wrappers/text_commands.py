"""TextCommands: the agent writes Mobile-Env style text (``THINK: ... ACTION: TAP(3)``).

An LLM agent's whole reply is the action. ``parse_text_command`` reads it (a pure function,
usable without an env) into a ``ParsedCommand``; the wrapper resolves element numbers on the
current screen and carries the command out through ``run_command``.

Grammar (names case-insensitive; ``_``, ``-`` and spaces inside names are ignored)::

    [THINK: any text, any number of lines]
    ACTION: <command>

    <command> :=  TAP(i)                 tap the centre of element i       (CLICK)
               |  LONG_TAP(i)            long press                        (LONG_CLICK, LONG_PRESS)
               |  DOUBLE_TAP(i)          two taps                          (DOUBLE_CLICK)
               |  TYPE(i, "text")        tap element i, type text          (INPUT, INPUT_TEXT)
               |  TYPE("text")           type into the focused field
               |  SCROLL(dir)            reveal content further dir        (SCROLL_DOWN, ...)
               |  SCROLL(i, dir)         ... inside element i
               |  SWIPE(dir)             the finger moves dir (up at home opens the app drawer)
               |  SWIPE(i, dir)          ... through element i
               |  GOBACK | HOME | ENTER  keys BACK, HOME, ENTER            (BACK, GO_HOME, ...)
               |  WAIT                   let a frame pass                  (NOTHING, NOOP)
               |  OPEN_APP("name")       open an app from the app drawer   (LAUNCH)
               |  ANSWER("text")         reply to the user
               |  DONE                   declare the task complete         (COMPLETE, FINISH)
               |  INFEASIBLE             declare the task impossible       (IMPOSSIBLE)
               |  ASK_USER("question")   ask the user; reply in ask_user_response    (ASK)
               |  MCP(tool, {json})      call a tool; result in tool_call            (MCP_CALL)
    dir := up | down | left | right

``i`` is an element number of the current screen, as ``mobile_gym.wrappers.elements.
screen_elements`` numbers them. Tolerated: a ``THINK`` section of any length, blank lines,
spaces anywhere (``TAP ( 3 )``), single or double quotes, escaped quotes inside strings
(``\\"``, ``\\'``), apostrophes in unquoted text, unquoted text (``ANSWER(It's 14)``),
keyword arguments (``TYPE(index=3, text="hi")``), arguments without parentheses
(``TAP 3``, ``SCROLL down``), trailing punctuation or prose after the command, Markdown
(code fences, ``**ACTION:**``, bullets), the ACTION line anywhere in the reply.

Which ACTION counts: ``ACTION:`` markers at the start of a line are preferred; if there are
none, an ``ACTION:`` anywhere counts. When several are found, the LAST one is the action
(a reply that drafts an action and then corrects it means the correction). A reply without
any ``ACTION:`` marker is accepted only if it is nothing but one command.

Refused before it is read (``mobile_gym.checks``): a reply longer than the wrapper's
``max_length``, or one whose brackets nest more than ``MAX_JSON_DEPTH`` deep.
"""

from __future__ import annotations

import ast
import json
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym

from mobile_gym import actions
from mobile_gym.actions import StepResult
from mobile_gym.checks import check_int, check_json, check_nesting, check_text, shown
from mobile_gym.commands import DIRECTIONS, Command, CommandError, refuse, run_command
from mobile_gym.spaces import UnicodeText
from mobile_gym.wrappers.elements import Element, env_elements
from mobile_gym.wrappers.recorded import RecordedArgs
from mobile_gym.wrappers.step_cap import refuse_cap_inside

__all__ = [
    "ACCEPTED_TEXT_FORMS",
    "ParsedCommand",
    "TextCommandError",
    "TextCommands",
    "parse_text_command",
    "resolve_command",
]

ACCEPTED_TEXT_FORMS = (
    'Reply "THINK: <reasoning>" then "ACTION: <command>", one of: TAP(i), LONG_TAP(i), '
    'DOUBLE_TAP(i), TYPE(i, "text"), SCROLL(up|down|left|right), SCROLL(i, direction), '
    'SWIPE(direction), GOBACK, HOME, ENTER, WAIT, OPEN_APP("app"), ANSWER("text"), DONE, '
    'INFEASIBLE, ASK_USER("question"), MCP(tool, {"argument": value}); i is an element '
    "number of the current screen."
)

CANONICAL = (
    "TAP",
    "LONG_TAP",
    "DOUBLE_TAP",
    "TYPE",
    "SCROLL",
    "SWIPE",
    "GOBACK",
    "HOME",
    "ENTER",
    "WAIT",
    "OPEN_APP",
    "ANSWER",
    "DONE",
    "INFEASIBLE",
    "ASK_USER",
    "MCP",
)

_ALIASES: dict[str, tuple[str, ...]] = {
    "TAP": ("CLICK", "TOUCH"),
    "LONG_TAP": ("LONG_CLICK", "LONG_PRESS", "LONG_TOUCH"),
    "DOUBLE_TAP": ("DOUBLE_CLICK",),
    "TYPE": ("INPUT", "INPUT_TEXT", "TYPE_TEXT", "ENTER_TEXT"),
    "SCROLL": (),
    "SWIPE": (),
    "GOBACK": ("BACK", "NAVIGATE_BACK", "PRESS_BACK"),
    "HOME": ("GO_HOME", "NAVIGATE_HOME", "PRESS_HOME"),
    "ENTER": ("KEYBOARD_ENTER", "PRESS_ENTER"),
    "WAIT": ("NOTHING", "NOOP", "NO_OP"),
    "OPEN_APP": ("LAUNCH", "LAUNCH_APP", "OPEN"),
    "ANSWER": ("REPLY", "RESPOND"),
    "DONE": ("COMPLETE", "FINISH", "FINISHED", "TASK_COMPLETE"),
    "INFEASIBLE": ("IMPOSSIBLE", "TASK_INFEASIBLE"),
    "ASK_USER": ("ASK",),
    "MCP": ("MCP_CALL", "CALL_TOOL", "TOOL", "TOOL_CALL"),
}


def _key(name: str) -> str:
    return re.sub(r"[\s_\-]", "", name).upper()


_NAMES: dict[str, str] = {
    _key(alias): canonical
    for canonical, aliases in _ALIASES.items()
    for alias in (canonical, *aliases)
}
for _verb in ("SCROLL", "SWIPE"):
    for _direction in DIRECTIONS:
        _NAMES[_key(_verb + _direction)] = f"{_verb}:{_direction}"

_NO_ARGUMENTS = {"GOBACK", "HOME", "ENTER", "WAIT", "DONE", "INFEASIBLE"}
_POINTED = {"TAP", "LONG_TAP", "DOUBLE_TAP"}


class TextCommandError(CommandError):
    """Agent output that is not a command; the message says why, for the agent."""


@dataclass(frozen=True)
class ParsedCommand:
    """One agent action as read from text or JSON, before element numbers are resolved.

    ``name`` is one of ``CANONICAL``, or ``DRAG`` (JSON actions only: MobileWorld's
    ``drag``). ``index`` is an element number, ``point`` a position in screen pixels (JSON
    actions only); at most one of them is set. ``end`` is where a DRAG ends, in pixels.
    """

    name: str
    index: int | None = None
    point: tuple[float, float] | None = None
    end: tuple[float, float] | None = None
    text: str = ""
    direction: str = ""
    tool: str = ""
    arguments: Mapping[str, Any] = field(default_factory=dict)

    def __str__(self) -> str:
        """The command in the canonical text grammar, e.g. ``TYPE(3, "hi")``."""
        where: list[str] = []
        if self.index is not None:
            where.append(str(self.index))
        elif self.point is not None:
            where.append(f"x={self.point[0]:g}, y={self.point[1]:g}")
        quoted = json.dumps(self.text, ensure_ascii=False)
        if self.name in _NO_ARGUMENTS:
            return self.name
        if self.name in _POINTED:
            args = where
        elif self.name == "TYPE":
            args = [*where, quoted]
        elif self.name in ("SCROLL", "SWIPE"):
            args = [*where, self.direction]
        elif self.name == "MCP":
            args = [self.tool, json.dumps(dict(self.arguments), ensure_ascii=False)]
        elif self.name == "DRAG" and self.end is not None:
            args = [*where, f"x2={self.end[0]:g}, y2={self.end[1]:g}"]
        else:
            args = [quoted]
        return f"{self.name}({', '.join(args)})"


# parsing ------------------------------------------------------------------------------------
_FENCE = re.compile(r"(?m)^[ \t]*```(?:[\w+\-]*[ \t]*$)?|```[ \t]*$")
"""A Markdown code fence: at the start of a line (with its language) or at the end of one;
three backticks inside a line (in quoted text) are text."""
_LINE_MARKER = re.compile(r"(?im)^[ \t>*_#`\-]*(?:\d+[.)][ \t]*)?action[ \t*_`]*[:：]")
_ANY_MARKER = re.compile(r"(?i)\baction[ \t*_`]*[:：]")
_THINK = re.compile(r"(?im)^[ \t>*_#`\-]*(?:think|thought|thoughts|reasoning)[ \t*_`]*[:：]")
_LEAD = re.compile(r"[\s*_`'\"\[:：]*")
_NAME = re.compile(r"([A-Za-z][A-Za-z_\-]*)(?:[ \t]+([A-Za-z][A-Za-z_\-]*))?")
_TRAILING = re.compile(r"[\s.,;:!?`*_'\"\])}]*\Z")
_KEYWORD = re.compile(r"^\s*[A-Za-z_]+\s*[=:]\s*")


def parse_text_command(text: str) -> ParsedCommand:
    """Read the agent's reply into a command; raise ``TextCommandError`` saying what was
    wrong. Pure: it looks at nothing but ``text``."""
    if not isinstance(text, str):
        raise TextCommandError(f"the action must be text, got {type(text).__name__}")
    try:
        check_nesting("the reply", text)
    except ValueError as exc:
        raise TextCommandError(str(exc)) from None
    source = _FENCE.sub("\n", text)
    markers = list(_LINE_MARKER.finditer(source)) or list(_ANY_MARKER.finditer(source))
    if markers:
        return _read_command(source, markers[-1].end(), alone=False)
    if _THINK.search(source):
        raise TextCommandError('no "ACTION:" line found after THINK')
    if not source.strip():
        raise TextCommandError("the reply is empty")
    return _read_command(source, 0, alone=True)


def _read_command(source: str, start: int, alone: bool) -> ParsedCommand:
    """The command at ``start``; with ``alone``, nothing but punctuation may follow it."""
    pos = _LEAD.match(source, start).end()  # type: ignore[union-attr]
    match = _NAME.match(source, pos)
    if match is None:
        found = source[pos : pos + 30].strip()
        raise TextCommandError(
            f"expected a command name, found {found!r}" if found else "no command after ACTION:"
        )
    name, end = None, match.end(1)
    if match.group(2) and _key(match.group(1) + match.group(2)) in _NAMES:
        name, end = _NAMES[_key(match.group(1) + match.group(2))], match.end()
    elif _key(match.group(1)) in _NAMES:
        name = _NAMES[_key(match.group(1))]
    if name is None:
        if alone:
            raise TextCommandError('no "ACTION:" line and the reply is not a command')
        raise TextCommandError(f"unknown command {shown(match.group(1))}")
    direction = ""
    if ":" in name:
        name, direction = name.split(":")
    pos = end
    while pos < len(source) and source[pos] in " \t":
        pos += 1
    if pos < len(source) and source[pos] == "(":
        close = _closing(source, pos)
        if close is None:
            raise TextCommandError(f"{name}( has no closing ')'")
        raw, after = source[pos + 1 : close], close + 1
    else:
        line_end = source.find("\n", pos)
        line_end = len(source) if line_end < 0 else line_end
        raw, after = source[pos:line_end], line_end
        raw = raw.lstrip(" \t:：").rstrip()
        if name in _NO_ARGUMENTS or direction:
            raw, after = "", pos
        elif alone:
            raise TextCommandError(f'no "ACTION:" line, and {name} is not followed by "("')
    if alone and not _TRAILING.match(source, after):
        raise TextCommandError('no "ACTION:" line and the reply is not a command')
    return _arguments(name, direction, raw.strip())


def _unquoted(text: str, start: int = 0) -> tuple[list[tuple[int, str, int]], bool]:
    """(index, character, bracket depth after it) for each character of ``text`` from
    ``start`` that is not inside a quoted string, and whether a quote was left open. A quote
    opens a string only where an argument can start (not after a letter or digit: an
    apostrophe in a word is a letter); a backslash escapes the next character in a string."""
    out: list[tuple[int, str, int]] = []
    depth, quote, i = 0, "", start
    while i < len(text):
        c = text[i]
        if quote:
            if c == "\\":
                i += 1
            elif c == quote:
                quote = ""
        elif c in "\"'" and (i == 0 or not text[i - 1].isalnum()):
            quote = c
        else:
            if c in "([{":
                depth += 1
            elif c in ")]}":
                depth -= 1
            out.append((i, c, depth))
        i += 1
    return out, bool(quote)


def closing_bracket(source: str, open_at: int) -> int | None:
    """Where the bracket that closes the one at ``open_at`` stands, quote-aware and
    bracket-counting (see ``_unquoted``); None if none closes it."""
    for i, c, depth in _unquoted(source, open_at)[0]:
        if depth == 0 and c in ")]}":
            return i
    return None


def _closing(source: str, open_at: int) -> int | None:
    """The ``)`` matching the ``(`` at ``open_at`` (``closing_bracket``). If that fails (an
    unbalanced quote), the last ``)`` on the line, else in the rest."""
    closing = closing_bracket(source, open_at)
    if closing is not None and source[closing] == ")":
        return closing
    line_end = source.find("\n", open_at)
    line = source[open_at : len(source) if line_end < 0 else line_end]
    if ")" in line:
        return open_at + line.rindex(")")
    last = source.rfind(")")
    return last if last > open_at else None


def _split_first(raw: str) -> tuple[str, str | None]:
    """``raw`` split at its first comma outside quotes and brackets (right is None if
    there is none)."""
    characters, quote_open = _unquoted(raw)
    for i, c, depth in characters:
        if c == "," and depth == 0:
            return raw[:i], raw[i + 1 :]
    if quote_open:  # an unbalanced quote: fall back to the first comma
        left, comma, right = raw.partition(",")
        if comma and not any(q in left for q in "\"'"):
            return left, right
    return raw, None


def _arguments(name: str, direction: str, raw: str) -> ParsedCommand:
    if name in _NO_ARGUMENTS:
        return ParsedCommand(name)
    if name in _POINTED:
        if not raw:
            raise TextCommandError(f"{name} needs an element number, e.g. {name}(3)")
        return ParsedCommand(name, index=_index(raw, name))
    if name == "TYPE":
        return _typed(raw)
    if name in ("SCROLL", "SWIPE"):
        return _directed(name, direction, raw)
    if name == "MCP":
        return _mcp(raw)
    value = _text(raw)
    if not value:
        example = {"OPEN_APP": '"Settings"', "ASK_USER": '"Which one?"'}.get(name, '"42"')
        raise TextCommandError(f"{name} needs text, e.g. {name}({example})")
    return ParsedCommand(name, text=value)


def _typed(raw: str) -> ParsedCommand:
    """TYPE's arguments: the text, after an element number when one comes first (or
    after it, as ``TYPE("hi", 3)`` and ``TYPE(text="hi", index=3)`` write it). A first
    argument written as a number that is no element number is refused, not typed."""
    left, right = _split_first(raw)
    text_first = _keyword(left) == "text" or _unquote(left) is not None
    if right is not None and text_first and _is_index(right) and not _is_index(left):
        left, right = right, left
    index = _index(left, "TYPE") if right is not None and _is_index(left) else None
    value = _text(raw if index is None else right or "")
    if not value:
        raise TextCommandError('TYPE needs text, e.g. TYPE(3, "hello")')
    return ParsedCommand("TYPE", index=index, text=value)


_INDEX_KEYWORDS = "index|element|elem|id|idx|i"
_NUMBER_LIKE = re.compile(r"[-+]?\s*[0-9][0-9.eE+\-]*")


def _keyword(raw: str) -> str | None:
    """The keyword an argument is written with (``text`` in ``text="hi"``), lower case."""
    keyword = _KEYWORD.match(raw)
    return keyword.group().strip().rstrip("=:").strip().lower() if keyword else None


def _is_index(raw: str) -> bool:
    """Whether an argument is meant as an element number: written with an index keyword
    or as a number (which ``_index`` then checks)."""
    if (_keyword(raw) or "") in _INDEX_KEYWORDS.split("|"):
        return True
    return _NUMBER_LIKE.fullmatch(_bare(raw, _INDEX_KEYWORDS)) is not None


def _unquote(raw: str) -> str | None:
    """The string in ``raw`` if it is one quoted string, escapes undone; else None."""
    raw = raw.strip()
    if len(raw) < 2 or raw[0] not in "\"'" or raw[-1] != raw[0]:
        return None
    if raw[0] == '"':
        try:
            value = json.loads(raw)
        except ValueError:
            pass
        else:
            if isinstance(value, str):
                return value
    body, out, i = raw[1:-1], [], 0
    while i < len(body):
        c = body[i]
        if c == "\\" and i + 1 < len(body) and body[i + 1] in "\"'\\nt":
            out.append({"n": "\n", "t": "\t"}.get(body[i + 1], body[i + 1]))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def _text(raw: str) -> str:
    """A text argument: one quoted string (a keyword before it is dropped), else the raw
    text as written."""
    raw = raw.strip()
    keyword = _KEYWORD.match(raw)
    if keyword and raw[keyword.end() :][:1] in ("'", '"'):
        raw = raw[keyword.end() :]
    quoted = _unquote(raw)
    return raw if quoted is None else quoted


def _bare(raw: str, keywords: str) -> str:
    """An argument with a keyword (``index=``), quotes and brackets taken off."""
    raw = re.sub(rf"(?i)^\s*(?:{keywords})(?:\s*[=:]\s*|\s+)", "", raw.strip())
    return raw.strip().strip("\"'").strip().strip("#[]").strip().rstrip(".")


def _maybe_index(raw: str) -> int | None:
    value = _bare(raw, _INDEX_KEYWORDS)
    if re.fullmatch(r"[0-9]{1,9}", value):
        return int(value)
    return None


def _index(raw: str, name: str) -> int:
    index = _maybe_index(raw)
    if index is None:
        written = raw.strip()[:40]
        if re.fullmatch(r"-\s*[0-9]+", _bare(raw, _INDEX_KEYWORDS)):
            raise TextCommandError(f"{name}: element numbers start at 0, got {written}")
        raise TextCommandError(f"{name} needs an element number, e.g. {name}(3); got {written!r}")
    return index


def _maybe_direction(raw: str) -> str | None:
    value = _bare(raw, "direction|dir").lower().strip(".!")
    return value if value in DIRECTIONS else None


def _directed(name: str, direction: str, raw: str) -> ParsedCommand:
    usage = f"{name}(up|down|left|right) or {name}(i, direction)"
    parts = [p for p in raw.split(",") if p.strip()] if raw else []
    if direction:
        if len(parts) > 1:
            raise TextCommandError(f"{name} {direction} takes at most an element number")
        index = _index(parts[0], name) if parts else None
        return ParsedCommand(name, index=index, direction=direction)
    if len(parts) == 1:
        found = _maybe_direction(parts[0])
        if found is None:
            raise TextCommandError(f"{name} needs a direction: {usage}; got {raw.strip()[:40]!r}")
        return ParsedCommand(name, direction=found)
    if len(parts) == 2:
        for first, second in ((parts[0], parts[1]), (parts[1], parts[0])):
            index, found = _maybe_index(first), _maybe_direction(second)
            if index is not None and found is not None:
                return ParsedCommand(name, index=index, direction=found)
    raise TextCommandError(f"{name} needs a direction: {usage}; got {raw.strip()[:40]!r}")


def load_object(raw: str) -> dict[str, Any] | None:
    """A JSON object (or a Python dict literal) written in ``raw``, as plain JSON data;
    else None (also when it nests more than ``MAX_JSON_DEPTH`` deep)."""
    raw = raw.strip()
    if not raw.startswith("{"):
        return None
    try:
        check_nesting("the object", raw)
    except ValueError:
        return None
    for attempt in (raw, re.sub(r",\s*([}\]])", r"\1", raw)):
        try:
            value = json.loads(attempt)
        except ValueError:
            try:
                value = ast.literal_eval(attempt)
            except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
                continue
        if isinstance(value, dict) and all(isinstance(k, str) for k in value):
            try:  # a Python literal may hold what JSON cannot (sets, bytes, ...)
                return check_json("the object", value)
            except ValueError:
                return None
    return None


def _mcp(raw: str) -> ParsedCommand:
    usage = 'MCP(tool, {"argument": value})'
    whole = load_object(raw)
    if whole is not None and isinstance(whole.get("tool", whole.get("name")), str):
        tool, arguments = whole.get("tool", whole.get("name")), whole.get("arguments", {})
    else:
        left, rest = _split_first(raw)
        right = rest or ""
        tool = _bare(left, "tool|name")
        right = _KEYWORD.sub("", right.strip(), count=1) if _KEYWORD.match(right) else right
        arguments = load_object(right) if right.strip() else {}
        if arguments is None:
            raise TextCommandError(
                f"MCP arguments must be a JSON object: {usage}; got {right.strip()[:40]!r}"
            )
    if not isinstance(tool, str) or not re.fullmatch(r"[\w.\-/:]{1,100}", tool):
        raise TextCommandError(f"MCP needs a tool name: {usage}")
    if not isinstance(arguments, dict):
        raise TextCommandError(f"MCP arguments must be a JSON object: {usage}")
    return ParsedCommand("MCP", tool=tool, arguments=arguments)


# resolving ----------------------------------------------------------------------------------
def resolve_command(
    parsed: ParsedCommand, elements: list[Element], size: tuple[int, int]
) -> Command:
    """The ``Command`` for ``parsed`` on a screen of ``size`` pixels showing ``elements``
    (``screen_elements`` of it); ``CommandError`` if an element number or point is off."""
    x = y = None
    if parsed.index is not None:
        numbered = [e for e in elements if e.index is not None]
        if not 0 <= parsed.index < len(numbered):
            have = f"0..{len(numbered) - 1}" if numbered else "none"
            raise CommandError(
                f"element {parsed.index} does not exist: this screen's elements are {have}"
            )
        x, y = numbered[parsed.index].centre(size)
    elif parsed.point is not None:
        x, y = _normalised(parsed.point, size)
    name = parsed.name
    if name in _POINTED:
        if x is None:
            raise CommandError(f"{name} needs an element number or a point")
        verb = {"TAP": "click", "LONG_TAP": "long_press", "DOUBLE_TAP": "double_tap"}[name]
        return Command(verb, x, y)
    if name == "TYPE":
        return Command("type", x, y, text=parsed.text)
    if name == "SCROLL":
        return Command("scroll", x, y, direction=parsed.direction)
    if name == "SWIPE":
        if parsed.direction not in DIRECTIONS:
            raise CommandError(f"SWIPE direction must be one of {DIRECTIONS}")
        cx, cy = (0.5, 0.5) if x is None else (x, y)
        line = actions.swipe_line(parsed.direction, cx, cy)  # type: ignore[arg-type]
        return Command("swipe", *(min(max(v, 0.0), 1.0) for v in line))
    if name == "DRAG":
        if x is None or parsed.end is None:
            raise CommandError("DRAG needs a start point and an end point")
        return Command("swipe", x, y, *_normalised(parsed.end, size))
    if name in ("GOBACK", "HOME", "ENTER"):
        return Command("key", key={"GOBACK": "BACK"}.get(name, name))
    if name == "WAIT":
        return Command("wait")
    if name == "OPEN_APP":
        return Command("open_app", app=parsed.text)
    if name in ("DONE", "INFEASIBLE"):
        return Command("status", text="complete" if name == "DONE" else "infeasible")
    if name == "ANSWER":
        return Command("answer", text=parsed.text)
    if name == "ASK_USER":
        return Command("ask_user", text=parsed.text)
    if name == "MCP":
        return Command("mcp_call", tool=parsed.tool, arguments=dict(parsed.arguments))
    raise CommandError(f"unknown command {name!r}")


def _normalised(point: tuple[float, float], size: tuple[int, int]) -> tuple[float, float]:
    """A point in pixels of a ``size`` screen as a normalised position; CommandError if it
    is off the screen."""
    width, height = size
    px, py = point
    if not (math.isfinite(px) and math.isfinite(py) and 0 <= px < width and 0 <= py < height):
        raise CommandError(
            f"point ({px:g}, {py:g}) is off the screen: x must be in 0..{width - 1} and "
            f"y in 0..{height - 1} pixels"
        )
    # a point inside the last pixel (1079.5 on 1080) is that pixel's
    return min(px, width - 1) / max(width - 1, 1), min(py, height - 1) / max(height - 1, 1)


# the wrappers -------------------------------------------------------------------------------
_PARSE_FAILURES = (CommandError, ValueError, TypeError)


class ParsedActionWrapper(gym.Wrapper, RecordedArgs):
    """What TextCommands and JsonActions share: check the reply's length, parse, resolve,
    run, or report."""

    accepted_forms = ACCEPTED_TEXT_FORMS

    def __init__(self, env: gym.Env, max_length: int = 16384) -> None:
        RecordedArgs.__init__(self, max_length=max_length)
        refuse_cap_inside(env, type(self).__name__)
        super().__init__(env)
        self.max_length = check_int("max_length", max_length, low=1)
        self.action_space = UnicodeText(self.max_length)

    def parse(self, action: Any) -> ParsedCommand:
        raise NotImplementedError

    def elements(self) -> list[Element]:
        """The numbered elements of the current screen: what an index refers to."""
        return env_elements(self.env)

    def reset(self, **kwargs: Any) -> tuple[Any, dict[str, Any]]:
        observation, info = self.env.reset(**kwargs)
        info["invalid_action"] = False
        info["parsed_action"] = None
        return observation, info

    def step(self, action: Any) -> StepResult:
        try:
            if isinstance(action, str):
                check_text("the reply", action, self.max_length)
            parsed = self.parse(action)
            device = self.env.unwrapped.device
            elements = self.elements() if parsed.index is not None else []
            command = resolve_command(parsed, elements, device.size)
            command.check()
        except _PARSE_FAILURES as exc:
            return self._invalid(str(exc))
        observation, reward, terminated, truncated, info = self.carry_out(parsed, command)
        info["invalid_action"] = False
        info["parsed_action"] = str(parsed)
        return observation, reward, terminated, truncated, info

    def carry_out(self, parsed: ParsedCommand, command: Command) -> StepResult:
        """Play ``command`` (``parsed`` resolved on this screen) as one agent action."""
        return run_command(self.env, command)

    def _invalid(self, problem: str) -> StepResult:
        """One frame passes, nothing moves; the agent is told what was wrong and how to
        write an action."""
        error = f"invalid action: {problem}. {self.accepted_forms}"
        observation, reward, terminated, truncated, info = refuse(self.env, error)
        info["invalid_action"] = True
        info["parsed_action"] = None
        return observation, reward, terminated, truncated, info


class TextCommands(ParsedActionWrapper):
    """The agent's reply text is its action: ``THINK: ...`` then ``ACTION: <command>``.

    Action Space:
        ``UnicodeText(max_length)``: any string. It is read by ``parse_text_command`` (grammar
        in this module's docstring); element numbers ``i`` refer to ``screen_elements`` of the
        screen the agent saw (the current one). Every command is carried out through
        ``run_command``, so one step here is one agent action (many touch-level steps).

    Observation Space:
        That of the wrapped env, unchanged (``Dict(screen, instruction)`` for MobileEnv). Give
        the agent the numbered element list with an observation view, or from
        ``screen_elements(info["view_hierarchy"].xml)`` / ``self.elements()``.

    Info:
        The wrapped env's, plus ``invalid_action`` (True when the reply could not be read or
        named no element of this screen: then nothing moved, one frame passed) and
        ``parsed_action`` (the command read, in canonical form, or None).
        ``action_error`` says what was wrong and shows the accepted forms. ANSWER, DONE /
        INFEASIBLE, ASK_USER and MCP show in ``agent_status``, ``ask_user_response`` (also
        ``user_reply``) and ``tool_call`` (also ``tool_result``).

    Step cap:
        ``StepCap`` goes outside this wrapper, counting agent actions; a ``StepCap`` inside
        it is refused (ValueError).
    """

    def parse(self, action: Any) -> ParsedCommand:
        return parse_text_command(action)
