"""The SMS Messenger app, driven through raw input only (taps, long presses, text, keys);
outcomes read from its database, logcat and the view hierarchy."""

from __future__ import annotations

import pytest

from mobile_gym.hierarchy import inside
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.about import ABOUT
from mobile_gym.sim.apps.contacts import EDIT as CONTACT_EDIT
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.contacts import VIEW as CONTACT_VIEW
from mobile_gym.sim.apps.contacts import ContactsApp
from mobile_gym.sim.apps.settings import SettingsApp
from mobile_gym.sim.apps.sms_messenger import (
    ARCHIVED,
    BLOCKED,
    MAIN,
    NEW_CONVERSATION,
    PACKAGE,
    THREAD,
    SmsMessengerApp,
    data,
)
from mobile_gym.sim.apps.sms_messenger.data import SETTINGS
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER
from tests.sim.conftest import statements_while_rebuilt, views_made

SEED = 5
NOW_MS = 1717407000000  # 2024-06-03 09:30, the phone's default start


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED)


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with SMS Messenger opened from the dock."""
    driver = Driver(phone)
    driver.tap(desc="SMS Messenger")
    assert phone.foreground == (PACKAGE, MAIN)
    return driver


def messages(phone: Phone, address: str | None = None) -> list[dict]:
    db = phone.database(PACKAGE, "messages")
    if address is None:
        rows = db.execute("SELECT * FROM messages ORDER BY id")
    else:
        rows = db.execute("SELECT * FROM messages WHERE address = ? ORDER BY id", (address,))
    return [dict(row) for row in rows]


def contacts(phone: Phone) -> list[dict]:
    rows = phone.database(CONTACTS, "contacts").execute("SELECT * FROM contacts ORDER BY id")
    return [dict(row) for row in rows]


def titles(d: Driver) -> list[str]:
    return [node.text for node in d.find_all(id="conversation_address")]


def app_log(phone: Phone) -> list[str]:
    marker = " I SMSMessenger: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def latest_by_address(phone: Phone) -> list[str]:
    """Addresses newest conversation first (the list's order, nothing pinned)."""
    latest: dict[str, tuple[int, int]] = {}
    for m in messages(phone):
        latest[m["address"]] = max(latest.get(m["address"], (0, 0)), (m["date"], m["id"]))
    return sorted(latest, key=lambda a: latest[a], reverse=True)


def names(phone: Phone) -> dict[str, str]:
    return {c["phone"]: f"{c['first_name']} {c['last_name']}" for c in contacts(phone)}


def scroll_up_to(d: Driver, **selector: str) -> None:
    """Scroll the thread up until a node matching ``selector`` shows."""
    for _ in range(100):
        if d.exists(**selector):
            return
        d.scroll("up", id="thread_messages_list")
    raise AssertionError(f"nothing matches {selector} at the top of the thread")


def add_conversation(phone: Phone, address: str, body: str, *, read: int = 1) -> None:
    """A received message a minute ago: the conversation comes first in the list."""
    phone.database(PACKAGE, "messages").execute(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, 1, ?)",
        (address, body, NOW_MS - 60_000, read),
    )


# the list ------------------------------------------------------------------------------------
def test_list_shows_conversations_newest_first_named_from_contacts(phone: Phone, d: Driver) -> None:
    order = latest_by_address(phone)
    known = names(phone)
    expected = [known.get(address, address) for address in order]
    shown = titles(d)
    assert shown == expected[: len(shown)] and len(shown) >= 6
    assert any(a in known for a in order) and any(a not in known for a in order)
    assert d.find(id="toolbar_title").text == "SMS Messenger"
    assert d.exists(id="conversations_fab", content_desc="New conversation")
    unread = {m["address"] for m in messages(phone) if not m["read"]}
    rows = d.find_all(id="conversation_frame")
    flagged = [
        title
        for title, row in zip(shown, rows, strict=False)
        if any(
            row.bounds.top <= n.bounds.top < row.bounds.bottom
            for n in d.find_all(id="unread_indicator")
        )
    ]
    assert flagged == [known.get(a, a) for a in order[: len(shown)] if a in unread]


def test_the_list_follows_the_contacts_however_many(phone: Phone, d: Driver) -> None:
    book = phone.database(CONTACTS, "contacts")
    book.executemany(
        "INSERT INTO contacts(first_name, last_name, phone) VALUES (?, ?, ?)",
        [(f"Extra{i}", "Person", f"+1 555 {i:07d}") for i in range(2000)],
    )
    add_conversation(phone, "+1 555-000-1234", "Hello?")
    assert titles(d)[0] == "Extra1234 Person"  # named from the 2,000 more contacts
    book.execute("UPDATE contacts SET first_name = 'Renamed' WHERE first_name = 'Extra1234'")
    assert titles(d)[0] == "Renamed Person"  # the list shown follows a change of the contacts
    book.execute("DELETE FROM contacts WHERE first_name = 'Renamed'")
    assert titles(d)[0] == "+1 555-000-1234"


