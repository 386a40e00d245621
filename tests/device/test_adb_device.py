"""AdbDevice through adbutils against the simulated phone served over ADB.

Each operation is checked against the served phone itself (or an in-process phone given
the same input): what the device reports is what the phone holds.
"""

from __future__ import annotations

import datetime as dt
import shlex
import sqlite3

import numpy as np
import pytest

from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_shell import text_command
from mobile_gym.device.base import Device, DeviceError
from mobile_gym.device.sim import SimDevice
from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.apps import file_manager
from mobile_gym.sim.driver import find_all
from mobile_gym.sim.system import providers
from mobile_gym.timing import TAP_FRAMES
from tests.device.conftest import QUICK, SERIAL

CONTACTS = "com.simplemobiletools.contacts.pro"
NOTES = "com.simplemobiletools.notes.pro"
SETTINGS = "com.android.settings"
NETWORK = ".Settings$NetworkDashboardActivity"


def tap(device: Device, **selector: str) -> None:
    """Touch frames and a lift on the centre of the node matching ``selector``."""
    x, y = find_all(device.hierarchy_xml(), **selector)[0].bounds.center
    for _ in range(TAP_FRAMES):
        device.touch(x, y)
    device.lift()


def test_it_is_a_device(device: AdbDevice) -> None:
    assert isinstance(device, Device)
    assert device.size == (1080, 2400)
    assert device.change_counters() is None


def test_exit_codes_over_shell_v1_and_v2(device: AdbDevice) -> None:
    for v2 in (True, False):
        device.link.shell_v2 = v2
        assert device.link.run("echo hi; false").exit_code == 1
        result = device.link.run("echo out && cat /nowhere")
        assert result.exit_code == 1 and result.stdout.startswith(b"out\n")
        assert b"/nowhere" in (result.stderr if v2 else result.stdout)
        assert device.link.run("nosuchtool").exit_code == 127
    assert device.foreground() == ("com.android.launcher3", ".Launcher")


def test_touches_reach_the_phone_one_to_one(device: AdbDevice, server: AdbServer) -> None:
    local = Phone(seed=0)
    x, y = find_all(local.hierarchy_xml(), text="Contacts")[0].bounds.center
    for phone_like in (device, local):
        for _ in range(TAP_FRAMES):
            phone_like.touch(x, y)
        phone_like.lift()
    assert device.touches.motion_events is True
    served = server.phone(SERIAL)
    assert device.foreground() == local.foreground == (CONTACTS, ".activities.MainActivity")
    assert served.clock.state() == local.clock.state()
    assert device.hierarchy_xml() == local.hierarchy_xml()


def test_taps_and_swipes_when_motion_events_are_missing(device: AdbDevice) -> None:
    device.touches.motion_events = False  # as on a device whose `input` lacks motionevent
    width, height = device.size
    for step in range(10):  # a swipe up from the lower part of the home screen
        device.touch(width / 2, height * (0.75 - 0.05 * step))
    device.lift()
    assert find_all(device.hierarchy_xml(), text="Settings")  # the app drawer is open
    tap(device, text="Settings")
    assert device.foreground() == (SETTINGS, ".Settings")


def test_text_is_typed_exactly(device: AdbDevice) -> None:
    assert device.text("nowhere to go") is False  # no field has focus
    device.start(CONTACTS, None)
    tap(device, id="action_search")
    text = 'O\'Brien & "Co" 100% %s $HOME; `x` | y > z'
    assert device.text(text) is True
    assert find_all(device.hierarchy_xml(), id="search_query")[0].text == text


def test_a_text_longer_than_one_request_is_typed_whole(device: AdbDevice) -> None:
    device.write_file("/sdcard/Download/long.txt", b"")
    device.start(file_manager.PACKAGE, None)
    tap(device, id="item_name", text="Download")
    tap(device, id="item_name", text="long.txt")
    tap(device, desc="Edit")
    half = 'it\'s 100% sure, "quoted" $HOME\n' * 1200
    text = f"{half}%s{half}"  # typed in two halves, cut between the % and the s
    assert len(text_command(text).encode()) > 0xFFFF
    assert device.text(text) is True
    assert find_all(device.hierarchy_xml(), id="read_text_view")[0].text == text


def test_keys(device: AdbDevice) -> None:
    device.start(SETTINGS, None)
    device.start(SETTINGS, NETWORK)
    assert device.foreground() == (SETTINGS, NETWORK)
    device.key("BACK")
    assert device.foreground() == (SETTINGS, ".Settings")
    device.key("KEYCODE_HOME")
    assert device.foreground() == ("com.android.launcher3", ".Launcher")
    with pytest.raises(ValueError, match="unknown Android key"):
        device.key("FLY")


