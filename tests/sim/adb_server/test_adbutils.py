"""The served phone driven by the real adbutils 2.x client, as the ADB device backend drives it."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import adbutils
import numpy as np
import pytest

from mobile_gym.hierarchy import Node
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.apps.contacts import MAIN
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.settings import PACKAGE as SETTINGS
from mobile_gym.sim.driver import find_all
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER


def _node(device: adbutils.AdbDevice, **selector: str) -> Node:
    nodes = find_all(device.dump_hierarchy(), **selector)
    assert nodes, f"nothing on screen matches {selector}"
    return nodes[0]


def test_device_list(server: AdbServer, client: adbutils.AdbClient) -> None:
    assert client.server_version() == 41
    assert [d.serial for d in client.device_list()] == server.serials
    (info,) = client.list(extended=True)
    assert info.state == "device" and info.tags["transport_id"] == "1"


def test_shell(device: adbutils.AdbDevice) -> None:
    assert device.shell("echo hello world") == "hello world"
    assert device.shell(["echo", "a;b", "$?"]) == "a;b $?"  # quoted by adbutils, kept literal
    result = device.shell2("ls /nowhere", v2=True)
    assert result.returncode == 1
    assert result.stderr.strip() == "ls: /nowhere: No such file or directory"
    assert device.shell2("ls /nowhere").returncode == 1  # v1, through an `echo $?` suffix
    assert device.getprop("ro.build.version.sdk") == "34"


def test_screenshot_equals_the_phone(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    image = device.screenshot(error_ok=False)
    np.testing.assert_array_equal(np.asarray(image), server.phone(serial).screenshot(1.0))


def test_dump_hierarchy_and_window(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    assert device.dump_hierarchy() == server.phone(serial).hierarchy_xml()
    assert tuple(device.window_size()) == (1080, 2400)
    assert device.rotation() == 0
    current = device.app_current()
    assert (current.package, current.activity) == (LAUNCHER, HOME_ACTIVITY)


def test_push_and_pull(
    server: AdbServer, serial: str, device: adbutils.AdbDevice, tmp_path: Path
) -> None:
    source = tmp_path / "notes.txt"
    source.write_bytes(b"line one\nline two\n" * 5000)
    device.sync.push(source, "/sdcard/Download/notes.txt", check=True)
    assert server.phone(serial).read_file("/sdcard/Download/notes.txt") == source.read_bytes()
    device.sync.push(source, "/data/local/tmp")  # a directory: the file keeps its name
    assert device.sync.exists("/data/local/tmp/notes.txt")
    target = tmp_path / "pulled.txt"
    device.sync.pull("/sdcard/Download/notes.txt", target)
    assert target.read_bytes() == source.read_bytes()
    names = [info.path for info in device.sync.list("/sdcard/Download")]
    assert "notes.txt" in names
    assert device.shell("cat /sdcard/Download/notes.txt | grep -c two") == "5000"


def test_input_changes_the_phone(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    phone = server.phone(serial)
    device.click(*_node(device, content_desc="Contacts").bounds.center)
    assert phone.foreground == (CONTACTS, MAIN)

    first = _node(device, resource_id=f"{CONTACTS}:id/item_contact_name").text
    device.swipe(540, 1900, 540, 700, 0.5)  # scrolls the list
    assert _node(device, resource_id=f"{CONTACTS}:id/item_contact_name").text != first

    device.click(*_node(device, content_desc="Search").bounds.center)
    device.click(*_node(device, resource_id=f"{CONTACTS}:id/search_query").bounds.center)
    device.send_keys("Ada Lovelace")
    assert _node(device, resource_id=f"{CONTACTS}:id/search_query").text == "Ada Lovelace"
    device.keyevent("KEYCODE_DEL")
    assert _node(device, resource_id=f"{CONTACTS}:id/search_query").text == "Ada Lovelac"

    device.keyevent(3)  # HOME
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)


def test_motion_events_map_to_touch_frames(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    phone = server.phone(serial)
    x, y = _node(device, content_desc="Contacts").bounds.center
    device.shell(f"input motionevent DOWN {x} {y}")
    assert phone.touching
    device.shell(f"input motionevent MOVE {x} {y}; input motionevent UP {x} {y}")
    assert not phone.touching
    assert phone.foreground == (CONTACTS, MAIN)


def test_app_start_and_stop(server: AdbServer, serial: str, device: adbutils.AdbDevice) -> None:
    phone = server.phone(serial)
    device.app_start(SETTINGS)
    assert phone.foreground == (SETTINGS, ".Settings")
    assert device.app_current().package == SETTINGS
    device.app_stop(SETTINGS)
    assert phone.foreground[0] == LAUNCHER and SETTINGS not in phone.pids
    device.app_start(CONTACTS, MAIN)
    assert phone.foreground == (CONTACTS, MAIN)
    assert CONTACTS in device.list_packages(["-3"])
    assert SETTINGS not in device.list_packages(["-3"])


def test_app_info_of_an_installed_app(device: adbutils.AdbDevice) -> None:
    info = device.app_info(CONTACTS)
    assert info is not None and info.package_name == CONTACTS
    assert info.version_name and info.version_code is not None
    assert device.app_info("com.example.none") is None


def test_two_devices_are_independent(client: adbutils.AdbClient) -> None:
    with AdbServer(devices=2) as two:
        client = adbutils.AdbClient(host="127.0.0.1", port=two.port)
        first, second = (client.device(s) for s in two.serials)
        first.app_start(SETTINGS)
        assert first.app_current().package == SETTINGS
        assert second.app_current().package == LAUNCHER
        assert second.prop.get("ro.serialno", cache=False) == two.serials[1]


def test_date_reads_and_sets_the_virtual_clock(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    assert device.shell("date +%s") == "1717407000"
    assert device.shell(["date", "-s", "2024-09-16 14:45:30"]) == "Mon Sep 16 14:45:30 UTC 2024"
    assert server.phone(serial).clock.now == dt.datetime(2024, 9, 16, 14, 45, 30)
    bad = device.shell2("date 0931000024", v2=True)
    assert (bad.returncode, bad.stderr) == (1, "date: bad date '0931000024'\n")


def test_an_unknown_serial_is_an_adb_error(client: adbutils.AdbClient) -> None:
    with pytest.raises(adbutils.AdbError, match="device 'emulator-5600' not found"):
        client.device("emulator-5600").shell("echo hi")
