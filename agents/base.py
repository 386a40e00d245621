"""The Agent protocol: what the evaluation runner (and any plain loop) needs from an agent.

An agent names the action space and observation view it works in (presets of
``mobile_gym.presets``: e.g. ``element`` actions over the ``text`` view), is told each
episode's instruction at reset, and maps an observation to an action. After each ``act`` it
exposes what it produced (``last_output``: the raw text of a model, or a readable form of
the action) and what it cost (``last_usage``: tokens reported by the model, and what was
sent, so that tokens can also be estimated the way MobileAgentBench does). When what it
relies on fails (its model endpoint, a tool server) it raises ``InfrastructureError``.

A plain loop::

    env = gym.make("MobileGym/settings.wifi_off-v0", action_space=agent.action_space,
                   observation=agent.observation)
    observation, info = env.reset(seed=0)
    agent.reset(info["instruction"], info, seed=0)
    done = False
    while not done:
        action = agent.act(observation, info)
        observation, reward, terminated, truncated, info = env.step(action)
        done = terminated or truncated
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable


@dataclass(frozen=True)
class TokenUsage:
    """What one agent decision cost in model tokens.

    ``input_tokens`` / ``output_tokens`` / ``total_tokens`` are the model's own counts
    when its API reports them (None otherwise). ``input_chars`` / ``output_chars`` and
    ``images`` (width, height of each image sent) are what was exchanged, from which
    ``mobile_gym.metrics`` estimates tokens GPT-4V style.
    """

    input_tokens: int | None = None
    output_tokens: int | None = None
    input_chars: int = 0
    output_chars: int = 0
    images: tuple[tuple[int, int], ...] = ()
    total_tokens: int | None = None

    @property
    def reported(self) -> int | None:
        """The decision's tokens as the model reported them: input plus output, else its
        total; None when it reported neither both halves nor a total (one half alone is
        not the decision's count: the decision is then estimated whole)."""
        if self.input_tokens is not None and self.output_tokens is not None:
            return self.input_tokens + self.output_tokens
        return self.total_tokens


@runtime_checkable
class Agent(Protocol):
    """An agent for mobile-gym's envs (see the module docstring for a plain loop)."""

    name: str
    """Short name used in results (``random``, ``oracle``, ``llm:gpt-4o``...)."""
    action_space: str
    """The action-space preset the agent acts in (``mobile_gym.presets.ACTION_SPACES``)."""
    observation: str
    """The observation preset it reads (``mobile_gym.presets.OBSERVATIONS``)."""

    def reset(self, instruction: str, info: dict[str, Any], seed: int | None = None) -> None:
        """Start an episode with this instruction; ``seed`` makes a stochastic agent
        reproducible per episode."""
        ...

    def act(self, observation: Any, info: dict[str, Any]) -> Any:
        """The next action, in the agent's action space."""
        ...

    @property
    def last_output(self) -> str | None:
        """The raw output behind the last action (model text, or the action described)."""
        ...

    @property
    def last_usage(self) -> TokenUsage | None:
        """Token usage of the last decision; None for agents that use no model."""
        ...


class InfrastructureError(RuntimeError):
    """What the agent relies on failed, not the agent: its model endpoint is unreachable or
    answers 5xx / 429 after its retries, a request timed out, a tool server crashed.

    An agent raises it (or a subclass, such as ``LLMUnavailableError``) from ``reset`` or
    ``act``; the evaluation then records the episode as an error, which is run again when
    the run resumes, never as a failure of the agent. Any other exception from an agent (a
    bug, a request the model refused) ends the episode as a failure.
    """


@runtime_checkable
class PresetOptions(Protocol):
    """An agent whose env needs more of ``gym.make``'s options than its two presets (an RL
    policy trained with ``action_options``, ``observation_options`` or ``screen_size``):
    the runner makes its env with ``preset_options`` too."""

    preset_options: dict[str, Any]


class EnvAware(Protocol):
    """An agent that needs privileged access to the env (the oracle reads the task's
    reference solution); the runner calls ``attach`` before each episode's reset."""

    def attach(self, env: Any) -> None: ...


class ModelFreeAgent:
    """Base of agents that call no model: the last action, described, is their output, and
    they use no tokens."""

    _output: str | None = None

    @property
    def last_output(self) -> str | None:
        return self._output

    @property
    def last_usage(self) -> TokenUsage | None:
        return None
