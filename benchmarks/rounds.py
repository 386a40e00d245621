"""Throughput measured in interleaved rounds, so that a noisy, shared machine hits every
contender alike.

A ``Workload`` does ``n`` units of work (env steps, clicks, resets) when run and says how
long they took. ``interleaved`` sizes each workload so that one run lasts about the same
time, then runs them all in turn, round after round; a workload's figure is its best round
(and its median round, kept too). Machine noise only ever slows a round down, so the best
round is the closest to what the code costs, and taking turns means a slow spell of the
machine falls on all contenders rather than on one. The process's CPU time is taken too: on
a machine that other work keeps busy it is the steadier measure of what the code costs.

``sustained`` measures the same contenders as a long run of each does: several turns each, in
turn, the rate over all of them (every unit over every second), with Python's garbage
collector left as an agent's process has it. A stream whose units differ in cost (an action
that resets the episode, one that opens a new screen, one that changes nothing) has a best
short round far above what it sustains: the best of fifteen rounds of a hundred actions is
the round with the fewest costly ones, and each round starts with the collector emptied and
every object alive frozen out of it (``interleaved``), which no agent's process has.
"""

from __future__ import annotations

import gc
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Timing:
    """How long some work took: wall-clock seconds, and this process's CPU seconds (None
    when the work was done in other processes)."""

    wall: float
    cpu: float | None


@dataclass
class Workload:
    """One contender: ``run(n)`` does ``n`` units of work and returns how long they took
    (preparation it does before timing, such as an untimed reset, is not counted).

    ``granule``: a run is a whole number of this many units (a stream that takes turns over
    several envs does a whole number of passes per round). ``figures``, if given, derives
    further figures from the workload's rates once the rounds are over (before ``close``).
    """

    name: str
    label: str
    unit: str
    run: Callable[[int], Timing]
    close: Callable[[], object] = field(default=lambda: None)
    granule: int = 1
    figures: Callable[[dict[str, Any]], dict[str, float]] | None = None


def cycling(
    step: Callable[[Any], bool], reset: Callable[[], object], actions: Sequence[Any]
) -> Callable[[int], Timing]:
    """A ``Workload.run`` that steps through ``actions`` over and over, resetting whenever
    ``step`` says the episode ended (the reset is timed with the steps, as an agent pays
    for it)."""
    position = 0

    def one() -> None:
        nonlocal position
        if step(actions[position]):
            reset()
        position = (position + 1) % len(actions)

    return lambda n: timed(one, n)


def timed(call: Callable[[], object], n: int) -> Timing:
    """How long ``n`` calls of ``call`` take."""
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(n):
        call()
    return Timing(time.perf_counter() - wall, time.process_time() - cpu)


def gym_step(env: Any) -> Callable[[Any], bool]:
    """A Gymnasium env's ``step`` reduced to whether the episode ended."""

    def step(action: Any) -> bool:
        _, _, terminated, truncated, _ = env.step(action)
        return bool(terminated or truncated)

    return step


def calibrate(workload: Workload, seconds: float) -> int:
    """How many units one run of ``workload`` needs to last about ``seconds``, rounded to a
    whole number of granules (at least one): from the faster of a run of at least a tenth of
    that and the same run again (the first may be slowed by filling caches)."""
    n, spent = 1, 0.0
    while spent < seconds / 10:
        spent = workload.run(n).wall
        n *= 2
    n //= 2
    per_unit = min(spent, workload.run(n).wall) / n  # the first runs may fill caches
    granules = max(1, round(seconds / per_unit / workload.granule))
    return granules * workload.granule


def interleaved(
    workloads: Sequence[Workload], rounds: int, seconds: float
) -> dict[str, dict[str, Any]]:
    """Run ``workloads`` in turn for ``rounds`` rounds of about ``seconds`` each; per
    workload: its unit, ``best_per_s`` and ``median_per_s`` (units per wall-clock second),
    ``cpu_best_per_s`` (per CPU second of this process; None for work done elsewhere) and
    the per-round figures.

    Each run starts after a full garbage collection, so that no run pays for garbage another
    left. The objects alive then are frozen out of the collector (``gc.freeze``) until the
    rounds are over, so that this collection, and any during a run, scans only what was made
    since the last run, not every env of every contender (hundreds of them with the suite
    streams, where a full collection took about 0.2 s)."""
    try:
        sizes = {w.name: calibrate(w, seconds) for w in workloads}
        timings: dict[str, list[Timing]] = {w.name: [] for w in workloads}
        for _ in range(rounds):
            for workload in workloads:
                _collect_and_freeze()
                timings[workload.name].append(workload.run(sizes[workload.name]))
    finally:
        gc.unfreeze()
        gc.collect()
    out = {}
    for w in workloads:
        n = sizes[w.name]
        wall = [n / t.wall for t in timings[w.name]]
        cpu = [n / t.cpu for t in timings[w.name] if t.cpu]
        out[w.name] = {
            "label": w.label,
            "unit": w.unit,
            "units_per_round": n,
            "best_per_s": max(wall),
            "median_per_s": statistics.median(wall),
            "cpu_best_per_s": max(cpu) if len(cpu) == len(wall) else None,
            "rounds_per_s": wall,
            "rounds_per_cpu_s": cpu,
        }
    return out


def _collect_and_freeze() -> None:
    """Collect what was made since the last freeze, then freeze what is alive."""
    gc.collect()
    gc.freeze()


def sustained(
    workloads: Sequence[Workload], turns: int, seconds: float
) -> dict[str, dict[str, Any]]:
    """Run ``workloads`` in turn, ``turns`` times each for about ``seconds``, with the
    garbage collector untouched (no collection or freeze between runs, unlike
    ``interleaved``: what one contender leaves, a collection during its own later runs
    pays for, as it would in an agent's process); per workload: its label and unit,
    ``per_s``, every unit of all its runs over their wall-clock seconds, ``cpu_per_s``
    (over this process's CPU seconds; None for work done elsewhere), and the per-turn
    rates."""
    if turns < 1:
        raise ValueError(f"a long run takes at least one turn, not {turns}")
    if not seconds > 0:
        raise ValueError(f"a turn must last more than 0 seconds, not {seconds}")
    sizes = {w.name: calibrate(w, seconds) for w in workloads}
    timings: dict[str, list[Timing]] = {w.name: [] for w in workloads}
    for _ in range(turns):
        for workload in workloads:
            timings[workload.name].append(workload.run(sizes[workload.name]))
    out = {}
    for w in workloads:
        runs = timings[w.name]
        units = sizes[w.name] * len(runs)
        cpu = [t.cpu for t in runs if t.cpu]
        out[w.name] = {
            "label": w.label,
            "unit": w.unit,
            "units": units,
            "per_s": units / sum(t.wall for t in runs),
            "cpu_per_s": units / sum(cpu) if len(cpu) == len(runs) else None,
            "turns_per_s": [sizes[w.name] / t.wall for t in runs],
        }
    return out
