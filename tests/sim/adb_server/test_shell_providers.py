"""``content`` on the served phone: the settings, SMS and contacts providers.

The phone is a ``SimDevice``'s, served over ADB, so each test reads back what a task
signal reads (``SimDevice.get_setting``, ``SimDevice.query`` on the apps' databases) and
what the apps show.
"""

from __future__ import annotations

import re
import shlex
import threading

import adbutils
import pytest

from mobile_gym.device.sim import SimDevice
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.adb_server.device import ServedDevice
from mobile_gym.sim.adb_server.faults import Faults
from mobile_gym.sim.adb_server.shell.runtime import Shell
from mobile_gym.sim.apps import contacts, sms_messenger
from mobile_gym.sim.apps.contacts.app import ContactsApp
from mobile_gym.sim.driver import find_all
from mobile_gym.sim.phone import Phone
from tests.deadline import within
from tests.sim.adb_server.raw_client import Run, ShellResult, ok
from tests.sim.adb_server.sim_device_fixtures import (  # noqa: F401
    adb_cli,
    sim_device_fixture,
    sim_device_server,
)
from tests.sim.adb_server.test_adb_cli import Adb

SMS = sms_messenger.PACKAGE
CONTACTS = contacts.PACKAGE
ROW = re.compile(r"Row: (\d+) (.*)")
CELL_SEPARATOR = re.compile(r", (?=\w+=)")


def rows(output: str) -> list[dict[str, str]]:
    """``content query`` output as one dict per row (a value may hold ``, `` but not
    ``, NAME=``)."""
    found = []
    for number, line in enumerate(output.splitlines()):
        match = ROW.fullmatch(line)
        assert match is not None and int(match.group(1)) == number, line
        cells = CELL_SEPARATOR.split(match.group(2))
        found.append(dict(cell.split("=", 1) for cell in cells))
    return found


def failed(result: ShellResult) -> str:
    assert result.status == 1, result
    return result.stderr.decode()


def sms_rows(device: SimDevice, sql: str, *params: object) -> list[tuple]:
    return device.query(SMS, sms_messenger.DATABASE, sql, list(params))


def contact_rows(device: SimDevice, sql: str, *params: object) -> list[tuple]:
    return device.query(CONTACTS, contacts.DATABASE, sql, list(params))


class Collected:
    """A shell's output kept (the client of a served shell, in this process)."""

    def __init__(self) -> None:
        self.out = bytearray()
        self.err = bytearray()

    def stdout(self, data: bytes) -> None:
        self.out += data

    def stderr(self, data: bytes) -> None:
        self.err += data

    def client_gone(self) -> bool:
        return False

    def stdin(self) -> bytes:
        return b""


# settings --------------------------------------------------------------------------------------
def test_settings_rows_print_as_android_prints_them(sh: Run) -> None:
    out = ok(sh("content query --uri content://settings/global --where \"name='wifi_on'\""))
    assert re.fullmatch(r"Row: 0 _id=\d+, name=wifi_on, value=1\n", out)
    assert ok(sh("content query --uri content://settings/system/screen_brightness")) == ok(
        sh("content query --uri content://settings/system --where \"name='screen_brightness'\"")
    )
    out = ok(sh("content query --uri content://settings/system --projection name:value"))
    assert {"name": "screen_brightness", "value": "128"} in rows(out)
    out = ok(sh("content query --uri content://settings/secure --where \"name='nothing_here'\""))
    assert out == "No result found.\n"


def test_a_projection_of_long_runs_of_spaces_is_read_at_once() -> None:
    """The columns of ``--projection`` were split by a pattern that read a run of spaces
    again from each space where no colon ended it: a million of them took about half an
    hour. (A line through ADB holds at most 64 KiB, which took several seconds; this shell
    runs in the test's process.)"""
    device = ServedDevice("emulator-5554", 1, Phone(seed=0))
    spaces = " " * 1_000_000
    where = " --where \"name='screen_brightness'\""
    query = "content query --uri content://settings/system --projection "

    def run(projection: str) -> tuple[int, bytes]:
        output = Collected()
        shell = Shell(device, Faults([device.serial]), output, threading.Event())
        return shell.run(query + projection + where), bytes(output.out + output.err)

    assert within(20, lambda: run(f"'name{spaces}:{spaces}value'")) == (
        0,
        b"Row: 0 name=screen_brightness, value=128\n",
    )
    assert within(20, lambda: run(f"'name{spaces}x:value'")) == (
        1,
        b"Error while accessing provider:settings\n"
        b"android.database.sqlite.SQLiteException: no such column: name" + spaces.encode() + b"x\n",
    )


