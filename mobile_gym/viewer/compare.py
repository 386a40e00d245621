"""Comparing runs task by task: which seeds each run solved, the tasks where the runs
differ highlighted."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.eval.records import EpisodeRecord
from mobile_gym.viewer.page import esc
from mobile_gym.viewer.runs import Run

_SYMBOLS = {"success": "✓", "failure": "✗", "error": "!"}

Link = Callable[[Run, EpisodeRecord], str | None]
"""The URL of an episode's viewer page (None: no page)."""


def solved(run: Run) -> dict[str, dict[int, EpisodeRecord]]:
    """A run's records by task and seed."""
    table: dict[str, dict[int, EpisodeRecord]] = {}
    for record in run.records:
        table.setdefault(record.task_id, {})[record.seed] = record
    return table


def differing_tasks(runs: Sequence[Run]) -> list[str]:
    """The tasks whose seeds the runs did not all solve alike (a seed one run lacks counts
    as unsolved there)."""
    tables = [solved(run) for run in runs]
    tasks = sorted({task for table in tables for task in table})
    out = []
    for task in tasks:
        seeds = sorted({seed for table in tables for seed in table.get(task, {})})
        outcomes = {
            tuple(
                bool(table.get(task, {}).get(seed) and table[task][seed].success) for seed in seeds
            )
            for table in tables
        }
        if len(outcomes) > 1:
            out.append(task)
    return out


def comparison_html(runs: Sequence[Run], names: Sequence[str], link: Link) -> str:
    """The per-task table of who solved what: per run, the seeds solved of those played
    and a mark per seed (linked to its viewer page); rows where the runs differ are
    highlighted, and a summary names the tasks only one run solved."""
    tables = [solved(run) for run in runs]
    differ = set(differing_tasks(runs))
    tasks = sorted({task for table in tables for task in table})
    head = "".join(f"<th>{esc(name)}</th>" for name in names)
    rows = []
    for task in tasks:
        cells = []
        for run, table in zip(runs, tables, strict=True):
            played = table.get(task, {})
            marks = "".join(_seed_mark(run, played[seed], link) for seed in sorted(played))
            hits = sum(record.success for record in played.values())
            count = f"{hits}/{len(played)}" if played else "—"
            cells.append(
                f'<td data-solved="{hits}" data-played="{len(played)}">{count} '
                f'<span class="seeds">{marks}</span></td>'
            )
        css = ' class="differs"' if task in differ else ""
        rows.append(f'<tr{css} data-task="{esc(task)}"><td>{esc(task)}</td>{"".join(cells)}</tr>')
    summary = []
    for number, name in enumerate(names):
        only = [
            task
            for task in tasks
            if _solved_any(tables[number], task)
            and not any(_solved_any(t, task) for j, t in enumerate(tables) if j != number)
        ]
        shown = ", ".join(esc(t) for t in only) or "none"
        summary.append(f"<li>solved only by <b>{esc(name)}</b> ({len(only)}): {shown}</li>")
    return (
        f"<p>{len(differ)} of {len(tasks)} tasks differ (highlighted). ✓ success, ✗ failure, "
        "! infrastructure error; each mark opens its episode.</p>"
        f"<ul>{''.join(summary)}</ul>"
        f'<table class="compare"><tr><th>task</th>{head}</tr>{"".join(rows)}</table>'
    )


def _solved_any(table: dict[str, dict[int, EpisodeRecord]], task: str) -> bool:
    return any(record.success for record in table.get(task, {}).values())


def _seed_mark(run: Run, record: EpisodeRecord, link: Link) -> str:
    symbol = _SYMBOLS[record.outcome]
    title = f"seed {record.seed}: {record.outcome}"
    url = link(run, record)
    css = esc(record.outcome)
    if url is None:
        return f'<span class="{css}" title="{esc(title)}">{symbol}</span>'
    return f'<a class="{css}" href="{esc(url)}" title="{esc(title)}">{symbol}</a>'
