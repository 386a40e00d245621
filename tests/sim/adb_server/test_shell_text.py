"""``wc``, ``tail``, ``sort`` and ``uniq`` in the served phone's shell, over shell v2: on the
phone's files and, after ``|``, on another command's output, as toybox prints them."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from tests.sim.adb_server.raw_client import Run, ok

LINES = "b\nc d\na\n"
NUMBERS = "10\n9\nx\n9\n"


@pytest.fixture(autouse=True)
def text_files(phone: Phone) -> None:
    phone.write_file("/sdcard/Download/lines.txt", LINES.encode())
    phone.write_file("/sdcard/Download/numbers.txt", NUMBERS.encode())


def test_wc_counts_lines_words_characters_and_bytes(sh: Run, phone: Phone) -> None:
    assert ok(sh("wc /sdcard/Download/lines.txt")) == "3 4 8 /sdcard/Download/lines.txt\n"
    assert ok(sh("wc -l /sdcard/Download/lines.txt")) == "3 /sdcard/Download/lines.txt\n"
    phone.write_file("/sdcard/Download/accents.txt", "é ü\n".encode())
    assert ok(sh("wc -mc /sdcard/Download/accents.txt")) == "4 6 /sdcard/Download/accents.txt\n"
    # several files: 7 columns and a total
    assert ok(sh("wc -l /sdcard/Download/lines.txt /sdcard/Download/numbers.txt")) == (
        "      3 /sdcard/Download/lines.txt\n      4 /sdcard/Download/numbers.txt\n      7 total\n"
    )
    # its input: bare with one count, 7 columns with more
    assert ok(sh("cat /sdcard/Download/lines.txt | wc -l")) == "3\n"
    assert ok(sh("cat /sdcard/Download/lines.txt | wc")) == "      3       4       8\n"
    listed = len(phone.storage.list_dir("/sdcard/DCIM/Camera"))
    assert listed > 0
    assert ok(sh("ls /sdcard/DCIM/Camera | wc -l")) == f"{listed}\n"


def test_tail_keeps_the_end(sh: Run) -> None:
    assert ok(sh("tail -n 2 /sdcard/Download/lines.txt")) == "c d\na\n"
    assert ok(sh("tail -1 /sdcard/Download/lines.txt")) == "a\n"
    assert ok(sh("tail -n +2 /sdcard/Download/lines.txt")) == "c d\na\n"
    assert ok(sh("tail -c 4 /sdcard/Download/lines.txt")) == "d\na\n"
    assert ok(sh("tail -n 50 /sdcard/Download/lines.txt")) == LINES
    assert ok(sh("tail -c 50 /sdcard/Download/lines.txt")) == LINES
    assert ok(sh("tail -n 0 /sdcard/Download/lines.txt")) == ""
    assert ok(sh("cat /sdcard/Download/numbers.txt | tail -n 1")) == "9\n"
    both = ok(sh("tail -n 1 /sdcard/Download/lines.txt /sdcard/Download/numbers.txt"))
    assert both == (
        "==> /sdcard/Download/lines.txt <==\na\n\n==> /sdcard/Download/numbers.txt <==\n9\n"
    )
    assert ok(sh("tail -q -n 1 /sdcard/Download/lines.txt /sdcard/Download/numbers.txt")) == (
        "a\n9\n"
    )


def test_sort_and_uniq(sh: Run) -> None:
    assert ok(sh("sort /sdcard/Download/lines.txt")) == "a\nb\nc d\n"
    assert ok(sh("sort -r /sdcard/Download/lines.txt")) == "c d\nb\na\n"
    assert ok(sh("sort -n /sdcard/Download/numbers.txt")) == "x\n9\n9\n10\n"
    assert ok(sh("sort -rn /sdcard/Download/numbers.txt")) == "10\n9\n9\nx\n"
    assert ok(sh("sort -nu /sdcard/Download/numbers.txt")) == "x\n9\n10\n"
    assert ok(sh("cat /sdcard/Download/numbers.txt | sort | uniq -c")) == (
        "      1 10\n      2 9\n      1 x\n"
    )
    assert ok(sh("sort /sdcard/Download/numbers.txt | uniq -d")) == "9\n"
    assert ok(sh("uniq -u /sdcard/Download/numbers.txt")) == "10\n9\nx\n9\n"  # runs only
    assert ok(sh("echo B > /sdcard/b.txt; echo a >> /sdcard/b.txt; sort -f /sdcard/b.txt")) == (
        "a\nB\n"
    )
    # a pipe of several readers, each finishing in turn
    assert ok(sh("ls /sdcard/DCIM/Camera | sort -r | tail -n 1 | wc -l")) == "1\n"


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("wc -l /sdcard/Download/missing.txt", "wc: /sdcard/Download/missing.txt: No such file"),
        ("wc /sdcard", "wc: /sdcard: Is a directory"),
        ("tail -f /sdcard/Download/lines.txt", "tail: -f: following a file is not supported"),
        ("tail -n many /sdcard/Download/lines.txt", "tail -n must be an integer"),
        ("sort -k 2 /sdcard/Download/lines.txt", "sort: option -k not recognized"),
        ("uniq /sdcard/Download/lines.txt /sdcard/out.txt", "uniq: writing to an OUTPUT file"),
    ],
)
def test_what_they_cannot_do_fails_with_a_message(sh: Run, line: str, message: str) -> None:
    result = sh(line)
    assert result.status == 1, result
    assert message in result.stderr.decode()
    assert result.stdout == b""


def test_input_redirected_from_a_file(sh: Run, phone: Phone) -> None:
    """``< FILE`` feeds a reader the file in place of the pipe; ``< /dev/null`` gives it
    nothing (what ``adb install`` appends to its clean-up ``rm``)."""
    assert ok(sh("wc -l < /sdcard/Download/lines.txt")) == "3\n"
    assert ok(sh("sort < /sdcard/Download/lines.txt | head -n 1")) == "a\n"
    assert ok(sh("echo ignored | cat < /sdcard/Download/numbers.txt")) == NUMBERS
    phone.write_file("/data/local/tmp/app.apk", b"PK")
    assert ok(sh("rm '/data/local/tmp/app.apk' </dev/null; cat </dev/null")) == ""
    assert not phone.storage.exists("/data/local/tmp/app.apk")
    result = sh("cat < /sdcard/Download/none.txt; echo $?")
    assert result.stdout == b"1\n"
    assert b"can't open /sdcard/Download/none.txt: No such file or directory" in result.stderr


def test_a_missing_file_among_others(sh: Run) -> None:
    result = sh("wc -l /sdcard/Download/lines.txt /sdcard/nope.txt")
    assert result.status == 1
    assert result.stdout == b"      3 /sdcard/Download/lines.txt\n      3 total\n"
    assert result.stderr == b"wc: /sdcard/nope.txt: No such file or directory\n"
