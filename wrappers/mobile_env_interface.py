"""Mobile-Env's agent interface: the screen as a list of HTML elements, actions addressed to them.

Mobile-Env's LLM agents read the view hierarchy's LEAF nodes (nodes holding no other node)
whose bounds are not empty, in document order and numbered from 0, one HTML element a line,
and reply with a Python-style call inside ``<action>...</action>`` (a ``<think>...</think>``
may come first). ``MobileEnvHtml`` is that observation, ``MobileEnvActions`` that action
space; the ids of one are the element numbers of the other (``leaf_elements``).

A leaf becomes (``mobile_env_line``):

========================================  =============================================
the node's class ends with                the element
========================================  =============================================
``TextView``                              ``<p>text</p>``
``Button`` or ``MenuItemView``            ``<button>text</button>``
``ImageView``, ``IconView`` or ``Image``  ``<img alt="desc: text">``
``EditText``                              ``<input value="text" type="text">``
anything else                             ``<div>text</div>``
========================================  =============================================

Its resource id's name (after the last ``/``, ``_`` read as spaces) is its ``class``, its
content description its ``alt``; every element has ``id``, ``clickable`` (the node or its
parent is clickable) and ``long-clickable``. Text is HTML-escaped, newlines as ``&#10;``.

Actions (``parse_mobile_env_action``)::

    <think>any text</think><action>CALL</action>

    CALL :=  CLICK(id)                 tap the element
          |  LONG_CLICK(id)            long press it                  (LONGCLICK)
          |  INPUT(id, "text")         tap it, type text, press ENTER
          |  SCROLL("UP"|"DOWN"|"LEFT"|"RIGHT")   reveal content further that way
          |  GOBACK()                  the BACK key
          |  ANSWER("text")            reply to the user (the env's answer)
          |  DO_NOTHING()              let a frame pass               (NOTHING)

The call is read with Python's ``ast``: arguments are literals, written in order. A reply
with more than one ``<action>`` is refused (one action a step).
"""

from __future__ import annotations

import ast
import functools
import html
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym import actions
from mobile_gym.actions import StepResult
from mobile_gym.caches import LatestPerOwner
from mobile_gym.checks import check_nesting, shown
from mobile_gym.commands import DIRECTIONS, Command, CommandError, run_command
from mobile_gym.hierarchy import Node
from mobile_gym.wrappers.elements import Element, env_screen
from mobile_gym.wrappers.text_commands import ParsedActionWrapper, ParsedCommand
from mobile_gym.wrappers.views import _ScreenDescription

__all__ = [
    "ACCEPTED_MOBILE_ENV_FORMS",
    "MobileEnvAction",
    "MobileEnvActionError",
    "MobileEnvActions",
    "MobileEnvHtml",
    "env_leaves",
    "leaf_elements",
    "mobile_env_html",
    "mobile_env_line",
    "parse_mobile_env_action",
]

ACCEPTED_MOBILE_ENV_FORMS = (
    'Reply "<think>reasoning</think><action>CALL</action>", CALL one of: CLICK(id), '
    'LONG_CLICK(id), INPUT(id, "text"), SCROLL("UP"|"DOWN"|"LEFT"|"RIGHT"), GOBACK(), '
    'ANSWER("text"), DO_NOTHING(); id is an element id of the current screen\'s HTML.'
)


# the elements -------------------------------------------------------------------------------
def leaf_elements(nodes: Sequence[Node]) -> tuple[Element, ...]:
    """The leaves of ``nodes`` (a screen in document order) with bounds that are not empty,
    numbered from 0; each is ``clickable`` if it or the node holding it is."""
    out: list[Element] = []
    holders: list[Node] = []  # the nodes holding the current one, outermost first
    for position, node in enumerate(nodes):
        del holders[node.depth :]
        parent = holders[-1] if holders else None
        holders.append(node)
        following = position + 1
        if following < len(nodes) and nodes[following].depth > node.depth:
            continue  # it holds other nodes
        if node.bounds.empty:
            continue
        out.append(
            Element(
                len(out),
                node.bounds,
                node.cls,
                node.text,
                node.desc,
                node.resource_id,
                node.clickable or (parent is not None and parent.clickable),
                node.long_clickable,
                node.checkable,
                node.checked,
                node.scrollable,
                node.cls.endswith("EditText"),
                node.focused,
                node.selected,
            )
        )
    return tuple(out)


_LEAVES: LatestPerOwner[Any, tuple[Node, ...], tuple[Element, ...]] = LatestPerOwner()
"""The leaves of the screen each device showed when last read: the action wrapper and the
view read the same screen in one step, and an unchanged screen again at the next."""


def env_leaves(env: Any) -> list[Element]:
    """``leaf_elements`` of the screen an env's phone shows now (none after a device fault,
    as ``env_screen`` says)."""
    return env_screen(env, lambda device: list(_LEAVES.get(device, device.nodes(), leaf_elements)))


