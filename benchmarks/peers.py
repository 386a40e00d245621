"""mobile-gym side by side with the environments researchers would otherwise use.

Run from the repository root: ``.venv/bin/python benchmarks/peers.py [--rounds N]
[--round-seconds S] [--json PATH]`` (peers come with the ``bench`` extra; see
``benchmarks/README.md``). Prints a table and writes the figures as JSON (default
``out/bench/peers.json``).

All contenders run in this one process on this machine, taking turns round after round
(``benchmarks/rounds.py``): mobile-gym's stacks (``benchmarks/ours.py``) and the peers
(``benchmarks/alternatives.py``: CartPole-v1, MiniGrid DoorKey-8x8 symbolic and RGB,
android_env's FakeSimulator). Then the phone's view-hierarchy dump and screenshots
(``common.projection_ms``) and the resident memory per env (fresh processes). Published
figures of a real emulator stand beside them for scale; they are not run here.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import os
import platform
from typing import Any

import alternatives
import common
import ours
from rich.console import Console
from rich.table import Table
from rounds import Workload, interleaved

EMULATOR = {"dump_ms": 2530.0, "screenshot_ms": 19.9, "text_input_ms": 580.0, "rss_mb": 3481.6}
"""Published figures of a real emulator (Mobile-Env, i7 with KVM): not run here."""

RATES: tuple[tuple[str, str, float | None], ...] = (
    ("touch_270x600", "cartpole", None),
    ("gesture_text", "doorkey_symbolic", 1.0),
    ("element_text", "doorkey_symbolic", None),
    ("element_270x600", "doorkey_rgb", 1.0),
    ("touch_320x480", "android_env_480x320", 2.0),
    ("touch_1080x2400", "android_env_2400x1080", 2.0),
    ("element_1080x2400", "android_env_2400x1080", None),
    ("vector_1", "", None),
    ("vector_2", "vector_1", None),
)
"""Throughput rows: ours, the peer beside it (or none), and the goal for ours / peer."""

COSTS: tuple[tuple[str, str, str, str, float | None], ...] = (
    ("reset_new_content_ms", "reset, new content", "ms", "", 5.0),
    ("reset_same_seed_ms", "reset, same seed", "ms", "", 5.0),
    ("dump_ms", "view-hierarchy dump", "ms", "dump_ms", None),
    ("screenshot_ms", "screenshot 1080x2400", "ms", "screenshot_ms", None),
    ("screenshot_quarter_ms", "screenshot 270x600", "ms", "", None),
    ("text_input_ms", "TEXT action into a field", "ms", "text_input_ms", None),
    ("rss_mb_1", "memory per env, 1 env", "MB", "rss_mb", 50.0),
    ("rss_mb_8", "memory per env, 8 envs", "MB", "rss_mb", 50.0),
)
"""Cost rows (lower is better): ours, label, unit, the published emulator figure, the goal."""


def contenders() -> tuple[list[Workload], list[alternatives.Missing]]:
    mine = [
        ours.touch(0.25),
        ours.touch(1.0, ours.HVGA),
        ours.touch(1.0),
        ours.gesture_text(),
        ours.element("text"),
        ours.element("pixels", 0.25),
        ours.element("pixels", 1.0),
        ours.reset(new_content=True),
        ours.reset(new_content=False),
        ours.text_input(),
        ours.vector(1),
        ours.vector(2),
    ]
    theirs, missing = alternatives.peers()
    return mine + theirs, missing


def measure(args: argparse.Namespace) -> dict[str, Any]:
    workloads, missing = contenders()
    try:
        rates = interleaved(workloads, args.rounds, args.round_seconds)
    finally:
        for workload in workloads:
            workload.close()
    costs = common.projection_ms(common.contacts_list())
    for name in ("reset_new_content", "reset_same_seed", "text_input"):
        costs[f"{name}_ms"] = 1000 / rates[name]["best_per_s"]
        costs[f"{name}_cpu_ms"] = 1000 / rates[name]["cpu_best_per_s"]
    for num_envs in (1, 8):
        costs[f"rss_mb_{num_envs}"] = ours.resident_mb_per_env(num_envs)
    return {
        "rates": rates,
        "costs": costs,
        "missing": {m.name: m.reason for m in missing},
        "rounds": args.rounds,
        "round_seconds": args.round_seconds,
        "comparisons": comparisons(rates, costs),
        "machine": machine(),
    }


def comparisons(rates: dict[str, Any], costs: dict[str, float]) -> list[dict[str, Any]]:
    """Every row of the table whose figure was measured: figure, peer figure, ratio (how
    many times faster or smaller ours is; ``cpu_ratio`` the same in CPU time, where both
    ran in this process), goal and whether it is met (judged on ``ratio``)."""
    rows = []
    for name, peer, goal in RATES:
        if name not in rates:
            continue
        ours_rate = rates[name]["best_per_s"]
        peer_rate = rates[peer]["best_per_s"] if peer in rates else None
        ratio = ours_rate / peer_rate if peer_rate else None
        ours_cpu = rates[name]["cpu_best_per_s"]
        peer_cpu = rates[peer]["cpu_best_per_s"] if peer in rates else None
        rows.append(
            {
                "name": name,
                "label": rates[name]["label"],
                "figure": ours_rate,
                "unit": f"{rates[name]['unit']}/s",
                "peer": rates[peer]["label"] if peer in rates else peer,
                "peer_figure": peer_rate,
                "ratio": ratio,
                "cpu_ratio": ours_cpu / peer_cpu if ours_cpu and peer_cpu else None,
                "goal": f">= {goal:g}x" if goal else "",
                "met": None if goal is None or ratio is None else ratio >= goal,
            }
        )
    for name, label, unit, published, limit in COSTS:
        if name not in costs:
            continue
        figure = costs[name]
        peer_figure = EMULATOR.get(published)
        cpu_figure = costs.get(name.removesuffix("_ms") + "_cpu_ms")
        rows.append(
            {
                "name": name,
                "label": label,
                "figure": figure,
                "unit": unit,
                "peer": "emulator, published" if peer_figure else "",
                "peer_figure": peer_figure,
                "ratio": peer_figure / figure if peer_figure else None,
                "cpu_ratio": peer_figure / cpu_figure if peer_figure and cpu_figure else None,
                "goal": f"<= {limit:g} {unit}" if limit else "",
                "met": None if limit is None else figure <= limit,
            }
        )
    return rows


def machine() -> dict[str, Any]:
    versions = {}
    for package in ("gymnasium", "numpy", "minigrid", "android-env", "mobile-gym"):
        try:
            versions[package] = importlib.metadata.version(package)
        except importlib.metadata.PackageNotFoundError:
            versions[package] = None
    return {
        "python": platform.python_version(),
        "processor": platform.processor() or platform.machine(),
        "cpus": os.cpu_count(),
        "load_average": os.getloadavg(),
        "versions": versions,
    }


def report(figures: dict[str, Any]) -> str:
    table = Table(title="mobile-gym side by side (best of interleaved rounds)")
    headers = ("measure", "mobile-gym", "unit", "beside", "their figure", "ratio", "CPU", "goal")
    for header in headers:
        numeric = header in ("mobile-gym", "their figure", "ratio", "CPU")
        table.add_column(header, justify="right" if numeric else "left", no_wrap=True)
    for row in figures["comparisons"]:
        verdict = {None: "", True: " [green]met[/]", False: " [red]MISSED[/]"}[row["met"]]
        table.add_row(
            row["label"],
            _number(row["figure"]),
            row["unit"],
            row["peer"] or "",
            _number(row["peer_figure"]),
            _ratio(row["ratio"]),
            _ratio(row.get("cpu_ratio")),
            row["goal"] + verdict,
        )
    console = Console(width=200)
    with console.capture() as captured:
        console.print(table)
    notes = [
        "ratio: ours / theirs for rates; theirs / ours for times and memory (how many times",
        "faster or smaller mobile-gym is), from wall-clock time (goals are judged on it); CPU:",
        "the same from this process's CPU time, steadier on a busy machine (none for vector",
        "envs, whose work is in other processes). Emulator figures are published (Mobile-Env,",
        f"i7 + KVM), not run. {figures['rounds']} rounds of ~{figures['round_seconds']} s per"
        f" contender; load average at the end {figures['machine']['load_average'][0]:.2f}"
        f" on {figures['machine']['cpus']} CPUs.",
    ]
    notes += [f"left out: {name}: {reason}" for name, reason in figures["missing"].items()]
    return captured.get() + "\n".join(notes)


def _ratio(value: float | None) -> str:
    return "" if value is None else f"{value:,.2f}x"


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.0f}" if value >= 100 else f"{value:,.3g}"


def arguments(parser: argparse.ArgumentParser) -> None:
    # Many short rounds rather than a few long ones: this machine's slow spells (1.6x to 1.9x
    # slower, from a fraction of a second to a few seconds) then leave every contender some
    # quiet rounds (benchmarks/README.md, "How it is timed").
    parser.add_argument("--rounds", type=int, default=15, help="interleaved rounds (default 15)")
    parser.add_argument(
        "--round-seconds",
        type=float,
        default=0.1,
        help="about how long each contender runs per round (default 0.1)",
    )


def main() -> None:
    common.run(
        __doc__,
        "out/bench/peers.json",
        measure,
        report,
        {"emulator_published": EMULATOR},
        arguments,
    )


if __name__ == "__main__":
    main()
