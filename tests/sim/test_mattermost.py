"""The Mattermost app and its server, driven through raw input only (taps, long presses,
text, keys); outcomes read from the server's database, logcat and the view hierarchy."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.mattermost import ME, PACKAGE, SERVER, channel_data, post_data
from mobile_gym.sim.apps.mattermost.data import ATTACH, CHANNEL, CREATE, MAIN, THREAD
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, views_made

T = TypeVar("T")


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=3)


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with Mattermost opened from the app drawer."""
    return opened(phone, "Mattermost", (PACKAGE, MAIN))


def server(phone: Phone):
    return phone.database(SERVER, "server")


def rows(phone: Phone, sql: str, params: tuple = ()) -> list[tuple]:
    return [tuple(row) for row in server(phone).execute(sql, params)]


def channel_id(phone: Phone, name: str, team: int = 1) -> int:
    return rows(phone, "SELECT id FROM channels WHERE name = ? AND team_id = ?", (name, team))[0][0]


def app_log(phone: Phone) -> list[str]:
    marker = " I Mattermost: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def toasts(phone: Phone) -> list[str]:
    return [t.text for t in phone.toasts]


def open_channel(d: Driver, title: str) -> None:
    d.tap(id="channel_item_name", text=title)
    assert d.device.foreground == (PACKAGE, CHANNEL)


def send(d: Driver, text: str) -> None:
    d.type_into(text, id="post_input")
    d.tap(id="send_action")


def last_post(phone: Phone) -> tuple:
    return rows(
        phone,
        "SELECT user_id, channel_id, root_id, message FROM posts ORDER BY id DESC LIMIT 1",
    )[0]


def test_channel_list_shows_joined_channels_and_messages(phone: Phone, d: Driver) -> None:
    names = [n.text for n in d.find_all(id="channel_item_name")]
    assert (
        names[:6]
        == ["AI-Research", "Infra", "Off-Topic", "Phoenix", "Town Square", "alex.rivera"][
            : len(names[:6])
        ]
    )
    assert "Design Review" not in names  # public, but harry is not in it
    assert "mike.santos, sofia.garcia" in names
    assert [n.text for n in d.find_all(id="channel_list_category")] == [
        "CHANNELS",
        "DIRECT MESSAGES",
    ]


def test_members_share_names_with_contacts(phone: Phone) -> None:
    people = {
        f"{r['first_name']} {r['last_name']}"
        for r in phone.database(CONTACTS, "contacts").execute("SELECT * FROM contacts")
    }
    members = rows(phone, "SELECT first_name || ' ' || last_name FROM users WHERE id > 5")
    assert members and all(name in people for (name,) in members)
    assert rows(phone, "SELECT username FROM users WHERE id = ?", (ME,)) == [("harry",)]


