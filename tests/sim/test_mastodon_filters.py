"""Mastodon's keyword filters and list members through raw input: a filter made with its
keywords, contexts and a custom expiry day, edited and deleted; members added by name;
avatars named in their descriptions. Outcomes read from the server's database and the
view hierarchy."""

from __future__ import annotations

import datetime as dt

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE, SERVER
from mobile_gym.sim.apps.mastodon.data import EDIT_FILTER
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened

DAY_MS = 86_400_000


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=2)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def server(phone: Phone):
    return phone.database(SERVER, "server")


def open_filters(d: Driver) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")
    d.tap(id="filters")


def test_filter_with_keywords_and_custom_expiry(d: Driver, phone: Phone) -> None:
    open_filters(d)
    assert d.exists(id="empty")
    d.tap(desc="New filter")
    assert phone.foreground == (PACKAGE, EDIT_FILTER)
    d.tap(id="save_filter")
    assert any(t.text == "The filter needs a title" for t in phone.toasts)
    d.type_into("No spoilers", id="filter_title")
    d.type_into("finale", id="keyword_input")
    d.tap(id="add_keyword")
    d.type_into("Season 6", id="keyword_input")
    d.key("ENTER")
    d.type_into("FINALE", id="keyword_input")
    d.tap(id="add_keyword")
    assert any(t.text == "That keyword is already there" for t in phone.toasts)
    assert [n.text for n in d.find_all(id="keyword_text")] == ["finale", "Season 6"]
    d.tap(id="context_thread")
    d.tap(id="filter_duration")
    d.tap(text="Custom date")
    tomorrow = dt.datetime.strptime(d.find(id="date_picker_day", selected="true").desc, "%d %B %Y")
    today = tomorrow - dt.timedelta(days=1)
    d.tap(desc=f"{today.day} {today:%B %Y}")
    d.tap(id="button1", text="OK")
    assert any(t.text == "Choose a day after today" for t in phone.toasts)
    target = tomorrow + dt.timedelta(days=4)
    if target.month != tomorrow.month:
        d.tap(desc="Next month")
    d.tap(desc=f"{target.day} {target:%B %Y}")
    d.tap(id="button1", text="OK")
    assert d.exists(text=f"Until {target:%b} {target.day}, {target.year}")
    d.tap(id="save_filter")
    row = server(phone).execute("SELECT * FROM custom_filters").fetchone()
    assert row["phrase"] == "No spoilers"
    assert row["context"] == "home,notifications,public,account"
    assert row["action"] == 0
    assert (row["expires_at"] - row["created_at"]) == 5 * DAY_MS
    words = [r[0] for r in server(phone).execute("SELECT keyword FROM custom_filter_keywords")]
    assert words == ["finale", "Season 6"]


def test_filter_edited_then_deleted(d: Driver, phone: Phone) -> None:
    open_filters(d)
    d.tap(desc="New filter")
    d.type_into("Ads", id="filter_title")
    d.type_into("sponsored", id="keyword_input")
    d.tap(id="filter_duration")
    d.tap(text="1 day")
    d.tap(id="filter_hide")
    d.tap(id="save_filter")  # the typed keyword is kept without "Add"
    assert d.exists(text="1 keyword · Expires in 1 day")
    d.tap(text="Ads")
    assert [n.text for n in d.find_all(id="keyword_text")] == ["sponsored"]
    d.tap(desc="Remove sponsored")
    d.type_into("promo", id="keyword_input")
    d.tap(id="add_keyword")
    d.tap(id="filter_duration")
    d.tap(text="Never")
    d.tap(id="save_filter")
    row = server(phone).execute("SELECT action, expires_at FROM custom_filters").fetchone()
    assert tuple(row) == (1, None)
    words = [r[0] for r in server(phone).execute("SELECT keyword FROM custom_filter_keywords")]
    assert words == ["promo"]
    d.tap(text="Ads")
    d.tap(desc="Delete filter")
    d.tap(id="button1", text="Delete")
    assert server(phone).execute("SELECT COUNT(*) FROM custom_filters").fetchone()[0] == 0
    assert server(phone).execute("SELECT COUNT(*) FROM custom_filter_keywords").fetchone()[0] == 0
    assert d.exists(id="empty")