def test_open_a_conversation_marks_it_read_and_sends_a_message(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Can you bring the charger?", read=0)
    assert titles(d)[0] == "+1 555-321-7654"
    d.tap(id="conversation_address", text="+1 555-321-7654")
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == "+1 555-321-7654"
    assert [n.text for n in d.find_all(id="thread_message_body")] == ["Can you bring the charger?"]
    assert all(m["read"] for m in messages(phone, "+1 555-321-7654"))
    assert d.find(id="thread_date_time").text == "June 3, 2024"

    send = d.find(id="thread_send_message")
    assert not send.clickable  # nothing to send yet
    d.tap(id="thread_send_message")
    assert len(messages(phone, "+1 555-321-7654")) == 1
    d.type_into("Sure, on my way", id="thread_type_message")
    assert d.find(id="thread_character_counter").text == "15"
    d.tap(id="thread_send_message")

    sent = messages(phone, "+1 555-321-7654")[-1]
    assert (sent["body"], sent["type"], sent["read"]) == ("Sure, on my way", 2, 1)
    assert NOW_MS <= sent["date"] <= phone.clock.epoch_ms
    assert [n.text for n in d.find_all(id="thread_message_body")][-1] == "Sure, on my way"
    time = f"{phone.clock.now:%H:%M}"
    assert d.find_all(id="thread_message_time")[-1].text == time == "09:30"
    assert d.find(id="thread_type_message").text == "Type a message…"  # emptied: the hint
    assert app_log(phone)[-1] == "Message sent: to=+1 555-321-7654 body=Sure, on my way"
    d.key("BACK")  # the keyboard
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.find_all(id="conversation_body_short")[0].text == "Sure, on my way"


def test_new_conversation_with_a_contact_picked_from_the_filtered_list(
    phone: Phone, d: Driver
) -> None:
    person = contacts(phone)[0]
    name = f"{person['first_name']} {person['last_name']}"
    d.tap(desc="New conversation")
    assert phone.foreground == (PACKAGE, NEW_CONVERSATION)
    assert not d.exists(id="new_conversation_confirm")
    d.type_into(person["first_name"], id="new_conversation_address")
    listed = [n.text for n in d.find_all(id="item_contact_name")]
    assert name in listed and all(person["first_name"].lower() in n.lower() for n in listed)
    d.tap(id="item_contact_name", text=name)
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == name
    d.type_into("Hello!", id="thread_type_message")
    d.tap(desc="Send")
    address = person["phone"]
    if address in latest_by_address(phone)[1:]:  # the contact already had a conversation
        assert messages(phone, address)[-1]["body"] == "Hello!"
    assert messages(phone)[-1]["address"] == address
    d.key("BACK")
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)  # the picker closed when the thread opened


