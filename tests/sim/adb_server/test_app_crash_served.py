"""The served phone after an app crashed: pushing a database of another schema under an open
app never wedges the screen (``adb exec-out screencap``, adbutils), and a bug of the phone
is an error of the command, never an empty success."""

from __future__ import annotations

import io
import logging
import os
from pathlib import Path

import adbutils
import numpy as np
import pytest
from PIL import Image

from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.phone import Phone
from mobile_gym.sim.system.storage import database_path
from tests.sim.adb_server.raw_client import Run
from tests.sim.adb_server.test_adb_cli import ADB, Adb, _adb_command
from tests.sim.crashing_app import other_schema

NOTES = "com.simplemobiletools.notes.pro"
NOTES_MAIN = f"{NOTES}/.activities.MainActivity"
NOTES_DB = database_path(NOTES, "notes")


def _png(data: bytes, phone: Phone) -> np.ndarray:
    image = np.asarray(Image.open(io.BytesIO(data)).convert("RGB"))
    assert image.shape == (phone.display.height, phone.display.width, 3)
    return image


@pytest.fixture
def adb(server: AdbServer, tmp_path: Path) -> Adb:
    if ADB is None and not os.environ.get("MOBILE_GYM_REQUIRE_ADB"):
        pytest.skip("Debian's adb client is not installed (apt-get install -y adb)")
    return _adb_command(server.port, tmp_path / "home")


def test_adb_push_of_another_schema_under_the_open_app_shows_the_crash(
    server: AdbServer, serial: str, adb: Adb, tmp_path: Path
) -> None:
    phone = server.phone(serial)
    adb("shell", "am", "start", "-n", NOTES_MAIN)
    before = _png(adb("exec-out", "screencap", "-p").stdout, phone)
    (tmp_path / "other.db").write_bytes(other_schema())
    adb("push", str(tmp_path / "other.db"), NOTES_DB)

    shown = _png(adb("exec-out", "screencap", "-p").stdout, phone)
    assert not np.array_equal(shown, before)
    dump = adb("exec-out", "uiautomator", "dump", "/dev/tty").stdout.decode()
    assert 'text="Notes keeps stopping"' in dump and 'text="Close app"' in dump
    log = adb("shell", "logcat", "-d").stdout.decode()
    assert "E AndroidRuntime: FATAL EXCEPTION: main" in log
    assert f"E AndroidRuntime: Process: {NOTES}, PID: " in log
    assert "no such table: notes" in log
    with server.locked(serial) as locked:
        assert locked.foreground_package == "com.android.launcher3"


def test_adbutils_screenshots_and_hierarchy_after_the_crash(
    server: AdbServer, serial: str, device: adbutils.AdbDevice
) -> None:
    phone = server.phone(serial)
    device.shell(["am", "start", "-n", NOTES_MAIN])
    device.sync.push(io.BytesIO(other_schema()), NOTES_DB, check=True)
    result = device.shell2("screencap -p", encoding=None, v2=True)
    assert result.returncode == 0
    _png(result.output, phone)
    assert "Notes keeps stopping" in device.dump_hierarchy()
    device.shell(["input", "keyevent", "BACK"])
    assert "keeps stopping" not in device.dump_hierarchy()
    assert "FATAL EXCEPTION: main" in device.shell("logcat -d")


def test_a_bug_of_the_phone_is_an_error_of_the_command(
    sh: Run, phone: Phone, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(scale: float = 1.0) -> np.ndarray:
        raise RuntimeError("the screen has no frame")

    monkeypatch.setattr(phone, "screenshot", broken)
    with caplog.at_level(logging.ERROR):
        result = sh("screencap -p; echo after")
    assert result.status == 255
    assert result.stdout == b""
    assert result.stderr == (
        b"Exception occurred while executing 'screencap -p; echo after':\n"
        b"RuntimeError: the screen has no frame\n"
    )
    (record,) = [r for r in caplog.records if r.exc_info]
    assert "screencap -p" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
    assert sh("echo still serving").stdout == b"still serving\n"
