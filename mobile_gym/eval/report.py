"""Reporting a run: the metrics table for the terminal, ``results.json`` and ``results.csv``
(both redacted, ``mobile_gym.redaction``)."""

from __future__ import annotations

import csv
import dataclasses
import io
import json
from collections.abc import Sequence
from typing import Any

from rich.table import Table

from mobile_gym import metrics
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.store import RunStore, write_atomic
from mobile_gym.redaction import redact_json

_RECORD_FIELDS = [f.name for f in dataclasses.fields(EpisodeRecord) if f.name != "extra"]
CSV_FIELDS = [
    *_RECORD_FIELDS[: _RECORD_FIELDS.index("success") + 1],
    "outcome",
    *_RECORD_FIELDS[_RECORD_FIELDS.index("success") + 1 :],
]
"""One column per record field (``extra`` aside), with the ``outcome`` after ``success``."""


def _number(value: float | None, digits: int = 2, suffix: str = "") -> str:
    return "—" if value is None else f"{value:.{digits}f}{suffix}"


def _rate(rate: metrics.Rate) -> str:
    if rate.n == 0:
        return "—"
    low, high = rate.interval  # type: ignore[misc]
    return f"{rate.value:.0%} [{100 * low:.0f}–{100 * high:.0f}]"


def _group_name(by: str, name: str) -> str:
    """An app is shown by its label where the simulated phone knows it."""
    if by != "app":
        return name
    from mobile_gym.sim.apps import DEFAULT_APPS

    labels = {app.package: app.label for app in DEFAULT_APPS}
    return labels.get(name, name)


def metrics_row(m: metrics.AgentBenchMetrics) -> list[str]:
    """One group's cells of the metrics table, after its name: episodes, SR and SR finished
    with their intervals, SE, latency, tokens, FN rate, FP rate, errors."""
    return [
        str(m.episodes),
        _rate(m.sr),
        _rate(m.sr_finished),
        _number(m.se),
        "—" if m.latency_s is None else f"{m.latency_s:.3g}",
        _number(m.tokens, 0),
        _number(m.fn_rate),
        _number(m.fp_rate),
        str(m.errors),
    ]


def metrics_table(records: Sequence[EpisodeRecord], by: str = "app", title: str = "") -> Table:
    """MobileAgentBench's metrics overall and per ``by`` (app, suite, category, ...), with
    the other families' figures in the caption. ``SR`` counts errors as failures, ``SR
    finished`` leaves them out; ``tokens`` estimates images by OpenAI's rule, the caption
    gives them by MobileAgentBench's own (images fit into 1024 px)."""
    table = Table(title=title or None, title_justify="left")
    for column, justify in (
        (by, "left"),
        ("episodes", "right"),
        ("SR [95% CI]", "right"),
        ("SR finished", "right"),
        ("SE", "right"),
        ("latency s", "right"),
        ("tokens", "right"),
        ("FN rate", "right"),
        ("FP rate", "right"),
        ("errors", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    groups = metrics.breakdown(records, by)
    rows = [*groups.items(), ("all", metrics.agent_bench(records))]
    for position, (name, m) in enumerate(rows):
        table.add_row(
            "[bold]all[/]" if name == "all" else _group_name(by, name),
            *metrics_row(m),
            end_section=position == len(groups) - 1,
        )
    world, env = metrics.mobile_world(records), metrics.mobile_env(records)
    overall = rows[-1][1]
    table.caption = (
        f"tokens by MobileAgentBench's 1024-px image rule: {_number(overall.tokens_1024, 0)}; "
        f"Mobile-Env: average reward {_number(env.average_reward)}, "
        f"reward per step {_number(env.reward_per_step)}; "
        f"MobileWorld: Ave Steps {_number(world.ave_steps)}, "
        f"Ave Queries {_number(world.ave_queries)}, UIQ {_number(world.uiq)}, "
        f"Ave MCP calls {_number(world.ave_mcp_calls)}"
    )
    table.caption_justify = "left"
    return table


def mobile_env_table(records: Sequence[EpisodeRecord]) -> Table | None:
    """Mobile-Env's metrics per task type (success rate, average reward = stages reached,
    reward per step) and overall, or None when no task of the run has a type."""
    env = metrics.mobile_env(records)
    if not env.by_type:
        return None
    table = Table(title="Mobile-Env metrics by task type", title_justify="left")
    for column, justify in (
        ("type", "left"),
        ("episodes", "right"),
        ("SR [95% CI]", "right"),
        ("average reward", "right"),
        ("reward per step", "right"),
    ):
        table.add_column(column, justify=justify)  # type: ignore[arg-type]
    rows = [*env.by_type.items(), ("all", env)]
    for position, (name, m) in enumerate(rows):
        table.add_row(
            "[bold]all[/]" if name == "all" else name,
            str(m.episodes),
            _rate(m.sr),
            _number(m.average_reward),
            _number(m.reward_per_step),
            end_section=position == len(rows) - 2,
        )
    return table


def write_results(
    store: RunStore, records: Sequence[EpisodeRecord], settings: dict[str, Any]
) -> None:
    """``results.json`` (settings, every metric and breakdown, every episode) and
    ``results.csv`` (one row per episode, its outcome and any error; lists such as ``apps``
    and ``tags`` joined by ``;``) in the run folder."""
    document = redact_json(
        {
            "settings": settings,
            "metrics": metrics.report(records),
            "episodes": [record.to_json() for record in records],
        }
    )
    write_atomic(
        store.root / "results.json", json.dumps(document, indent=2, ensure_ascii=False) + "\n"
    )
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=CSV_FIELDS, lineterminator="\n")
    writer.writeheader()
    for episode in document["episodes"]:
        row = {name: episode[name] for name in CSV_FIELDS}
        for name in ("apps", "tags"):
            row[name] = ";".join(episode[name])
        writer.writerow(row)
    write_atomic(store.root / "results.csv", buffer.getvalue())
