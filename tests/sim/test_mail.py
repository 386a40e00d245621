"""The Mail app (``com.gmailclone``), driven through raw input only: the list, folders,
search, the mail view and its changes; outcomes read from its database, files and logcat.
Composing, replying and drafts are in ``test_mail_compose``."""

from __future__ import annotations

import json

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.mail import MAIN, PACKAGE, STATE_JSON, VIEW
from mobile_gym.sim.driver import Driver
from tests.deadline import within
from tests.sim.conftest import opened, statements_while_rebuilt

SEED = 3
NOW_MS = 1717407000000  # 2024-06-03 09:30, the phone's default start


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED)


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with Gmail opened from the app drawer."""
    return opened(phone, "Gmail", (PACKAGE, MAIN))


def mails(phone: Phone, where: str = "1", params: tuple = ()) -> list[dict]:
    db = phone.database(PACKAGE, "mail")
    rows = db.execute(f"SELECT * FROM mails WHERE {where} ORDER BY date DESC, id DESC", params)
    return [dict(row) for row in rows]


def app_log(phone: Phone) -> list[str]:
    marker = " I Gmail: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def add_mail(phone: Phone, subject: str, **columns: object) -> int:
    """A received mail a minute ago (first in the inbox)."""
    values = {
        "sender_name": "Pat Quinn",
        "sender_address": "pat.quinn@example.com",
        "subject": subject,
        "body": f"Body of {subject}",
        "date": NOW_MS - 60_000,
        **columns,
    }
    names = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    cursor = phone.database(PACKAGE, "mail").execute(
        f"INSERT INTO mails({names}) VALUES ({marks})", tuple(values.values())
    )
    return int(cursor.lastrowid or 0)


def subjects(d: Driver) -> list[str]:
    return [node.text for node in d.find_all(id="subject")]


# seeding -------------------------------------------------------------------------------------
def test_the_seeded_inbox_comes_from_contacts_and_services_and_the_seed() -> None:
    first, again, other = Phone(seed=7), Phone(seed=7), Phone(seed=8)
    inbox = mails(first, "folder = 'inbox'")
    assert inbox == mails(again, "folder = 'inbox'")
    assert inbox != mails(other, "folder = 'inbox'")
    assert 8 <= len(inbox) <= 16
    emails = {
        row["email"]
        for row in first.database("com.simplemobiletools.contacts.pro", "contacts").execute(
            "SELECT email FROM contacts WHERE email != ''"
        )
    }
    senders = {m["sender_address"] for m in inbox}
    assert senders & emails and senders - emails  # people from Contacts and services
    assert any(not m["read"] for m in inbox) and all(m["date"] < NOW_MS for m in inbox)
    assert len(mails(first, "folder = 'sent'")) == 3
    assert len(mails(first, "folder = 'archive'")) == 2


def test_the_inbox_lists_newest_first_and_opening_a_mail_marks_it_read(
    phone: Phone, d: Driver
) -> None:
    inbox = mails(phone, "folder = 'inbox'")
    shown = subjects(d)
    assert shown == [m["subject"] for m in inbox][: len(shown)] and len(shown) >= 6
    assert d.find(id="toolbar_title").text == "Inbox"
    mail_id = add_mail(phone, "Fresh news", read=0)
    assert subjects(d)[0] == "Fresh news"
    assert d.find(id="sender").text == "Pat Quinn"
    d.tap(id="subject", text="Fresh news")
    assert phone.foreground == (PACKAGE, VIEW)
    assert d.find(id="mail_subject").text == "Fresh news"
    assert d.find(id="mail_body").text == "Body of Fresh news"
    assert d.find(id="mail_sender_address").text == "pat.quinn@example.com"
    assert d.find(id="mail_to").text == "to me"
    assert d.find(id="mail_date").text == "Jun 3, 2024, 09:29"
    assert mails(phone, "id = ?", (mail_id,))[0]["read"] == 1
    d.tap(desc="Mark unread")
    assert phone.foreground == (PACKAGE, MAIN)
    assert mails(phone, "id = ?", (mail_id,))[0]["read"] == 0
    assert app_log(phone)[-1] == f"Mail marked as unread: id={mail_id}"


# changes -------------------------------------------------------------------------------------
def test_star_from_the_list_and_from_the_mail(phone: Phone, d: Driver) -> None:
    mail_id = add_mail(phone, "Star me")
    row_star = d.find_all(id="star")[0]
    assert row_star.desc == "Not starred"
    d.tap(id="star")
    assert mails(phone, "id = ?", (mail_id,))[0]["starred"] == 1
    assert d.find_all(id="star")[0].desc == "Starred"
    d.tap(id="subject", text="Star me")
    d.tap(id="mail_star", desc="Starred")
    assert mails(phone, "id = ?", (mail_id,))[0]["starred"] == 0
    assert app_log(phone)[-2:] == [f"Mail starred: id={mail_id}", f"Mail unstarred: id={mail_id}"]


def test_archive_and_delete_move_mails_and_trash_restores(phone: Phone, d: Driver) -> None:
    keep = add_mail(phone, "Archive me", date=NOW_MS - 30_000)
    bin_ = add_mail(phone, "Delete me")
    d.tap(id="subject", text="Archive me")
    d.tap(desc="Archive")
    assert phone.foreground == (PACKAGE, MAIN)
    assert mails(phone, "id = ?", (keep,))[0]["folder"] == "archive"
    assert "Archive me" not in subjects(d)
    d.long_press(id="subject", text="Delete me")
    d.tap(text="Delete")
    assert mails(phone, "id = ?", (bin_,))[0]["folder"] == "trash"
    assert "Delete me" not in subjects(d)

    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Trash")
    assert d.find(id="toolbar_title").text == "Trash"
    assert subjects(d) == ["Delete me"]
    d.long_press(id="subject", text="Delete me")
    d.tap(text="Move to Inbox")
    assert mails(phone, "id = ?", (bin_,))[0]["folder"] == "inbox"
    assert d.find(id="empty_list").text == "Nothing in Trash"
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Archive")
    assert "Archive me" in subjects(d)
    d.key("BACK")  # back to the inbox
    assert d.find(id="toolbar_title").text == "Inbox"
    assert "Delete me" in subjects(d)
    assert app_log(phone)[-3:] == [
        f"Mail archived: id={keep}",
        f"Mail moved to Trash: id={bin_}",
        f"Mail moved to Inbox: id={bin_}",
    ]


def test_a_sent_mail_restored_from_the_trash_goes_back_to_sent(phone: Phone, d: Driver) -> None:
    def mine(subject: str) -> int:
        return add_mail(
            phone,
            subject,
            folder="sent",
            sender_name="Jordan Lee",
            sender_address="user@gmail.com",
            to_address="amy@x.org",
            read=1,
        )

    listed, opened = mine("Listed plans"), mine("Opened plans")
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Sent")
    d.long_press(id="subject", text="Listed plans")
    d.tap(text="Delete")
    d.tap(id="subject", text="Opened plans")
    d.tap(desc="Delete")
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Trash")
    d.long_press(id="subject", text="Listed plans")
    assert not d.exists(text="Move to Inbox")
    d.tap(text="Move to Sent")
    d.tap(id="subject", text="Opened plans")
    d.tap(desc="More options")
    d.tap(text="Move to Sent")
    assert [m["folder"] for m in mails(phone, "id IN (?, ?)", (listed, opened))] == ["sent"] * 2
    assert app_log(phone)[-2:] == [
        f"Mail moved to Sent: id={listed}",
        f"Mail moved to Sent: id={opened}",
    ]
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Sent")
    assert {"Listed plans", "Opened plans"} <= set(subjects(d))
    d.key("BACK")  # the inbox: no mail of the account's own
    assert not {"Listed plans", "Opened plans"} & set(subjects(d))


def test_delete_forever_from_the_trash(phone: Phone, d: Driver) -> None:
    gone = add_mail(phone, "Old junk", folder="trash")
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Trash")
    d.tap(id="subject", text="Old junk")
    d.tap(desc="Delete forever")
    assert d.find(id="alertTitle").text == "Delete forever?"
    d.tap(text="Delete", id="button1")
    assert mails(phone, "id = ?", (gone,)) == []
    assert app_log(phone)[-1] == f"Mail deleted forever: id={gone}"


def test_label_a_mail_and_see_it_under_the_label(phone: Phone, d: Driver) -> None:
    mail_id = add_mail(phone, "Label me", labels="Family")
    d.long_press(id="subject", text="Label me")
    d.tap(text="Label as")
    boxes = {n.text: n.checked for n in d.find_all(id="label_checkbox")}
    assert boxes == {"Family": True, "Receipts": False, "Travel": False, "Work": False}
    d.tap(id="label_checkbox", text="Travel")
    d.tap(id="label_checkbox", text="Family")
    d.tap(text="OK")
    assert mails(phone, "id = ?", (mail_id,))[0]["labels"] == "Travel"
    assert app_log(phone)[-1] == f"Labels changed: id={mail_id} labels=Travel"
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Travel")
    assert "Label me" in subjects(d)
    d.tap(id="subject", text="Label me")
    assert [n.text for n in d.find_all(id="mail_label")] == ["Inbox", "Travel"]


def test_label_as_keeps_the_labels_not_in_the_table(phone: Phone, d: Driver) -> None:
    kept = add_mail(phone, "Label keep", labels="Urgent,Work")
    d.long_press(id="subject", text="Label keep")
    d.tap(text="Label as")
    boxes = {n.text: n.checked for n in d.find_all(id="label_checkbox")}
    assert boxes == {"Family": False, "Receipts": False, "Travel": False, "Work": True}
    d.tap(text="OK")
    assert mails(phone, "id = ?", (kept,))[0]["labels"] == "Urgent,Work"
    assert not any(line.startswith("Labels changed") for line in app_log(phone))
    d.long_press(id="subject", text="Label keep")
    d.tap(text="Label as")
    d.tap(id="label_checkbox", text="Travel")
    d.tap(text="OK")
    assert mails(phone, "id = ?", (kept,))[0]["labels"] == "Travel,Work,Urgent"
    assert app_log(phone)[-1] == f"Labels changed: id={kept} labels=Travel,Work,Urgent"


def test_label_as_ok_without_a_change_changes_nothing(phone: Phone, d: Driver) -> None:
    shuffled = add_mail(phone, "Label order", labels="Work,Family")
    d.long_press(id="subject", text="Label order")
    d.tap(text="Label as")
    d.tap(text="OK")
    assert mails(phone, "id = ?", (shuffled,))[0]["labels"] == "Work,Family"
    assert not any(line.startswith(f"Labels changed: id={shuffled} ") for line in app_log(phone))


def test_a_label_with_an_underscore_shows_only_its_own_mails(phone: Phone, d: Driver) -> None:
    phone.database(PACKAGE, "mail").executemany(
        "INSERT INTO labels(name) VALUES (?)", [("Q_1",), ("QX1",)]
    )
    add_mail(phone, "Mine", labels="Q_1")
    add_mail(phone, "Not mine", labels="QX1")
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Q_1")
    assert subjects(d) == ["Mine"]


def test_starred_folder_and_unread_counts_in_the_drawer(phone: Phone, d: Driver) -> None:
    before = sum(1 for m in mails(phone, "folder = 'inbox'") if not m["read"])
    add_mail(phone, "Starred one", starred=1, read=0)
    d.tap(desc="Open navigation drawer")
    assert d.exists(id="navigation_drawer")
    counts = [n.text for n in d.find_all(id="drawer_count")]
    assert counts[0] == str(before + 1)
    d.tap(id="drawer_item", text="Starred")
    starred = mails(phone, "starred = 1 AND folder NOT IN ('trash', 'drafts')")
    assert subjects(d) == [m["subject"] for m in starred][: len(subjects(d))]
    assert subjects(d)[0] == "Starred one"
    d.tap(desc="Open navigation drawer")
    d.key("BACK")  # closes the drawer only
    assert not d.exists(id="navigation_drawer")
    assert d.find(id="toolbar_title").text == "Starred"


# search and long lists -------------------------------------------------------------------------
def test_search_matches_sender_subject_and_body(phone: Phone, d: Driver) -> None:
    add_mail(phone, "Quarterly figures", body="The totals are in the sheet.")
    add_mail(phone, "Hello", sender_name="Zed Marlowe", sender_address="zed@marlowe.net")
    add_mail(phone, "Plans", body="Bring the zebra costume")
    d.tap(desc="Search in mail")
    d.device.send(ev.Text("quarterly"))
    assert subjects(d) == ["Quarterly figures"]
    d.tap(desc="Clear query")
    d.type_into("ze", id="search_query")
    assert sorted(subjects(d)) == ["Hello", "Plans"]
    d.tap(desc="Clear query")
    d.type_into("marlowe.net", id="search_query")
    assert subjects(d) == ["Hello"]
    d.tap(desc="Clear query")
    d.type_into("nothing like this", id="search_query")
    assert d.find(id="empty_list").text == "No results"
    d.key("BACK")  # the keyboard
    d.key("BACK")  # search mode
    assert d.find(id="toolbar_title").text == "Inbox"


def test_search_matches_cc_and_bcc_recipients(phone: Phone, d: Driver) -> None:
    add_mail(phone, "Budget plan", cc="zelda.cc@corp.example")
    add_mail(
        phone,
        "Quiet copy",
        folder="sent",
        sender_name="Jordan Lee",
        sender_address="user@gmail.com",
        to_address="amy@x.org",
        bcc="Yorick.Bcc@corp.example",
    )
    d.tap(desc="Search in mail")
    d.device.send(ev.Text("zelda.cc"))
    assert subjects(d) == ["Budget plan"]
    d.tap(desc="Clear query")
    d.type_into("yorick.bcc", id="search_query")
    assert subjects(d) == ["Quiet copy"]


def test_search_ignores_case_in_any_script_and_takes_wildcards_literally(
    phone: Phone, d: Driver
) -> None:
    add_mail(phone, "Über Reisekosten", sender_name="Zoë Ünal", body="Grüße")
    add_mail(phone, "Rabatt 50% heute", body="Nur heute")
    add_mail(phone, "file_name.txt", body="attached")
    d.tap(desc="Search in mail")
    d.device.send(ev.Text("über"))
    assert subjects(d) == ["Über Reisekosten"]
    d.tap(desc="Clear query")
    d.type_into("ZOË", id="search_query")
    assert subjects(d) == ["Über Reisekosten"]
    d.tap(desc="Clear query")
    d.type_into("%", id="search_query")
    assert subjects(d) == ["Rabatt 50% heute"]
    d.tap(desc="Clear query")
    d.type_into("_", id="search_query")
    assert subjects(d) == ["file_name.txt"]


def test_a_long_inbox_scrolls_to_its_oldest_mail(phone: Phone, d: Driver) -> None:
    for i in range(150):
        add_mail(phone, f"Newsletter {i:03d}", date=NOW_MS - (i + 1) * 60_000)
    add_mail(phone, "The very oldest", date=NOW_MS - 400 * 86_400_000)
    assert subjects(d)[0] == "Newsletter 000"
    assert len(d.find_all(id="mail_row")) < 15  # only the rows in view are made
    node = d.scroll_to(max_scrolls=80, id="subject", text="The very oldest")
    assert node.text == "The very oldest"
    d.tap(id="subject", text="The very oldest")
    assert d.find(id="mail_date").text.startswith("Apr 30, 2023")


def test_the_drawers_counts_are_read_once_until_the_mails_change(phone: Phone, d: Driver) -> None:
    db = phone.database(PACKAGE, "mail")
    db.executemany(
        "INSERT INTO mails(folder, sender_name, sender_address, subject, body, date, read, "
        "labels) VALUES (?, 'Pat Quinn', 'pat@example.com', ?, '', ?, ?, ?)",
        [
            (
                "archive" if i % 5 == 0 else "inbox",
                f"Old {i}",
                NOW_MS - (i + 9) * 86_400_000,
                i % 2,
                ("Work", "Travel, Work", "")[i % 3],
            )
            for i in range(600)
        ],
    )

    def counts() -> list[str]:
        folders = ["folder = 'inbox'", "folder = 'archive'"] + [
            f"folder != 'trash' AND (',' || replace(labels, ', ', ',') || ',') LIKE '%,{name},%'"
            for (name,) in db.execute("SELECT name FROM labels ORDER BY name")
        ]
        found = [
            db.execute(f"SELECT COUNT(*) FROM mails WHERE {where} AND read = 0").fetchone()[0]
            for where in folders
        ]
        return [str(count) for count in found if count]

    d.tap(desc="Open navigation drawer")
    assert [n.text for n in d.find_all(id="drawer_count")] == counts()
    # built again, nothing changed: the counts are kept
    assert not [s for s in statements_while_rebuilt(phone, db) if "FROM mails" in s]
    db.execute("UPDATE mails SET read = 1 WHERE subject IN ('Old 0', 'Old 2', 'Old 4')")
    add_mail(phone, "Fresh", read=0, labels="Family")
    assert [n.text for n in d.find_all(id="drawer_count")] == counts()  # at once
    d.tap(id="drawer_item", text="Family")
    assert subjects(d)[0] == "Fresh"


# MobileWorld's inbox file and attachments ---------------------------------------------------
def test_an_inbox_pushed_as_state_json_replaces_the_inbox(phone: Phone, d: Driver) -> None:
    state = {
        "username": "Harry",
        "mails": [
            {
                "headers": {
                    "from": "Daniel <dan123@gmail.com>",
                    "subject": "Meeting Thursday",
                    "date": "2024-06-01",
                    "to": "user@gmail.com",
                },
                "body": "Can we meet at 10?",
                "status": "unread",
                "attachments": [],
            },
            {
                "headers": {"from": "shop@example.com", "subject": "Receipt", "date": "May 30"},
                "body": "Total $5.08",
                "status": "read",
                "attachments": [{"name": "receipt.jpg"}],
            },
        ],
    }
    phone.storage.write(STATE_JSON, json.dumps(state).encode())
    phone.storage.write(
        "/sdcard/Android/data/com.gmailclone/files/attachments/receipt.jpg", b"JPEG"
    )
    d.tap(desc="Search in mail")
    d.key("BACK")
    d.key("BACK")
    assert subjects(d) == ["Meeting Thursday", "Receipt"]
    assert [n.text for n in d.find_all(id="sender")] == ["Daniel", "shop@example.com"]
    inbox = mails(phone, "folder = 'inbox'")
    assert [(m["sender_address"], m["read"]) for m in inbox] == [
        ("dan123@gmail.com", 0),
        ("shop@example.com", 1),
    ]
    assert app_log(phone)[-1] == f"Inbox loaded: path={STATE_JSON} count=2"
    d.tap(id="subject", text="Receipt")
    assert d.find(id="attachment_name").text == "receipt.jpg"
    d.tap(desc="Download")
    assert phone.storage.read("/sdcard/Download/receipt.jpg") == b"JPEG"
    assert d.exists(text="Saved to Download: receipt.jpg")
    assert (
        app_log(phone)[-1]
        == "Attachment downloaded: name=receipt.jpg path=/sdcard/Download/receipt.jpg"
    )


def test_a_sender_padded_with_spaces_is_read_at_once(phone: Phone, d: Driver) -> None:
    """The ``from`` header of a pushed inbox was read by a pattern whose cost grew with the
    cube of the spaces around the name: 5,000 spaces took about a minute."""
    padding = " " * 20_000
    senders = [f"{padding}Daniel{padding}<{padding}dan@example.com{padding}>{padding}", padding]
    pushed = [
        {"headers": {"from": sender, "subject": f"Mail {i}"}} for i, sender in enumerate(senders)
    ]
    phone.storage.write(STATE_JSON, json.dumps({"mails": pushed}).encode())

    def inbox() -> list[tuple[str, str]]:
        d.tap(desc="Open navigation drawer")
        d.key("BACK")
        return sorted(
            (m["sender_name"], m["sender_address"]) for m in mails(phone, "folder = 'inbox'")
        )

    assert within(20, inbox) == [("", ""), ("Daniel", "dan@example.com")]


def test_a_malformed_inbox_file_is_logged_and_skipped(phone: Phone, d: Driver) -> None:
    before = subjects(d)
    phone.storage.write(STATE_JSON, b"{not json")
    d.tap(desc="Open navigation drawer")
    d.key("BACK")
    assert subjects(d) == before
    assert any("Inbox file unreadable" in line for line in phone.logcat_lines()[0])
    phone.storage.write(
        STATE_JSON, json.dumps({"mails": ["junk", {"body": "No headers"}]}).encode()
    )
    d.tap(desc="Open navigation drawer")
    d.key("BACK")
    assert subjects(d) == ["(no subject)"]
    assert d.find(id="snippet").text == "No headers"


def test_swiping_right_opens_the_drawer_and_a_tap_beside_it_closes_it(d: Driver) -> None:
    phone = d.device
    w, h = phone.display.width, phone.display.height
    d.send_all(ev.drag(w * 0.1, h / 2, w * 0.8, h / 2))
    assert d.exists(id="navigation_drawer")
    d.send_all(ev.tap(w * 0.95, h / 2))
    assert not d.exists(id="navigation_drawer")


def test_the_mail_views_menu_labels_and_moves_an_archived_mail_back(
    phone: Phone, d: Driver
) -> None:
    mail_id = add_mail(phone, "Old trip", folder="archive", read=1)
    d.tap(desc="Open navigation drawer")
    d.tap(id="drawer_item", text="Archive")
    d.tap(id="subject", text="Old trip")
    assert not d.exists(desc="Archive")  # archived already
    d.tap(desc="More options")
    d.tap(text="Label as")
    d.tap(id="label_checkbox", text="Work")
    d.tap(text="OK")
    assert [n.text for n in d.find_all(id="mail_label")] == ["Archive", "Work"]
    d.tap(desc="More options")
    d.tap(text="Move to Inbox")
    assert phone.foreground == (PACKAGE, MAIN)
    row = mails(phone, "id = ?", (mail_id,))[0]
    assert (row["folder"], row["labels"]) == ("inbox", "Work")
    assert app_log(phone)[-2:] == [
        f"Labels changed: id={mail_id} labels=Work",
        f"Mail moved to Inbox: id={mail_id}",
    ]
