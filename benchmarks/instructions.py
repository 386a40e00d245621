"""Python bytecode instructions executed per action, for mobile-gym's benchmark stacks.

Wall-clock figures on a shared machine drift by tens of percent; this count does not. It
runs the stacks of ``benchmarks/ours.py`` (the Mobile data switch clicked over and over)
and the suite streams of ``benchmarks/suite.py`` (seeded random actions over every task of
a suite) under ``sys.settrace`` with opcode events on, and reports how many bytecode
instructions one action executes. Work done in C (numpy, SQLite, OpenCV) counts as the one
instruction that calls it, so the count weighs the Python-level work; it is the figure to
compare two versions of the code by, not a speed.

``--tree DIR`` counts the code of another checkout (a worktree of an earlier commit, say):
its ``mobile_gym`` package, its wrappers, agents, task files and benchmark stacks.
"""

from __future__ import annotations

import argparse
import importlib.abc
import importlib.util
import pathlib
import sys
import tomllib
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from types import FrameType
from typing import Any

WARMUP = 50
"""Actions run before counting (caches filled, the switch flipped both ways)."""
COUNTED = 40
"""Actions counted."""
SUITE_PASSES = 4
"""Passes over a suite stream's envs to warm up, then to count. The first passes meet what
a process makes once (a script's font read when it is first shown, a fixture loaded when its
app first opens), and a pass's count moves by about a sixth with the screens its random
actions reach: four passes hold both down."""
STACKS = (
    "gesture_text",
    "element_text",
    "element_quarter",
    "touch_quarter",
    "suite_text",
    "suite_pixels",
    "suite_gesture",
)
"""The stacks of ``ours.py``, then the suite streams of ``suite.py``."""


class _TreeFolders(importlib.abc.MetaPathFinder):
    """Finds the packages a checkout's wheel installs from its top-level folders (its
    ``package-dir`` in pyproject.toml: wrappers, agents, configs) in those folders: an
    editable install maps them to the checkout it was made from, whatever comes first on
    ``sys.path``."""

    def __init__(self, tree: pathlib.Path) -> None:
        self.tree = tree
        settings = tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8"))
        self.folders: dict[str, str] = settings["tool"]["setuptools"]["package-dir"]

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        folder = self.folders.get(name)
        if folder is None:
            return None
        where = self.tree / folder
        init = where / "__init__.py"
        if init.is_file():
            return importlib.util.spec_from_file_location(
                name, init, submodule_search_locations=[str(where)]
            )
        spec = ModuleSpec(name, None, is_package=True)  # a namespace package (configs)
        spec.submodule_search_locations = [str(where)]
        return spec


def _use_tree(tree: pathlib.Path) -> None:
    """Import mobile-gym (its package, wrappers, agents and configs) and its benchmark
    stacks from ``tree`` instead of this checkout."""
    sys.meta_path.insert(0, _TreeFolders(tree))
    sys.path.insert(0, str(tree))
    sys.path.insert(0, str(tree / "benchmarks"))


def _stacks() -> dict[str, Callable[[], Any]]:
    import ours
    import suite

    return {
        "gesture_text": ours.gesture_text,
        "element_text": lambda: ours.element("text"),
        "element_quarter": lambda: ours.element("pixels", 0.25),
        "touch_quarter": lambda: ours.touch(0.25),
        "suite_text": lambda: suite.element_workload("text"),
        "suite_pixels": lambda: suite.element_workload("pixels"),
        "suite_gesture": suite.gesture_workload,
    }


class _Counter:
    """Counts the bytecode instructions run in Python frames while it is installed."""

    def __init__(self) -> None:
        self.count = 0

    def __enter__(self) -> _Counter:
        sys.settrace(self._frame)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.settrace(None)

    def _frame(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        frame.f_trace_opcodes = True
        frame.f_trace_lines = False
        return self._opcode

    def _opcode(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        if event == "opcode":
            self.count += 1
        return self._opcode


def instructions_per_action(make: Callable[[], Any]) -> int:
    """Bytecode instructions one action of the workload ``make()`` executes. A suite stream,
    which takes turns over its envs, warms up with ``SUITE_PASSES`` passes over them and
    counts as many."""
    workload = make()
    warmup = max(WARMUP, SUITE_PASSES * workload.granule)
    counted = max(COUNTED, SUITE_PASSES * workload.granule)
    try:
        workload.run(warmup)
        with _Counter() as counter:
            workload.run(counted)
    finally:
        workload.close()
    return counter.count // counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stacks", nargs="*", help=f"of {', '.join(STACKS)} (default: all)")
    parser.add_argument("--tree", type=pathlib.Path, help="count the code of this checkout")
    args = parser.parse_args()
    unknown = [name for name in args.stacks if name not in STACKS]
    if unknown:
        parser.error(f"unknown stack {unknown[0]!r}; stacks: {', '.join(STACKS)}")
    if args.tree is not None:
        _use_tree(args.tree.resolve())
    else:
        sys.path.insert(0, str(pathlib.Path(__file__).parent))
    stacks = _stacks()
    for name in args.stacks or STACKS:
        print(f"{name:18s} {instructions_per_action(stacks[name]):>8,} instructions per action")


if __name__ == "__main__":
    main()
