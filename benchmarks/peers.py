"""mobile-gym side by side with the environments researchers would otherwise use.

Run from the repository root: ``.venv/bin/python benchmarks/peers.py [--only GROUP ...]
[--rounds N] [--round-seconds S] [--sustained-turns N] [--sustained-seconds S]
[--json PATH]`` (peers come with the ``bench`` extra; see
``benchmarks/README.md``). Prints the tables and writes the figures as JSON (default
``out/bench/peers.json``).

Groups of rows (``--only``; all by default):

- ``suite``: seeded random actions over every task of a suite (``benchmarks/suite.py``),
  each stream as its best round and as a long run sustains it in a process of its own
  (``sustained_stream``), and the cost of a screen-changing step;
- ``best-case``: one Settings switch clicked over and over (``benchmarks/ours.py``), single
  operations (resets, dump, screenshots, TEXT) and memory after 20 clicks;
- ``scroll``: a scroll step on Contacts with 20, 200 and 2,000 contacts;
- ``long``: a screen over long data built again (the SMS conversation list and a thread, a
  File Manager folder, a Gallery folder, the Notes list) with 20 and 2,000 items
  (``benchmarks/long_data.py``);
- ``apps``: the dump and the paint (full repaint; a scroll or pan) on each app's heaviest
  screen, a reset on each app, and a reset of every task (``benchmarks/apps.py``);
- ``memory``: memory per env after 1,000 random steps (a fresh process);
- ``startup``: a fresh process from its first import to its first step, beside DoorKey
  (``benchmarks/startup.py``).

The throughput rows and their peers (``benchmarks/alternatives.py``: CartPole-v1, MiniGrid
DoorKey-8x8 symbolic and RGB, android_env's FakeSimulator) run in this one process, taking
turns round after round (``benchmarks/rounds.py``). The scroll, long-data, per-app dump
and per-app reset rows take turns among themselves in rounds of their own. Published figures of a real
emulator stand beside some rows for scale; they are not run here.
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import importlib.metadata
import os
import platform
import time
from collections.abc import Callable, Iterator
from typing import Any

import alternatives
import apps
import common
import long_data
import ours
import startup
import suite
from rich.console import Console
from rich.table import Table
from rounds import Workload, interleaved, sustained

EMULATOR = {"dump_ms": 2530.0, "screenshot_ms": 19.9, "text_input_ms": 580.0, "rss_mb": 3481.6}
"""Published figures of a real emulator (Mobile-Env, i7 with KVM): not run here."""

GROUPS = ("suite", "best-case", "scroll", "long", "apps", "memory", "startup")
COST_GROUPS = frozenset({"scroll", "long", "apps"})
"""The groups whose rows are measured in a fresh process of their own (``cost_figures``):
what the throughput rounds made and freed before them would slow them down."""
APP_KINDS = ("dump", "repaint", "move", "reset")
VIEWS = ("map_view", "web_page")
"""The map view and the web page, measured apart (``apps.view_workloads``)."""
"""The per-app rows (``benchmarks/apps.py``)."""
PAINT_LIMIT_MS = EMULATOR["screenshot_ms"]
"""A paint of the whole screen costs no more than an emulator's screencap of it."""
SUITE_PEERS = ("doorkey_symbolic", "doorkey_rgb")
"""The peers the suite rows stand beside (all peers run when the best-case rows do)."""
SUITE_STREAMS: dict[str, Callable[[], Workload]] = {
    "suite_element_text": lambda: suite.element_workload("text", log=True),
    "suite_element_pixels": lambda: suite.element_workload("pixels"),
    "suite_element_rl": lambda: suite.element_workload("rl"),
    "suite_gesture_text": suite.gesture_workload,
}
"""The suite streams by name (the text stream logs its screen-changing steps), each timed in
the rounds and also as a long run sustains it (``sustained_stream``)."""
SECTIONS = {
    "suite": "suite streams: seeded random actions over every task",
    "costs": "costs on every app, and memory after random steps",
    "best": "best case: one Settings switch, clicked over and over",
    "single": "single operations",
    "startup": "a fresh process, from its first import to its first step",
}


