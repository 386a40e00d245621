"""What an evaluation runs: tasks (by suite, id or file), seeds and the step cap, checked
before anything starts so that a bad argument is one clear error."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from mobile_gym.names import unknown_name
from mobile_gym.tasks.loader import resolve_tasks, shipped_tasks
from mobile_gym.tasks.schema import TaskFileError, TaskSpec

MAX_SEEDS = 100_000


class PlanError(ValueError):
    """A bad evaluation argument (unknown suite or task, bad seeds or cap)."""


@dataclass(frozen=True)
class Episode:
    """One episode to run: a task and a seed."""

    task: TaskSpec
    seed: int


def suites() -> dict[str, list[TaskSpec]]:
    """The shipped suites by name, each with its tasks in id order."""
    found: dict[str, list[TaskSpec]] = {}
    for _, spec in sorted(shipped_tasks().items()):
        found.setdefault(spec.suite, []).append(spec)
    return dict(sorted(found.items()))


def task_digest(spec: TaskSpec) -> str:
    """A fingerprint of what ``spec`` says (not where it was read from): two tasks with
    one id but other contents have other digests."""
    return hashlib.sha256(spec.model_dump_json().encode()).hexdigest()[:16]


def select_tasks(suite_names: list[str], task_names: list[str]) -> list[TaskSpec]:
    """The tasks of the named suites, then the named tasks (ids, YAML files or folders of
    them), without repeats; PlanError naming the unknown suite or task (with the closest
    known names), every problem of the files, or two different tasks with one id."""
    if not suite_names and not task_names:
        raise PlanError("name a suite (--suite) or a task (--task)")
    known = suites()
    chosen: dict[str, TaskSpec] = {}
    for name in suite_names:
        if name not in known:
            raise PlanError(unknown_name("suite", name, known, "mobile-gym list suites"))
        chosen.update((spec.id, spec) for spec in known[name])
    for name in task_names:
        try:
            specs = resolve_tasks(name)
        except TaskFileError as exc:  # every problem, one line each
            raise PlanError("\n".join(exc.problems)) from None
        for spec in specs:
            same = chosen.setdefault(spec.id, spec)
            if task_digest(same) != task_digest(spec):
                raise PlanError(
                    f"two different tasks have the id {spec.id}: {same.source} and "
                    f"{spec.source}; give one of them another id"
                )
    return list(chosen.values())


def parse_seeds(text: str) -> list[int]:
    """Seeds from ``"0,1,2"``, ``"0-9"`` or a mix (``"0-4,10"``), in order, without repeats."""
    seeds: list[int] = []
    for part in text.split(","):
        part = part.strip()
        match = re.fullmatch(r"(\d+)(?:-(\d+))?", part)
        if not match:
            raise PlanError(
                f"bad seeds {text!r}: use non-negative integers and ranges, e.g. 0,1,2 or 0-9"
            )
        low = int(match.group(1))
        high = int(match.group(2)) if match.group(2) is not None else low
        if high < low:
            raise PlanError(f"bad seed range {part!r}: {high} is below {low}")
        if high - low + 1 + len(seeds) > MAX_SEEDS:
            raise PlanError(f"too many seeds in {text!r} (at most {MAX_SEEDS})")
        seeds += [seed for seed in range(low, high + 1) if seed not in seeds]
    return seeds


def parse_cap(text: str | None) -> int | str | None:
    """The ``--max-steps`` value: None (each task's own cap), ``2x_min``, ``none`` or a
    positive integer (15 for Mobile-Env, 50 for MobileWorld)."""
    if text is None or text == "task":
        return None
    if text in ("2x_min", "none"):
        return text
    if text.isdigit() and int(text) >= 1:
        return int(text)
    raise PlanError(
        f"bad --max-steps {text!r}: use 2x_min, none, task or a positive integer (e.g. 15, 50)"
    )


def episodes(tasks: list[TaskSpec], seeds: list[int]) -> list[Episode]:
    """Every task with every seed, task by task."""
    return [Episode(task, seed) for task in tasks for seed in seeds]
