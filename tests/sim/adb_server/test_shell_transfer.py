"""``cp`` and ``mv`` in the served phone's shell, over shell v2: the files they make are the
phone's (the storage the apps read), and what they refuse leaves the files as they were."""

from __future__ import annotations

from mobile_gym.sim import Phone
from tests.sim.adb_server.raw_client import Run, ShellResult, ok

NOTES_DB = "/data/data/com.simplemobiletools.notes.pro/databases/notes.db"


def failed(result: ShellResult) -> str:
    assert result.status == 1, result
    return result.stderr.decode()


def mtime(sh: Run, path: str) -> int:
    return int(ok(sh(f"stat -c %Y {path}")))


def test_cp_copies_a_file_to_a_path_or_into_a_folder(sh: Run, phone: Phone) -> None:
    ok(sh("echo hello > /sdcard/a.txt && touch -d 2020-01-02T03:04:05 /sdcard/a.txt"))
    old = mtime(sh, "/sdcard/a.txt")
    ok(sh("cp /sdcard/a.txt /sdcard/b.txt"))
    assert phone.read_file("/sdcard/b.txt") == b"hello\n"
    assert phone.read_file("/sdcard/a.txt") == b"hello\n"  # the source stays
    assert mtime(sh, "/sdcard/b.txt") > old  # a copy is modified now
    ok(sh("cp -p /sdcard/a.txt /sdcard/kept.txt"))
    assert mtime(sh, "/sdcard/kept.txt") == old
    ok(sh("cp /sdcard/a.txt /sdcard/b.txt /sdcard/Download/"))
    listing = ok(sh("ls /sdcard/Download")).split()
    assert {"a.txt", "b.txt"} <= set(listing)
    assert {"a.txt", "b.txt"} <= set(phone.storage.list_dir("/sdcard/Download"))
    # a file there is replaced, unless -n
    ok(sh("echo other > /sdcard/c.txt"))
    ok(sh("cp -n /sdcard/c.txt /sdcard/b.txt"))
    assert phone.read_file("/sdcard/b.txt") == b"hello\n"
    ok(sh("cp /sdcard/c.txt /sdcard/b.txt"))
    assert phone.read_file("/sdcard/b.txt") == b"other\n"
    assert ok(sh("cp -v /sdcard/c.txt /sdcard/d.txt")) == "cp '/sdcard/c.txt'\n"


def test_cp_r_copies_a_folder_and_all_below_it(sh: Run, phone: Phone) -> None:
    ok(sh("mkdir -p /sdcard/Trip/day1 && echo a > /sdcard/Trip/day1/one"))
    ok(sh("echo b > /sdcard/Trip/two"))
    ok(sh("touch -d 2021-05-06T07:08:09 /sdcard/Trip/two"))
    ok(sh("cp -r /sdcard/Trip /sdcard/Copy"))
    assert ok(sh("ls -R /sdcard/Copy")) == ok(sh("ls -R /sdcard/Trip")).replace("Trip", "Copy")
    assert phone.read_file("/sdcard/Copy/day1/one") == b"a\n"
    assert mtime(sh, "/sdcard/Copy/two") != mtime(sh, "/sdcard/Trip/two")
    # into a folder that is there: as DEST/<name>; -a keeps the times
    ok(sh("mkdir /sdcard/Backup && cp -a /sdcard/Trip /sdcard/Backup"))
    assert phone.read_file("/sdcard/Backup/Trip/two") == b"b\n"
    assert mtime(sh, "/sdcard/Backup/Trip/two") == mtime(sh, "/sdcard/Trip/two")
    assert phone.storage.is_dir("/sdcard/Backup/Trip/day1")


def test_cp_refuses_what_toybox_refuses_and_changes_nothing(sh: Run, phone: Phone) -> None:
    ok(sh("echo x > /sdcard/a.txt && mkdir /sdcard/Box"))
    before = sorted(phone.storage.file_paths("/sdcard"))
    assert failed(sh("cp /sdcard/a.txt")) == "cp: Need 2 arguments\n"
    assert failed(sh("cp /sdcard/a.txt /sdcard/a.txt /sdcard/new")) == (
        "cp: '/sdcard/new' not directory\n"
    )
    assert failed(sh("cp /sdcard/none /sdcard/b")) == (
        "cp: bad '/sdcard/none': No such file or directory\n"
    )
    assert failed(sh("cp /sdcard/Box /sdcard/Box2")) == "cp: Skipped dir '/sdcard/Box'\n"
    assert not phone.storage.exists("/sdcard/Box2")
    assert (
        failed(sh("cp /sdcard/a.txt /sdcard/a.txt")) == "cp: '/sdcard/a.txt' is '/sdcard/a.txt'\n"
    )
    assert (
        failed(sh("cp -r /sdcard/Box /sdcard/Box/in")) == "cp: '/sdcard/Box/in' is '/sdcard/Box'\n"
    )
    assert failed(sh("cp /sdcard/a.txt /sdcard/nowhere/a.txt")) == (
        "cp: /sdcard/nowhere/a.txt: No such file or directory\n"
    )
    assert failed(sh("cp -r /sdcard/Box /sdcard/a.txt")) == "cp: dir at '/sdcard/Box'\n"
    assert "option -x not recognized" in failed(sh("cp -x /sdcard/a.txt /sdcard/b"))
    assert sorted(phone.storage.file_paths("/sdcard")) == before
    assert phone.read_file("/sdcard/a.txt") == b"x\n"
    # one source failing does not stop the others
    result = sh("cp /sdcard/none /sdcard/a.txt /sdcard/Box")
    assert failed(result) == "cp: bad '/sdcard/none': No such file or directory\n"
    assert phone.read_file("/sdcard/Box/a.txt") == b"x\n"