def test_post_in_channel(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    assert not d.find(id="send_action").enabled
    send(d, "Standup moved to 10:30")
    assert last_post(phone) == (ME, channel_id(phone, "town-square"), 0, "Standup moved to 10:30")
    assert d.exists(id="post_message", text="Standup moved to 10:30")
    assert d.find(id="post_input").text == "Write to Town Square"
    assert any(
        line.startswith("Post created:") and "channel=town-square" in line
        for line in app_log(phone)
    )


def test_empty_post_is_not_sent(phone: Phone, d: Driver) -> None:
    open_channel(d, "Infra")
    before = rows(phone, "SELECT COUNT(*) FROM posts")
    d.type_into("   ", id="post_input")
    d.tap(id="send_action")
    assert rows(phone, "SELECT COUNT(*) FROM posts") == before


def test_reply_in_thread_from_the_post_menu(phone: Phone, d: Driver) -> None:
    open_channel(d, "Off-Topic")
    target = d.find_all(id="post_message")[-1].text
    root = rows(phone, "SELECT id FROM posts WHERE message = ?", (target,))[0][0]
    d.long_press(id="post_message", text=target)
    d.tap(text="Reply")
    assert phone.foreground == (PACKAGE, THREAD)
    send(d, "Count me in")
    assert last_post(phone)[2:] == (root, "Count me in")
    assert d.exists(id="date_separator", text="1 reply")
    d.key("BACK")  # the keyboard
    d.key("BACK")
    assert phone.foreground == (PACKAGE, CHANNEL)
    assert d.exists(id="post_replies", text="1 reply")


def test_reaction_added_from_picker_and_removed_by_chip(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    target = d.find_all(id="post_message")[0].text
    post = rows(phone, "SELECT id FROM posts WHERE message = ?", (target,))[0][0]
    d.long_press(id="post_message", text=target)
    d.tap(text="Add Reaction")
    d.tap(id="emoji_plus1")
    mine = "SELECT emoji_name FROM reactions WHERE post_id = ? AND user_id = ?"
    assert rows(phone, mine, (post, ME)) == [("+1",)]
    chip = d.find(desc="+1 reaction, 1")
    assert chip.selected
    d.tap(desc="+1 reaction, 1")
    assert rows(phone, mine, (post, ME)) == []


def test_pin_and_unpin(phone: Phone, d: Driver) -> None:
    open_channel(d, "AI-Research")
    target = d.find_all(id="post_message")[-1].text
    d.long_press(id="post_message", text=target)
    d.tap(text="Pin to Channel")
    assert rows(phone, "SELECT is_pinned FROM posts WHERE message = ?", (target,)) == [(1,)]
    assert d.exists(id="post_pinned", text="Pinned")
    d.tap(desc="Channel info")
    d.tap(id="pinned_messages")
    assert [n.text for n in d.find_all(id="post_message")] == [target]
    d.key("BACK")
    d.key("BACK")
    d.long_press(id="post_message", text=target)
    d.tap(text="Unpin from Channel")
    assert rows(phone, "SELECT is_pinned FROM posts WHERE message = ?", (target,)) == [(0,)]


def test_create_private_channel_and_add_member(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add channels")
    d.tap(text="Create new channel")
    d.tap(desc="Create")
    assert "Channel name must be 2 or more characters" in toasts(phone)
    d.device.send(ev.Text("Launch Plan"))  # the name field has the focus
    d.tap(id="make_private")
    d.tap(desc="Create")
    assert phone.foreground == (PACKAGE, CHANNEL)
    made = rows(phone, "SELECT id, type, display_name FROM channels WHERE name = 'launch-plan'")
    assert [r[1:] for r in made] == [("P", "Launch Plan")]
    d.tap(desc="Channel info")
    d.tap(id="add_members")
    d.type_into("alex", id="add_members_search")
    d.tap(id="user_item_username", text="alex.rivera")
    d.tap(desc="Add")
    members = rows(
        phone, "SELECT user_id FROM channel_members WHERE channel_id = ? ORDER BY 1", (made[0][0],)
    )
    assert members == [(ME,), (3,)]
    assert "Members added: channel=launch-plan users=alex.rivera" in app_log(phone)


def test_duplicate_channel_name_is_refused(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add channels")
    d.tap(text="Create new channel")
    d.device.send(ev.Text("Infra"))
    d.tap(desc="Create")
    assert "A channel with that name already exists" in toasts(phone)
    assert rows(phone, "SELECT COUNT(*) FROM channels WHERE name = 'infra'") == [(1,)]


def create_channel(d: Driver, display_name: str) -> None:
    d.tap(desc="Add channels")
    d.tap(text="Create new channel")
    d.device.send(ev.Text(display_name))  # the name field has the focus
    d.tap(desc="Create")


def test_a_name_without_two_latin_characters_gets_a_generated_url_name(
    phone: Phone, d: Driver
) -> None:
    create_channel(d, "日本語チーム")
    assert phone.foreground == (PACKAGE, CHANNEL)
    assert "Channel name must be 2 or more characters" not in toasts(phone)
    while phone.foreground[1] != MAIN:
        d.key("BACK")
    create_channel(d, "a!")
    assert phone.foreground == (PACKAGE, CHANNEL)
    made = rows(phone, "SELECT name, display_name FROM channels ORDER BY id DESC LIMIT 2")
    assert [m[1] for m in made] == ["a!", "日本語チーム"]
    names = [m[0] for m in made]
    assert all(len(n) == 26 and n.isascii() and n.isalnum() and n.islower() for n in names)
    assert names[0] != names[1]
    assert app_log(phone)[-1] == f"Channel created: name={names[0]} type=O"
    again = Phone(seed=3)  # the same server makes the same names
    d_again = opened(again, "Mattermost", (PACKAGE, MAIN))
    create_channel(d_again, "日本語チーム")
    assert rows(again, "SELECT name FROM channels ORDER BY id DESC LIMIT 1") == [(names[1],)]


def test_a_display_name_of_one_character_is_refused(phone: Phone, d: Driver) -> None:
    create_channel(d, "日")
    assert "Channel name must be 2 or more characters" in toasts(phone)
    assert phone.foreground[1] == CREATE


def test_browse_join_and_leave(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add channels")
    d.tap(text="Browse channels")
    d.tap(id="browse_channel_name", text="Design Review")
    assert phone.foreground == (PACKAGE, CHANNEL)
    review = channel_id(phone, "design-review")
    assert rows(
        phone, "SELECT 1 FROM channel_members WHERE channel_id = ? AND user_id = ?", (review, ME)
    ) == [(1,)]
    d.tap(desc="Channel info")
    d.tap(id="leave_channel")
    d.tap(text="Yes")
    assert phone.foreground == (PACKAGE, MAIN)
    assert (
        rows(
            phone,
            "SELECT 1 FROM channel_members WHERE channel_id = ? AND user_id = ?",
            (review, ME),
        )
        == []
    )
    assert "Channel left: name=design-review" in app_log(phone)


def test_attach_a_file_from_storage(phone: Phone, d: Driver) -> None:
    phone.write_file("/sdcard/Download/report.pdf", b"x" * 2048)
    open_channel(d, "sam.oneill")
    d.tap(desc="Attach file")
    assert phone.foreground == (PACKAGE, ATTACH)
    d.tap(id="title", text="Download")
    d.key("BACK")  # up to /sdcard, the picker stays
    assert phone.foreground == (PACKAGE, ATTACH)
    d.tap(id="title", text="Download")
    d.tap(id="title", text="report.pdf")
    assert phone.foreground == (PACKAGE, CHANNEL)
    assert d.find(id="attachment_name").text == "report.pdf"
    d.tap(id="send_action")
    post = rows(phone, "SELECT id, message FROM posts ORDER BY id DESC LIMIT 1")[0]
    assert post[1] == ""
    assert rows(phone, "SELECT name, path, size FROM files WHERE post_id = ?", (post[0],)) == [
        ("report.pdf", "/sdcard/Download/report.pdf", 2048)
    ]
    assert d.exists(id="file_name", text="report.pdf")


def test_search_and_recent_mentions(phone: Phone, d: Driver) -> None:
    town = channel_id(phone, "town-square")
    server(phone).execute(
        "INSERT INTO posts(id, create_at, user_id, channel_id, message) VALUES (?, ?, ?, ?, ?)",
        (500, phone.boot_ms - 1000, 2, town, "@harry can you check the quarterly numbers?"),
    )
    d.tap(desc="Mentions")
    assert [n.text for n in d.find_all(id="post_message")] == [
        "@harry can you check the quarterly numbers?"
    ]
    d.tap(desc="Search")
    d.type_into("quarterly from:sam.oneill", id="search_input")
    d.key("ENTER")
    assert "@harry can you check the quarterly numbers?" in [
        n.text for n in d.find_all(id="post_message")
    ]
    d.tap(id="search_result")
    assert phone.foreground == (PACKAGE, THREAD)


def test_unread_channel_is_read_once_opened(phone: Phone, d: Driver) -> None:
    infra = channel_id(phone, "infra")
    server(phone).execute(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 2, ?, ?)",
        (phone.boot_ms - 500, infra, "@harry the deploy is blocked"),
    )
    row = d.find(id="channel_item", desc="unread")
    assert row is not None
    assert d.find(id="mention_badge").text == "1"
    open_channel(d, "Infra")
    d.key("BACK")
    assert not d.exists(id="mention_badge")


def test_a_long_channel_opens_at_its_newest_post_and_scrolls_up_through_the_rest(
    phone: Phone, d: Driver
) -> None:
    infra = channel_id(phone, "infra")
    server(phone).executemany(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 2, ?, ?)",
        [(phone.boot_ms - (80 - i) * 3_600_000, infra, f"Step {i} done") for i in range(80)],
    )
    open_channel(d, "Infra")
    listing = d.find(id="post_list")
    messages = d.find_all(id="post_message")
    assert messages[-1].text == "Step 79 done"  # opens at the newest
    assert views_made(phone, "post_message") == len(messages) < 15  # those in view alone
    assert d.find_all(id="post_message")[-1].bounds.bottom < listing.bounds.bottom
    read: list[str] = []
    for _ in range(100):
        seen = [n.text for n in d.find_all(id="post_message") if n.text.startswith("Step ")]
        read = [text for text in seen if text not in read] + read
        if "Step 20 done" in seen:  # the oldest of the 60 newest posts a channel loads
            break
        d.scroll("up", id="post_list")
    assert read == [f"Step {i} done" for i in range(20, 80)]  # each once, in order
    separators = d.find_all(id="date_separator")
    middle = listing.bounds.center[0]
    assert separators and all(abs(n.bounds.center[0] - middle) <= 1 for n in separators)
    assert all(n.bounds.width < listing.bounds.width / 2 for n in separators)  # centred
    send(d, "All steps done")
    assert d.find_all(id="post_message")[-1].text == "All steps done"  # back at the end


def test_a_busy_server_is_read_once_until_it_changes(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    town = channel_id(phone, "town-square")
    server(phone).executemany(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 2, ?, ?)",
        [(phone.boot_ms - 1000 + i, town, f"@harry item {i} about the plan") for i in range(500)],
    )
    reads: list[str] = []
    for module, name in (
        (channel_data, "_channels"),
        (post_data, "_posts"),
        (channel_data, "user"),
    ):
        monkeypatch.setattr(module, name, _counted(reads, name, getattr(module, name)))
    for tab in ("Home", "Mentions", "Search"):
        d.tap(desc=tab)
        if tab == "Search":
            d.type_into("plan", id="search_input")
            d.key("ENTER")
        assert d.exists(id="channel_item" if tab == "Home" else "post_message")
        before = list(reads)
        for _ in range(3):
            phone.invalidate()  # built again, nothing changed: nothing is read again
            phone.hierarchy_xml()
        assert reads == before
    assert d.find_all(id="post_message")[0].text == "@harry item 499 about the plan"
    d.tap(desc="Home")
    assert d.find(id="mention_badge").text == "500"
    server(phone).execute(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 2, ?, ?)",
        (phone.boot_ms - 10, town, "@harry one more"),
    )
    assert d.find(id="mention_badge").text == "501"  # a change is read at once
    open_channel(d, "Town Square")
    d.key("BACK")
    assert not d.exists(id="mention_badge")


def _counted(reads: list[str], name: str, read: Callable[..., T]) -> Callable[..., T]:
    def counted(*args: object) -> T:
        reads.append(name)
        return read(*args)

    return counted


def test_direct_message_from_a_profile(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    d.tap(desc="Channel info")
    d.tap(id="channel_members")
    d.tap(id="user_item_username", text="sofia.garcia")
    d.tap(id="send_message")
    assert phone.foreground == (PACKAGE, CHANNEL)
    assert d.find(id="toolbar_title").text == "sofia.garcia"
    send(d, "Got a minute?")
    channel = rows(
        phone,
        "SELECT c.type, c.name FROM posts p JOIN channels c "
        "ON c.id = p.channel_id ORDER BY p.id DESC LIMIT 1",
    )
    assert channel == [("D", "1__5")]


def test_group_message_from_new_message(phone: Phone, d: Driver) -> None:
    d.tap(desc="Add channels")
    d.tap(text="Open a direct message")
    d.tap(desc="Start")
    assert "Select at least one person" in toasts(phone)
    d.tap(id="user_item_username", text="alex.rivera")
    d.tap(id="user_item_username", text="sam.oneill")
    d.tap(desc="Start")
    assert d.find(id="toolbar_title").text == "alex.rivera, sam.oneill"
    assert rows(phone, "SELECT type FROM channels WHERE name = '1__2__3'") == [("G",)]


def test_team_switcher(phone: Phone, d: Driver) -> None:
    assert d.find(id="team_name").text == "NeuralForge"
    d.tap(desc="Open Source Guild")
    assert d.find(id="team_name").text == "Open Source Guild"
    names = [n.text for n in d.find_all(id="channel_item_name")]
    assert "Releases" in names and "AI-Research" not in names
    assert d.find(desc="Open Source Guild").selected


def test_edit_and_delete_own_post(phone: Phone, d: Driver) -> None:
    open_channel(d, "Infra")
    send(d, "Typo here")
    d.long_press(id="post_message", text="Typo here")
    d.tap(text="Edit")
    d.find(id="edit_post_input")
    for _ in range(len("Typo here")):
        d.key("DEL")
    d.device.send(ev.Text("Fixed text"))
    d.tap(text="OK")
    assert last_post(phone)[3] == "Fixed text"
    d.long_press(id="post_message", text="Fixed text")
    d.tap(text="Delete")  # the menu item
    assert d.exists(text="Are you sure you want to delete this post?")
    d.tap(text="Delete")  # the dialog's button
    assert rows(phone, "SELECT COUNT(*) FROM posts WHERE message = 'Fixed text'") == [(0,)]


def test_deleting_a_root_post_takes_its_replies_reactions_with_it(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    send(d, "Root to delete")
    d.long_press(id="post_message", text="Root to delete")
    d.tap(text="Reply")
    send(d, "A reply in the thread")
    d.long_press(id="post_message", text="A reply in the thread")
    d.tap(text="Add Reaction")
    d.tap(id="emoji_heart")
    d.key("BACK")
    d.long_press(id="post_message", text="Root to delete")
    d.tap(text="Delete")
    d.tap(text="Delete")
    assert rows(
        phone, "SELECT COUNT(*) FROM posts WHERE message LIKE '%delete%' OR message LIKE 'A reply%'"
    ) == [(0,)]
    orphans = "SELECT COUNT(*) FROM {} WHERE post_id NOT IN (SELECT id FROM posts)"
    assert (
        rows(phone, orphans.format("reactions")) == rows(phone, orphans.format("files")) == [(0,)]
    )


def test_server_data_survives_clearing_the_app(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    send(d, "Still here")
    phone.clear_app_data(PACKAGE)
    assert rows(phone, "SELECT COUNT(*) FROM posts WHERE message = 'Still here'") == [(1,)]


def test_only_own_posts_can_be_edited(phone: Phone, d: Driver) -> None:
    open_channel(d, "Town Square")
    shown = [n.text for n in d.find_all(id="post_message")]
    others = rows(
        phone,
        "SELECT message FROM posts WHERE channel_id = ? AND user_id != ?",
        (channel_id(phone, "town-square"), ME),
    )
    target = next(text for (text,) in others if text in shown)
    d.long_press(id="post_message", text=target)
    assert d.exists(text="Pin to Channel")
    assert not d.exists(text="Edit")
    assert not d.exists(text="Delete")


def test_download_an_attachment(phone: Phone, d: Driver) -> None:
    server(phone).execute(
        "INSERT INTO posts(id, create_at, user_id, channel_id, message) VALUES (?, ?, 2, 9, ?)",
        (600, phone.boot_ms - 1000, "Signed contract attached"),
    )
    server(phone).execute(
        "INSERT INTO files(post_id, user_id, name, size) VALUES (600, 2, 'contract.pdf', 4096)"
    )
    open_channel(d, "sam.oneill")
    assert d.find(id="file_name").text == "contract.pdf"
    d.tap(desc="Download contract.pdf")
    assert phone.read_file("/sdcard/Download/contract.pdf") == bytes(4096)
    assert "Saved to Download: contract.pdf" in toasts(phone)
    assert "File downloaded: name=contract.pdf path=/sdcard/Download/contract.pdf" in app_log(phone)


def test_a_downloaded_photo_keeps_its_size(phone: Phone, d: Driver) -> None:
    """An attachment picked from the phone's photos downloads as that file: its bytes and
    the size it shows (a seeded photo's megabytes)."""
    photo, size = (
        phone.database("com.simplemobiletools.gallery.pro", "gallery")
        .execute("SELECT full_path, size FROM media WHERE deleted_ts = 0 AND type = 1")
        .fetchone()
    )
    server(phone).execute(
        "INSERT INTO posts(id, create_at, user_id, channel_id, message) VALUES (?, ?, 2, 9, ?)",
        (601, phone.boot_ms - 1000, "The photo"),
    )
    server(phone).execute(
        "INSERT INTO files(post_id, user_id, name, path, size) VALUES (601, 2, 'trip.jpg', ?, ?)",
        (photo, size),
    )
    open_channel(d, "sam.oneill")
    d.tap(desc="Download trip.jpg")
    assert phone.read_file("/sdcard/Download/trip.jpg") == phone.read_file(photo)
    assert phone.storage.size("/sdcard/Download/trip.jpg") == size > 100_000


def test_search_matches_word_starts_and_names_other_teams_channels(phone: Phone, d: Driver) -> None:
    releases = channel_id(phone, "releases", team=2)
    server(phone).execute(
        "INSERT INTO posts(create_at, user_id, channel_id, message) VALUES (?, 3, ?, ?)",
        (phone.boot_ms - 500, releases, "Changelog drafted for the zebrafish release"),
    )
    d.tap(desc="Search")
    d.type_into("zebra in:releases", id="search_input")
    d.key("ENTER")
    assert [n.text for n in d.find_all(id="post_message")] == [
        "Changelog drafted for the zebrafish release"
    ]
    assert d.find(id="result_channel").text == "Releases"
    d.find(id="search_input")
    for _ in range(len("zebra in:releases")):
        d.key("DEL")
    d.device.send(ev.Text("ebrafish"))  # inside a word: no match
    d.key("ENTER")
    assert d.exists(id="no_results")


def test_back_from_another_tab_goes_home(phone: Phone, d: Driver) -> None:
    d.tap(desc="Account")
    assert d.find(id="account_username").text == "@harry"
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.exists(id="channel_list")


def test_unsent_text_is_kept_as_a_draft(phone: Phone, d: Driver) -> None:
    open_channel(d, "Infra")
    d.type_into("Half-written thought", id="post_input")
    d.key("BACK")  # the keyboard
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.exists(id="draft_indicator")
    open_channel(d, "Infra")
    assert d.find(id="post_input").text == "Half-written thought"
    d.tap(id="send_action")
    assert last_post(phone)[3] == "Half-written thought"
    d.key("BACK")
    d.key("BACK")
    assert not d.exists(id="draft_indicator")
    assert phone.database(PACKAGE, "app").execute("SELECT COUNT(*) FROM drafts").fetchone()[0] == 0


def test_a_channel_left_open_past_midnight_relabels_its_days(phone: Phone, d: Driver) -> None:
    d.tap(id="channel_item")
    d.tap(id="post_input")
    phone.text("hello")
    d.tap(desc="Send")

    def separators() -> list[str]:
        return [n.text for n in d.find_all(id="date_separator")]

    assert separators()[-1] == "Today"
    phone.wait(24 * 3600 * 1000)  # a day passes with the channel open
    assert separators()[-1] == "Yesterday"
