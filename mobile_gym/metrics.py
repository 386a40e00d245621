"""The metrics of the three benchmark families, computed from episode records.

Episodes whose infrastructure failed (outcome ``error``: the model endpoint down, a device
fault) say nothing of the agent. The headline success rate counts them as failures (an
episode not finished is not a success); ``sr_finished`` is the success rate over the
finished episodes only (successes and failures), shown beside it; ``errors`` counts them.
Every mean per episode (tokens, Ave Steps, Ave Queries, Ave MCP calls, average reward,
reward per step) is taken over the finished episodes only.

MobileAgentBench (``agent_bench``): success rate; step efficiency = steps taken / minimum
steps, over successful episodes only; latency = mean seconds per agent decision; tokens
per episode (each decision's own count when the model reports one, otherwise its GPT-4V
estimate: text ``ceil(chars / 4)``, an image ``85 + 170`` per 512-px tile after OpenAI's
resizing; beside it the original's own estimate, ``tokens_1024``, whose image rule fits
the longest side into 1024 px before counting tiles: 425 tokens for a 1080 x 2400 screen,
not 1,445); FN rate = early stops (the agent declared STATUS, complete or infeasible,
before the goal was reached) / failed episodes (errors are not failures); FP rate = late
stops / successful episodes.

MobileWorld (``mobile_world``): success rate overall and per primary category (``gui``,
``interact``, ``mcp``; a task tagged both ``interact`` and ``mcp`` is ``mcp``) over the
episodes actually run; Ave Steps over the finished episodes; Ave Queries = ``ask_user``
calls / finished interaction episodes; UIQ = the sum over finished interaction episodes of
success / asks (0 without asks), divided by those episodes plus the other finished
episodes in which the agent asked; Ave MCP calls = MCP calls / finished MCP episodes. Interaction and
MCP episodes are those of tasks tagged so (``EpisodeRecord.kinds``), whatever their
primary category.

Mobile-Env (``mobile_env``): success rate, average episode reward (stages reached, in its
WikiHow tasks) and reward per step (an episode's reward over its steps, averaged over the
finished episodes that took a step), overall and per task type.

Every success rate comes with a 95 % Wilson interval. A metric with nothing to average
over (SE without successes, FN rate without failures, Ave Queries without interaction
tasks...) is None, never 0.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mobile_gym.agents.base import TokenUsage
    from mobile_gym.eval.records import EpisodeRecord

WILSON_Z = 1.959964
"""z of a two-sided 95 % interval."""
TILE = 512
IMAGE_BASE_TOKENS = 85
TILE_TOKENS = 170


# tokens ---------------------------------------------------------------------------------------
def text_tokens(chars: int) -> int:
    """GPT-4V's estimate for text: one token per four characters, rounded up."""
    return math.ceil(chars / 4)


def image_tokens(width: int, height: int) -> int:
    """GPT-4V's estimate for one image at high detail: fit in 2048 x 2048, scale the short
    side down to 768, then 85 + 170 per 512-px tile."""
    if width <= 0 or height <= 0:
        raise ValueError(f"an image has a positive size, got {width} x {height}")
    w, h = float(width), float(height)
    if max(w, h) > 2048:
        scale = 2048 / max(w, h)
        w, h = w * scale, h * scale
    if min(w, h) > 768:
        scale = 768 / min(w, h)
        w, h = w * scale, h * scale
    tiles = math.ceil(w / TILE) * math.ceil(h / TILE)
    return IMAGE_BASE_TOKENS + TILE_TOKENS * tiles


