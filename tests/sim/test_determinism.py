"""Seeded, wall-clock-free, exactly restorable: the phone's reproducibility guarantees."""

from __future__ import annotations

import ast
import pathlib

import numpy as np

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, open_drawer
from tests.sim.sample_app import SampleApp, events

SIM = pathlib.Path(__file__).resolve().parents[2] / "mobile_gym" / "sim"


def _session(phone: Phone) -> None:
    driver = Driver(phone)
    open_drawer(driver)
    driver.tap(text="Settings")
    driver.tap(id="display")
    bar = driver.find(id="brightness_seekbar").bounds
    driver.send_all(ev.drag(bar.left + 50, bar.center[1], bar.center[0], bar.center[1]))
    driver.tap(id="dark_theme_switch")
    driver.key("HOME")
    phone.wait(2345)


def test_same_seed_and_inputs_give_identical_bytes() -> None:
    a, b = Phone(seed=7), Phone(seed=7)
    _session(a)
    _session(b)
    assert a.screenshot().tobytes() == b.screenshot().tobytes()
    assert a.hierarchy_xml() == b.hierarchy_xml()
    assert a.logcat_lines() == b.logcat_lines()
    assert a.clock.now == b.clock.now
    assert a.settings.tables == b.settings.tables


def test_seeds_change_the_content_not_the_system() -> None:
    a, b = Phone(seed=1), Phone(seed=2)
    assert a.settings.tables == b.settings.tables
    dumps = {
        seed: {p: Phone(seed=seed).storage.snapshot()[1].get(p) for p in a.storage.databases}
        for seed in (1, 2)
    }
    seeded = [p for p in a.storage.databases if dumps[1][p] != dumps[2][p]]
    assert seeded, "at least one app's seeded content depends on the seed"


def test_snapshot_and_restore_return_to_the_exact_state(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.scroll("down")
    driver.tap(text="Row 9")
    snap = sample.snapshot()
    shot, xml, logs, now = (
        sample.screenshot(),
        sample.hierarchy_xml(),
        sample.logcat_lines(),
        sample.clock.now,
    )
    driver.tap(text="Row 10")
    driver.tap(desc="Form")
    driver.type_into("changed", id="name")
    sample.settings.put("secure", "ui_night_mode", 2)
    assert events(sample) == ["click 9", "click 10"]
    sample.restore(snap)
    assert np.array_equal(sample.screenshot(), shot)
    assert sample.hierarchy_xml() == xml
    assert sample.logcat_lines() == logs
    assert sample.clock.now == now
    assert events(sample) == ["click 9"]
    driver.tap(text="Row 11")  # the restored phone keeps working
    assert events(sample) == ["click 9", "click 11"]
    sample.restore(snap)  # a snapshot can be restored more than once
    assert events(sample) == ["click 9"]


def test_snapshot_taken_mid_gesture_resumes_the_gesture(sample: Phone) -> None:
    open_app(Driver(sample), "Sample")
    row = Driver(sample).find(text="Row 2").bounds
    sample.send_all([ev.Touch(*row.center)] * 2)
    snap = sample.snapshot()
    sample.send(ev.Lift())
    assert events(sample) == ["click 2"]
    sample.restore(snap)
    sample.send_all([ev.Touch(*row.center)] * 8 + [ev.Lift()])
    assert events(sample) == ["long 2"]


def test_factory_reset_is_boot_state_and_can_reseed() -> None:
    phone = Phone(seed=3)
    boot_shot, boot_xml = phone.screenshot(), phone.hierarchy_xml()
    boot_dbs = phone.storage.snapshot()
    _session(phone)
    phone.factory_reset()
    assert np.array_equal(phone.screenshot(), boot_shot)
    assert phone.hierarchy_xml() == boot_xml
    assert phone.storage.snapshot() == boot_dbs
    phone.factory_reset(seed=4)
    fresh = Phone(seed=4)
    assert phone.storage.snapshot() == fresh.storage.snapshot()
    assert phone.hierarchy_xml() == fresh.hierarchy_xml()
    assert phone.logcat_lines() == fresh.logcat_lines()


def test_the_sim_never_reads_the_wall_clock() -> None:
    banned = {
        "now",
        "today",
        "utcnow",
        "time",
        "time_ns",
        "monotonic",
        "perf_counter",
        "process_time",
    }
    offenders = []
    for path in SIM.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Attribute)
                and node.func.attr in banned
            ):
                offenders.append(f"{path.name}:{node.lineno} .{node.func.attr}()")
            if isinstance(node, ast.ImportFrom) and node.module == "time":
                offenders.append(f"{path.name}:{node.lineno} from time import")
    assert offenders == []


def test_the_clock_moves_only_with_input() -> None:
    phone = Phone()
    start = phone.clock.now
    phone.screenshot()
    phone.hierarchy_xml()
    assert phone.clock.now == start
    phone.send_all(ev.tap(10, 1000))
    assert (phone.clock.now - start).total_seconds() == 0.2
    phone.wait(60_000)
    assert Driver(phone).find(id="clock").text == "09:31"


def test_tasks_can_set_date_and_time() -> None:
    import datetime as dt

    phone = Phone(start_time=dt.datetime(2025, 12, 24, 18, 5))
    assert Driver(phone).find(id="clock").text == "18:05"
    assert Driver(phone).find(id="date").text == "Wednesday, December 24"
    phone.set_time(dt.datetime(2026, 1, 1, 0, 0))
    assert Driver(phone).find(id="clock").text == "00:00"
    assert phone.logcat_lines()[0] and phone.log("android", "Test", "x").epoch_ms == 1767225600000


def test_phones_share_nothing() -> None:
    a, b = Phone(apps=[SampleApp]), Phone(apps=[SampleApp])
    open_app(Driver(a), "Sample")
    Driver(a).tap(text="Row 1")
    assert events(a) == ["click 1"] and events(b) == []


_SESSION_DIGEST = """
import hashlib, sys
sys.path.insert(0, {root!r})
from mobile_gym.sim import Phone
from tests.sim.test_determinism import _session
phone = Phone(seed=11)
_session(phone)
digest = hashlib.sha256(phone.screenshot().tobytes() + phone.hierarchy_xml().encode())
print(digest.hexdigest())
"""


def test_identical_across_processes_and_hash_seeds() -> None:
    import os
    import subprocess
    import sys

    root = str(SIM.parents[1])
    script = _SESSION_DIGEST.format(root=root)
    digests = set()
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run(
            [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
        )
        digests.add(out.stdout.strip())
    assert len(digests) == 1 and len(digests.pop()) == 64
