"""The dialects the LLM agents speak: the action space, views, prompt and reply reading.

============== ================ =================================== ============================
dialect        action space     views                               reply
============== ================ =================================== ============================
``text``       ``text``         ``html``, ``text``, ``som``         ``THINK: ...`` /
                                                                    ``ACTION: <command>``
``mobile_env`` ``mobile_env``   ``mobile_env_html``                 ``<think>...</think>``
                                                                    ``<action>CALL</action>``
``json``       ``json``         ``html``, ``text``, ``som``         ``Thought: ...`` /
                                                                    ``Action: {JSON object}``
============== ================ =================================== ============================

An agent picks one with its ``dialect`` option (``--agent-option dialect=mobile_env`` in
``mobile-gym eval``).

The ``text`` and ``json`` dialects list a task's MCP tools and tell the model it may ask the
user: ``MCP(tool, {arguments})`` and ``ASK_USER("question")`` in ``text``; MobileWorld's
``{"action_type": "mcp", "action_name": ..., "action_json": {...}}`` and
``{"action_type": "ask_user", "text": ...}`` in ``json``, the dialect to run MobileWorld's
suite in. Mobile-Env's calls have neither, so the ``mobile_env`` dialect keeps tools out of
its prompt (what the user says unasked still reaches it, with the env's other notes).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from mobile_gym.agents.llm import json_dialect, mobile_env, output, prompt
from mobile_gym.agents.llm.prompt import Turn


@dataclass(frozen=True)
class Dialect:
    """How the agent talks to the model and to the env.

    ``action_space`` is the preset of the actions it sends, ``views`` the observation
    presets it reads (the first is the default), ``system_prompt(view)`` its system
    message, ``request(turn)`` the lines of the current turn after the env's notes, and
    ``action_of(reply)`` the action sent for a reply (never raising: an unreadable reply
    goes to the env as it is, to be rejected with the reason). ``tools_prompt(tools)``, for
    a dialect that can call MCP tools, is what its system message adds in an episode whose
    task has tools; None for a dialect that cannot.
    """

    name: str
    action_space: str
    views: tuple[str, ...]
    system_prompt: Callable[[str], str]
    request: Callable[[Turn], list[str]]
    action_of: Callable[[str], str]
    tools_prompt: Callable[[Sequence[Mapping[str, Any]]], str] | None = None

    def system_message(self, view: str, tools: Sequence[Mapping[str, Any]] = ()) -> str:
        """The system message for view ``view`` in an episode offering ``tools`` (left out
        by a dialect that cannot call them)."""
        message = self.system_prompt(view)
        if tools and self.tools_prompt is not None:
            message = f"{message}\n\n{self.tools_prompt(tools)}"
        return message


DIALECTS: dict[str, Dialect] = {
    "text": Dialect(
        "text",
        "text",
        ("html", "text", "som"),
        prompt.system_prompt,
        prompt.request,
        output.action_of,
        prompt.tools_prompt,
    ),
    "mobile_env": Dialect(
        "mobile_env",
        "mobile_env",
        (mobile_env.VIEW,),
        mobile_env.system_prompt,
        mobile_env.request,
        mobile_env.action_of,
    ),
    "json": Dialect(
        "json",
        "json",
        json_dialect.VIEWS,
        json_dialect.system_prompt,
        json_dialect.request,
        json_dialect.action_of,
        json_dialect.tools_prompt,
    ),
}
"""Each dialect by name."""


def dialect_named(name: str) -> Dialect:
    """The dialect ``name``; a ValueError names the choices for an unknown one."""
    if name not in DIALECTS:
        raise ValueError(f"unknown dialect {name!r}; choose one of: {', '.join(DIALECTS)}")
    return DIALECTS[name]
