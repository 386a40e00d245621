"""The client's view of the server: activity names, statuses as the app shows them, and the
writes the app makes (each logged)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from dataclasses import dataclass

from mobile_gym.sim.apps.backend import server_db
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.pictures import picture_size
from mobile_gym.sim.apps.mastodon.seed import HASHTAG, ME
from mobile_gym.sim.apps.mastodon.server import SERVER
from mobile_gym.sim.apps.rows import QueryRows

PACKAGE = "org.joinmastodon.android.mastodon"
MAIN = ".MainActivity"
THREAD = ".ThreadActivity"
PROFILE = ".ProfileActivity"
COMPOSE = ".ComposeActivity"
HASHTAG_TIMELINE = ".HashtagTimelineActivity"
ACCOUNTS = ".AccountListActivity"
SAVED = ".StatusListActivity"
LISTS = ".ListsActivity"
LIST_MEMBERS = ".ListMembersActivity"
EDIT_PROFILE = ".EditProfileActivity"
FOLLOWED_TAGS = ".FollowedHashtagsActivity"
SETTINGS = ".SettingsActivity"
PHOTO_PICKER = ".PhotoPickerActivity"
INVITES = ".InvitesActivity"
IMPORT_EXPORT = ".ImportExportActivity"
POST_DELETION = ".AutomatedDeletionActivity"
MEDIA_VIEWER = ".MediaViewerActivity"
ADMIN_DASHBOARD = ".AdminDashboardActivity"
REPORTS = ".ReportsActivity"
FILTERS = ".FiltersActivity"
EDIT_FILTER = ".EditFilterActivity"
DOMAIN = "mastodon.social"
CURRENT = "(SELECT account_id FROM app_sessions WHERE active = 1)"
"""SQL for the id of the account the app is using (``me`` in Python)."""

_FLAGS = f"""
    EXISTS(SELECT 1 FROM favourites f WHERE f.status_id = o.id AND f.account_id = {CURRENT}) AS favourited,
    EXISTS(SELECT 1 FROM bookmarks b WHERE b.status_id = o.id AND b.account_id = {CURRENT}) AS bookmarked,
    EXISTS(SELECT 1 FROM statuses r WHERE r.reblog_of_id = o.id AND r.account_id = {CURRENT}) AS reblogged,
    EXISTS(SELECT 1 FROM status_pins p WHERE p.status_id = o.id AND p.account_id = {CURRENT}) AS pinned,
    (SELECT COUNT(*) FROM statuses c WHERE c.in_reply_to_id = o.id) AS replies,
    (SELECT COUNT(*) FROM favourites f WHERE f.status_id = o.id) AS favourites,
    (SELECT COUNT(*) FROM statuses r WHERE r.reblog_of_id = o.id) AS reblogs,
    (SELECT COUNT(*) FROM media_attachments m WHERE m.status_id = o.id) AS media,
    (SELECT group_concat(m.description, ' | ') FROM media_attachments m
        WHERE m.status_id = o.id) AS alt,
    (SELECT p.options FROM polls p WHERE p.status_id = o.id) AS poll"""
SELECT = f"""
SELECT s.id AS entry, o.id AS id, o.account_id, o.text, o.spoiler_text, o.visibility,
    o.in_reply_to_id, o.created_at, a.username, a.display_name,
    CASE WHEN s.reblog_of_id IS NULL THEN '' ELSE b.display_name END AS boosted_by,
    {_FLAGS}