def test_settings_writes_change_what_signals_read(sh: Run, sim_device: SimDevice) -> None:
    uri = "--uri content://settings/system"
    ok(sh(f"content insert {uri} --bind name:s:user_rotation --bind value:i:1"))
    assert sim_device.get_setting("system", "user_rotation") == "1"
    ok(sh(f"content update {uri} --bind value:s:3 --where \"name='user_rotation'\""))
    assert sim_device.get_setting("system", "user_rotation") == "3"
    ok(sh("content update --uri content://settings/system/screen_brightness --bind value:i:40"))
    assert sim_device.get_setting("system", "screen_brightness") == "40"
    ok(sh(f"content delete {uri} --where \"name='user_rotation'\""))
    assert sim_device.get_setting("system", "user_rotation") is None
    ok(sh(f"content insert {uri} --bind name:s:font_scale --bind value:n:"))
    assert sim_device.get_setting("system", "font_scale") is None  # null: settings get says null
    assert "needs a name" in failed(sh(f"content insert {uri} --bind value:s:1"))
    assert "binds its value only" in failed(
        sh(f"content update {uri} --bind name:s:x --where \"name='user_rotation'\"")
    )


@pytest.mark.parametrize("verb", ["update --bind value:s:3", "delete"])
def test_settings_refuse_to_change_a_whole_table(sh: Run, sim_device: SimDevice, verb: str) -> None:
    before = dict(sim_device.phone.settings.tables["global"])
    refused = failed(sh(f"content {verb} --uri content://settings/global"))
    assert "java.lang.IllegalArgumentException: Supported SQL:" in refused
    assert "but got - uri:content://settings/global, where:null whereArgs:null" in refused
    assert dict(sim_device.phone.settings.tables["global"]) == before


def test_a_boolean_bound_to_a_setting_is_stored_as_true_or_false(
    sh: Run, sim_device: SimDevice
) -> None:
    ok(sh("content insert --uri content://settings/system --bind name:s:foo --bind value:b:true"))
    assert sim_device.get_setting("system", "foo") == "true"
    ok(sh("content update --uri content://settings/system/foo --bind value:b:false"))
    assert sim_device.get_setting("system", "foo") == "false"
    ok(sh("content update --uri content://sms/1 --bind read:b:true"))
    assert sms_rows(sim_device, "SELECT read FROM messages WHERE id = 1") == [(1,)]


# sms --------------------------------------------------------------------------------------------
def test_an_inserted_sms_is_in_the_app_database_and_on_its_screen(
    adb: Adb, sim_device: SimDevice
) -> None:
    body = "Your parcel is at the door"
    adb(
        "shell",
        "content insert --uri content://sms/inbox --bind address:s:+15550001111 "
        f"--bind body:s:{shlex.quote(body)}",
    )
    now = sim_device.phone.clock.epoch_ms
    found = sms_rows(
        sim_device, "SELECT address, type, read, date FROM messages WHERE body = ?", body
    )
    assert found == [("+15550001111", 1, 0, now)]  # received, unread, at the phone's time
    query = adb(
        "shell",
        "content query --uri content://sms/inbox --projection address:body "
        f"--where \"body='{body}'\"",
    ).stdout.decode()
    assert query == f"Row: 0 address=+15550001111, body={body}\n"
    sim_device.phone.start_activity(SMS)
    shown = find_all(sim_device.hierarchy_xml(), resource_id=f"{SMS}:id/conversation_body_short")
    assert shown[0].text == body  # the newest conversation, first


def test_sms_rows_are_newest_first_numbered_by_thread(sh: Run, sim_device: SimDevice) -> None:
    stored = sms_rows(sim_device, "SELECT id, address, date, read, type, body FROM messages")
    first_of = {}
    for id_, address, *_ in sorted(stored):
        first_of.setdefault(address, id_)
    expected = sorted(
        (
            {
                "_id": str(id_),
                "thread_id": str(first_of[address]),
                "address": address,
                "date": str(date),
                "read": str(read),
                "type": str(type_),
                "body": body,
            }
            for id_, address, date, read, type_, body in stored
        ),
        key=lambda row: (int(row["date"]), int(row["_id"])),
        reverse=True,
    )
    assert rows(ok(sh("content query --uri content://sms"))) == expected
    sent = rows(ok(sh("content query --uri content://sms/sent --projection type")))
    assert sent and {row["type"] for row in sent} == {"2"}
    one = rows(ok(sh(f"content query --uri content://sms/{stored[0][0]} --projection body")))
    assert one == [{"body": stored[0][5]}]


