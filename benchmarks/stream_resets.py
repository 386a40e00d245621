"""Resets inside a suite stream, beside the same envs' resets one after another.

The text suite stream (``suite.py``: random valid element actions over every task of the
MobileAgentBench suite, one env per task, in turn, settled as the rows' streams are:
``suite.Stream.settle``) resets an env whenever its episode ends. This script times those
resets where they come, then resets every env of the same
stream in turn, one right after another, and prints both, with the share of the stream's
time its resets take:

    .venv/bin/python benchmarks/stream_resets.py [--actions N] [--passes P] [--suite S]

``--suite all`` takes every shipped task instead (one env each): its resets one after
another then go round the whole catalogue, as a vector env over many tasks does.

Both kinds of reset boot new seeded content and set the task up in the same way; they
differ in what the process did just before (a step of an episode in another env, or the
reset of the env before) and in what the env's window showed (another screen of the app,
or the task's first screen).
"""

from __future__ import annotations

import argparse
import gc
import time

import numpy as np
import suite
from rich.console import Console
from rich.table import Table

WARM_UP = 3000
"""Actions taken before timing (every env has met its first screens)."""


def measure(
    task_ids: list[str], actions: int, passes: int, warm_up: int = WARM_UP
) -> dict[str, float]:
    """The resets of the text stream over ``task_ids`` in ``actions`` actions, and
    ``passes`` resets of each of its envs in turn: their count, mean and median (ms), and
    the share of the stream's time taken by its resets."""
    of = suite.stream(task_ids, "element", "text", suite.random_elements(), settled=True)
    try:
        of.run(warm_up)
        gc.collect()
        gc.freeze()  # what was made before timing is left out of collections, as in rounds.py
        of.reset_costs.clear()
        wall = of.run(actions).wall
        in_stream = list(of.reset_costs)
        in_turn = []
        for _ in range(passes):
            for env in of.envs:
                start = time.perf_counter()
                env.reset()
                in_turn.append(time.perf_counter() - start)
    finally:
        gc.unfreeze()
        of.close()
    if not in_stream:
        raise RuntimeError(f"no episode ended in {actions:,} actions: take more")
    return {
        "stream_resets": len(in_stream),
        "stream_reset_mean_ms": float(np.mean(in_stream)) * 1000,
        "stream_reset_median_ms": float(np.median(in_stream)) * 1000,
        "stream_reset_share": sum(in_stream) / wall,
        "in_turn_resets": len(in_turn),
        "in_turn_reset_mean_ms": float(np.mean(in_turn)) * 1000,
        "in_turn_reset_median_ms": float(np.median(in_turn)) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=12_000, help="stream actions timed")
    parser.add_argument("--passes", type=int, default=16, help="resets of each env in turn")
    parser.add_argument(
        "--suite",
        default=suite.SUITE,
        help=f"the suite whose tasks the stream takes ({suite.SUITE} by default; all: every "
        "shipped task)",
    )
    args = parser.parse_args()
    if args.actions < 1 or args.passes < 1:
        parser.error("--actions and --passes must be at least 1")
    try:
        tasks = suite.chosen_tasks(args.suite)
    except ValueError as exc:
        parser.error(str(exc))
    figures = measure(tasks, args.actions, args.passes)
    shown = "every shipped task" if args.suite == suite.ALL else args.suite
    table = Table(title=f"resets of the text stream over {shown} ({len(tasks)} tasks)")
    for column in ("resets", "count", "mean ms", "median ms"):
        table.add_column(column, justify="left" if column == "resets" else "right")
    for label, key in (("inside the stream", "stream"), ("one after another", "in_turn")):
        table.add_row(
            label,
            f"{figures[f'{key}_resets']:,}",
            f"{figures[f'{key}_reset_mean_ms']:.3g}",
            f"{figures[f'{key}_reset_median_ms']:.3g}",
        )
    console = Console()
    console.print(table)
    console.print(
        f"resets take {figures['stream_reset_share']:.0%} of the stream's time "
        f"({args.actions:,} actions); inside it a reset costs "
        f"{figures['stream_reset_mean_ms'] / figures['in_turn_reset_mean_ms']:.2g}x one "
        "made right after another"
    )


if __name__ == "__main__":
    main()