FROM statuses s
JOIN statuses o ON o.id = COALESCE(s.reblog_of_id, s.id)
JOIN accounts a ON a.id = o.account_id
JOIN accounts b ON b.id = s.account_id
"""
NEWEST = " ORDER BY s.created_at DESC, s.id DESC"


def not_blocked(column: str) -> str:
    """SQL: the account id in ``column`` is not one the user blocked."""
    return f"{column} NOT IN (SELECT target_account_id FROM blocks WHERE account_id = {CURRENT})"


NOT_BLOCKED = not_blocked("s.account_id")
"""Leaves out the entries of accounts the user blocked (every list of posts does)."""
HOME_WHERE = f"""WHERE (s.account_id = {CURRENT} OR s.account_id IN
    (SELECT target_account_id FROM follows WHERE account_id = {CURRENT}))
    AND s.account_id NOT IN (SELECT target_account_id FROM mutes WHERE account_id = {CURRENT})
    AND s.account_id NOT IN (SELECT la.account_id FROM list_accounts la
        JOIN lists l ON l.id = la.list_id WHERE l.account_id = {CURRENT} AND l.exclusive = 1)
    AND {NOT_BLOCKED}"""
"""The user's Home: their own and followed accounts' posts, but for muted and blocked
accounts and the members of the user's exclusive lists ("Hide members' posts from Home")."""
LOCAL_WHERE = f"""WHERE s.reblog_of_id IS NULL AND o.visibility = 'public'
    AND s.account_id NOT IN (SELECT target_account_id FROM mutes WHERE account_id = {CURRENT})
    AND {NOT_BLOCKED}"""


@dataclass(frozen=True)
class Status:
    """A post as a timeline shows it (a boost shows the boosted post, ``boosted_by`` set)."""

    entry: int
    id: int
    account_id: int
    text: str
    spoiler_text: str
    visibility: str
    in_reply_to_id: int | None
    created_at: int
    username: str
    display_name: str
    boosted_by: str
    favourited: int
    bookmarked: int
    reblogged: int
    pinned: int
    replies: int
    favourites: int
    reblogs: int
    media: int
    alt: str | None
    poll: str | None

    @property
    def poll_options(self) -> list[str]:
        return json.loads(self.poll) if self.poll else []


@dataclass(frozen=True)
class Account:
    """An account of the server."""

    id: int
    username: str
    display_name: str
    note: str
    fields: str
    avatar: str
    header: str
    created_at: int

    @property
    def name(self) -> str:
        return self.display_name or self.username


def db(ctx: AppContext) -> sqlite3.Connection:
    return server_db(ctx, SERVER)


def rows(ctx: AppContext, sql: str, params: Sequence[object] = ()) -> QueryRows:
    """The rows of ``sql`` on the server, read a page at a time as a list shows them."""
    conn = db(ctx)
    storage = ctx.phone.storage
    return QueryRows(conn, sql, params, lambda: storage.stamp(conn))


def statuses(ctx: AppContext, where: str, params: Sequence[object] = ()) -> QueryRows:
    """Statuses (and boosts) matching ``where`` (on ``s``, the entry, and ``o``, the post
    shown), newest first."""
    return rows(ctx, SELECT + where + NEWEST, params)


def as_status(row: sqlite3.Row) -> Status:
    return Status(**dict(row))


def status(ctx: AppContext, status_id: int) -> Status | None:
    row = db(ctx).execute(SELECT + "WHERE s.id = ?", (status_id,)).fetchone()
    return as_status(row) if row else None


def me(ctx: AppContext) -> int:
    """The id of the account the app is using (``test`` unless switched)."""
    row = db(ctx).execute(f"SELECT {CURRENT}").fetchone()
    return int(row[0]) if row and row[0] is not None else ME


def account(ctx: AppContext, account_id: int) -> Account | None:
    row = db(ctx).execute("SELECT * FROM accounts WHERE id = ?", (account_id,)).fetchone()
    return Account(**dict(row)) if row else None


def is_following(ctx: AppContext, account_id: int) -> bool:
    found = db(ctx).execute(
        "SELECT 1 FROM follows WHERE account_id = ? AND target_account_id = ?",
        (me(ctx), account_id),
    )
    return found.fetchone() is not None


def relationship(ctx: AppContext, account_id: int) -> tuple[bool, bool]:
    """(muted, blocked): whether the user mutes ``account_id`` and whether they block it."""
    row = (
        db(ctx)
        .execute(
            "SELECT EXISTS(SELECT 1 FROM mutes WHERE account_id = :me AND target_account_id = :a),"
            " EXISTS(SELECT 1 FROM blocks WHERE account_id = :me AND target_account_id = :a)",
            {"me": me(ctx), "a": account_id},
        )
        .fetchone()
    )
    return bool(row[0]), bool(row[1])


