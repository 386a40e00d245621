"""Resets inside a suite stream, beside the same envs' resets one after another.

The text suite stream (``suite.py``: random valid element actions over every task of the
MobileAgentBench suite, one env per task, in turn, settled as the rows' streams are:
``suite.Stream.settle``) resets an env whenever its episode ends. This script times those
resets where they come, then resets every env of the same
stream in turn, one right after another, and prints both, with the share of the stream's
time its resets take, their cost per action of the stream, and the rate the stream could
not pass however cheap its steps became (its actions over the time its resets took):

    .venv/bin/python benchmarks/stream_resets.py [--stream text|gesture] [--actions N]
        [--passes P] [--suite S]

``--stream gesture`` takes the stream of the gesture row instead: random clicks at random
positions (gesture actions, text observation) over every shipped task. ``--suite`` names
the suite whose tasks the stream takes (``all``: every shipped task, one env each; by
default the suite of the stream's row): resets one after another then go round the whole
catalogue, as a vector env over many tasks does.

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

STREAMS = {
    "text": ("element", suite.random_elements, suite.SUITE),
    "gesture": ("gesture", suite.random_clicks, suite.ALL),
}
"""Each stream's action space, its chooser of actions and the suite its row takes: the
``suite element, text obs`` and ``suite gesture clicks`` rows of ``peers.py``."""


def measure(
    task_ids: list[str], actions: int, passes: int, warm_up: int = WARM_UP, stream: str = "text"
) -> dict[str, float]:
    """The resets of the ``stream`` (``STREAMS``) over ``task_ids`` in ``actions`` actions,
    and ``passes`` resets of each of its envs in turn: their count, mean and median (ms),
    the share of the stream's time taken by its resets, their cost per action of the
    stream (ms) and the rate its resets alone allow (actions/s)."""
    space, chooser, _ = STREAMS[stream]
    of = suite.stream(task_ids, space, "text", chooser(), settled=True)
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
    spent = sum(in_stream)
    return {
        "stream_actions": actions,
        "stream_resets": len(in_stream),
        "stream_reset_mean_ms": float(np.mean(in_stream)) * 1000,
        "stream_reset_median_ms": float(np.median(in_stream)) * 1000,
        "stream_reset_share": spent / wall,
        "stream_reset_ms_per_action": spent / actions * 1000,
        "stream_reset_ceiling_per_s": actions / spent,
        "in_turn_resets": len(in_turn),
        "in_turn_reset_mean_ms": float(np.mean(in_turn)) * 1000,
        "in_turn_reset_median_ms": float(np.median(in_turn)) * 1000,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--stream",
        choices=sorted(STREAMS),
        default="text",
        help="text: random valid element actions (the text suite row's stream); gesture: "
        "random clicks (the gesture row's)",
    )
    parser.add_argument("--actions", type=int, default=12_000, help="stream actions timed")
    parser.add_argument("--passes", type=int, default=16, help="resets of each env in turn")
    parser.add_argument(
        "--suite",
        help=f"the suite whose tasks the stream takes (all: every shipped task; by default "
        f"{suite.SUITE} for the text stream, all for the gesture stream)",
    )
    args = parser.parse_args()
    if args.actions < 1 or args.passes < 1:
        parser.error("--actions and --passes must be at least 1")
    chosen = args.suite or STREAMS[args.stream][2]
    try:
        tasks = suite.chosen_tasks(chosen)
    except ValueError as exc:
        parser.error(str(exc))
    figures = measure(tasks, args.actions, args.passes, stream=args.stream)
    shown = "every shipped task" if chosen == suite.ALL else chosen
    table = Table(title=f"resets of the {args.stream} stream over {shown} ({len(tasks)} tasks)")
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
    console.print(
        f"its resets take {figures['stream_reset_ms_per_action'] * 1000:,.0f} µs an action "
        f"({figures['stream_resets'] / args.actions:.3f} resets an action): however cheap its "
        f"steps, the stream could not pass {figures['stream_reset_ceiling_per_s']:,.0f} "
        "actions/s"
    )


if __name__ == "__main__":
    main()
