"""The served shell's variables, ``exec`` and ``head``, and ``adb logcat`` that needs them."""

from __future__ import annotations

import pytest

from mobile_gym.sim.phone import Phone
from tests.sim.adb_server.raw_client import Run, ok
from tests.sim.adb_server.sim_device_fixtures import adb_cli  # noqa: F401
from tests.sim.adb_server.test_adb_cli import Adb

LINES = "".join(f"line {n}\n" for n in range(1, 13))


@pytest.fixture
def text_file(phone: Phone) -> str:
    phone.write_file("/sdcard/lines.txt", LINES.encode())
    return "/sdcard/lines.txt"


# adb logcat --------------------------------------------------------------------------------------
def test_adb_logcat_dump_prints_the_log(adb: Adb, phone: Phone) -> None:
    phone.log("android", "TestTag", "hello from the phone")
    result = adb("logcat", "-d")  # sent as: export ANDROID_LOG_TAGS=""; exec logcat -d
    lines = result.stdout.decode().splitlines()
    assert lines[0] == "--------- beginning of main"
    assert any(line.endswith("I TestTag: hello from the phone") for line in lines)
    assert result.stderr == b""


def test_adb_logcat_keeps_its_filter_specs(adb: Adb) -> None:
    lines = adb("logcat", "-d", "ActivityManager:I", "*:S").stdout.decode().splitlines()
    assert lines[1:] and all(" I ActivityManager: " in line for line in lines[1:])


def test_logcat_takes_its_filter_from_android_log_tags(sh: Run) -> None:
    tagged = ok(sh("export ANDROID_LOG_TAGS='Zygote:I *:S'; exec logcat -d")).splitlines()
    assert len(tagged) == 2 and "I Zygote: System server process started" in tagged[1]
    once = ok(sh("ANDROID_LOG_TAGS='ActivityManager:I *:S' logcat -d; logcat -d"))
    assert once.count("I ActivityManager: Boot completed") == 2
    assert once.count("I Zygote: ") == 1  # the variable held for the first logcat only


def test_a_following_logcat_stops_when_head_has_its_lines(sh: Run) -> None:
    out = ok(sh("logcat | head -n 2"))  # a hang fails on the client's 10 s socket timeout
    banner, first = out.splitlines()
    assert banner == "--------- beginning of main"
    assert first.endswith("I Zygote: System server process started")
    assert ok(sh("logcat | grep -v nothing | head -n 1")) == banner + "\n"  # through a filter


# variables ---------------------------------------------------------------------------------------
def test_export_then_expand(adb: Adb) -> None:
    out = adb("shell", "export A=1; echo $A; B='x y'; echo \"[$B]\"; unset A; echo [$A]")
    assert out.stdout.decode() == "1\n[x y]\n[]\n"


def test_exported_variables_are_listed_and_names_checked(sh: Run) -> None:
    listed = ok(sh("GREETING=hi; export GREETING; export -p")).splitlines()
    assert "export GREETING=hi" in listed and "export HOME=/" in listed
    result = sh("export 1A=2; echo $?")
    assert result.stderr.decode() == "export: 1A: is not an identifier\n"
    assert result.stdout.decode() == "1\n"


def test_an_assignment_before_a_command_is_its_own(sh: Run) -> None:
    assert ok(sh("X=1 true; echo [$X]")) == "[]\n"
    quoted = sh("'Y=2'; echo $?")  # a quoted NAME= is no assignment: a command name
    assert quoted.stdout == b"127\n" and b"Y=2: inaccessible or not found" in quoted.stderr


# exec --------------------------------------------------------------------------------------------
def test_exec_runs_the_command_in_the_shells_place(adb: Adb, sh: Run) -> None:
    result = adb("shell", "exec echo hi; echo not reached")
    assert result.stdout == b"hi\n"
    result = sh("echo a; exec false; echo b")
    assert (result.stdout, result.status) == (b"a\n", 1)
    result = sh("exec nothing-here; echo b")
    assert result.status == 127 and result.stdout == b""
    assert ok(sh("exec; echo still here")) == "still here\n"
    assert ok(sh("echo x | exec grep x; echo after")) == "x\nafter\n"  # a stage ends alone
    refused = sh("exec 2>/dev/null; echo b")
    assert "redirecting the shell itself is not supported" in refused.stderr.decode()


# head --------------------------------------------------------------------------------------------
def test_head_of_files(sh: Run, text_file: str) -> None:
    assert ok(sh(f"head {text_file}")) == "".join(LINES.splitlines(True)[:10])
    assert ok(sh(f"head -n 2 {text_file}")) == "line 1\nline 2\n"
    assert ok(sh(f"head -3 {text_file}")) == "line 1\nline 2\nline 3\n"
    assert ok(sh(f"head -c 8 {text_file}")) == "line 1\nl"
    assert ok(sh(f"head -n 0 {text_file}")) == ""
    both = ok(sh(f"head -n 1 {text_file} {text_file}"))
    assert both == f"==> {text_file} <==\nline 1\n\n==> {text_file} <==\nline 1\n"
    missing = sh(f"head -n 1 /sdcard/none {text_file}")
    assert (missing.status, missing.stdout) == (1, f"==> {text_file} <==\nline 1\n".encode())
    assert missing.stderr == b"head: /sdcard/none: No such file or directory\n"


def test_head_of_a_pipe(sh: Run, text_file: str) -> None:
    assert ok(sh(f"cat {text_file} | head -n 1")) == "line 1\n"
    assert ok(sh(f"cat {text_file} | head -c 3")) == "lin"
    assert ok(sh("echo -n abc | head")) == "abc"
    assert ok(sh(f"cat {text_file} | grep 1 | head -n 2")) == "line 1\nline 10\n"
    bad = sh("echo a | head -n x")
    assert bad.status == 1 and "head -n must be an integer" in bad.stderr.decode()
    assert "needs a count of 0 or more" in sh("head -c -1 /sdcard/x").stderr.decode()
