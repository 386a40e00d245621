"""The emulator console: the auth-token handshake and the commands, over a real socket."""

from __future__ import annotations

import re
import select
from collections.abc import Iterator
from pathlib import Path

import pytest

from mobile_gym.device.emulator import EmulatorError, console_command
from mobile_gym.emulator.console import MAX_LINE, EmulatorConsole
from mobile_gym.emulator.server import EmulatorServer
from tests.emulator.conftest import TOKEN, ConsoleClient, adb_command, adb_emu
from tests.emulator.test_served_shell import NOTES, shell

BANNER = [
    "Android Console: Authentication required",
    "Android Console: type 'auth <auth_token>' to authenticate",
    "Android Console: you can find your <auth_token> in ",
]


LAUNCHER = "com.android.launcher3"
BRIGHTNESS = ("system", "screen_brightness")
SNAPSHOT_HEADER = [
    "List of snapshots present on all disks:",
    "ID        TAG                 VM SIZE                DATE       VM CLOCK",
]
SNAPSHOT_ROW = re.compile(
    r"--        (?P<name>\S+) +\d+(\.\d)?[KMGT]?"  # tag, VM size
    r" \d{4}-\d\d-\d\d \d\d:\d\d:\d\d   \d\d:\d\d:\d\d\.\d{3}"  # date, VM clock
)
BOOTED = ("128", LAUNCHER)
"""A new phone's screen brightness and app in front."""


def phone_state(emulator: EmulatorServer) -> tuple[str | None, str]:
    """The phone's screen brightness setting and the app in front."""
    with emulator.locked() as phone:
        return phone.settings.get(*BRIGHTNESS), phone.foreground_package


def change_the_phone(emulator: EmulatorServer) -> None:
    """Dim the screen and open Notes, through the served ADB server."""
    shell(emulator, "settings put system screen_brightness 7")
    shell(emulator, f"am start -n {NOTES}/.activities.MainActivity")
    assert phone_state(emulator) == ("7", NOTES)


def listed_names(lines: list[str]) -> list[str]:
    """The snapshot names of an ``avd snapshot list`` answer (its lines before ``OK``)."""
    assert lines[:2] == SNAPSHOT_HEADER
    rows = [SNAPSHOT_ROW.fullmatch(line) for line in lines[2:]]
    assert all(rows), lines
    return [row["name"] for row in rows if row]


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
    assert client.ask(b"gsm call 123") == ["KO: unknown command, try 'help'"]
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


@pytest.fixture
def open_console(tmp_path: Path) -> Iterator[ConsoleClient]:
    """A client of a console without a phone whose empty token file turns auth off."""
    token = tmp_path / "token"
    token.write_text("", encoding="utf-8")
    console = EmulatorConsole(0, auth_token_path=token).start()
    client = ConsoleClient(console.port)
    try:
        yield client
    finally:
        client.close()
        console.stop()


def test_an_empty_token_file_turns_auth_off(open_console: ConsoleClient) -> None:
    assert open_console.answer() == ["Android Console: type 'help' for a list of commands", "OK"]
    assert open_console.ask(b"ping") == ["I am alive!", "OK"]


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
    adb_command()
    token = tmp_path / ".emulator_console_auth_token"
    token.write_text("home-token", encoding="utf-8")
    with EmulatorServer(0, 0, 0, auth_token_path=token) as emulator:
        assert adb_emu(emulator, tmp_path, "avd", "name") == b"mobile_gym\r\nOK\r\n"
        assert adb_emu(emulator, tmp_path, "bogus") == b"KO: unknown command, try 'help'\r\n"
        assert adb_emu(emulator, tmp_path, "kill") == b"OK: killing emulator, bye bye\r\n"
        assert emulator.killed.wait(5)


def test_adb_emu_saves_and_loads_a_snapshot(emulator: EmulatorServer, home: Path) -> None:
    """``adb emu avd snapshot load clean``, as a harness restores an emulator between episodes."""
    assert adb_emu(emulator, home, "avd", "snapshot", "save", "clean") == b"OK\r\n"
    change_the_phone(emulator)
    assert adb_emu(emulator, home, "avd", "snapshot", "load", "clean") == b"OK\r\n"
    assert phone_state(emulator) == BOOTED


