"""The emulator launcher: SDK and AVD discovery, command lines, ports, boot wait (against the
served simulated phone, which answers as a booted emulator-5554), console, start and stop.

No emulator can run here: a stand-in ``emulator`` script plays the SDK binary (it lists
AVDs, records its arguments and sleeps, or dies), and a small TCP server plays the console.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import socket
import stat
import threading
from collections.abc import Iterator

import adbutils
import pytest

from mobile_gym.device.emulator import (
    Emulator,
    EmulatorError,
    EmulatorSpec,
    console_command,
    find_emulator,
    free_ports,
    list_avds,
    start_emulators,
    wait_for_boot,
)
from mobile_gym.sim.adb_server import AdbServer
from tests.device.conftest import SERIAL

AVD = "Pixel_7_API_34"
RUNS = """#!/bin/sh
if [ "$1" = "-list-avds" ]; then printf 'Pixel_7_API_34\\nSmall_Phone\\n'; exit 0; fi
printf '%s\\n' "$@" > "$(dirname "$0")/launched-$7"
exec sleep 60
"""
DIES = """#!/bin/sh
if [ "$1" = "-list-avds" ]; then echo Pixel_7_API_34; exit 0; fi
echo "PANIC: Broken AVD system path"
exit 3
"""


def make_sdk(root: pathlib.Path, script: str = RUNS) -> pathlib.Path:
    binary = root / "emulator" / "emulator"
    binary.parent.mkdir(parents=True)
    binary.write_text(script)
    binary.chmod(binary.stat().st_mode | stat.S_IXUSR)
    return binary


@pytest.fixture
def sdk(tmp_path: pathlib.Path) -> pathlib.Path:
    return make_sdk(tmp_path / "sdk")


# command lines and ports -------------------------------------------------------------------
def test_the_headless_command_line() -> None:
    spec = EmulatorSpec(AVD)
    assert spec.serial == "emulator-5554"
    assert spec.command("/sdk/emulator/emulator") == [
        "/sdk/emulator/emulator", "-avd", AVD, "-no-window", "-no-audio", "-no-boot-anim",
        "-port", "5554", "-grpc", "8554", "-no-snapshot-save",
    ]  # fmt: skip
    spec = EmulatorSpec(AVD, port=5560, snapshot="clean", extra_args=("-memory", "2048"))
    command = spec.command("emulator")
    assert command[command.index("-port") + 1 :][:3] == ["5560", "-grpc", "8560"]
    assert command[-4:] == ["-snapshot", "clean", "-memory", "2048"]
    assert EmulatorSpec(AVD, grpc_port=9000).command("e")[9] == "9000"


@pytest.mark.parametrize("port", [5555, 5552, 5684, True, "5554"])
def test_ports_must_be_even_and_in_range(port: object) -> None:
    with pytest.raises(ValueError, match="emulator port must be"):
        EmulatorSpec(AVD, port=port)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="AVD name"):
        EmulatorSpec("")


def test_free_ports_skip_ports_in_use() -> None:
    first = free_ports(1)[0]
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", first + 1))  # its ADB port is busy
        ports = free_ports(3, first=first)
    assert first not in ports and len(set(ports)) == 3
    assert all(p % 2 == 0 and p > first for p in ports)
    with pytest.raises(EmulatorError, match="free emulator ports"):
        free_ports(100)


# the SDK and its AVDs -------------------------------------------------------------------------
def test_find_the_emulator(tmp_path: pathlib.Path, sdk: pathlib.Path) -> None:
    root = str(sdk.parent.parent)
    assert find_emulator({"ANDROID_SDK_ROOT": root}) == sdk
    assert find_emulator({"ANDROID_SDK_ROOT": str(tmp_path), "ANDROID_HOME": root}) == sdk
    assert find_emulator({"PATH": f"/nonexistent{os.pathsep}{sdk.parent}"}) == sdk
    with pytest.raises(EmulatorError, match=r"ANDROID_SDK_ROOT=.* has no emulator/emulator.*PATH"):
        find_emulator({"ANDROID_SDK_ROOT": str(tmp_path), "PATH": ""})


def test_avds_are_listed_and_checked(sdk: pathlib.Path) -> None:
    assert list_avds(sdk) == [AVD, "Small_Phone"]
    with pytest.raises(
        EmulatorError, match=r"no AVD named 'Nexus'; known: Pixel_7_API_34, Small_Phone"
    ):
        Emulator(EmulatorSpec("Nexus"), sdk)


# booting ---------------------------------------------------------------------------------------
def test_start_waits_for_the_boot_and_stop_ends_it(sdk: pathlib.Path, server: AdbServer) -> None:
    emulator = Emulator(EmulatorSpec(AVD), sdk, adb_port=server.port)
    emulator.start(boot_timeout=10, poll_s=0.05)
    try:
        launched = (sdk.parent / "launched-5554").read_text().split()
        assert launched == EmulatorSpec(AVD).command(sdk)[1:]
        assert emulator.process is not None and emulator.process.poll() is None
        with pytest.raises(EmulatorError, match="already running"):
            emulator.launch()
    finally:
        emulator.stop(timeout=5)
    assert emulator.process.poll() is not None


def test_an_emulator_that_dies_while_booting(tmp_path: pathlib.Path, server: AdbServer) -> None:
    server.faults.inject(SERIAL, "disconnect", count=None)  # it never shows up
    emulator = Emulator(EmulatorSpec(AVD), make_sdk(tmp_path, DIES), adb_port=server.port)
    with pytest.raises(EmulatorError, match=r"stopped before it booted: exit code 3.*PANIC"):
        emulator.start(boot_timeout=10, poll_s=0.05)


def test_boot_wait_waits_for_the_device(server: AdbServer) -> None:
    client = adbutils.AdbClient("127.0.0.1", server.port)
    server.faults.inject(SERIAL, "disconnect", count=None)
    with pytest.raises(
        EmulatorError, match=r"did not boot within 0.2 s \(not reachable: .*not found"
    ):
        wait_for_boot(client, SERIAL, timeout=0.2, poll_s=0.05)
    coming = threading.Timer(0.2, server.faults.reconnect, args=(SERIAL,))
    coming.start()
    wait_for_boot(client, SERIAL, timeout=10, poll_s=0.05)
    coming.join()
    assert server.faults.armed(SERIAL) == {}


def test_several_emulators_at_once(sdk: pathlib.Path) -> None:
    ports = free_ports(2)  # what start_emulators will pick; served as emulator-<port>
    with AdbServer(devices=(ports[-1] - 5554) // 2 + 1) as server:
        emulators = start_emulators(AVD, 2, sdk, adb_port=server.port, boot_timeout=10)
        try:
            assert [e.spec.port for e in emulators] == ports
            assert {e.serial for e in emulators} <= set(server.serials)
            assert len({e.spec.grpc for e in emulators}) == 2
        finally:
            for emulator in emulators:
                emulator.stop(timeout=5)
    with pytest.raises(ValueError, match="picks the ports"):
        start_emulators(AVD, 2, sdk, port=5554)


# the console -------------------------------------------------------------------------------
class Console:
    """A stand-in emulator console: asks for auth, records commands, answers OK or KO."""

    def __init__(self, port: int = 0, refuse: str = "") -> None:
        self.listener = socket.create_server(("127.0.0.1", port))
        self.port = self.listener.getsockname()[1]
        self.refuse = refuse
        self.received: list[str] = []
        self.thread = threading.Thread(target=self.serve, daemon=True)
        self.thread.start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.listener.accept()
            except OSError:
                return
            with conn, conn.makefile("rwb") as stream:
                stream.write(b"Android Console: Authentication required\r\nOK\r\n")
                stream.flush()
                while line := stream.readline():
                    command = line.decode().strip()
                    self.received.append(command)
                    failed = self.refuse and command.startswith(self.refuse)
                    stream.write(b"KO: unknown snapshot\r\n" if failed else b"OK\r\n")
                    stream.flush()

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.listener.shutdown(socket.SHUT_RDWR)  # wakes the accepting thread
        self.listener.close()
        self.thread.join()


@pytest.fixture
def home(tmp_path: pathlib.Path, monkeypatch: pytest.MonkeyPatch) -> pathlib.Path:
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / ".emulator_console_auth_token").write_text("s3cret\n")
    return tmp_path


@pytest.fixture
def console(home: pathlib.Path) -> Iterator[Console]:
    served = Console()
    yield served
    served.close()


def test_console_commands_authenticate(console: Console, closed_port: int) -> None:
    console_command(console.port, "avd snapshot load clean")
    assert console.received == ["auth s3cret", "avd snapshot load clean"]
    console.refuse = "avd"
    with pytest.raises(EmulatorError, match="emulator console: unknown snapshot"):
        console_command(console.port, "avd snapshot load nothing")
    with pytest.raises(EmulatorError, match=r"emulator console 127\.0\.0\.1:\d+: .*refused"):
        console_command(closed_port, "kill", timeout=1)


def test_reset_from_a_snapshot(home: pathlib.Path, sdk: pathlib.Path, server: AdbServer) -> None:
    """The snapshot load goes to the console on the emulator's port (5554), then the boot
    wait goes to the device; an AdbDevice made by the emulator resets that way."""
    try:
        console = Console(5554)
    except OSError:
        pytest.skip("port 5554 is in use here")
    try:
        emulator = Emulator(EmulatorSpec(AVD, snapshot="clean"), sdk, adb_port=server.port)
        device = emulator.device()
        try:
            device.reset(0)
        finally:
            device.close()
        assert "avd snapshot load clean" in console.received  # (a parallel test may say "kill")
        with pytest.raises(EmulatorError, match="no snapshot"):
            Emulator(EmulatorSpec(AVD), sdk, adb_port=server.port).load_snapshot()
    finally:
        console.close()
