"""Every suite's text stream beside DoorKey symbolic, one suite at a time (or one app's).

``peers.py`` times the element-action text stream over the MobileAgentBench suite only. This
script makes the same stream (``suite.stream``, as ``suite.element_workload`` makes it:
seeded random valid element actions, one env per task in turn, each episode to its task's
own cap, the resets timed with the steps, settled first by ``Stream.settle``) over the
tasks of each shipped suite, and times it in interleaved rounds with MiniGrid DoorKey-8x8
symbolic (``rounds.interleaved``, as ``peers.py`` does). A suite's envs are made, timed and
closed before the next suite's are made, so the process holds one suite's envs at a time:

    .venv/bin/python benchmarks/suite_streams.py [--suites S ...] [--apps [APP ...]]
        [--rounds R] [--round-seconds T] [--json FILE]

With ``--apps``, each app's stream is timed instead (as well, when ``--suites`` is given
too): the tasks of every suite that are about that app alone (``suite.app_streams``), named
by the app's short name (``apps.app_name``: ``filemanager``) or its package; ``--apps``
with no name takes every app.

Each row gives the suite (or ``app NAME``), its task count, the stream's best round, the
peer's best round in the same rounds, and their ratio (from wall-clock time, and from this
process's CPU time); then, per action of the stream over all its runs, the resets (with
their mean cost) and the steps whose observation differs from the one before (with the
median cost of such a step, over the faster half of the rounds, as ``peers.py`` gives it for
its text row): what makes a suite's stream faster or slower than another's.
``all`` is every shipped task in one stream (the element-action counterpart of the gesture
row of ``peers.py``).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from typing import Any

import alternatives
import suite
from apps import app_name
from peers import machine
from rich.console import Console
from rich.table import Table
from rounds import Workload, interleaved


def symbolic_doorkey() -> Workload:
    """MiniGrid DoorKey-8x8 with its symbolic observation (the peer of the text rows)."""
    return alternatives.doorkey(rgb=False)


def measure(
    name: str,
    rounds: int,
    seconds: float,
    peer: Callable[[], Workload] = symbolic_doorkey,
    task_ids: list[str] | None = None,
) -> dict[str, Any]:
    """The text stream over suite ``name`` (or over ``task_ids``, a stream called ``name``)
    beside ``peer`` (DoorKey symbolic): task count, both best rates and their ratios
    (wall-clock and CPU); and per action of the stream, over all its runs, the resets,
    their mean cost (ms) and the steps that changed the observation, with the median cost
    of such a step (``suite.screen_changing_ms``)."""
    if task_ids is None:
        task_ids = suite.chosen_tasks(name)
    beside = peer()
    try:
        of = suite.stream(
            task_ids, "element", "text", suite.random_elements(), log=True, settled=True
        )
        ours = suite.stream_workload(name, f"text stream, {name}", of)
        try:
            rates = interleaved([ours, beside], rounds, seconds)
            changing = suite.screen_changing_ms(of, rates[ours.name]["rounds_per_s"])
        finally:
            ours.close()
    finally:
        beside.close()
    mine, theirs = rates[ours.name], rates[beside.name]
    cpu = (
        mine["cpu_best_per_s"] / theirs["cpu_best_per_s"]
        if mine["cpu_best_per_s"] and theirs["cpu_best_per_s"]
        else None
    )
    assert of.log is not None
    actions = sum(n for n, _ in of.log)
    resets = of.reset_costs
    return {
        "stream": name,
        "tasks": len(task_ids),
        "actions_per_s": mine["best_per_s"],
        "peer": beside.label,
        "peer_steps_per_s": theirs["best_per_s"],
        "ratio": mine["best_per_s"] / theirs["best_per_s"],
        "cpu_ratio": cpu,
        "resets_per_action": len(resets) / actions,
        "reset_mean_ms": 1000 * sum(resets) / len(resets) if resets else None,
        "observation_changes_per_action": sum(len(costs) for _, costs in of.log) / actions,
        "screen_change_p50_ms": changing["screen_change_p50_ms"],
    }


def report(rows: list[dict[str, Any]]) -> Table:
    peers = ", ".join(sorted({row["peer"] for row in rows}))
    table = Table(title=f"text stream of each suite or app beside {peers}")
    columns = (
        "stream",
        "tasks",
        "actions/s",
        "peer steps/s",
        "ratio",
        "CPU",
        "resets / action",
        "reset ms",
        "obs changes / action",
        "p50 ms",
    )
    for column in columns:
        table.add_column(column, justify="left" if column == "stream" else "right")
    for row in rows:
        cpu, reset_ms = row["cpu_ratio"], row["reset_mean_ms"]
        table.add_row(
            row["stream"],
            f"{row['tasks']:,}",
            f"{row['actions_per_s']:,.0f}",
            f"{row['peer_steps_per_s']:,.0f}",
            f"{row['ratio']:.3f}x",
            "" if cpu is None else f"{cpu:.3f}x",
            f"{row['resets_per_action']:.3f}",
            "" if reset_ms is None else f"{reset_ms:.2f}",
            f"{row['observation_changes_per_action']:.2f}",
            f"{row['screen_change_p50_ms']:.3g}",
        )
    return table


def chosen_streams(suites: list[str] | None, apps: list[str] | None) -> list[tuple[str, list[str]]]:
    """The streams the command line asks for, each as its name and its tasks: the suites
    (all of them when neither suites nor apps are given), then the apps (an empty list:
    every app). ValueError naming the apps for a name that is none of them."""
    if suites is None:
        suites = [] if apps is not None else suite.suite_names()
    streams = [(name, suite.chosen_tasks(name)) for name in suites]
    if apps is None:
        return streams
    by_app = suite.app_streams()
    names = {app_name(package): package for package in by_app}
    for wanted in apps or list(names):
        package = names.get(wanted, wanted)
        if package not in by_app:
            raise ValueError(
                f"no shipped task is about the app {wanted!r} alone; apps: {', '.join(names)}"
            )
        streams.append((f"app {app_name(package)}", by_app[package]))
    return streams


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    known = suite.suite_names()
    parser.add_argument(
        "--suites",
        nargs="+",
        choices=known,
        metavar="SUITE",
        help=f"the suites to time, in turn (default, without --apps: {', '.join(known)})",
    )
    parser.add_argument(
        "--apps",
        nargs="*",
        metavar="APP",
        help="time these apps' streams (short names or packages; none: every app), alone"
        " unless --suites is given too",
    )
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds per stream")
    parser.add_argument(
        "--round-seconds", type=float, default=0.1, help="about how long each contender runs"
    )
    parser.add_argument("--json", help="also write the rows to this file")
    args = parser.parse_args()
    if args.rounds < 1 or args.round_seconds <= 0:
        parser.error("--rounds must be at least 1 and --round-seconds above 0")
    try:
        streams = chosen_streams(args.suites, args.apps)
    except ValueError as exc:
        parser.error(str(exc))
    console = Console()
    rows = []
    for name, task_ids in streams:
        rows.append(measure(name, args.rounds, args.round_seconds, task_ids=task_ids))
        console.print(f"{name}: {rows[-1]['ratio']:.3f}x", highlight=False)
    console.print(report(rows))
    figures = machine()
    console.print(f"load average at the end {figures['load_average'][0]:.2f}", highlight=False)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as handle:
            json.dump({"rows": rows, "machine": figures}, handle, indent=2)


if __name__ == "__main__":
    main()