def test_a_new_conversation_matches_many_contacts_once_per_query_until_they_change(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    keyed = []
    number_key = data.number_key
    monkeypatch.setattr(data, "number_key", lambda n: keyed.append(n) or number_key(n))
    contacts = phone.database(CONTACTS, "contacts")
    contacts.executemany(
        "INSERT INTO contacts(first_name, last_name, phone) VALUES (?, 'Filled', ?)",
        [(f"Zed{i:03d}", f"+1 888 {i:07d}") for i in range(600)],
    )
    d.tap(desc="New conversation")
    d.type_into("888 0000", id="new_conversation_address")  # digits: found in the numbers
    listed = [n.text for n in d.find_all(id="item_contact_name")]
    assert listed[:2] == ["Zed000 Filled", "Zed001 Filled"]
    assert views_made(phone, "item_contact_name") < 30  # of 600
    keyed.clear()
    assert not statements_while_rebuilt(phone, contacts)  # built again, nothing changed:
    assert keyed == []  # nothing is read or matched again
    contacts.execute(
        "INSERT INTO contacts(first_name, last_name, phone) VALUES ('Aaron', 'Zed', ?)",
        ("+1 888 0000999",),
    )
    assert d.find_all(id="item_contact_name")[0].text == "Aaron Zed"  # at once
    phone.send(ev.Text("99"))
    assert [n.text for n in d.find_all(id="item_contact_name")] == ["Aaron Zed"]
    d.tap(id="item_contact_name", text="Aaron Zed")
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == "Aaron Zed"


def test_new_conversation_with_a_typed_number(phone: Phone, d: Driver) -> None:
    d.tap(desc="New conversation")
    d.type_into("pizza place", id="new_conversation_address")
    assert d.find(id="no_contacts_placeholder").text == "No contacts found"
    d.tap(id="new_conversation_confirm")
    assert d.exists(text="Invalid phone number")
    assert phone.foreground == (PACKAGE, NEW_CONVERSATION)

    d.tap(id="new_conversation_address")
    for _ in "pizza place":
        d.key("DEL")
    d.device.send(ev.Text("+1 555-010-2030"))
    d.key("ENTER")  # confirms, as the check button does
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == "+1 555-010-2030"
    assert not d.exists(id="thread_message_body")
    d.type_into("Hi", id="thread_type_message")
    d.tap(id="thread_send_message")
    assert [m["body"] for m in messages(phone, "+1 555-010-2030")] == ["Hi"]


def test_a_number_spelled_differently_opens_the_existing_conversation(
    phone: Phone, d: Driver
) -> None:
    add_conversation(phone, "+1 555-321-7654", "Ping")
    d.tap(desc="New conversation")
    d.type_into("5553217654", id="new_conversation_address")
    d.tap(desc="Confirm")
    assert d.find(id="toolbar_title").text == "+1 555-321-7654"
    assert [n.text for n in d.find_all(id="thread_message_body")] == ["Ping"]
    d.type_into("Pong", id="thread_type_message")
    d.tap(id="thread_send_message")
    assert [m["body"] for m in messages(phone, "+1 555-321-7654")] == ["Ping", "Pong"]


# drafts --------------------------------------------------------------------------------------
def drafts(phone: Phone) -> dict[str, str]:
    rows = phone.database(PACKAGE, "messages").execute("SELECT address, body FROM drafts")
    return dict(rows)


def test_leaving_a_conversation_keeps_its_draft_until_sent(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Dinner tonight?")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.type_into("  See you at 6 ", id="thread_type_message")
    d.key("BACK")  # the keyboard
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert drafts(phone) == {"+1 555-321-7654": "See you at 6"}
    assert d.find_all(id="conversation_body_short")[0].text == "See you at 6"
    assert d.find(id="draft_indicator").text == "Draft"
    assert len(d.find_all(id="draft_indicator")) == 1

    d.tap(id="conversation_address", text="+1 555-321-7654")
    assert d.find(id="thread_type_message").text == "See you at 6"
    assert d.find(id="thread_character_counter").text == "12"
    d.tap(id="thread_send_message")
    assert messages(phone, "+1 555-321-7654")[-1]["body"] == "See you at 6"
    assert drafts(phone) == {}
    d.tap(desc="Navigate up")
    assert d.find_all(id="conversation_body_short")[0].text == "See you at 6"
    assert not d.exists(id="draft_indicator")


def test_leaving_the_app_keeps_the_draft_and_an_emptied_field_drops_it(
    phone: Phone, d: Driver
) -> None:
    add_conversation(phone, "+1 555-321-7654", "Dinner tonight?")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.type_into("Maybe", id="thread_type_message")
    d.key("HOME")
    assert drafts(phone) == {"+1 555-321-7654": "Maybe"}
    d.tap(desc="SMS Messenger")
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="thread_type_message").text == "Maybe"
    d.tap(id="thread_type_message")
    for _ in "Maybe":
        d.key("DEL")
    d.key("BACK")  # the keyboard
    d.tap(desc="Navigate up")
    assert drafts(phone) == {}
    assert d.find_all(id="conversation_body_short")[0].text == "Dinner tonight?"
    d.tap(id="conversation_address", text="+1 555-321-7654")
    assert d.find(id="thread_type_message").text == "Type a message…"  # the hint


def test_deleting_a_conversation_drops_its_draft(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Dinner tonight?")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.type_into("Maybe", id="thread_type_message")
    d.key("BACK")
    d.tap(desc="Delete")
    d.tap(text="Delete", class_="android.widget.Button")
    assert phone.foreground == (PACKAGE, MAIN)
    assert drafts(phone) == {}


# the long-press menu -------------------------------------------------------------------------
def test_delete_asks_first_and_removes_only_that_conversation(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Old news")
    before = messages(phone)
    d.long_press(id="conversation_address", text="+1 555-321-7654")
    items = [n.text for n in d.find_all(resource_id="android:id/title")]
    assert items == [
        "Add number to contact",
        "Block number",
        "Mark as unread",
        "Pin",
        "Archive",
        "Delete",
    ]
    d.tap(text="Delete", resource_id="android:id/title")
    assert d.find(resource_id="android:id/alertTitle").text == "Delete conversation?"
    d.tap(text="Cancel")
    assert messages(phone) == before
    d.long_press(id="conversation_address", text="+1 555-321-7654")
    d.tap(text="Delete", resource_id="android:id/title")
    d.tap(text="Delete", class_="android.widget.Button")
    assert messages(phone) == [m for m in before if m["address"] != "+1 555-321-7654"]
    assert "+1 555-321-7654" not in titles(d)
    assert app_log(phone)[-1] == "Conversation deleted: address=+1 555-321-7654"


def test_mark_unread_and_read_from_the_menu(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Ping")
    d.long_press(id="conversation_address", text="+1 555-321-7654")
    d.tap(text="Mark as unread")
    assert [m["read"] for m in messages(phone, "+1 555-321-7654")] == [0]
    assert d.exists(id="unread_indicator", desc="Unread")
    assert app_log(phone)[-1] == "Conversation marked as unread: address=+1 555-321-7654"
    d.long_press(id="conversation_address", text="+1 555-321-7654")
    assert d.exists(text="Mark as read", resource_id="android:id/title")
    d.tap(text="Mark as read")
    assert [m["read"] for m in messages(phone, "+1 555-321-7654")] == [1]
    assert app_log(phone)[-1] == "Conversation marked as read: address=+1 555-321-7654"


def test_pin_moves_a_conversation_to_the_top(phone: Phone, d: Driver) -> None:
    third = titles(d)[2]
    d.long_press(id="conversation_address", text=third)
    d.tap(text="Pin")
    assert titles(d)[0] == third
    assert d.exists(id="pin_indicator", desc="Pinned")
    d.long_press(id="conversation_address", text=third)
    d.tap(text="Unpin")
    assert titles(d)[2] == third and not d.exists(id="pin_indicator")


def test_archive_hides_a_conversation_until_unarchived(phone: Phone, d: Driver) -> None:
    first = titles(d)[0]
    d.long_press(id="conversation_address", text=first)
    d.tap(text="Archive")
    assert (
        d.find(resource_id="android:id/message").text
        == "Are you sure you want to archive 1 conversation?"
    )
    d.tap(text="No")
    assert first in titles(d)
    d.long_press(id="conversation_address", text=first)
    d.tap(text="Archive")
    d.tap(text="Yes")
    assert first not in titles(d)
    d.tap(desc="More options")
    d.tap(text="Show archived conversations")
    assert phone.foreground == (PACKAGE, ARCHIVED)
    assert titles(d) == [first]
    d.long_press(id="conversation_address", text=first)
    assert [n.text for n in d.find_all(resource_id="android:id/title")] == ["Unarchive", "Delete"]
    d.tap(text="Unarchive")
    assert (
        d.find(id="no_conversations_placeholder").text
        == "No archived conversations have been found"
    )
    d.tap(desc="Navigate up")
    assert titles(d)[0] == first


def test_block_hides_a_number_until_unblocked(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "You won a prize!")
    d.long_press(id="conversation_address", text="+1 555-321-7654")
    d.tap(text="Block number")
    assert "+1 555-321-7654" in d.find(resource_id="android:id/message").text
    d.tap(text="Block", class_="android.widget.Button")
    assert "+1 555-321-7654" not in titles(d)
    assert app_log(phone)[-1] == "Number blocked: +1 555-321-7654"
    d.tap(desc="Settings")
    assert phone.foreground == (PACKAGE, SETTINGS)
    d.tap(text="Manage blocked numbers")
    assert phone.foreground == (PACKAGE, BLOCKED)
    assert [n.text for n in d.find_all(id="manage_blocked_number_title")] == ["+1 555-321-7654"]
    d.tap(desc="Unblock")
    assert d.exists(id="manage_blocked_numbers_placeholder")
    d.tap(desc="Add a blocked number")
    d.type_into("12", id="add_blocked_number_edittext")
    d.tap(text="OK")
    assert d.exists(text="Invalid phone number")
    d.type_into("345", id="add_blocked_number_edittext")
    d.tap(text="OK")
    assert [n.text for n in d.find_all(id="manage_blocked_number_title")] == ["12345"]
    d.tap(desc="Navigate up")
    d.tap(desc="Navigate up")
    assert titles(d)[0] == "+1 555-321-7654"


def test_thread_menu_marks_unread_and_archives_then_closes(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Ping")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.tap(desc="More options")
    d.tap(text="Mark as unread")
    assert phone.foreground == (PACKAGE, MAIN)
    assert messages(phone, "+1 555-321-7654")[0]["read"] == 0
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.tap(desc="More options")
    d.tap(text="Archive")
    assert phone.foreground == (PACKAGE, MAIN)
    assert "+1 555-321-7654" not in titles(d)
    d.tap(desc="More options")
    d.tap(text="Show archived conversations")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.type_into("Back again", id="thread_type_message")
    d.tap(id="thread_send_message")  # sending brings an archived conversation back
    d.key("BACK")
    d.key("BACK")
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert titles(d)[0] == "+1 555-321-7654"


# search --------------------------------------------------------------------------------------
def test_search_matches_names_numbers_and_message_text(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "The key is under the blue flowerpot")
    d.tap(desc="Search")
    assert d.find(id="search_query").text == "Search conversations"
    d.type_into("flowerpot", id="search_query")
    assert titles(d) == ["+1 555-321-7654"]
    assert d.find(id="conversation_body_short").text == "The key is under the blue flowerpot"
    for typed in ("321-76", "+1 555-321", "1555321"):  # with its country code, as shown
        d.tap(desc="Clear query")
        d.type_into(typed, id="search_query")
        assert titles(d) == ["+1 555-321-7654"], typed
    name = names(phone)[next(a for a in latest_by_address(phone) if a in names(phone))]
    d.tap(desc="Clear query")
    d.type_into(name.split()[0].lower(), id="search_query")
    assert name in titles(d)
    d.type_into("zzzz", id="search_query")
    assert d.find(id="no_conversations_placeholder").text == "No conversations match your search"
    d.key("BACK")
    d.key("BACK")
    assert not d.exists(id="search_query") and phone.foreground == (PACKAGE, MAIN)


# with Contacts -------------------------------------------------------------------------------
def test_add_number_to_contact_names_the_conversation(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "New number, who dis")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.tap(desc="More options")
    d.tap(text="Add number to contact")
    assert phone.foreground == (CONTACTS, CONTACT_EDIT)
    assert d.find(id="contact_number").text == "+1 555-321-7654"
    d.type_into("Quinn", id="contact_first_name")
    d.tap(desc="Save")
    assert phone.foreground == (CONTACTS, CONTACT_VIEW)
    d.key("HOME")
    d.tap(desc="SMS Messenger")
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == "Quinn"
    d.key("BACK")
    assert titles(d)[0] == "Quinn"


def test_send_sms_from_a_contact_card_opens_the_conversation(phone: Phone) -> None:
    d = Driver(phone)
    person = contacts(phone)[0]
    name = f"{person['first_name']} {person['last_name']}"
    d.tap(desc="Contacts")
    d.scroll_to(text=name, id="item_contact_name")
    d.tap(text=name, id="item_contact_name")
    d.tap(desc="Send SMS")
    assert phone.foreground == (PACKAGE, THREAD)
    assert d.find(id="toolbar_title").text == name
    d.type_into("Hi from your card", id="thread_type_message")
    d.tap(id="thread_send_message")
    assert messages(phone)[-1]["address"] == person["phone"]
    d.key("BACK")  # the keyboard
    d.key("BACK")  # the conversation was the messaging app's only screen
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)
    d.tap(desc="Contacts")
    assert phone.foreground == (CONTACTS, CONTACT_VIEW)  # its task kept the card


def test_without_a_messaging_app_send_sms_says_so() -> None:
    phone = Phone(seed=SEED, apps=(SettingsApp, ContactsApp))
    d = Driver(phone)
    d.tap(desc="Contacts")
    d.tap(id="item_contact_name")
    d.tap(desc="Send SMS")
    assert d.exists(text="No app found to send messages")
    assert phone.foreground == (CONTACTS, CONTACT_VIEW)


def test_without_contacts_every_conversation_is_a_number() -> None:
    phone = Phone(seed=SEED, apps=(SettingsApp, SmsMessengerApp))
    d = Driver(phone)
    d.tap(desc="SMS Messenger")
    shown = titles(d)
    assert shown and all(any(ch.isdigit() for ch in title) for title in shown)


# seeding -------------------------------------------------------------------------------------
def test_seeded_conversations_are_deterministic_per_seed() -> None:
    a, b, c = (Phone(seed=s) for s in (3, 3, 4))
    assert messages(a) == messages(b) != messages(c)
    for phone in (a, c):
        rows = messages(phone)
        addresses = {m["address"] for m in rows}
        assert 8 <= len(addresses) <= 12
        assert {m["type"] for m in rows} == {1, 2}
        assert all(m["date"] < NOW_MS for m in rows)
    da, db_ = Driver(a), Driver(b)
    da.tap(desc="SMS Messenger")
    db_.tap(desc="SMS Messenger")
    assert a.hierarchy_xml() == b.hierarchy_xml()


def test_back_from_the_list_goes_home(phone: Phone, d: Driver) -> None:
    d.key("BACK")
    assert phone.foreground == (LAUNCHER, HOME_ACTIVITY)


# settings, message details, About ---------------------------------------------------------
def preference(phone: Phone, key: str) -> str | None:
    row = (
        phone.database(PACKAGE, "messages")
        .execute("SELECT value FROM preferences WHERE key = ?", (key,))
        .fetchone()
    )
    return None if row is None else row[0]


def test_font_size_setting_enlarges_the_messages(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Big news")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    before = d.find(id="thread_message_body", text="Big news").bounds.height
    d.key("BACK")
    d.tap(desc="Settings")
    assert d.find(id="settings_font_size").text == "Medium"
    d.tap(id="settings_font_size_holder")
    assert d.find(id="font_size_medium").checked
    d.tap(id="font_size_large")
    assert d.find(id="settings_font_size").text == "Large"
    assert preference(phone, "font_size") == "large"
    d.tap(desc="Navigate up")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    assert d.find(id="thread_message_body", text="Big news").bounds.height > before


def test_message_properties_name_the_receiver(phone: Phone, d: Driver) -> None:
    d.tap(desc="New conversation")
    assert d.find(id="new_conversation_address").focused  # ready to type
    d.device.send(ev.Text("123456789"))
    d.tap(id="new_conversation_confirm")
    assert d.find(id="thread_type_message").focused
    d.device.send(ev.Text("i luv u"))
    d.tap(id="thread_send_message")
    d.long_press(id="thread_message_body", text="i luv u")
    assert d.find(id="toolbar_title").text == "1 / 1"
    d.tap(desc="More options")
    d.tap(text="Properties")
    assert d.find(id="alertTitle").text == "Message details"
    values = [n.text for n in d.find_all(id="property_value")]
    assert values[0] == "123456789"
    assert [n.text for n in d.find_all(id="property_label")] == ["Receiver", "Sent at"]
    d.tap(text="OK")
    d.key("BACK")  # leaves selection mode
    assert d.exists(desc="Navigate up")
    assert phone.foreground == (PACKAGE, THREAD)


def test_deleting_a_selected_message_asks_first(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "First")
    add_conversation(phone, "+1 555-321-7654", "Second")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    d.long_press(id="thread_message_body", text="First")
    d.tap(id="cab_delete")
    d.tap(text="No")
    assert len(messages(phone, "+1 555-321-7654")) == 2
    d.tap(id="cab_delete")
    d.tap(text="Yes")
    assert [m["body"] for m in messages(phone, "+1 555-321-7654")] == ["Second"]
    assert app_log(phone)[-1] == "Messages deleted: address=+1 555-321-7654 count=1"
    assert not d.exists(id="cab_close")


def open_long_thread(phone: Phone, d: Driver, count: int) -> None:
    """A conversation of ``count`` received messages "Note 0" .. , one every half hour up to
    now (120 span three days and a half), opened."""
    address = "+1 555-321-7654"
    rows = [(address, f"Note {i}", NOW_MS - (count - i) * 1_800_000) for i in range(count)]
    phone.database(PACKAGE, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, 1, 1)", rows
    )
    d.tap(id="conversation_address", text=address)


def _thread_reading(phone: Phone) -> list[str]:
    """The day headers and message bodies shown, top to bottom."""
    shown = [
        n
        for n in phone.nodes()
        if n.resource_id.endswith(("/thread_date_time", "/thread_message_body"))
    ]
    return [n.text for n in sorted(shown, key=lambda n: n.bounds.top)]


def test_a_short_thread_sits_over_the_message_field(phone: Phone, d: Driver) -> None:
    add_conversation(phone, "+1 555-321-7654", "Can you bring the charger?")
    d.tap(id="conversation_address", text="+1 555-321-7654")
    listing = d.find(id="thread_messages_list")
    holder = d.find(id="thread_message_holder")
    assert holder.bounds.bottom == listing.bounds.bottom  # the list stacks from its end
    assert d.find(id="thread_date_time").bounds.bottom <= holder.bounds.top
    assert d.find(id="thread_send_message_holder").bounds.top >= listing.bounds.bottom


def test_a_long_thread_opens_at_its_newest_message_and_scrolls_up_to_its_first(
    phone: Phone, d: Driver
) -> None:
    open_long_thread(phone, d, 120)
    nodes = phone.nodes()
    (at,) = [i for i, n in enumerate(nodes) if n.resource_id.endswith("/thread_messages_list")]
    listing = nodes[at]
    assert listing.cls == "androidx.recyclerview.widget.RecyclerView"
    holders = d.find_all(id="thread_message_holder")
    assert d.find_all(id="thread_message_body")[-1].text == "Note 119"  # opens at the newest
    assert holders[-1].bounds.bottom == listing.bounds.bottom  # its bottom on the list's
    assert views_made(phone, "thread_message_holder") == len(holders) < 20  # those in view
    # the headers and messages are the list's own nodes, as a RecyclerView's items are
    items = [n for n in inside(nodes, at) if n.depth == listing.depth + 1]
    assert {n.resource_id.rsplit("/", 1)[-1] for n in items} == {"thread_message_holder"}
    assert [n.index for n in items] == list(range(len(items)))

    read: list[str] = []
    for _ in range(200):
        seen = _thread_reading(phone)
        headers = [n for n in phone.nodes() if n.resource_id.endswith("/thread_date_time")]
        assert all(n.depth == listing.depth + 1 for n in headers)  # the list's own items
        read = [text for text in seen if text not in read] + read
        if "Note 0" in seen:
            break
        d.scroll("up", id="thread_messages_list")
    bodies = [text for text in read if text.startswith("Note ")]
    assert bodies == [f"Note {i}" for i in range(120)]  # each once, in order, none skipped
    days = [text for text in read if not text.startswith("Note ")]
    assert days == ["May 31, 2024", "June 1, 2024", "June 2, 2024", "June 3, 2024"]
    assert read[:2] == ["May 31, 2024", "Note 0"]  # a day's header over its first message
    firsts = [read[read.index(day) + 1] for day in days]  # Note 0 at 21:30, then 00:00s
    assert firsts == ["Note 0", "Note 5", "Note 53", "Note 101"]

    d.long_press(id="thread_message_body", text="Note 0")
    assert d.find(id="toolbar_title").text == "1 / 120"  # the count is of the whole thread
    d.tap(desc="More options")
    d.tap(text="Select all")
    assert d.find(id="toolbar_title").text == "120 / 120"


def test_sending_in_a_long_thread_scrolled_up_shows_the_new_message_at_the_end(
    phone: Phone, d: Driver
) -> None:
    open_long_thread(phone, d, 300)
    for _ in range(5):
        d.scroll("up", id="thread_messages_list")
    assert not d.exists(id="thread_message_body", text="Note 299")
    d.type_into("On my way", id="thread_type_message")
    d.tap(id="thread_send_message")
    listing = d.find(id="thread_messages_list")
    assert d.find_all(id="thread_message_body")[-1].text == "On my way"
    assert d.find_all(id="thread_message_holder")[-1].bounds.bottom == listing.bounds.bottom
    assert d.exists(id="thread_message_body", text="Note 299")


def test_about_opens_the_about_page(phone: Phone, d: Driver) -> None:
    d.tap(desc="More options")
    d.tap(text="About")
    assert phone.foreground == (PACKAGE, ABOUT)
    assert d.find(id="about_app_name").text == "Simple SMS Messenger"


def test_the_list_reads_each_conversation_by_its_newest_message(phone: Phone, d: Driver) -> None:
    """A long conversation shows its newest message (the later one of two sent in the same
    millisecond), the unread mark of an older unread message, and a search snippet from the
    newest message that matches."""
    address = "+1 555-010-2030"
    rows = [
        (address, f"Note {i} on the plan", NOW_MS - 400_000 + i * 1_000, 1, 1) for i in range(300)
    ]
    rows[10] = (address, "Still unread, from long ago", NOW_MS - 390_000, 1, 0)
    rows[20] = (address, "needle in an older message", NOW_MS - 380_000, 1, 1)
    rows[30] = (address, "needle in a newer message", NOW_MS - 370_000, 1, 1)
    rows += [
        (address, "First of two at once", NOW_MS - 60_000, 2, 1),
        (address, "Second of two at once", NOW_MS - 60_000, 2, 1),
    ]
    phone.database(PACKAGE, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, ?, ?)", rows
    )
    assert titles(d)[0] == address
    row = d.find_all(id="conversation_frame")[0]
    snippet = d.find_all(id="conversation_body_short")[0]
    assert snippet.text == "Second of two at once"
    assert any(
        row.bounds.top <= n.bounds.top < row.bounds.bottom
        for n in d.find_all(id="unread_indicator")
    )
    d.tap(desc="Search")
    d.type_into("needle", id="search_query")
    assert titles(d) == [address]
    assert d.find(id="conversation_body_short").text == "needle in a newer message"


# long lists ----------------------------------------------------------------------------------
def add_numbers(phone: Phone, count: int) -> None:
    """``count`` conversations of one received message each, ``+1 666 0000000`` oldest: the
    last one comes first in the list, unless newer messages are added."""
    phone.database(PACKAGE, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, 1, 1)",
        [(f"+1 666 {i:07d}", f"Hello number {i}", NOW_MS - 3_600_000 + i) for i in range(count)],
    )


def test_a_long_list_of_conversations_is_read_once_until_it_changes(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_numbers(phone, 1000)
    db = phone.database(PACKAGE, "messages")
    db.executemany(
        "INSERT INTO conversations(address, archived) VALUES (?, 1)",
        [(f"+1 666 {i:07d}",) for i in range(0, 1000, 2)],
    )
    db.executemany(
        "INSERT INTO blocked_numbers(number) VALUES (?)", [(f"+1 777 {i:07d}",) for i in range(500)]
    )
    reads = []
    blocked_keys = data.blocked_keys
    monkeypatch.setattr(data, "blocked_keys", lambda ctx: reads.append(1) or blocked_keys(ctx))
    assert titles(d)[:2] == ["+1 666 0000999", "+1 666 0000997"]  # the even ones archived
    assert views_made(phone, "conversation_frame") < 30
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: the conversations are kept
        phone.hierarchy_xml()
    assert len(reads) == 1
    db.execute(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, 'Back on top', ?, 1, 0)",
        ("+1 666 0000003", NOW_MS - 60_000),
    )
    assert titles(d)[:2] == ["+1 666 0000003", "+1 666 0000999"] and len(reads) == 2
    assert d.find_all(id="conversation_body_short")[0].text == "Back on top"
    d.long_press(id="conversation_address", text="+1 666 0000999")
    d.tap(text="Block number")
    d.tap(text="Block", class_="android.widget.Button")
    assert titles(d)[:2] == ["+1 666 0000003", "+1 666 0000997"]
    d.tap(desc="More options")
    d.tap(text="Show archived conversations")
    assert titles(d)[:2] == ["+1 666 0000998", "+1 666 0000996"]
    assert views_made(phone, "conversation_frame") < 30


def test_a_search_of_many_conversations_is_matched_once_until_they_change(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    add_numbers(phone, 1000)
    phone.database(PACKAGE, "messages").executemany(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, 1, 1)",
        [
            ("+1 666 0000500", "Lunch at the CAFÉ?", NOW_MS - 7_200_000),  # older than its last
            ("+1 666 0000900", "café crème", NOW_MS - 120_000),
            ("+1 666 0000900", "See you there", NOW_MS - 110_000),
        ],
    )
    keyed = []
    number_key = data.number_key
    monkeypatch.setattr(data, "number_key", lambda n: keyed.append(n) or number_key(n))
    d.tap(desc="Search")
    d.type_into("Café", id="search_query")
    assert titles(d) == ["+1 666 0000900", "+1 666 0000500"]
    bodies = [n.text for n in d.find_all(id="conversation_body_short")]
    assert bodies == ["café crème", "Lunch at the CAFÉ?"]  # the newest message that matches
    keyed.clear()
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: nothing is matched again
        phone.hierarchy_xml()
    assert keyed == []
    phone.database(PACKAGE, "messages").execute(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, 'Cafe? No, café', ?, 1, 1)",
        ("+1 666 0000007", NOW_MS - 60_000),
    )
    assert titles(d) == ["+1 666 0000007", "+1 666 0000900", "+1 666 0000500"]
    d.tap(desc="Clear query")
    d.type_into("(666) 000-0123", id="search_query")
    assert titles(d) == ["+1 666 0000123"]
    assert d.find(id="conversation_body_short").text == "Hello number 123"
    d.tap(desc="Clear query")
    d.type_into("number_", id="search_query")  # "_" is a character, not any character
    assert d.find(id="no_conversations_placeholder").text == "No conversations match your search"


def test_a_long_list_of_blocked_numbers_makes_only_the_rows_in_view(
    phone: Phone, d: Driver
) -> None:
    phone.database(PACKAGE, "messages").executemany(
        "INSERT INTO blocked_numbers(number) VALUES (?)", [(f"+1 777 {i:07d}",) for i in range(500)]
    )
    d.tap(desc="Settings")
    d.tap(text="Manage blocked numbers")
    shown = [n.text for n in d.find_all(id="manage_blocked_number_title")]
    assert shown[:2] == ["+1 777 0000000", "+1 777 0000001"]
    assert views_made(phone, "manage_blocked_number_title") < 30  # of 500
    d.tap(desc="Unblock")  # the first row's
    assert app_log(phone)[-1] == "Number unblocked: +1 777 0000000"
    assert d.find(id="manage_blocked_number_title").text == "+1 777 0000001"
    for _ in range(150):
        if d.exists(id="manage_blocked_number_title", text="+1 777 0000499"):
            break
        d.scroll("down")
    last = d.find_all(id="manage_blocked_number_title")[-1]
    assert last.text == "+1 777 0000499"
    assert views_made(phone, "manage_blocked_number_title") < 30
