"""The emulator console: the auth-token handshake and the commands, over a real socket."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
from pathlib import Path

import pytest

from mobile_gym.emulator.console import MAX_LINE, EmulatorConsole
from mobile_gym.emulator.server import EmulatorServer
from tests.emulator.conftest import TOKEN

BANNER = [
    "Android Console: Authentication required",
    "Android Console: type 'auth <auth_token>' to authenticate",
    "Android Console: you can find your <auth_token> in ",
]


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


def test_banner_asks_for_the_token_and_names_its_file(
    client: ConsoleClient, token_file: Path
) -> None:
    assert client.answer() == [*BANNER, f"'{token_file}'", "OK"]


def test_commands_are_refused_until_auth_with_the_files_token(
    client: ConsoleClient, emulator: EmulatorServer, token_file: Path
) -> None:
    client.answer()
    assert client.ask(b"avd name") == ["KO: unknown command, try 'help'"]
    assert client.ask(b"auth wrong") == [f"KO: authentication token does not match {token_file}"]
    assert client.ask(b"auth") == ["KO: missing authentication token"]
    assert client.ask(b"help")[-1] == "OK"  # help is allowed before auth, as on the emulator
    assert client.ask(f"auth {TOKEN}".encode()) == [
        "Android Console: type 'help' for a list of commands",
        "OK",
    ]
    assert client.ask(b"avd name") == ["mobile_gym", "OK"]
    assert client.ask(b"avd status") == ["virtual device is running", "OK"]
    assert client.ask(b"ping") == ["I am alive!", "OK"]
    assert client.ask(b"sms send 123 hi") == ["KO: unknown command, try 'help'"]
    assert client.ask(b"avd fly") == ["KO: unknown command, try 'help'"]
    assert not emulator.killed.is_set()


def test_kill_says_bye_and_stops_the_emulator(
    client: ConsoleClient, emulator: EmulatorServer
) -> None:
    client.answer()
    client.ask(f"auth {TOKEN}".encode())
    assert client.ask(b"kill") == ["OK: killing emulator, bye bye"]
    assert client.closed()
    assert emulator.killed.wait(5)


def test_quit_ends_the_connection(client: ConsoleClient) -> None:
    client.answer()
    client.sock.sendall(b"quit\r\n")
    assert client.closed()


def test_garbage_and_overlong_lines_do_not_crash_the_console(
    client: ConsoleClient, emulator: EmulatorServer
) -> None:
    client.answer()
    assert client.ask(b"\xff\xfe\x00garbage\x80") == ["KO: unknown command, try 'help'"]
    client.sock.sendall(b"x" * (MAX_LINE + 10) + b"\r\n")
    assert client.answer() == [f"KO: command line too long (over {MAX_LINE} bytes)"]
    assert client.closed()
    again = ConsoleClient(emulator.console_port)  # the console still serves
    try:
        again.answer()
        assert again.ask(f"auth {TOKEN}".encode())[-1] == "OK"
        assert again.ask(b"ping") == ["I am alive!", "OK"]
    finally:
        again.close()


def test_an_empty_token_file_turns_auth_off(tmp_path: Path) -> None:
    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")
    console = EmulatorConsole(0, auth_token_path=token).start()
    client = ConsoleClient(console.port)
    try:
        assert client.answer() == ["Android Console: type 'help' for a list of commands", "OK"]
        assert client.ask(b"ping") == ["I am alive!", "OK"]
    finally:
        client.close()
        console.stop()


def test_a_missing_token_file_is_created_with_a_random_token(tmp_path: Path) -> None:
    token = tmp_path / "home" / ".emulator_console_auth_token"
    console = EmulatorConsole(0, auth_token_path=token)
    written = token.read_text(encoding="utf-8")
    assert console.token == written and len(written) >= 12
    assert EmulatorConsole(0, auth_token_path=token).token == written  # kept, not replaced


def test_serial_follows_the_console_port(emulator: EmulatorServer) -> None:
    assert emulator.serial == f"emulator-{emulator.console_port}"
    import adbutils

    client = adbutils.AdbClient(host="127.0.0.1", port=emulator.adb_port)
    assert [d.serial for d in client.device_list()] == [emulator.serial]


def test_adb_emu_reaches_the_console_with_the_home_token(tmp_path: Path) -> None:
    """Debian's ``adb emu`` reads ~/.emulator_console_auth_token and talks to the console."""
    adb = shutil.which("adb")
    if adb is None:
        if os.environ.get("MOBILE_GYM_REQUIRE_ADB"):
            pytest.fail("the adb command line is not installed")
        pytest.skip("the adb command line is not installed")
    token = tmp_path / ".emulator_console_auth_token"
    token.write_text("home-token", encoding="utf-8")
    env = {**os.environ, "HOME": str(tmp_path)}
    with EmulatorServer(0, 0, 0, auth_token_path=token) as emulator:

        def emu(*words: str) -> bytes:
            command = [adb, "-P", str(emulator.adb_port), "-s", emulator.serial, "emu", *words]
            done = subprocess.run(command, capture_output=True, env=env, timeout=30, check=True)
            return done.stdout

        assert emu("avd", "name") == b"mobile_gym\r\nOK\r\n"
        assert emu("bogus") == b"KO: unknown command, try 'help'\r\n"
        assert emu("kill") == b"OK: killing emulator, bye bye\r\n"
        assert emulator.killed.wait(5)
