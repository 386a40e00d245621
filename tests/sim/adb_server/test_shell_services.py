"""``cmd``, ``svc``, ``dumpsys package`` and ``screenrecord`` on the served phone.

The phone is a ``SimDevice``'s, so each switch is checked where task signals read it
(``SimDevice.get_setting``).
"""

from __future__ import annotations

import re

import pytest

from mobile_gym.device.sim import SimDevice
from mobile_gym.sim.apps.contacts import MAIN
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.phone import Phone
from tests.sim.adb_server.raw_client import Run, ok
from tests.sim.adb_server.sim_device_fixtures import (  # noqa: F401
    adb_cli,
    sim_device_fixture,
    sim_device_server,
)
from tests.sim.adb_server.test_adb_cli import Adb


# svc ---------------------------------------------------------------------------------------------
def test_svc_switches_what_settings_signals_read(adb: Adb, sim_device: SimDevice) -> None:
    assert adb("shell", "svc", "wifi", "disable").stdout == b""
    assert sim_device.get_setting("global", "wifi_on") == "0"
    adb("shell", "svc", "data", "disable")
    assert sim_device.get_setting("global", "mobile_data") == "0"
    adb("shell", "svc", "bluetooth", "enable")
    assert sim_device.get_setting("global", "bluetooth_on") == "1"
    adb("shell", "svc", "power", "stayon", "usb")
    assert sim_device.get_setting("global", "stay_on_while_plugged_in") == "2"
    adb("shell", "svc", "power", "stayon", "true")
    assert sim_device.get_setting("global", "stay_on_while_plugged_in") == "7"
    adb("shell", "svc wifi enable")
    assert sim_device.get_setting("global", "wifi_on") == "1"


def test_svc_says_how_it_is_used(sh: Run) -> None:
    assert "wifi     Control the Wi-Fi manager" in ok(sh("svc"))
    bad = sh("svc wifi on")
    assert bad.status == 1 and "usage: svc wifi [enable|disable]" in bad.stderr.decode()
    assert "Unknown command 'nfc'" in sh("svc nfc enable").stderr.decode()
    assert "usage: svc power stayon" in sh("svc power stayon sometimes").stderr.decode()


# cmd ---------------------------------------------------------------------------------------------
def test_cmd_settings_and_wifi_change_what_signals_read(adb: Adb, sim_device: SimDevice) -> None:
    adb("shell", "cmd", "settings", "put", "system", "screen_brightness", "200")
    assert sim_device.get_setting("system", "screen_brightness") == "200"
    assert adb("shell", "cmd settings get system screen_brightness").stdout == b"200\n"
    status = adb("shell", "cmd", "wifi", "status").stdout.decode().splitlines()
    assert status[0] == "Wifi is enabled" and 'Wifi is connected to "AndroidWifi"' in status
    adb("shell", "cmd", "wifi", "set-wifi-enabled", "disabled")
    assert sim_device.get_setting("global", "wifi_on") == "0"
    status = adb("shell", "cmd", "wifi", "status").stdout.decode().splitlines()
    assert status[0] == "Wifi is disabled" and "Wifi is not connected" in status


def test_cmd_airplane_mode_turns_the_radios_off_and_back_on(sh: Run, sim_device: SimDevice) -> None:
    sim_device.put_setting("global", "bluetooth_on", "1")
    assert ok(sh("cmd connectivity airplane-mode")) == "disabled\n"
    ok(sh("cmd connectivity airplane-mode enable"))
    assert ok(sh("cmd connectivity airplane-mode")) == "enabled\n"
    keys = ("airplane_mode_on", "wifi_on", "bluetooth_on")
    assert [sim_device.get_setting("global", key) for key in keys] == ["1", "3", "2"]
    assert ok(sh("cmd wifi status")).startswith("Wifi is disabled\n")
    ok(sh("cmd connectivity airplane-mode disable"))
    assert [sim_device.get_setting("global", key) for key in keys] == ["0", "1", "1"]
    assert ok(sh("cmd wifi status")).startswith("Wifi is enabled\n")
    ok(sh("svc wifi disable; cmd connectivity airplane-mode enable"))
    ok(sh("cmd connectivity airplane-mode disable"))
    assert sim_device.get_setting("global", "wifi_on") == "0"  # it was off: it stays off


def test_cmd_runs_the_tools_it_stands_behind(sh: Run, phone: Phone) -> None:
    assert ok(sh("cmd package list packages")) == ok(sh("pm list packages"))
    assert ok(sh("cmd window size")) == ok(sh("wm size"))
    ok(sh(f"cmd activity start -n {CONTACTS}/{MAIN}"))
    assert phone.foreground == (CONTACTS, MAIN)


