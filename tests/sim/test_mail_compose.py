"""Writing mail in the Mail app through raw input: recipients picked from suggestions, cc and
bcc, attachments from the phone's files, replies and forwards, drafts; outcomes read from
its database, ``sentEmail.json`` and logcat."""

from __future__ import annotations

import json

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.mail import COMPOSE, MAIN, PACKAGE, SENT_JSON, VIEW, data
from mobile_gym.sim.driver import Driver
from tests.deadline import within
from tests.sim.conftest import views_made
from tests.sim.test_mail import NOW_MS, add_mail, app_log, d, mails, phone, subjects

__all__ = ["d", "phone"]  # the fixtures


def contact_emails(phone: Phone) -> list[tuple[str, str]]:
    rows = phone.database("com.simplemobiletools.contacts.pro", "contacts").execute(
        "SELECT first_name, last_name, email FROM contacts WHERE email != '' ORDER BY id"
    )
    return [(f"{r['first_name']} {r['last_name']}", r["email"]) for r in rows]


def sent_record(phone: Phone) -> dict:
    return json.loads(phone.storage.read(SENT_JSON))


def test_suggestions_follow_the_contacts_and_the_mails(phone: Phone, d: Driver) -> None:
    d.tap(desc="Compose")
    d.device.send(ev.Text("quill"))
    assert not d.exists(id="suggestion_row")
    phone.database("com.simplemobiletools.contacts.pro", "contacts").execute(
        "INSERT INTO contacts(first_name, last_name, email) VALUES ('Quillon', 'Vance', ?)",
        ("quillon@example.com",),
    )
    d.device.send(ev.Text("o"))
    assert [n.text for n in d.find_all(id="suggestion_address")] == ["quillon@example.com"]
    add_mail(phone, "Desk hours", sender_name="Quillo Desk", sender_address="desk@quillo.example")
    assert [n.text for n in d.find_all(id="suggestion_address")] == [
        "quillon@example.com",
        "desk@quillo.example",
    ]