def test_filter_needs_a_context(d: Driver, phone: Phone) -> None:
    open_filters(d)
    d.tap(desc="New filter")
    d.type_into("Quiet", id="filter_title")
    for box in ("home", "notifications", "public", "thread", "account"):
        d.tap(id=f"context_{box}")
    d.tap(id="save_filter")
    assert any(t.text == "Choose where the filter applies" for t in phone.toasts)
    assert server(phone).execute("SELECT COUNT(*) FROM custom_filters").fetchone()[0] == 0


def test_members_added_by_name_and_avatars_described(d: Driver, phone: Phone) -> None:
    db = server(phone)
    db.execute("UPDATE accounts SET avatar = 'avatars/cat_tabby.png' WHERE username = 'kitty'")
    db.execute("INSERT OR IGNORE INTO follows(account_id, target_account_id) VALUES (1, 2), (1, 5)")
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Lists")
    d.tap(desc="New list")
    d.type_into("Pets", id="list_title")
    d.tap(id="button1", text="Save")
    d.tap(id="list_name", text="Pets")
    d.tap(desc="Add members")
    assert d.exists(id="avatar", desc="Avatar: cat_tabby.png")
    d.tap(desc="Add @kitty")
    assert d.exists(desc="Remove @kitty")
    members = db.execute("SELECT account_id FROM list_accounts").fetchall()
    assert [m[0] for m in members] == [2]
    d.type_into("%", id="member_search")  # a percent sign, not "anyone"
    assert not d.exists(id="member_toggle")
    d.key("DEL")
    d.type_into("KITTY", id="member_search")
    assert d.exists(desc="Remove @kitty")


def test_a_hiding_filter_matches_its_keyword_in_any_case_and_script(
    d: Driver, phone: Phone
) -> None:
    d.tap(desc="Compose")
    d.type_into("Grüße aus München", id="toot_text")
    d.tap(id="publish")
    assert "Grüße aus München" in [n.text for n in d.find_all(id="text")]
    open_filters(d)
    d.tap(desc="New filter")
    d.type_into("Quiet", id="filter_title")
    d.type_into("MÜNCHEN", id="keyword_input")
    d.tap(id="filter_hide")
    d.tap(id="save_filter")
    d.tap(desc="Navigate up")
    d.tap(desc="Navigate up")
    d.tap(desc="Home")
    assert "Grüße aus München" not in [n.text for n in d.find_all(id="text")]


def test_a_hiding_filter_removes_matching_posts_from_home(d: Driver, phone: Phone) -> None:
    first = d.find(id="text").text
    word = max(first.split(), key=len)
    open_filters(d)
    d.tap(desc="New filter")
    d.type_into("Quiet", id="filter_title")
    d.type_into(word.upper(), id="keyword_input")
    d.tap(id="filter_duration")
    d.tap(text="30 minutes")
    d.tap(id="save_filter")
    d.tap(desc="Navigate up")
    d.tap(desc="Navigate up")
    d.tap(desc="Home")
    assert first in [n.text for n in d.find_all(id="text")]  # a warning hides nothing
    open_filters(d)
    d.tap(text="Quiet")
    d.tap(id="filter_hide")
    d.tap(id="save_filter")
    d.tap(desc="Navigate up")
    d.tap(desc="Navigate up")
    d.tap(desc="Home")
    assert first not in [n.text for n in d.find_all(id="text")]
    phone.clock.advance(31 * 60_000)
    d.tap(desc="Profile")
    d.tap(desc="Home")
    assert first in [n.text for n in d.find_all(id="text")]  # expired