def test_cmd_night_mode_is_the_dark_theme(sh: Run, sim_device: SimDevice) -> None:
    assert ok(sh("cmd uimode night")) == "Night mode: no\n"
    assert ok(sh("cmd uimode night yes")) == "Night mode: yes\n"
    assert sim_device.get_setting("secure", "ui_night_mode") == "2"


def test_cmd_without_a_known_service_says_so(sh: Run) -> None:
    result = sh("cmd")
    assert result.status == 20 and "No service specified" in result.stderr.decode()
    result = sh("cmd nothing")
    assert (result.status, result.stderr) == (20, b"cmd: Can't find service: nothing\n")
    listed = ok(sh("cmd -l")).splitlines()
    assert listed[0] == "Currently running services:" and "  wifi" in listed
    assert "Wi-Fi (wifi) commands:" in ok(sh("cmd wifi help"))
    result = sh("cmd wifi scan")
    assert result.status == 255 and "Unknown command: scan" in result.stderr.decode()


def test_cmd_statusbar_opens_and_closes_the_shade(sh: Run, phone: Phone) -> None:
    ok(sh("cmd statusbar expand-notifications"))
    assert phone.notifications.shade_open
    ok(sh("cmd statusbar collapse"))
    assert not phone.notifications.shade_open
    result = sh("cmd statusbar expand-settings")
    assert result.status == 1 and "no quick settings panel" in result.stderr.decode()


def test_dumpsys_notification_lists_the_posted_ones(sh: Run, phone: Phone) -> None:
    phone.notifications.post(CONTACTS, 7, "Title seven", "Some text")
    out = ok(sh("dumpsys notification"))
    assert f"NotificationRecord(pkg={CONTACTS} id=7 key=0|{CONTACTS}|7|null)" in out
    assert "android.title=String (Title seven)" in out


# dumpsys package ---------------------------------------------------------------------------------
def test_dumpsys_package_has_the_lines_clients_parse(adb: Adb, phone: Phone) -> None:
    out = adb("shell", "dumpsys", "package", CONTACTS).stdout.decode()
    lines = out.splitlines()
    assert lines[:3] == [
        "Activity Resolver Table:",
        "  Non-Data Actions:",
        "      android.intent.action.MAIN:",
    ]
    assert re.fullmatch(
        rf"        [0-9a-f]{{8}} {CONTACTS}/{re.escape(MAIN)} filter [0-9a-f]{{8}}", lines[3]
    )
    assert '          Category: "android.intent.category.LAUNCHER"' in lines
    packages = lines.index("Packages:")
    assert re.fullmatch(rf"  Package \[{CONTACTS}\] \([0-9a-f]{{8}}\):", lines[packages + 1])
    fields = dict(
        line.strip().split("=", 1) for line in lines[packages + 2 :] if re.match(r"    \w+=", line)
    )
    assert fields["versionName"] == "1.0"
    assert fields["versionCode"].startswith("1 minSdk=")
    assert int(fields["userId"]) >= 10000
    assert fields["dataDir"] == f"/data/user/0/{CONTACTS}"
    assert "stopped=true" in lines[-1]
    phone.launch(CONTACTS)
    assert "stopped=false" in adb("shell", f"dumpsys package {CONTACTS}").stdout.decode()


def test_dumpsys_package_of_a_missing_package_says_so(sh: Run) -> None:
    assert (
        ok(sh("dumpsys package com.example.none")) == "Unable to find package: com.example.none\n"
    )
    every = ok(sh("dumpsys package"))
    assert every.count("  Package [") == len(ok(sh("pm list packages")).splitlines())
    assert "  Package [android] (" in every and "userId=1000\n" in every


# screenrecord ------------------------------------------------------------------------------------
def test_screenrecord_says_it_cannot_record_and_why(adb: Adb, phone: Phone) -> None:
    result = adb("shell", "screenrecord", "/sdcard/clip.mp4", check=False)
    assert result.returncode == 1  # not 127: the tool is there, the encoder is not
    err = result.stderr.decode()
    assert err.startswith("ERROR: unable to create video/avc codec instance\n")
    assert "no video encoder" in err and "screencap" in err
    with pytest.raises(FileNotFoundError):
        phone.read_file("/sdcard/clip.mp4")
    assert (
        "Usage: screenrecord [options] <filename>"
        in adb("shell", "screenrecord --help").stdout.decode()
    )
    assert adb("shell", "screenrecord", check=False).returncode == 2
