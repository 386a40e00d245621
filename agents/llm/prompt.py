"""The chat messages of the LLM agents, and the ``text`` dialect's THINK / ACTION prompt.

``messages`` lays out any dialect's chat: its system message, then the last turns (what
the env reported, a summary of the screen, the model's reply) and the current turn (what
the env reported, then the dialect's lines: instruction, full screen, reply format). The
``text`` dialect's system message (``system_prompt``) explains the task, the view, the
commands that ``mobile_gym.wrappers.TextCommands`` accepts, that the user may be asked
(ASK_USER) when a fact is missing or the instruction looks wrong, and the reply format;
``request`` writes its current turn.

A task with MCP tools lists them at reset (``info["tools"]``; the observation's ``tools``
holds the same, one JSON object a line). ``tools_prompt`` writes them under the system
message as JSON lines (name, description, input schema), as MobileWorld pastes tools into
its planner's prompt, with how to call one: ``MCP(tool, {arguments})``. ``notes`` shows the
model, in the next turn, what the user said (``info["ask_user_response"]``, else
``user_reply``) and the tool's result (``info["tool_call"]``: the tool, whether it failed,
its text cut to ``RESULT_CHARS``; else ``tool_result``).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym.agents.llm.screen import VIEW_NAMES, Screen

COMMANDS: tuple[tuple[str, str], ...] = (
    ("TAP(i)", "tap element i"),
    ("LONG_TAP(i)", "press and hold element i"),
    ("DOUBLE_TAP(i)", "tap element i twice"),
    ('TYPE(i, "text")', "tap text field i, then type the text"),
    ('TYPE("text")', "type into the text field that has focus"),
    ("SCROLL(direction)", "reveal content further in that direction (down: what is below)"),
    ("SCROLL(i, direction)", "the same inside element i"),
    ("SWIPE(direction)", "move a finger across the screen (up on the home screen: all apps)"),
    ("SWIPE(i, direction)", "the same through element i"),
    ("GOBACK", "press the BACK key"),
    ("HOME", "press the HOME key"),
    ("ENTER", "press the ENTER key"),
    ("WAIT", "do nothing for a moment"),
    ('OPEN_APP("name")', "open the app of that name"),
    ('ANSWER("text")', "give the user the answer the task asks for"),
    ("DONE", "declare the task complete (ends the task)"),
    ("INFEASIBLE", "declare the task impossible (ends the task)"),
    ('ASK_USER("question")', "ask the user; the reply comes with the next screen"),
    (
        'MCP(tool, {"argument": value})',
        "call one of the task's tools (listed below when it has any); its result comes "
        "with the next screen",
    ),
)
"""The commands of ``mobile_gym.wrappers.text_commands`` (its grammar), as the model is
told them: usage and what it does."""

EXAMPLE = "THINK: Settings is open and Wi-Fi is on; its switch is element 4.\nACTION: TAP(4)"

ASK_WHEN = (
    "When a fact you need is missing or the instruction seems wrong, ask the user with ASK_USER."
)
"""When the model is told it may ask the user."""

RESULT_CHARS = 8000
"""The longest tool result shown to the model; a longer one is cut, saying so."""


def system_prompt(view: str) -> str:
    """The system message for an agent reading observation view ``view``."""
    width = max(len(usage) for usage, _ in COMMANDS)
    commands = "\n".join(f"{usage.ljust(width)}  {what}" for usage, what in COMMANDS)
    return (
        f"{opening(view)}\n\n"
        "Commands (i is the number of an element on the current screen; direction is up, "
        "down, left or right):\n"
        f"{commands}\n\n"
        f"{ASK_WHEN}\n\n"
        "Reply in exactly this format, with one command:\n"
        "THINK: <what the screen shows, what is done, what to do next>\n"
        "ACTION: <command>\n\n"
        f"For example:\n{EXAMPLE}"
    )


def opening(view: str) -> str:
    """What the system message of the ``text`` and ``json`` dialects opens with: the task,
    what each turn shows (the screen as observation view ``view``) and what is reported."""
    return (
        "You operate an Android phone to carry out a user's instruction, one action per "
        "turn.\n\n"
        f"Each turn you get the current instruction and the current screen as "
        f"{VIEW_NAMES[view]}. The instruction can change as you make progress: always follow "
        "the latest one. After each action you are told if it failed and why, and any reply "
        "of the user or result of a tool."
    )


def tools_prompt(tools: Sequence[Mapping[str, Any]]) -> str:
    """The ``text`` dialect's part of the system message that lists the episode's
    ``tools`` (dicts with ``name``, ``description``, ``input_schema``) and says how to
    call one."""
    first = tools[0]
    arguments = json.dumps(example_arguments(first), ensure_ascii=False)
    return (
        f"{tools_listing(tools)}\n\nCall a tool with MCP(name, {{arguments}}), the arguments a "
        "JSON object that follows its input_schema; one call per action. For example, with "
        "real values for the <...>:\n"
        f"ACTION: MCP({first['name']}, {arguments})"
    )


def tools_listing(tools: Sequence[Mapping[str, Any]]) -> str:
    """The episode's ``tools``, one JSON line each after a line saying what they are (as
    MobileWorld pastes tools into its planner's prompt)."""
    return (
        "Tools of this task, one JSON object a line (name, description, input_schema: the "
        "JSON schema of its arguments):\n" + "\n".join(tool_line(tool) for tool in tools)
    )


