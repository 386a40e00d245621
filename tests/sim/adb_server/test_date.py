"""``date`` in the served phone's shell: the virtual clock shown and set, over raw shell v2."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from tests.sim.adb_server.raw_client import Run, ShellResult, ok, shell_v2


def refused(result: ShellResult) -> str:
    assert (result.status, result.stdout) == (1, b""), result
    return result.stderr.decode()


def test_date_shows_the_virtual_clock(sh: Run, phone: Phone) -> None:
    assert ok(sh("date")) == "Mon Jun  3 09:30:00 UTC 2024\n"
    assert ok(sh("date -u")) == "Mon Jun  3 09:30:00 UTC 2024\n"
    phone.wait(61_250)
    assert ok(sh("date +%Y-%m-%dT%H:%M:%S.%N%z")) == "2024-06-03T09:31:01.250000000+0000\n"
    assert ok(sh("date '+%s|%j|%-d|%e|%A %a|%B %b|%I %p|%F %T|%Z|%%'")) == (
        "1717407061|155|3| 3|Monday Mon|June Jun|09 AM|2024-06-03 09:31:01|UTC|%\n"
    )
    assert ok(sh("date -d @0 +%c")) == "Thu Jan  1 00:00:00 1970\n"
    assert ok(sh("date -d '2024-06-03T10:00+0200' +%T")) == "08:00:00\n"
    assert phone.clock.now == dt.datetime(2024, 6, 3, 9, 31, 1, 250_000)  # -d sets nothing


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        ("date 123123592025.30", dt.datetime(2025, 12, 31, 23, 59, 30)),  # MMDDhhmmCCYY.ss
        ("date 0704120030", dt.datetime(2030, 7, 4, 12, 0)),  # MMDDhhmmYY
        ("date 0704120095", dt.datetime(1995, 7, 4, 12, 0)),  # YY within 50 years of 2024
        ("date 02291200", dt.datetime(2024, 2, 29, 12, 0)),  # MMDDhhmm: this year
        ("date -s '2024-09-16 08:15:00'", dt.datetime(2024, 9, 16, 8, 15)),
        ("date -s 2024-09-16T08:15:00.5", dt.datetime(2024, 9, 16, 8, 15, 0, 500_000)),
        ("date -s 2024-09-16", dt.datetime(2024, 9, 16)),
        ("date -s 21:05", dt.datetime(2024, 6, 3, 21, 5)),  # today
        ("date -s @1718000000", dt.datetime(2024, 6, 10, 6, 13, 20)),
    ],
)
def test_date_sets_the_virtual_clock(sh: Run, phone: Phone, line: str, expected) -> None:
    out = ok(sh(line))
    assert phone.clock.now == expected
    assert out == f"{expected:%a %b} {expected.day:2d} {expected:%H:%M:%S} UTC {expected.year}\n"
    assert ok(sh("date +%F.%T")) == f"{expected:%F.%T}\n"


def test_setting_the_clock_matches_the_in_process_setup(sh: Run, phone: Phone) -> None:
    """What ``date`` sets is what task setup's ``Phone.set_time`` sets: the status bar
    clock and a fresh count of elapsed input time."""
    phone.wait(5000)
    reference = Phone(seed=0)
    reference.set_time(dt.datetime(2024, 9, 16, 14, 45))
    ok(sh("date 091614452024.00"))
    assert phone.clock.state() == reference.clock.state()
    assert phone.hierarchy_xml() == reference.hierarchy_xml()


@pytest.mark.parametrize(
    "value",
    ["1301000024", "0230120024", "06031230x", "060312", "2024-13-01", "25:00", "@x", "tomorrow"],
)
def test_a_bad_date_is_refused(sh: Run, phone: Phone, value: str) -> None:
    before = phone.clock.state()
    assert refused(sh(f"date -s '{value}'")) == f"date: bad date '{value}'\n"
    assert refused(sh(f"date -d '{value}'")) == f"date: bad date '{value}'\n"
    assert phone.clock.state() == before


def test_bad_usage_is_refused(sh: Run) -> None:
    assert "option -x not recognized" in refused(sh("date -x"))
    assert "option -s requires argument" in refused(sh("date -s"))
    assert refused(sh("date 0101000024 0102000024")).startswith("usage: date")
    assert "cannot be combined" in refused(sh("date -d @0 -s @0"))


def test_a_phone_without_root_cannot_set_the_clock() -> None:
    with AdbServer(devices=1, root=False) as server:
        serial = server.serials[0]
        result = shell_v2(server.port, serial, "date 091614452024.00")
        assert refused(result) == "date: cannot set date: Operation not permitted\n"
        assert server.phone(serial).clock.now == dt.datetime(2024, 6, 3, 9, 30)
        assert ok(shell_v2(server.port, serial, "date +%F")) == "2024-06-03\n"
