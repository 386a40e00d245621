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

``reset:TASK`` (a shipped task's id) counts one ``env.reset()`` of that task's element / text
env instead of an action, as the per-app reset rows of ``peers.py`` time it: a new seed, so
new seeded content, each time (the seeds follow from the first reset's, so a count repeats).

``dump:PACKAGE`` (an app's package) counts one hierarchy dump of that app's heaviest screen
shown anew, as the per-app dump rows of ``peers.py`` time it (``apps.dump_workload``: the
app's window built, laid out and written from nothing); the screen is found from the
reference solutions of the tasks that name the app.

``--by-function N`` also lists, per action, the N functions that ran the most instructions
with what they called (a recursive function's calls within itself counted once), and the N
that ran the most by themselves: where the work of a stack goes, as steady as the count.

``--collector`` also reports, from a run of its own (tracing makes objects of its own), what
Python's cyclic garbage collector does for a stack, which no instruction count shows: how
often its young generations are collected, how many objects those collections walk and move
to the oldest generation, and how many objects the process tracks (what each full
collection, one per hundred young ones by default, walks). It is as steady as the count:
the collections come after a number of objects made, not after a time. It then lists the
types of object most found in the middle generation when it is collected, per action: what
outlived a young collection, most of which ages into the oldest generation.
"""

from __future__ import annotations

import argparse
import collections
import gc
import importlib.abc
import importlib.util
import pathlib
import sys
import tomllib
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from types import CodeType, FrameType
from typing import Any

WARMUP = 50
"""Actions run before counting (caches filled, the switch flipped both ways)."""
COUNTED = 40
"""Actions counted."""
COLLECTED = 1_000
"""Actions (at least) whose garbage collections ``--collector`` counts: young collections
come every ten to a hundred actions."""
KINDS = 12
"""The types of object ``--collector`` lists, the most numerous first."""
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
RESET = "reset:"
"""The prefix of a reset stack: ``reset:TASK`` counts resets of the task ``TASK``."""
DUMP = "dump:"
"""The prefix of a dump stack: ``dump:PACKAGE`` counts dumps of that app's heaviest screen."""


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


def _stacks(names: list[str]) -> dict[str, Callable[[], Any]]:
    """The workloads of the stacks ``names`` (each made when counted)."""
    import apps
    import ours
    import suite

    from mobile_gym.tasks.loader import shipped_tasks

    stacks: dict[str, Callable[[], Any]] = {
        "gesture_text": ours.gesture_text,
        "element_text": lambda: ours.element("text"),
        "element_quarter": lambda: ours.element("pixels", 0.25),
        "touch_quarter": lambda: ours.touch(0.25),
        "suite_text": lambda: suite.element_workload("text"),
        "suite_pixels": lambda: suite.element_workload("pixels"),
        "suite_gesture": suite.gesture_workload,
    }
    for name in names:
        if name.startswith(RESET):
            task = name.removeprefix(RESET)
            app = shipped_tasks()[task].apps[0]  # (names the workload)
            stacks[name] = lambda app=app, task=task: apps.reset_workload(app, task)
        elif name.startswith(DUMP):
            package = name.removeprefix(DUMP)
            naming = [task_id for task_id, spec in shipped_tasks().items() if package in spec.apps]
            stacks[name] = lambda package=package, naming=naming: apps.dump_workload(
                apps.heaviest_screens(naming)[package]
            )
    return stacks


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


class _FunctionCounter(_Counter):
    """Counts the instructions as ``_Counter`` does, and by function: those each function
    ran itself (``own``) and those it ran with what it called (``within``; while a function
    is on the stack more than once, its instructions count once)."""

    def __init__(self) -> None:
        super().__init__()
        self.own: collections.Counter[CodeType] = collections.Counter()
        self.within: collections.Counter[CodeType] = collections.Counter()
        self._calls: list[tuple[CodeType, int]] = []
        """The functions entered and not yet left, with the count as each was entered."""
        self._depth: collections.Counter[CodeType] = collections.Counter()

    def _frame(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        code = frame.f_code
        self._calls.append((code, self.count))
        self._depth[code] += 1
        return super()._frame(frame, event, arg)

    def _opcode(self, frame: FrameType, event: str, arg: Any) -> Callable[..., Any]:
        if event == "opcode":
            self.count += 1
            self.own[frame.f_code] += 1
        elif event == "return":
            code, entered = self._calls.pop()
            self._depth[code] -= 1
            if not self._depth[code]:  # its outermost call ends
                self.within[code] += self.count - entered
        return self._opcode


class _Collections:
    """Counts what the cyclic garbage collector does while it is installed: the collections
    of each generation, the objects in the generations the young collections (of the two
    younger generations) walk, and those a collection of the middle generation walks, which
    it moves to the oldest (all but the few it finds to be garbage); and, by type, the
    objects in the middle generation when it is collected: those that outlived a young
    collection already (so a plain tuple of numbers and strings is no longer tracked), the
    bulk of what ages into the oldest generation."""

    def __init__(self) -> None:
        self.collections = [0] * len(gc.get_threshold())
        self.walked = 0
        self.aged = 0
        self.kinds: collections.Counter[str] = collections.Counter()
        """The objects in the middle generation at its collections, by type name."""
        self.tracked = 0
        """The objects tracked when it was taken off (what a full collection walks)."""

    def __enter__(self) -> _Collections:
        gc.collect()  # what the warm-up left starts in the oldest generation
        gc.callbacks.append(self._collecting)
        return self

    def __exit__(self, *exc: object) -> None:
        gc.callbacks.remove(self._collecting)
        gc.collect()
        self.tracked = len(gc.get_objects())

    def _collecting(self, phase: str, info: dict[str, int]) -> None:
        if phase != "start":
            return
        generation = info["generation"]
        self.collections[generation] += 1
        oldest = len(self.collections) - 1
        if generation < oldest:
            walked = sum(len(gc.get_objects(generation=g)) for g in range(generation + 1))
            self.walked += walked
            if generation == oldest - 1:  # what survives it ages into the oldest
                self.aged += walked
                middle = gc.get_objects(generation=generation)
                self.kinds.update(type(thing).__qualname__ for thing in middle)

    def report(self, actions: int) -> str:
        """What it counted over ``actions``, per action, and the objects tracked."""
        return (
            f"  collector: {1_000 * self.collections[0] / actions:.1f} young collections per "
            f"1,000 actions; per action {self.walked // actions:,} objects walked by them, "
            f"{self.aged // actions:,} moved to the oldest generation; "
            f"{self.tracked:,} objects tracked\n"
            f"  in the middle generation at its collections, per action: "
            + ", ".join(
                f"{kind} {count / actions:.1f}"
                for kind, count in self.kinds.most_common(KINDS)
                if count / actions >= 0.05
            )
        )


def count_actions(
    make: Callable[[], Any], counter: _Counter | _Collections, at_least: int = COUNTED
) -> int:
    """Count with ``counter`` the instructions (or the garbage collections) of the workload
    ``make()`` over at least ``at_least`` of its actions, after a warm-up of at least as
    many; how many actions were counted. A suite stream, which takes turns over its envs,
    warms up with at least ``SUITE_PASSES`` passes over them and counts as many."""
    workload = make()
    warmup = max(WARMUP, SUITE_PASSES * workload.granule, at_least)
    counted = max(at_least, SUITE_PASSES * workload.granule)
    try:
        workload.run(warmup)
        with counter:
            workload.run(counted)
    finally:
        workload.close()
    return counted


def by_function(counter: _FunctionCounter, actions: int, most: int) -> list[str]:
    """Two tables of ``most`` functions each, per action (of ``actions`` counted): those
    that ran the most instructions with what they called, then those that ran the most by
    themselves; each row gives both counts and the function (its file relative to the
    working directory where it lies under it)."""
    here = pathlib.Path.cwd()
    lines = []
    for title, ranked in (("with calls", counter.within), ("by itself", counter.own)):
        lines.append(f"  {'most ' + title + ':':<17}{'with calls':>10} {'by itself':>10}  function")
        for code, _ in ranked.most_common(most):
            where = pathlib.Path(code.co_filename)
            if where.is_relative_to(here):
                where = where.relative_to(here)
            lines.append(
                f"{'':>19}{counter.within[code] // actions:>10,} "
                f"{counter.own[code] // actions:>10,}  "
                f"{where}:{code.co_firstlineno} {code.co_qualname}"
            )
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "stacks",
        nargs="*",
        help=f"of {', '.join(STACKS)} (default: all), {RESET}TASK for a task's reset, or"
        f" {DUMP}PACKAGE for a dump of an app's heaviest screen",
    )
    parser.add_argument("--tree", type=pathlib.Path, help="count the code of this checkout")
    parser.add_argument(
        "--by-function",
        type=int,
        default=0,
        metavar="N",
        help="also list the N functions that ran the most instructions per action",
    )
    parser.add_argument(
        "--collector",
        action="store_true",
        help="also count what the cyclic garbage collector does per action",
    )
    args = parser.parse_args()
    unknown = [
        name for name in args.stacks if name not in STACKS and not name.startswith((RESET, DUMP))
    ]
    if unknown:
        parser.error(
            f"unknown stack {unknown[0]!r}; stacks: {', '.join(STACKS)}, {RESET}TASK or"
            f" {DUMP}PACKAGE"
        )
    if args.by_function < 0:
        parser.error(f"--by-function must be 0 or more, got {args.by_function}")
    if args.tree is not None:
        _use_tree(args.tree.resolve())
    else:
        sys.path.insert(0, str(pathlib.Path(__file__).parent))
    from mobile_gym.tasks.loader import shipped_tasks  # (from the tree chosen above)

    tasks = [name.removeprefix(RESET) for name in args.stacks if name.startswith(RESET)]
    missing = sorted(set(tasks) - set(shipped_tasks()))
    if missing:
        parser.error(f"no shipped task {missing[0]!r} (a reset stack is {RESET}TASK)")
    packages = {package for spec in shipped_tasks().values() for package in spec.apps}
    unnamed = sorted(
        name.removeprefix(DUMP)
        for name in args.stacks
        if name.startswith(DUMP) and name.removeprefix(DUMP) not in packages
    )
    if unnamed:
        parser.error(
            f"no shipped task names the app {unnamed[0]!r} (a dump stack is {DUMP}PACKAGE)"
        )
    stacks = _stacks(args.stacks)
    for name in args.stacks or STACKS:
        counter = _FunctionCounter() if args.by_function else _Counter()
        actions = count_actions(stacks[name], counter)
        unit = "reset" if name.startswith(RESET) else "dump" if name.startswith(DUMP) else "action"
        print(f"{name:18s} {counter.count // actions:>8,} instructions per {unit}")
        if isinstance(counter, _FunctionCounter):
            print("\n".join(by_function(counter, actions, args.by_function)))
        if args.collector:
            collector = _Collections()
            actions = count_actions(stacks[name], collector, COLLECTED)
            print(collector.report(actions))


if __name__ == "__main__":
    main()
