"""The side-by-side benchmark's contenders run and its table is built (a few steps each, no
timing judged; the figures themselves come from ``benchmarks/peers.py``).

The peers come with the ``bench`` extra and android_env (``./dev`` installs both). Without
them these tests are skipped, unless ``MOBILE_GYM_REQUIRE_BENCH`` is set (as CI sets it),
where they fail instead."""

from __future__ import annotations

import argparse
import os
import pathlib
import subprocess
import sys

import numpy as np
import pytest

if not os.environ.get("MOBILE_GYM_REQUIRE_BENCH"):
    pytest.importorskip("minigrid")
    pytest.importorskip("android_env")
sys.path.insert(0, str(pathlib.Path(__file__).parents[2] / "benchmarks"))

import alternatives
import apps
import ours
import peers
import peers_markdown
import suite
from rounds import interleaved


def test_contenders_run_and_the_table_pairs_them() -> None:
    workloads = [
        ours.touch(1.0, ours.HVGA),
        ours.gesture_text(),
        ours.element("pixels", 0.25),
        ours.reset(new_content=True),
        ours.text_input(),
        alternatives.cartpole(),
        alternatives.doorkey(rgb=False),
        alternatives.doorkey(rgb=True),
        alternatives.android_env_fake(48, 32),
    ]
    try:
        rates = interleaved(workloads, rounds=2, seconds=0.002)
    finally:
        for workload in workloads:
            workload.close()
    assert all(len(r["rounds_per_s"]) == 2 and r["best_per_s"] > 0 for r in rates.values())
    costs = {"reset_new_content_ms": 1000 / rates["reset_new_content"]["best_per_s"]}
    rows = {row["name"]: row for row in peers.comparisons(rates, costs)}
    assert set(rows) == {"touch_320x480", "gesture_text", "element_270x600", "reset_new_content_ms"}
    gesture = rows["gesture_text"]
    assert gesture["peer"] == "MiniGrid DoorKey-8x8, symbolic"
    assert gesture["ratio"] == rates["gesture_text"]["best_per_s"] / gesture["peer_figure"]
    assert gesture["met"] == (gesture["ratio"] >= 1.0)
    assert rows["reset_new_content_ms"]["met"] == (costs["reset_new_content_ms"] <= 5.0)
    figures = {
        "comparisons": list(rows.values()),
        "rounds": 2,
        "round_seconds": 0.002,
        "machine": peers.machine(),
        "missing": {},
    }
    assert "gesture clicks, text obs" in peers.report(figures)


def test_a_suite_stream_is_sustained_beside_its_peer(monkeypatch: pytest.MonkeyPatch) -> None:
    """``sustained_stream`` (which ``peers.py`` runs in a fresh process per stream) on a
    stream over three tasks in place of the suite's hundred."""
    tasks = [
        "simpletools.notes.open_note",
        "simpletools.calculator.add_two_numbers",
        "mab.note_add",
    ]
    monkeypatch.setitem(
        peers.SUITE_STREAMS,
        "suite_element_pixels",
        lambda: suite.element_workload("pixels", task_ids=tasks),
    )
    found = peers.sustained_stream("suite_element_pixels", turns=2, seconds=0.01)
    assert found["label"] == "suite element, pixels 270x600 (3 tasks)"
    assert found["peer"]["label"] == "MiniGrid DoorKey-8x8, RGB 56x56"
    assert found["per_s"] > 0 and found["peer"]["per_s"] > 0
    best = {"label": "x", "unit": "actions", "best_per_s": 1.0, "cpu_best_per_s": 1.0}
    rates = {"suite_element_pixels": best | {"sustained": found}}
    rows = {row["name"]: row for row in peers.comparisons(rates, {})}
    row = rows["suite_element_pixels_sustained"]
    assert row["ratio"] == found["per_s"] / found["peer"]["per_s"]
    assert row["met"] == (row["ratio"] >= 0.5)
    assert rows["suite_element_pixels"]["ratio"] is None  # no DoorKey in these rounds


