"""The emulator console's commands on the phone, ``sms send`` and ``power``, over a real
socket and through Debian's ``adb emu``: an arriving text lands in SMS Messenger's inbox
with a notification, and the battery follows ``power ac`` and ``power capacity``."""

from __future__ import annotations

from pathlib import Path

from mobile_gym.emulator.server import EmulatorServer
from mobile_gym.sim.apps.sms_messenger import DATABASE, PACKAGE, THREAD
from mobile_gym.sim.driver import find_all
from tests.emulator.conftest import ConsoleClient, adb_emu


def _last_message(emulator: EmulatorServer) -> tuple[str, str, int, int]:
    with emulator.locked() as phone:
        row = (
            phone.database(PACKAGE, DATABASE)
            .execute("SELECT address, body, type, read FROM messages ORDER BY id DESC LIMIT 1")
            .fetchone()
        )
    return tuple(row)


def test_sms_send_arrives_unread_with_a_notification(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    assert authed.ask(b"sms send +15550142 Your code is  482913, valid 5 min") == ["OK"]
    assert _last_message(emulator) == ("+15550142", "Your code is  482913, valid 5 min", 1, 0)
    with emulator.locked() as phone:
        (note,) = [n for n in phone.notifications.active() if n.package == PACKAGE]
        assert (note.title, note.text, note.activity) == (
            "+15550142",
            "Your code is  482913, valid 5 min",
            THREAD,
        )
        phone.notifications.tap(note)  # opens the conversation
        assert phone.foreground == (PACKAGE, THREAD)
        bodies = [n.text for n in find_all(phone.hierarchy_xml(), id="thread_message_body")]
        assert bodies[-1] == "Your code is  482913, valid 5 min"


def test_a_text_joins_the_conversation_with_that_number_and_a_blocked_one_is_dropped(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    with emulator.locked() as phone:
        db = phone.database(PACKAGE, DATABASE)
        (known,) = db.execute("SELECT address FROM messages ORDER BY id LIMIT 1").fetchone()
        digits = "".join(c for c in known if c.isdigit())
        db.execute("INSERT INTO blocked_numbers(number) VALUES ('5550199')")
        count = db.execute("SELECT count(*) FROM messages").fetchone()[0]
    if digits:  # the seeded conversation's number, spelled without its punctuation
        assert authed.ask(f"sms send {digits} hello again".encode()) == ["OK"]
        assert _last_message(emulator)[:2] == (known, "hello again")
    assert authed.ask(b"sms send 5550199 spam") == ["OK"]
    with emulator.locked() as phone:
        db = phone.database(PACKAGE, DATABASE)
        assert db.execute("SELECT count(*) FROM messages").fetchone()[0] == count + bool(digits)
        assert not db.execute("SELECT 1 FROM messages WHERE body = 'spam'").fetchall()


def test_sms_send_says_what_is_wrong(authed: ConsoleClient, emulator: EmulatorServer) -> None:
    before = _last_message(emulator)
    assert authed.ask(b"sms send") == [
        "KO: missing argument, try 'sms send <phonenumber> <text message>'"
    ]
    assert authed.ask(b"sms send 555") == [
        "KO: missing argument, try 'sms send <phonenumber> <text message>'"
    ]
    assert authed.ask(b"sms send bank hello") == ["KO: bad phone number format, must be [+](0-9)*"]
    assert authed.ask(b"sms pdu 0011") == [
        "KO: missing sub-command: send (the simulated modem takes sms send only)"
    ]
    assert _last_message(emulator) == before


def test_adb_emu_sms_send(emulator: EmulatorServer, home: Path) -> None:
    """As AndroidWorld-style harnesses text the phone: ``adb emu sms send NUMBER TEXT``."""
    assert adb_emu(emulator, home, "sms", "send", "5551234", "Running late, 10 min") == b"OK\r\n"
    assert _last_message(emulator) == ("5551234", "Running late, 10 min", 1, 0)


def test_power_sets_the_battery_the_phone_shows(
    authed: ConsoleClient, emulator: EmulatorServer
) -> None:
    display = authed.ask(b"power display")
    # booted on a charger (USB; the console's power model names any charger AC)
    assert display == ["AC: online", "status: Charging", "health: Good", "present: true",
                       "capacity: 85", "OK"]  # fmt: skip
    assert authed.ask(b"power capacity 20") == ["OK"]
    assert authed.ask(b"power ac on") == ["OK"]
    with emulator.locked() as phone:
        assert (phone.battery, phone.services.charger) == (20, "ac")
        (label,) = find_all(phone.hierarchy_xml(), id="battery_percentage_view")
        assert label.text == "20%"
    assert authed.ask(b"power ac off")[-1] == "OK"
    assert authed.ask(b"power display")[:2] == ["AC: offline", "status: Discharging"]
    for refused in (b"power capacity 120", b"power capacity low", b"power status full", b"power"):
        assert authed.ask(refused)[-1].startswith("KO: ")
    with emulator.locked() as phone:
        assert (phone.battery, phone.services.charger) == (20, None)
