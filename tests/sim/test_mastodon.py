"""The Mastodon app, driven through raw input only (taps, text, keys); outcomes read from
the server's database, logcat and the view hierarchy."""

from __future__ import annotations

import re
import time
from itertools import pairwise

import pytest

from mobile_gym.geometry import Rect
from mobile_gym.hierarchy import Node
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE, SERVER
from mobile_gym.sim.apps.mastodon.data import COMPOSE, PROFILE, THREAD
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, statements_while_rebuilt, views_made

ME = 1


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=3)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def one(phone: Phone, sql: str, params: tuple = ()) -> object:
    return phone.database(SERVER, "server").execute(sql, params).fetchone()


def app_log(phone: Phone) -> list[str]:
    marker = " I Mastodon: "
    return [line.split(marker, 1)[1] for line in phone.logcat_lines()[0] if marker in line]


def search_account(d: Driver, query: str) -> None:
    d.tap(desc="Search")
    d.type_into(query, id="search_edit")


def test_seeded_server_has_the_user_and_posts(phone: Phone) -> None:
    assert one(phone, "SELECT username FROM accounts WHERE id = 1")[0] == "test"
    assert one(phone, "SELECT COUNT(*) FROM statuses")[0] >= 20
    assert one(phone, "SELECT COUNT(*) FROM follows WHERE account_id = 1")[0] == 5


def test_home_shows_followed_posts_only(d: Driver, phone: Phone) -> None:
    names = {n.text for n in d.find_all(id="username")}
    followed = {
        "@" + row[0]
        for row in phone.database(SERVER, "server").execute(
            "SELECT a.username FROM follows f JOIN accounts a ON a.id = f.target_account_id "
            "WHERE f.account_id = 1"
        )
    }
    assert names and names <= followed | {"@test"}


