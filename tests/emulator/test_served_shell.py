"""What android_env reads and runs through the ADB server: ``am stack list``, ``am task lock``,
``dumpsys input``, serials."""

from __future__ import annotations

import contextlib
import re
import socket

import adbutils
import pytest

from mobile_gym.emulator.server import EmulatorServer
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer

NOTES = "com.simplemobiletools.notes.pro"
SETTINGS = "com.android.settings"


def shell(emulator: EmulatorServer, command: str) -> str:
    client = adbutils.AdbClient(host="127.0.0.1", port=emulator.adb_port)
    return client.device(emulator.serial).shell(command)


def test_am_stack_list_marks_the_foreground_task_visible(emulator: EmulatorServer) -> None:
    home = shell(emulator, "am stack list | grep -E visible=true")
    assert re.search(r"visible=true topActivity=ComponentInfo\{com\.android\.launcher3/", home)
    shell(emulator, f"am start -n {NOTES}/.activities.MainActivity")
    tasks = shell(emulator, "am stack list").splitlines()
    assert tasks[0].startswith("RootTask id=1 bounds=[0,0][720,1280]")
    visible = [line for line in tasks if "visible=true" in line]
    assert len(visible) == 1
    assert f"topActivity=ComponentInfo{{{NOTES}/{NOTES}.activities.MainActivity}}" in visible[0]
    assert "Error: am stack supports only list" in shell(emulator, "am stack frobnicate")


def test_am_task_lock_pins_a_task_by_its_id_and_stop_unpins_it(emulator: EmulatorServer) -> None:
    """As android_env's ``start_screen_pinning`` runs it, with Android's answers (an id no
    task has pins nothing and is no error), and its exceptions for a missing or bad id."""
    shell(emulator, f"am start -n {NOTES}/.activities.MainActivity")
    shell(emulator, f"am start -n {SETTINGS}/.Settings")
    found = re.search(rf"taskId=(\d+): {re.escape(NOTES)}/", shell(emulator, "am stack list"))
    assert found
    device = adbutils.AdbClient(host="127.0.0.1", port=emulator.adb_port).device(emulator.serial)

    def am(arguments: str) -> tuple[int, str]:
        result = device.shell2(f"am {arguments}")
        return result.returncode, result.output

    in_mode, not_in_mode = (f"Activity manager is {s}in lockTaskMode\n" for s in ("", "not "))
    assert am("task lock 999") == (0, not_in_mode)
    assert am(f"task lock {found[1]}") == (0, in_mode)
    with emulator.locked() as phone:
        assert phone.foreground_package == NOTES  # the pinned task came to the front
    assert am("task lock 999") == (0, in_mode)  # still pinned
    assert am("task lock stop") == (0, not_in_mode)
    assert am("task lock abc") == (
        255,
        "\nException occurred while executing 'task':\n"
        'java.lang.NumberFormatException: For input string: "abc"\n',
    )
    status, output = am("task lock")
    assert status == 255 and 'Argument expected after "lock"' in output
    assert am("task frobnicate") == (255, "Error: unknown command 'frobnicate'\n")


def test_a_pin_ends_with_its_task(emulator: EmulatorServer) -> None:
    shell(emulator, f"am start -n {NOTES}/.activities.MainActivity")
    found = re.search(rf"taskId=(\d+): {re.escape(NOTES)}/", shell(emulator, "am stack list"))
    assert found
    assert "is in lockTaskMode" in shell(emulator, f"am task lock {found[1]}")
    shell(emulator, f"am force-stop {NOTES}")
    shell(emulator, f"am start -n {NOTES}/.activities.MainActivity")  # a new task
    assert "is not in lockTaskMode" in shell(emulator, "am task lock 999")


def test_dumpsys_input_reports_the_touch_screen_and_its_orientation(
    emulator: EmulatorServer,
) -> None:
    dump = shell(emulator, "dumpsys input")
    assert re.search(r"^\s+PhysicalWidth:\s+720px$", dump, re.MULTILINE)
    assert re.search(r"^\s+SurfaceOrientation:\s+0$", dump, re.MULTILINE)


def test_an_adb_server_serves_phones_under_the_serials_given() -> None:
    with AdbServer(phones=[Phone(seed=0)], serials=["emulator-5560"]) as server:
        assert server.serials == ["emulator-5560"]
    with pytest.raises(ValueError, match="need 2 distinct serials"):
        AdbServer(phones=[Phone(seed=0), Phone(seed=1)], serials=["emulator-5560"] * 2)


def test_garbage_on_the_adb_port_does_not_stop_the_phone_being_served(
    emulator: EmulatorServer,
) -> None:
    with socket.create_connection(("127.0.0.1", emulator.adb_port), timeout=5) as sock:
        sock.sendall(b"zzzz" + bytes(range(256)))
        sock.settimeout(2)
        with contextlib.suppress(TimeoutError, ConnectionResetError):
            while sock.recv(4096):
                pass
    assert shell(emulator, "echo still here").strip() == "still here"
