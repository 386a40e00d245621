"""The dialects the LLM agents speak: the action space, views, prompt and reply reading.

============== ================ =================================== ============================
dialect        action space     views                               reply
============== ================ =================================== ============================
``text``       ``text``         ``html``, ``text``, ``som``         ``THINK: ...`` /
                                                                    ``ACTION: <command>``
``mobile_env`` ``mobile_env``   ``mobile_env_html``                 ``<think>...</think>``
                                                                    ``<action>CALL</action>``
============== ================ =================================== ============================

An agent picks one with its ``dialect`` option (``--agent-option dialect=mobile_env`` in
``mobile-gym eval``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.agents.llm import mobile_env, output, prompt
from mobile_gym.agents.llm.prompt import Turn


@dataclass(frozen=True)
class Dialect:
    """How the agent talks to the model and to the env.

    ``action_space`` is the preset of the actions it sends, ``views`` the observation
    presets it reads (the first is the default), ``system_prompt(view)`` its system
    message, ``request(turn)`` the lines of the current turn after the env's notes, and
    ``action_of(reply)`` the action sent for a reply (never raising: an unreadable reply
    goes to the env as it is, to be rejected with the reason).
    """

    name: str
    action_space: str
    views: tuple[str, ...]
    system_prompt: Callable[[str], str]
    request: Callable[[Turn], list[str]]
    action_of: Callable[[str], str]


DIALECTS: dict[str, Dialect] = {
    "text": Dialect(
        "text",
        "text",
        ("html", "text", "som"),
        prompt.system_prompt,
        prompt.request,
        output.action_of,
    ),
    "mobile_env": Dialect(
        "mobile_env",
        "mobile_env",
        (mobile_env.VIEW,),
        mobile_env.system_prompt,
        mobile_env.request,
        mobile_env.action_of,
    ),
}
"""Each dialect by name."""


def dialect_named(name: str) -> Dialect:
    """The dialect ``name``; a ValueError names the choices for an unknown one."""
    if name not in DIALECTS:
        raise ValueError(f"unknown dialect {name!r}; choose one of: {', '.join(DIALECTS)}")
    return DIALECTS[name]