def test_sms_update_and_delete_change_the_app_database(sh: Run, sim_device: SimDevice) -> None:
    ok(sh("content insert --uri content://sms/sent --bind address:s:555-0100 --bind body:s:Hi"))
    ((id_, type_, read),) = sms_rows(
        sim_device, "SELECT id, type, read FROM messages WHERE address = '555-0100'"
    )
    assert (type_, read) == (2, 1)  # sent messages are read
    ok(sh("content update --uri content://sms --bind body:s:Hello --where \"address='555-0100'\""))
    assert sms_rows(sim_device, "SELECT body FROM messages WHERE id = ?", id_) == [("Hello",)]
    db = sim_device.phone.database(SMS, sms_messenger.DATABASE)
    db.execute("INSERT INTO conversations(address, pinned) VALUES ('555-0100', 1)")
    ok(sh(f"content delete --uri content://sms/{id_}"))
    assert sms_rows(sim_device, "SELECT * FROM messages WHERE id = ?", id_) == []
    # the conversation is gone with its last message, its pin with it
    assert sms_rows(sim_device, "SELECT * FROM conversations WHERE address = '555-0100'") == []
    before = len(sms_rows(sim_device, "SELECT id FROM messages"))
    ok(sh("content delete --uri content://sms/inbox --where \"address='nobody'\""))
    assert len(sms_rows(sim_device, "SELECT id FROM messages")) == before


def test_where_compares_columns_by_the_types_android_declares(
    sh: Run, sim_device: SimDevice
) -> None:
    """``type``, ``_id`` are INTEGER and ``address`` TEXT, so quoting does not matter."""
    ok(sh("content insert --uri content://sms/inbox --bind address:s:5051234567 --bind body:s:hi"))
    by_address = rows(
        ok(sh('content query --uri content://sms --projection body --where "address=5051234567"'))
    )
    assert by_address == [{"body": "hi"}]
    sent = "content query --uri content://sms --projection _id --where \"type='2'\""
    assert rows(ok(sh(sent))) == rows(
        ok(sh("content query --uri content://sms/sent --projection _id"))
    )
    assert rows(
        ok(sh("content query --uri content://sms --projection _id --where \"_id='1'\""))
    ) == [{"_id": "1"}]
    quoted = sim_device.content_query("content://sms/sent", ["_id"], "type = '2' AND read = '1'")
    assert quoted and quoted == sim_device.content_query("content://sms/sent", ["_id"], "read = 1")


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("content insert --uri content://sms --bind address:s:1 --bind body:s:x --bind type:i:3",
         "keeps received (1) and sent (2) messages only"),
        ("content insert --uri content://sms/inbox --bind address:s:123",
         "a message needs --bind body:s:..."),
        ("content insert --uri content://sms --bind address:s:1 --bind body:s:x --bind folder:i:1",
         "table sms has no column named folder"),
        ("content insert --uri content://sms --bind address:i:x", 'For input string: "x"'),
        ("content update --uri content://sms/1 --bind read:i:2147483648",
         'For input string: "2147483648"'),
        ("content insert --uri content://sms --bind address:s:1 --bind body:s:x "
         "--bind date:l:9223372036854775808",
         'For input string: "9223372036854775808"'),
        ("content insert --uri content://sms --bind address", "Binding not well formed"),
        ("content insert --uri content://sms", "Bindings not specified"),
        ("content query", "Content provider URI not specified"),
        ("content query --uri content://sms --bind a:s:b", "Unsupported argument: --bind"),
        ("content query --uri content://sms --where 'bogus = 1'", "no such column: bogus"),
        ("content query --uri content://sms --projection _id:bogus", "no such column: bogus"),
        ("content query --uri content://sms/bogus", "Unknown URI content://sms/bogus"),
        ("content query --uri content://nothing/here", "Could not find provider: nothing"),
        ("content call --uri content://sms", "Unsupported operation: call"),
        ("content query --uri content://sms --user 10", "The phone has one user"),
        ("content query --uri content://sms --where '(WITH RECURSIVE c(x) AS (SELECT 1 UNION "
         "ALL SELECT x + 1 FROM c) SELECT count(*) FROM c) > 0'",
         "query took too long"),  # a query that would never end
        ("content query --uri content://sms --where 'length(zeroblob(2000000000)) > 0'",
         "string or blob too big"),  # a value that would fill the memory
    ],
)  # fmt: skip
def test_content_refuses_bad_requests_saying_why(sh: Run, line: str, message: str) -> None:
    assert message in failed(sh(line))