@pytest.mark.parametrize("screencap", ["raw", "png"])
def test_screenshots_are_the_phone_screen(server: AdbServer, screencap: str) -> None:
    device = AdbDevice(SERIAL, port=server.port, retry=QUICK, screencap=screencap)
    try:
        device.start(SETTINGS, None)
        frame = device.screenshot(1.0)
        assert np.array_equal(frame, server.phone(SERIAL).screenshot(1.0))
        small = device.screenshot(0.25)
        assert small.shape == (600, 270, 3) and not small.flags.writeable
        with pytest.raises(ValueError, match="scale"):
            device.screenshot(2.0)
    finally:
        device.close()


def test_hierarchy_and_hierarchy_later(device: AdbDevice, server: AdbServer) -> None:
    before = device.hierarchy_later()
    home = server.phone(SERIAL).hierarchy_xml()
    device.start(SETTINGS, None)
    assert device.hierarchy_xml() == server.phone(SERIAL).hierarchy_xml() != home
    assert before() == home


def test_start_and_stop_apps(device: AdbDevice, server: AdbServer) -> None:
    device.start(SETTINGS, NETWORK)
    assert device.foreground() == (SETTINGS, NETWORK)
    device.force_stop(SETTINGS)
    assert device.foreground() == ("com.android.launcher3", ".Launcher")
    with pytest.raises(DeviceError, match=r"com\.example\.missing"):
        device.start("com.example.missing", None)
    with pytest.raises(DeviceError, match=r"could not start|exited"):
        device.start(SETTINGS, ".NoSuchActivity")


def test_clear_app_erases_its_data(device: AdbDevice) -> None:
    count = "SELECT count(*) FROM notes"
    assert device.query(NOTES, "notes", count, []) != [(0,)]
    device.clear_app(NOTES)
    assert device.query(NOTES, "notes", count, []) == [(0,)]


def test_settings(device: AdbDevice, server: AdbServer) -> None:
    assert device.get_setting("global", "airplane_mode_on") == "0"
    device.put_setting("global", "airplane_mode_on", "1")
    assert device.get_setting("global", "airplane_mode_on") == "1"
    assert server.phone(SERIAL).settings.get("global", "airplane_mode_on") == "1"
    device.put_setting("system", "note", "it's a value with spaces")
    assert device.get_setting("system", "note") == "it's a value with spaces"
    assert device.get_setting("secure", "never_set") is None


def test_files_round_trip(device: AdbDevice, server: AdbServer) -> None:
    data = bytes(range(256)) * 300
    device.write_file("/sdcard/Download/new/blob.bin", data)
    assert device.read_file("/sdcard/Download/new/blob.bin") == data
    assert server.phone(SERIAL).read_file("/sdcard/Download/new/blob.bin") == data
    with pytest.raises(FileNotFoundError):
        device.read_file("/sdcard/missing.txt")


def test_files_are_found_whatever_their_names_hold(device: AdbDevice, server: AdbServer) -> None:
    names = ["a b.txt", "new\nline.txt", "q'.txt", "tab\tand\x1cseparator.txt", "b.pdf"]
    with server.locked(SERIAL) as phone:
        for name in names:
            phone.write_file(f"/sdcard/Download/odd/{name}", b"x")
    found = device.find_files("/sdcard/Download/odd/*.txt")
    assert found == sorted(f"/sdcard/Download/odd/{n}" for n in names[:4])


def sms_rows(server: AdbServer, projection: list[str], where: str) -> list[tuple]:
    """The rows the served phone's own provider gives, as ``content query`` prints them."""
    with server.locked(SERIAL) as phone:
        rows = providers.query(phone, "content://sms/inbox", projection, where).rows
    return [tuple(None if value is None else str(value) for value in row) for row in rows]


def receive_sms(device: AdbDevice, sender: str, body: str) -> None:
    insert = (
        f"content insert --uri content://sms/inbox --bind address:s:{sender} "
        f"--bind body:s:{shlex.quote(body)}"
    )
    assert device.link.run(insert).exit_code == 0


def test_content_values_holding_column_names_and_row_lines(
    device: AdbDevice, server: AdbServer
) -> None:
    for body in ("see you at 5, _id=999", "a\nRow: 7 _id=1", "multi\nline, ", "plain"):
        receive_sms(device, "555", body)
    where = "address='555'"
    for projection in (["body", "_id"], ["_id", "body"], ["_id", "address", "body"]):
        found = device.content_query("content://sms/inbox", projection, where)
        assert found == sms_rows(server, projection, where) and len(found) == 4
    receive_sms(device, "556", "x, body=y, address=z")  # two ways in either order
    with pytest.raises(DeviceError, match=r"row 0 reads two ways: .*address ends and body"):
        device.content_query("content://sms/inbox", ["_id", "address", "body"], "address='556'")


