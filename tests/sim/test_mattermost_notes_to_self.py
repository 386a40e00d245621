"""Mattermost's direct message with oneself, through raw input: the user picks themself in
"Direct Messages" and posts there; the channel is the server's ``1__1``."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.mattermost import PACKAGE, SERVER
from mobile_gym.sim.apps.mattermost.data import MAIN
from tests.sim.conftest import opened


def test_a_message_to_oneself() -> None:
    phone = Phone(seed=3)
    d = opened(phone, "Mattermost", (PACKAGE, MAIN))
    d.tap(desc="Add channels")
    d.tap(text="Open a direct message")
    d.tap(id="user_item_username", text="harry")
    d.tap(desc="Start")
    assert d.find(id="toolbar_title").text == "harry"
    d.type_into("Deleted: old_backup.zip", id="post_input")
    d.tap(id="send_action")
    db = phone.database(SERVER, "server")
    row = db.execute(
        "SELECT c.type, c.name, p.user_id, p.message FROM posts p "
        "JOIN channels c ON c.id = p.channel_id ORDER BY p.id DESC LIMIT 1"
    ).fetchone()
    assert tuple(row) == ("D", "1__1", 1, "Deleted: old_backup.zip")
    d.tap(desc="Navigate up")
    assert "harry" in [n.text for n in d.find_all(id="channel_item_name")]
