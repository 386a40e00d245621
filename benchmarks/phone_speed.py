"""Speed of the simulated phone, beside the published figures of a real emulator.

Run from the repository root: ``.venv/bin/python benchmarks/phone_speed.py [--json PATH]``.
Prints a table and writes the figures as JSON (default ``out/bench/phone_speed.json``).

What is measured (best of several repeats, 2-core machine in CI):
- taps (3 touch frames + lift) per second, no pixels asked for: on a switch that changes
  state every tap (so each tap rebuilds and lays out the screen) and on an inert spot;
- view-hierarchy dump of a typical screen shown anew (its window built, laid out and
  written from nothing: ``Phone.invalidate(anew=True)``);
- full-size and quarter-scale screenshots of it with every pixel painted again;
- phone creation, and a factory reset;
- resident memory per phone (20 phones in one process, each with a full screenshot cached).
The emulator column holds published figures (Mobile-Env's measurements on an i7 with KVM),
for scale only: they are not run here.
"""

from __future__ import annotations

import gc

import common
from common import best_ms, contacts_list, projection_ms, rss_mb

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver

EMULATOR = {"dump_ms": 2530.0, "screenshot_ms": 19.9, "rss_mb": 3.4 * 1024}
GOALS = {
    "tap_per_s": 5000,
    "dump_ms": 1.0,
    "screenshot_ms": 10.0,
    "screenshot_quarter_ms": 3.0,
    "create_reset_ms": 20.0,
    "rss_mb": 50.0,
}


def settings_page(page: str) -> Phone:
    phone = Phone(seed=0)
    driver = Driver(phone)
    w, h = phone.display.width, phone.display.height
    driver.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.25))
    driver.tap(text="Settings")
    driver.tap(id=page)
    return phone


def measure() -> dict[str, float]:
    out: dict[str, float] = {}
    phone = settings_page("network")
    switch = Driver(phone).find(id="mobile_data_switch").bounds.center
    toggle = ev.tap(*switch)
    out["tap_changing_state_per_s"] = 1000 / best_ms(lambda: phone.send_all(toggle), 150)
    inert = ev.tap(phone.display.width / 2, phone.display.height * 0.8)
    out["tap_inert_per_s"] = 1000 / best_ms(lambda: phone.send_all(inert), 150)

    typical = contacts_list()
    out.update(projection_ms(typical))
    out["screenshot_cached_ms"] = best_ms(lambda: typical.screenshot(), 50)
    out["create_ms"] = best_ms(lambda: Phone(seed=1).close(), 20)
    out["reset_ms"] = best_ms(typical.factory_reset, 50)
    out["create_reset_ms"] = out["create_ms"] + out["reset_ms"]

    gc.collect()
    before = rss_mb()
    phones = []
    for seed in range(20):
        p = Phone(seed=seed)
        Driver(p).tap(text="Contacts")
        p.screenshot()
        p.hierarchy_xml()
        phones.append(p)
    gc.collect()
    out["rss_mb"] = (rss_mb() - before) / len(phones)
    out["tap_per_s"] = min(out["tap_changing_state_per_s"], out["tap_inert_per_s"])
    return out


def report(figures: dict[str, float]) -> str:
    rows = [
        ("tap, state change (taps/s)", "tap_changing_state_per_s", None, ">= 5000"),
        ("tap, inert spot (taps/s)", "tap_inert_per_s", None, ">= 5000"),
        ("view-hierarchy dump (ms)", "dump_ms", "dump_ms", "<= 1"),
        ("screenshot full 1080x2400 (ms)", "screenshot_ms", "screenshot_ms", "<= 10"),
        ("screenshot quarter 270x600 (ms)", "screenshot_quarter_ms", None, "<= 3"),
        ("screenshot, unchanged screen (ms)", "screenshot_cached_ms", None, ""),
        ("phone creation (ms)", "create_ms", None, ""),
        ("factory reset (ms)", "reset_ms", None, ""),
        ("creation + reset (ms)", "create_reset_ms", None, "<= 20"),
        ("resident memory per phone (MB)", "rss_mb", "rss_mb", "<= 50"),
    ]
    lines = [f"{'measure':36} {'mobile-gym':>11} {'emulator*':>11} {'ratio':>9}  goal", "-" * 80]
    for label, key, peer, goal in rows:
        ours = figures[key]
        emulator = EMULATOR.get(peer or "")
        ratio = f"{emulator / ours:,.0f}x" if emulator else ""
        lines.append(f"{label:36} {ours:>11,.3f} {emulator or '':>11} {ratio:>9}  {goal}")
    lines.append(
        f"(typical screen: the Contacts list, {int(figures['dump_nodes'])} nodes; "
        "* published emulator figures, not run; ratio = emulator / mobile-gym)"
    )
    return "\n".join(lines)


def main() -> None:
    common.run(
        __doc__,
        "out/bench/phone_speed.json",
        measure,
        report,
        {"emulator_published": EMULATOR, "goals": GOALS},
    )


if __name__ == "__main__":
    main()
