"""What an evaluation records: one ``StepRecord`` per agent action and one ``EpisodeRecord``
per episode, both plain JSON-able dataclasses.

An episode's ``outcome`` is one of ``OUTCOMES``: ``success``; ``failure`` (the agent did
not reach the goal, or raised an exception of its own: ``agent_error``); or ``error`` (the
infrastructure failed: the model endpoint, a device fault, a tool server; ``error`` says
why). An error says nothing of the agent, so a resumed run plays that episode again.

Wall-clock timings (``latency_s``) live here and only here: the env and its ``info`` never
read the clock.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

OUTCOMES = ("success", "failure", "error")
"""The ways an episode ends (``EpisodeRecord.outcome``)."""


@dataclass(frozen=True)
class StepRecord:
    """One agent action and what came of it."""

    step: int
    action: Any
    """The action as JSON (a ``Command``'s fields, an array as a list, text as text)."""
    output: str | None
    """The agent's raw output (model text, or the action described)."""
    reward: float
    instructions: list[str]
    events: list[str]
    action_error: str | None
    latency_s: float
    """Seconds the agent took to decide (timed around ``act``, not the env)."""
    tokens_reported: int | None
    tokens_estimated: int
    """GPT-4V's estimate (``mobile_gym.metrics.estimate_tokens``)."""
    success: bool
    early_stop: bool
    late_stop: bool
    asked_user: bool = False
    mcp_call: bool = False
    screenshot: str | None = None
    """The PNG saved for this step, relative to the run folder."""
    observation: dict[str, str] | None = None
    """The files saved of the observation after this step, by kind (``png``, ``xml``,
    ``text``, ``prompt``), relative to the run folder (``mobile_gym.eval.observations``)."""
    tokens_estimated_1024: int = 0
    """MobileAgentBench's own estimate (images fit into 1024 px)."""
    action_kind: str | None = None
    """How ``action`` is read back into the action given: ``command`` (a ``Command``),
    ``array`` (a NumPy array), or None (the JSON itself)."""
    user_reply: str | None = None
    """What the simulated user said at this step (``info["ask_user_response"]``): its reply
    to an ASK_USER, or what it says unasked."""
    tool_call: dict[str, Any] | None = None
    """The MCP call of this step and its result (``info["tool_call"]``: the tool, its
    arguments, the result, whether it failed)."""

    def to_json(self) -> dict[str, Any]:
        return {"type": "step", **dataclasses.asdict(self)}


@dataclass(frozen=True)
class EpisodeRecord:
    """One episode: the task, the agent, and the outcome the metrics are computed from."""

    task_id: str
    seed: int
    agent: str
    suite: str
    apps: list[str]
    category: str
    difficulty: str
    min_steps: int
    step_cap: int | None
    instruction: str
    steps: int
    """Agent steps as the task counts them (a STATUS that is not a step is left out)."""
    success: bool
    task_type: str = ""
    """The task's type within its benchmark (``TaskSpec.task_type``; "" when it has none)."""
    failure: bool = False
    """A failure event ended the episode (the agent destroyed the goal)."""
    early_stop: bool = False
    """The agent declared the task complete before it was."""
    late_stop: bool = False
    """The agent acted on after the task was done (its goal latched)."""
    truncated: bool = False
    total_reward: float = 0.0
    latency_s: float = 0.0
    """Seconds of agent decisions in all (see ``StepRecord.latency_s``)."""
    decisions: int | None = None
    """Agent decisions made (every action, a STATUS included); None in records written
    before it was kept, where ``steps`` stands for it."""
    tokens_reported: int | None = None
    tokens_estimated: int = 0
    tokens_estimated_1024: int = 0
    """The estimate by MobileAgentBench's own image rule (see ``StepRecord``)."""
    asks: int = 0
    """``ask_user`` calls."""
    mcp_calls: int = 0
    error: str | None = None
    """Why the infrastructure could not run the episode to its end (the model endpoint, a
    device fault, a tool server); set only for outcome ``error``. Redacted."""
    agent_error: str | None = None
    """The exception the agent raised that ended the episode as a failure (a bug, a
    request its model refused). Redacted."""
    trajectory: str | None = None
    """The episode's JSONL trajectory, relative to the run folder."""
    extra: dict[str, Any] = field(default_factory=dict)
    tags: list[str] = field(default_factory=list)
    """The task's kinds (``TaskSpec.tags``: its category, ``interact``, ``mcp``); empty in
    records written before they were kept, where ``category`` stands for them."""

    @property
    def kinds(self) -> frozenset[str]:
        """``tags``, or the category alone in a record that has none."""
        return frozenset(self.tags or [self.category])

    @property
    def app(self) -> str:
        """The task's main app (its first)."""
        return self.apps[0] if self.apps else ""

    @property
    def key(self) -> str:
        """The episode's name in a run: its task and seed."""
        return episode_key(self.task_id, self.seed)

    @property
    def outcome(self) -> str:
        """``error`` when the infrastructure failed, else ``success`` or ``failure``."""
        if self.error is not None:
            return "error"
        return "success" if self.success else "failure"

    @property
    def tokens(self) -> int:
        """Tokens as the agent reported them, else the estimate."""
        return self.tokens_reported if self.tokens_reported is not None else self.tokens_estimated

    def to_json(self) -> dict[str, Any]:
        """The record's fields and its ``outcome``."""
        return {**dataclasses.asdict(self), "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> EpisodeRecord:
        """A record from ``to_json`` (``outcome``, derived from the fields, is not read)."""
        data = {name: value for name, value in data.items() if name != "outcome"}
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown episode record fields: {', '.join(sorted(unknown))}")
        return cls(**data)


def episode_key(task_id: str, seed: int) -> str:
    return f"{task_id}__seed{seed}"