@dataclasses.dataclass(frozen=True)
class Rate:
    """A throughput row: ours, the peer beside it (or none), the goal for ours / peer (the
    pass mark) and the aim, if higher; ``measure``: ``best``, the best interleaved round of
    each (``rounds.interleaved``), or ``sustained``, the rate of a long run of each
    (``rounds.sustained``; the row is named ``<name>_sustained``)."""

    name: str
    peer: str
    section: str
    goal: float | None = None
    aim: float | None = None
    measure: str = "best"

    @property
    def row_name(self) -> str:
        return self.name if self.measure == "best" else f"{self.name}_{self.measure}"

    def figures(self, rates: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any] | None]:
        """Ours and the peer's figures (``label``, ``unit``, ``per_s`` and ``cpu_per_s``)
        for this row, from a run's ``rates``; the peer's None where it did not run. A
        sustained row's peer is the one that ran beside it (``sustained_stream``)."""
        if self.measure == "sustained":
            found = rates[self.name]["sustained"]
            return found, found.get("peer")
        ours, peer = rates[self.name], rates.get(self.peer)

        def best(figures: dict[str, Any]) -> dict[str, Any]:
            return {
                "label": figures["label"],
                "unit": figures["unit"],
                "per_s": figures["best_per_s"],
                "cpu_per_s": figures["cpu_best_per_s"],
            }

        return best(ours), None if peer is None else best(peer)


@dataclasses.dataclass(frozen=True)
class Cost:
    """A cost row (lower is better): ours, its label (``str.format``-ed with the run's
    details), unit, the published emulator figure beside it (or ``measured``: the cost of
    a peer measured in this run, under that name), and the goal (an upper bound)."""

    name: str
    label: str
    unit: str
    section: str
    published: str = ""
    limit: float | None = None
    measured: str = ""


RATES: tuple[Rate, ...] = (
    # Each suite stream's goal is judged on its best round and on what a long run sustains.
    Rate("suite_element_text", "doorkey_symbolic", "suite", 0.5, 1.0),
    Rate("suite_element_text", "doorkey_symbolic", "suite", 0.5, 1.0, "sustained"),
    Rate("suite_element_pixels", "doorkey_rgb", "suite", 0.5),
    Rate("suite_element_pixels", "doorkey_rgb", "suite", 0.5, measure="sustained"),
    # The rl observation is a 128 x 64 RGB image of the screen (resized from the screenshot)
    # with arrays of the instruction and elements: an image made every step, like DoorKey's
    # RGB observation, so that is the peer it stands beside.
    Rate("suite_element_rl", "doorkey_rgb", "suite"),
    Rate("suite_element_rl", "doorkey_rgb", "suite", measure="sustained"),
    Rate("suite_gesture_text", "doorkey_symbolic", "suite", 1.0),
    Rate("suite_gesture_text", "doorkey_symbolic", "suite", 1.0, measure="sustained"),
    Rate("touch_270x600", "cartpole", "best"),
    Rate("gesture_text", "doorkey_symbolic", "best", 1.0),
    Rate("element_text", "doorkey_symbolic", "best"),
    Rate("element_270x600", "doorkey_rgb", "best", 1.0),
    Rate("touch_320x480", "android_env_480x320", "best", 2.0),
    Rate("touch_1080x2400", "android_env_2400x1080", "best", 2.0),
    Rate("element_1080x2400", "android_env_2400x1080", "best"),
    # android_env's own emulator client on the phone `serve-emulator` serves, beside its
    # FakeSimulator (random frames) at the same size: the cost of a real device protocol
    Rate("android_env_served_1280x720", "android_env_1280x720", "best"),
    Rate("vector_1", "", "best"),
    Rate("vector_2", "vector_1", "best"),
)

