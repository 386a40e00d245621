"""The served phone driven by Debian's ``adb`` command line.

Every call is ``adb -H 127.0.0.1 -P PORT``: with a host named, ``adb`` treats the server as
remote and never starts one of its own (checked below), and the port is the test server's
ephemeral one, never 5037.
"""

from __future__ import annotations

import io
import os
import random
import shutil
import socket
import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.apps.contacts import MAIN
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.driver import find_all

ADB = shutil.which("adb")
pytestmark = pytest.mark.skipif(
    ADB is None and not os.environ.get("MOBILE_GYM_REQUIRE_ADB"),
    reason="Debian's adb client is not installed (apt-get install -y adb; CI does and requires it)",
)

Adb = Callable[..., subprocess.CompletedProcess]


def _adb_command(port: int, home: Path) -> Adb:
    env = {k: v for k, v in os.environ.items() if not k.startswith("ANDROID_")}
    env["HOME"] = str(home)

    def run(
        *args: str, check: bool = True, stdin: bytes | None = None
    ) -> subprocess.CompletedProcess:
        assert ADB is not None
        result = subprocess.run(
            [ADB, "-H", "127.0.0.1", "-P", str(port), *args],
            env=env,
            input=stdin,
            stdin=subprocess.DEVNULL if stdin is None else None,
            capture_output=True,
            timeout=60,
        )
        if check:
            assert result.returncode == 0, result.stderr.decode()
        return result

    return run


@pytest.fixture
def adb(server: AdbServer, tmp_path: Path) -> Adb:
    return _adb_command(server.port, tmp_path / "home")


def test_adb_never_starts_a_server_of_its_own(tmp_path: Path) -> None:
    with socket.socket() as probe:  # a port nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    result = _adb_command(port, tmp_path)("devices", check=False)
    assert result.returncode != 0
    assert b"cannot start server on remote host" in result.stderr


def test_devices(adb: Adb, serial: str) -> None:
    out = adb("devices").stdout.decode()
    assert out.splitlines()[:2] == ["List of devices attached", f"{serial}\tdevice"]
    assert "model:Pixel_7" in adb("devices", "-l").stdout.decode()
    assert adb("get-serialno").stdout.decode().strip() == serial


def test_uiautomator_dump_then_pull(
    server: AdbServer, serial: str, adb: Adb, tmp_path: Path
) -> None:
    out = adb("shell", "uiautomator", "dump", "/sdcard/x.xml").stdout.decode()
    assert out.strip() == "UI hierchary dumped to: /sdcard/x.xml"
    adb("pull", "/sdcard/x.xml", str(tmp_path / "x.xml"))
    assert (tmp_path / "x.xml").read_text("utf-8") == server.phone(serial).hierarchy_xml()


def test_exec_out_screencap_is_the_phone_screen(server: AdbServer, serial: str, adb: Adb) -> None:
    png = adb("exec-out", "screencap", "-p").stdout
    image = Image.open(io.BytesIO(png))
    assert image.format == "PNG"
    np.testing.assert_array_equal(np.asarray(image), server.phone(serial).screenshot(1.0))


def test_input_tap_changes_the_phone(
    server: AdbServer, serial: str, adb: Adb, tmp_path: Path
) -> None:
    phone = server.phone(serial)
    (icon,) = find_all(phone.hierarchy_xml(), content_desc="Contacts")
    x, y = icon.bounds.center
    adb("shell", "input", "tap", str(x), str(y))
    assert phone.foreground == (CONTACTS, MAIN)


def test_an_apps_log_by_its_pid(server: AdbServer, serial: str, adb: Adb) -> None:
    """The host's usual way to follow one app: its pid from ``pidof``, then ``adb logcat
    --pid``."""
    phone = server.phone(serial)
    adb("shell", "am", "start", "-n", f"{CONTACTS}/{MAIN}")
    pid = adb("shell", "pidof", CONTACTS).stdout.decode().strip()
    assert pid == str(phone.pids[CONTACTS])
    phone.log(CONTACTS, "FromContacts", "the app's line")
    lines = adb("logcat", "-d", f"--pid={pid}").stdout.decode().splitlines()
    assert lines[-1].endswith("FromContacts: the app's line")
    assert all(line.split()[2] == pid for line in lines[1:])  # threadtime: its pid third
    assert adb("shell", "pidof", "com.example.none", check=False).returncode == 1


def test_mobileworlds_root_sql_check(server: AdbServer, serial: str, adb: Adb) -> None:
    """MobileWorld's checks read an app's database as ``adb shell "su 0 sqlite3 DB 'SQL'"``."""
    server.phone(serial).database("com.google.android.deskclock", "alarms").execute(
        "INSERT INTO alarm_templates(hour, minutes, daysofweek, label) VALUES (6, 30, 96, 'Run')"
    )
    db = "/data/user_de/0/com.google.android.deskclock/databases/alarms.db"
    sql = (
        "SELECT hour, minutes, daysofweek, label FROM alarm_templates WHERE hour=6 AND minutes=30;"
    )
    assert adb("shell", f"su 0 sqlite3 {db} '{sql}'").stdout == b"6|30|96|Run\n"