def test_a_provider_of_an_app_not_installed_is_not_found() -> None:
    with AdbServer(phones=[Phone(apps=(ContactsApp,))], port=0) as served:
        serial = served.serials[0]
        client = adbutils.AdbClient(host="127.0.0.1", port=served.port)
        out = client.device(serial).shell("content query --uri content://sms; echo status=$?")
    assert "Error while accessing provider:sms" in out
    assert "java.lang.IllegalStateException: Could not find provider: sms" in out
    assert out.endswith("status=1")


# contacts ---------------------------------------------------------------------------------------
def test_contact_queries_agent_helpers_send(sh: Run, sim_device: SimDevice) -> None:
    stored = contact_rows(
        sim_device, "SELECT id, first_name, last_name, phone, starred FROM contacts"
    )
    # AndroidWorld's contacts_utils.list_contacts
    listed = rows(
        ok(sh("content query --uri content://contacts/phones/ --projection display_name:number"))
    )
    assert listed == [{"display_name": f"{f} {la}", "number": p} for _, f, la, p, _ in stored]
    # MobileWorld's helpers: names, starred flags and data rows
    names = rows(
        ok(
            sh(
                "content query --uri content://com.android.contacts/contacts "
                "--projection _id:display_name"
            )
        )
    )
    assert names == [{"_id": str(i), "display_name": f"{f} {la}"} for i, f, la, _, _ in stored]
    id_, *_, starred = stored[2]
    one = ok(
        sh(
            "content query --uri content://com.android.contacts/contacts "
            f'--projection _id:starred --where "_id={id_}"'
        )
    )
    assert one == f"Row: 0 _id={id_}, starred={starred}\n"
    data = rows(
        ok(
            sh(
                "content query --uri content://com.android.contacts/data "
                "--projection contact_id:mimetype:data1:data2:data3 "
                "--where \"mimetype='vnd.android.cursor.item/phone_v2'\""
            )
        )
    )
    assert data == [
        {"contact_id": str(i), "mimetype": "vnd.android.cursor.item/phone_v2", "data1": p,
         "data2": "2", "data3": "NULL"}
        for i, _, _, p, _ in stored
    ]  # fmt: skip
    assert rows(
        ok(sh("content query --uri content://com.android.contacts/data/phones --projection data1"))
    ) == [{"data1": p} for *_, p, _ in stored]


def test_a_contact_made_through_raw_contacts_and_data_is_in_the_app(
    sh: Run, sim_device: SimDevice
) -> None:
    uri = "--uri content://com.android.contacts"
    ok(sh(f"content insert {uri}/raw_contacts --bind account_type:n: --bind account_name:n:"))
    (row,) = rows(
        ok(sh(f"content query {uri}/raw_contacts --projection _id --where 'display_name IS NULL'"))
    )
    new = row["_id"]
    item = "vnd.android.cursor.item"
    ok(
        sh(
            f"content insert {uri}/data --bind raw_contact_id:i:{new} "
            f"--bind mimetype:s:{item}/name --bind 'data1:s:Grace Brewster Hopper'"
        )
    )
    ok(
        sh(
            f"content insert {uri}/data --bind raw_contact_id:i:{new} "
            f"--bind mimetype:s:{item}/phone_v2 --bind 'data1:s:+1 555-010-2030' --bind data2:i:2"
        )
    )
    ok(
        sh(
            f"content insert {uri}/data --bind raw_contact_id:i:{new} "
            f"--bind mimetype:s:{item}/organization --bind data1:s:Navy --bind data4:s:Admiral"
        )
    )
    found = contact_rows(
        sim_device,
        "SELECT first_name, last_name, phone, company, job_position FROM contacts WHERE id = ?",
        int(new),
    )
    assert found == [("Grace Brewster", "Hopper", "+1 555-010-2030", "Navy", "Admiral")]
    again = sh(
        f"content insert {uri}/data --bind raw_contact_id:i:{new} "
        f"--bind mimetype:s:{item}/phone_v2 --bind data1:s:123"
    )
    assert "has a phone_v2 already" in failed(again)
    assert "is not kept by the Contacts app" in failed(
        sh(f"content insert {uri}/data --bind raw_contact_id:i:{new} --bind mimetype:s:{item}/im")
    )
    assert "names no contact" in failed(
        sh(f"content insert {uri}/data --bind raw_contact_id:i:999 --bind mimetype:s:{item}/name")
    )
    sim_device.phone.start_activity(CONTACTS)
    names = find_all(sim_device.hierarchy_xml(), resource_id=f"{CONTACTS}:id/item_contact_name")
    assert "Grace Brewster Hopper" in [node.text for node in names]