def test_an_app_database_copies_as_its_file_and_only_a_database_replaces_one(
    sh: Run, phone: Phone
) -> None:
    ok(sh(f"su 0 cp {NOTES_DB} /sdcard/notes.db"))
    assert "notes" in ok(sh("sqlite3 /sdcard/notes.db .tables")).split()
    assert ok(sh("sqlite3 /sdcard/notes.db 'SELECT COUNT(*) FROM notes'")) == ok(
        sh(f"su 0 sqlite3 {NOTES_DB} 'SELECT COUNT(*) FROM notes'")
    )
    ok(sh("echo plain > /sdcard/plain.txt"))
    message = failed(sh(f"cp /sdcard/plain.txt {NOTES_DB}"))
    assert (
        message.startswith("cp: bad '/sdcard/plain.txt': ") and "not an SQLite database" in message
    )
    assert "notes" in ok(sh(f"su 0 sqlite3 {NOTES_DB} .tables")).split()  # still the app's


def test_mv_renames_keeping_content_and_time(sh: Run, phone: Phone) -> None:
    ok(sh("echo hi > /sdcard/a.txt && touch -d 2020-01-02T03:04:05 /sdcard/a.txt"))
    old = mtime(sh, "/sdcard/a.txt")
    ok(sh("mv /sdcard/a.txt /sdcard/b.txt"))
    assert not phone.storage.exists("/sdcard/a.txt")
    assert phone.read_file("/sdcard/b.txt") == b"hi\n" and mtime(sh, "/sdcard/b.txt") == old
    ok(sh("mv /sdcard/b.txt /sdcard/Download"))
    assert phone.read_file("/sdcard/Download/b.txt") == b"hi\n"
    ok(sh("mv /sdcard/Download/b.txt /sdcard/Download/b.txt"))  # onto itself: nothing to do
    assert phone.read_file("/sdcard/Download/b.txt") == b"hi\n"
    # a file there is replaced, unless -n
    ok(sh("echo new > /sdcard/n.txt && mv -n /sdcard/n.txt /sdcard/Download/b.txt"))
    assert phone.read_file("/sdcard/n.txt") == b"new\n"
    assert phone.read_file("/sdcard/Download/b.txt") == b"hi\n"
    ok(sh("mv /sdcard/n.txt /sdcard/Download/b.txt"))
    assert phone.read_file("/sdcard/Download/b.txt") == b"new\n"
    assert not phone.storage.exists("/sdcard/n.txt")


def test_mv_moves_a_folder_and_its_tree(sh: Run, phone: Phone) -> None:
    ok(sh("mkdir -p /sdcard/Old/in && echo a > /sdcard/Old/in/f && mkdir /sdcard/Shelf"))
    ok(sh("mv /sdcard/Old /sdcard/New"))
    assert not phone.storage.exists("/sdcard/Old")
    assert phone.read_file("/sdcard/New/in/f") == b"a\n"
    ok(sh("mv /sdcard/New /sdcard/Shelf"))  # into the folder that is there
    assert phone.read_file("/sdcard/Shelf/New/in/f") == b"a\n"
    assert not phone.storage.exists("/sdcard/New")
    # an empty folder of the same name there is replaced; a file there is not
    ok(sh("mkdir -p /sdcard/Hall/New && mv /sdcard/Shelf/New /sdcard/Hall"))
    assert phone.read_file("/sdcard/Hall/New/in/f") == b"a\n"
    ok(sh("mkdir /sdcard/Attic && echo y > /sdcard/Attic/New"))
    assert failed(sh("mv /sdcard/Hall/New /sdcard/Attic")) == "mv: dir at '/sdcard/Hall/New'\n"
    assert phone.read_file("/sdcard/Hall/New/in/f") == b"a\n"
    assert phone.read_file("/sdcard/Attic/New") == b"y\n"


def test_mv_refuses_what_the_shell_may_not_do(sh: Run, phone: Phone) -> None:
    ok(sh("mkdir -p /sdcard/Box/in /sdcard/Dest/Box && echo k > /sdcard/Dest/Box/keep"))
    assert (
        failed(sh("mv /sdcard/Box /sdcard/Box/in")) == "mv: bad '/sdcard/Box': Invalid argument\n"
    )
    assert failed(sh("mv /sdcard/Box /sdcard/Dest")) == (
        "mv: bad '/sdcard/Box': Directory not empty\n"
    )
    assert phone.storage.is_dir("/sdcard/Box/in")
    assert phone.read_file("/sdcard/Dest/Box/keep") == b"k\n"
    app = "/data/data/com.simplemobiletools.notes.pro"
    assert failed(sh(f"mv {app} /sdcard/notes")) == f"mv: bad '{app}': Permission denied\n"
    assert not phone.storage.exists("/sdcard/notes")
    assert "notes" in ok(sh(f"su 0 sqlite3 {NOTES_DB} .tables")).split()
    assert failed(sh("mv /sdcard/none /sdcard/x")) == (
        "mv: bad '/sdcard/none': No such file or directory\n"
    )
