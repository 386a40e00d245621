"""Each injected fault, as an adbutils client sees it, and the fault registry's rules."""

from __future__ import annotations

import adbutils
import pytest
from lxml import etree

from mobile_gym.sim.adb_server import FAULT_KINDS, AdbServer
from mobile_gym.sim.adb_server.framebuffer import GARBAGE
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER


def test_disconnect_until_reconnect(
    server: AdbServer, serial: str, client: adbutils.AdbClient, device: adbutils.AdbDevice
) -> None:
    server.faults.inject(serial, "disconnect", count=None)
    assert client.device_list() == []
    for _ in range(3):
        with pytest.raises(adbutils.AdbError, match=f"device '{serial}' not found"):
            device.shell("echo hi")
    server.faults.reconnect(serial)
    assert [d.serial for d in client.device_list()] == [serial]
    assert device.shell("echo hi") == "hi"


def test_disconnect_wears_off_after_count(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    server.faults.inject(serial, "disconnect", count=2)
    for _ in range(2):
        with pytest.raises(adbutils.AdbError, match="not found"):
            device.shell("echo hi")
    assert server.faults.armed(serial) == {}
    assert device.shell("echo hi") == "hi"


def test_disconnect_ends_a_followed_logcat(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    stream = device.shell("logcat -v brief -s SettingsProvider", stream=True)
    stream.conn.settimeout(30)
    reader = stream.conn.makefile("rb")
    device.shell("settings put global wifi_on 0")
    assert reader.readline() == b"--------- beginning of main\n"
    assert reader.readline().endswith(b"): global wifi_on=0\n")
    device.shell("settings put global wifi_on 1")  # logged while the client follows
    line = reader.readline()
    assert line.startswith(b"I/SettingsProvider(") and line.endswith(b"): global wifi_on=1\n")
    server.faults.inject(serial, "disconnect", count=None)
    assert reader.read() == b""  # the server ends the stream
    stream.close()


def test_hang_never_answers_until_the_client_gives_up(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    phone = server.phone(serial)
    phone.launch("com.android.settings")
    server.faults.inject(serial, "hang")
    with pytest.raises(adbutils.AdbTimeout):
        device.shell("input keyevent HOME", timeout=0.5)
    assert phone.foreground[0] == "com.android.settings"  # the hung command did not run
    device.shell("input keyevent HOME")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)


def test_empty_dump(server: AdbServer, serial: str, device: adbutils.AdbDevice) -> None:
    server.faults.inject(serial, "empty_dump")
    with pytest.raises(adbutils.AdbError, match="dump output is not xml"):
        device.dump_hierarchy()
    assert device.dump_hierarchy() == server.phone(serial).hierarchy_xml()


def test_malformed_dump(server: AdbServer, serial: str, device: adbutils.AdbDevice) -> None:
    server.faults.inject(serial, "malformed_dump", count=2)
    for _ in range(2):
        broken = device.dump_hierarchy()
        assert broken.startswith("<?xml")
        with pytest.raises(etree.XMLSyntaxError):
            etree.fromstring(broken.encode())
    etree.fromstring(device.dump_hierarchy().encode())


def test_garbage_screenshot(server: AdbServer, serial: str, device: adbutils.AdbDevice) -> None:
    server.faults.inject(serial, "garbage_screenshot", count=3)
    with pytest.raises(adbutils.AdbError, match="screencap error"):
        device.screenshot(error_ok=False)
    assert device.shell("screencap -p", encoding=None) == GARBAGE
    black = device.screenshot()  # adbutils' fallback when the bytes are not an image
    assert black.getextrema() == ((0, 0), (0, 0), (0, 0))
    assert device.screenshot(error_ok=False).size == (1080, 2400)


def test_inject_validates_its_arguments(server: AdbServer, serial: str) -> None:
    with pytest.raises(ValueError, match="no served device 'emulator-1'"):
        server.faults.inject("emulator-1", "hang")
    with pytest.raises(ValueError, match="unknown fault kind 'explode'"):
        server.faults.inject(serial, "explode")
    for bad in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="fault count"):
            server.faults.inject(serial, "hang", count=bad)  # type: ignore[arg-type]


def test_armed_and_clear(server: AdbServer, serial: str) -> None:
    for kind in FAULT_KINDS:
        server.faults.inject(serial, kind, count=None if kind == "disconnect" else 2)
    assert server.faults.armed(serial) == {
        "disconnect": None,
        "hang": 2,
        "empty_dump": 2,
        "malformed_dump": 2,
        "garbage_screenshot": 2,
    }
    server.faults.clear()
    assert server.faults.armed(serial) == {}
