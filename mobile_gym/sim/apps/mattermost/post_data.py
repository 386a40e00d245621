"""The server's posts as the logged-in user reads and writes them: a channel's posts and
threads, reactions, pins, attachments (and saving them to the phone), edits, mentions and
search."""

from __future__ import annotations

import re
import sqlite3

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost.channel_data import channel, joined_channels, mark_viewed
from mobile_gym.sim.apps.mattermost.data import (
    ME,
    Post,
    kept,
    log,
    mentions,
    now_ms,
    server,
    user,
)
from mobile_gym.sim.system.storage import zeros

_POST_SELECT = (  # the columns in the order of ``Post``'s fields
    "SELECT p.id, p.create_at, p.user_id, COALESCE(u.username, '') AS username, p.channel_id, "
    "p.root_id, p.message, p.is_pinned FROM posts p LEFT JOIN users u ON u.id = p.user_id "
)


def _posts(ctx: AppContext, where: str, params: tuple) -> list[Post]:
    rows = server(ctx).execute(_POST_SELECT + where, params)
    return [Post(*row[:-1], is_pinned=bool(row["is_pinned"])) for row in rows]


def post(ctx: AppContext, post_id: int) -> Post | None:
    found = _posts(ctx, "WHERE p.id = ?", (post_id,))
    return found[0] if found else None


def channel_posts(ctx: AppContext, channel_id: int, limit: int) -> list[Post]:
    """The channel's newest ``limit`` root posts, oldest first."""
    found = _posts(
        ctx,
        "WHERE p.channel_id = ? AND p.root_id = 0 ORDER BY p.create_at DESC, p.id DESC LIMIT ?",
        (channel_id, limit),
    )
    return found[::-1]


def thread_posts(ctx: AppContext, root_id: int) -> list[Post]:
    """A thread's replies, oldest first."""
    return _posts(ctx, "WHERE p.root_id = ? ORDER BY p.create_at, p.id", (root_id,))


def _marks(ids: list[int]) -> str:
    return ",".join("?" * len(ids))


def reply_counts(ctx: AppContext, post_ids: list[int]) -> dict[int, int]:
    if not post_ids:
        return {}
    rows = server(ctx).execute(
        f"SELECT root_id, COUNT(*) FROM posts WHERE root_id IN ({_marks(post_ids)}) "
        "GROUP BY root_id",
        post_ids,
    )
    return {row[0]: row[1] for row in rows}


def reactions(ctx: AppContext, post_ids: list[int]) -> dict[int, list[tuple[str, int, bool]]]:
    """Per post: (emoji name, count, whether the user reacted with it), first reacted
    first."""
    found: dict[int, list[tuple[str, int, bool]]] = {}
    if not post_ids:
        return found
    rows = server(ctx).execute(
        "SELECT post_id, emoji_name, COUNT(*), MAX(user_id = ?) FROM reactions "
        f"WHERE post_id IN ({_marks(post_ids)}) "
        "GROUP BY post_id, emoji_name ORDER BY MIN(create_at), emoji_name",
        (ME, *post_ids),
    )
    for row in rows:
        found.setdefault(row[0], []).append((row[1], row[2], bool(row[3])))
    return found


def attachments(ctx: AppContext, post_ids: list[int]) -> dict[int, list[sqlite3.Row]]:
    """Per post: its files, in the order they were attached."""
    found: dict[int, list[sqlite3.Row]] = {}
    if not post_ids:
        return found
    rows = server(ctx).execute(
        f"SELECT * FROM files WHERE post_id IN ({_marks(post_ids)}) ORDER BY id", post_ids
    )
    for row in rows:
        found.setdefault(row["post_id"], []).append(row)
    return found


def create_post(
    ctx: AppContext, channel_id: int, message: str, root_id: int = 0, files: tuple[str, ...] = ()
) -> int:
    """Post ``message`` (with the files at ``files``) as the user; its id."""
    db = server(ctx)
    when = now_ms(ctx)
    cur = db.execute(
        "INSERT INTO posts(create_at, user_id, channel_id, root_id, message) "
        "VALUES (?, ?, ?, ?, ?)",
        (when, ME, channel_id, root_id, message),
    )
    post_id = int(cur.lastrowid or 0)
    storage = ctx.phone.storage
    for path in files:
        size = storage.size(path) if storage.exists(path) else 0
        db.execute(
            "INSERT INTO files(post_id, user_id, name, path, size, create_at) "
            "VALUES (?, ?, ?, ?, ?, ?)",
            (post_id, ME, path.rsplit("/", 1)[-1], path, size, when),
        )
    mark_viewed(ctx, channel_id)
    found = channel(ctx, channel_id)
    log(
        ctx,
        f"Post created: id={post_id} channel={found.name if found else channel_id} "
        f"root={root_id} files={len(files)}",
    )
    return post_id


DOWNLOADS = "/sdcard/Download"