@pytest.mark.parametrize(
    ("option", "value", "says"),
    [
        ("--sustained-turns", "-1", "turns cannot be negative: -1"),
        ("--sustained-turns", "two", "not a whole number of turns: 'two'"),
        ("--sustained-seconds", "0", "a turn must last more than 0 seconds, not 0"),
        ("--sustained-seconds", "nan", "a turn must last more than 0 seconds, not nan"),
    ],
)
def test_bad_long_run_options_are_refused_by_name(
    option: str, value: str, says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser()
    peers.arguments(parser)
    assert parser.parse_args(["--sustained-turns", "0"]).sustained_turns == 0  # rows left out
    with pytest.raises(SystemExit):
        parser.parse_args([option, value])
    assert f"argument {option}: {says}" in capsys.readouterr().err


def test_the_every_task_reset_rows_name_the_slowest_task() -> None:
    """A File Manager task, whose reset lays out a folder of new files, against a Notes
    task, whose first screen is a short list (about eight times the instructions)."""
    slow, quick = "mab.filemanager_check_storage", "mab.note_add"
    costs, details = apps.every_task_resets([quick, slow], repeats=3)
    assert details == {"reset_tasks": 2, "reset_tasks_max_task": slow}
    p50, p90, most = (costs[f"reset_tasks_{key}_ms"] for key in ("p50", "p90", "max"))
    assert 0 < p50 <= p90 <= most
    rows = {row["name"]: row for row in peers.comparisons({}, costs, details)}
    assert (
        rows["reset_tasks_max_ms"]["label"] == f"reset, new seed, every task (2 tasks), max: {slow}"
    )
    assert rows["reset_tasks_p50_ms"]["figure"] == p50


def test_a_stream_that_changes_nothing_is_refused() -> None:
    env = ours.make("element", "text")
    back = np.array([4, 0])
    env.step(back)  # leaves Settings for the home screen, where BACK changes nothing
    with pytest.raises(RuntimeError, match="unchanged"):
        ours.stepping("idle", "idle", "actions", env, [back])


def test_android_env_on_the_served_phone_stands_beside_its_fake_simulator() -> None:
    workloads = [
        alternatives.android_env_served(1280, 720, "small_phone"),
        alternatives.android_env_fake(1280, 720),
    ]
    try:
        rates = interleaved(workloads, rounds=2, seconds=0.05)
    finally:
        for workload in workloads:
            workload.close()
    rows = {row["name"]: row for row in peers.comparisons(rates, {})}
    served = rows["android_env_served_1280x720"]
    assert served["peer"] == "android_env FakeSimulator 1280x720"
    assert (
        served["ratio"]
        == rates["android_env_served_1280x720"]["best_per_s"]
        / (rates["android_env_1280x720"]["best_per_s"])
    )


def test_the_startup_rows_time_fresh_processes_beside_doorkey(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import startup

    monkeypatch.setattr(startup, "RUNS", 1)
    ours_startup, doorkey = startup.startup_costs()
    assert 0 < ours_startup["import_s"] <= ours_startup["first_step_s"]
    assert 0 < doorkey["import_s"] <= doorkey["first_step_s"]
    costs = {**ours_startup, **{f"doorkey_{k}": v for k, v in doorkey.items()}}
    rows = {row["name"]: row for row in peers.comparisons({}, costs)}
    assert set(rows) == {"import_s", "first_step_s"}
    first = rows["first_step_s"]
    assert first["peer"] == "DoorKey-8x8" and first["peer_figure"] == doorkey["first_step_s"]
    assert first["ratio"] == doorkey["first_step_s"] / ours_startup["first_step_s"]


def test_a_run_without_doorkey_installed_keeps_its_startup_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The peer's package missing: the startup rows stand alone and the report names it."""
    import startup

    monkeypatch.setattr(startup, "RUNS", 1)
    monkeypatch.setattr(startup, "PEER_PACKAGE", "no_such_peer_package")
    figures = peers.measure(peers_arguments("--only", "startup"))
    assert figures["missing"] == {"doorkey_startup": "not installed (no_such_peer_package)"}
    rows = {row["name"]: row for row in figures["comparisons"]}
    assert set(rows) == {"import_s", "first_step_s"}
    assert rows["first_step_s"]["figure"] > 0 and rows["first_step_s"]["ratio"] is None
    assert "left out: doorkey_startup: not installed" in peers.report(figures)


def peers_arguments(*argv: str) -> argparse.Namespace:
    """``benchmarks/peers.py``'s arguments as its command line parses ``argv``."""
    parser = argparse.ArgumentParser()
    peers.arguments(parser)
    return parser.parse_args(argv)


def test_the_markdown_tables_carry_the_printed_cells_without_markup() -> None:
    rates = {
        "suite_element_text": {"label": "suite element", "unit": "actions", "best_per_s": 1000.0},
        "doorkey_symbolic": {"label": "DoorKey", "unit": "steps", "best_per_s": 8000.0},
    }
    for rate in rates.values():
        rate["cpu_best_per_s"] = rate["best_per_s"]
    rows = peers.comparisons(rates, {"scroll_ratio": 0.99, "reset_new_content_ms": 0.7})
    per_app = {
        "com.simplemobiletools.contacts.pro": {
            "screen": {"task": "contacts.add_email", "steps": 2, "nodes": 94},
            "dump_ms": 1.25,
            "reset_task": "contacts.add_email",
            "reset_ms": 0.84,
        }
    }
    text = peers_markdown.markdown({"comparisons": rows, "apps": per_app})
    main, apps_table = text.strip().split("\n\n")
    lines = main.splitlines()
    assert lines[0] == "| " + " | ".join(peers.MAIN_HEADERS) + " |"
    assert lines[1] == "| --- | ---: | --- | --- | ---: | ---: | ---: | --- |"
    assert lines[2].startswith(f"| **{peers.SECTIONS['suite']}** |")
    assert (
        "| suite element | 1,000 | actions/s | DoorKey | 8,000 | 0.125x | 0.125x |"
        " >= 0.5x (aim 1x) MISSED |" in lines
    )
    assert (
        "| scroll on Contacts, 2,000 / 20 contacts | 0.99 | x |  |  |  |  | <= 1.5x met |" in lines
    )
    assert "[" not in main  # the verdicts' colours are gone
    # a figure past its goal is red in the terminal, plain here; a missing one is empty
    assert apps_table.splitlines()[2] == (
        "| contacts | contacts.add_email, after 2 steps | 94 | 1.25 |  |  |"
        " contacts.add_email | 0.84 |"
    )


def test_the_markdown_script_names_a_file_that_is_no_run(tmp_path: pathlib.Path) -> None:
    script = pathlib.Path(__file__).parents[2] / "benchmarks" / "peers_markdown.py"
    other = tmp_path / "other.json"
    other.write_text('{"rows": []}')
    done = subprocess.run(
        [sys.executable, str(script), str(other)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1
    assert f"{other}: not the JSON of a peers.py run" in done.stderr
    assert done.stdout == ""
