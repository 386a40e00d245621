"""Other phones' package names (``mobile_gym.sim.apps.aliases``): a task naming MobileWorld's
Google Messages, Google Contacts or Fossify Calendar gets the app installed in its place, in
its setup, its SQL signals and its foreground signals."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.aliases import ALIASES
from tests.tasks.tasktools import click, make_env

MESSAGES = "com.google.android.apps.messaging"
SMS = "com.simplemobiletools.smsmessenger"
CONTACTS = "com.google.android.contacts"


def test_every_alias_names_an_installed_app_that_is_not_itself_installed() -> None:
    phone = Phone(seed=0)
    for other, installed in ALIASES.items():
        assert other not in phone.apps and installed in phone.apps
        assert phone.package_name(other) == installed
    assert phone.package_name(SMS) == SMS
    assert phone.package_name("org.example.none") == "org.example.none"


def test_starting_another_phones_package_opens_the_app_in_its_place() -> None:
    phone = Phone(seed=0)
    phone.start_activity(MESSAGES)
    assert phone.foreground == (SMS, ".activities.MainActivity")
    phone.go_home()
    phone.launch(CONTACTS)
    assert phone.foreground[0] == "com.simplemobiletools.contacts.pro"


def test_an_alias_reads_and_clears_the_same_database() -> None:
    phone = Phone(seed=0)
    calendar = phone.database("org.fossify.calendar", "events")
    assert calendar is phone.database("com.simplemobiletools.calendar.pro", "events")
    assert (
        phone.database(MESSAGES, "messages").execute("SELECT COUNT(*) FROM messages").fetchone()[0]
        > 0
    )
    phone.clear_app_data(MESSAGES)
    assert (
        phone.database(SMS, "messages").execute("SELECT COUNT(*) FROM messages").fetchone()[0] == 0
    )


def test_a_task_written_for_google_messages_runs_on_sms_messenger() -> None:
    env = make_env(
        apps=[MESSAGES],
        setup={
            "clear_data": [MESSAGES],
            "database": [
                {
                    "package": MESSAGES,
                    "database": "messages",
                    "table": "messages",
                    "rows": [{"address": "+15051234567", "body": "Lunch?", "date": 1, "type": 1}],
                }
            ],
            "start": {"package": MESSAGES},
        },
        signals={
            "in_front": {"foreground": MESSAGES, "activity": ".activities.ThreadActivity"},
            "read": {
                "sql": "SELECT read FROM messages WHERE address = '+15051234567'",
                "package": MESSAGES,
                "database": "messages",
                "expect": [[1]],
            },
        },
        events=[
            {"id": "done", "when": {"all": ["in_front", "read"]}, "reward": 1.0, "end": "success"}
        ],
        solution=[{"click": {"id": "conversation_frame"}}],
    )
    env.reset(seed=0)
    assert env.device.foreground()[0] == SMS
    *_, terminated, _, info = click(env, id="conversation_frame")
    assert terminated and info["success"] is True


@pytest.mark.parametrize("package", [MESSAGES, SMS])
def test_a_foreground_signal_may_name_either_package(package: str) -> None:
    env = make_env(
        apps=[SMS],
        setup={},
        signals={"in_front": {"foreground": package}},
        events=[{"id": "done", "when": "in_front", "reward": 1.0, "end": "success"}],
        solution=[{"click": {"text": "SMS Messenger"}}],
    )
    env.reset(seed=0)
    assert env.reset(seed=0)[1]["success"] is False  # on the home screen
    *_, info = click(env, text="SMS Messenger")
    assert info["success"] is True