def is_blocked(ctx: AppContext, account_id: int) -> bool:
    """Whether the user blocks ``account_id``."""
    return relationship(ctx, account_id)[1]


def counts(ctx: AppContext, account_id: int) -> tuple[int, int, int]:
    """(posts, following, followers) of an account."""
    row = (
        db(ctx)
        .execute(
            "SELECT (SELECT COUNT(*) FROM statuses WHERE account_id = :a AND reblog_of_id IS NULL),"
            " (SELECT COUNT(*) FROM follows f JOIN accounts t ON t.id = f.target_account_id"
            " WHERE f.account_id = :a),"
            " (SELECT COUNT(*) FROM follows f JOIN accounts t ON t.id = f.account_id"
            " WHERE f.target_account_id = :a)",
            {"a": account_id},
        )
        .fetchone()
    )
    return row[0], row[1], row[2]


def now_ms(ctx: AppContext) -> int:
    """The phone's time, in ms since 1970 (never through the host's time zone)."""
    return ctx.phone.clock.epoch_ms


# writes -----------------------------------------------------------------------------------
def _toggle(ctx: AppContext, table: str, status_id: int, on: bool, label: str) -> None:
    conn = db(ctx)
    if on:
        conn.execute(
            f"INSERT OR IGNORE INTO {table}(account_id, status_id, created_at) VALUES (?, ?, ?)",
            (me(ctx), status_id, now_ms(ctx)),
        )
    else:
        conn.execute(
            f"DELETE FROM {table} WHERE account_id = ? AND status_id = ?", (me(ctx), status_id)
        )
    ctx.log(f"Status {label}: id={status_id}" if on else f"Status un{label}: id={status_id}")


def set_favourite(ctx: AppContext, status_id: int, on: bool) -> None:
    _toggle(ctx, "favourites", status_id, on, "favourited")


def set_bookmark(ctx: AppContext, status_id: int, on: bool) -> None:
    _toggle(ctx, "bookmarks", status_id, on, "bookmarked")


def set_pinned(ctx: AppContext, status_id: int, on: bool) -> None:
    _toggle(ctx, "status_pins", status_id, on, "pinned")


def set_reblog(ctx: AppContext, status_id: int, on: bool) -> None:
    conn = db(ctx)
    if on:
        conn.execute(
            "INSERT INTO statuses(account_id, reblog_of_id, created_at) VALUES (?, ?, ?)",
            (me(ctx), status_id, now_ms(ctx)),
        )
    else:
        conn.execute(
            "DELETE FROM statuses WHERE account_id = ? AND reblog_of_id = ?", (me(ctx), status_id)
        )
    ctx.log(f"Status reblogged: id={status_id}" if on else f"Status unreblogged: id={status_id}")


def delete_status(ctx: AppContext, status_id: int) -> None:
    conn = db(ctx)
    conn.execute("DELETE FROM statuses WHERE id = ? OR reblog_of_id = ?", (status_id, status_id))
    for table in ("favourites", "bookmarks", "status_pins", "media_attachments", "polls"):
        conn.execute(f"DELETE FROM {table} WHERE status_id = ?", (status_id,))
    ctx.log(f"Status deleted: id={status_id}")


def _leave_lists(ctx: AppContext, account_id: int) -> None:
    """Take ``account_id`` out of the user's lists (a list holds followed accounts only)."""
    db(ctx).execute(
        "DELETE FROM list_accounts WHERE account_id = ? AND list_id IN "
        "(SELECT id FROM lists WHERE account_id = ?)",
        (account_id, me(ctx)),
    )


