"""LLM agents: chat models behind an OpenAI-compatible endpoint, acting through text commands.

``LLMAgent`` reads the HTML or numbered-list view, ``VLMAgent`` the Set-of-Marks screenshot;
both answer ``THINK: ...`` then ``ACTION: <command>`` in the ``text`` action space. With
``dialect="mobile_env"`` (``mobile_gym.agents.llm.dialects``) ``LLMAgent`` speaks
Mobile-Env's interface instead: its HTML view (``mobile_env_html``) and
``<think>...</think><action>CALL</action>`` replies in the ``mobile_env`` action space.
With ``dialect="json"`` either agent answers ``Thought: ...`` then ``Action: {JSON}`` in
MobileWorld's JSON actions (the ``json`` action space).
In the ``text`` and ``json`` dialects the model is told it may ask the user and, on a task
with MCP tools, is shown them as JSON lines and calls them (``MCP(tool, {arguments})``, or
``{"action_type": "mcp", "action_name": ..., "action_json": {...}}``); the user's reply and
the tool's result come in its next turn.
``LLMError`` is raised when the endpoint gives no completion; ``LLMUnavailableError``, its
``InfrastructureError`` subclass, when the endpoint cannot serve at all (an outage, not a
failure of the agent).
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
