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
import functools
import types
import typing
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.checks import shown

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
    """The tokens the model reported for this decision; None when it reported none."""
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
    task_actions: int = 1
    """How many of the task's actions this step counts as (``info["task_actions"]``): 2
    for a TYPE that taps its field first under MobileAgentBench's rules."""

    @property
    def tokens(self) -> int:
        """The decision's tokens: as the model reported them, else GPT-4V's estimate."""
        return self.tokens_estimated if self.tokens_reported is None else self.tokens_reported

    @property
    def tokens_1024(self) -> int:
        """As ``tokens``, estimated by MobileAgentBench's own image rule."""
        return self.tokens_estimated_1024 if self.tokens_reported is None else self.tokens_reported

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
    """Agent steps as the task counts them (a STATUS that is not a step is left out; a TYPE
    that taps its field counts two where the task's rules say so)."""
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
    """The tokens the model reported, summed over the decisions it reported them for; None
    when it reported none."""
    tokens_estimated: int = 0
    """GPT-4V's estimate of every decision, summed."""
    tokens_estimated_1024: int = 0
    """The estimate by MobileAgentBench's own image rule (see ``StepRecord``)."""
    tokens_counted: int | None = None
    """Every decision's ``StepRecord.tokens`` (reported, else estimated), summed; None in
    records written before it was kept (``tokens`` says what stands for it)."""
    tokens_counted_1024: int | None = None
    """Every decision's ``StepRecord.tokens_1024``, summed; None as ``tokens_counted``."""
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
        """The episode's tokens: each decision's reported count, else its estimate, summed
        (``tokens_counted``); in a record without it, the reported sum, else the estimate."""
        if self.tokens_counted is not None:
            return self.tokens_counted
        return self.tokens_reported if self.tokens_reported is not None else self.tokens_estimated

    @property
    def tokens_1024(self) -> int:
        """As ``tokens``, estimated by MobileAgentBench's own image rule."""
        if self.tokens_counted_1024 is not None:
            return self.tokens_counted_1024
        if self.tokens_reported is not None:
            return self.tokens_reported
        return self.tokens_estimated_1024

    def to_json(self) -> dict[str, Any]:
        """The record's fields and its ``outcome``."""
        return {**dataclasses.asdict(self), "outcome": self.outcome}

    @classmethod
    def from_json(cls, data: Any) -> EpisodeRecord:
        """A record from ``to_json``'s JSON (``outcome``, derived from the fields, is not
        read); ValueError when ``data`` is no object, or has a field the record has not or
        one of another type."""
        if not isinstance(data, dict):
            raise ValueError(f"an episode record is a JSON object, got {shown(data)}")
        data = {name: value for name, value in data.items() if name != "outcome"}
        names = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise ValueError(f"unknown episode record fields: {', '.join(sorted(unknown))}")
        hints = _field_types(cls)
        for f in dataclasses.fields(cls):
            if f.name in data and not _is_of_type(data[f.name], hints[f.name]):
                raise ValueError(f"{f.name} must be {f.type}, got {shown(data[f.name])}")
        return cls(**data)


def episode_key(task_id: str, seed: int) -> str:
    return f"{task_id}__seed{seed}"


@functools.cache
def _field_types(cls: type) -> dict[str, Any]:
    """The type of each field of the dataclass ``cls``, its annotation evaluated."""
    return typing.get_type_hints(cls)


def _is_of_type(value: Any, hint: Any) -> bool:
    """Whether ``value``, read from JSON, is of the type ``hint`` of a record's field: a
    bool is no number, an int is a float."""
    if hint is Any:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (types.UnionType, typing.Union):
        return any(_is_of_type(value, arg) for arg in args)
    if origin is list:
        return isinstance(value, list) and all(_is_of_type(item, args[0]) for item in value)
    if origin is dict:
        return isinstance(value, dict) and all(
            _is_of_type(key, args[0]) and _is_of_type(item, args[1]) for key, item in value.items()
        )
    if hint in (int, float) and isinstance(value, bool):
        return False
    return isinstance(value, int | float) if hint is float else isinstance(value, hint)