def test_sql_over_the_pulled_database(device: AdbDevice) -> None:
    local = Phone(seed=0).storage.database(CONTACTS, "contacts")
    sql = "SELECT first_name, last_name FROM contacts ORDER BY id"
    assert device.query(CONTACTS, "contacts", sql, []) == [tuple(r) for r in local.execute(sql)]
    with pytest.raises(DeviceError, match="no database"):
        device.query(CONTACTS, "nothing", "SELECT 1", [])


def test_sql_over_pulled_databases_attached(device: AdbDevice) -> None:
    sql = (
        "SELECT c.first_name, (SELECT count(*) FROM other.notes), "
        "(SELECT count(*) FROM other.notes n WHERE n.title = c.first_name) "
        "FROM contacts c ORDER BY c.id"
    )
    attach = {"other": (NOTES, "notes")}
    expected = SimDevice().query(CONTACTS, "contacts", sql, [], attach)  # a phone of seed 0
    assert device.query(CONTACTS, "contacts", sql, [], attach) == expected
    assert expected and expected[0][1] > 0  # every contact, beside the notes' count
    with pytest.raises(sqlite3.DatabaseError, match="only reads"):
        device.query(CONTACTS, "contacts", "DELETE FROM other.notes", [], attach)
    with pytest.raises(DeviceError, match="no database"):
        device.query(CONTACTS, "contacts", "SELECT 1", [], {"other": (NOTES, "nothing")})


def test_insert_rows_for_task_setup(device: AdbDevice) -> None:
    sql = "SELECT first_name, starred FROM contacts WHERE last_name = ?"
    device.insert_rows(
        CONTACTS,
        "contacts",
        "contacts",
        [{"first_name": "Ada", "last_name": "Zed", "starred": 1}],
        False,
    )
    assert device.query(CONTACTS, "contacts", sql, ["Zed"]) == [("Ada", 1)]
    device.insert_rows(
        CONTACTS, "contacts", "contacts", [{"first_name": "Bo", "last_name": "Zed"}], True
    )
    assert device.query(CONTACTS, "contacts", "SELECT first_name FROM contacts", []) == [("Bo",)]
    with pytest.raises(ValueError, match="invalid column names"):
        device.insert_rows(CONTACTS, "contacts", "contacts", [{"x; DROP": 1}], False)


def test_logcat_holds_what_the_last_action_logged(device: AdbDevice, server: AdbServer) -> None:
    _, cursor = device.logcat(1 << 62)
    device.start(SETTINGS, NETWORK)
    lines, after = device.logcat(cursor)  # no waiting: the stream has caught up
    phone = server.phone(SERIAL)
    expected = [(e.tag, e.message) for e in phone.logcat.entries][-len(lines) :]
    assert lines == expected and any(NETWORK in message for _, message in lines)
    assert device.logcat(after) == ([], after)


def test_wait_lets_device_time_pass(device: AdbDevice, server: AdbServer) -> None:
    start = server.phone(SERIAL).clock.elapsed_ms
    device.wait(1250)
    assert server.phone(SERIAL).clock.elapsed_ms == start + 1250


def test_set_time_sets_the_device_clock(device: AdbDevice, server: AdbServer) -> None:
    when = dt.datetime(2024, 9, 16, 14, 45, 30)
    device.set_time(when)
    reference = Phone(seed=0)
    reference.set_time(when)
    served = server.phone(SERIAL)
    assert served.clock.state() == reference.clock.state()
    assert device.hierarchy_xml() == reference.hierarchy_xml()  # the status bar clock
    with pytest.raises(ValueError, match="set to the second"):
        device.set_time(when.replace(microsecond=500_000))
    assert served.clock.now == when


def test_set_time_without_root_is_a_device_error() -> None:
    with AdbServer(devices=1, root=False) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            with pytest.raises(DeviceError, match=r"the device shell is not root \(run `adb root`"):
                device.set_time(dt.datetime(2024, 9, 16, 14, 45))
            assert server.phone(SERIAL).clock.now == dt.datetime(2024, 6, 3, 9, 30)
        finally:
            device.close()


def test_reset_runs_the_reset_hook(device: AdbDevice, server: AdbServer) -> None:
    device.start(SETTINGS, NETWORK)
    device.touch(10, 10)
    device.reset(7)
    served = server.phone(SERIAL)
    assert served.seed == 7 and not device.touches.down
    assert device.foreground() == ("com.android.launcher3", ".Launcher")
    lines, _ = device.logcat(0)
    assert lines[0] == ("Zygote", "System server process started")


def test_reset_without_a_hook_goes_home(server: AdbServer) -> None:
    device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
    try:
        device.start(SETTINGS, NETWORK)
        device.reset(1)
        assert device.foreground() == ("com.android.launcher3", ".Launcher")
        assert server.phone(SERIAL).seed == 0  # a real phone's content is the task's setup's job
    finally:
        device.close()
