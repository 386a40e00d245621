"""Per-operation latency of AdbDevice through the served simulated phone, beside SimDevice.

Run from the repository root: ``.venv/bin/python benchmarks/adb_latency.py [--json PATH]
[--calls N]``. Prints a table and writes the figures as JSON (default
``out/bench/adb_latency.json``).

Both devices hold the same phone (seed 0, the Contacts list with its search field focused).
The ADB side is ``AdbDevice`` over adbutils against ``AdbServer`` on an ephemeral port in
this process (server and client share one interpreter; no real adb is started). Each figure
is the median of ``--calls`` calls (best in the JSON too). AdbDevice's ``text`` includes the
dump that checks for a focused field. Observations are taken of a changed screen: before
each screenshot, dump, foreground, setting or SQL read, the app's screen is shown anew
(``Phone.invalidate(anew=True)``: its window built, laid out, dumped and painted from
nothing) and the device's per-step reads are dropped, so every call does the work afresh.
``shell true`` is the floor of one device command through adbutils' own ``shell`` (which
asks the server's version first and waits 10 ms when it closes a connection) and through
``AdbLink`` (one connection).
"""

from __future__ import annotations

import functools
import os
import statistics
import time
from collections.abc import Callable
from typing import Any

import common

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.sim import SimDevice
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.driver import Driver, find_all

SERIAL = "emulator-5554"
CONTACTS = "com.simplemobiletools.contacts.pro"
INERT = (540.0, 30.0)
"""A point on the status bar, where touches change nothing."""


def latency_ms(call: Callable[[], object], calls: int) -> dict[str, float]:
    """Median and best milliseconds of ``calls`` calls, after one untimed call."""
    call()
    times = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return {"median": statistics.median(times), "best": min(times)}


def search_screen(phone: Phone) -> None:
    """Contacts list with the search field focused (text and keys have a target)."""
    driver = Driver(phone)
    driver.tap(text="Contacts")
    driver.tap(id="action_search")


def operations(
    device: Any, invalidate: Callable[[], None], extra: dict[str, Callable[[], object]]
) -> dict[str, Callable[[], object]]:
    """The operations to time on ``device``; ``invalidate`` marks its UI as changed."""

    def fresh(read: Callable[[], object]) -> Callable[[], object]:
        def call() -> object:
            invalidate()
            device.change_counters()
            return read()

        return call

    def tap() -> None:
        for _ in range(3):
            device.touch(*INERT)
        device.lift()

    return {
        "touch frame": lambda: device.touch(*INERT),
        "tap (3 frames + lift)": tap,
        "text (5 chars)": lambda: device.text("hello"),
        "key": lambda: device.key("DEL"),
        "screenshot 0.25": fresh(lambda: device.screenshot(0.25)),
        "screenshot 1.0": fresh(lambda: device.screenshot(1.0)),
        "hierarchy dump": fresh(device.hierarchy_xml),
        "foreground": fresh(device.foreground),
        "setting get": fresh(lambda: device.get_setting("global", "wifi_on")),
        "SQL query": fresh(
            lambda: device.query(CONTACTS, "contacts", "SELECT count(*) FROM contacts", [])
        ),
        "logcat read": lambda: device.logcat(0),
        **extra,
    }


def measure(args: Any) -> dict[str, Any]:
    os.environ.setdefault("ADBUTILS_ADB_PATH", "/bin/false")  # never start a real adb server
    sim = SimDevice()
    search_screen(sim.phone)
    figures: dict[str, Any] = {"sim": {}, "adb": {}, "adb_png": {}}
    for name, call in operations(
        sim, functools.partial(sim.phone.invalidate, anew=True), {}
    ).items():
        figures["sim"][name] = latency_ms(call, args.calls)
    with AdbServer(devices=1, seed=0) as server:
        with server.locked(SERIAL) as phone:
            search_screen(phone)

        def invalidate() -> None:
            with server.locked(SERIAL) as phone:
                phone.invalidate(anew=True)

        for column, screencap in (("adb", "raw"), ("adb_png", "png")):
            device = AdbDevice(SERIAL, port=server.port, screencap=screencap)
            try:
                assert find_all(device.hierarchy_xml(), id="search_query")
                floor = {
                    "shell true (adbutils)": lambda d=device: d.link.device.shell("true"),
                    "shell true (AdbLink)": lambda d=device: d.link.run("true"),
                }
                ops = operations(device, invalidate, floor if screencap == "raw" else {})
                if screencap == "png":
                    ops = {k: v for k, v in ops.items() if k.startswith("screenshot")}
                for name, call in ops.items():
                    figures[column][name] = latency_ms(call, args.calls)
            finally:
                device.close()
    return figures


def report(figures: dict[str, Any]) -> str:
    sim, adb, png = figures["sim"], figures["adb"], figures["adb_png"]
    rows = [
        f"{'operation (median ms)':<26}{'SimDevice':>11}{'AdbDevice':>11}{'ratio':>8}",
        "-" * 56,
    ]
    for name, value in adb.items():
        local = sim.get(name)
        ratio = f"{value['median'] / local['median']:>7.0f}x" if local else ""
        local_ms = f"{local['median']:>11.3f}" if local else f"{'':>11}"
        rows.append(f"{name:<26}{local_ms}{value['median']:>11.2f}{ratio}")
        if name in png:
            rows.append(f"{'  as PNG (-p)':<26}{'':>11}{png[name]['median']:>11.2f}")
    return "\n".join(rows)


if __name__ == "__main__":
    common.run(
        __doc__,
        "out/bench/adb_latency.json",
        measure,
        report,
        arguments=lambda parser: parser.add_argument("--calls", type=int, default=30),
    )
