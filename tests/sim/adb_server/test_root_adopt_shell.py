"""``id``, ``stat``, ``chown`` and ``restorecon`` in the served phone's shell, driven by the
real adbutils client (and Debian's ``adb`` where it is installed), as toybox answers them.

An app's data directory and what it holds belong to the app's uid (``u0_aN``); elsewhere
folders belong to ``root`` and files to ``shell``. The phone keeps no owner per file:
``chown`` checks what it is asked and changes nothing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import adbutils
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.system.storage import database_path
from tests.sim.adb_server.test_adb_cli import ADB, _adb_command

NOTES = "com.simplemobiletools.notes.pro"
NOTES_DIR = f"/data/data/{NOTES}"
NOTES_DB = database_path(NOTES, "notes")
SHELL_GROUPS = "1004 1007 1011 1015 1028 1078 1079 3001 3002 3003 3006 3009 3011 3012"
Result = tuple[int, str, str]


def run(device: adbutils.AdbDevice, line: str) -> Result:
    """Exit status, stdout and stderr of ``line`` over shell v2."""
    result = device.shell2(line, v2=True)
    return result.returncode, result.stdout, result.stderr


def ok(device: adbutils.AdbDevice, line: str) -> str:
    status, out, err = run(device, line)
    assert (status, err) == (0, ""), (line, status, err)
    return out


def app(phone: Phone, package: str = NOTES) -> tuple[int, str]:
    """The uid the phone gives ``package``, and its name."""
    uid = phone.activities.uid(package)
    return uid, f"u0_a{uid - 10000}"


@pytest.fixture
def shell_user() -> Iterator[adbutils.AdbDevice]:
    """A phone served with ``root=False`` (a production phone's shell), through adbutils."""
    with AdbServer(devices=1, seed=0, root=False) as server:
        client = adbutils.AdbClient(host="127.0.0.1", port=server.port)
        yield client.device(server.serials[0])


# id -------------------------------------------------------------------------------------------
def test_id_answers_as_toybox_for_root(device: adbutils.AdbDevice) -> None:
    assert ok(device, "id -u") == "0\n"
    assert ok(device, "id -g; id -un; id -gn; id -ru") == "0\nroot\nroot\n0\n"
    assert ok(device, "id -G") == SHELL_GROUPS + "\n"
    assert ok(device, "id -Gn").split()[:3] == ["input", "log", "adb"]
    assert ok(device, "id -Z") == "u:r:su:s0\n"
    line = ok(device, "id")
    assert line.startswith("uid=0(root) gid=0(root) groups=0(root),1004(input),1007(log),")
    assert line.endswith(",3012(readtracefs) context=u:r:su:s0\n")
    assert (
        ok(device, "id shell")
        == "uid=2000(shell) gid=2000(shell) groups=2000(shell) context=u:r:su:s0\n"
    )
    assert ok(device, "id -un u0_a7; id -u u0_a7_cache") == "u0_a7\n20007\n"


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("id -u -g", "id: No 'g' with 'u'\n"),
        ("id -x", "id: option -x not recognized\n"),
        ("id root shell", "id: Max 1 argument\n"),
        ("id nobody_here", "id: user 'nobody_here': No such file or directory\n"),
    ],
)
def test_id_refuses_what_toybox_refuses(device: adbutils.AdbDevice, line: str, error: str) -> None:
    assert run(device, line) == (1, "", error)


def test_id_on_a_phone_whose_shell_is_not_root(shell_user: adbutils.AdbDevice) -> None:
    assert ok(shell_user, "id -u; id -un; id -Z") == "2000\nshell\nu:r:shell:s0\n"
    assert ok(shell_user, "id").startswith("uid=2000(shell) gid=2000(shell) groups=2000(shell),")


# stat -----------------------------------------------------------------------------------------
def test_stat_shows_an_apps_files_as_its_own(device: adbutils.AdbDevice, phone: Phone) -> None:
    uid, name = app(phone)
    assert ok(device, f"stat -c %u:%g {NOTES_DIR}/databases") == f"{uid}:{uid}\n"
    size = len(phone.read_file(NOTES_DB))
    line = ok(device, f"stat -c '%n|%s|%u|%g|%U|%G|%a|%A|%F' {NOTES_DB}")
    assert line == f"{NOTES_DB}|{size}|{uid}|{uid}|{name}|{name}|660|-rw-rw----|regular file\n"
    assert ok(device, f"stat -c '%U %G %F' {NOTES_DIR}") == f"{name} {name} directory\n"
    assert f" {name} {name} " in ok(device, f"ls -l {NOTES_DB}")


def test_stat_shows_other_folders_as_roots_and_files_as_shells(
    device: adbutils.AdbDevice, tmp_path: Path
) -> None:
    source = tmp_path / "note.txt"
    source.write_bytes(b"hello")
    device.sync.push(source, "/data/local/tmp/note.txt")
    line = ok(device, "stat -c '%n %s %u:%g %U:%G %F' /sdcard/Download /data/local/tmp/note.txt")
    assert line == (
        "/sdcard/Download 4096 0:0 root:root directory\n"
        "/data/local/tmp/note.txt 5 2000:2000 shell:shell regular file\n"
    )
    ok(device, "touch /data/local/tmp/empty")
    assert ok(device, "stat -c %F /data/local/tmp/empty") == "regular empty file\n"


