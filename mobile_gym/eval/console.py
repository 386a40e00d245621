"""``mobile-gym eval`` on a terminal: a progress bar while the run goes, the metrics table
and the result files at the end."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from mobile_gym.agents.base import Agent
from mobile_gym.eval.plan import Episode
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import metrics_table, write_results
from mobile_gym.eval.runner import RunSettings, evaluate
from mobile_gym.eval.store import RunStore


def run_with_progress(
    plan: Sequence[Episode],
    settings: RunSettings,
    out: pathlib.Path,
    workers: int,
    console: Console,
    by: str = "app",
    agent: Agent | None = None,
) -> list[EpisodeRecord]:
    """Run ``plan`` with a progress bar (task, success rate so far, ETA), then print the
    metrics table and write ``results.json`` / ``results.csv`` into ``out``. ``agent``
    (one worker only) is used instead of building one from ``settings``."""
    store = RunStore(out)
    tally = {"done": 0, "success": 0, "resumed": 0}
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("SR {task.fields[sr]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=False) as progress:
        bar = progress.add_task("starting", total=len(plan), sr="—")

        def started(episode: Episode) -> None:
            progress.update(bar, description=escape(f"{episode.task.id} seed {episode.seed}"))

        def finished(record: EpisodeRecord, resumed: bool) -> None:
            tally["done"] += 1
            tally["success"] += record.success
            tally["resumed"] += resumed
            sr = f"{tally['success'] / tally['done']:.0%}"
            progress.update(bar, advance=1, sr=sr)
            if record.error:
                progress.console.print(
                    f"[yellow]error[/] {escape(record.key)}: {escape(record.error)}",
                    highlight=False,
                )

        records = evaluate(
            plan, settings, store, workers, progress=finished, agent=agent, started=started
        )
        progress.update(bar, description="done")
    if tally["resumed"]:
        console.print(f"{tally['resumed']} episode(s) were already finished in {escape(str(out))}")
    title = f"{settings.agent} on {len({e.task.id for e in plan})} task(s) x {len(plan)} episode(s)"
    console.print(metrics_table(records, by=by, title=title))
    write_results(store, records, settings.to_json())
    console.print(
        f"results: {escape(str(out / 'results.json'))}, {escape(str(out / 'results.csv'))}; "
        f"trajectories: {escape(str(out / 'trajectories'))}",
        highlight=False,
    )
    return records