def test_suggestions_among_many_people_are_found_once_per_letter_until_they_change(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.database("com.simplemobiletools.contacts.pro", "contacts").executemany(
        "INSERT INTO contacts(first_name, last_name, email) VALUES (?, 'Filled', ?)",
        [(f"Xara{i:03d}", f"xara{i:03d}@filled.example") for i in range(600)],
    )
    asked = []
    people = data.people
    monkeypatch.setattr(data, "people", lambda ctx: asked.append(1) or people(ctx))
    d.tap(desc="Compose")
    d.device.send(ev.Text("xara"))
    suggested = [n.text for n in d.find_all(id="suggestion_address")]
    assert suggested == [f"xara{i:03d}@filled.example" for i in range(5)]
    asked.clear()
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: nobody is matched again
        phone.hierarchy_xml()
    assert asked == []
    d.device.send(ev.Text("599"))
    assert [n.text for n in d.find_all(id="suggestion_address")] == ["xara599@filled.example"]
    add_mail(phone, "Hi", sender_name="Xara Mail", sender_address="xara599@mail.example")
    shown = [n.text for n in d.find_all(id="suggestion_address")]
    assert shown == ["xara599@filled.example", "xara599@mail.example"]  # at once
    phone.database("com.simplemobiletools.contacts.pro", "contacts").execute(
        "DELETE FROM contacts WHERE email = 'xara599@filled.example'"
    )
    assert [n.text for n in d.find_all(id="suggestion_address")] == ["xara599@mail.example"]


def test_the_files_to_attach_are_found_once_until_they_change(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Download/report_{i:03d}.txt", b"txt", NOW_MS - 86_400_000 + i)
        for i in range(500)
    )
    listed = []
    file_paths = phone.storage.file_paths
    monkeypatch.setattr(phone.storage, "file_paths", lambda: listed.append(1) or file_paths())
    d.tap(desc="Compose")
    d.tap(desc="Attach file")
    assert [n.text for n in d.find_all(id="attach_file_name")][:2] == [
        "report_499.txt",
        "report_498.txt",
    ]
    assert views_made(phone, "attach_file_row") < 30
    listed.clear()
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: the files are not looked at again
        phone.hierarchy_xml()
    assert listed == []
    phone.storage.write("/sdcard/Download/report_new.txt", b"new")  # no time: counts as new
    assert d.find(id="attach_file_name").text == "report_new.txt"  # at once
    phone.storage.write_files([("/sdcard/Documents/report_later.txt", b"x", NOW_MS + 86_400_000)])
    names = [n.text for n in d.find_all(id="attach_file_name")]
    assert names[:3] == ["report_later.txt", "report_new.txt", "report_499.txt"]  # its time first
    d.type_into("report_00", id="attach_search")
    names = [n.text for n in d.find_all(id="attach_file_name")]
    assert names == [f"report_00{i}.txt" for i in range(9, -1, -1)][: len(names)]


def test_compose_with_a_suggested_contact_cc_and_an_attachment(phone: Phone, d: Driver) -> None:
    phone.storage.write("/sdcard/Documents/Vacation budget.xlsx", b"sheet")
    name, email = contact_emails(phone)[0]
    d.tap(desc="Compose")
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert d.find(id="compose_to").focused  # the keyboard is up for the recipient
    d.device.send(ev.Text(name.split()[0][:3]))
    suggested = [n.text for n in d.find_all(id="suggestion_address")]
    assert email in suggested and len(suggested) <= 5
    d.tap(id="suggestion_address", text=email)
    assert d.find(id="compose_to").text == f"{email}, "
    assert not d.exists(id="suggestion_row")
    d.type_into("boss@work.example", id="compose_cc")
    d.type_into("Budget", id="compose_subject")
    d.type_into("Here is the budget.", id="compose_body")
    d.tap(desc="Attach file")
    assert d.find(id="alertTitle").text == "Attach file"
    listed = [n.text for n in d.find_all(id="attach_file_name")]
    assert listed[0] == "Vacation budget.xlsx"  # the newest first
    assert d.find(id="attach_file_folder").text == "Documents"
    d.scroll("down", id="attach_file_list")
    assert d.find(id="attach_file_name").text != "Vacation budget.xlsx"
    d.scroll("up", id="attach_file_list")
    d.tap(id="attach_file_name", text="Vacation budget.xlsx")
    assert [n.text for n in d.find_all(id="attachment_chip_name")] == ["Vacation budget.xlsx"]
    d.tap(desc="Send")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.exists(text="Sent")
    sent = mails(phone, "folder = 'sent'")[0]
    assert (sent["to_address"], sent["cc"], sent["subject"], sent["body"]) == (
        email,
        "boss@work.example",
        "Budget",
        "Here is the budget.",
    )
    assert sent["attachments"] == "Vacation budget.xlsx" and sent["date"] >= NOW_MS
    record = sent_record(phone)
    assert (record["to"], record["cc"], record["subject"]) == (email, "boss@work.example", "Budget")
    assert record["attachments"] == [
        {"name": "Vacation budget.xlsx", "path": "/sdcard/Documents/Vacation budget.xlsx"}
    ]
    assert app_log(phone)[-1] == (
        f"Mail sent: id={sent['id']} to={email} cc=boss@work.example bcc= subject=Budget "
        "attachments=Vacation budget.xlsx"
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Sent")
    assert subjects(d)[0] == "Budget"


def test_send_needs_a_valid_recipient(phone: Phone, d: Driver) -> None:
    d.tap(desc="Compose")
    d.tap(desc="Send")
    assert d.exists(text="Add at least one recipient")
    d.device.send(ev.Text("not an address"))
    d.tap(desc="Send")
    assert d.exists(text="Invalid address: not an address")
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert not phone.storage.exists(SENT_JSON)
    d.tap(id="compose_to")
    for _ in "not an address":
        d.key("DEL")
    d.device.send(ev.Text("a@b.org, c@d.org"))
    d.type_into("x@y.org", id="compose_bcc")
    d.tap(desc="Send")
    assert sent_record(phone)["to"] == "a@b.org,c@d.org"
    assert sent_record(phone)["bcc"] == "x@y.org"


def test_reply_prefills_the_sender_subject_and_quote(phone: Phone, d: Driver) -> None:
    mail_id = add_mail(
        phone,
        "Meeting Thursday",
        sender_name="Daniel",
        body="Can we meet at 10?",
        sender_address="dan123@gmail.com",
    )
    d.tap(id="subject", text="Meeting Thursday")
    d.tap(id="reply_button")
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert d.find(id="compose_to").text == "dan123@gmail.com, "
    assert d.find(id="compose_subject").text == "Re: Meeting Thursday"
    assert d.find(id="compose_body").focused
    quote = d.find(id="quoted_text").text
    assert "Daniel <dan123@gmail.com> wrote:" in quote and "> Can we meet at 10?" in quote
    d.device.send(ev.Text("I'll be there at 10."))
    d.tap(desc="Send")
    assert phone.foreground == (PACKAGE, VIEW)  # back on the mail answered
    sent = mails(phone, "folder = 'sent'")[0]
    assert sent["subject"] == "Re: Meeting Thursday" and sent["reply_to"] == mail_id
    assert sent["body"].startswith("I'll be there at 10.\n\nOn ")
    assert sent_record(phone)["to"] == "dan123@gmail.com"


def test_reply_all_keeps_the_other_recipients(phone: Phone, d: Driver) -> None:
    add_mail(
        phone,
        "Team dinner",
        sender_address="ann@x.org",
        to_address="user@gmail.com, bob@x.org",
        cc="cat@x.org",
    )
    d.tap(id="subject", text="Team dinner")
    assert d.find(id="mail_to").text == "to user@gmail.com, bob@x.org, cc cat@x.org"
    d.tap(id="reply_all_button")
    assert d.find(id="compose_to").text == "ann@x.org, bob@x.org, "
    assert d.find(id="compose_cc").text == "cat@x.org, "
    d.device.send(ev.Text("Count me in"))
    d.tap(desc="Send")
    record = sent_record(phone)
    assert (record["to"], record["cc"], record["subject"]) == (
        "ann@x.org,bob@x.org",
        "cat@x.org",
        "Re: Team dinner",
    )


def test_reply_all_lists_each_person_once_in_any_case(phone: Phone, d: Driver) -> None:
    add_mail(
        phone,
        "Team sync",
        to_address="User@Gmail.com, Pat.Quinn@Example.com, bob@x.org",
        cc="BOB@x.org, cat@x.org, USER@gmail.com, Cat@X.org",
    )
    d.tap(id="subject", text="Team sync")
    d.tap(id="reply_all_button")
    assert d.find(id="compose_to").text == "pat.quinn@example.com, bob@x.org, "
    assert d.find(id="compose_cc").text == "cat@x.org, "
    d.device.send(ev.Text("ok"))
    d.tap(desc="Send")
    record = sent_record(phone)
    assert (record["to"], record["cc"]) == ("pat.quinn@example.com,bob@x.org", "cat@x.org")


def test_the_attach_dialog_filters_files_by_name(phone: Phone, d: Driver) -> None:
    for name in ("Ana_Lopez_CV.pdf", "Beef_Stew_Recipe.pdf", "Tom_Baker_CV.pdf"):
        phone.storage.write(f"/sdcard/Download/{name}", b"%PDF-1.4")
    d.tap(desc="Compose")
    d.tap(desc="Attach file")
    d.type_into("_cv", id="attach_search")  # case is ignored
    d.key("ENTER")  # searches: the dialog stays
    listed = [n.text for n in d.find_all(id="attach_file_name")]
    assert listed == ["Ana_Lopez_CV.pdf", "Tom_Baker_CV.pdf"]
    d.tap(id="attach_file_name", text="Tom_Baker_CV.pdf")
    assert not d.exists(id="attach_file_list")
    d.tap(desc="Attach file")  # the query is gone once a file is picked
    assert "Beef_Stew_Recipe.pdf" in [n.text for n in d.find_all(id="attach_file_name")]
    d.type_into("no such file", id="attach_search")
    assert d.find(id="attach_empty").text == "No files found"
    d.tap(text="Cancel")
    d.tap(desc="Attach file")  # and once the dialog is cancelled
    assert "Beef_Stew_Recipe.pdf" in [n.text for n in d.find_all(id="attach_file_name")]
    d.key("BACK")
    assert [n.text for n in d.find_all(id="attachment_chip_name")] == ["Tom_Baker_CV.pdf"]


def test_forward_carries_the_attachments(phone: Phone, d: Driver) -> None:
    add_mail(phone, "Receipt", body="Total $5.08", attachments="receipt.jpg")
    d.tap(id="subject", text="Receipt")
    d.tap(id="forward_button")
    assert d.find(id="compose_subject").text == "Fwd: Receipt"
    assert d.find(id="compose_to").focused and d.find(id="compose_to").text == ""
    assert [n.text for n in d.find_all(id="attachment_chip_name")] == ["receipt.jpg"]
    assert "Forwarded message" in d.find(id="quoted_text").text
    d.device.send(ev.Text("treasurer@gmail.com"))
    d.tap(desc="Send")
    record = sent_record(phone)
    assert record["to"] == "treasurer@gmail.com" and "Total $5.08" in record["body"]
    assert [a["name"] for a in record["attachments"]] == ["receipt.jpg"]


def test_leaving_the_editor_keeps_a_draft_that_can_be_sent_later(phone: Phone, d: Driver) -> None:
    d.tap(desc="Compose")
    d.device.send(ev.Text("friend@example.com"))
    d.type_into("Weekend", id="compose_subject")
    d.key("BACK")  # the keyboard
    d.key("BACK")  # the editor
    assert phone.foreground == (PACKAGE, MAIN)
    drafts = mails(phone, "folder = 'drafts'")
    assert [(m["to_address"], m["subject"]) for m in drafts] == [("friend@example.com", "Weekend")]
    assert (
        app_log(phone)[-1]
        == f"Draft saved: id={drafts[0]['id']} to=friend@example.com subject=Weekend"
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Drafts")
    assert d.find(id="sender").text == "Draft · To: friend@example.com"
    d.tap(id="subject", text="Weekend")
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert d.find(id="compose_subject").text == "Weekend"
    d.type_into("See you Saturday", id="compose_body")
    d.tap(desc="Send")
    assert mails(phone, "folder = 'drafts'") == []
    assert mails(phone, "folder = 'sent'")[0]["body"] == "See you Saturday"
    assert d.find(id="empty_list").text == "Nothing in Drafts"


def test_a_drafts_attachment_keeps_the_file_it_was_picked_from(phone: Phone, d: Driver) -> None:
    phone.storage.write("/sdcard/Documents/Budget.xlsx", b"sheet")
    d.tap(desc="Compose")
    d.device.send(ev.Text("boss@work.example"))
    d.type_into("Budget", id="compose_subject")
    d.tap(desc="Attach file")
    d.tap(id="attach_file_name", text="Budget.xlsx")
    d.key("BACK")  # the keyboard
    d.key("BACK")  # the editor: kept in Drafts
    assert mails(phone, "folder = 'drafts'")[0]["attachments"] == "Budget.xlsx"
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Drafts")
    d.tap(id="subject", text="Budget")
    assert [n.text for n in d.find_all(id="attachment_chip_name")] == ["Budget.xlsx"]
    d.tap(desc="Send")
    path = "/sdcard/Documents/Budget.xlsx"
    assert sent_record(phone)["attachments"] == [{"name": "Budget.xlsx", "path": path}]
    assert mails(phone, "folder = 'sent'")[0]["attachments"] == "Budget.xlsx"
    d.tap(desc="Open navigation drawer")  # forwarded from Sent, it is still that file
    d.tap(id="drawer_item", text="Sent")
    d.tap(id="subject", text="Budget")
    d.tap(id="attachment_download")
    assert phone.storage.read("/sdcard/Download/Budget.xlsx") == b"sheet"
    d.tap(id="forward_button")
    d.device.send(ev.Text("team@work.example"))
    d.tap(desc="Send")
    assert sent_record(phone)["attachments"] == [{"name": "Budget.xlsx", "path": path}]


def test_a_draft_stored_with_names_only_attaches_the_apps_files(phone: Phone, d: Driver) -> None:
    add_mail(
        phone, "Forms", folder="drafts", to_address="office@school.example", attachments="a.jpg"
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Drafts")
    d.tap(id="subject", text="Forms")
    d.tap(desc="Send")
    path = f"{data.ATTACHMENTS}/a.jpg"
    assert sent_record(phone)["attachments"] == [{"name": "a.jpg", "path": path}]


def test_home_keeps_a_draft_once_and_an_untouched_reply_is_dropped(phone: Phone, d: Driver) -> None:
    add_mail(phone, "Hello there")
    d.tap(id="subject", text="Hello there")
    d.tap(id="reply_button")
    d.key("BACK")
    d.key("BACK")
    assert phone.foreground == (PACKAGE, VIEW)
    assert mails(phone, "folder = 'drafts'") == []
    d.tap(id="reply_button")
    d.device.send(ev.Text("Thinking"))
    d.key("HOME")
    d.tap(desc="Overview")
    d.tap(text="Gmail")  # back from recents, the editor as it was left
    d.key("HOME")
    drafts = mails(phone, "folder = 'drafts'")
    assert len(drafts) == 1 and drafts[0]["body"].startswith("Thinking\n\nOn ")
    d.tap(desc="Overview")
    d.tap(text="Gmail")
    assert phone.foreground == (PACKAGE, COMPOSE)
    d.tap(desc="More options")
    d.tap(text="Discard")
    assert mails(phone, "folder = 'drafts'") == []
    assert app_log(phone)[-1] == f"Draft discarded: id={drafts[0]['id']}"


def test_replying_to_a_sent_mail_writes_to_its_recipients(phone: Phone, d: Driver) -> None:
    add_mail(
        phone,
        "Plans",
        folder="sent",
        sender_name="Jordan Lee",
        sender_address="user@gmail.com",
        to_address="amy@x.org, ben@x.org",
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Sent")
    assert d.find(id="sender").text == "To: amy@x.org, ben@x.org"
    d.tap(id="subject", text="Plans")
    d.tap(id="reply_button")
    assert d.find(id="compose_to").text == "amy@x.org, ben@x.org, "
    assert d.find(id="compose_subject").text == "Re: Plans"


def test_replying_to_the_accounts_own_archived_mail_writes_to_its_recipients(
    phone: Phone, d: Driver
) -> None:
    add_mail(
        phone,
        "My own note",
        folder="archive",
        sender_name="Jordan Lee",
        sender_address="user@gmail.com",
        to_address="friend@x.org",
        read=1,
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Archive")
    d.tap(id="subject", text="My own note")
    d.tap(id="reply_button")
    assert d.find(id="compose_to").text == "friend@x.org, "


def test_an_opened_draft_emptied_and_left_is_discarded(phone: Phone, d: Driver) -> None:
    kept = add_mail(
        phone,
        "Old plan",
        folder="drafts",
        sender_name="Jordan Lee",
        sender_address="user@gmail.com",
        to_address="bob@x.org",
        body="old text",
        read=1,
    )
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Drafts")
    d.tap(id="subject", text="Old plan")
    for key in ("compose_to", "compose_subject", "compose_body"):
        length = len(d.find(id=key).text)
        d.tap(id=key)
        for _ in range(length + 2):
            d.key("DEL")
    assert [d.find(id=key).text for key in ("compose_to", "compose_subject")] == ["", "Subject"]
    d.key("BACK")  # the keyboard
    d.key("BACK")  # the editor
    assert phone.foreground == (PACKAGE, MAIN)
    assert mails(phone, "id = ?", (kept,)) == []
    assert app_log(phone)[-1] == f"Draft discarded: id={kept}"
    assert d.find(id="empty_list").text == "Nothing in Drafts"


def test_a_long_address_is_checked_at_once() -> None:
    """An address was checked by a pattern that tried each dot of the domain in turn: a
    domain of half a million dots took about 40 minutes; the 5,000 characters a recipient
    field holds, about 50 ms each time the compose screen was built."""
    dotted = "a@" + "b." * 500_000
    checked = within(20, lambda: [data.is_address(dotted + end) for end in ("c", " x", "@c")])
    assert checked == [True, False, False]
    assert data.is_address("ann@mail.example.com") and not data.is_address("ann@localhost")
