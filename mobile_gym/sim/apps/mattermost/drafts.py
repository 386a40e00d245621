"""Drafts: what was typed in a channel's or a thread's post box and not sent, kept when the
screen is left (BACK, the up arrow, leaving the app), as Mattermost keeps them, and shown in
the box again when the channel or thread is opened."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost.data import APP_DATABASE

FIELD = "message"
"""The post box's field in the screen's state."""


def draft(ctx: AppContext, channel_id: int, root_id: int = 0) -> str:
    """The draft kept for a channel (``root_id`` 0) or a thread, or ``""``."""
    row = (
        ctx.db(APP_DATABASE)
        .execute(
            "SELECT message FROM drafts WHERE channel_id = ? AND root_id = ?",
            (channel_id, root_id),
        )
        .fetchone()
    )
    return row[0] if row else ""


def typed(ctx: AppContext, channel_id: int, root_id: int = 0) -> str:
    """What the post box of this screen holds: what was typed, else the kept draft."""
    return ctx.field(FIELD, draft(ctx, channel_id, root_id))


def keep(ctx: AppContext, channel_id: int, root_id: int = 0) -> None:
    """Keep what the post box holds as the draft (an empty box drops the draft)."""
    text = typed(ctx, channel_id, root_id)
    db = ctx.db(APP_DATABASE)
    if text.strip():
        db.execute(
            "INSERT OR REPLACE INTO drafts(channel_id, root_id, message) VALUES (?, ?, ?)",
            (channel_id, root_id, text),
        )
    elif draft(ctx, channel_id, root_id):
        db.execute("DELETE FROM drafts WHERE channel_id = ? AND root_id = ?", (channel_id, root_id))


def drafted_channels(ctx: AppContext) -> set[int]:
    """The channels with a draft in their own post box."""
    rows = ctx.db(APP_DATABASE).execute("SELECT channel_id FROM drafts WHERE root_id = 0")
    return {row[0] for row in rows}