def test_snapshot_load_brings_the_phone_back_to_the_saved_state(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    assert phone_state(emulator) == BOOTED
    assert authed.ask(b"avd snapshot save clean") == ["OK"]
    change_the_phone(emulator)
    assert authed.ask(b"avd snapshot load clean") == ["OK"]
    assert phone_state(emulator) == BOOTED
    assert shell(emulator, "settings get system screen_brightness") == "128"
    change_the_phone(emulator)  # a snapshot loads again and again
    assert authed.ask(b"avd snapshot load clean") == ["OK"]
    assert phone_state(emulator) == BOOTED


def test_snapshot_save_replaces_a_snapshot_of_the_same_name(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    assert authed.ask(b"avd snapshot save clean") == ["OK"]
    change_the_phone(emulator)
    assert authed.ask(b"avd snapshot save clean") == ["OK"]
    with emulator.locked() as phone:
        phone.settings.put(*BRIGHTNESS, 200)
    assert authed.ask(b"avd snapshot load clean") == ["OK"]
    assert phone_state(emulator) == ("7", NOTES)


def test_snapshot_list_and_delete(authed: ConsoleClient) -> None:
    assert authed.ask(b"avd snapshot list") == ["There is no snapshot available.", "OK"]
    assert authed.ask(b"avd snapshot save clean") == ["OK"]
    assert authed.ask(b"avd snapshot save logged_in") == ["OK"]
    listing = authed.ask(b"avd snapshot list")
    assert listing[-1] == "OK"
    assert listed_names(listing[:-1]) == ["clean", "logged_in"]
    assert authed.ask(b"avd snapshot delete clean") == ["OK"]
    assert listed_names(authed.ask(b"avd snapshot list")[:-1]) == ["logged_in"]
    gone = "KO: Device 'mobile_gym' does not have the requested snapshot 'clean'"
    assert authed.ask(b"avd snapshot delete clean") == [gone]
    assert authed.ask(b"avd snapshot load clean") == [gone]
    assert authed.ask(b"avd snapshot del logged_in") == ["OK"]  # the real console's alias
    assert authed.ask(b"avd snapshot list") == ["There is no snapshot available.", "OK"]


def test_snapshot_commands_say_what_is_missing(authed: ConsoleClient) -> None:
    assert authed.ask(b"avd") == ["KO: missing sub-command: name, status, id or snapshot"]
    assert authed.ask(b"avd snapshot") == ["KO: missing sub-command: list, save, load or delete"]
    for sub in ("save", "load", "delete"):
        assert authed.ask(f"avd snapshot {sub}".encode()) == [
            f"KO: Argument missing, try 'avd snapshot {sub} <name>'"
        ]
    assert authed.ask(b"avd snapshot load nope") == [
        "KO: Device 'mobile_gym' does not have the requested snapshot 'nope'"
    ]
    assert authed.ask(b"avd snapshot fly") == ["KO: unknown command, try 'help'"]


def test_snapshot_save_waits_for_the_phone_lock(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    """Save runs under the lock the ADB server and gRPC take: not while another holds it."""
    with emulator.locked() as phone:
        authed.sock.sendall(b"avd snapshot save clean\r\n")
        assert select.select([authed.sock], [], [], 0.3)[0] == []  # no answer yet
        phone.settings.put(*BRIGHTNESS, 42)  # done before the save could start
    assert authed.answer() == ["OK"]
    change_the_phone(emulator)
    assert authed.ask(b"avd snapshot load clean") == ["OK"]
    assert phone_state(emulator) == ("42", LAUNCHER)


def test_the_library_console_client_saves_and_loads_snapshots(
    emulator: EmulatorServer, home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``console_command``, as the library drives real emulators, with the home token."""
    monkeypatch.setenv("HOME", str(home))
    port = emulator.console_port
    assert console_command(port, "avd snapshot save clean") == ""
    change_the_phone(emulator)
    assert console_command(port, "avd snapshot load clean") == ""
    assert phone_state(emulator) == BOOTED
    assert listed_names(console_command(port, "avd snapshot list").splitlines()) == ["clean"]
    with pytest.raises(EmulatorError, match="does not have the requested snapshot 'dirty'"):
        console_command(port, "avd snapshot load dirty")
    with pytest.raises(EmulatorError, match="Argument missing"):
        console_command(port, "avd snapshot save")


def test_a_console_without_a_phone_has_no_state_to_snapshot(open_console: ConsoleClient) -> None:
    open_console.answer()
    for command in (b"avd snapshot save clean", b"avd snapshot load clean", b"avd snapshot list"):
        assert open_console.ask(command) == ["KO: no virtual device state to snapshot"]
    assert open_console.ask(b"avd snapshot load") == [
        "KO: Argument missing, try 'avd snapshot load <name>'"
    ]
