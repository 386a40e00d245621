"""Rows seeded at task setup are given to their app when the device shell is root.

The served phone is root (as an emulator after ``adb root``): ``id -u`` prints 0, so after
pushing a seeded database ``AppDatabases`` reads the owner of its folder with ``stat``,
gives the file to it with ``chown`` and relabels it with ``restorecon``. A phone served
with ``root=False`` answers ``id -u`` with 2000 and the file is left as pushed.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_link import AdbLink, ShellResult
from mobile_gym.device.base import DeviceError
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.shell.commands import COMMANDS
from mobile_gym.sim.adb_server.shell.invocation import Invocation
from mobile_gym.sim.system.storage import database_path
from tests.device.conftest import QUICK, SERIAL, factory_reset
from tests.device.test_adb_env import both_episodes

NOTES = "com.simplemobiletools.notes.pro"
NOTES_DB = database_path(NOTES, "notes")
ROW = {"title": "Adopted", "value": "one\ntwo", "created": 1, "modified": 2}
OWNERSHIP = ("id", "stat", "chown", "restorecon")
"""The commands that ask whether the shell is root and give a pushed file to its app."""


class ShellLog:
    """The shell commands an ``AdbLink`` runs, with what each gave."""

    def __init__(self, link: AdbLink, monkeypatch: pytest.MonkeyPatch) -> None:
        self.calls: list[tuple[str, ShellResult]] = []
        run = link.shell

        def shell(what: str, command: str, resend: bool = True) -> ShellResult:
            result = run(what, command, resend)
            self.calls.append((command, result))
            return result

        monkeypatch.setattr(link, "shell", shell)

    def ownership(self) -> list[tuple[str, int, bytes]]:
        """Each ownership command run (``OWNERSHIP``): its line, exit code and stdout."""
        return [
            (command, result.exit_code, result.stdout)
            for command, result in self.calls
            if command.split()[0] in OWNERSHIP
        ]


def adopted(uid: int, path: str) -> list[tuple[str, int, bytes]]:
    """The commands that give ``path`` to the app of ``uid``, each succeeding."""
    folder = path.rsplit("/", 1)[0]
    return [
        (f"stat -c %u:%g {folder}", 0, f"{uid}:{uid}\n".encode()),
        (f"chown {uid}:{uid} {path}", 0, b""),
        (f"restorecon {path}", 0, b""),
    ]


@pytest.fixture
def log(device: AdbDevice, monkeypatch: pytest.MonkeyPatch) -> ShellLog:
    return ShellLog(device.link, monkeypatch)


@pytest.fixture
def root_free_device() -> Iterator[tuple[AdbServer, AdbDevice]]:
    """A phone served with ``root=False`` and an AdbDevice on it."""
    with AdbServer(devices=1, seed=0, root=False) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            yield server, device
        finally:
            device.close()


def notes_titled(server: AdbServer, title: str) -> list[str]:
    """The text of each note titled ``title`` on the served phone."""
    conn = server.phone(SERIAL).storage.database(NOTES, "notes")
    rows = conn.execute("SELECT value FROM notes WHERE title = ? ORDER BY id", [title])
    return [row[0] for row in rows]


def test_a_task_seeding_rows_gives_them_to_the_app_and_plays_as_on_the_sim(
    server: AdbServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    task = "notes.append_item"  # rows pushed at setup; judged by SQL over them
    device = AdbDevice(SERIAL, port=server.port, retry=QUICK, on_reset=factory_reset(server))
    log = ShellLog(device.link, monkeypatch)
    over_adb, in_process = both_episodes(server, task, device)
    assert over_adb == in_process
    *_, last_action, _, _ = over_adb
    assert last_action[4] is True  # success
    uid = server.phone(SERIAL).activities.uid(NOTES)
    assert log.ownership() == [("id -u", 0, b"0\n"), *adopted(uid, NOTES_DB)]


def test_each_seeding_gives_the_file_again_and_asks_for_root_once(
    device: AdbDevice, server: AdbServer, log: ShellLog
) -> None:
    device.insert_rows(NOTES, "notes", "notes", [ROW], False)
    device.insert_rows(NOTES, "notes", "notes", [{**ROW, "value": "three"}], False)
    uid = server.phone(SERIAL).activities.uid(NOTES)
    steps = adopted(uid, NOTES_DB)
    assert log.ownership() == [("id -u", 0, b"0\n"), *steps, *steps]
    assert notes_titled(server, "Adopted") == ["one\ntwo", "three"]
    ls = device.link.command("list", f"ls -l {NOTES_DB}")
    assert f" u0_a{uid - 10000} u0_a{uid - 10000} " in ls


def test_a_shell_that_is_not_root_leaves_the_file_as_pushed(
    root_free_device: tuple[AdbServer, AdbDevice], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, device = root_free_device
    log = ShellLog(device.link, monkeypatch)
    device.insert_rows(NOTES, "notes", "notes", [ROW], False)
    device.insert_rows(NOTES, "notes", "notes", [ROW], False)
    assert log.ownership() == [("id -u", 0, b"2000\n")]
    assert notes_titled(server, "Adopted") == ["one\ntwo"] * 2
    sql = "SELECT COUNT(*) FROM notes WHERE title = ?"
    assert device.query(NOTES, "notes", sql, ["Adopted"]) == [(2,)]


def test_a_device_without_restorecon_still_gets_its_rows(
    device: AdbDevice, server: AdbServer, log: ShellLog, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(COMMANDS, "restorecon")
    device.insert_rows(NOTES, "notes", "notes", [ROW], False)
    *_, (command, status, _) = log.ownership()
    assert (command, status) == (f"restorecon {NOTES_DB}", 127)
    assert notes_titled(server, "Adopted") == ["one\ntwo"]


def test_a_chown_that_fails_is_a_device_error(
    device: AdbDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delitem(COMMANDS, "chown")
    with pytest.raises(DeviceError, match=rf"give {NOTES_DB} to its app: `chown \d+:\d+ "):
        device.insert_rows(NOTES, "notes", "notes", [ROW], False)


def test_a_restorecon_that_fails_is_a_device_error(
    device: AdbDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(invocation: Invocation, args: list[str]) -> int:
        invocation.err.write(
            f"restorecon: restorecon failed: {args[0]}: Permission denied\n".encode()
        )
        return 1

    monkeypatch.setitem(COMMANDS, "restorecon", refuse)
    with pytest.raises(DeviceError, match=r"`restorecon .*` exited with 1: .*Permission denied"):
        device.insert_rows(NOTES, "notes", "notes", [ROW], False)


def test_an_owner_that_is_no_uid_and_gid_is_a_device_error(
    device: AdbDevice, monkeypatch: pytest.MonkeyPatch
) -> None:
    def unknown(invocation: Invocation, args: list[str]) -> int:
        invocation.print("?:?")
        return 0

    monkeypatch.setitem(COMMANDS, "stat", unknown)
    with pytest.raises(DeviceError, match=r"`stat -c %u:%g /data/data/.*` printed '\?:\?'"):
        device.insert_rows(NOTES, "notes", "notes", [ROW], False)