def set_following(ctx: AppContext, account_id: int, on: bool) -> None:
    """Follow (or unfollow) an account; an account the user blocks is not followed, and
    unfollowing takes it out of the user's lists."""
    conn = db(ctx)
    if on:
        if is_blocked(ctx, account_id):
            return
        conn.execute(
            "INSERT OR IGNORE INTO follows(account_id, target_account_id, created_at) "
            "VALUES (?, ?, ?)",
            (me(ctx), account_id, now_ms(ctx)),
        )
    else:
        conn.execute(
            "DELETE FROM follows WHERE account_id = ? AND target_account_id = ?",
            (me(ctx), account_id),
        )
        _leave_lists(ctx, account_id)
    name = conn.execute("SELECT username FROM accounts WHERE id = ?", (account_id,)).fetchone()
    ctx.log(f"{'Followed' if on else 'Unfollowed'}: @{name[0] if name else account_id}")


def _relate(ctx: AppContext, table: str, account_id: int, on: bool) -> bool:
    """Add (or remove) the user's row for ``account_id`` in ``mutes`` or ``blocks``; whether
    it changed."""
    if on:
        cursor = db(ctx).execute(
            f"INSERT OR IGNORE INTO {table}(account_id, target_account_id) VALUES (?, ?)",
            (me(ctx), account_id),
        )
    else:
        cursor = db(ctx).execute(
            f"DELETE FROM {table} WHERE account_id = ? AND target_account_id = ?",
            (me(ctx), account_id),
        )
    return cursor.rowcount > 0


def set_blocked(ctx: AppContext, account_id: int, on: bool) -> bool:
    """Block (or unblock) an account; blocking also ends the follows both ways and takes the
    account out of the user's lists. Whether the block was new (or there to remove)."""
    changed = _relate(ctx, "blocks", account_id, on)
    if on:
        db(ctx).execute(
            "DELETE FROM follows WHERE (account_id = ? AND target_account_id = ?) "
            "OR (account_id = ? AND target_account_id = ?)",
            (me(ctx), account_id, account_id, me(ctx)),
        )
        _leave_lists(ctx, account_id)
    ctx.log(f"{'Blocked' if on else 'Unblocked'}: account={account_id}")
    return changed


def set_muted(ctx: AppContext, account_id: int, on: bool) -> None:
    _relate(ctx, "mutes", account_id, on)
    ctx.log(f"{'Muted' if on else 'Unmuted'}: account={account_id}")


def tag_id(ctx: AppContext, name: str) -> int:
    """The id of hashtag ``name`` (created when new)."""
    conn = db(ctx)
    conn.execute("INSERT OR IGNORE INTO tags(name) VALUES (?)", (name.lower(),))
    return conn.execute("SELECT id FROM tags WHERE name = ?", (name,)).fetchone()[0]


def tag_flags(ctx: AppContext, name: str) -> tuple[bool, bool]:
    """(followed, featured) of hashtag ``name``."""
    row = (
        db(ctx)
        .execute(
            "SELECT EXISTS(SELECT 1 FROM tag_follows f WHERE f.tag_id = t.id AND f.account_id = ?),"
            " EXISTS(SELECT 1 FROM featured_tags f WHERE f.tag_id = t.id AND f.account_id = ?)"
            " FROM tags t WHERE t.name = ?",
            (me(ctx), me(ctx), name),
        )
        .fetchone()
    )
    return (bool(row[0]), bool(row[1])) if row else (False, False)


def set_tag_followed(ctx: AppContext, name: str, on: bool) -> None:
    tid = tag_id(ctx, name)
    if on:
        db(ctx).execute(
            "INSERT OR IGNORE INTO tag_follows(account_id, tag_id) VALUES (?, ?)", (me(ctx), tid)
        )
    else:
        db(ctx).execute(
            "DELETE FROM tag_follows WHERE account_id = ? AND tag_id = ?", (me(ctx), tid)
        )
    ctx.log(f"Hashtag {'followed' if on else 'unfollowed'}: #{name}")


