"""What ships: the suites, tasks and apps as tables (``mobile-gym list`` / ``show``)."""

from __future__ import annotations

from rich.table import Table

from mobile_gym.registration import env_id
from mobile_gym.tasks.loader import shipped_tasks
from mobile_gym.tasks.schema import Event, TaskSpec


def suites_table() -> Table:
    table = Table(
        "suite", "tasks", "apps", "min steps (mean)", title="Suites", title_justify="left"
    )
    groups: dict[str, list[TaskSpec]] = {}
    for spec in shipped_tasks().values():
        groups.setdefault(spec.suite, []).append(spec)
    for suite, specs in sorted(groups.items()):
        apps = {app for spec in specs for app in spec.apps}
        mean = sum(spec.min_steps for spec in specs) / len(specs)
        table.add_row(suite, str(len(specs)), str(len(apps)), f"{mean:.1f}")
    return table


def tasks_table(suite: str | None = None) -> Table:
    table = Table(
        "task",
        "suite",
        "category",
        "difficulty",
        "min steps",
        "cap",
        "title",
        title="Tasks",
        title_justify="left",
    )
    for task_id, spec in sorted(shipped_tasks().items()):
        if suite is None or spec.suite == suite:
            cap = spec.step_cap()
            table.add_row(
                task_id,
                spec.suite,
                spec.category,
                spec.level,
                str(spec.min_steps),
                "none" if cap is None else str(cap),
                spec.title,
            )
    return table


def apps_table() -> Table:
    from mobile_gym.sim.apps import DEFAULT_APPS

    used: dict[str, int] = {}
    for spec in shipped_tasks().values():
        for app in spec.apps:
            used[app] = used.get(app, 0) + 1
    table = Table(
        "app", "package", "tasks", title="Apps on the simulated phone", title_justify="left"
    )
    for app in sorted(DEFAULT_APPS, key=lambda a: a.label.lower()):
        table.add_row(app.label, app.package, str(used.get(app.package, 0)))
    return table


def task_card(spec: TaskSpec) -> Table:
    """One task: its instruction, apps, minimum steps, cap and events."""
    cap = spec.step_cap()
    table = Table(show_header=False, title=spec.id, title_justify="left", box=None)
    table.add_column(style="bold")
    table.add_column()
    rows = [
        ("title", spec.title),
        ("gym id", env_id(spec.id)),
        ("suite", spec.suite),
        ("apps", ", ".join(spec.apps)),
        ("category", spec.category),
        ("difficulty", spec.level),
        ("min steps", str(spec.min_steps)),
        ("step cap", "none" if cap is None else f"{cap} ({spec.max_steps})"),
        ("instruction", spec.instruction.template),
        *(("paraphrase", text) for text in spec.instruction.paraphrases),
        ("parameters", ", ".join(spec.parameters) or "none"),
        (
            "success",
            spec.episode.success
            + (", needs STATUS complete" if spec.episode.require_status else ""),
        ),
        ("stop after finish", "yes" if spec.stop_after_finish else "no"),
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