def image_tokens_1024(width: int, height: int) -> int:
    """MobileAgentBench's estimate for one image: a side over 1024 px scales the image so
    its longest side is 1024 (the other truncated to whole pixels), then 85 + 170 per
    512-px tile."""
    if width <= 0 or height <= 0:
        raise ValueError(f"an image has a positive size, got {width} x {height}")
    if max(width, height) > 1024:
        longest = max(width, height)
        width, height = (
            (1024, height * 1024 // longest)
            if width >= height
            else (
                width * 1024 // longest,
                1024,
            )
        )
    tiles = math.ceil(width / TILE) * math.ceil(height / TILE)
    return IMAGE_BASE_TOKENS + TILE_TOKENS * tiles


def estimate_tokens(
    usage: TokenUsage | None, image_rule: Callable[[int, int], int] = image_tokens
) -> int:
    """The estimate of one decision's input and output tokens: text by ``text_tokens``,
    each image by ``image_rule`` (GPT-4V's ``image_tokens``, or ``image_tokens_1024``)."""
    if usage is None:
        return 0
    return (
        text_tokens(usage.input_chars)
        + text_tokens(usage.output_chars)
        + sum(image_rule(w, h) for w, h in usage.images)
    )


# success rate and its interval --------------------------------------------------------------
@dataclass(frozen=True)
class Rate:
    """``hits`` of ``n``, with its 95 % Wilson interval (None when ``n`` is 0)."""

    hits: int
    n: int

    @property
    def value(self) -> float | None:
        return self.hits / self.n if self.n else None

    @property
    def interval(self) -> tuple[float, float] | None:
        return wilson(self.hits, self.n)

    def to_json(self) -> dict[str, Any]:
        interval = self.interval
        return {
            "value": self.value,
            "hits": self.hits,
            "n": self.n,
            "low": interval[0] if interval else None,
            "high": interval[1] if interval else None,
        }


def wilson(hits: int, n: int, z: float = WILSON_Z) -> tuple[float, float] | None:
    """The Wilson score interval of ``hits`` successes in ``n`` trials (None if n is 0);
    it reaches 0 exactly when there are no hits and 1 when every trial is one."""
    if not 0 <= hits <= n:
        raise ValueError(f"hits must be in 0..n, got {hits} of {n}")
    if n == 0:
        return None
    p = hits / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    low = 0.0 if hits == 0 else max(0.0, centre - half)  # exact where rounding would miss
    high = 1.0 if hits == n else min(1.0, centre + half)
    return low, high


def _mean(values: Iterable[float]) -> float | None:
    values = list(values)
    return sum(values) / len(values) if values else None


def _ratio(numerator: float, denominator: float) -> float | None:
    return numerator / denominator if denominator else None


def success_rate(records: Sequence[EpisodeRecord]) -> Rate:
    """Successes over every episode, an error counting as a failure."""
    return Rate(sum(r.success for r in records), len(records))


def finished_episodes(records: Sequence[EpisodeRecord]) -> list[EpisodeRecord]:
    """The finished episodes: those whose outcome is not ``error``."""
    return [r for r in records if r.outcome != "error"]


def finished_success_rate(records: Sequence[EpisodeRecord]) -> Rate:
    """Successes over the finished episodes (``finished_episodes``)."""
    return success_rate(finished_episodes(records))


# the three families ------------------------------------------------------------------------
@dataclass(frozen=True)
class AgentBenchMetrics:
    """MobileAgentBench's six metrics (see the module docstring)."""

    episodes: int
    sr: Rate
    """Successes over every episode (an error counts as a failure)."""
    sr_finished: Rate
    """Successes over the finished episodes (errors left out)."""
    se: float | None
    latency_s: float | None
    tokens: float | None
    """Mean tokens per finished episode (``EpisodeRecord.tokens``): each decision's count
    as the model reported it, else as estimated."""
    tokens_reported: float | None
    """Mean reported tokens over the finished episodes whose model reported any."""
    tokens_estimated: float | None
    """Mean GPT-4V-estimated tokens per finished episode."""
    tokens_1024: float | None
    """Mean tokens per finished episode, a decision without a reported count estimated by
    MobileAgentBench's own rule (images fit into 1024 px) (``EpisodeRecord.tokens_1024``)."""
    fn_rate: float | None
    fp_rate: float | None
    errors: int
    """Episodes whose infrastructure failed (outcome ``error``)."""


def agent_bench(records: Sequence[EpisodeRecord]) -> AgentBenchMetrics:
    succeeded = [r for r in records if r.success]
    failed = [r for r in records if r.outcome == "failure"]
    ended = finished_episodes(records)
    decisions = sum(r.steps if r.decisions is None else r.decisions for r in records)
    reported = [r.tokens_reported for r in ended if r.tokens_reported is not None]
    return AgentBenchMetrics(
        episodes=len(records),
        sr=success_rate(records),
        sr_finished=finished_success_rate(records),
        se=_mean(r.steps / r.min_steps for r in succeeded),
        latency_s=_ratio(sum(r.latency_s for r in records), decisions),
        tokens=_mean(r.tokens for r in ended),
        tokens_reported=_mean(reported),
        tokens_estimated=_mean(r.tokens_estimated for r in ended),
        tokens_1024=_mean(r.tokens_1024 for r in ended),
        fn_rate=_ratio(sum(r.early_stop for r in failed), len(failed)),
        fp_rate=_ratio(sum(r.late_stop for r in succeeded), len(succeeded)),
        errors=sum(r.outcome == "error" for r in records),
    )


@dataclass(frozen=True)
class MobileWorldMetrics:
    """MobileWorld's metrics (see the module docstring)."""

    episodes: int
    sr: Rate
    sr_by_category: dict[str, Rate]
    ave_steps: float | None
    ave_queries: float | None
    uiq: float | None
    ave_mcp_calls: float | None


def mobile_world(records: Sequence[EpisodeRecord]) -> MobileWorldMetrics:
    ended = finished_episodes(records)
    interact = [r for r in ended if "interact" in r.kinds]
    mcp = [r for r in ended if "mcp" in r.kinds]
    asked_elsewhere = [r for r in ended if "interact" not in r.kinds and r.asks > 0]
    quality = sum((r.success / r.asks) if r.asks else 0.0 for r in interact)
    return MobileWorldMetrics(
        episodes=len(records),
        sr=success_rate(records),
        sr_by_category={
            category: success_rate(group)
            for category, group in group_by(records, lambda r: r.category).items()
        },
        ave_steps=_mean(r.steps for r in ended),
        ave_queries=_mean(r.asks for r in interact),
        uiq=_ratio(quality, len(interact) + len(asked_elsewhere)),
        ave_mcp_calls=_mean(r.mcp_calls for r in mcp),
    )


@dataclass(frozen=True)
class MobileEnvMetrics:
    """Mobile-Env's metrics: success rate, average episode reward, reward per step; with
    the same per task type in ``by_type`` (tasks without a type left out)."""

    episodes: int
    average_reward: float | None
    reward_per_step: float | None
    sr: Rate
    by_type: dict[str, MobileEnvMetrics] = field(default_factory=dict)


def mobile_env(records: Sequence[EpisodeRecord], by_type: bool = True) -> MobileEnvMetrics:
    typed = [r for r in records if r.task_type] if by_type else []
    ended = finished_episodes(records)
    return MobileEnvMetrics(
        episodes=len(records),
        average_reward=_mean(r.total_reward for r in ended),
        reward_per_step=_mean(r.total_reward / r.steps for r in ended if r.steps > 0),
        sr=success_rate(records),
        by_type={
            name: mobile_env(group, by_type=False)
            for name, group in group_by(typed, lambda r: r.task_type).items()
        },
    )


# breakdowns -------------------------------------------------------------------------------
BREAKDOWNS: dict[str, Callable[[EpisodeRecord], str]] = {
    "app": lambda r: r.app,
    "suite": lambda r: r.suite,
    "category": lambda r: r.category,
    "difficulty": lambda r: r.difficulty,
    "type": lambda r: r.task_type or "untyped",
    "task": lambda r: r.task_id,
}
"""The ways results are broken down: a name and the key of a record."""


def group_by(
    records: Sequence[EpisodeRecord], key: Callable[[EpisodeRecord], str]
) -> dict[str, list[EpisodeRecord]]:
    """Records grouped by ``key``, groups in sorted order."""
    groups: dict[str, list[EpisodeRecord]] = {}
    for record in records:
        groups.setdefault(key(record), []).append(record)
    return dict(sorted(groups.items()))


def breakdown(records: Sequence[EpisodeRecord], by: str) -> dict[str, AgentBenchMetrics]:
    """MobileAgentBench's metrics per app, suite, category, difficulty, task type or task."""
    if by not in BREAKDOWNS:
        raise ValueError(f"unknown breakdown {by!r}; choose one of: {', '.join(BREAKDOWNS)}")
    return {name: agent_bench(group) for name, group in group_by(records, BREAKDOWNS[by]).items()}


def report(records: Sequence[EpisodeRecord]) -> dict[str, Any]:
    """Every metric and breakdown, as JSON."""
    bench = agent_bench(records)
    return _json(
        {
            "episodes": len(records),
            "errors": bench.errors,
            "mobile_agent_bench": bench,
            "mobile_world": mobile_world(records),
            "mobile_env": mobile_env(records),
            "breakdowns": {by: breakdown(records, by) for by in BREAKDOWNS},
        }
    )


def _json(value: Any) -> Any:
    if isinstance(value, Rate):
        return value.to_json()
    if hasattr(value, "__dataclass_fields__"):
        return {name: _json(getattr(value, name)) for name in asdict(value)}
    if isinstance(value, dict):
        return {key: _json(item) for key, item in value.items()}
    return value
