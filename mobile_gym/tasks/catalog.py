"""What ships, or what a folder of task files holds: the suites, tasks and apps as rows, shown
as a table, as plain tab-separated lines or as JSON (``mobile-gym list`` / ``show``)."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from mobile_gym.registration import env_id
from mobile_gym.tasks.schema import Event, TaskSpec

FORMATS = ("table", "plain", "json")
"""How ``mobile-gym list`` prints: a table, tab-separated lines, or JSON."""

MIN_COLUMN_WIDTH = 10
"""A table column other than the names is never narrower than this (or its heading)."""


@dataclass(frozen=True)
class Listing:
    """Rows of one kind (suites, tasks, apps or displays), each a JSON-ready mapping.

    Attributes:
        title: the table's title.
        columns: the table's columns as (heading, key in a row); the first is the name.
        plain: the keys printed, tab-separated, in plain format.
        rows: the rows, in order.
    """

    title: str
    columns: tuple[tuple[str, str], ...]
    plain: tuple[str, ...]
    rows: list[dict[str, Any]]

    def table(self) -> Table:
        """The rows as a table: the first column (the names, copied into commands) is never
        wrapped or cut, and every other column is at least as wide as its heading."""
        table = Table(title=self.title, title_justify="left")
        for index, (heading, key) in enumerate(self.columns):
            longest = max([len(heading), *(len(_cell(row[key])) for row in self.rows)])
            if index == 0:
                table.add_column(heading, no_wrap=True, min_width=longest)
            else:
                width = min(longest, max(len(heading), MIN_COLUMN_WIDTH))
                table.add_column(heading, overflow="fold", min_width=width)
        for row in self.rows:
            table.add_row(*(_cell(row[key]) for _, key in self.columns))
        return table

    def print_table(self, console: Console) -> None:
        """Print the table at the console's width, or wider (uncropped) where the console is
        narrower than the table's least width, so that no name is ever cut."""
        table = self.table()
        unbounded = console.options.update_width(sys.maxsize)
        least = Measurement.get(console, unbounded, table).minimum
        if least > console.width:
            table.width = least  # wider than the console: the terminal wraps, rich won't cut
        console.print(table, crop=False)

    def plain_text(self) -> str:
        """One row per line, the ``plain`` keys tab-separated."""
        return "".join("\t".join(_cell(row[key]) for key in self.plain) + "\n" for row in self.rows)

    def json_text(self) -> str:
        """The rows as a JSON list of objects."""
        return json.dumps(self.rows, indent=2, ensure_ascii=False) + "\n"


def _cell(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, list):
        return ", ".join(map(str, value))
    if isinstance(value, float):
        return f"{value:.1f}"
    return str(value)


def suites_listing(tasks: Iterable[TaskSpec]) -> Listing:
    """The suites of ``tasks``: task count, app count and mean minimum steps."""
    groups: dict[str, list[TaskSpec]] = {}
    for spec in tasks:
        groups.setdefault(spec.suite, []).append(spec)
    rows = [
        {
            "suite": suite,
            "tasks": len(specs),
            "apps": len({app for spec in specs for app in spec.apps}),
            "min_steps_mean": round(sum(spec.min_steps for spec in specs) / len(specs), 2),
        }
        for suite, specs in sorted(groups.items())
    ]
    columns = (("suite", "suite"), ("tasks", "tasks"), ("apps", "apps"))
    return Listing(
        "Suites", (*columns, ("min steps (mean)", "min_steps_mean")), ("suite", "tasks"), rows
    )


def tasks_listing(tasks: Iterable[TaskSpec]) -> Listing:
    """Each task, by id: suite, apps, category, difficulty, minimum steps, step cap (under
    the original and strict rules), title, and where a task reproduces another benchmark's,
    its origin and the original's minimum and maximum steps."""
    rows = [
        {
            "id": spec.id,
            "suite": spec.suite,
            "apps": list(spec.apps),
            "category": spec.category,
            "difficulty": spec.level,
            "min_steps": spec.min_steps,
            "step_cap": spec.step_cap(),
            "step_cap_strict": spec.step_cap("strict"),
            "title": spec.title,
            "origin": spec.origin,
            "original_min_steps": spec.original_min_steps,
            "original_max_steps": spec.original_max_steps,
        }
        for spec in sorted(tasks, key=lambda spec: spec.id)
    ]
    columns = (
        ("task", "id"),
        ("suite", "suite"),
        ("category", "category"),
        ("difficulty", "difficulty"),
        ("min steps", "min_steps"),
        ("cap", "step_cap"),
        ("title", "title"),
    )
    return Listing("Tasks", columns, ("id", "suite"), rows)


