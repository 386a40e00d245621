"""Baseline agents for mobile-gym, installed as ``mobile_gym.agents``.

``make_agent(name, **options)`` builds one by name:

============  =========================================================================
``random``    uniform over the valid element actions of each screen (seeded)
``oracle``    plays the task's reference solution (proves each task solvable)
``llm``       THINK / ACTION prompting of an OpenAI-compatible chat model on the HTML
              or numbered-list view, or in Mobile-Env's dialect (``dialect="mobile_env"``:
              its HTML view and ``<think>…</think><action>…</action>`` replies)
              (``mobile_gym.agents.llm``)
``vlm``       the same with Set-of-Marks screenshots
``sb3``       a saved stable-baselines3 policy (``path=...``; needs the ``rl`` extra)
============  =========================================================================
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from mobile_gym.agents.base import Agent, EnvAware, InfrastructureError, TokenUsage
from mobile_gym.redaction import redact, remember_options

AGENTS: dict[str, str] = {
    "random": "mobile_gym.agents.random_agent:RandomAgent",
    "oracle": "mobile_gym.agents.oracle:OracleAgent",
    "llm": "mobile_gym.agents.llm:LLMAgent",
    "vlm": "mobile_gym.agents.llm:VLMAgent",
    "sb3": "mobile_gym.agents.sb3_policy:SB3PolicyAgent",
}
"""Agent name: the class that implements it (imported only when used)."""


def agent_class(name: str) -> type[Agent]:
    """The class of agent ``name``; ValueError naming the choices for an unknown one."""
    if name not in AGENTS:
        raise ValueError(f"unknown agent {name!r}; choose one of: {', '.join(AGENTS)}")
    module, _, attribute = AGENTS[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def make_agent(name: str, **options: Any) -> Agent:
    """A new agent ``name`` built with ``options`` (its constructor's keyword arguments).

    The values of options whose names look secret (``api_key``, ``token``...) are kept out
    of every record and message from then on (``mobile_gym.redaction``); a ValueError for
    options the agent does not take names them, never their values.
    """
    cls = agent_class(name)
    remember_options(options)
    try:
        return cls(**options)
    except TypeError as exc:
        given = ", ".join(repr(option) for option in options) or "none"
        raise ValueError(
            f"agent {name!r}: bad options (given: {given}): {redact(str(exc))}; "
            f"its options: {', '.join(_option_names(cls)) or 'none'}"
        ) from None


def _option_names(cls: type) -> list[str]:
    """The keyword arguments ``cls`` is built with (those of its ``__init__`` chain when it
    passes ``**options`` on to its base)."""
    names: list[str] = []
    for klass in cls.__mro__:
        init = klass.__dict__.get("__init__")
        if init is None:
            continue
        parameters = list(inspect.signature(init).parameters.values())[1:]
        names += [
            p.name
            for p in parameters
            if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY) and p.name not in names
        ]
        if not any(p.kind is p.VAR_KEYWORD for p in parameters):
            break
    return names


__all__ = [
    "AGENTS",
    "Agent",
    "EnvAware",
    "InfrastructureError",
    "TokenUsage",
    "agent_class",
    "make_agent",
]
