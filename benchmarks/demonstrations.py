"""Demonstrations and datasets: episodes per minute of ``mobile-gym generate`` and the size
of the exported dataset per 1,000 steps.

Each row runs the command as a user does, in a fresh process (its start-up included), into
a new run folder: the oracle on a suite's tasks and seeds, with 1 and 2 worker processes,
saving what a dataset needs (``generate``'s default: the observed screen, the view
hierarchy and a half-size screenshot of every step), saving only the observations
(``--no-screenshots``), and, for comparison, ``mobile-gym eval`` saving nothing. Each run
with 1 worker is then exported (``mobile-gym export --format parquet``, and ``hf`` for the
default run), and the dataset's bytes per 1,000 steps are reported.

    .venv/bin/python benchmarks/demonstrations.py                 # about 10 minutes on 2 cores
    .venv/bin/python benchmarks/demonstrations.py --seeds 0 --suites starter   # a quick look
"""

from __future__ import annotations

import argparse
import json
import pathlib
import subprocess
import sys
import tempfile
import time
from typing import Any

from common import run

MODES = {
    "dataset": ["generate"],
    "no screenshots": ["generate", "--no-screenshots"],
    "nothing (eval)": ["eval"],
}
"""How each row saves: the command and its options."""


def _timed(arguments: list[str]) -> float:
    """Seconds the mobile-gym command ``arguments`` takes in a fresh process."""
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "-m", "mobile_gym.cli", *arguments],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    return time.perf_counter() - start


def _steps(run_dir: pathlib.Path) -> tuple[int, int]:
    """Episodes and agent actions recorded in ``run_dir``."""
    records = [json.loads(p.read_text()) for p in (run_dir / "episodes").glob("*.json")]
    return len(records), sum(record["decisions"] for record in records)


def _size(folder: pathlib.Path) -> int:
    return sum(path.stat().st_size for path in folder.rglob("*") if path.is_file())


def measure(args: argparse.Namespace) -> dict[str, Any]:
    rows: list[dict[str, Any]] = []
    sizes: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="bench-datasets-") as scratch:
        root = pathlib.Path(scratch)
        for suite in args.suites:
            for mode, command in MODES.items():
                for workers in (1, 2) if mode == "dataset" else (1,):
                    out = root / f"{suite}-{mode.split()[0]}-{workers}"
                    arguments = [*command, "--suite", suite, "--seeds", args.seeds]
                    arguments += ["--agent", "oracle", "--workers", str(workers), "--out", str(out)]
                    seconds = _timed(arguments)
                    episodes, steps = _steps(out)
                    rows.append(
                        {
                            "suite": suite,
                            "saving": mode,
                            "workers": workers,
                            "episodes": episodes,
                            "steps": steps,
                            "seconds": seconds,
                            "episodes_per_minute": episodes / seconds * 60,
                            "run_mb": _size(out) / 1e6,
                        }
                    )
                    print(f"  {rows[-1]}", flush=True)
                    if workers == 1 and mode != "nothing (eval)":
                        formats = ("parquet", "hf") if mode == "dataset" else ("parquet",)
                        for fmt in formats:
                            dataset = out.with_name(out.name + f"-{fmt}")
                            seconds = _timed(
                                ["export", str(out), "--format", fmt, "--out", str(dataset)]
                            )
                            sizes.append(
                                {
                                    "suite": suite,
                                    "saving": mode,
                                    "format": fmt,
                                    "steps": steps,
                                    "mb_per_1000_steps": _size(dataset) / steps * 1000 / 1e6,
                                    "export_seconds": seconds,
                                }
                            )
                            print(f"  {sizes[-1]}", flush=True)
    return {"seeds": args.seeds, "generate": rows, "export": sizes}


def report(figures: dict[str, Any]) -> str:
    lines = [
        f"generate, oracle, seeds {figures['seeds']} (wall clock, process start-up included)",
        f"{'suite':18} {'saving':16} {'workers':>7} {'episodes':>8} {'steps':>6} "
        f"{'seconds':>8} {'episodes/min':>12} {'run MB':>7}",
    ]
    for row in figures["generate"]:
        lines.append(
            f"{row['suite']:18} {row['saving']:16} {row['workers']:>7} {row['episodes']:>8} "
            f"{row['steps']:>6} {row['seconds']:>8.1f} {row['episodes_per_minute']:>12.0f} "
            f"{row['run_mb']:>7.1f}"
        )
    lines += [
        "",
        "export (1-worker runs)",
        f"{'suite':18} {'saving':16} {'format':>7} {'steps':>6} {'MB/1000 steps':>13} "
        f"{'export s':>8}",
    ]
    for row in figures["export"]:
        lines.append(
            f"{row['suite']:18} {row['saving']:16} {row['format']:>7} {row['steps']:>6} "
            f"{row['mb_per_1000_steps']:>13.1f} {row['export_seconds']:>8.1f}"
        )
    return "\n".join(lines)


def _arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--suites", nargs="+", default=["starter", "mobileagentbench"])
    parser.add_argument("--seeds", default="0-1", help="Seeds of every task (default 0-1).")


if __name__ == "__main__":
    run(__doc__, "out/bench/demonstrations.json", measure, report, arguments=_arguments)