COSTS: tuple[Cost, ...] = (
    Cost("screen_change_p50_ms", "screen-changing step, p50 (suite element, text)", "ms", "suite"),
    Cost("screen_change_p90_ms", "screen-changing step, p90 (suite element, text)", "ms", "suite"),
    Cost(
        "dump_max_ms",
        "dump, heaviest screen of {dump_apps} apps (max: {dump_max_app})",
        "ms",
        "costs",
        "dump_ms",
        1.0,
    ),
    Cost(
        "repaint_max_ms",
        "repaint 1080x2400, heaviest screen of {repaint_apps} apps (max: {repaint_max_app})",
        "ms",
        "costs",
        "screenshot_ms",
        PAINT_LIMIT_MS,
    ),
    Cost(
        "move_max_ms",
        "scroll or pan + paint 1080x2400, heaviest screens (max: {move_max_app})",
        "ms",
        "costs",
        "screenshot_ms",
        PAINT_LIMIT_MS,
    ),
    *(
        cost
        for view, label in (("map_view", "map view"), ("web_page", "web page"))
        for cost in (
            Cost(f"dump_{view}_ms", f"dump, {label}", "ms", "costs", "dump_ms", 1.0),
            Cost(
                f"move_{view}_ms",
                f"{'pan' if view == 'map_view' else 'scroll'} + paint 1080x2400, {label}",
                "ms",
                "costs",
                "screenshot_ms",
                PAINT_LIMIT_MS,
            ),
        )
    ),
    Cost(
        "reset_max_ms",
        "reset, new seed, {reset_apps} apps (max: {reset_max_app})",
        "ms",
        "costs",
        limit=2.0,
    ),
    Cost(
        "reset_tasks_p50_ms",
        "reset, new seed, every task ({reset_tasks} tasks), median",
        "ms",
        "costs",
    ),
    Cost(
        "reset_tasks_p90_ms",
        "reset, new seed, every task ({reset_tasks} tasks), p90",
        "ms",
        "costs",
    ),
    Cost(
        "reset_tasks_max_ms",
        "reset, new seed, every task ({reset_tasks} tasks), max: {reset_tasks_max_task}",
        "ms",
        "costs",
    ),
    *(
        Cost(f"scroll_{n}_ms", f"scroll on Contacts, {n:,} contacts", "ms", "costs")
        for n in apps.SCROLL_COUNTS
    ),
    Cost("scroll_ratio", "scroll on Contacts, 2,000 / 20 contacts", "x", "costs", limit=1.5),
    *(
        cost
        for case in long_data.CASES
        for cost in (
            *(
                Cost(
                    f"long_{case.name}_{n}_ms",
                    f"{case.label} built again, {n:,} {case.unit}",
                    "ms",
                    "costs",
                )
                for n in long_data.COUNTS
            ),
            Cost(
                f"long_{case.name}_ratio",
                f"{case.label} built again, {long_data.COUNTS[-1]:,} / "
                f"{long_data.COUNTS[0]} {case.unit}",
                "x",
                "costs",
            ),
        )
    ),
    Cost(
        "rss_mb_after_steps",
        "memory per env, {memory_envs} envs, {memory_steps:,} random steps",
        "MB",
        "costs",
        "rss_mb",
        15.0,
    ),
    Cost("reset_new_content_ms", "reset, new content", "ms", "single", limit=5.0),
    Cost("reset_same_seed_ms", "reset, same seed", "ms", "single", limit=5.0),
    Cost("dump_ms", "view-hierarchy dump (Contacts list)", "ms", "single", "dump_ms"),
    Cost("screenshot_ms", "screenshot 1080x2400", "ms", "single", "screenshot_ms"),
    Cost("screenshot_quarter_ms", "screenshot 270x600", "ms", "single"),
    Cost("text_input_ms", "TEXT action into a field", "ms", "single", "text_input_ms"),
    Cost("rss_mb_1", "memory per env, 1 env, 20 switch clicks", "MB", "single", "rss_mb", 50.0),
    Cost("rss_mb_8", "memory per env, 8 envs, 20 switch clicks", "MB", "single", "rss_mb", 50.0),
    Cost("import_s", "import", "s", "startup", measured="doorkey_import_s"),
    Cost(
        "first_step_s",
        "import, make, reset and one step",
        "s",
        "startup",
        measured="doorkey_first_step_s",
    ),
)
PEER_LABELS = {"doorkey_import_s": "DoorKey-8x8", "doorkey_first_step_s": "DoorKey-8x8"}
"""What the peer figures measured under ``Cost.measured`` are of."""


