"""The Mattermost server's database (users, teams, channels, memberships, posts,
reactions, file attachments), the records the app shows, and its users and teams; channels
are read and changed in ``channel_data``, posts in ``post_data``.

Ids are integers. Channel ``type`` uses Mattermost's letters: ``O`` public (open), ``P``
private, ``D`` direct message (two members, named ``<low id>__<high id>``), ``G`` group
message (three or more members, no team). Times are milliseconds since 1970 on the phone's
virtual clock. A post is a reply when its ``root_id`` names the thread's first post (0 for
a root post); its attachments are the ``files`` rows with its ``post_id``.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import TypeVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.backend import server_db
from mobile_gym.sim.apps.base import AppContext

T = TypeVar("T")

PACKAGE = "com.mattermost.rnbeta"
SERVER = "server.mattermost"
MAIN = ".MainActivity"
CHANNEL = ".ChannelActivity"
THREAD = ".ThreadActivity"
CHANNEL_INFO = ".ChannelInfoActivity"
MEMBERS = ".ChannelMembersActivity"
ADD_MEMBERS = ".AddMembersActivity"
PINNED = ".PinnedMessagesActivity"
BROWSE = ".BrowseChannelsActivity"
CREATE = ".CreateChannelActivity"
PROFILE = ".UserProfileActivity"
NEW_MESSAGE = ".NewMessageActivity"
ATTACH = ".AttachFileActivity"
APP_DATABASE = "app"
ME = 1
"""The id of the logged-in user (``harry``)."""
PUBLIC, PRIVATE, DIRECT, GROUP = "O", "P", "D", "G"
EMOJIS: tuple[tuple[str, str], ...] = (
    ("+1", "Thumbs up"),
    ("heart", "Heart"),
    ("smile", "Smile"),
    ("tada", "Party"),
    ("eyes", "Eyes"),
    ("white_check_mark", "Check mark"),
    ("rocket", "Rocket"),
    ("pray", "Thanks"),
)
"""The reactions the emoji picker offers: (Mattermost's emoji name, what it shows)."""

SCHEMA = """
CREATE TABLE users(
    id INTEGER PRIMARY KEY,
    username TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    position TEXT NOT NULL DEFAULT ''
);
CREATE TABLE teams(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    display_name TEXT NOT NULL
);
CREATE TABLE team_members(
    team_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE TABLE channels(
    id INTEGER PRIMARY KEY,
    team_id INTEGER NOT NULL DEFAULT 0,
    type TEXT NOT NULL DEFAULT 'O',
    name TEXT NOT NULL,
    display_name TEXT NOT NULL DEFAULT '',
    purpose TEXT NOT NULL DEFAULT '',
    creator_id INTEGER NOT NULL DEFAULT 0,
    create_at INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE channel_members(
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    last_viewed_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, user_id)
);
CREATE TABLE posts(
    id INTEGER PRIMARY KEY,
    create_at INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    root_id INTEGER NOT NULL DEFAULT 0,
    message TEXT NOT NULL DEFAULT '',
    is_pinned INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX posts_in_channel ON posts(channel_id, root_id, create_at);
CREATE INDEX posts_in_thread ON posts(root_id, create_at);
CREATE INDEX channel_members_of_user ON channel_members(user_id);
CREATE TABLE reactions(
    user_id INTEGER NOT NULL,
    post_id INTEGER NOT NULL,
    emoji_name TEXT NOT NULL,
    create_at INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (user_id, post_id, emoji_name)
);
CREATE INDEX reactions_to_post ON reactions(post_id);
CREATE TABLE files(
    id INTEGER PRIMARY KEY,
    post_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    path TEXT NOT NULL DEFAULT '',
    size INTEGER NOT NULL DEFAULT 0,
    create_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX files_of_post ON files(post_id);
"""
APP_SCHEMA = """
CREATE TABLE preferences(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE drafts(
    channel_id INTEGER NOT NULL,
    root_id INTEGER NOT NULL DEFAULT 0,
    message TEXT NOT NULL,
    PRIMARY KEY (channel_id, root_id)
);
"""
"""The client's own database ``app``: the team shown (``preferences``, key
``current_team``) and the drafts of post boxes (``drafts``; ``root_id`` 0 for a channel's
own box)."""
_MENTION = r"(?<![\w.])@({names})(?![\w-])"


@dataclass(frozen=True)
class User:
    """A user of the server."""

    id: int
    username: str
    first_name: str
    last_name: str
    email: str
    position: str

    @property
    def full_name(self) -> str:
        return f"{self.first_name} {self.last_name}".strip()


@dataclass(frozen=True)
class Channel:
    """A channel as the logged-in user sees it (``title``: a DM's other user, a group's
    members)."""

    id: int
    team_id: int
    type: str
    name: str
    display_name: str
    purpose: str
    title: str

    @property
    def is_direct(self) -> bool:
        return self.type in (DIRECT, GROUP)


@dataclass(frozen=True)
class Post:
    """A post with its author's username."""

    id: int
    create_at: int
    user_id: int
    username: str
    channel_id: int
    root_id: int
    message: str
    is_pinned: bool


def server(ctx: AppContext) -> sqlite3.Connection:
    """The server's database."""
    return server_db(ctx, SERVER)


def now_ms(ctx: AppContext) -> int:
    return ctx.phone.clock.stamp()


def log(ctx: AppContext, message: str) -> None:
    ctx.log(message, tag="Mattermost")


# users and teams ------------------------------------------------------------------------------
def users(ctx: AppContext) -> dict[int, User]:
    rows = server(ctx).execute("SELECT * FROM users ORDER BY username")
    return {row["id"]: User(**dict(row)) for row in rows}


def user(ctx: AppContext, user_id: int) -> User | None:
    row = server(ctx).execute("SELECT * FROM users WHERE id = ?", (user_id,)).fetchone()
    return User(**dict(row)) if row else None


def teams(ctx: AppContext) -> list[sqlite3.Row]:
    """The teams the logged-in user belongs to, by display name."""
    return (
        server(ctx)
        .execute(
            "SELECT t.* FROM teams t JOIN team_members m ON m.team_id = t.id "
            "WHERE m.user_id = ? ORDER BY t.display_name",
            (ME,),
        )
        .fetchall()
    )


def current_team(ctx: AppContext) -> sqlite3.Row | None:
    """The team shown: the one last picked, else the first."""
    mine = teams(ctx)
    row = (
        ctx.db(APP_DATABASE)
        .execute("SELECT value FROM preferences WHERE key = 'current_team'")
        .fetchone()
    )
    picked = [t for t in mine if row is not None and str(t["id"]) == row[0]]
    return (picked or mine or [None])[0]


def pick_team(ctx: AppContext, team_id: int) -> None:
    ctx.db(APP_DATABASE).execute(
        "INSERT OR REPLACE INTO preferences(key, value) VALUES ('current_team', ?)",
        (str(team_id),),
    )


def team_users(ctx: AppContext, team_id: int) -> list[User]:
    rows = server(ctx).execute(
        "SELECT u.* FROM users u JOIN team_members m ON m.user_id = u.id "
        "WHERE m.team_id = ? ORDER BY u.username",
        (team_id,),
    )
    return [User(**dict(row)) for row in rows]


def mentions(message: str, username: str) -> bool:
    """Whether ``message`` mentions ``username`` (or everyone: ``@channel``, ``@all``,
    ``@here``)."""
    return _MENTIONS.get(username, _mention_pattern).search(message) is not None


def _mention_pattern(username: str) -> re.Pattern[str]:
    names = "|".join(re.escape(n) for n in (username, "channel", "all", "here") if n)
    return re.compile(_MENTION.format(names=names), re.IGNORECASE)


_MENTIONS: FIFOCache[str, re.Pattern[str]] = FIFOCache(16)
"""The pattern of a mention of each username lately asked about."""


def kept(ctx: AppContext, what: Hashable, read: Callable[[], T]) -> T:
    """``read()``, read again only once the server's database changes (``AppContext.kept``):
    the channels, the unread marks, a thread, the mentions, a search's results."""
    return ctx.kept(what, read, server(ctx))
