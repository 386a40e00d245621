"""Fixtures for the emulator tests: one simulated phone served on free ports, a console
client, and Debian's ``adb emu``.

The tests need ``grpcio`` and the ``android_env`` package (the ``emulator`` extra plus
``pip install --no-deps android-env==1.3.0``). Without them they are skipped, unless
``MOBILE_GYM_REQUIRE_ANDROID_ENV`` is set (as CI sets it), where they fail instead.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import socket
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from mobile_gym.emulator.server import EmulatorServer

HAVE_ANDROID_ENV = all(
    importlib.util.find_spec(name) is not None for name in ("grpc", "android_env", "absl")
)
if not HAVE_ANDROID_ENV and not os.environ.get("MOBILE_GYM_REQUIRE_ANDROID_ENV"):
    collect_ignore_glob = ["test_*.py"]

TOKEN = "s3cret-token"


@pytest.fixture
def token_file(tmp_path: Path) -> Path:
    path = tmp_path / "emulator_console_auth_token"
    path.write_text(TOKEN + "\n", encoding="utf-8")
    return path


@pytest.fixture
def emulator(token_file: Path) -> Iterator[object]:
    """An ``EmulatorServer`` on free ports serving a 720x1280 phone; no thread left after."""
    from mobile_gym.emulator.server import EmulatorServer
    from mobile_gym.sim import Phone

    before = set(threading.enumerate())
    server = EmulatorServer(
        0, 0, 0, phone=Phone(seed=0, display="small_phone"), auth_token_path=token_file
    )
    with server:
        yield server
    left = [t for t in threading.enumerate() if t not in before and t.is_alive()]
    assert not left, f"threads left running: {left}"


class ConsoleClient:
    """A line-based console client, as telnet or adb's ``emu`` would be."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5)
        self.reader = self.sock.makefile("rb")

    def answer(self) -> list[str]:
        """Lines up to and including the one that starts with OK or KO."""
        lines = []
        while True:
            raw = self.reader.readline()
            assert raw, f"connection closed after {lines}"
            assert raw.endswith(b"\r\n"), raw
            lines.append(raw.decode()[:-2])
            if lines[-1].startswith(("OK", "KO")):
                return lines

    def ask(self, command: bytes) -> list[str]:
        self.sock.sendall(command + b"\r\n")
        return self.answer()

    def closed(self) -> bool:
        return self.reader.read() == b""

    def close(self) -> None:
        self.reader.close()
        self.sock.close()


@pytest.fixture
def client(emulator: EmulatorServer) -> ConsoleClient:
    console = ConsoleClient(emulator.console_port)
    yield console
    console.close()


@pytest.fixture
def authed(client: ConsoleClient) -> ConsoleClient:
    """A console connection past the banner and the auth handshake."""
    client.answer()
    assert client.ask(f"auth {TOKEN}".encode())[-1] == "OK"
    return client


def adb_command() -> str:
    """The adb command line (the test is skipped without it, failed where it is required)."""
    adb = shutil.which("adb")
    if adb is None:
        if os.environ.get("MOBILE_GYM_REQUIRE_ADB"):
            pytest.fail("the adb command line is not installed")
        pytest.skip("the adb command line is not installed")
    return adb


def adb_emu(emulator: EmulatorServer, home: Path, *words: str) -> bytes:
    """What ``adb emu WORDS`` prints, run with ``home`` as its home (where its token is)."""
    serial = emulator.serial
    command = [adb_command(), "-P", str(emulator.adb_port), "-s", serial, "emu", *words]
    env = {**os.environ, "HOME": str(home)}
    return subprocess.run(command, capture_output=True, env=env, timeout=30, check=True).stdout


@pytest.fixture
def home(tmp_path: Path) -> Path:
    """A home folder whose ~/.emulator_console_auth_token holds the console's token."""
    path = tmp_path / "home"
    path.mkdir()
    (path / ".emulator_console_auth_token").write_text(TOKEN, encoding="utf-8")
    return path
