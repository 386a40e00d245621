"""The instruction count of ``benchmarks/instructions.py`` is deterministic and weighs the
work: a gesture click (four touch steps, a rebuilt screen, a text view) counts more than one
touch step, and an action of a suite stream more than one on the best case's switch.

The script is run as its readers run it, in a fresh process each time: what a count finds
in the process-wide caches (text measures, spacings, node tags) depends on what the process
did before, so two counts in a test worker that ran other tests first may differ.
"""

from __future__ import annotations

import gc
import pathlib
import re
import subprocess
import sys
from types import ModuleType

import pytest

SCRIPT = pathlib.Path(__file__).parents[2] / "benchmarks" / "instructions.py"


def counts(*stacks: str) -> dict[str, int]:
    """Instructions per action (per reset or dump, for a reset or dump stack) of ``stacks``,
    from one run."""
    run = subprocess.run(
        [sys.executable, str(SCRIPT), *stacks],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    found = re.findall(
        r"^(\S+)\s+([\d,]+) instructions per (?:action|reset|dump)$", run.stdout, re.MULTILINE
    )
    return {name: int(count.replace(",", "")) for name, count in found}


def test_counts_repeat_and_weigh_the_work() -> None:
    first = counts("gesture_text", "touch_quarter")
    assert set(first) == {"gesture_text", "touch_quarter"}
    assert counts("gesture_text", "touch_quarter") == first
    assert 0 < first["touch_quarter"] < first["gesture_text"]


def test_a_suite_stream_is_counted_alike() -> None:
    """Over a pass of the text suite stream (a hundred tasks, resets and new screens among
    its actions) an action counts more than one click on the same Settings switch."""
    first = counts("suite_text", "element_text")
    assert counts("suite_text", "element_text") == first
    assert 0 < first["element_text"] < first["suite_text"]


def test_a_task_reset_is_counted_alike() -> None:
    """``reset:TASK`` counts one reset of the task's env with new content: the same from run
    to run (the seeds follow from the first reset's), and a File Manager reset, which seeds
    the files it lists and lays out their rows, counts more than one of a task that starts
    on the home screen."""
    files, home = (
        "reset:mab.filemanager_check_file_properties",
        "reset:mw.settings.adjust_brigtness_max",
    )
    first = counts(files, home)
    assert set(first) == {files, home}
    assert counts(files, home) == first
    assert 0 < first[home] < first[files]


def test_a_dump_of_an_app_s_heaviest_screen_is_counted_alike() -> None:
    """``dump:PACKAGE`` counts one dump of the app's heaviest screen shown anew: the same
    from run to run, and more on Calendar's heaviest screen than on Settings', which holds
    far fewer views."""
    calendar, settings = "dump:com.simplemobiletools.calendar.pro", "dump:com.android.settings"
    first = counts(calendar, settings)
    assert set(first) == {calendar, settings}
    assert counts(calendar, settings) == first
    assert 0 < first[settings] < first[calendar]


@pytest.mark.parametrize(
    ("stack", "refusal"),
    [
        ("reset:no.such_task", "no shipped task 'no.such_task'"),
        ("dump:com.no.such.app", "no shipped task names the app 'com.no.such.app'"),
    ],
)
def test_a_reset_or_dump_stack_names_a_shipped_task_or_its_app(stack: str, refusal: str) -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), stack],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 2
    assert refusal in run.stderr


def _script() -> ModuleType:
    """``benchmarks/instructions.py`` as a module."""
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import instructions
    finally:
        sys.path.remove(str(SCRIPT.parent))
    return instructions


def test_another_checkout_is_counted_with_its_own_wrappers_and_task_files(
    tmp_path: pathlib.Path,
) -> None:
    """``--tree``: the packages the tree's wheel maps from top-level folders (its
    pyproject.toml's ``package-dir``) are found in the tree, not in the checkout the
    editable install points at."""
    instructions = _script()
    (tmp_path / "pyproject.toml").write_text(
        '[tool.setuptools]\npackage-dir = { "mobile_gym.wrappers" = "wrappers", '
        '"mobile_gym.configs" = "configs" }\n'
    )
    (tmp_path / "wrappers").mkdir()
    (tmp_path / "wrappers" / "__init__.py").write_text("")
    (tmp_path / "configs").mkdir()  # no __init__.py: a namespace package
    finder = instructions._TreeFolders(tmp_path)
    wrappers = finder.find_spec("mobile_gym.wrappers")
    assert wrappers is not None and wrappers.origin == str(tmp_path / "wrappers" / "__init__.py")
    assert list(wrappers.submodule_search_locations or []) == [str(tmp_path / "wrappers")]
    configs = finder.find_spec("mobile_gym.configs")
    assert configs is not None and configs.origin is None
    assert list(configs.submodule_search_locations or []) == [str(tmp_path / "configs")]
    assert finder.find_spec("mobile_gym.sim") is None  # the tree's own package: sys.path