def tool_line(tool: Mapping[str, Any]) -> str:
    """One tool as a JSON line: its name, description and input schema."""
    return json.dumps(
        {
            "name": tool.get("name", ""),
            "description": tool.get("description", ""),
            "input_schema": tool.get("input_schema", {}),
        },
        ensure_ascii=False,
    )


def listed_tools(text: Any) -> tuple[dict[str, Any], ...]:
    """The tools of an observation's ``tools`` field (one JSON object a line); lines that
    are no tool are skipped."""
    if not isinstance(text, str):
        return ()
    found = []
    for line in text.splitlines():
        try:
            tool = json.loads(line)
        except ValueError:
            continue
        if isinstance(tool, dict) and isinstance(tool.get("name"), str):
            found.append(tool)
    return tuple(found)


def example_arguments(tool: Mapping[str, Any]) -> dict[str, str]:
    """Placeholder arguments for ``tool``: its required arguments (else its first one),
    each as ``<name>``."""
    schema = tool.get("input_schema")
    schema = schema if isinstance(schema, Mapping) else {}
    properties = schema.get("properties")
    names = list(properties) if isinstance(properties, Mapping) else []
    listed = schema.get("required")
    required = [n for n in listed if isinstance(n, str)] if isinstance(listed, list) else []
    return {name: f"<{name}>" for name in (required or names[:1])}


@dataclass(frozen=True)
class Turn:
    """One decision: what the env reported about the action before it (``notes``), the
    instruction and screen the model saw, and its reply (``output``); ``earlier`` are the
    instructions given before the current one in this episode, ``steps`` the actions taken
    and the step cap (when the env reports them)."""

    notes: tuple[str, ...]
    instruction: str
    screen: Screen
    output: str = ""
    earlier: tuple[str, ...] = ()
    steps: tuple[int, int] | None = None


def notes(info: dict[str, Any], previous_instruction: str | None, instruction: str) -> list[str]:
    """What the env reported after the last action: its error, what the user said, a tool's
    result, and a changed instruction."""
    found = []
    if info.get("action_error"):
        found.append(f"Your last action failed: {info['action_error']}")
    said = info.get("ask_user_response", info.get("user_reply"))
    if said is not None:
        found.append(f"The user replied: {said}")
    call = info.get("tool_call")
    if isinstance(call, Mapping):
        kind = "Tool error" if call.get("is_error") else "Tool result"
        found.append(f"{kind} ({call.get('tool')}): {_cut(_text(call.get('result')))}")
    elif info.get("tool_result") is not None:
        found.append(f"Tool result: {_cut(_text(info['tool_result']))}")
    if previous_instruction is not None and instruction != previous_instruction:
        found.append(f"New instruction: {instruction}")
    return found


def _text(result: Any) -> str:
    """A tool's result as text (JSON for anything but a string)."""
    return (
        result if isinstance(result, str) else json.dumps(result, ensure_ascii=False, default=str)
    )


def _cut(text: str) -> str:
    """``text`` cut to ``RESULT_CHARS``, saying how much was left out."""
    if len(text) <= RESULT_CHARS:
        return text
    return f"{text[:RESULT_CHARS]}... [{len(text) - RESULT_CHARS} more characters not shown]"


def request(turn: Turn) -> list[str]:
    """The ``text`` dialect's current turn: the instruction, the screen, the reply format."""
    return [
        f"Instruction: {turn.instruction}",
        f"Screen:\n{turn.screen.text}",
        "Reply with THINK and ACTION.",
    ]


def messages(
    system: str, past: list[Turn], current: Turn, lines: list[str]
) -> list[dict[str, Any]]:
    """The chat messages for deciding ``current`` after the ``past`` turns: the system
    message ``system``, then each turn; the current one is its notes and ``lines``."""
    out: list[dict[str, Any]] = [{"role": "system", "content": system}]
    for turn in past:
        text = "\n".join([*turn.notes, f"Screen: {turn.screen.summary}"])
        out.append({"role": "user", "content": text})
        out.append({"role": "assistant", "content": turn.output})
    text = "\n".join([*current.notes, *lines])
    image = current.screen.image_part()
    if image is None:
        out.append({"role": "user", "content": text})
    else:
        out.append({"role": "user", "content": [{"type": "text", "text": text}, image]})
    return out


def text_chars(chat: list[dict[str, Any]]) -> int:
    """The characters of text in ``chat`` (images not counted)."""
    total = 0
    for message in chat:
        content = message["content"]
        if isinstance(content, str):
            total += len(content)
        else:
            total += sum(len(part.get("text", "")) for part in content)
    return total