def test_push_pull_round_trip(server: AdbServer, serial: str, adb: Adb, tmp_path: Path) -> None:
    data = random.Random(7).randbytes(300_000)
    (tmp_path / "blob.bin").write_bytes(data)
    adb("push", str(tmp_path / "blob.bin"), "/data/local/tmp/blob.bin")
    assert server.phone(serial).read_file("/data/local/tmp/blob.bin") == data
    adb("pull", "/data/local/tmp/blob.bin", str(tmp_path / "back.bin"))
    assert (tmp_path / "back.bin").read_bytes() == data


def test_a_pushed_file_copied_and_moved_into_shared_storage(
    server: AdbServer, serial: str, adb: Adb, tmp_path: Path
) -> None:
    """The host's usual way to put a file where apps see it: push to ``/data/local/tmp``,
    then ``cp`` or ``mv`` it into shared storage."""
    phone = server.phone(serial)
    data = random.Random(3).randbytes(50_000)
    (tmp_path / "photo.jpg").write_bytes(data)
    adb("push", str(tmp_path / "photo.jpg"), "/data/local/tmp/photo.jpg")
    adb("shell", "cp", "/data/local/tmp/photo.jpg", "/sdcard/Pictures/")
    adb("shell", "mv /data/local/tmp/photo.jpg /sdcard/Download/trip.jpg")
    assert phone.read_file("/sdcard/Pictures/photo.jpg") == data
    assert phone.read_file("/sdcard/Download/trip.jpg") == data
    assert not phone.storage.exists("/data/local/tmp/photo.jpg")
    assert "trip.jpg" in adb("shell", "ls", "/sdcard/Download").stdout.decode().split()
    refused = adb("shell", "cp", "/data/local/tmp/photo.jpg", "/sdcard/", check=False)
    assert refused.returncode == 1
    assert b"cp: bad '/data/local/tmp/photo.jpg': No such file or directory" in refused.stderr


def test_a_host_script_counts_checks_and_reads_the_network(
    server: AdbServer, serial: str, adb: Adb
) -> None:
    """What host scripts run through ``adb shell``: counting lines, testing for a file,
    reading the Wi-Fi address."""
    phone = server.phone(serial)
    photos = len(phone.storage.list_dir("/sdcard/DCIM/Camera"))
    assert adb("shell", "ls /sdcard/DCIM/Camera | wc -l").stdout == f"{photos}\n".encode()
    phone.write_file("/sdcard/Download/log.txt", b"one\ntwo\nthree\n")
    assert adb("shell", "wc", "-l", "/sdcard/Download/log.txt").stdout == (
        b"3 /sdcard/Download/log.txt\n"
    )
    assert adb("shell", "tail -n 1 /sdcard/Download/log.txt").stdout == b"three\n"
    line = "[ -f /sdcard/Download/log.txt ] && echo present || echo absent"
    assert adb("shell", line).stdout == b"present\n"
    assert adb("shell", line.replace("log.txt", "none.txt")).stdout == b"absent\n"
    assert b"inet 10.0.2.16/24" in adb("shell", "ip", "addr", "show", "wlan0").stdout


def test_adb_install_says_the_apps_are_fixed(
    server: AdbServer, serial: str, adb: Adb, tmp_path: Path
) -> None:
    """``adb install`` pushes the APK, runs ``pm install`` (which fails, saying why) and
    removes the pushed file (``rm FILE </dev/null``)."""
    (tmp_path / "app.apk").write_bytes(b"PK\x03\x04" + bytes(100))
    result = adb("install", str(tmp_path / "app.apk"), check=False)
    assert result.returncode == 1
    assert b"Failure [pm install: the served phone's apps are part of its system image" in (
        result.stderr
    )
    assert b"not supported" not in result.stderr  # the clean-up ran
    assert not server.phone(serial).storage.exists("/data/local/tmp/app.apk")


def test_settings(server: AdbServer, serial: str, adb: Adb) -> None:
    assert adb("shell", "settings", "get", "global", "airplane_mode_on").stdout == b"0\n"
    adb("shell", "settings", "put", "global", "airplane_mode_on", "1")
    assert server.phone(serial).settings.get("global", "airplane_mode_on") == "1"


def test_standard_input_reaches_the_command_that_reads_it(
    server: AdbServer, serial: str, adb: Adb
) -> None:
    assert adb("shell", "cat", stdin=b"piped\n").stdout == b"piped\n"
    assert adb("shell", "grep", "b", stdin=b"a\nb\nc\n").stdout == b"b\n"
    adb("shell", "cat > /sdcard/Download/from_stdin.txt", stdin=b"hello\n")
    assert server.phone(serial).read_file("/sdcard/Download/from_stdin.txt") == b"hello\n"
    # read once: the second cat meets its end
    assert adb("shell", "cat; echo -; cat", stdin=b"once\n").stdout == b"once\n-\n"
    assert adb("shell", "echo", "unread", stdin=b"ignored\n").stdout == b"unread\n"


def test_exit_status_and_stderr(adb: Adb) -> None:
    result = adb("shell", "ls /missing; echo done", check=False)
    assert result.returncode == 0
    assert result.stdout == b"done\n"
    assert result.stderr == b"ls: /missing: No such file or directory\n"
    result = adb("shell", "frobnicate", check=False)
    assert result.returncode == 127
    assert b"frobnicate: inaccessible or not found" in result.stderr


def test_the_shell_is_root_and_adb_root_says_so(adb: Adb) -> None:
    assert adb("root").stdout == b"adbd is already running as root\n"
    assert adb("shell", "id").stdout.startswith(b"uid=0(root) gid=0(root)")
    assert adb("shell", "pwd").stdout == b"/\n"
