"""Headless Android emulators: find the SDK, start, wait for boot, reset from a snapshot, stop.

An ``Emulator`` runs ``emulator -avd NAME -no-window -no-audio -no-boot-anim -port N -grpc P
-no-snapshot-save`` from the Android SDK (``ANDROID_SDK_ROOT``, ``ANDROID_HOME``, or an
``emulator`` on ``PATH``) and waits until ``getprop sys.boot_completed`` is 1 through the
ADB server. Several run at once on distinct even console ports (5554, 5556, ...; the
device's serial is ``emulator-<port>``, its ADB port the next odd one). ``load_snapshot``
puts the phone back to a saved state through the emulator console, which makes it the
``on_reset`` of an ``AdbDevice``::

    with Emulator(EmulatorSpec("Pixel_7_API_34", snapshot="clean")) as emulator:
        env = gym.make("MobileGym/settings.wifi_off-v0", device=emulator.device())
"""

from __future__ import annotations

import os
import pathlib
import re
import shutil
import socket
import subprocess
import tempfile
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import adbutils
from adbutils import AdbError

from mobile_gym.checks import check_int
from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.base import DeviceError

FIRST_PORT = 5554
LAST_PORT = 5682
"""Console ports the emulator accepts: even numbers from 5554 to 5682."""
GRPC_BASE = 8554


class EmulatorError(DeviceError):
    """No SDK or AVD, or an emulator that would not start, boot or obey its console."""


# the SDK -----------------------------------------------------------------------------------
def find_emulator(environ: Mapping[str, str] | None = None) -> pathlib.Path:
    """The ``emulator`` binary: ``$ANDROID_SDK_ROOT/emulator/emulator``, then the same under
    ``$ANDROID_HOME``, then ``emulator`` on ``PATH``.

    Raises:
        EmulatorError: none of these exists.
    """
    environ = os.environ if environ is None else environ
    tried = []
    for variable in ("ANDROID_SDK_ROOT", "ANDROID_HOME"):
        root = environ.get(variable)
        if root:
            binary = pathlib.Path(root) / "emulator" / "emulator"
            if binary.is_file() and os.access(binary, os.X_OK):
                return binary
            tried.append(f"{variable}={root} has no emulator/emulator")
    found = shutil.which("emulator", path=environ.get("PATH", ""))
    if found:
        return pathlib.Path(found)
    tried.append("no `emulator` on PATH")
    raise EmulatorError(
        "no Android SDK emulator found (" + "; ".join(tried) + "): install the SDK's "
        "emulator package and set ANDROID_SDK_ROOT"
    )