def test_contact_updates_and_deletes_reach_the_app_database(sh: Run, sim_device: SimDevice) -> None:
    uri = "--uri content://com.android.contacts"
    ok(sh(f"content update {uri}/contacts --bind starred:i:1 --where '_id=3'"))
    assert contact_rows(sim_device, "SELECT starred FROM contacts WHERE id = 3") == [(1,)]
    phone_where = "mimetype='vnd.android.cursor.item/phone_v2' AND contact_id=3"
    ok(sh(f'content update {uri}/data --bind "data1:s:+1 555-999-0000" --where "{phone_where}"'))
    assert contact_rows(sim_device, "SELECT phone FROM contacts WHERE id = 3") == [
        ("+1 555-999-0000",)
    ]
    ok(sh(f'content delete {uri}/data --where "{phone_where}"'))
    assert contact_rows(sim_device, "SELECT phone FROM contacts WHERE id = 3") == [("",)]
    members = contact_rows(sim_device, "SELECT group_id, contact_id FROM group_members")
    gone = members[0][1]
    ok(sh(f"content delete {uri}/raw_contacts/{gone}"))
    assert contact_rows(sim_device, "SELECT * FROM contacts WHERE id = ?", gone) == []
    assert contact_rows(sim_device, "SELECT * FROM group_members WHERE contact_id = ?", gone) == []
    assert "not supported" in failed(sh("content delete --uri content://contacts/phones"))
    assert "not supported" in failed(sh(f"content insert {uri}/contacts --bind starred:i:1"))


def test_nicknames_notes_and_labels_are_data_rows(sh: Run, sim_device: SimDevice) -> None:
    uri = "--uri content://com.android.contacts"
    item = "vnd.android.cursor.item"
    ok(sh(f"content insert {uri}/data --bind raw_contact_id:i:3 --bind mimetype:s:{item}/nickname "
          "--bind data1:s:rainbow123"))  # fmt: skip
    ok(sh(f"content insert {uri}/data --bind raw_contact_id:i:3 --bind mimetype:s:{item}/note "
          "--bind 'data1:s:Likes tea'"))  # fmt: skip
    phone_where = f"mimetype='{item}/phone_v2' AND contact_id=3"
    ok(sh(f'content update {uri}/data --bind data2:i:3 --where "{phone_where}"'))
    stored = contact_rows(
        sim_device, "SELECT nickname, notes, phone_label FROM contacts WHERE id = 3"
    )
    assert stored == [("rainbow123", "Likes tea", "Work")]
    ok(
        sh(
            f'content update {uri}/data --bind data2:i:0 --bind data3:s:Boat --where "{phone_where}"'
        )
    )
    data = rows(
        ok(
            sh(
                f"content query {uri}/data --projection mimetype:data1:data2:data3 "
                '--where "contact_id=3 AND mimetype IN '
                f"('{item}/nickname', '{item}/note', '{item}/phone_v2')\""
            )
        )
    )
    assert [(d["mimetype"].rsplit("/", 1)[1], d["data2"], d["data3"]) for d in data] == [
        ("phone_v2", "0", "Boat"),
        ("nickname", "NULL", "NULL"),
        ("note", "NULL", "NULL"),
    ]
    assert [d["data1"] for d in data][1:] == ["rainbow123", "Likes tea"]


def test_people_inserted_the_old_way_are_contacts(sh: Run, sim_device: SimDevice) -> None:
    ok(sh("content insert --uri content://contacts/people --bind 'name:s:Ada Lovelace'"))
    assert contact_rows(
        sim_device,
        "SELECT starred FROM contacts WHERE first_name = 'Ada' AND last_name = 'Lovelace'",
    ) == [(0,)]
    out = ok(sh("content query --uri content://contacts/people --where \"name='Ada Lovelace'\""))
    (person,) = rows(out)
    assert person["display_name"] == "Ada Lovelace" and person["number"] == "NULL"


def test_content_answers_adbutils(device: adbutils.AdbDevice) -> None:
    out = device.shell(
        "content query --uri content://settings/secure --projection name:value "
        "--where \"name='android_id'\""
    )
    assert out == "Row: 0 name=android_id, value=0000000000000000"
