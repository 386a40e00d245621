"""LLM agents: chat models behind an OpenAI-compatible endpoint, acting through text commands.

``LLMAgent`` reads the HTML or numbered-list view, ``VLMAgent`` the Set-of-Marks screenshot;
both answer Mobile-Env style (``THINK: ...`` then ``ACTION: <command>``) in the ``text``
action space. ``LLMError`` is raised when the endpoint gives no completion;
``LLMUnavailableError``, its ``InfrastructureError`` subclass, when the endpoint cannot serve
at all (an outage, not a failure of the agent).
"""

from mobile_gym.agents.llm.agent import LLMAgent, VLMAgent
from mobile_gym.agents.llm.client import (
    ChatClient,
    Completion,
    Endpoint,
    LLMError,
    LLMUnavailableError,
)

__all__ = [
    "ChatClient",
    "Completion",
    "Endpoint",
    "LLMAgent",
    "LLMError",
    "LLMUnavailableError",
    "VLMAgent",
]