def test_stat_formats_as_printf_and_marks_what_it_does_not_know(
    device: adbutils.AdbDevice, phone: Phone
) -> None:
    _, name = app(phone)
    line = ok(device, f"stat -c '[%10U][%-8s][%%][%i][%Y]' {NOTES_DIR}")
    mtime = phone.clock.epoch_ms // 1000
    assert line == f"[{name:>10}][4096    ][%][?][{mtime}]\n"


def test_stat_reports_a_missing_file_and_shows_the_others(device: adbutils.AdbDevice) -> None:
    status, out, err = run(device, "stat -c %n /nowhere /sdcard")
    assert (status, out, err) == (1, "/sdcard\n", "stat: '/nowhere': No such file or directory\n")


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("stat -c %n", "stat: Need 1 argument\n"),
        ("stat -q /sdcard", "stat: option -q not recognized\n"),
        ("stat /sdcard", "stat: only `stat -c FORMAT FILE...` is supported\n"),
        ("stat -f -c %n /sdcard", "stat: only `stat -c FORMAT FILE...` is supported\n"),
        ("stat -c %.99999s /sdcard", "stat: bad %.99999s\n"),  # not a 100 kB line
    ],
)
def test_stat_refuses_what_it_cannot_do(device: adbutils.AdbDevice, line: str, error: str) -> None:
    assert run(device, line) == (1, "", error)


# chown ----------------------------------------------------------------------------------------
def test_chown_takes_owners_by_number_or_name_and_changes_nothing(
    device: adbutils.AdbDevice, phone: Phone
) -> None:
    uid, name = app(phone)
    assert ok(device, f"chown {uid}:{uid} {NOTES_DB}") == ""
    assert ok(device, f"chown {name}:{name}_cache {NOTES_DB}; chown root {NOTES_DB}") == ""
    assert ok(device, f"chown shell.shell {NOTES_DB}; chown :everybody {NOTES_DB}") == ""
    assert ok(device, f"stat -c %U:%G {NOTES_DB}") == f"{name}:{name}\n"  # not modelled
    assert ok(device, f"chown -v {name} {NOTES_DB}") == f"chown {name} {NOTES_DB}\n"
    assert ok(device, f"chown -Rv :{name} {NOTES_DIR}") == (
        f"chown :{name} {NOTES_DB}\nchown :{name} {NOTES_DIR}/databases\nchown :{name} {NOTES_DIR}\n"
    )


@pytest.mark.parametrize(
    ("line", "error"),
    [
        ("chown nobody_here /sdcard", "chown: bad user 'nobody_here'\n"),
        ("chown root:nobody_here /sdcard", "chown: bad group 'nobody_here'\n"),
        ("chown root", "chown: Need 2 arguments\n"),
        ("chown -q root /sdcard", "chown: option -q not recognized\n"),
        ("chown root /nowhere", "chown: /nowhere: No such file or directory\n"),
    ],
)
def test_chown_refuses_what_toybox_refuses(
    device: adbutils.AdbDevice, line: str, error: str
) -> None:
    assert run(device, line) == (1, "", error)


def test_chown_is_not_permitted_to_a_shell_that_is_not_root(
    shell_user: adbutils.AdbDevice,
) -> None:
    denied = "chown: changing owner:group of '/sdcard' to 'root:(null)': Operation not permitted\n"
    assert run(shell_user, "chown root /sdcard") == (1, "", denied)
    assert run(shell_user, "chown -f root /sdcard") == (1, "", "")


# restorecon -----------------------------------------------------------------------------------
def test_restorecon_takes_files_that_exist_and_says_nothing(device: adbutils.AdbDevice) -> None:
    assert ok(device, f"restorecon {NOTES_DB} /sdcard; restorecon -RFDnv {NOTES_DIR}") == ""
    missing = "restorecon: restorecon failed: /nowhere: No such file or directory\n"
    assert run(device, f"restorecon /nowhere {NOTES_DB}") == (1, "", missing)
    assert run(device, "restorecon") == (1, "", "restorecon: Need 1 argument\n")
    assert run(device, "restorecon -q /sdcard") == (1, "", "restorecon: option -q not recognized\n")


# the adopt step, as AdbDevice sends it --------------------------------------------------------
def test_the_owner_read_by_stat_is_given_by_chown_then_restorecon(
    device: adbutils.AdbDevice, phone: Phone
) -> None:
    uid, _ = app(phone)
    owner = ok(device, f"stat -c %u:%g {NOTES_DIR}/databases").strip()
    assert owner == f"{uid}:{uid}"
    assert ok(device, f"chown {owner} {NOTES_DB} && restorecon {NOTES_DB} && echo done") == "done\n"


@pytest.mark.skipif(
    ADB is None and not os.environ.get("MOBILE_GYM_REQUIRE_ADB"),
    reason="Debian's adb client is not installed (apt-get install -y adb; CI does and requires it)",
)
def test_debians_adb_sees_a_root_shell_and_the_apps_owner(
    server: AdbServer, phone: Phone, tmp_path: Path
) -> None:
    adb = _adb_command(server.port, tmp_path / "home")
    uid, name = app(phone)
    assert adb("shell", "id -u").stdout == b"0\n"
    assert adb("shell", f"stat -c %U:%g {NOTES_DIR}").stdout == f"{name}:{uid}\n".encode()
    assert adb("shell", f"chown {uid}:{uid} {NOTES_DB} && restorecon {NOTES_DB}").stdout == b""
    result = adb("shell", "restorecon /nowhere", check=False)
    assert (result.returncode, result.stderr) == (
        1,
        b"restorecon: restorecon failed: /nowhere: No such file or directory\n",
    )
