"""The instruction count of ``benchmarks/instructions.py`` is deterministic and weighs the
work: a gesture click (four touch steps, a rebuilt screen, a text view) counts more than one
touch step.

The script is run as its readers run it, in a fresh process each time: what a count finds
in the process-wide caches (text measures, spacings, node tags) depends on what the process
did before, so two counts in a test worker that ran other tests first may differ.
"""

from __future__ import annotations

import pathlib
import re
import subprocess
import sys

SCRIPT = pathlib.Path(__file__).parents[2] / "benchmarks" / "instructions.py"


def counts() -> dict[str, int]:
    """Instructions per action of the gesture-click and touch-step stacks, from one run."""
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "gesture_text", "touch_quarter"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    found = re.findall(r"^(\w+)\s+([\d,]+) instructions per action$", run.stdout, re.MULTILINE)
    return {name: int(count.replace(",", "")) for name, count in found}


def test_counts_repeat_and_weigh_the_work() -> None:
    first = counts()
    assert set(first) == {"gesture_text", "touch_quarter"}
    assert counts() == first
    assert 0 < first["touch_quarter"] < first["gesture_text"]