def apps_listing(tasks: Iterable[TaskSpec]) -> Listing:
    """The apps of the simulated phone, with how many of ``tasks`` use each."""
    from mobile_gym.sim.apps import DEFAULT_APPS

    used: dict[str, int] = {}
    for spec in tasks:
        for app in spec.apps:
            used[app] = used.get(app, 0) + 1
    rows = [
        {"app": app.label, "package": app.package, "tasks": used.get(app.package, 0)}
        for app in sorted(DEFAULT_APPS, key=lambda a: a.label.lower())
    ]
    columns = (("app", "app"), ("package", "package"), ("tasks", "tasks"))
    return Listing("Apps on the simulated phone", columns, ("package", "app", "tasks"), rows)


def displays_listing(tasks: Iterable[TaskSpec]) -> Listing:
    """The simulated phone's device profiles (``display=``, ``--display``); ``tasks`` are
    not read: a task runs on any of them, its reference solution as written on the
    default one."""
    from mobile_gym.sim.display import DEFAULT_PROFILE, device_profiles

    rows = [
        {
            "display": name,
            "model": entry["model"],
            "size": f"{entry['width']} x {entry['height']}",
            "dpi": entry["dpi"],
            "default": "yes" if name == DEFAULT_PROFILE else "",
        }
        for name, entry in device_profiles().items()
    ]
    columns = (
        ("display", "display"),
        ("model", "model"),
        ("size (px)", "size"),
        ("dpi", "dpi"),
        ("default", "default"),
    )
    return Listing("Displays of the simulated phone", columns, ("display", "size", "dpi"), rows)


def _cap_text(spec: TaskSpec) -> str:
    """The step cap as the task card shows it: the number and how it is set, and the strict
    cap where the original rules allow more."""
    cap, strict = spec.step_cap(), spec.step_cap("strict")
    if cap is None:
        return "none"
    text = f"{cap} ({spec.max_steps})"
    return text if cap == strict else f"{text}; {strict} under strict rules"


def task_card(spec: TaskSpec, note: str | None = None) -> Table:
    """One task: its instruction, apps, minimum steps, cap and events; ``note`` (how to
    register a task file of one's own) follows its gym id."""
    table = Table(show_header=False, title=spec.id, title_justify="left", box=None)
    table.add_column(style="bold", no_wrap=True)
    table.add_column(overflow="fold")
    rows = [
        ("title", spec.title),
        ("gym id", env_id(spec.id)),
        *((("register", note),) if note else ()),
        ("suite", spec.suite),
        ("apps", ", ".join(spec.apps)),
        ("category", spec.category),
        ("language", spec.language),
        ("difficulty", spec.level),
        ("min steps", str(spec.min_steps)),
        ("step cap", _cap_text(spec)),
        ("instruction", spec.instruction.template),
        *(("paraphrase", text) for text in spec.instruction.paraphrases),
        ("parameters", ", ".join(spec.parameters) or "none"),
        (
            "success",
            spec.episode.success
            + (", needs STATUS complete" if spec.episode.require_status else ""),
        ),
        ("stop after finish", "yes" if spec.stop_after_finish else "no"),
        (
            "ANSWER",
            "ends the episode" if spec.episode.answer_ends else "recorded; the episode goes on",
        ),
        (
            "STATUS",
            "counts as a step" if spec.episode.status_counts else "ends the episode, not a step",
        ),
        (
            "TYPE at a field",
            "two actions (the tap and the typing)"
            if spec.episode.typing_tap_counts
            else "one action",
        ),
        *(
            (name.replace("_", " "), str(value))
            for name in ("origin", "original_min_steps", "original_max_steps", "min_steps_note")
            if (value := getattr(spec, name)) is not None
        ),
        *((("screen", f"{spec.screen} only (its checks hold there)"),) if spec.screen else ()),
        *((f"event {event.id}", _event_text(event)) for event in spec.events),
        ("file", spec.source),
    ]
    for name, value in rows:
        table.add_row(name, value)
    return table


def _event_text(event: Event) -> str:
    parts = [f"reward {event.reward:g}"] if event.reward else []
    if event.end:
        parts.append(f"ends in {event.end}")
    if event.after:
        parts.append("after " + ", ".join(event.after))
    if event.instruction:
        parts.append(f"says {event.instruction!r}")
    return "; ".join(parts) or "—"
