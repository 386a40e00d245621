"""``sqlite3`` and ``su`` in the served phone's shell: the apps' own databases read and
written as a host's checks do (MobileWorld reads the Clock's alarms with
``su 0 sqlite3 /data/user_de/0/com.google.android.deskclock/databases/alarms.db 'SQL'``)."""

from __future__ import annotations

from pathlib import Path

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.apps.contacts import MAIN
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.driver import find_all
from tests.sim.adb_server.raw_client import Run, ShellResult, ok, shell_v2

CLOCK_DB = "/data/user_de/0/com.google.android.deskclock/databases/alarms.db"
CONTACTS_DB = f"/data/data/{CONTACTS}/databases/contacts.db"


def failed(result: ShellResult) -> str:
    assert result.status == 1, result
    return result.stderr.decode()


def test_su_sqlite3_reads_an_apps_database_as_the_app_holds_it(sh: Run, phone: Phone) -> None:
    alarms = phone.database("com.google.android.deskclock", "alarms")
    alarms.execute(
        "INSERT INTO alarm_templates(hour, minutes, daysofweek, enabled, label)"
        " VALUES (7, 5, 31, 1, 'Gym')"
    )
    sql = "SELECT hour, minutes, enabled, daysofweek, label FROM alarm_templates WHERE hour=7 AND minutes=5"
    assert ok(sh(f"su 0 sqlite3 {CLOCK_DB} '{sql};'")) == "7|5|1|31|Gym\n"
    assert ok(sh(f'su root sqlite3 {CLOCK_DB} "{sql}"')) == "7|5|1|31|Gym\n"
    count = alarms.execute("SELECT count(*) FROM alarm_templates").fetchone()[0]
    assert ok(sh(f"sqlite3 {CLOCK_DB} 'SELECT count(*) FROM alarm_templates'")) == f"{count}\n"
    assert ok(sh(f"sqlite3 {CLOCK_DB} .tables")).split()[0] == "alarm_templates"
    assert ok(sh(f"sqlite3 {CLOCK_DB} '.schema alarm_templates'")).startswith(
        "CREATE TABLE alarm_templates ("
    )


def test_output_modes_and_values(sh: Run) -> None:
    sql = "SELECT 1 AS a, NULL AS b, 2.0 AS c, 'x,y' AS d; SELECT 0.5"
    assert ok(sh(f"sqlite3 '' \"{sql}\"")) == "1||2.0|x,y\n0.5\n"
    assert ok(sh(f"sqlite3 -header -csv '' \"{sql}\"")) == 'a,b,c,d\n1,,2.0,"x,y"\n0.5\n0.5\n'
    assert ok(sh(f"sqlite3 -separator ' ; ' '' \"{sql}\"")).startswith("1 ;  ; 2.0 ; x,y\n")


def test_what_sqlite3_writes_the_app_shows(sh: Run, phone: Phone) -> None:
    phone.start_activity(CONTACTS)
    names = find_all(phone.hierarchy_xml(), resource_id=f"{CONTACTS}:id/item_contact_name")
    assert names
    ok(sh(f"sqlite3 {CONTACTS_DB} 'DELETE FROM contacts'"))
    assert phone.foreground == (CONTACTS, MAIN)
    assert not find_all(phone.hierarchy_xml(), resource_id=f"{CONTACTS}:id/item_contact_name")
    assert ok(sh(f"sqlite3 {CONTACTS_DB} 'SELECT count(*) FROM contacts'")) == "0\n"


