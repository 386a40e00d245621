"""``dumpsys battery`` and ``cmd battery`` set the battery as on an emulator: the status bar,
adbutils' ``battery()`` and a snapshot of the phone see the level and the charger."""

from __future__ import annotations

import adbutils
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import find_all
from tests.sim.adb_server.raw_client import Run, ok


def _status_bar_says(phone: Phone) -> str:
    (node,) = find_all(phone.hierarchy_xml(), id="battery_percentage_view")
    return node.text


def test_set_level_and_charger(sh: Run, phone: Phone, device: adbutils.AdbDevice) -> None:
    assert (phone.battery, phone.services.charger) == (85, "usb")
    assert _status_bar_says(phone) == "85%"
    assert ok(sh("dumpsys battery set level 15")) == ""
    assert phone.battery == 15
    assert _status_bar_says(phone) == "15%"
    ok(sh("dumpsys battery unplug"))
    info = device.battery()
    assert (info.level, info.usb_powered, info.ac_powered, info.status) == (15, False, False, 3)
    ok(sh("cmd battery set ac 1"))
    assert ok(sh("dumpsys battery get ac")) == "true\n"
    assert ok(sh("cmd battery get status")) == "2\n"  # charging
    ok(sh("dumpsys battery set level 100"))
    assert ok(sh("dumpsys battery get status")) == "5\n"  # full
    ok(sh("dumpsys battery set ac 0"))
    assert phone.services.charger is None
    ok(sh("dumpsys battery reset"))
    assert (phone.battery, phone.services.charger) == (85, "usb")


def test_a_snapshot_keeps_the_battery(sh: Run, phone: Phone) -> None:
    ok(sh("dumpsys battery set level 30; dumpsys battery unplug"))
    snapshot = phone.snapshot()
    ok(sh("dumpsys battery reset"))
    phone.restore(snapshot)
    assert (phone.battery, phone.services.charger) == (30, None)
    assert _status_bar_says(phone) == "30%"
    phone.factory_reset(seed=5)
    assert (phone.battery, phone.services.charger) == (85, "usb")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("dumpsys battery set level 101", "battery level must be 0..100, got 101"),
        ("dumpsys battery set level low", "battery level must be an integer"),
        ("dumpsys battery set temp 300", "Unknown set option: temp"),
        ("cmd battery get voltage", "Unknown get option: voltage"),
        ("dumpsys battery charge", "Unknown battery command: charge"),
    ],
)
def test_what_the_battery_does_not_take_changes_nothing(
    sh: Run, phone: Phone, line: str, message: str
) -> None:
    result = sh(line)
    assert result.status == 1, result
    assert message in result.stderr.decode()
    assert (phone.battery, phone.services.charger) == (85, "usb")
