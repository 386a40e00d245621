"""``ip``, ``ifconfig`` and ``sync`` in the served phone's shell, over shell v2 and through
adbutils: wlan0 has the emulator's Wi-Fi address exactly while the phone's Wi-Fi is on."""

from __future__ import annotations

import adbutils
import pytest

from mobile_gym.sim import Phone
from tests.sim.adb_server.raw_client import Run, ok

WLAN_INET = "inet 10.0.2.16/24 brd 10.0.2.255 scope global wlan0"


def test_wlan0_has_the_wifi_address_while_wifi_is_on(sh: Run, phone: Phone) -> None:
    assert phone.settings.flag("global", "wifi_on")
    shown = ok(sh("ip addr show dev wlan0")).splitlines()
    assert shown[0].startswith("2: wlan0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 1500")
    assert "state UP" in shown[0]
    assert shown[2].strip() == WLAN_INET
    assert ok(sh("ip route")) == "10.0.2.0/24 dev wlan0 proto kernel scope link src 10.0.2.16 \n"
    ifconfig = ok(sh("ifconfig wlan0"))
    assert "inet addr:10.0.2.16  Bcast:10.0.2.255  Mask:255.255.255.0" in ifconfig
    assert "UP BROADCAST RUNNING MULTICAST" in ifconfig
    every = ok(sh("ifconfig")).split("\n\n")
    assert [block.split()[0] for block in every if block.strip()] == ["lo", "wlan0"]


@pytest.mark.parametrize(
    ("off", "back_on"),
    [
        ("svc wifi disable", "svc wifi enable"),
        ("cmd connectivity airplane-mode enable", "cmd connectivity airplane-mode disable"),
    ],
)
def test_wlan0_is_down_without_an_address_while_wifi_is_off(
    sh: Run, off: str, back_on: str
) -> None:
    ok(sh(off))
    shown = ok(sh("ip addr show wlan0"))
    assert "state DOWN" in shown and "<BROADCAST,MULTICAST>" in shown
    assert "inet " not in shown
    assert ok(sh("ip route")) == ""
    assert "inet addr" not in ok(sh("ifconfig wlan0"))
    assert "wlan0" not in ok(sh("ifconfig"))  # only the interfaces that are up
    assert "wlan0" in ok(sh("ifconfig -a"))
    ok(sh(back_on))
    assert WLAN_INET in ok(sh("ip addr show wlan0"))


def test_adbutils_wlan_ip_follows_wifi(device: adbutils.AdbDevice) -> None:
    assert device.wlan_ip() == "10.0.2.16"
    device.shell("svc wifi disable")
    with pytest.raises(adbutils.AdbError, match="wlan ip"):
        device.wlan_ip()
    device.switch_wifi(True)
    assert device.wlan_ip() == "10.0.2.16"


def test_ip_options_and_objects(sh: Run) -> None:
    assert ok(sh("ip -4 -o addr")).splitlines() == [
        "1: lo    inet 127.0.0.1/8 scope host lo\\       valid_lft forever preferred_lft forever",
        f"2: wlan0    {WLAN_INET}\\       valid_lft forever preferred_lft forever",
    ]
    six = ok(sh("ip -6 a"))
    assert "inet6 fe80::15:b2ff:fe00:0/64 scope link" in six and "inet " not in six
    links = ok(sh("ip link show")).splitlines()
    assert len(links) == 4 and all("mode DEFAULT" in line for line in links[::2])
    assert "link/ether 02:15:b2:00:00:00" in links[3]
    (one,) = ok(sh("ip -o link show wlan0")).splitlines()
    assert one.endswith("\\    link/ether 02:15:b2:00:00:00 brd ff:ff:ff:ff:ff:ff")


@pytest.mark.parametrize(
    ("line", "status", "message"),
    [
        ("ip", 255, "Usage: ip [ OPTIONS ] OBJECT"),
        ("ip neigh", 255, 'Object "neigh" is unknown, try "ip help".'),
        ("ip -x addr", 255, 'Option "-x" is unknown'),
        ("ip addr show dev wlan9", 1, 'Device "wlan9" does not exist.'),
        ("ip addr show dev", 255, "Command line is not complete"),
        ("ifconfig eth0", 1, "ifconfig: eth0: No such device"),
        ("ip link set wlan0 down", 2, "ip link set: not supported"),
        ("ip addr add 10.0.2.20/24 dev wlan0", 2, "ip address add: not supported"),
        ("ip route get 8.8.8.8", 2, "ip route get: not supported"),
        ("ifconfig wlan0 down", 2, "ifconfig wlan0 down: not supported"),
    ],
)
def test_ip_and_ifconfig_refuse_what_they_cannot_do(
    sh: Run, line: str, status: int, message: str
) -> None:
    result = sh(line)
    assert result.status == status, result
    assert message in result.stderr.decode()
    assert result.stdout == b""
    assert WLAN_INET in ok(sh("ip addr show wlan0"))  # nothing changed


def test_sync_checks_the_files_it_is_given(sh: Run) -> None:
    assert ok(sh("echo hi > /sdcard/a.txt && sync && sync -f /sdcard/a.txt")) == ""
    result = sh("sync /sdcard/missing.txt")
    assert (result.status, result.stderr) == (
        1,
        b"sync: /sdcard/missing.txt: No such file or directory\n",
    )
