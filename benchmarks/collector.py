"""What Python's cyclic garbage collector costs a process that holds several envs, at its
default young threshold and at a raised one.

Each env keeps what its last step made (its screen's views, hierarchy nodes, elements and
handlers) while the other envs of the process take their turns, so with many envs in one
process those objects outlive the collector's young collections and age into its oldest
generation, whose full collections walk every object the process tracks. This script runs
the text suite stream (``suite.py``: random valid element actions, one env per task, in
turn) over 1, 16 and 100 tasks of the MobileAgentBench suite, and times it in rounds that
alternate between Python's thresholds (``gc.get_threshold()`` as the process found them) and
a young threshold of ``--young`` (20,000 by default; the older generations' are kept):

    .venv/bin/python benchmarks/collector.py [--envs 1 16 100] [--young N] [--rounds R] [--actions A]

For each number of envs it prints the best round's cost of an action under each setting,
the share of that round's time spent in collections (``gc.callbacks``) with the number of
full ones, and the ratio of the two costs. The settings take turns in alternating order,
each round after a full collection. The library itself never changes the collector's
settings: they belong to the process that holds the envs (a training script, an evaluation
harness). The ``peers.py`` rows are measured at Python's defaults.
"""

from __future__ import annotations

import argparse
import gc
import time
from collections.abc import Iterator
from contextlib import contextmanager

import suite
from rich.console import Console
from rich.table import Table

ENVS = (1, 16, 100)
"""How many envs (tasks of the suite, evenly spaced in sorted order) a stream holds."""
YOUNG = 20_000
"""The raised young threshold: objects tracked beyond those freed before a young collection."""
WARM_UP_PASSES = 20
"""Passes over a stream's envs before timing (every env has met its first screens)."""


class CollectionClock:
    """The wall-clock time spent in the collector's collections while it is installed
    (``gc.callbacks``), and how many there were by generation."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self.collections = [0, 0, 0]
        self._started = 0.0

    def __call__(self, phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            self._started = time.perf_counter()
        else:
            self.seconds += time.perf_counter() - self._started
            self.collections[info["generation"]] += 1

    @contextmanager
    def installed(self) -> Iterator[CollectionClock]:
        gc.callbacks.append(self)
        try:
            yield self
        finally:
            gc.callbacks.remove(self)


@contextmanager
def young_threshold(young: int | None) -> Iterator[None]:
    """The collector's young threshold set to ``young`` (None: left as it is), and the
    thresholds as they were afterwards."""
    before = gc.get_threshold()
    if young is not None:
        gc.set_threshold(young, *before[1:])
    try:
        yield
    finally:
        gc.set_threshold(*before)


def spaced_tasks(count: int) -> list[str]:
    """``count`` tasks of the suite, evenly spaced in sorted order."""
    tasks = suite.suite_tasks()
    if not 1 <= count <= len(tasks):
        raise ValueError(f"the stream holds 1 to {len(tasks)} envs, not {count}")
    return [tasks[i * len(tasks) // count] for i in range(count)]


def measure(envs: int, young: int, rounds: int, actions: int) -> dict[str, float]:
    """The text stream over ``envs`` tasks timed in ``rounds`` rounds of ``actions`` each
    under Python's thresholds and under the young threshold ``young``, in turn: per
    setting, the best round's cost of an action (microseconds) and the share of that round
    spent in collections."""
    if young < 1 or rounds < 1 or actions < 1:
        raise ValueError("--young, --rounds and --actions must be at least 1")
    of = suite.stream(spaced_tasks(envs), "element", "text", suite.random_elements())
    settings = [("default", None), ("raised", young)]
    best: dict[str, tuple[float, CollectionClock]] = {}
    try:
        of.run(WARM_UP_PASSES * envs)
        for round_ in range(rounds):
            for name, threshold in settings if round_ % 2 == 0 else settings[::-1]:
                gc.collect()
                with young_threshold(threshold), CollectionClock().installed() as clock:
                    wall = of.run(actions).wall
                if name not in best or wall < best[name][0]:
                    best[name] = (wall, clock)
    finally:
        of.close()
    figures: dict[str, float] = {"envs": envs, "young": young}
    for name, (wall, clock) in best.items():
        figures[f"{name}_us"] = wall / actions * 1e6
        figures[f"{name}_collector_share"] = clock.seconds / wall
        figures[f"{name}_full_collections"] = clock.collections[2]
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--envs", type=int, nargs="+", default=list(ENVS), help="envs per stream")
    parser.add_argument("--young", type=int, default=YOUNG, help="the raised young threshold")
    parser.add_argument("--rounds", type=int, default=4, help="rounds under each setting")
    parser.add_argument("--actions", type=int, default=3000, help="actions per round")
    args = parser.parse_args()
    if args.young < 1 or args.rounds < 1 or args.actions < 1:
        parser.error("--young, --rounds and --actions must be at least 1")
    most = len(suite.suite_tasks())
    if not all(1 <= envs <= most for envs in args.envs):
        parser.error(f"--envs must be 1 to {most} (the suite's tasks), not {args.envs}")
    default = gc.get_threshold()[0]
    table = Table(title="µs an action of the text suite stream, by the young threshold")
    for column in (
        "envs",
        f"µs at {default:,}",
        "collector",
        f"µs at {args.young:,}",
        "collector",
        "ratio",
    ):
        table.add_column(column, justify="right", no_wrap=True)
    for envs in args.envs:
        figures = measure(envs, args.young, args.rounds, args.actions)
        table.add_row(
            f"{envs}",
            f"{figures['default_us']:.0f}",
            _collector(figures, "default"),
            f"{figures['raised_us']:.0f}",
            _collector(figures, "raised"),
            f"{figures['default_us'] / figures['raised_us']:.2f}x",
        )
    Console().print(table)


def _collector(figures: dict[str, float], setting: str) -> str:
    """The collector's share of a setting's best round, with its full collections."""
    full = int(figures[f"{setting}_full_collections"])
    return f"{figures[f'{setting}_collector_share']:.1%}, {full} full"


if __name__ == "__main__":
    main()
