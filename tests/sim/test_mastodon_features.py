"""More of the Mastodon app through raw input: editing posts, blocking, invites shared by
SMS, the photo picker's albums, settings and lists; outcomes read from the server's
database, SMS Messenger and the view hierarchy."""

from __future__ import annotations

import json

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps import sms_messenger
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE, SERVER
from mobile_gym.sim.apps.mastodon.data import COMPOSE, INVITES
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, views_made


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=4)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def server(phone: Phone):
    return phone.database(SERVER, "server")


def tap_last(d: Driver, **selector: str) -> None:
    """Tap the last node matching (a dialog's button over a screen's button of that text)."""
    node = d.find_all(**selector)[-1]
    d.send_all(ev.tap(*node.bounds.center))


def post_poll(d: Driver) -> None:
    d.tap(desc="Compose")
    d.type_into("Best season?", id="toot_text")
    d.tap(desc="Add poll")
    d.type_into("Spring", id="poll_option_1")
    d.type_into("Summer", id="poll_option_2")
    d.tap(id="add_poll_option")
    d.type_into("Autumn", id="poll_option_3")
    d.tap(id="publish")


def test_edit_own_poll_removes_and_adds_choices(d: Driver, phone: Phone) -> None:
    post_poll(d)
    status_id = server(phone).execute("SELECT MAX(id) FROM statuses").fetchone()[0]
    d.tap(desc="Profile")
    d.tap(id="more")
    d.tap(text="Edit")
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert d.find(id="toolbar_title").text == "Edit post"
    assert d.find(id="poll_option_3").text == "Autumn"
    d.tap(desc="Remove choice 1")
    d.type_into(" and more", id="toot_text")
    d.tap(id="publish", text="Save")
    row = server(phone).execute("SELECT text FROM statuses WHERE id = ?", (status_id,)).fetchone()
    assert row[0] == "Best season? and more"
    poll = server(phone).execute("SELECT options FROM polls WHERE status_id = ?", (status_id,))
    assert json.loads(poll.fetchone()[0]) == ["Summer", "Autumn"]