def download_file(ctx: AppContext, file: sqlite3.Row) -> str:
    """Save an attachment to the phone's Download folder (its bytes when the file it was
    picked from is on the phone, else as many zero bytes as its size); where it went."""
    storage = ctx.phone.storage
    target = f"{DOWNLOADS}/{file['name']}"
    source = file["path"]
    if source and source != target and storage.exists(source) and not storage.is_dir(source):
        storage.write(target, storage.read(source), storage.size(source))
    elif not storage.exists(target):
        storage.write(target, zeros(max(int(file["size"]), 0)))
    log(ctx, f"File downloaded: name={file['name']} path={target}")
    return target


def toggle_reaction(ctx: AppContext, post_id: int, emoji: str) -> None:
    db = server(ctx)
    mine = db.execute(
        "SELECT 1 FROM reactions WHERE user_id = ? AND post_id = ? AND emoji_name = ?",
        (ME, post_id, emoji),
    ).fetchone()
    if mine:
        db.execute(
            "DELETE FROM reactions WHERE user_id = ? AND post_id = ? AND emoji_name = ?",
            (ME, post_id, emoji),
        )
        log(ctx, f"Reaction removed: post={post_id} emoji={emoji}")
    else:
        db.execute(
            "INSERT INTO reactions(user_id, post_id, emoji_name, create_at) VALUES (?, ?, ?, ?)",
            (ME, post_id, emoji, now_ms(ctx)),
        )
        log(ctx, f"Reaction added: post={post_id} emoji={emoji}")


def set_pinned(ctx: AppContext, post_id: int, pinned: bool) -> None:
    server(ctx).execute("UPDATE posts SET is_pinned = ? WHERE id = ?", (int(pinned), post_id))
    log(ctx, f"Post {'pinned' if pinned else 'unpinned'}: id={post_id}")


def edit_post(ctx: AppContext, post_id: int, message: str) -> None:
    server(ctx).execute("UPDATE posts SET message = ? WHERE id = ?", (message, post_id))
    log(ctx, f"Post edited: id={post_id}")


def delete_post(ctx: AppContext, post_id: int) -> None:
    """Delete a post with its replies, and the reactions and files of all of them."""
    db = server(ctx)
    gone = [
        row[0]
        for row in db.execute(
            "SELECT id FROM posts WHERE id = ? OR root_id = ?", (post_id, post_id)
        )
    ]
    if not gone:  # deleted already
        return
    marks = ", ".join("?" * len(gone))
    for table, column in (("reactions", "post_id"), ("files", "post_id"), ("posts", "id")):
        db.execute(f"DELETE FROM {table} WHERE {column} IN ({marks})", gone)
    log(ctx, f"Post deleted: id={post_id}")


def pinned_posts(ctx: AppContext, channel_id: int) -> list[Post]:
    return _posts(
        ctx, "WHERE p.channel_id = ? AND p.is_pinned = 1 ORDER BY p.create_at DESC", (channel_id,)
    )


def recent_mentions(ctx: AppContext) -> tuple[Post, ...]:
    """Others' posts that mention the user, newest first (read again once the server
    changes: ``data.kept``)."""
    return kept(ctx, ("mentions",), lambda: tuple(_mentions(ctx)))


def _mentions(ctx: AppContext) -> list[Post]:
    me = user(ctx, ME)
    if me is None:
        return []
    found = _posts(
        ctx,
        "WHERE p.user_id != ? AND p.message LIKE '%@%' ORDER BY p.create_at DESC, p.id DESC",
        (ME,),
    )
    mine = joined_channels(ctx)
    return [p for p in found if p.channel_id in mine and mentions(p.message, me.username)]


def search_posts(ctx: AppContext, query: str) -> tuple[Post, ...]:
    """Posts of the user's channels holding a word starting with each word of ``query``
    (``from:name`` and ``in:channel`` narrow it), newest first (read again once the server
    changes: ``data.kept``)."""
    return kept(ctx, ("search", query), lambda: tuple(_search(ctx, query)))


def _search(ctx: AppContext, query: str) -> list[Post]:
    words = query.lower().split()
    author = next((w[5:] for w in words if w.startswith("from:")), None)
    where = next((w[3:] for w in words if w.startswith("in:")), None)
    terms = [w for w in words if not w.startswith(("from:", "in:"))]
    if not terms and author is None and where is None:
        return []
    found = _posts(ctx, "ORDER BY p.create_at DESC, p.id DESC", ())
    mine = joined_channels(ctx)
    results = []
    for p in found:
        shown = mine.get(p.channel_id)
        if shown is None:
            continue
        if author is not None and p.username.lower() != author.lstrip("@"):
            continue
        if where is not None and where not in (shown.name.lower(), shown.title.lower()):
            continue
        if all(re.search(r"(?<!\w)" + re.escape(term), p.message, re.IGNORECASE) for term in terms):
            results.append(p)
    return results