def contenders(groups: set[str]) -> tuple[list[Workload], list[alternatives.Missing]]:
    """The throughput workloads of ``groups`` and the peers they stand beside."""
    mine = []
    if "suite" in groups:
        mine += [make() for make in SUITE_STREAMS.values()]
    if "best-case" in groups:
        mine += [
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
        with contextlib.suppress(ImportError):  # android_env missing: no peer row either
            mine.append(alternatives.android_env_served(1280, 720, "small_phone"))
    if not mine:
        return [], []
    theirs, missing = alternatives.peers(None if "best-case" in groups else SUITE_PEERS)
    return mine + theirs, missing


def run_rounds(
    workloads: list[Workload], rounds: int, seconds: float
) -> tuple[dict[str, Any], dict[str, float]]:
    """``interleaved`` rounds of ``workloads`` (closed after), and the further figures they
    derive from their rates."""
    if not workloads:
        return {}, {}
    extra: dict[str, float] = {}
    try:
        rates = interleaved(workloads, rounds, seconds)
        for workload in workloads:
            if workload.figures is not None:
                extra.update(workload.figures(rates[workload.name]))
    finally:
        for workload in workloads:
            workload.close()
    return rates, extra


def sustained_stream(name: str, turns: int, seconds: float) -> dict[str, Any]:
    """Suite stream ``name`` (``SUITE_STREAMS``) as a long run sustains it, beside its peer
    (``rounds.sustained``: ``turns`` turns of about ``seconds`` each, in turn): its
    figures, with the peer's under ``peer`` (none if the peer's package is missing).

    ``measure`` runs it in a fresh process, as an agent's evaluation or training loop over
    the suite runs: holding that stream's envs alone, with Python's garbage collector as
    such a process has it. In the process of the rounds, holding every contender's envs,
    each full collection would walk all of them, and whether one fell into a stream's few
    turns would decide its figure."""
    (peer,) = {rate.peer for rate in RATES if rate.name == name}
    ours = SUITE_STREAMS[name]()
    theirs, _ = alternatives.peers([peer])
    workloads = [ours, *theirs]
    try:
        figures = sustained(workloads, turns, seconds)
    finally:
        for workload in workloads:
            workload.close()
    found = figures[name]
    if theirs:
        found["peer"] = figures[peer]
    return found


def cost_workloads(groups: set[str]) -> tuple[list[Workload], dict[str, Any]]:
    """The scroll, long-data and per-app workloads of ``groups``, and which screen and task
    each app's rows are measured on (by package)."""
    workloads: list[Workload] = []
    per_app: dict[str, dict[str, Any]] = {}
    if "apps" in groups:
        for app, screen in apps.heaviest_screens().items():
            per_app.setdefault(app, {})["screen"] = dataclasses.asdict(screen)
            workloads += [
                apps.dump_workload(screen),
                apps.repaint_workload(screen),
                apps.move_workload(screen),
            ]
        for app, task_id in suite.task_per_app(None).items():
            per_app.setdefault(app, {})["reset_task"] = task_id
            workloads.append(apps.reset_workload(app, task_id))
        workloads += apps.view_workloads()
    if "scroll" in groups:
        workloads += [apps.scroll_workload(n) for n in apps.SCROLL_COUNTS]
    if "long" in groups:
        workloads += long_data.workloads()
    return workloads, per_app


def app_costs(
    rates: dict[str, Any], per_app: dict[str, dict[str, Any]]
) -> tuple[dict[str, float], dict[str, Any]]:
    """The per-app and scroll figures (ms) from the cost rounds' ``rates``, with the
    details the labels name; ``per_app`` gains each app's figures."""
    costs: dict[str, float] = {}
    details: dict[str, Any] = {}
    for app, row in per_app.items():
        for kind in APP_KINDS:
            key = f"{kind}_{apps.app_name(app)}"
            if key in rates:
                row[f"{kind}_ms"] = 1000 / rates[key]["best_per_s"]
    for kind in APP_KINDS:
        measured = {app: row[f"{kind}_ms"] for app, row in per_app.items() if f"{kind}_ms" in row}
        if measured:
            worst = max(measured, key=measured.__getitem__)
            costs[f"{kind}_max_ms"] = measured[worst]
            details[f"{kind}_max_app"] = apps.app_name(worst)
            details[f"{kind}_apps"] = len(measured)
    for view in VIEWS:
        for kind in ("dump", "move"):
            if f"{kind}_{view}" in rates:
                costs[f"{kind}_{view}_ms"] = 1000 / rates[f"{kind}_{view}"]["best_per_s"]
    for n in apps.SCROLL_COUNTS:
        if f"scroll_{n}" in rates:
            costs[f"scroll_{n}_ms"] = 1000 / rates[f"scroll_{n}"]["best_per_s"]
    if "scroll_2000_ms" in costs:
        costs["scroll_ratio"] = costs["scroll_2000_ms"] / costs["scroll_20_ms"]
    costs.update(long_data.costs(rates))
    return costs, details


def cost_figures(groups: set[str], rounds: int, seconds: float) -> dict[str, Any]:
    """The scroll, long-data and per-app rows of ``groups`` (with the resets of every task
    for ``apps``): the cost rounds' rates, the figures taken from them, what their labels
    name, and the per-app table."""
    workloads, per_app = cost_workloads(groups)
    cost_rates, _ = run_rounds(workloads, rounds, seconds)
    costs, details = app_costs(cost_rates, per_app)
    if "apps" in groups:
        found, named = apps.every_task_resets()
        costs.update(found)
        details.update(named)
    return {"cost_rates": cost_rates, "costs": costs, "details": details, "apps": per_app}


def measure(args: argparse.Namespace) -> dict[str, Any]:
    groups = set(args.only or GROUPS)
    clock = Phases()
    workloads, missing = contenders(groups)
    clock.done("set up the throughput contenders")
    rates, costs = run_rounds(workloads, args.rounds, args.round_seconds)
    clock.done("throughput rounds")
    if "suite" in groups and args.sustained_turns > 0:
        for name in SUITE_STREAMS:
            rates[name]["sustained"] = common.in_fresh_process(
                sustained_stream, name, args.sustained_turns, args.sustained_seconds
            )
        clock.done("the suite streams' long runs, each in a fresh process")
    if "best-case" in groups:
        costs.update(best_case_costs(rates))
        clock.done("best-case single operations and memory")
    cost: dict[str, Any] = {"cost_rates": {}, "costs": {}, "details": {}, "apps": {}}
    if groups & COST_GROUPS:
        cost = common.in_fresh_process(
            cost_figures, groups, args.cost_rounds, args.cost_round_seconds
        )
        clock.done("scroll, long-data and per-app rows, and a reset of every task")
    costs.update(cost["costs"])
    cost_rates, per_app, details = cost["cost_rates"], cost["apps"], cost["details"]
    if "memory" in groups:
        memory = suite.resident_mb_after_steps(args.memory_steps)
        costs["rss_mb_after_steps"] = memory["rss_mb_after_steps"]
        details.update(memory_envs=int(memory["envs"]), memory_steps=args.memory_steps)
        clock.done("memory after random steps")
    if "startup" in groups:
        ours_startup, doorkey_startup = startup.startup_costs()
        costs.update(ours_startup)
        if doorkey_startup is None:
            missing.append(
                alternatives.Missing("doorkey_startup", f"not installed ({startup.PEER_PACKAGE})")
            )
        else:
            costs.update({f"doorkey_{key}": value for key, value in doorkey_startup.items()})
        clock.done("startup of fresh processes")
    if "suite" in groups:
        details["suite_tasks"] = len(suite.suite_tasks())
    return {
        "groups": sorted(groups),
        "rates": rates,
        "cost_rates": cost_rates,
        "costs": costs,
        "apps": per_app,
        "details": details,
        "missing": {m.name: m.reason for m in missing},
        "rounds": args.rounds,
        "round_seconds": args.round_seconds,
        "cost_rounds": args.cost_rounds,
        "cost_round_seconds": args.cost_round_seconds,
        "sustained_turns": args.sustained_turns,
        "sustained_seconds": args.sustained_seconds,
        "comparisons": comparisons(rates, costs, details),
        "machine": machine(),
        "phase_seconds": clock.seconds,
    }


class Phases:
    """Wall-clock seconds each phase of a run took (kept in the JSON)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = {}
        self._start = time.perf_counter()

    def done(self, phase: str) -> None:
        now = time.perf_counter()
        self.seconds[phase] = now - self._start
        self._start = now


def best_case_costs(rates: dict[str, Any]) -> dict[str, float]:
    """The single operations: resets and TEXT from the rounds, the dump and screenshots of
    the Contacts list (``common.projection_ms``) and memory after 20 switch clicks."""
    costs = common.projection_ms(common.contacts_list())
    for name in ("reset_new_content", "reset_same_seed", "text_input"):
        costs[f"{name}_ms"] = 1000 / rates[name]["best_per_s"]
        costs[f"{name}_cpu_ms"] = 1000 / rates[name]["cpu_best_per_s"]
    for num_envs in (1, 8):
        costs[f"rss_mb_{num_envs}"] = ours.resident_mb_per_env(num_envs)
    return costs


def comparisons(
    rates: dict[str, Any], costs: dict[str, float], details: dict[str, Any] | None = None
) -> list[dict[str, Any]]:
    """Every row of the table whose figure was measured, in table order: figure, peer
    figure, ratio (how many times faster or smaller ours is; ``cpu_ratio`` the same in CPU
    time, where both ran in this process), goal and whether it is met (judged on ``ratio``
    for rates, on the figure for costs; ``aim_met`` for a rate's aim)."""
    rows = [
        _rate_row(rate, rates)
        for rate in RATES
        if rate.name in rates and (rate.measure == "best" or rate.measure in rates[rate.name])
    ]
    rows += [_cost_row(cost, costs, details or {}) for cost in COSTS if cost.name in costs]
    order = list(SECTIONS)
    return sorted(rows, key=lambda row: order.index(row["section"]))


def _rate_row(rate: Rate, rates: dict[str, Any]) -> dict[str, Any]:
    ours, peer = rate.figures(rates)
    ratio = ours["per_s"] / peer["per_s"] if peer else None
    ours_cpu = ours["cpu_per_s"]
    peer_cpu = peer["cpu_per_s"] if peer else None
    goal = f">= {rate.goal:g}x" if rate.goal else ""
    if rate.aim:
        goal += f" (aim {rate.aim:g}x)"
    shown = "" if rate.measure == "best" else f", {rate.measure}"
    return {
        "name": rate.row_name,
        "section": rate.section,
        "label": ours["label"] + shown,
        "figure": ours["per_s"],
        "unit": f"{ours['unit']}/s",
        "peer": peer["label"] + shown if peer else rate.peer,
        "peer_figure": peer["per_s"] if peer else None,
        "ratio": ratio,
        "cpu_ratio": ours_cpu / peer_cpu if ours_cpu and peer_cpu else None,
        "goal": goal,
        "met": None if rate.goal is None or ratio is None else ratio >= rate.goal,
        "aim_met": None if rate.aim is None or ratio is None else ratio >= rate.aim,
    }


def _cost_row(cost: Cost, costs: dict[str, float], details: dict[str, Any]) -> dict[str, Any]:
    figure = costs[cost.name]
    peer_figure = costs.get(cost.measured) if cost.measured else EMULATOR.get(cost.published)
    peer = PEER_LABELS.get(cost.measured, "emulator, published") if peer_figure else ""
    cpu_figure = costs.get(cost.name.removesuffix("_ms") + "_cpu_ms")
    unit = "x" if cost.unit == "x" else f" {cost.unit}"
    return {
        "name": cost.name,
        "section": cost.section,
        "label": cost.label.format(**details),
        "figure": figure,
        "unit": cost.unit,
        "peer": peer,
        "peer_figure": peer_figure,
        "ratio": peer_figure / figure if peer_figure else None,
        "cpu_ratio": peer_figure / cpu_figure if peer_figure and cpu_figure else None,
        "goal": f"<= {cost.limit:g}{unit}" if cost.limit else "",
        "met": None if cost.limit is None else figure <= cost.limit,
        "aim_met": None,
    }


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
    console = Console(width=220)
    with console.capture() as captured:
        console.print(_main_table(figures["comparisons"]))
        if figures.get("apps"):
            console.print(_apps_table(figures["apps"]))
    rounds = []
    if figures.get("rates"):
        rounds.append(f"{figures['rounds']} rounds of ~{figures['round_seconds']} s per contender")
    if any(row["name"].endswith("_sustained") for row in figures["comparisons"]):
        rounds.append(
            f"sustained rows: {figures['sustained_turns']} turns of"
            f" ~{figures['sustained_seconds']} s per contender, each stream and its peer in a"
            " fresh process, all their units over all their seconds"
        )
    if figures.get("cost_rates"):
        rounds.append(
            f"{figures['cost_rounds']} of ~{figures['cost_round_seconds']} s for the scroll,"
            " long-data and per-app rows"
        )
    notes = [
        "ratio: ours / theirs for rates; theirs / ours for times and memory (how many times",
        "faster or smaller mobile-gym is), from wall-clock time (goals are judged on it); CPU:",
        "the same from this process's CPU time, steadier on a busy machine (none for vector",
        "envs, whose work is in other processes). Emulator figures are published (Mobile-Env,",
        f"i7 + KVM), not run. {', '.join(rounds) or 'No rounds'}; load average at the end"
        f" {figures['machine']['load_average'][0]:.2f} on {figures['machine']['cpus']} CPUs.",
    ]
    notes += [f"left out: {name}: {reason}" for name, reason in figures["missing"].items()]
    return captured.get() + "\n".join(notes)


MAIN_HEADERS = ("measure", "mobile-gym", "unit", "beside", "their figure", "ratio", "CPU", "goal")
"""The columns of the table of all rows."""
APP_HEADERS = (
    "app",
    "heaviest screen",
    "nodes",
    "dump ms",
    "repaint ms",
    "move ms",
    "reset on task",
    "reset ms",
)
"""The columns of the per-app table."""


def main_rows(rows: list[dict[str, Any]]) -> Iterator[str | list[str]]:
    """The table of all rows: each section's title (a str) before its rows, and each row's
    cells (``MAIN_HEADERS``), in Rich markup."""
    section = None
    for row in rows:
        if row["section"] != section:
            section = row["section"]
            yield SECTIONS[section]
        yield [
            row["label"],
            _number(row["figure"]),
            row["unit"],
            row["peer"] or "",
            _number(row["peer_figure"]),
            _ratio(row["ratio"]),
            _ratio(row.get("cpu_ratio")),
            row["goal"] + _verdict(row),
        ]


def app_rows(per_app: dict[str, dict[str, Any]]) -> Iterator[list[str]]:
    """The per-app table's rows (``APP_HEADERS``), in Rich markup: a figure past its goal
    is red."""
    for app, row in per_app.items():
        screen = row.get("screen")
        shown = f"{screen['task']}, after {screen['steps']} steps" if screen else ""
        yield [
            apps.app_name(app),
            shown,
            str(screen["nodes"]) if screen else "",
            _limited(row.get("dump_ms"), 1.0),
            _limited(row.get("repaint_ms"), PAINT_LIMIT_MS),
            _limited(row.get("move_ms"), PAINT_LIMIT_MS),
            row.get("reset_task", ""),
            _limited(row.get("reset_ms"), 2.0),
        ]


def _main_table(rows: list[dict[str, Any]]) -> Table:
    table = Table(
        title="mobile-gym side by side (best of interleaved rounds; sustained: a long run)"
    )
    for header in MAIN_HEADERS:
        numeric = header in ("mobile-gym", "their figure", "ratio", "CPU")
        table.add_column(header, justify="right" if numeric else "left", no_wrap=True)
    for i, cells in enumerate(main_rows(rows)):
        if isinstance(cells, str):
            if i:
                table.add_section()
            table.add_row(f"[bold]{cells}[/]")
        else:
            table.add_row(*cells)
    return table


def _verdict(row: dict[str, Any]) -> str:
    verdict = {None: "", True: " [green]met[/]", False: " [red]MISSED[/]"}[row["met"]]
    if row["met"] and row.get("aim_met") is not None:
        verdict += ", aim met" if row["aim_met"] else ", aim not yet"
    return verdict


def _apps_table(per_app: dict[str, dict[str, Any]]) -> Table:
    table = Table(
        title="per app: dump on the heaviest screen (goal <= 1 ms), its repaint and move"
        f" (<= {PAINT_LIMIT_MS:g} ms), reset (<= 2 ms)"
    )
    for header in APP_HEADERS:
        numeric = header.endswith(" ms") or header == "nodes"
        table.add_column(header, justify="right" if numeric else "left", no_wrap=True)
    for cells in app_rows(per_app):
        table.add_row(*cells)
    return table


def _limited(value: float | None, limit: float) -> str:
    if value is None:
        return ""
    return _number(value) if value <= limit else f"[red]{_number(value)}[/]"


def _ratio(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.0f}x" if value >= 100 else f"{value:,.3g}x"


def _number(value: float | None) -> str:
    if value is None:
        return ""
    return f"{value:,.0f}" if value >= 100 else f"{value:,.3g}"


def _turns(text: str) -> int:
    """A number of turns for ``--sustained-turns``: a whole number, 0 or more."""
    try:
        turns = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of turns: {text!r}") from None
    if turns < 0:
        raise argparse.ArgumentTypeError(f"turns cannot be negative: {turns}")
    return turns


def _seconds(text: str) -> float:
    """A length of time for ``--sustained-seconds``: more than 0 seconds."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not seconds > 0:
        raise argparse.ArgumentTypeError(f"a turn must last more than 0 seconds, not {text}")
    return seconds


def arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--only",
        nargs="+",
        choices=GROUPS,
        metavar="GROUP",
        help=f"measure only these groups of rows ({', '.join(GROUPS)}; default all)",
    )
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
    # Many turns, as for the rounds: a slow spell of the machine then falls on a stream and
    # its peer alike. The collector is not reset between turns, so their sum is one long run.
    parser.add_argument(
        "--sustained-turns",
        type=_turns,
        default=10,
        help="turns of each suite stream and its peer in the sustained rows (default 10; 0: none)",
    )
    parser.add_argument(
        "--sustained-seconds",
        type=_seconds,
        default=0.6,
        help="about how long each of those runs per turn (default 0.6)",
    )
    parser.add_argument(
        "--cost-rounds",
        type=int,
        default=15,
        help="rounds of the scroll, long-data and per-app rows (default 15)",
    )
    parser.add_argument(
        "--cost-round-seconds",
        type=float,
        default=0.05,
        help="about how long each of those runs per round (default 0.05)",
    )
    parser.add_argument(
        "--memory-steps",
        type=int,
        default=suite.MEMORY_STEPS,
        help=f"random actions per env of the memory row (default {suite.MEMORY_STEPS:,})",
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