# the HTML -----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=256)
def _kind(cls: str) -> str:
    """The HTML tag for a node of Android class ``cls``."""
    if cls.endswith("TextView"):
        return "p"
    if cls.endswith(("Button", "MenuItemView")):
        return "button"
    if cls.endswith(("ImageView", "IconView", "Image")):
        return "img"
    if cls.endswith("EditText"):
        return "input"
    return "div"


def _text(value: str) -> str:
    return html.escape(value, quote=False)


def _attribute(value: str) -> str:
    return html.escape(value, quote=False).replace('"', "&quot;")


def mobile_env_line(element: Element) -> str:
    """One element of ``MobileEnvHtml``, e.g. ``<button class="save" alt="Save" id="3"
    clickable="true" long-clickable="false">Save</button>``."""
    tag = _kind(element.cls)
    attributes: dict[str, str] = {}
    if element.resource_id:
        attributes["class"] = element.name.replace("_", " ")
    if element.desc:
        attributes["alt"] = element.desc
    content = element.text
    if tag == "img" and content:
        attributes["alt"] = f"{attributes['alt']}: {content}" if "alt" in attributes else content
    elif tag == "input":
        if content:
            attributes["value"] = content
        attributes["type"] = "text"
    attributes["id"] = str(element.index)
    attributes["clickable"] = "true" if element.clickable else "false"
    attributes["long-clickable"] = "true" if element.long_clickable else "false"
    opened = "<" + " ".join([tag, *(f'{k}="{_attribute(v)}"' for k, v in attributes.items())])
    line = f"{opened}>" if tag in ("img", "input") else f"{opened}>{_text(content)}</{tag}>"
    return line.replace("\n", "&#10;").replace("\r", "&#13;")


def mobile_env_html(elements: Sequence[Element]) -> str:
    """The HTML of a screen's leaves (``leaf_elements``), one element a line."""
    return "\n".join(map(mobile_env_line, elements))


class MobileEnvHtml(_ScreenDescription):
    """The screen as Mobile-Env shows it to LLM agents: its leaves as HTML, one per line.

    Observation:
        ``Dict(instruction: UnicodeText, html: UnicodeText(TEXT_LENGTH))`` (plus the wrapped
        env's ``screen`` with ``keep_screen=True``). ``html`` has one line per leaf node of
        the view hierarchy with bounds that are not empty (``leaf_elements``), written by
        ``mobile_env_line``; its ``id`` is the element number ``MobileEnvActions`` takes.

    Action Space:
        That of the wrapped env.

    Args:
        env: an env whose observations hold ``instruction`` (and ``screen``).
        keep_screen: keep the screenshot in the observation.
    """

    field = "html"
    line = staticmethod(mobile_env_line)

    def screen(self) -> list[Element]:
        return env_leaves(self.env)

    def _describe(self, elements: list[Element]) -> str:
        return mobile_env_html(elements)


# the actions --------------------------------------------------------------------------------
class MobileEnvActionError(CommandError):
    """A reply that is not a Mobile-Env action; the message says why, for the agent."""


@dataclass(frozen=True)
class MobileEnvAction(ParsedCommand):
    """A Mobile-Env action read from the reply, as a ``ParsedCommand``; ``call`` is the call
    as Mobile-Env writes it (``CLICK(3)``), which ``str`` gives."""

    call: str = ""

    def __str__(self) -> str:
        return self.call


_FUNCTIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "CLICK": ("TAP", ("id",)),
    "LONG_CLICK": ("LONG_TAP", ("id",)),
    "LONGCLICK": ("LONG_TAP", ("id",)),
    "INPUT": ("TYPE", ("id", "text")),
    "SCROLL": ("SCROLL", ("direction",)),
    "GOBACK": ("GOBACK", ()),
    "ANSWER": ("ANSWER", ("text",)),
    "DO_NOTHING": ("WAIT", ()),
    "NOTHING": ("WAIT", ()),
}
"""Each Mobile-Env function: the ``ParsedCommand`` name it becomes, and its parameters."""

_WRITTEN = {"TAP": "CLICK", "LONG_TAP": "LONG_CLICK", "TYPE": "INPUT", "WAIT": "DO_NOTHING"}
_ACTION = re.compile(r"<action>(.*?)(?:</action>|\Z)", re.DOTALL | re.IGNORECASE)
_ACTION_TAG = re.compile(r"<action>", re.IGNORECASE)
_LITERAL_FAILURES = (ValueError, TypeError, SyntaxError, MemoryError, RecursionError)


