"""The ``content:`` signal: a content provider's rows, read on the simulated phone through its
providers and on a device through ``adb shell content query``; both read the same rows."""

from __future__ import annotations

import pytest

from mobile_gym import actions
from mobile_gym.device.adb import AdbDevice
from mobile_gym.device.adb_link import ShellResult
from mobile_gym.device.adb_shell import DeviceReplyError, parse_content_rows
from mobile_gym.device.base import DeviceError
from mobile_gym.env import MobileEnv
from mobile_gym.sim.adb_server import AdbServer
from mobile_gym.sim.system import providers
from mobile_gym.tasks.schema import TaskFileError
from tests.device.conftest import QUICK, SERIAL
from tests.tasks.tasktools import centre, click, make_env, spec

SMS = "com.simplemobiletools.smsmessenger"
NUMBER = "+15051234567"
SENT_OK = {
    "content": "content://sms/sent",
    "where": "address LIKE '%5051234567' AND lower(body) LIKE '%ok%'",
}


def lunch_task(**signal: object) -> dict:
    """A task: a text from NUMBER waits in SMS Messenger; reply "OK" to it."""
    return {
        "apps": [SMS],
        "min_steps": 3,
        "setup": {
            "clear_data": [SMS],
            "database": [
                {
                    "package": SMS,
                    "database": "messages",
                    "table": "messages",
                    "rows": [{"address": NUMBER, "body": "Lunch at 11?", "date": 1, "type": 1}],
                }
            ],
            "start": {"package": SMS},
        },
        "signals": {"replied": signal},
        "events": [{"id": "done", "when": "replied", "reward": 1.0, "end": "success"}],
        "solution": [
            {"click": {"id": "conversation_frame"}},
            {"type": {"text": "OK", "into": {"id": "thread_type_message"}}},
            {"click": {"id": "thread_send_message"}},
        ],
    }


def reply(env: MobileEnv, text: str) -> dict:
    """Open the conversation, type ``text`` and send it; the last step's info."""
    click(env, id="conversation_frame")
    actions.play(env, actions.type_text(*centre(env, id="thread_type_message"), text))
    *_, info = click(env, id="thread_send_message")
    return info


@pytest.mark.parametrize(("text", "success"), [("OK, see you", True), ("No thanks", False)])
def test_a_sent_text_is_judged_through_the_sms_provider(text: str, success: bool) -> None:
    env = make_env(**lunch_task(**SENT_OK))
    env.reset(seed=0)
    assert reply(env, text)["success"] is success


def test_expected_rows_are_compared_as_printed_text() -> None:
    signal = {
        "content": "content://sms/sent",
        "projection": ["address", "body", "type"],
        "expect": [[NUMBER, "OK", 2]],
    }
    env = make_env(**lunch_task(**signal))
    env.reset(seed=0)
    assert reply(env, "OK")["success"] is True


def test_a_received_text_is_not_in_the_sent_box() -> None:
    signal = {"content": "content://sms/sent", "min_rows": 1}
    env = make_env(**lunch_task(**signal))
    _, info = env.reset(seed=0)
    assert info["success"] is False
    inbox = env.device.content_query("content://sms/inbox", ["body"], None)
    assert inbox == [("Lunch at 11?",)]


@pytest.mark.parametrize(
    ("signal", "problem"),
    [
        ({"content": "content://settings/global"}, "setting"),
        ({"content": "content://sms/sent", "expect": [["x"]]}, "projection"),
        (
            {"content": "content://sms/sent", "projection": ["body"], "expect": [["a", "b"]]},
            "1 values",
        ),
        ({"content": "sms/sent"}, "content"),
    ],
)
def test_malformed_content_signals_are_refused(signal: dict, problem: str) -> None:
    with pytest.raises(TaskFileError, match=problem):
        spec(**lunch_task(**signal))


def test_an_unknown_provider_is_a_task_error() -> None:
    env = make_env(**lunch_task(content="content://no.such.provider/x"))
    with pytest.raises(TaskFileError, match=r"no\.such\.provider"):
        env.reset(seed=0)


