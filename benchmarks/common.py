"""What the benchmark scripts share: the command line, writing the figures as JSON, timing,
resident memory, a fresh process to measure in, and the typical screen the phone-level
figures are taken on."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import pathlib
import time
from collections.abc import Callable
from typing import Any, TypeVar

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver

T = TypeVar("T")


def run(
    doc: str,
    default_json: str,
    measure: Callable[..., dict[str, Any]],
    report: Callable[[dict[str, Any]], str],
    extra: dict[str, Any] | None = None,
    arguments: Callable[[argparse.ArgumentParser], None] | None = None,
) -> None:
    """Parse ``--json PATH``, measure, print the report and write figures (plus ``extra``).

    ``arguments``, if given, adds the benchmark's own options to the parser; ``measure`` is
    then called with the parsed arguments.
    """
    parser = argparse.ArgumentParser(description=doc.splitlines()[0])
    parser.add_argument("--json", type=pathlib.Path, default=pathlib.Path(default_json))
    if arguments is not None:
        arguments(parser)
    args = parser.parse_args()
    figures = measure(args) if arguments is not None else measure()
    print(report(figures))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps({"figures": figures, **(extra or {})}, indent=2, default=float))
    print(f"wrote {args.json}")


def best_ms(fn: Callable[[], object], number: int, repeat: int = 40) -> float:
    """Best mean time of one call in milliseconds over ``repeat`` runs of ``number`` calls,
    after one untimed run (caches filled, the CPU at speed)."""
    for _ in range(number):
        fn()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(number):
            fn()
        times.append((time.perf_counter() - start) / number * 1000)
    return min(times)


def rss_mb() -> float:
    """Resident memory of this process in MB (Linux ``/proc``)."""
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS in /proc/self/status")


def in_fresh_process(work: Callable[..., T], *args: Any) -> T:
    """``work(*args)`` in a fresh Python process (spawned, not forked), and what it returns:
    a figure taken there depends neither on what this process made before (its heap, its
    caches, its collector's generations) nor on what it holds. ``work`` must be a function
    of a module (picklable by name), and what it returns picklable."""
    with multiprocessing.get_context("spawn").Pool(1) as pool:
        return pool.apply(work, args)


def contacts_list() -> Phone:
    """A phone showing the Contacts list: the typical screen of the phone-level figures."""
    phone = Phone(seed=0)
    Driver(phone).tap(text="Contacts")
    return phone


def projection_ms(phone: Phone) -> dict[str, float]:
    """The two projections of ``phone``'s screen, best of 40 repeats: ``dump_ms`` (the view
    hierarchy of the screen shown anew, ``Phone.invalidate(anew=True)``: the app's window
    built, laid out and written from nothing, as when the app opens the screen),
    ``screenshot_ms`` (full size) and ``screenshot_quarter_ms`` (every pixel painted
    again); ``dump_nodes`` counts the dumped nodes."""

    def dump() -> None:
        phone.invalidate(anew=True)
        phone.hierarchy_xml()

    def shot(scale: float) -> Callable[[], object]:
        def run() -> None:
            phone.invalidate(repaint=True)  # the whole screen, as a screencap gives
            phone.screenshot(scale)

        return run

    return {
        "dump_ms": best_ms(dump, 60),
        "dump_nodes": phone.hierarchy_xml().count("<node "),
        "screenshot_ms": best_ms(shot(1.0), 30),
        "screenshot_quarter_ms": best_ms(shot(0.25), 100),
    }
