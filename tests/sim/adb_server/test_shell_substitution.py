"""Command substitution, ``$(...)``, in the served phone's shell: a command's output in
another's arguments, split into fields outside double quotes, as host scripts use it."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.settings import PACKAGE as SETTINGS
from tests.sim.adb_server.raw_client import Run, ok


def test_an_output_becomes_arguments(sh: Run, phone: Phone) -> None:
    assert ok(sh("echo $(getprop ro.product.model)")) == "Pixel 7\n"
    photos = len(phone.storage.list_dir("/sdcard/DCIM/Camera"))
    assert ok(sh("N=$(ls /sdcard/DCIM/Camera | wc -l); echo $N photos")) == f"{photos} photos\n"
    phone.start_activity(SETTINGS)
    assert ok(sh(f"echo $(pidof {SETTINGS})")) == f"{phone.pids[SETTINGS]}\n"
    assert ok(sh("echo $(echo $(echo nested))")) == "nested\n"


def test_fields_split_outside_double_quotes_only(sh: Run, phone: Phone) -> None:
    phone.write_file("/sdcard/Download/a.txt", b"A\n")
    phone.write_file("/sdcard/Download/b.txt", b"B\n")
    # two paths, two arguments
    assert ok(sh("cat $(echo /sdcard/Download/a.txt /sdcard/Download/b.txt)")) == "A\nB\n"
    quoted = sh('cat "$(echo /sdcard/Download/a.txt /sdcard/Download/b.txt)"')
    assert quoted.status == 1 and b"a.txt /sdcard" in quoted.stderr  # one argument
    assert ok(sh("echo x$(echo ' a  b ')y")) == "x a b y\n"
    assert ok(sh("echo \"x$(echo ' a  b ')y\"")) == "x a  b y\n"
    assert ok(sh("echo [$(true)] $(true) end")) == "[] end\n"  # an empty one alone: no word
    assert ok(sh('X=$(echo "a  b"); echo "[$X]"')) == "[a  b]\n"  # an assignment: unsplit


def test_trailing_newlines_go_and_stderr_stays(sh: Run, phone: Phone) -> None:
    phone.write_file("/sdcard/Download/lines.txt", b"one\ntwo\n\n\n")
    assert ok(sh('echo "[$(cat /sdcard/Download/lines.txt)]"')) == "[one\ntwo]\n"
    result = sh("echo $(echo out; echo err >&2)")
    assert (result.stdout, result.stderr) == (b"out\n", b"err\n")
    assert ok(sh("echo $(exit 3; echo never) done")) == "done\n"  # exit ends the substitution


def test_substitutions_name_files_and_redirections(sh: Run, phone: Phone) -> None:
    ok(sh("echo hi > $(echo /sdcard/Download/made.txt)"))
    assert phone.read_file("/sdcard/Download/made.txt") == b"hi\n"
    assert ok(sh("[ -f $(echo /sdcard/Download/made.txt) ] && echo there")) == "there\n"