def test_compose_posts_a_status(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    assert phone.foreground == (PACKAGE, COMPOSE)
    d.type_into("Hello from the sim #testing", id="toot_text")
    d.tap(id="publish")
    row = one(phone, "SELECT text, account_id FROM statuses ORDER BY id DESC LIMIT 1")
    assert tuple(row) == ("Hello from the sim #testing", ME)
    assert one(phone, "SELECT COUNT(*) FROM tags WHERE name = 'testing'")[0] == 1
    assert phone.foreground == (PACKAGE, MAIN)
    assert any(line.startswith("Status posted:") for line in app_log(phone))


def test_discard_closes_compose_without_posting(d: Driver, phone: Phone) -> None:
    before = one(phone, "SELECT COUNT(*) FROM statuses")[0]
    d.tap(desc="Compose")
    d.type_into("Never mind", id="toot_text")
    d.tap(id="close")  # the id the app's docstring gives "Discard"
    assert phone.foreground == (PACKAGE, MAIN)
    assert one(phone, "SELECT COUNT(*) FROM statuses")[0] == before


def test_empty_post_is_refused_with_a_toast(d: Driver, phone: Phone) -> None:
    before = one(phone, "SELECT COUNT(*) FROM statuses")[0]
    d.tap(desc="Compose")
    d.tap(id="publish")
    assert one(phone, "SELECT COUNT(*) FROM statuses")[0] == before
    assert phone.foreground == (PACKAGE, COMPOSE)
    assert any(t.text == "Your post is empty" for t in phone.toasts)


def test_content_warning_and_poll(d: Driver, phone: Phone) -> None:
    d.tap(desc="Compose")
    d.type_into("Which one?", id="toot_text")
    d.tap(desc="Content warning")
    d.type_into("spoilers", id="content_warning")
    d.tap(desc="Add poll")
    assert not d.exists(id="poll_option_3")
    d.type_into("Tea", id="poll_option_1")
    d.type_into("Coffee", id="poll_option_2")
    d.tap(id="publish")
    row = one(phone, "SELECT id, spoiler_text FROM statuses ORDER BY id DESC LIMIT 1")
    assert row[1] == "spoilers"
    assert (
        one(phone, "SELECT options FROM polls WHERE status_id = ?", (row[0],))[0]
        == '["Tea", "Coffee"]'
    )


def test_follow_found_by_search(d: Driver, phone: Phone) -> None:
    target = one(
        phone,
        "SELECT id, username FROM accounts WHERE id != 1 AND id NOT IN "
        "(SELECT target_account_id FROM follows WHERE account_id = 1) ORDER BY id LIMIT 1",
    )
    search_account(d, target[1])
    d.tap(id="username", text="@" + target[1])
    assert phone.foreground == (PACKAGE, PROFILE)
    d.tap(id="profile_action_btn", text="Follow")
    assert (
        one(
            phone,
            "SELECT COUNT(*) FROM follows WHERE account_id = 1 AND target_account_id = ?",
            (target[0],),
        )[0]
        == 1
    )
    assert d.find(id="profile_action_btn").text == "Unfollow"
    d.tap(id="profile_action_btn")
    assert d.exists(text="Unfollow @" + target[1] + "?")
    confirm = d.find_all(text="Unfollow")[-1]
    d.send_all(ev.tap(*confirm.bounds.center))
    assert (
        one(
            phone,
            "SELECT COUNT(*) FROM follows WHERE account_id = 1 AND target_account_id = ?",
            (target[0],),
        )[0]
        == 0
    )


def test_favourite_boost_bookmark_toggle(d: Driver, phone: Phone) -> None:
    d.tap(id="favorite")
    d.tap(id="reblog")
    d.tap(id="bookmark")
    assert (
        one(
            phone, "SELECT COUNT(*) FROM statuses WHERE account_id = 1 AND reblog_of_id IS NOT NULL"
        )[0]
        == 1
    )
    fav = one(phone, "SELECT COUNT(*) FROM favourites WHERE account_id = 1")[0]
    assert fav >= 1
    # the boost put the post on top again: its favourite shows as on
    assert d.find_all(id="favorite")[0].selected
    d.tap(id="favorite")
    assert one(phone, "SELECT COUNT(*) FROM favourites WHERE account_id = 1")[0] == fav - 1


def test_hashtag_timeline_follow_and_feature(d: Driver, phone: Phone) -> None:
    d.tap(desc="Search")
    d.type_into("#cats", id="search_edit")
    d.tap(desc="Hashtags")
    d.tap(id="hashtag", text="#cats")
    texts = [n.text for n in d.find_all(id="text")]
    assert texts and all("#cats" in t for t in texts)
    d.tap(id="follow_hashtag", text="Follow")
    d.tap(desc="More options")
    d.tap(text="Feature on profile")
    assert (
        one(
            phone,
            "SELECT COUNT(*) FROM tag_follows f JOIN tags t ON t.id = f.tag_id WHERE t.name = 'cats'",
        )[0]
        == 1
    )
    assert one(phone, "SELECT name FROM featured_tags WHERE account_id = 1")[0] == "cats"


def test_pin_own_post_from_profile(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(id="more")
    d.tap(text="Pin on profile")
    assert one(phone, "SELECT COUNT(*) FROM status_pins WHERE account_id = 1")[0] == 1
    d.tap(desc="Pinned")
    assert d.exists(id="pinned")


def test_edit_profile_bio_and_avatar(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(id="profile_action_btn", text="Edit profile")
    d.type_into("New Name", id="display_name")
    d.tap(id="change_avatar")
    picture = d.find_all(id="picture_name")[0].text
    d.tap(id="picture_name", text=picture)
    assert d.find(id="avatar_file").text == picture
    d.tap(id="save")
    row = one(phone, "SELECT display_name, avatar FROM accounts WHERE id = 1")
    assert row[0].endswith("New Name") and row[1].endswith("/" + picture)


def test_create_list_and_add_member(d: Driver, phone: Phone) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Lists")
    d.tap(desc="New list")
    d.type_into("Friends", id="list_title")
    d.tap(id="replies_policy_1")
    d.tap(text="Save")
    row = one(phone, "SELECT id, title, replies_policy FROM lists")
    assert tuple(row)[1:] == ("Friends", 1)
    d.tap(id="list_name", text="Friends")
    d.tap(desc="Add members")
    d.tap(id="member_toggle", text="Add")
    assert one(phone, "SELECT COUNT(*) FROM list_accounts WHERE list_id = ?", (row[0],))[0] == 1
    d.key("BACK")
    assert len(d.find_all(id="account")) == 1


def test_report_a_post(d: Driver, phone: Phone) -> None:
    d.tap(desc="Local")
    rows = d.find_all(id="username")
    first_other = next(n for n in rows if n.text != "@test")
    index = rows.index(first_other)
    more = d.find_all(id="more")[index]
    d.send_all(ev.tap(*more.bounds.center))
    d.tap(text="Report " + first_other.text)
    d.tap(id="report_spam")
    d.tap(text="Submit")
    row = one(phone, "SELECT category, target_account_id FROM reports")
    assert row[0] == "spam"


def test_back_returns_to_home_tab(d: Driver, phone: Phone) -> None:
    d.tap(desc="Notifications")
    assert d.exists(id="notifications_list")
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)
    assert d.exists(id="timeline_tabs")


def test_account_search_takes_a_full_handle(d: Driver, phone: Phone) -> None:
    search_account(d, "@kitty@mastodon.social")
    assert [n.text for n in d.find_all(id="username")] == ["@kitty"]


def test_search_ignores_case_beyond_ascii_and_takes_wildcards_literally(
    d: Driver, phone: Phone
) -> None:
    phone.database(SERVER, "server").execute(
        "INSERT INTO accounts(username, display_name) VALUES ('zoe', 'Zoë Ünal')"
    )
    d.tap(desc="Compose")
    d.type_into("Grüße aus München", id="toot_text")
    d.tap(id="publish")
    search_account(d, "ÜNAL")
    assert [n.text for n in d.find_all(id="username")] == ["@zoe"]
    d.tap(text="Posts")
    d.tap(desc="Clear")
    d.type_into("MÜNCHEN", id="search_edit")
    assert [n.text for n in d.find_all(id="text")] == ["Grüße aus München"]
    d.tap(text="Accounts")
    d.tap(desc="Clear")
    d.type_into("%", id="search_edit")
    assert not d.exists(id="username")


def statuses(d: Driver) -> list[Node]:
    return d.find_all(id="status")


def inside(outer: Rect, inner: Rect) -> bool:
    return outer.intersect(inner) == inner


def test_statuses_take_their_own_heights_one_under_another(d: Driver, phone: Phone) -> None:
    """A timeline's statuses are as tall as what they show (a one-line status is shorter than
    a two-line one): the text, the action bar under it, then the divider, with no room
    between one status and the next."""
    shown = statuses(d)
    assert len(shown) >= 4
    assert len({s.bounds.height for s in shown}) > 1
    for above, below in pairwise(shown):
        assert below.bounds.top == above.bounds.bottom
    nodes = d.find_all()
    for status in shown[:-1]:
        box = status.bounds
        (text,) = [
            n.bounds for n in nodes if n.resource_id.endswith("/text") and inside(box, n.bounds)
        ]
        (reply,) = [
            n.bounds for n in nodes if n.resource_id.endswith("/reply") and inside(box, n.bounds)
        ]
        assert 0 <= reply.top - text.bottom <= phone.display.dp(32)
        assert 0 <= box.bottom - reply.bottom <= phone.display.dp(2)


def whole_statuses(d: Driver, box: Rect) -> list[tuple[str, ...]]:
    """The statuses wholly shown in the list's ``box``, each as the texts it shows."""
    nodes = d.find_all()
    return [
        tuple(n.text for n in nodes if n.text and inside(s.bounds, n.bounds))
        for s in statuses(d)
        if inside(box, s.bounds)
    ]


def test_the_timeline_scrolls_to_its_last_status_and_back(d: Driver, phone: Phone) -> None:
    """Half-screen swipes through the home timeline skip no status (each screen keeps one
    the last one showed whole), stop at the oldest status (its bottom on the list's) and
    come back to the newest at the top, laid out as at first."""
    box = d.find(scrollable="true").bounds
    first = [(s.bounds.top, s.bounds.height) for s in statuses(d)]
    shown = whole_statuses(d, box)
    pages = 0
    while True:
        d.scroll("down")
        now = whole_statuses(d, box)
        if now == shown:
            break
        assert set(now) & set(shown), (shown, now)
        shown, pages = now, pages + 1
    assert pages >= 2
    assert statuses(d)[-1].bounds.bottom == box.bottom
    for _ in range(pages + 1):
        d.scroll("up")
    assert [(s.bounds.top, s.bounds.height) for s in statuses(d)] == first


def _plans_while_rebuilt(phone: Phone) -> list[str]:
    """How the server's database runs each query of the screen built again (``EXPLAIN QUERY
    PLAN``'s details)."""
    server = phone.database(SERVER, "server")
    return [
        detail
        for statement in statements_while_rebuilt(phone, server, 1)
        if statement.lstrip().upper().startswith("SELECT")
        for *_, detail in server.execute("EXPLAIN QUERY PLAN " + statement)
    ]


def test_a_status_and_a_profile_find_the_statuses_they_count_by_index(
    d: Driver, phone: Phone
) -> None:
    server = phone.database(SERVER, "server")
    author = one(phone, "SELECT target_account_id FROM follows WHERE account_id = 1 LIMIT 1")[0]
    server.executemany(
        "INSERT INTO statuses(account_id, text, created_at) VALUES (?, ?, ?)",
        [(author, f"Filled status {i}", phone.boot_ms - 1000 * (i + 1)) for i in range(600)],
    )
    scans = re.compile(r"SCAN (statuses|r|c)\b")  # every status, or every status's boosts
    d.tap(id="text", text="Filled status 0")
    assert phone.foreground == (PACKAGE, THREAD) and d.exists(id="status")
    plans = _plans_while_rebuilt(phone)
    assert any("SUBQUERY" in plan for plan in plans)  # the counts were read
    assert not [plan for plan in plans if scans.match(plan)]
    (shown,) = one(phone, "SELECT id FROM statuses WHERE text = 'Filled status 0'")
    server.execute(
        "INSERT INTO statuses(account_id, text, in_reply_to_id, created_at) VALUES (?, ?, ?, ?)",
        (author, "A reply to it", shown, phone.boot_ms),
    )
    d.tap(id="reblog")
    assert [n.text for n in d.find_all(id="text")] == ["Filled status 0", "A reply to it"]
    assert d.find_all(id="reblog")[0].selected
    card = d.find_all(id="status")[0].bounds
    counts = [n.text for n in d.find_all(text="1") if card.intersect(n.bounds) == n.bounds]
    assert counts == ["1", "1"]  # one reply, one boost, shown at once
    d.key("BACK")
    d.tap(desc="Profile")
    posts = "SELECT COUNT(*) FROM statuses WHERE account_id = 1 AND reblog_of_id IS NULL"
    assert d.find(id="posts_count").text == f"{one(phone, posts)[0]} Posts"
    plans = _plans_while_rebuilt(phone)
    assert any("SUBQUERY" in plan for plan in plans)  # the counts were read
    assert not [plan for plan in plans if scans.match(plan)]
    server.execute("INSERT INTO statuses(account_id, text) VALUES (1, 'One more')")
    assert d.find(id="posts_count").text == f"{one(phone, posts)[0]} Posts"


def test_a_long_list_reads_its_members_once_until_they_change(d: Driver, phone: Phone) -> None:
    server = phone.database(SERVER, "server")
    server.executemany(
        "INSERT INTO accounts(id, username, display_name) VALUES (?, ?, ?)",
        [(10_000 + i, f"member{i:03d}", f"Member {i:03d}") for i in range(300)],
    )
    server.executemany(
        "INSERT INTO follows(account_id, target_account_id) VALUES (1, ?)",
        [(10_000 + i,) for i in range(300)],
    )
    server.execute("INSERT INTO lists(id, account_id, title) VALUES (50, 1, 'Crowd')")
    server.executemany(
        "INSERT INTO list_accounts(list_id, account_id) VALUES (50, ?)",
        [(10_000 + i,) for i in range(300)],
    )
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Lists")
    d.tap(id="list_name", text="Crowd")
    assert [n.text for n in d.find_all(id="username")][:2] == ["@member000", "@member001"]
    assert views_made(phone, "account") < 20  # of 300
    assert not [s for s in statements_while_rebuilt(phone, server) if "list_accounts" in s]
    d.tap(id="member_toggle", desc="Remove @member000")
    assert d.find_all(id="username")[0].text == "@member001"  # at once
    d.tap(desc="Add members")
    d.type_into("member00", id="member_search")
    toggles = {n.desc: n.text for n in d.find_all(id="member_toggle")}
    assert toggles["Add @member000"] == "Add" and toggles["Remove @member001"] == "Remove"
    d.tap(id="member_toggle", desc="Add @member000")
    assert d.find(id="member_toggle", desc="Remove @member000").text == "Remove"  # at once
    count = "SELECT COUNT(*) FROM list_accounts WHERE list_id = 50"
    assert one(phone, count)[0] == 300


def _dates_on_local(time_zone: str, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setenv("TZ", time_zone)
    time.tzset()
    try:
        d = opened(Phone(seed=3), "Mastodon", (PACKAGE, MAIN))
        d.tap(text="Local")
        seen: list[str] = []
        for _ in range(40):
            seen += [n.text for n in d.find_all(id="timestamp") if n.text not in seen]
            d.scroll("down", id="list")
        return [text for text in seen if " " in text]  # a date: older than a week
    finally:
        monkeypatch.undo()
        time.tzset()


def test_dates_are_the_phones_whatever_the_hosts_time_zone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    in_utc = _dates_on_local("UTC", monkeypatch)
    assert in_utc and in_utc == _dates_on_local("America/Los_Angeles", monkeypatch)


def test_members_of_an_exclusive_list_leave_home() -> None:
    phone = Phone(seed=3)
    d = opened(phone, "Mastodon", (PACKAGE, MAIN))
    member = one(
        phone,
        "SELECT a.username FROM follows f JOIN accounts a ON a.id = f.target_account_id"
        " WHERE f.account_id = 1 ORDER BY a.id LIMIT 1",
    )[0]  # type: ignore[index]
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Lists")
    d.tap(desc="New list")
    d.type_into("Muted from home", id="list_title")
    d.tap(id="list_exclusive")  # "Hide members' posts from Home"
    d.tap(text="Save")
    d.tap(text="Muted from home")
    d.tap(desc="Add members")
    d.tap(desc=f"Add @{member}")
    for _ in range(4):
        d.key("BACK")
    d.tap(desc="Home")
    shown: set[str] = set()
    for _ in range(40):
        shown |= {n.text for n in d.find_all(id="username")}
        d.scroll("down", id="list")
    assert shown and f"@{member}" not in shown


def test_a_thread_shows_every_reply() -> None:
    phone = Phone(seed=3)
    d = opened(phone, "Mastodon", (PACKAGE, MAIN))
    d.tap(desc="Compose")
    d.type_into("Root post for a long thread", id="toot_text")
    d.tap(id="publish")
    root = one(phone, "SELECT MAX(id) FROM statuses")[0]  # type: ignore[index]
    server = phone.database(SERVER, "server")
    for i in range(25):  # (the server's rows: replying 25 times by hand is slow to test)
        server.execute(
            "INSERT INTO statuses(account_id, text, created_at, in_reply_to_id, visibility)"
            " VALUES (1, ?, 0, ?, 'public')",
            (f"reply {i:02d}", root),
        )
    d.tap(desc="Profile")
    d.tap(text="Root post for a long thread")
    seen: set[str] = set()
    for _ in range(40):
        seen |= {n.text for n in d.find_all(id="text") if n.text.startswith("reply ")}
        d.scroll("down", id="thread")
    assert len(seen) == 25
