"""``mobile-gym eval`` on a terminal: a progress bar while the run goes, the metrics table
and the result files of the whole run folder at the end (also when the run stops early).
Every message is redacted (``mobile_gym.redaction``)."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Sequence

from rich.console import Console
from rich.markup import escape
from rich.measure import Measurement
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table

from mobile_gym.agents.base import Agent
from mobile_gym.eval.plan import Episode
from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.eval.report import metrics_table, mobile_env_table, write_results
from mobile_gym.eval.runner import EpisodeExecutor, RunSettings, RunStoppedError, evaluate
from mobile_gym.eval.store import RunStore
from mobile_gym.redaction import redact


def run_with_progress(
    plan: Sequence[Episode],
    settings: RunSettings,
    out: pathlib.Path,
    workers: int,
    console: Console,
    by: str = "app",
    agent: Agent | None = None,
    max_consecutive_errors: int = 0,
    executor: EpisodeExecutor | None = None,
) -> list[EpisodeRecord]:
    """Run ``plan`` with a progress bar (task, success rate so far, errors, ETA), then print
    the metrics table and write ``results.json`` / ``results.csv`` into ``out``, both of
    every episode the run folder holds (earlier commands' too: the title says how many);
    return the plan's records. ``agent`` (one worker only) is used instead of building one
    from ``settings``. A run that stops early (``max_consecutive_errors``, a worker process
    that died, a file that could not be written) reports what it recorded, then raises
    ``RunStoppedError``. ``executor`` plays the episodes elsewhere (``evaluate``)."""
    store = RunStore(out)
    tally = {"done": 0, "success": 0, "errors": 0, "resumed": 0}
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
            tally["errors"] += record.outcome == "error"
            sr = f"{tally['success'] / tally['done']:.0%}"
            if tally["errors"]:
                sr += f", {tally['errors']} error(s)"
            progress.update(bar, advance=1, sr=sr)
            for label, problem in (("error", record.error), ("agent failed", record.agent_error)):
                if problem and not resumed:
                    progress.console.print(
                        f"[yellow]{label}[/] {escape(record.key)}: {escape(redact(problem))}",
                        highlight=False,
                    )

        stop: RunStoppedError | None = None
        try:
            records = evaluate(
                plan,
                settings,
                store,
                workers,
                progress=finished,
                agent=agent,
                started=started,
                max_consecutive_errors=max_consecutive_errors,
                executor=executor,
            )
        except RunStoppedError as exc:
            stop, records = exc, exc.records
        progress.update(bar, description="stopped" if stop else "done")
    if tally["resumed"]:
        console.print(f"{tally['resumed']} episode(s) were already finished in {escape(str(out))}")
    run = store.records()
    title = (
        f"{settings.agent} on {len({e.task.id for e in plan})} task(s), {len(plan)} episode(s),"
        f" {settings.rules} rules"
    )
    if stop is not None:
        title += f", {len(records)} recorded before the run stopped"
    earlier = len(run) - (len(records) - tally["resumed"])  # not played by this command
    if earlier > 0:
        title += (
            f"; table and results: all {len(run)} episodes of the run folder,"
            f" {earlier} from earlier commands"
        )
    print_table(console, metrics_table(run, by=by, title=title))
    by_type = mobile_env_table(run)
    if by_type is not None:
        print_table(console, by_type)
    write_results(store, run, {**settings.to_json(), "rules": settings.rules})
    console.print(
        f"results: {escape(str(out / 'results.json'))}, {escape(str(out / 'results.csv'))}; "
        f"trajectories: {escape(str(out / 'trajectories'))}",
        highlight=False,
    )
    if stop is not None:
        raise stop
    return records


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` with its first column (the names: task ids, apps, types) whole,
    never wrapped, folded or cut: on a terminal the other columns make room for it, and a
    terminal too narrow for it gets the table wider, uncropped; elsewhere (a pipe, a log)
    the table is as wide as its cells, wider than the console if need be."""
    unbounded = console.options.update_width(sys.maxsize)
    names = table.columns[0]
    names.no_wrap = True
    names.min_width = max(
        console.measure(cell, options=unbounded).maximum for cell in (names.header, *names.cells)
    )
    if not console.is_terminal:  # its cells' width: no column wraps
        table.width = Measurement.get(console, unbounded, table).maximum
    console.print(table, crop=False)
