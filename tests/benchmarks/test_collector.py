"""``benchmarks/collector.py``: the text stream timed at two young thresholds of the
collector, with the settings of the process left as they were (no timing judged)."""

from __future__ import annotations

import gc
import pathlib
import sys

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "benchmarks"))

import collector
import suite


def test_the_young_threshold_is_set_inside_and_restored_after_a_failure() -> None:
    before = gc.get_threshold()
    with pytest.raises(RuntimeError), collector.young_threshold(12_345):
        assert gc.get_threshold() == (12_345, *before[1:])
        raise RuntimeError("a round that failed")
    assert gc.get_threshold() == before
    with collector.young_threshold(None):
        assert gc.get_threshold() == before


def test_the_clock_counts_collections_only_while_installed() -> None:
    clock = collector.CollectionClock()
    with clock.installed():
        gc.collect()
    assert clock.collections[2] >= 1 and clock.seconds > 0
    assert clock not in gc.callbacks
    counted = list(clock.collections)
    gc.collect()
    assert clock.collections == counted


def test_the_tasks_are_spread_over_the_suite() -> None:
    tasks = suite.suite_tasks()
    spread = collector.spaced_tasks(4)
    assert len(set(spread)) == 4 and set(spread) <= set(tasks)
    assert spread[0] == tasks[0] and spread[-1] != tasks[3]
    with pytest.raises(ValueError, match="1 to"):
        collector.spaced_tasks(len(tasks) + 1)


def test_both_settings_are_timed_and_the_process_keeps_its_own() -> None:
    before = gc.get_threshold()
    figures = collector.measure(envs=2, young=50_000, rounds=2, actions=20)
    assert gc.get_threshold() == before
    for setting in ("default", "raised"):
        assert figures[f"{setting}_us"] > 0
        assert 0 <= figures[f"{setting}_collector_share"] < 1
    # 20 actions make far fewer than 50,000 objects: no collection falls in a raised round
    assert figures["raised_collector_share"] == 0 and figures["raised_full_collections"] == 0
    with pytest.raises(ValueError, match="at least 1"):
        collector.measure(envs=1, young=0, rounds=1, actions=1)
