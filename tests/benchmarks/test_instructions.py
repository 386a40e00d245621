"""The instruction count of ``benchmarks/instructions.py`` is deterministic and weighs the
work: a gesture click (four touch steps, a rebuilt screen, a text view) counts more than one
touch step."""

from __future__ import annotations

import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "benchmarks"))

import instructions


def test_counts_repeat_and_weigh_the_work() -> None:
    stacks = instructions._stacks()
    click = instructions.instructions_per_action(stacks["gesture_text"])
    assert click == instructions.instructions_per_action(stacks["gesture_text"])
    touch = instructions.instructions_per_action(stacks["touch_quarter"])
    assert 0 < touch < click
