"""Dataset splits by task: every episode of a task (a template its seeds instantiate) goes
to one split, so train, validation and test never share a task id.

A task's split is fixed by its id alone: the SHA-256 of the id read as a number in
[0, 1), placed against the cumulative ratios. The same ratios always send a task to the
same split, whatever else the dataset holds.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterable

SPLIT_NAMES = {
    1: ("train",),
    2: ("train", "test"),
    3: ("train", "validation", "test"),
}
"""The splits named by one, two or three ratios."""

DEFAULT_SPLIT = "0.8,0.1,0.1"
"""The ratios ``--split`` takes when it is not given: train, validation, test."""


class SplitError(ValueError):
    """Split ratios that cannot be used; the message says why."""


def parse_split(text: str) -> dict[str, float]:
    """The ratios of ``--split`` (``0.8,0.1,0.1``: train, validation, test; two ratios:
    train, test; one: train) by split name; SplitError unless they are one to three
    numbers in [0, 1] that add up to 1."""
    parts = [part.strip() for part in text.split(",")]
    if len(parts) not in SPLIT_NAMES:
        raise SplitError(
            f"bad --split {text!r}: give one to three ratios (train[,validation],test), "
            "e.g. 0.8,0.1,0.1"
        )
    ratios: list[float] = []
    for part in parts:
        try:
            ratio = float(part)
        except ValueError:
            raise SplitError(f"bad --split {text!r}: {part!r} is not a number") from None
        if not math.isfinite(ratio) or not 0.0 <= ratio <= 1.0:
            raise SplitError(f"bad --split {text!r}: each ratio must be in [0, 1], got {part}")
        ratios.append(ratio)
    if not math.isclose(sum(ratios), 1.0, abs_tol=1e-6):
        raise SplitError(f"bad --split {text!r}: the ratios add up to {sum(ratios):g}, not 1")
    return dict(zip(SPLIT_NAMES[len(ratios)], ratios, strict=True))


def task_position(task_id: str) -> float:
    """Where ``task_id`` falls in [0, 1): its SHA-256 (UTF-8) as a fraction."""
    digest = hashlib.sha256(task_id.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def split_of(task_id: str, ratios: dict[str, float]) -> str:
    """The split ``task_id`` goes to under ``ratios`` (``parse_split``'s, in order)."""
    position = task_position(task_id)
    total = 0.0
    named = [name for name, ratio in ratios.items() if ratio > 0]
    for name in named:
        total += ratios[name]
        if position < total:
            return name
    return named[-1]  # the rounding of ratios that add up to 1 within 1e-6


def assign_splits(task_ids: Iterable[str], ratios: dict[str, float]) -> dict[str, list[str]]:
    """Every split of ``ratios`` with its tasks (sorted; a split may have none)."""
    assigned: dict[str, list[str]] = {name: [] for name in ratios}
    for task_id in sorted(set(task_ids)):
        assigned[split_of(task_id, ratios)].append(task_id)
    return assigned