@pytest.mark.parametrize(
    ("where", "problem"),
    [
        ("printf('%.*c', 1000000000 + 0 * _id, 'x') = ''", "call printf"),  # seconds a row
        ("date >= strftime('%s', 'now') * 1000", "host's clock"),
        ("abs(random()) % 2 = 0", "call random"),
        ("type = 2 AND date > 0", None),
    ],
)
def test_a_where_is_held_to_what_a_tasks_query_may_do(where: str, problem: str | None) -> None:
    env = make_env(**lunch_task(content="content://sms", where=where))
    if problem is None:
        env.reset(seed=0)
        return
    with pytest.raises(TaskFileError, match=problem):
        env.reset(seed=0)


def test_rows_are_cut_at_their_columns_names() -> None:
    output = "Row: 0 address=+1 505, body=Hi, address=x, and\nmore, type=2\nRow: 1 address=7, body=NULL, type=1\n"
    assert parse_content_rows(output, ["address", "body", "type"]) == [
        ("+1 505", "Hi, address=x, and\nmore", "2"),
        ("7", None, "1"),
    ]
    ambiguous = "Row: 0 address=+1 505, body=Hi, body=x, type=2\n"  # where does address end?
    with pytest.raises(DeviceReplyError, match="reads two ways"):
        parse_content_rows(ambiguous, ["address", "body", "type"])
    assert parse_content_rows("No result found.\n", ["body"]) == []
    with pytest.raises(DeviceReplyError):
        parse_content_rows("Row: 0 other=1\n", ["body"])


def test_a_device_reads_the_rows_the_phone_holds() -> None:
    with AdbServer(devices=1, seed=0) as server:
        phone = server.phone(SERIAL)
        phone.database(SMS, "messages").execute(
            "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, 5, 2, 1)",
            (NUMBER, "OK, see you at 11,\nat the usual place"),
        )
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            projection = ["_id", "address", "body", "type"]
            where = "address LIKE '%5051234567'"
            found = device.content_query("content://sms/sent", projection, where)
            mine = providers.query(phone, "content://sms/sent", projection, where).rows
            assert found == [tuple(None if v is None else str(v) for v in row) for row in mine]
            assert found[-1][1:] == (NUMBER, "OK, see you at 11,\nat the usual place", "2")
            with pytest.raises(ValueError, match="no such column"):
                device.content_query("content://sms/sent", ["nope"], None)
        finally:
            device.close()


def test_a_reply_content_never_prints_is_a_device_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    with AdbServer(devices=1, seed=0) as server:
        device = AdbDevice(SERIAL, port=server.port, retry=QUICK)
        try:
            garbled = ShellResult(0, b"Segmentation fault\n")
            monkeypatch.setattr(device.link, "shell", lambda *args, **kwargs: garbled)
            with pytest.raises(DeviceError, match="content query printed no rows"):
                device.content_query("content://sms/sent", ["body"], None)
        finally:
            device.close()


def test_a_picture_taken_is_read_at_once_from_the_media_store() -> None:
    """The media store's rows are the phone's files: each new picture changes them at once,
    with no database written."""
    camera = "com.android.camera2"
    signal = {
        "content": "content://media/external/images/media",
        "where": "relative_path = 'DCIM/Camera/' AND _display_name LIKE 'IMG_20251016%'",
        "min_rows": 2,
    }
    env = make_env(
        apps=[camera],
        min_steps=2,
        setup={"time": "2025-10-16T09:30", "start": {"package": camera}},
        signals={"taken": signal},
        events=[{"id": "done", "when": "taken", "reward": 1.0, "end": "success"}],
        solution=[{"click": {"id": "shutter_button"}}] * 2,
    )
    env.reset(seed=0)
    *_, info = click(env, id="shutter_button")
    assert info["success"] is False
    *_, info = click(env, id="shutter_button")
    assert info["success"] is True
