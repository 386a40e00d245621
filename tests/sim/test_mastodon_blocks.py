"""Muting and blocking other accounts in the Mastodon app, driven through raw input only;
outcomes read from the server's database, logcat and the view hierarchy."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE, SERVER
from mobile_gym.sim.apps.mastodon.data import PROFILE, THREAD
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened
from tests.sim.test_mastodon_features import tap_last

KITTY = 2
"""A seeded account (``kitty``, "Kitty Paws") the user follows and is followed by."""


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=4)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def rows(phone: Phone, sql: str, params: tuple = ()) -> list[tuple]:
    return [tuple(row) for row in phone.database(SERVER, "server").execute(sql, params)]


def app_log(phone: Phone) -> list[str]:
    marker = " I Mastodon: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def open_kitty(d: Driver) -> None:
    d.tap(desc="Search")
    d.type_into("kitty", id="search_edit")
    d.key("ENTER")
    d.tap(id="username", text="@kitty")
    assert d.device.foreground == (PACKAGE, PROFILE)


def post_menu(d: Driver) -> list[str]:
    """Open "More options" of the first post shown; the menu's entries."""
    more = d.find_all(id="more")[0]
    d.send_all(ev.tap(*more.bounds.center))
    return [n.text for n in d.find_all(id="title")]


def block_from_a_post(d: Driver) -> None:
    """Block kitty through "More options" of one of her posts on her profile."""
    post_menu(d)
    d.tap(text="Block @kitty")
    tap_last(d, id="button1", text="Block")


def back_to_main(d: Driver, phone: Phone) -> None:
    while phone.foreground[1] != MAIN:
        d.key("BACK")


def blocks(phone: Phone) -> list[tuple]:
    return rows(phone, "SELECT account_id, target_account_id FROM blocks")


def test_block_from_the_profile_menu(d: Driver, phone: Phone) -> None:
    open_kitty(d)
    d.tap(desc="More options")
    d.tap(text="Block @kitty")
    assert [n.text for n in d.find_all(id="alertTitle")] == ["Block @kitty?"]
    tap_last(d, id="button1", text="Block")
    assert blocks(phone) == [(1, KITTY)]
    assert app_log(phone)[-1] == f"Blocked: account={KITTY}"
    assert not d.exists(id="alertTitle")


def test_a_blocked_account_offers_unblock_not_follow(d: Driver, phone: Phone) -> None:
    open_kitty(d)
    block_from_a_post(d)
    assert blocks(phone) == [(1, KITTY)]
    assert d.find(id="profile_action_btn").text == "Unblock"
    d.tap(id="profile_action_btn")
    assert blocks(phone) == []
    assert rows(phone, "SELECT 1 FROM follows WHERE account_id = 1 AND target_account_id = 2") == []
    assert d.find(id="profile_action_btn").text == "Follow"


def open_import(d: Driver, phone: Phone, kind: str, file: str, text: bytes) -> None:
    """Choose ``file`` (written with ``text``) as the ``kind`` list to import."""
    phone.storage.write(f"/sdcard/Download/{file}", text)
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")
    d.tap(id="import_and_export")
    d.tap(id="import_type")
    d.tap(text=kind)
    d.tap(id="import_choose_file")
    d.tap(id="import_file_option", text=file)
    d.tap(text="Close")


def test_a_blocking_list_blocks_as_the_profile_does(d: Driver, phone: Phone) -> None:
    follows = (
        "SELECT account_id, target_account_id FROM follows"
        " WHERE 2 IN (account_id, target_account_id)"
    )
    assert rows(phone, follows) == [(1, KITTY), (KITTY, 1)]
    open_import(d, phone, "Blocking list", "blocked.csv", b"kitty@mastodon.social\n")
    d.tap(id="import_upload")
    assert blocks(phone) == [(1, KITTY)]
    assert rows(phone, follows) == []
    assert f"Blocked: account={KITTY}" in app_log(phone)
    assert phone.toasts[-1].text == "1 accounts imported"


def test_a_following_list_leaves_out_a_blocked_account(d: Driver, phone: Phone) -> None:
    open_kitty(d)
    block_from_a_post(d)
    back_to_main(d, phone)
    open_import(d, phone, "Following list", "follows.csv", b"kitty@mastodon.social\n")
    d.tap(id="import_upload")
    assert rows(phone, "SELECT 1 FROM follows WHERE account_id = 1 AND target_account_id = 2") == []
    assert phone.toasts[-1].text == "0 accounts imported"


def test_blocking_takes_the_account_out_of_the_users_lists(d: Driver, phone: Phone) -> None:
    server = phone.database(SERVER, "server")
    pets = server.execute(
        "INSERT INTO lists(account_id, title, replies_policy, exclusive) VALUES (1, 'Pets', 0, 0)"
    ).lastrowid
    server.execute("INSERT INTO list_accounts(list_id, account_id) VALUES (?, ?)", (pets, KITTY))
    open_kitty(d)
    block_from_a_post(d)
    assert rows(phone, "SELECT list_id, account_id FROM list_accounts") == []


def test_a_blocked_accounts_posts_leave_threads_notifications_and_its_profile(
    d: Driver, phone: Phone
) -> None:
    server = phone.database(SERVER, "server")
    (mine,) = rows(phone, "SELECT id, text FROM statuses WHERE account_id = 1 ORDER BY id LIMIT 1")
    server.execute(
        "INSERT INTO statuses(account_id, text, visibility, in_reply_to_id, created_at) "
        "VALUES (?, '@test a reply from kitty', 'public', ?, ?)",
        (KITTY, mine[0], phone.boot_ms - 1000),
    )
    server.execute(
        "INSERT INTO notifications(account_id, from_account_id, type, status_id, created_at) "
        "VALUES (1, ?, 'mention', (SELECT MAX(id) FROM statuses), ?)",
        (KITTY, phone.boot_ms - 1000),
    )
    open_kitty(d)
    assert d.exists(id="status")
    block_from_a_post(d)
    assert not d.exists(id="status") and d.exists(id="empty", text="No posts yet")
    back_to_main(d, phone)
    d.tap(desc="Notifications")
    texts = [n.text for n in d.find_all(id="notification_text")]
    assert texts and not [t for t in texts if t.startswith("Kitty Paws")]
    d.tap(desc="Profile")
    d.tap(id="text", text=mine[1])
    assert phone.foreground == (PACKAGE, THREAD)
    assert [n.text for n in d.find_all(id="text")] == [mine[1]]


def test_a_posts_menu_offers_unmute_for_a_muted_account(d: Driver, phone: Phone) -> None:
    open_kitty(d)
    d.tap(desc="More options")
    d.tap(text="Mute @kitty")
    assert rows(phone, "SELECT account_id, target_account_id FROM mutes") == [(1, KITTY)]
    entries = post_menu(d)
    assert "Unmute @kitty" in entries and "Mute @kitty" not in entries
    d.tap(text="Unmute @kitty")
    assert rows(phone, "SELECT * FROM mutes") == []
    assert app_log(phone)[-1] == f"Unmuted: account={KITTY}"
    assert "Mute @kitty" in post_menu(d)
