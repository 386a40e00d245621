"""The server's channels as the logged-in user sees and changes them: the ones they are in,
unread marks, creating, joining and leaving channels, adding members, direct and group
messages."""

from __future__ import annotations

import base64
import hashlib
import re
import sqlite3
from collections.abc import Mapping
from types import MappingProxyType

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost.data import (
    DIRECT,
    GROUP,
    ME,
    PRIVATE,
    PUBLIC,
    Channel,
    User,
    kept,
    log,
    mentions,
    now_ms,
    server,
    user,
    users,
)


def _title(row: sqlite3.Row, everyone: dict[int, User], members: list[int]) -> str:
    if row["type"] in (DIRECT, GROUP):
        others = [everyone[m].username for m in members if m != ME and m in everyone]
        return ", ".join(sorted(others)) or (everyone[ME].username if ME in everyone else "")
    return row["display_name"] or row["name"]


def _channels(ctx: AppContext, where: str, params: tuple) -> list[Channel]:
    db = server(ctx)
    rows = db.execute(f"SELECT * FROM channels WHERE {where}", params).fetchall()
    # only direct and group messages are titled after their members
    named = any(row["type"] in (DIRECT, GROUP) for row in rows)
    everyone = users(ctx) if named else {}
    found = []
    for row in rows:
        members = (
            [
                m[0]
                for m in db.execute(
                    "SELECT user_id FROM channel_members WHERE channel_id = ?", (row["id"],)
                )
            ]
            if row["type"] in (DIRECT, GROUP)
            else []
        )
        found.append(
            Channel(
                id=row["id"],
                team_id=row["team_id"],
                type=row["type"],
                name=row["name"],
                display_name=row["display_name"],
                purpose=row["purpose"],
                title=_title(row, everyone, members),
            )
        )
    return found


def channel(ctx: AppContext, channel_id: int) -> Channel | None:
    found = _channels(ctx, "id = ?", (channel_id,))
    return found[0] if found else None


def my_channels(ctx: AppContext, team_id: int) -> tuple[Channel, ...]:
    """The team's channels the user is in, then every direct and group message of theirs
    (read again once the server changes: ``data.kept``)."""

    def read() -> tuple[Channel, ...]:
        found = _channels(
            ctx,
            "id IN (SELECT channel_id FROM channel_members WHERE user_id = ?) "
            "AND (team_id = ? OR type IN ('D', 'G'))",
            (ME, team_id),
        )
        return tuple(sorted(found, key=lambda c: (c.is_direct, c.title.lower())))

    return kept(ctx, ("my_channels", team_id), read)


def joined_channels(ctx: AppContext) -> Mapping[int, Channel]:
    """Every channel the user is in, of every team, by id (read again once the server
    changes: ``data.kept``)."""

    def read() -> Mapping[int, Channel]:
        found = _channels(
            ctx, "id IN (SELECT channel_id FROM channel_members WHERE user_id = ?)", (ME,)
        )
        return MappingProxyType({c.id: c for c in found})

    return kept(ctx, ("joined_channels",), read)


def other_public_channels(ctx: AppContext, team_id: int) -> list[Channel]:
    """The team's public channels the user is not in (what "Browse channels" lists)."""
    found = _channels(
        ctx,
        "team_id = ? AND type = 'O' AND id NOT IN "
        "(SELECT channel_id FROM channel_members WHERE user_id = ?)",
        (team_id, ME),
    )
    return sorted(found, key=lambda c: c.title.lower())


def member_ids(ctx: AppContext, channel_id: int) -> list[int]:
    rows = server(ctx).execute(
        "SELECT user_id FROM channel_members WHERE channel_id = ? ORDER BY user_id", (channel_id,)
    )
    return [row[0] for row in rows]


def unread(ctx: AppContext) -> Mapping[int, int]:
    """The user's channels others posted in since the user last viewed them, each with how
    many of those new posts mention the user (read again once the server changes:
    ``data.kept``)."""

    def read() -> Mapping[int, int]:
        rows = server(ctx).execute(
            "SELECT p.channel_id, p.message FROM posts p JOIN channel_members m "
            "ON m.channel_id = p.channel_id AND m.user_id = ? "
            "WHERE p.user_id != ? AND p.create_at > m.last_viewed_at",
            (ME, ME),
        )
        me = user(ctx, ME)
        name = me.username if me else ""
        found: dict[int, int] = {}
        for channel_id, message in rows:
            found[channel_id] = found.get(channel_id, 0) + mentions(message, name)
        return MappingProxyType(found)

    return kept(ctx, ("unread",), read)