def list_avds(binary: pathlib.Path) -> list[str]:
    """The AVD names ``emulator -list-avds`` knows."""
    try:
        done = subprocess.run(
            [str(binary), "-list-avds"], capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise EmulatorError(f"{binary} -list-avds failed: {exc}") from exc
    if done.returncode != 0:
        raise EmulatorError(f"{binary} -list-avds exited with {done.returncode}: {done.stderr}")
    return [line.strip() for line in done.stdout.splitlines() if line.strip()]


# what to start ------------------------------------------------------------------------------
@dataclass(frozen=True)
class EmulatorSpec:
    """One emulator to start.

    Args:
        avd: the AVD's name (``emulator -list-avds``).
        port: the console port (even, 5554-5682); ADB talks to ``port + 1``.
        grpc_port: the gRPC controller's port (default ``8554 + port - 5554``).
        snapshot: a snapshot to boot from and to go back to on ``load_snapshot`` (made
            beforehand, e.g. ``adb emu avd snapshot save clean`` on a set-up phone).
        extra_args: more emulator options (``-gpu swiftshader_indirect``, ``-memory 2048``).
    """

    avd: str
    port: int = FIRST_PORT
    grpc_port: int | None = None
    snapshot: str | None = None
    extra_args: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        if not self.avd:
            raise ValueError("an emulator needs an AVD name")
        port = self.port
        check_int("emulator port", port, FIRST_PORT, LAST_PORT)
        if port % 2:
            raise ValueError(f"emulator port must be even, got {port!r}")

    @property
    def serial(self) -> str:
        return f"emulator-{self.port}"

    @property
    def grpc(self) -> int:
        return self.grpc_port if self.grpc_port is not None else GRPC_BASE + self.port - FIRST_PORT

    def command(self, binary: pathlib.Path | str) -> list[str]:
        """The emulator's command line."""
        command = [str(binary), "-avd", self.avd, "-no-window", "-no-audio", "-no-boot-anim"]
        command += ["-port", str(self.port), "-grpc", str(self.grpc), "-no-snapshot-save"]
        if self.snapshot is not None:
            command += ["-snapshot", self.snapshot]
        return [*command, *self.extra_args]


def free_ports(count: int, first: int = FIRST_PORT, host: str = "127.0.0.1") -> list[int]:
    """``count`` even console ports from ``first`` on whose console and ADB ports (``port``
    and ``port + 1``) nothing listens to yet.

    Raises:
        EmulatorError: not enough free ports below 5682.
    """
    ports: list[int] = []
    for port in range(first + first % 2, LAST_PORT + 1, 2):
        if len(ports) == count:
            break
        if _free(host, port) and _free(host, port + 1):
            ports.append(port)
    if len(ports) < count:
        raise EmulatorError(f"only {len(ports)} free emulator ports from {first}, {count} wanted")
    return ports


def _free(host: str, port: int) -> bool:
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError:
            return False
    return True


# booting -----------------------------------------------------------------------------------
def wait_for_boot(
    client: adbutils.AdbClient,
    serial: str,
    timeout: float,
    poll_s: float = 1.0,
    alive: Callable[[], str | None] | None = None,
) -> None:
    """Wait until ``serial`` is listed and ``getprop sys.boot_completed`` says 1.

    Args:
        client: the ADB server the device registers with.
        timeout: seconds before giving up.
        poll_s: seconds between looks.
        alive: called before each look; a message there means the emulator died.

    Raises:
        EmulatorError: the emulator died, or did not boot within ``timeout``.
    """
    deadline = time.monotonic() + timeout
    state = "not seen yet"
    while True:
        death = alive() if alive is not None else None
        if death is not None:
            raise EmulatorError(f"{serial} stopped before it booted: {death}")
        try:
            value = client.device(serial).shell(
                "getprop sys.boot_completed", timeout=max(poll_s, 1.0)
            )
        except (AdbError, OSError) as exc:
            state = f"not reachable: {exc}"
        else:
            if value.strip() == "1":
                return
            state = f"sys.boot_completed is {value.strip() or 'empty'!r}"
        left = deadline - time.monotonic()
        if left <= 0:
            raise EmulatorError(f"{serial} did not boot within {timeout} s ({state})")
        time.sleep(min(poll_s, left))


# the console -------------------------------------------------------------------------------
_EMULATOR_SERIAL = re.compile(r"emulator-(\d+)")
SNAPSHOT_LOAD_TIMEOUT_S = 60.0
"""How long a phone may take to answer again after a snapshot load."""


def console_port(serial: str) -> int:
    """The console port of the emulator ``serial`` names (``emulator-5554``: 5554).

    Raises:
        ValueError: ``serial`` does not name an emulator (a phone, ``host:port``).
    """
    match = _EMULATOR_SERIAL.fullmatch(serial)
    if match is None:
        raise ValueError(
            f"{serial!r} is not an emulator's serial (emulator-<console port>): only an"
            " emulator has snapshots"
        )
    return int(match.group(1))


def load_snapshot(
    client: adbutils.AdbClient,
    serial: str,
    snapshot: str,
    host: str = "127.0.0.1",
    alive: Callable[[], str | None] | None = None,
) -> None:
    """Put the emulator ``serial`` back to its saved state ``snapshot`` through its console
    (``avd snapshot load``; the console on ``host``), then wait until it answers on
    ``client`` (its ADB server) as booted.

    Raises:
        ValueError: ``serial`` does not name an emulator.
        EmulatorError: the console refused (no such snapshot) or cannot be reached, or the
            phone did not answer in time.
    """
    console_command(console_port(serial), f"avd snapshot load {snapshot}", host)
    wait_for_boot(client, serial, SNAPSHOT_LOAD_TIMEOUT_S, 0.5, alive)


def snapshot_reset(
    serial: str, snapshot: str, adb_host: str = "127.0.0.1", adb_port: int = 5037
) -> Callable[[int], None]:
    """An ``AdbDevice.on_reset`` that puts the emulator ``serial`` (behind the ADB server at
    ``adb_host``:``adb_port``) back to ``snapshot`` before every episode; the seed is
    ignored (a snapshot has one content).

    Raises:
        ValueError: ``serial`` does not name an emulator.
    """
    console_port(serial)
    client = adbutils.AdbClient(adb_host, adb_port)

    def reset(seed: int) -> None:
        load_snapshot(client, serial, snapshot, adb_host)

    return reset


def console_command(port: int, command: str, host: str = "127.0.0.1", timeout: float = 30) -> str:
    """Send ``command`` to the emulator console on ``port`` (authenticating with
    ``~/.emulator_console_auth_token`` when the console asks) and return its reply.

    Raises:
        EmulatorError: the console cannot be reached or answers ``KO``.
    """
    try:
        with socket.create_connection((host, port), timeout) as sock:
            stream = sock.makefile("rwb")
            banner = _console_reply(stream)
            if "auth" in banner.lower():
                token_file = pathlib.Path.home() / ".emulator_console_auth_token"
                token = token_file.read_text().strip() if token_file.is_file() else ""
                _console_send(stream, f"auth {token}")
                _console_reply(stream)
            _console_send(stream, command)
            return _console_reply(stream)
    except OSError as exc:
        raise EmulatorError(f"emulator console {host}:{port}: {exc}") from exc


def _console_send(stream: Any, line: str) -> None:
    stream.write(line.encode("utf-8") + b"\r\n")
    stream.flush()


def _console_reply(stream: Any) -> str:
    """Lines up to the console's ``OK`` (returned without it) or ``KO: why`` (raised)."""
    lines = []
    while raw := stream.readline():
        line = raw.decode("utf-8", errors="replace").rstrip("\r\n")
        if line.startswith("OK"):
            return "\n".join([*lines, line[2:].lstrip(": ")]).strip()
        if line.startswith("KO"):
            raise EmulatorError(f"emulator console: {line[2:].lstrip(': ')}")
        lines.append(line)
    raise EmulatorError("emulator console closed the connection: " + " / ".join(lines))


# one emulator ------------------------------------------------------------------------------
class Emulator:
    """A headless emulator process and the device it becomes.

    Args:
        spec: what to start.
        binary: the ``emulator`` binary (default: ``find_emulator()``).
        adb_host, adb_port: the ADB server the emulator registers with.
        log_path: where the emulator's output goes (default: a temporary file).

    Raises:
        EmulatorError: no SDK, or the AVD does not exist.
    """

    def __init__(
        self,
        spec: EmulatorSpec,
        binary: pathlib.Path | None = None,
        adb_host: str = "127.0.0.1",
        adb_port: int = 5037,
        log_path: pathlib.Path | None = None,
    ) -> None:
        self.spec = spec
        self.binary = binary or find_emulator()
        avds = list_avds(self.binary)
        if spec.avd not in avds:
            raise EmulatorError(
                f"no AVD named {spec.avd!r}; known: {', '.join(avds) or 'none'} "
                "(create one with avdmanager)"
            )
        self.adb_host, self.adb_port = adb_host, adb_port
        self.client = adbutils.AdbClient(adb_host, adb_port)
        self.log_path = log_path or pathlib.Path(
            tempfile.mkstemp(prefix=f"{spec.serial}-", suffix=".log")[1]
        )
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def serial(self) -> str:
        return self.spec.serial

    def start(self, boot_timeout: float = 300.0, poll_s: float = 1.0) -> Emulator:
        """Start the process and wait for the boot (see ``launch`` and ``wait_for_boot``)."""
        self.launch()
        self.wait_for_boot(boot_timeout, poll_s)
        return self

    def launch(self) -> None:
        """Start the emulator process (returns at once)."""
        if self.process is not None and self.process.poll() is None:
            raise EmulatorError(f"{self.serial} is already running")
        env = dict(os.environ, ANDROID_ADB_SERVER_PORT=str(self.adb_port))
        with self.log_path.open("wb") as log:
            self.process = subprocess.Popen(
                self.spec.command(self.binary),
                stdout=log,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                env=env,
                start_new_session=True,
            )

    def wait_for_boot(self, timeout: float = 300.0, poll_s: float = 1.0) -> None:
        wait_for_boot(self.client, self.serial, timeout, poll_s, self._death)

    def _death(self) -> str | None:
        """Why the process is gone (its exit code and last output), or None if it runs."""
        if self.process is None or self.process.poll() is None:
            return None
        tail = self.log_path.read_text(errors="replace")[-2000:].strip()
        return f"exit code {self.process.returncode}; output: {tail or '(none)'}"

    def load_snapshot(self, seed: int | None = None) -> None:
        """Back to the spec's snapshot (``avd snapshot load``), then wait until the phone
        answers again. ``seed`` is ignored (an ``AdbDevice.on_reset``): a snapshot has one
        content.

        Raises:
            EmulatorError: the spec names no snapshot, or the console refused.
        """
        if self.spec.snapshot is None:
            raise EmulatorError(f"{self.serial} has no snapshot to go back to (spec.snapshot)")
        load_snapshot(self.client, self.serial, self.spec.snapshot, self.adb_host, self._death)

    def stop(self, timeout: float = 30.0) -> None:
        """Ask the emulator to quit (console ``kill``; SIGTERM when the console does not
        answer) and wait; end the process if it has not gone within ``timeout``."""
        process = self.process
        if process is None or process.poll() is not None:
            return
        try:
            console_command(self.spec.port, "kill", self.adb_host, timeout=5)
        except EmulatorError:
            process.terminate()
        try:
            process.wait(timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()

    def device(self, **options: Any) -> AdbDevice:
        """An ``AdbDevice`` on this emulator that resets to the snapshot (if the spec has one)."""
        on_reset = self.load_snapshot if self.spec.snapshot is not None else None
        return AdbDevice(self.serial, self.adb_host, self.adb_port, on_reset=on_reset, **options)

    def __enter__(self) -> Emulator:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def start_emulators(
    avd: str,
    count: int,
    binary: pathlib.Path | None = None,
    adb_port: int = 5037,
    boot_timeout: float = 300.0,
    **spec_options: Any,
) -> list[Emulator]:
    """Start ``count`` emulators of ``avd`` at once, on distinct free ports, and wait until
    all have booted (all are stopped if one fails). ``spec_options`` go to each
    ``EmulatorSpec`` (the gRPC port follows the console port)."""
    if "port" in spec_options or "grpc_port" in spec_options:
        raise ValueError("start_emulators picks the ports itself")
    binary = binary or find_emulator()
    emulators = [
        Emulator(EmulatorSpec(avd, port, **spec_options), binary, adb_port=adb_port)
        for port in free_ports(count)
    ]
    try:
        for emulator in emulators:
            emulator.launch()
        for emulator in emulators:
            emulator.wait_for_boot(boot_timeout)
    except BaseException:
        for emulator in emulators:
            emulator.stop(timeout=5)
        raise
    return emulators
