"""The ``mobile_env`` dialect: Mobile-Env's agent interface for the LLM agent.

The model reads the ``mobile_env_html`` view (the screen's leaf elements as HTML, one a
line, numbered by ``id``) and answers ``<think>...</think><action>CALL</action>`` with one
of the calls of ``mobile_gym.wrappers.MobileEnvActions`` (``COMMANDS``). Each turn shows
the instructions given earlier in the episode (the task's command, then each intermediate
instruction released as a stage completed), the current one, and the actions taken
against the step cap.

``action_of`` reads the reply with the action space's own parser
(``parse_mobile_env_action``): a readable reply becomes the short ``<action>CALL</action>``
(the thinking stays in the agent's ``last_output``); any other (thoughts without an
action, two actions, an unknown call) is sent as it is, for the wrapper to reject it and
say why in ``info["action_error"]``.

Mobile-Env's calls hold no tool call and no question to the user, so a task's MCP tools are
not listed in this dialect's prompt (an episode with tools needs the ``text`` dialect); what
the user says unasked still shows in the next turn, with the env's other notes.
"""

from __future__ import annotations

from mobile_gym.agents.llm.prompt import Turn
from mobile_gym.wrappers.mobile_env_interface import parse_mobile_env_action

VIEW = "mobile_env_html"
"""The observation view the dialect reads: its ids are the ones the calls take."""

VIEW_NAME = (
    'HTML with one element per line, numbered by its id="N"; clickable="true" or '
    'long-clickable="true" marks an element that reacts to a tap or a long press, class names '
    "what it is, alt describes an image or icon, value holds a text field's text"
)
"""How the view is explained to the model."""

COMMANDS: tuple[tuple[str, str], ...] = (
    ("CLICK(id)", "tap element id"),
    ("LONG_CLICK(id)", "press and hold element id"),
    ('INPUT(id, "text")', "tap text field id, type the text, then press ENTER"),
    ('SCROLL("DOWN")', 'show more of the page that way: "UP", "DOWN", "LEFT" or "RIGHT"'),
    ('ANSWER("text")', "give the user the answer the instruction asks for"),
    ("GOBACK()", "press the BACK key"),
    ("DO_NOTHING()", "let a moment pass"),
)
"""The calls of ``mobile_gym.wrappers.MobileEnvActions``, as the model is told them."""

EXAMPLE = (
    "<think>\nThe search results are listed; the first contact is element 7.\n</think>\n"
    "<action>\nCLICK(7)\n</action>"
)


def system_prompt(view: str = VIEW) -> str:
    """The dialect's system message (``view`` is always ``VIEW``)."""
    width = max(len(usage) for usage, _ in COMMANDS)
    commands = "\n".join(f"{usage.ljust(width)}  {what}" for usage, what in COMMANDS)
    return (
        "You operate an Android phone for a user, one action per turn, until the task is "
        "done.\n\n"
        "The task arrives in parts: first a command, then, each time a part is done, a "
        "further instruction. Each turn lists the instructions already completed, the "
        "current instruction to work on, how many actions you have taken of the episode's "
        f"limit, and the current screen as {VIEW_NAME}.\n\n"
        "Actions, written as a function call (id is the id of an element on the current "
        "screen):\n"
        f"{commands}\n\n"
        "Reply with your reasoning inside <think></think>, then exactly one action inside "
        "<action></action>, for example:\n"
        f"{EXAMPLE}"
    )


def request(turn: Turn) -> list[str]:
    """The current turn: the completed and current instructions, the actions taken, the
    screen and the reply format."""
    lines = []
    if turn.earlier:
        lines.append("Completed instructions:")
        lines += [f"{number}. {text}" for number, text in enumerate(turn.earlier, 1)]
    lines.append(f"Current instruction: {turn.instruction}")
    if turn.steps is not None:
        taken, cap = turn.steps
        lines.append(f"Actions taken: {taken} of at most {cap}")
    lines += [
        f"Current screen:\n{turn.screen.text}",
        "Reply with <think>...</think> and one <action>...</action>.",
    ]
    return lines


def action_of(reply: str) -> str:
    """The action for ``reply``: ``<action>CALL</action>`` if the reply holds exactly one
    readable call, else the reply itself (which the wrapper will reject, saying why).
    Never raises."""
    try:
        action = parse_mobile_env_action(reply)
    except (ValueError, TypeError, RecursionError):
        return reply
    return f"<action>{action.call}</action>"
