"""LLMAgent and VLMAgent: a chat model acting through text commands.

Each ``act`` sends the system prompt, the last ``history`` turns and the current screen to
an OpenAI-compatible endpoint and turns the reply into an action of the agent's dialect
(``mobile_gym.agents.llm.dialects``): a ``TextCommands`` action (``text``, the default), a
``MobileEnvActions`` one (``mobile_env``) or a MobileWorld ``JsonActions`` one (``json``).
A reply that holds no command is sent so that the wrapper rejects it; the model reads the
wrapper's ``action_error`` in its next turn.
A task with MCP tools lists them at reset (``info["tools"]``, else the observation's
``tools``); a dialect that can call them adds them to the system message
(``Dialect.system_message``), and the next turn shows what the user said and the tool's
result (``prompt.notes``).
Only the endpoint failing raises: ``LLMUnavailableError`` (an ``InfrastructureError``: an
evaluation counts the episode as an error, not a failure) when it cannot serve after its
retries, ``LLMError`` when it refuses the request itself.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from mobile_gym.agents.base import TokenUsage
from mobile_gym.agents.llm.client import ChatClient, Endpoint
from mobile_gym.agents.llm.dialects import Dialect, dialect_named
from mobile_gym.agents.llm.prompt import Turn, listed_tools, messages, notes, text_chars
from mobile_gym.agents.llm.screen import read_screen
from mobile_gym.checks import check_int


class LLMAgent:
    """A text chat model reading the HTML (``view="html"``) or numbered-list (``"text"``)
    view and answering ``THINK: ...`` / ``ACTION: <command>`` in the ``text`` action space;
    with ``dialect="mobile_env"``, Mobile-Env's HTML (``mobile_env_html``) and
    ``<think>...</think><action>CALL</action>`` in the ``mobile_env`` action space; with
    ``dialect="json"``, ``Thought: ...`` / ``Action: {JSON}`` in the ``json`` action space
    (MobileWorld's actions, ``ask_user`` and ``mcp`` included).

    Args:
        model, base_url, api_key: the endpoint; each one not given comes from the
            environment (``MOBILE_GYM_LLM_MODEL``; ``MOBILE_GYM_LLM_BASE_URL`` or
            ``OPENAI_BASE_URL``; ``MOBILE_GYM_LLM_API_KEY`` or ``OPENAI_API_KEY``). A local
            server needs no key.
        view: the observation preset to make the env with: ``html`` (the default) or
            ``text`` in the ``text`` dialect, ``mobile_env_html`` in ``mobile_env``.
        history: how many past turns the model sees.
        temperature, max_tokens, seed: sampling parameters sent with each request (``seed``
            only when given; the same in every episode).
        timeout, max_retries, backoff: per-request timeout (seconds), retries after
            connection errors, timeouts, 429 and 5xx answers, and the first retry's wait
            (doubled each time; a ``Retry-After`` header overrides it).
        dialect: ``text``, ``mobile_env`` or ``json``: the prompt, reply format and action
            space.
    """

    kind = "llm"
    views: tuple[str, ...] = ("html", "text", "mobile_env_html")
    """The observation views this class reads."""

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        view: str | None = None,
        history: int = 4,
        temperature: float = 0.0,
        max_tokens: int = 512,
        timeout: float = 60.0,
        max_retries: int = 3,
        backoff: float = 1.0,
        seed: int | None = None,
        dialect: str = "text",
    ) -> None:
        self.dialect: Dialect = dialect_named(dialect)
        view = self._view(view)
        check_int("history", history, low=0)
        check_int("max_tokens", max_tokens, low=1)
        self.action_space: str = self.dialect.action_space
        self.observation: str = view
        self.history = history
        self.parameters: dict[str, Any] = {"temperature": temperature, "max_tokens": max_tokens}
        if seed is not None:
            self.parameters["seed"] = seed
        self.client = ChatClient(
            Endpoint.resolve(model, base_url, api_key), timeout, max_retries, backoff
        )
        named = self.kind if dialect == "text" else f"{self.kind}-{dialect}"
        self.name = f"{named}:{self.client.endpoint.model}"
        self._turns: list[Turn] = []
        self._instruction: str | None = None
        self._given: list[str] = []
        self._tools: tuple[dict[str, Any], ...] = ()
        self._last_output: str | None = None
        self._last_usage: TokenUsage | None = None
        self._last_prompt: list[dict[str, Any]] | None = None

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        """Forget the last episode; ``instruction`` is the first one the model sees, and the
        task's MCP tools are ``info["tools"]`` (none when absent)."""
        self._turns = []
        self._instruction = instruction
        self._given = []
        self._tools = _tools(info.get("tools"))
        self._note_given([instruction, *info.get("instructions", ())])
        self._last_output = None
        self._last_usage = None
        self._last_prompt = None

    def act(self, observation: Any, info: dict[str, Any]) -> str:
        """Ask the model for the next action on this screen (see the module docstring)."""
        if self._instruction is None:
            raise RuntimeError("call reset() before act()")
        previous = self._instruction if self._turns else None
        instruction = _instruction(observation, info) or self._instruction
        self._note_given([*info.get("instructions", ()), instruction])
        screen = read_screen(self.observation, observation, info)
        current = Turn(
            tuple(notes(info, previous, instruction)),
            instruction,
            screen,
            earlier=tuple(given for given in self._given if given != instruction),
            steps=_steps(info),
        )
        if not self._tools and isinstance(observation, dict):
            self._tools = listed_tools(observation.get("tools"))
        past = self._turns[-self.history :] if self.history else []
        chat = messages(
            self.dialect.system_message(self.observation, self._tools),
            past,
            current,
            self.dialect.request(current),
        )
        self._last_output = self._last_usage = None
        self._last_prompt = chat
        completion = self.client.complete(chat, **self.parameters)
        self._turns = [*past, replace(current, output=completion.text)]
        self._instruction = instruction
        self._last_output = completion.text
        self._last_usage = TokenUsage(
            input_tokens=completion.input_tokens,
            output_tokens=completion.output_tokens,
            total_tokens=completion.total_tokens,
            input_chars=text_chars(chat),
            output_chars=len(completion.text),
            images=(screen.size,) if screen.size else (),
        )
        return self.dialect.action_of(completion.text)

    def _view(self, view: str | None) -> str:
        """The view to read: ``view`` checked against this class and the dialect, or the
        dialect's first one that this class reads."""
        if view is None:
            view = next((v for v in self.dialect.views if v in self.views), self.views[0])
        if view not in self.views:
            raise ValueError(
                f"{type(self).__name__} view must be one of {self.views}, got {view!r}"
            )
        if view not in self.dialect.views:
            raise ValueError(
                f"the {self.dialect.name!r} dialect reads the views {self.dialect.views}, "
                f"got {view!r}"
            )
        return view

    def _note_given(self, instructions: list[str]) -> None:
        """Remember the instructions given in this episode, in order, each once."""
        for instruction in instructions:
            if instruction and instruction not in self._given:
                self._given.append(str(instruction))

    @property
    def last_output(self) -> str | None:
        """The model's raw reply to the last ``act``."""
        return self._last_output

    @property
    def last_usage(self) -> TokenUsage | None:
        """Tokens the endpoint reported for the last ``act``, and the text and images sent."""
        return self._last_usage

    @property
    def last_prompt(self) -> list[dict[str, Any]] | None:
        """The chat messages the last ``act`` sent (images as PNG data URLs), or None
        before the first ``act`` of an episode."""
        return self._last_prompt


class VLMAgent(LLMAgent):
    """LLMAgent's vision variant: it reads the Set-of-Marks view (``observation="som"``),
    sending the marked screenshot as a PNG image part with the element list as text, in the
    ``text`` or ``json`` dialect.

    Args:
        model, base_url, api_key: as LLMAgent's.
        options: LLMAgent's other keyword arguments, except ``view``.
    """

    kind = "vlm"
    views = ("som",)

    def __init__(
        self,
        model: str | None = None,
        base_url: str | None = None,
        api_key: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__(model, base_url, api_key, view="som", **options)


def _steps(info: dict[str, Any]) -> tuple[int, int] | None:
    """The actions taken and the step cap, when the env reports both."""
    taken, cap = info.get("agent_steps"), info.get("step_cap")
    if isinstance(taken, int) and isinstance(cap, int):
        return taken, cap
    return None


def _tools(listed: Any) -> tuple[dict[str, Any], ...]:
    """The tools of a reset ``info["tools"]`` (a list of dicts, each with a ``name``)."""
    if not isinstance(listed, (list, tuple)):
        return ()
    return tuple(
        dict(tool)
        for tool in listed
        if isinstance(tool, Mapping) and isinstance(tool.get("name"), str)
    )


def _instruction(observation: Any, info: dict[str, Any]) -> str | None:
    """The current instruction: the observation's, else the info's."""
    if isinstance(observation, dict) and observation.get("instruction"):
        return str(observation["instruction"])
    return info.get("instruction") or None