def set_tag_featured(ctx: AppContext, name: str, on: bool) -> None:
    tid = tag_id(ctx, name)
    if on:
        db(ctx).execute(
            "INSERT OR IGNORE INTO featured_tags(account_id, tag_id, name) VALUES (?, ?, ?)",
            (me(ctx), tid, name.lower()),
        )
    else:
        db(ctx).execute(
            "DELETE FROM featured_tags WHERE account_id = ? AND tag_id = ?", (me(ctx), tid)
        )
    ctx.log(f"Hashtag {'featured' if on else 'unfeatured'}: #{name}")


@dataclass(frozen=True)
class Draft:
    """What the compose screen posts."""

    text: str
    spoiler_text: str = ""
    visibility: str = "public"
    in_reply_to_id: int | None = None
    media: tuple[tuple[str, str], ...] = ()
    """(file, alt text) of each picture."""
    poll: tuple[str, ...] = ()
    poll_multiple: bool = False
    poll_expires_in: int = 86400


def post(ctx: AppContext, draft: Draft) -> int:
    """Publish ``draft`` as the user; returns the new status's id."""
    conn = db(ctx)
    language = conn.execute("SELECT posting_language FROM users WHERE account_id = ?", (me(ctx),))
    row = language.fetchone()
    cursor = conn.execute(
        "INSERT INTO statuses(account_id, text, spoiler_text, visibility, language, "
        "in_reply_to_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        (
            me(ctx),
            draft.text,
            draft.spoiler_text,
            draft.visibility,
            row[0] if row else "en",
            draft.in_reply_to_id,
            now_ms(ctx),
        ),
    )
    status_id = int(cursor.lastrowid or 0)
    _attach(ctx, status_id, draft)
    ctx.log(f"Status posted: id={status_id} text={draft.text}")
    return status_id


def _attach(ctx: AppContext, status_id: int, draft: Draft) -> None:
    """Write the pictures and the poll of ``draft`` for status ``status_id``."""
    conn = db(ctx)
    storage = ctx.phone.storage
    rows = []
    for file, alt in draft.media:
        size = picture_size(storage.read(file), file) if storage.exists(file) else (None, None)
        rows.append((status_id, me(ctx), file, alt, *size))
    conn.executemany(
        "INSERT INTO media_attachments(status_id, account_id, file, description, width, height) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        rows,
    )
    if draft.poll:
        conn.execute(
            "INSERT INTO polls(status_id, options, multiple, expires_in) VALUES (?, ?, ?, ?)",
            (
                status_id,
                json.dumps(list(draft.poll)),
                int(draft.poll_multiple),
                draft.poll_expires_in,
            ),
        )
    for name in {t.lower() for t in HASHTAG.findall(draft.text)}:
        tag_id(ctx, name)


def edit_status(ctx: AppContext, status_id: int, draft: Draft) -> None:
    """Replace the text, content warning, pictures (and alt texts) and poll of one of the
    user's statuses."""
    conn = db(ctx)
    conn.execute(
        "UPDATE statuses SET text = ?, spoiler_text = ? WHERE id = ? AND account_id = ?",
        (draft.text, draft.spoiler_text, status_id, me(ctx)),
    )
    conn.execute("DELETE FROM media_attachments WHERE status_id = ?", (status_id,))
    conn.execute("DELETE FROM polls WHERE status_id = ?", (status_id,))
    _attach(ctx, status_id, draft)
    ctx.log(f"Status edited: id={status_id} text={draft.text}")


def update_profile(ctx: AppContext, **values: str) -> None:
    """Write the user's profile columns (display_name, note, avatar, header, fields)."""
    columns = ", ".join(f"{name} = ?" for name in values)
    db(ctx).execute(f"UPDATE accounts SET {columns} WHERE id = ?", (*values.values(), me(ctx)))
    ctx.log("Profile updated: " + " ".join(f"{k}={v}" for k, v in values.items()))


def set_preference(ctx: AppContext, column: str, value: str) -> None:
    db(ctx).execute(f"UPDATE users SET {column} = ? WHERE account_id = ?", (value, me(ctx)))
    ctx.log(f"Preference changed: {column}={value}")
