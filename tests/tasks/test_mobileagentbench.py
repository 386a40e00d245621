"""The ``mobileagentbench`` suite reproduces MobileAgentBench task for task.

Every task file names its original (``origin``) among the original's 100 task files, keeps
the original's minimum and maximum steps and its ``stop_after_finish`` flag, and runs under
the original's episode rules: STATUS ends the episode without counting as a step, the
harness stops only the ``stop_after_finish`` tasks on success, and the original rules allow
one action past ``max_steps``. The oracle proves each task in exactly its minimum steps
under both rule sets, and each task's near misses (``tests/tasks/near_misses/``) fail.
"""

from __future__ import annotations

import pytest

from mobile_gym.agents import make_agent
from mobile_gym.eval import RunSettings, RunStore, episodes, evaluate
from mobile_gym.metrics import agent_bench
from mobile_gym.tasks import shipped_tasks
from mobile_gym.tasks.catalog import tasks_listing
from tests.tasks.mab_originals import ORIGINALS, REPOSITORY, TASKS_FOLDER
from tests.tasks.near_misses import near_misses, play_near_miss

SUITE = "mobileagentbench"
MAB = {task_id: spec for task_id, spec in shipped_tasks().items() if spec.suite == SUITE}
NEAR_MISSES = near_misses()
MAX_MIN_STEPS_DIFFERENCES = 5


BY_LOWER_NAME = {name.lower(): name for name in ORIGINALS}


def _name(task_id: str) -> str:
    """The original's name for a task id: ids are ``mab.<original name>``, lowercased (two
    originals, ``launcher_open_about_FAQ`` and ``music_player_about_FAQ``, have capitals)."""
    assert task_id.startswith("mab."), f"{task_id}: ids of this suite are mab.<original name>"
    name = task_id.removeprefix("mab.")
    assert name in BY_LOWER_NAME, f"{task_id}: no original task is called {name!r}"
    return BY_LOWER_NAME[name]


def test_the_suite_has_tasks() -> None:
    assert MAB, "no task of the mobileagentbench suite is shipped"


@pytest.mark.parametrize("task_id", sorted(MAB))
def test_each_task_names_its_original_and_keeps_its_figures(task_id: str) -> None:
    spec, name = MAB[task_id], _name(task_id)
    assert spec.origin == f"{REPOSITORY}:{TASKS_FOLDER}/{name}.py"
    package, min_steps, max_steps, stop_after_finish = ORIGINALS[name]
    assert spec.apps[0] == package
    assert spec.original_min_steps == min_steps
    assert spec.original_max_steps == max_steps == spec.max_steps
    assert spec.stop_after_finish is stop_after_finish
    # the original's episode rules
    assert spec.episode.end_on_success is stop_after_finish
    assert spec.episode.status_counts is False
    assert spec.episode.typing_tap_counts  # the original taps a field, then types
    assert spec.episode.original_extra_steps == 1
    assert spec.episode.success == "latched" and not spec.episode.require_status
    # the original force-stops the app, clears its data and launches it
    assert package in spec.setup.clear_data
    assert spec.setup.start is not None and spec.setup.start.package == package


def test_no_two_files_reproduce_one_original() -> None:
    origins = [spec.origin for spec in MAB.values()]
    assert len(origins) == len(set(origins))


def test_min_steps_are_the_originals_but_for_a_few_noted_tasks() -> None:
    differing = {
        task_id: spec.min_steps_note
        for task_id, spec in MAB.items()
        if spec.min_steps != spec.original_min_steps
    }
    assert len(differing) <= MAX_MIN_STEPS_DIFFERENCES, differing
    assert all(differing.values())  # the schema insists, the suite keeps to it


@pytest.mark.parametrize("task_id", sorted(MAB))
def test_every_task_has_near_misses(task_id: str) -> None:
    assert NEAR_MISSES.get(task_id), f"{task_id}: no near miss in tests/tasks/near_misses/"


def test_near_misses_belong_to_shipped_tasks() -> None:
    assert sorted(set(NEAR_MISSES) - set(shipped_tasks())) == []


@pytest.mark.parametrize(
    ("task_id", "name"),
    [(task_id, name) for task_id in sorted(NEAR_MISSES) for name in NEAR_MISSES[task_id]],
)
@pytest.mark.parametrize("seed", (0, 1))
def test_near_misses_fail(task_id: str, name: str, seed: int) -> None:
    infos = play_near_miss(task_id, NEAR_MISSES[task_id][name], seed)
    # the episode's verdict is its last step's: a latched success stays once reached, and a
    # task judged on its final state (success: final) fails when the goal is undone
    assert infos[-1]["success"] is False, f"{task_id}: {name} succeeded"
    assert all(info["action_error"] is None for info in infos[:-1]), [
        info["action_error"] for info in infos
    ]


@pytest.mark.parametrize("rules", ("original", "strict"))
def test_the_oracle_scores_sr_and_se_one_under_both_rules(rules: str, tmp_path) -> None:
    plan = episodes(list(MAB.values()), [0, 1, 2])
    records = evaluate(
        plan, RunSettings("oracle", rules=rules), RunStore(tmp_path), agent=make_agent("oracle")
    )
    assert [r.error for r in records] == [None] * len(plan)
    metrics = agent_bench(records)
    assert metrics.sr.hits == len(plan), [r.key for r in records if not r.success]
    assert metrics.se == 1.0
    assert all(r.steps == r.min_steps for r in records)
    caps = {r.task_id: r.step_cap for r in records}
    extra = 1 if rules == "original" else 0
    assert all(caps[t] == MAB[t].original_max_steps + extra for t in caps)


def test_list_shows_origin_and_both_minimum_steps() -> None:
    rows = tasks_listing(MAB.values()).rows
    assert len(rows) == len(MAB)
    for row in rows:
        assert row["origin"].endswith(f"/{_name(row['id'])}.py")
        assert row["min_steps"] == MAB[row["id"]].min_steps
        assert row["original_min_steps"] == ORIGINALS[_name(row["id"])][1]