def parse_mobile_env_action(text: str) -> MobileEnvAction:
    """Read the call inside the reply's ``<action>...</action>`` (the closing tag may be
    missing; a second ``<action>`` is refused); ``MobileEnvActionError`` says what was
    wrong. Pure: it looks at nothing but ``text``."""
    if not isinstance(text, str):
        raise MobileEnvActionError(f"the action must be text, got {type(text).__name__}")
    found = _ACTION.search(text)
    if found is None:
        raise MobileEnvActionError("no <action>...</action> in the reply")
    blocks = len(_ACTION_TAG.findall(text))
    if blocks > 1:
        raise MobileEnvActionError(f"the reply holds {blocks} <action> blocks; give one action")
    source = found.group(1).strip()
    if not source:
        raise MobileEnvActionError("<action></action> holds no call")
    try:
        check_nesting("the action", source)
        call = ast.parse(source, mode="eval").body
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        raise MobileEnvActionError(f"{shown(source)} is not a call such as CLICK(3)") from None
    if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
        raise MobileEnvActionError(f"{shown(source)} is not a call such as CLICK(3)")
    function = call.func.id.upper()
    if function not in _FUNCTIONS:
        raise MobileEnvActionError(f"unknown function {shown(call.func.id)}")
    name, parameters = _FUNCTIONS[function]
    usage = f"{function}({', '.join(parameters)})"
    if call.keywords or len(call.args) != len(parameters):
        raise MobileEnvActionError(
            f"{function} takes {len(parameters)} argument(s), in order: {usage}"
        )
    values: dict[str, Any] = {}
    for parameter, node in zip(parameters, call.args, strict=True):
        try:
            value = ast.literal_eval(node)
        except _LITERAL_FAILURES:
            raise MobileEnvActionError(f"{usage}: {parameter} must be a literal") from None
        values[parameter] = _argument(usage, parameter, value)
    return _action(name, values)


def _argument(usage: str, parameter: str, value: Any) -> Any:
    """``value`` checked as ``parameter`` (an element id, a text or a direction)."""
    if parameter == "id":
        if isinstance(value, bool) or not isinstance(value, int):
            raise MobileEnvActionError(f"{usage}: id must be an element id, got {shown(value)}")
        if value < 0:
            raise MobileEnvActionError(f"{usage}: element ids start at 0, got {value}")
        return value
    if not isinstance(value, str):
        raise MobileEnvActionError(f"{usage}: {parameter} must be a string, got {shown(value)}")
    if parameter == "direction":
        if value.strip().lower() not in DIRECTIONS:
            raise MobileEnvActionError(
                f'{usage}: direction must be "UP", "DOWN", "LEFT" or "RIGHT", got {shown(value)}'
            )
        return value.strip().lower()
    return value


def _action(name: str, values: dict[str, Any]) -> MobileEnvAction:
    """The action ``name`` with the checked ``values``, and how Mobile-Env writes it."""
    written = [str(values["id"])] if "id" in values else []
    if "text" in values:
        written.append(json.dumps(values["text"], ensure_ascii=False))
    if "direction" in values:
        written.append(json.dumps(values["direction"].upper()))
    return MobileEnvAction(
        name,
        index=values.get("id"),
        text=values.get("text", ""),
        direction=values.get("direction", ""),
        call=f"{_WRITTEN.get(name, name)}({', '.join(written)})",
    )


class MobileEnvActions(ParsedActionWrapper):
    """The agent's reply is a Mobile-Env action: ``<think>...</think><action>CLICK(3)
    </action>``.

    Action Space:
        ``UnicodeText(max_length)``: any string, read by ``parse_mobile_env_action`` (the
        calls in this module's docstring). Element ids are those ``MobileEnvHtml`` shows
        (``leaf_elements`` of the current screen). Every action is carried out through
        ``run_command`` (INPUT as a ``type`` command, then the ENTER key), so one step here
        is one agent action.

    Observation Space:
        That of the wrapped env, unchanged; give the agent the elements with the
        ``mobile_env_html`` observation (``MobileEnvHtml``).

    Info:
        The wrapped env's, plus ``invalid_action`` (True when the reply could not be read or
        named no element of this screen: then nothing moved, one frame passed) and
        ``parsed_action`` (the call read, as Mobile-Env writes it, or None).
        ``action_error`` says what was wrong and shows the accepted forms. ANSWER shows in
        the env's answer signals.

    Step cap:
        ``StepCap`` goes outside this wrapper, counting agent actions; a ``StepCap`` inside
        it is refused (ValueError).
    """

    accepted_forms = ACCEPTED_MOBILE_ENV_FORMS

    def parse(self, action: Any) -> ParsedCommand:
        return parse_mobile_env_action(action)

    def elements(self) -> list[Element]:
        return env_leaves(self.env)

    def carry_out(self, parsed: ParsedCommand, command: Command) -> StepResult:
        if parsed.name != "TYPE":
            return run_command(self.env, command)
        with actions.unobserved(self.env):  # INPUT is one agent action: the text, then ENTER
            typed = run_command(self.env, command)
        _, _, terminated, truncated, info = typed
        if terminated or truncated:
            return typed
        if info.get("action_error"):  # no ENTER: a frame passes instead
            return actions.merge([typed, actions.play(self.env, actions.wait())])
        return actions.merge([typed, run_command(self.env, Command("key", key="ENTER"))])