def test_a_database_file_and_statements_from_standard_input(sh: Run, phone: Phone) -> None:
    made = "CREATE TABLE t(a); INSERT INTO t VALUES (1), (2);"
    ok(sh(f"echo '{made}' | sqlite3 /data/local/tmp/t.db"))
    assert phone.read_file("/data/local/tmp/t.db").startswith(b"SQLite format 3\x00")
    assert ok(sh("sqlite3 /data/local/tmp/t.db 'SELECT sum(a) FROM t'")) == "3\n"
    # a transaction left open is not kept; a read leaves the file as it was
    ok(sh("sqlite3 /data/local/tmp/t.db 'BEGIN; INSERT INTO t VALUES (5);'"))
    assert ok(sh("sqlite3 /data/local/tmp/t.db 'SELECT count(*) FROM t'")) == "2\n"
    ok(sh("sqlite3 /data/local/tmp/none.db 'SELECT 1'"))
    assert not phone.storage.exists("/data/local/tmp/none.db")
    assert ok(sh("echo 'SELECT 40 + 2;' | sqlite3")) == "42\n"
    ok(sh("touch /data/local/tmp/empty.db"))  # an empty file is an empty database
    assert (
        ok(sh("sqlite3 /data/local/tmp/empty.db 'CREATE TABLE e(a); SELECT count(*) FROM e'"))
        == "0\n"
    )
    ok(sh("echo text > /sdcard/notes.txt"))
    assert failed(sh("sqlite3 /sdcard/notes.txt .tables")) == "Error: file is not a database\n"
    # an app database the app does not have is made only when a statement writes it
    new = f"/data/data/{CONTACTS}/databases/extra.db"
    ok(sh(f"sqlite3 {new} 'SELECT 1'"))
    assert not phone.storage.has_database(CONTACTS, "extra")
    ok(sh(f"sqlite3 {new} 'CREATE TABLE x(a); INSERT INTO x VALUES (7)'"))
    assert phone.database(CONTACTS, "extra").execute("SELECT a FROM x").fetchone()[0] == 7


def test_errors_are_reported(sh: Run) -> None:
    assert failed(sh(f"sqlite3 {CLOCK_DB} 'SELECT * FROM nope'")) == "Error: no such table: nope\n"
    assert "unknown option: -foo" in failed(sh("sqlite3 -foo x.db 'SELECT 1'"))
    assert "unable to open database" in failed(
        sh("sqlite3 /data/data/com.example.none/databases/x.db 'SELECT 1'")
    )
    # as the shell user, an app's data is out of reach, as on a phone without root
    assert "unable to open database" in failed(sh(f"su shell sqlite3 {CLOCK_DB} 'SELECT 1'"))
    endless = (
        "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
    )
    assert "query took too long" in failed(sh(f"sqlite3 '' '{endless}'"))
    assert "unknown command" in failed(sh(f"sqlite3 {CLOCK_DB} .frobnicate"))


def test_no_statement_reaches_the_hosts_files(sh: Run, tmp_path: Path) -> None:
    """``ATTACH`` and ``VACUUM INTO`` would open files of the machine the phone runs on."""
    host = tmp_path / "host.db"
    assert "not authorized" in failed(sh(f"sqlite3 {CLOCK_DB} \"ATTACH '{host}' AS h\""))
    assert "authorization denied" in failed(sh(f"sqlite3 {CLOCK_DB} \"VACUUM INTO '{host}'\""))
    assert not host.exists()
    assert ok(sh(f"sqlite3 {CLOCK_DB} 'SELECT 1'")) == "1\n"  # the app's database as it was


def test_su_runs_a_command_as_root_or_as_the_shell(sh: Run) -> None:
    assert ok(sh("su 0 id -u")) == "0\n"
    assert ok(sh("su shell id -u")) == "2000\n"
    assert ok(sh("su 2000 id -un; id -un")) == "shell\nroot\n"  # for that command only
    assert "invalid uid/gid '-c'" in failed(sh("su -c id"))  # the emulator's su has no -c
    assert "interactive shell is not supported" in failed(sh("su"))
    assert "not supported here" in failed(sh("su 1000 id"))
    assert ok(sh("su shell su 0 id -u")) == "0\n"


def test_a_production_phone_has_no_su() -> None:
    with AdbServer(devices=1, port=0, seed=0, root=False) as served:
        result = shell_v2(served.port, served.serials[0], "su 0 id")
    assert result.status == 127 and b"su: inaccessible or not found" in result.stderr