def _countdown(n: int) -> int:
    return 0 if n == 0 else _countdown(n - 1) + 1


def _leaf(n: int) -> int:
    return n * 2


def _caller(n: int) -> int:
    return _leaf(n) + _leaf(n + 1)


def test_functions_are_counted_with_their_calls_and_by_themselves() -> None:
    """A function's count with its calls holds its callees' own counts; a recursive
    function's calls within itself count once, so its count with calls is all it ran."""
    counter = _script()._FunctionCounter()
    with counter:
        _countdown(5)
        _caller(3)
    countdown, leaf, caller = _countdown.__code__, _leaf.__code__, _caller.__code__
    assert counter.own[countdown] > 0 and counter.own[leaf] > 0 and counter.own[caller] > 0
    assert counter.within[countdown] == counter.own[countdown]
    assert counter.within[leaf] == counter.own[leaf]
    assert counter.within[caller] == counter.own[caller] + counter.own[leaf]
    assert counter.count >= counter.within[countdown] + counter.within[caller]


def test_the_functions_of_a_stack_are_listed_per_action() -> None:
    """``--by-function``: the same total as without it, then the functions that ran the
    most with their calls (in that order) and by themselves (in that order), each row's
    own count within its count with calls; the env's step is among the first."""
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "gesture_text", "--by-function", "15"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    total = int(re.search(r"gesture_text\s+([\d,]+) instructions", run.stdout)[1].replace(",", ""))
    assert total == counts("gesture_text")["gesture_text"]
    tables = run.stdout.split("most by itself:")
    assert len(tables) == 2
    rows = [
        [(int(w.replace(",", "")), int(o.replace(",", "")), where) for w, o, where in found]
        for found in (
            re.findall(r"^\s+([\d,]+)\s+([\d,]+)  (\S+:\d+ \S+)$", table, re.MULTILINE)
            for table in tables
        )
    ]
    assert [len(table) for table in rows] == [15, 15]
    with_calls, by_itself = rows
    assert [w for w, _, _ in with_calls] == sorted((w for w, _, _ in with_calls), reverse=True)
    assert [o for _, o, _ in by_itself] == sorted((o for _, o, _ in by_itself), reverse=True)
    assert all(o <= w <= total for w, o, _ in with_calls + by_itself)
    assert any(where.endswith(" MobileEnv.step") for _, _, where in with_calls)


def test_the_collector_counts_what_outlives_its_young_collections() -> None:
    """``--collector``'s counter: objects kept as they are made are walked by the young
    collections and aged into the oldest generation; objects dropped as soon as made bring
    no collection at all (a young collection comes after objects made and not yet freed)."""
    instructions = _script()
    threshold = gc.get_threshold()[0]
    keeping = instructions._Collections()
    kept: list[list[int]] = []
    with keeping:
        for _ in range(30 * threshold):
            kept.append([])
    assert keeping.collections[0] >= 25
    assert keeping.walked >= keeping.aged >= 10 * threshold
    assert keeping.tracked >= len(kept)
    # what outlived a young collection: the lists kept, most of all
    assert keeping.kinds.most_common(1)[0][0] == "list"
    assert 10 * threshold <= keeping.kinds["list"] <= keeping.aged
    dropping = instructions._Collections()
    with dropping:
        for _ in range(30 * threshold):
            [].append(0)
    assert dropping.collections[0] <= 2 and dropping.aged < threshold
    assert sum(dropping.kinds.values()) <= dropping.aged


def test_the_collector_is_reported_per_action() -> None:
    """``--collector`` adds a line under a stack's count, from a run of its own."""
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "gesture_text", "--collector"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    found = re.search(
        r"^  collector: ([\d.]+) young collections per 1,000 actions; per action ([\d,]+) "
        r"objects walked by them, ([\d,]+) moved to the oldest generation; ([\d,]+) objects "
        r"tracked$",
        run.stdout,
        re.MULTILINE,
    )
    assert found is not None, run.stdout
    rate, walked, aged, tracked = (float(group.replace(",", "")) for group in found.groups())
    assert rate > 0 and walked >= aged >= 0 and tracked > 10_000
    kinds = re.search(
        r"^  in the middle generation at its collections, per action: (.+)$", run.stdout, re.M
    )
    assert kinds is not None, run.stdout
    listed = [item.rsplit(" ", 1) for item in kinds.group(1).split(", ")]
    counts = [float(count) for _, count in listed]
    assert 1 <= len(listed) <= 12 and counts == sorted(counts, reverse=True)
    assert counts[-1] > 0  # (types of fewer than 0.05 an action are left out)
    assert sum(counts) <= aged + 1  # what a middle collection walks, it moves on (aged: floored)