def mark_viewed(ctx: AppContext, channel_id: int) -> None:
    server(ctx).execute(
        "UPDATE channel_members SET last_viewed_at = ? WHERE channel_id = ? AND user_id = ?",
        (now_ms(ctx), channel_id, ME),
    )


MIN_NAME_LENGTH = 2
"""The fewest characters of a channel's display name, and of its URL name."""
GENERATED_NAME_LENGTH = 26
"""The length of the id-like URL name Mattermost makes when the display name gives none."""


def slug(display_name: str) -> str:
    """The URL name Mattermost makes from a channel's display name: its Latin letters and
    digits, lower case, joined by hyphens."""
    return re.sub(r"[^a-z0-9]+", "-", display_name.lower()).strip("-")


def url_name(ctx: AppContext, display_name: str) -> str:
    """The URL name of a new channel: the slug of ``display_name`` or, when that has fewer
    than ``MIN_NAME_LENGTH`` characters (a name in a non-Latin script, ``a!``), an id-like
    name of 26 lower-case letters and digits, as Mattermost generates one; here it is drawn
    from the display name and the channels made so far, the same on the same server."""
    name = slug(display_name)
    if len(name) >= MIN_NAME_LENGTH:
        return name
    (last,) = server(ctx).execute("SELECT COALESCE(MAX(id), 0) FROM channels").fetchone()
    digest = hashlib.sha256(f"{last}/{display_name}".encode()).digest()
    return base64.b32encode(digest).decode().lower()[:GENERATED_NAME_LENGTH]


def create_channel(
    ctx: AppContext, team_id: int, display_name: str, purpose: str, private: bool
) -> int:
    """Create a channel of the team (named by ``url_name``) with the user as its only member;
    its id."""
    db = server(ctx)
    kind = PRIVATE if private else PUBLIC
    name = url_name(ctx, display_name)
    cur = db.execute(
        "INSERT INTO channels(team_id, type, name, display_name, purpose, creator_id, create_at) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        (team_id, kind, name, display_name, purpose, ME, now_ms(ctx)),
    )
    channel_id = int(cur.lastrowid or 0)
    db.execute(
        "INSERT INTO channel_members(channel_id, user_id, last_viewed_at) VALUES (?, ?, ?)",
        (channel_id, ME, now_ms(ctx)),
    )
    log(ctx, f"Channel created: name={name} type={kind}")
    return channel_id


def add_members(ctx: AppContext, channel_id: int, user_ids: list[int]) -> None:
    db = server(ctx)
    names = []
    for user_id in user_ids:
        db.execute(
            "INSERT OR IGNORE INTO channel_members(channel_id, user_id) VALUES (?, ?)",
            (channel_id, user_id),
        )
        found = user(ctx, user_id)
        names.append(found.username if found else str(user_id))
    found_channel = channel(ctx, channel_id)
    log(
        ctx,
        f"Members added: channel={found_channel.name if found_channel else channel_id} "
        f"users={','.join(names)}",
    )


def join(ctx: AppContext, channel_id: int) -> None:
    server(ctx).execute(
        "INSERT OR IGNORE INTO channel_members(channel_id, user_id, last_viewed_at) "
        "VALUES (?, ?, ?)",
        (channel_id, ME, now_ms(ctx)),
    )
    found = channel(ctx, channel_id)
    log(ctx, f"Channel joined: name={found.name if found else channel_id}")


def leave(ctx: AppContext, channel_id: int) -> None:
    server(ctx).execute(
        "DELETE FROM channel_members WHERE channel_id = ? AND user_id = ?", (channel_id, ME)
    )
    found = channel(ctx, channel_id)
    log(ctx, f"Channel left: name={found.name if found else channel_id}")


def direct_channel(ctx: AppContext, user_ids: list[int]) -> int:
    """The direct (one other user) or group message channel with ``user_ids``, made if
    there is none yet; with only the user it is their own notes channel, ``1__1``."""
    people = sorted({*user_ids, ME})
    db = server(ctx)
    kind = DIRECT if len(people) <= 2 else GROUP
    name = "__".join(str(p) for p in (people if len(people) > 1 else people * 2))
    row = db.execute("SELECT id FROM channels WHERE type = ? AND name = ?", (kind, name)).fetchone()
    if row:
        return int(row[0])
    cur = db.execute(
        "INSERT INTO channels(team_id, type, name, creator_id, create_at) VALUES (0, ?, ?, ?, ?)",
        (kind, name, ME, now_ms(ctx)),
    )
    channel_id = int(cur.lastrowid or 0)
    db.executemany(
        "INSERT INTO channel_members(channel_id, user_id) VALUES (?, ?)",
        [(channel_id, p) for p in people],
    )
    return channel_id
