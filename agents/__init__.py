"""Baseline agents for mobile-gym, installed as ``mobile_gym.agents``.

``make_agent(name, **options)`` builds one by name:

============  =========================================================================
``random``    uniform over the valid element actions of each screen (seeded)
``oracle``    plays the task's reference solution (proves each task solvable)
``llm``       THINK / ACTION prompting of an OpenAI-compatible chat model on the HTML
              or numbered-list view (``mobile_gym.agents.llm``)
``vlm``       the same with Set-of-Marks screenshots
``sb3``       a saved stable-baselines3 policy (``path=...``; needs the ``rl`` extra)
============  =========================================================================
"""

from __future__ import annotations

import importlib
from typing import Any

from mobile_gym.agents.base import Agent, EnvAware, TokenUsage

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
    """A new agent ``name`` built with ``options`` (its constructor's keyword arguments)."""
    cls = agent_class(name)
    try:
        return cls(**options)
    except TypeError as exc:
        raise ValueError(f"agent {name!r}: bad options {options}: {exc}") from None


__all__ = ["AGENTS", "Agent", "EnvAware", "TokenUsage", "agent_class", "make_agent"]
