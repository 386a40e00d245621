"""Splits by task: ratios read from --split, each task in one split fixed by its id."""

from __future__ import annotations

import pytest

from mobile_gym.data.splits import SplitError, assign_splits, parse_split, split_of

TASKS = [f"app.task_{number}" for number in range(400)]


def test_ratios_name_their_splits() -> None:
    assert parse_split("0.8,0.1,0.1") == {"train": 0.8, "validation": 0.1, "test": 0.1}
    assert parse_split("0.9, 0.1") == {"train": 0.9, "test": 0.1}
    assert parse_split("1") == {"train": 1.0}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("0.5,0.6", "add up to 1.1"),
        ("0.7,0.2,0.05,0.05", "one to three ratios"),
        ("a,0.5", "'a' is not a number"),
        ("1.5,-0.5", "must be in [0, 1]"),
        ("nan,1", "must be in [0, 1]"),
    ],
)
def test_bad_ratios_say_what_is_wrong(text: str, problem: str) -> None:
    with pytest.raises(SplitError, match=problem.replace("[", r"\[").replace("]", r"\]")):
        parse_split(text)


def test_a_task_s_split_is_fixed_by_its_id_and_follows_the_ratios() -> None:
    ratios = parse_split("0.8,0.1,0.1")
    assigned = assign_splits(TASKS * 2, ratios)  # repeats (seeds) change nothing
    assert sorted(task for tasks in assigned.values() for task in tasks) == sorted(TASKS)
    assert assign_splits(reversed(TASKS), ratios) == assigned  # order changes nothing
    assert 0.7 < len(assigned["train"]) / len(TASKS) < 0.9
    assert all(0.05 < len(assigned[name]) / len(TASKS) < 0.15 for name in ("validation", "test"))
    for name, tasks in assigned.items():
        assert all(split_of(task, ratios) == name for task in tasks)
    assert assign_splits(TASKS, parse_split("1"))["train"] == sorted(TASKS)
    assert assign_splits(TASKS, parse_split("0,0,1"))["test"] == sorted(TASKS)