def test_an_edit_shows_the_posts_visibility_and_keeps_it(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    d.type_into("Followers only note", id="toot_text")
    d.tap(id="visibility_btn")
    d.tap(text="Followers")
    d.tap(id="publish")
    status_id = server(phone).execute("SELECT MAX(id) FROM statuses").fetchone()[0]
    d.tap(desc="Profile")
    d.tap(id="more")
    d.tap(text="Edit")
    shown = d.find(id="visibility_btn")
    assert shown.text == "Followers" and not shown.enabled
    d.tap(id="visibility_btn")
    assert not d.exists(text="Specific people")  # no menu to change it
    d.type_into(" (edited)", id="toot_text")
    d.tap(id="publish", text="Save")
    row = (
        server(phone)
        .execute("SELECT text, visibility FROM statuses WHERE id = ?", (status_id,))
        .fetchone()
    )
    assert tuple(row) == ("Followers only note (edited)", "private")


def test_a_cancelled_report_leaves_nothing_in_the_next(d: Driver, phone: Phone) -> None:
    d.tap(desc="Local")
    names = [n.text for n in d.find_all(id="username")]
    first = next(i for i, name in enumerate(names) if name != "@test")
    second = next(i for i, name in enumerate(names) if name not in ("@test", names[first]))
    d.send_all(ev.tap(*d.find_all(id="more")[first].bounds.center))
    d.tap(text="Report " + names[first])
    d.tap(id="report_spam")
    d.type_into("he keeps spamming links", id="report_comment")
    tap_last(d, text="Cancel")
    assert not d.exists(id="report_comment")
    d.send_all(ev.tap(*d.find_all(id="more")[second].bounds.center))
    d.tap(text="Report " + names[second])
    assert d.find(id="report_comment").text == "Additional comments"  # the hint: empty
    assert d.find(id="report_other").checked and not d.find(id="report_spam").checked
    tap_last(d, id="button1", text="Submit")
    row = (
        server(phone)
        .execute(
            "SELECT a.username, r.category, r.comment FROM reports r"
            " JOIN accounts a ON a.id = r.target_account_id WHERE r.account_id = 1"
        )
        .fetchone()
    )
    assert tuple(row) == (names[second][1:], "other", "")


def test_picture_with_alt_text_from_an_album(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    d.type_into("Look at this", id="toot_text")
    d.tap(desc="Add media")
    d.tap(desc="Albums")
    albums = [n.text for n in d.find_all(id="album_name")]
    assert "Camera" in albums
    d.tap(id="album_name", text="Camera")
    name = d.find_all(id="picture_name")[0].text
    d.key("BACK")
    assert d.exists(id="album_name")
    d.tap(id="album_name", text="Camera")
    d.tap(id="picture_name", text=name)
    assert d.find(id="attachment_name").text == name
    d.type_into("A sunny street", id="alt_text")
    d.tap(id="publish")
    row = (
        server(phone)
        .execute("SELECT file, description FROM media_attachments ORDER BY id DESC LIMIT 1")
        .fetchone()
    )
    assert row[0].endswith("/Camera/" + name) and row[1] == "A sunny street"
    assert d.find_all(id="media")[0].desc == "A sunny street"


def test_many_pictures_are_sorted_and_grouped_once_until_they_change(
    d: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    start = phone.boot_ms - 3_600_000  # newer than the seeded pictures
    phone.storage.write_files(
        (f"/sdcard/Pictures/Trip/trip_{i:03d}.jpg", b"jpg", start + i) for i in range(400)
    )
    looked = []
    file_paths = phone.storage.file_paths
    monkeypatch.setattr(phone.storage, "file_paths", lambda: looked.append(1) or file_paths())
    d.tap(desc="Compose")
    d.tap(desc="Add media")
    assert [n.text for n in d.find_all(id="picture_name")][:2] == ["trip_399.jpg", "trip_398.jpg"]
    assert views_made(phone, "picture") < 20  # of 400
    looked.clear()
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: the files are not looked at again
        phone.hierarchy_xml()
    assert looked == []
    phone.storage.write_files([("/sdcard/Pictures/Trip/trip_new.jpg", b"jpg", start + 1000)])
    assert d.find_all(id="picture_name")[0].text == "trip_new.jpg"  # at once
    d.tap(desc="Albums")
    albums = {n.text for n in d.find_all(id="album_name")}
    assert "Trip" in albums
    d.tap(id="album_name", text="Trip")
    assert [n.text for n in d.find_all(id="picture_name")][:2] == ["trip_new.jpg", "trip_399.jpg"]
    phone.storage.delete("/sdcard/Pictures/Trip/trip_new.jpg")
    assert d.find_all(id="picture_name")[0].text == "trip_399.jpg"  # at once


def test_block_hides_the_accounts_posts(d: Driver, phone: Phone) -> None:
    d.tap(desc="Local")
    first = next(n for n in d.find_all(id="username") if n.text != "@test")
    index = [n.text for n in d.find_all(id="username")].index(first.text)
    more = d.find_all(id="more")[index]
    d.send_all(ev.tap(*more.bounds.center))
    d.tap(text="Block " + first.text)
    assert d.exists(text=f"Block {first.text}?")
    d.tap(id="button1", text="Block")
    username = first.text[1:]
    blocked = server(phone).execute(
        "SELECT COUNT(*) FROM blocks b JOIN accounts a ON a.id = b.target_account_id "
        "WHERE b.account_id = 1 AND a.username = ?",
        (username,),
    )
    assert blocked.fetchone()[0] == 1
    assert first.text not in [n.text for n in d.find_all(id="username")]


def test_invite_is_generated_and_texted(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Invite people")
    assert phone.foreground == (PACKAGE, INVITES)
    d.tap(id="max_uses")
    d.tap(text="1 use")
    d.tap(id="expires_in")
    d.tap(text="1 day")
    d.tap(id="autofollow")
    d.tap(id="generate")
    row = server(phone).execute("SELECT code, max_uses, expires_in, autofollow FROM invites")
    code, max_uses, expires_in, autofollow = row.fetchone()
    assert (max_uses, expires_in, autofollow) == (1, 86400, 1)
    assert d.find(id="invite_link").text.endswith("/invite/" + code)
    d.tap(id="share_invite")
    assert phone.foreground[0] == sms_messenger.PACKAGE
    d.type_into("555 0100", id="new_conversation_address")
    d.key("ENTER")
    d.tap(id="thread_send_message")
    sent = phone.database(sms_messenger.PACKAGE, "messages").execute(
        "SELECT body FROM messages WHERE type = 2 ORDER BY id DESC LIMIT 1"
    )
    assert sent.fetchone()[0].endswith("/invite/" + code)


def test_language_settings(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")
    d.tap(id="interface_language")
    d.tap(id="locale_ja")
    d.tap(text="Close")
    d.tap(id="filter_languages")
    d.tap(id="chosen_zh-CN")
    d.tap(id="chosen_en")
    d.tap(text="Close")
    row = server(phone).execute("SELECT locale, chosen_languages FROM users").fetchone()
    assert tuple(row) == ("ja", "en,zh-CN")
    assert d.exists(text="English, 简体中文 (Chinese Simplified)")
    assert d.exists(text="日本語 (Japanese)")


def test_followed_hashtag_unfollowed_from_its_list(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Followed hashtags")
    assert [n.text for n in d.find_all(id="hashtag")] == ["#photography"]
    d.tap(id="unfollow_hashtag")
    assert server(phone).execute("SELECT COUNT(*) FROM tag_follows").fetchone()[0] == 0
    assert d.exists(id="empty")


def test_list_is_renamed_and_deleted(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Lists")
    d.tap(desc="New list")
    d.tap(id="button1", text="Save")
    assert any(t.text == "The list needs a name" for t in phone.toasts)
    d.type_into("News", id="list_title")
    d.tap(id="button1", text="Save")
    d.tap(desc="Edit list")
    d.type_into(" daily", id="list_title")
    d.tap(id="replies_policy_2")
    d.tap(id="button1", text="Save")
    row = server(phone).execute("SELECT title, replies_policy FROM lists").fetchone()
    assert tuple(row) == ("News daily", 2)
    d.tap(desc="Delete list")
    tap_last(d, text="Delete")
    assert server(phone).execute("SELECT COUNT(*) FROM lists").fetchone()[0] == 0


def test_reply_prefills_the_handle_and_links_the_post(d: Driver, phone: Phone) -> None:
    handle = d.find_all(id="username")[0].text
    d.tap(id="reply")
    assert d.find(id="toot_text").text == handle + " "
    d.type_into("Agreed!", id="toot_text")
    d.tap(id="publish", text="Reply")
    row = (
        server(phone)
        .execute("SELECT text, in_reply_to_id FROM statuses ORDER BY id DESC LIMIT 1")
        .fetchone()
    )
    assert row[0] == handle + " Agreed!" and row[1] is not None


def open_import_export(d: Driver) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")
    d.tap(id="import_and_export")


def test_follows_exported_to_download(d: Driver, phone: Phone) -> None:
    open_import_export(d)
    d.tap(id="export_following")
    d.type_into("mine", id="file_name")
    d.tap(id="button1", text="Save")
    text = phone.storage.read("/sdcard/Download/mine.csv").decode()
    lines = text.splitlines()
    followed = (
        server(phone).execute("SELECT COUNT(*) FROM follows WHERE account_id = 1").fetchone()[0]
    )
    assert lines[0] == "Account address,Show boosts"
    assert len(lines) == 1 + followed
    assert all(line.endswith("@mastodon.social,true") for line in lines[1:])


def test_muted_accounts_imported_from_a_file(d: Driver, phone: Phone) -> None:
    phone.storage.write(
        "/sdcard/Download/muted.csv",
        b"Account address,Hide notifications\nkitty@mastodon.social,true\n",
    )
    open_import_export(d)
    d.tap(id="import_upload")
    assert any(t.text == "Choose a file first" for t in phone.toasts)
    d.tap(id="import_type")
    d.tap(text="Muting list")
    d.tap(id="import_choose_file")
    d.tap(id="import_file_option", text="muted.csv")
    d.tap(text="Close")
    assert d.exists(text="muted.csv")
    d.tap(id="import_upload")
    muted = server(phone).execute(
        "SELECT a.username FROM mutes m JOIN accounts a ON a.id = m.target_account_id"
    )
    assert [row[0] for row in muted] == ["kitty"]


def test_many_csv_files_are_listed_once_and_chosen_from_a_scrolling_list(
    d: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    phone.storage.write_files(
        (f"/sdcard/Download/list_{i:03d}.csv", b"Account address\n", 1) for i in range(300)
    )
    phone.storage.write(
        "/sdcard/Download/z_muted.csv",
        b"Account address,Hide notifications\nkitty@mastodon.social,true\n",
    )
    listed = []
    list_dir = phone.storage.list_dir
    monkeypatch.setattr(
        phone.storage, "list_dir", lambda path: listed.append(path) or list_dir(path)
    )
    open_import_export(d)
    assert d.exists(id="import_choose_file")
    listed.clear()
    for _ in range(3):
        phone.invalidate()  # built again, nothing changed: Download is not listed again
        phone.hierarchy_xml()
    assert listed == []
    d.tap(id="import_type")
    d.tap(text="Muting list")
    d.tap(id="import_choose_file")
    shown = [n.text for n in d.find_all(id="import_file_option")]
    assert shown[:2] == ["list_000.csv", "list_001.csv"]
    assert views_made(phone, "import_file_option") < 20  # of 301
    assert d.exists(text="Close")  # under the list, on screen
    d.scroll_to(max_scrolls=150, id="import_file_option", text="z_muted.csv")
    d.tap(id="import_file_option", text="z_muted.csv")
    assert d.find(id="import_file_option", text="z_muted.csv").checked
    d.tap(text="Close")
    assert d.exists(text="z_muted.csv")  # the file chosen
    d.tap(id="import_upload")
    assert phone.toasts[-1].text == "1 accounts imported"


def test_post_deletion_policy_saved_only_on_save(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")
    d.tap(id="automated_post_deletion")
    d.tap(id="cleanup_enabled")
    d.tap(id="keep_polls")
    d.key("BACK")
    table = "SELECT enabled, keep_polls, min_favs FROM account_statuses_cleanup_policies"
    assert server(phone).execute(table).fetchone() is None
    d.tap(id="automated_post_deletion")
    assert not d.find(id="cleanup_enabled").checked
    d.tap(id="cleanup_enabled")
    d.tap(id="keep_polls")
    d.tap(id="min_favs")
    d.tap(text="At least 5 favorites")
    d.tap(id="save_policy")
    assert tuple(server(phone).execute(table).fetchone()) == (1, 1, 5)
    assert d.find(id="cleanup_enabled").checked


def test_pictures_of_a_post_saved_to_the_phone(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    d.type_into("Two shots", id="toot_text")
    for index in range(2):
        d.tap(desc="Add media")
        d.tap(desc="Albums")
        d.tap(id="album_name", text="Camera")
        d.tap(id="picture_name", text=d.find_all(id="picture_name")[index].text)
    d.tap(id="publish")
    d.tap(desc="Profile")
    d.tap(id="media")
    names = [n.text for n in d.find_all(id="media_name")]
    assert len(names) == 2
    d.tap(id="save_media", desc="Save to phone")
    saved = "/sdcard/Pictures/Mastodon/" + names[0]
    assert phone.storage.exists(saved)
    assert d.find_all(id="save_media")[0].desc == "Saved"
    assert not phone.storage.exists("/sdcard/Pictures/Mastodon/" + names[1])


def test_all_pictures_saved_to_a_folder(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    d.type_into("One shot", id="toot_text")
    d.tap(desc="Add media")
    name = d.find_all(id="picture_name")[0].text
    d.tap(id="picture_name", text=name)
    d.tap(id="publish")
    d.tap(desc="Profile")
    d.tap(id="media")
    d.tap(desc="Save all to folder")
    d.type_into("/data/elsewhere", id="save_folder")
    d.tap(id="button1", text="Save")
    assert any(t.text == "Choose a folder under /sdcard" for t in phone.toasts)
    # the dialog stays open with the text typed: delete it key by key
    for _char in d.find(id="save_folder").text:
        d.key("DEL")
    d.type_into("/sdcard/keep", id="save_folder")
    d.tap(id="button1", text="Save")
    assert phone.storage.exists("/sdcard/keep/" + name)
