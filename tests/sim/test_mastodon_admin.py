"""Mastodon's account switcher and the owner's administration through raw input: a long
press on the Profile tab, the dashboard's pending reports and space usage, the reports
list, and posting as the owner; outcomes read from the server's database and the view
hierarchy."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.mastodon import MAIN, PACKAGE, SERVER
from mobile_gym.sim.apps.mastodon.admin import human_size
from mobile_gym.sim.apps.mastodon.data import ADMIN_DASHBOARD, REPORTS, SETTINGS
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=5)


@pytest.fixture
def d(phone: Phone) -> Driver:
    return opened(phone, "Mastodon", (PACKAGE, MAIN))


def server(phone: Phone):
    return phone.database(SERVER, "server")


def switch_to_owner(d: Driver) -> None:
    d.long_press(desc="Profile")
    assert d.exists(text="Accounts")
    d.tap(text="Server Owner")


def open_settings(d: Driver) -> None:
    d.tap(desc="Profile")
    d.tap(desc="More options")
    d.tap(text="Settings")


def test_the_switcher_lists_both_accounts_and_switches(d: Driver, phone: Phone) -> None:
    d.long_press(desc="Profile")
    rows = d.find_all(id="account_switch_row")
    assert len(rows) == 2
    assert d.exists(desc="Current account")
    d.tap(text="Server Owner")
    assert not d.exists(text="Accounts")
    active = server(phone).execute(
        "SELECT a.username FROM app_sessions s JOIN accounts a ON a.id = s.account_id "
        "WHERE s.active = 1"
    )
    assert [tuple(r) for r in active] == [("owner",)]
    d.tap(desc="Profile")
    assert d.exists(text="@owner@mastodon.social")


def test_a_post_after_the_switch_is_the_owners(d: Driver, phone: Phone) -> None:
    switch_to_owner(d)
    d.tap(desc="Compose")
    d.type_into("Hello from the owner", id="toot_text")
    d.tap(id="publish")
    row = server(phone).execute(
        "SELECT a.username FROM statuses s JOIN accounts a ON a.id = s.account_id "
        "WHERE s.text = 'Hello from the owner'"
    )
    assert [tuple(r) for r in row] == [("owner",)]


def test_settings_show_administration_to_the_owner_only(d: Driver, phone: Phone) -> None:
    open_settings(d)
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert not d.exists(id="administration")
    d.key("BACK")
    d.key("BACK")
    switch_to_owner(d)
    open_settings(d)
    assert d.exists(id="administration")
    assert d.exists(id="moderation_reports")


def test_the_dashboard_counts_pending_reports_and_space(d: Driver, phone: Phone) -> None:
    db = server(phone)
    pending = db.execute(
        "SELECT COUNT(*) FROM reports WHERE action_taken_by_account_id IS NULL"
    ).fetchone()[0]
    size = db.execute("SELECT bytes FROM space_usage WHERE name = 'PostgreSQL'").fetchone()[0]
    switch_to_owner(d)
    open_settings(d)
    d.tap(id="administration")
    assert phone.foreground == (PACKAGE, ADMIN_DASHBOARD)
    assert d.exists(text=human_size(size))
    assert d.find(id="pending_reports_count").text == str(pending)
    d.tap(id="admin_pending_reports")
    assert phone.foreground == (PACKAGE, REPORTS)
    assert len(d.find_all(id="report")) == pending
    d.tap(desc="Resolved")
    resolved = db.execute("SELECT COUNT(*) FROM reports").fetchone()[0] - pending
    assert len(d.find_all(id="report")) == resolved


def test_human_size_keeps_three_digits() -> None:
    assert human_size(23 * 1024 * 1024) == "23 MB"
    assert human_size(int(22.45 * 1024 * 1024)) == "22.4 MB"
    assert human_size(812 * 1024) == "812 KB"
