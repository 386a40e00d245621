"""The ``json`` dialect: MobileWorld's JSON actions (AndroidWorld's, plus ``ask_user`` and
``mcp``) for the LLM and VLM agents.

The model reads one of the ``text`` dialect's views (``html``, ``text`` or, for the VLM
agent, ``som``), whose element numbers are the ``index`` of its actions, and answers
``Thought: ...`` then ``Action: {JSON object}`` with one action of
``mobile_gym.wrappers.JsonActions`` (``ACTIONS``). The system message lists the actions
with an example of each, says the user may be asked (``ask_user``) when a fact is missing
or the instruction seems wrong, and, on a task with MCP tools, lists them as JSON lines
(name, description, input schema) with how to call one:
``{"action_type": "mcp", "action_name": TOOL, "action_json": {ARGUMENTS}}``, one call per
action, as MobileWorld's planner prompt asks. What the user replied and the tool's result
show in the next turn (``prompt.notes``).

``action_of`` reads the reply with the action space's own parser (``parse_json_action``:
the last object with an ``action_type``, in prose or a fence): a readable reply becomes
that action as one line of compact JSON in MobileWorld's keys (the thought stays in the
agent's ``last_output``); any other is sent as it is, for the wrapper to reject it and say
why in ``info["action_error"]``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from mobile_gym.agents.llm.prompt import Turn, example_arguments, opening, tools_listing
from mobile_gym.wrappers.json_actions import json_action, parse_json_action

VIEWS = ("html", "text", "som")
"""The views the dialect reads (the first is the default): those that number elements."""

ACTIONS: tuple[tuple[dict[str, Any], str], ...] = (
    ({"action_type": "click", "index": 3}, "tap element 3"),
    ({"action_type": "double_tap", "index": 3}, "tap element 3 twice"),
    ({"action_type": "long_press", "index": 3}, "press and hold element 3"),
    (
        {"action_type": "input_text", "text": "hello", "index": 3},
        'tap text field 3, then type the text (without "index": type into the focused field)',
    ),
    (
        {"action_type": "scroll", "direction": "down"},
        'reveal content further that way: up, down, left or right ("index": inside that element;'
        ' "span": how far, a fraction of the screen)',
    ),
    (
        {"action_type": "swipe", "direction": "up"},
        "move a finger across the screen that way (up on the home screen: all apps)",
    ),
    ({"action_type": "navigate_back"}, "press the BACK key"),
    ({"action_type": "navigate_home"}, "press the HOME key"),
    ({"action_type": "keyboard_enter"}, "press the ENTER key"),
    ({"action_type": "open_app", "app_name": "Clock"}, "open the app of that name"),
    ({"action_type": "wait"}, 'do nothing for a moment ("ms": for that many milliseconds)'),
    (
        {"action_type": "answer", "text": "42"},
        "give the user the answer the task asks for",
    ),
    (
        {"action_type": "status", "goal_status": "complete"},
        'declare the task complete, or "infeasible": impossible (ends the task)',
    ),
    (
        {"action_type": "ask_user", "text": "Which folder should I use?"},
        "ask the user; the reply comes with the next screen",
    ),
    (
        {"action_type": "mcp", "action_name": "TOOL", "action_json": {"argument": "value"}},
        "call one of the task's tools (listed below when it has any); its result comes with "
        "the next screen",
    ),
)
"""Each action of ``mobile_gym.wrappers.JsonActions`` as the model is told it: an example
and what it does."""

ASK_WHEN = (
    "When a fact you need is missing or the instruction seems wrong, ask the user with "
    "ask_user instead of guessing."
)
"""When the model is told it may ask the user."""

EXAMPLE = (
    "Thought: Settings is open and Wi-Fi is on; its switch is element 4.\n"
    'Action: {"action_type": "click", "index": 4}'
)


def system_prompt(view: str) -> str:
    """The system message for an agent reading observation view ``view``."""
    actions = "\n".join(
        f"- {json.dumps(example, ensure_ascii=False)}: {what}" for example, what in ACTIONS
    )
    return (
        f"{opening(view)}\n\n"
        "Actions, each one JSON object (index is the number of an element on the current "
        "screen):\n"
        f"{actions}\n\n"
        f"{ASK_WHEN}\n\n"
        "Reply in exactly this format, with one action:\n"
        "Thought: <what the screen shows, what is done, what to do next>\n"
        "Action: <one JSON object>\n\n"
        f"For example:\n{EXAMPLE}"
    )


def tools_prompt(tools: Sequence[Mapping[str, Any]]) -> str:
    """The part of the system message that lists the episode's ``tools`` and says how to
    call one."""
    first = tools[0]
    call = {
        "action_type": "mcp",
        "action_name": first["name"],
        "action_json": example_arguments(first),
    }
    return (
        f"{tools_listing(tools)}\n\n"
        'Call a tool with {"action_type": "mcp", "action_name": <name>, "action_json": '
        "<arguments>}, the arguments a JSON object that follows its input_schema; one tool "
        "call per action. For example, with real values for the <...>:\n"
        f"Action: {json.dumps(call, ensure_ascii=False)}"
    )


def request(turn: Turn) -> list[str]:
    """The current turn: the instruction, the screen, the reply format."""
    return [
        f"Instruction: {turn.instruction}",
        f"Screen:\n{turn.screen.text}",
        "Reply with Thought and Action.",
    ]


def action_of(reply: str) -> str:
    """The action for ``reply``: its JSON action as one compact line if the reply holds a
    readable one, else the reply itself (which the wrapper will reject, saying why).
    Never raises."""
    try:
        action = json_action(parse_json_action(reply))
    except (ValueError, TypeError, RecursionError):
        return reply
    return json.dumps(action, ensure_ascii=False)
