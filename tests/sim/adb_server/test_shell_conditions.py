"""``test`` and ``[`` in the served phone's shell, over shell v2: file, string and integer
conditions, as scripts join them with ``&&`` and ``||``."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from tests.sim.adb_server.raw_client import Run, ok


@pytest.fixture(autouse=True)
def files(phone: Phone) -> None:
    phone.write_file("/sdcard/Download/full.txt", b"hello\n")
    phone.write_file("/sdcard/Download/empty.txt", b"")


@pytest.mark.parametrize(
    ("condition", "holds"),
    [
        ("-e /sdcard/Download/full.txt", True),
        ("-f /sdcard/Download/full.txt", True),
        ("-f /sdcard/Download", False),
        ("-d /sdcard/Download", True),
        ("-d /sdcard/Download/full.txt", False),
        ("-e /sdcard/Download/none.txt", False),
        ("-s /sdcard/Download/full.txt", True),
        ("-s /sdcard/Download/empty.txt", False),
        ("-L /sdcard/Download/full.txt", False),
        ("! -e /sdcard/Download/none.txt", True),
        ("-z ''", True),
        ("-n ''", False),
        ("abc = abc", True),
        ("abc != abc", False),
        ("3 -lt 10", True),
        ("10 -le 3", False),
        ("' 7' -eq 7", True),
        ("abc = abc -a 1 -eq 2", False),
        ("abc = abc -o 1 -eq 2", True),
        ("1 -eq 2 -o 2 -eq 2 -a 3 -eq 3", True),
        ("", False),
        ("word", True),
        ("-n", True),  # one word: true when not empty
    ],
)
def test_conditions(sh: Run, condition: str, holds: bool) -> None:
    expected = "0\n" if holds else "1\n"
    assert ok(sh(f"[ {condition} ]; echo $?")) == expected
    assert ok(sh(f"test {condition}; echo $?")) == expected


def test_conditions_steer_the_shell(sh: Run, phone: Phone) -> None:
    line = "[ -f /sdcard/Download/new.txt ] || echo made > /sdcard/Download/new.txt"
    ok(sh(line))
    assert phone.read_file("/sdcard/Download/new.txt") == b"made\n"
    ok(sh("echo again > /sdcard/Download/new.txt && " + line))
    assert phone.read_file("/sdcard/Download/new.txt") == b"again\n"  # kept: it exists


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("[ -f /sdcard/Download/full.txt", "[: missing ]"),
        ("[ x -eq 1 ]", "[: x: bad number"),
        ("test a b", "test: b: unexpected operator"),
        ("test 1 -eq", "test: missing argument"),
    ],
)
def test_a_condition_that_cannot_be_read_is_status_2(sh: Run, line: str, message: str) -> None:
    result = sh(line)
    assert result.status == 2, result
    assert result.stderr.decode() == message + "\n"
