"""How a post looks in a channel or a thread (author, time, text, attachments, reactions,
pinned mark, reply count) and what a long press on it offers (reply, react, pin, edit,
delete)."""

from __future__ import annotations

import datetime as dt
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mattermost import data, post_data
from mobile_gym.sim.apps.mattermost.data import Post
from mobile_gym.sim.ui.dates import MONTH_ABBRS, WEEKDAY_ABBRS, from_epoch_ms
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

AVATAR = (22, 92, 170)


def post_time(ms: int) -> str:
    """``9:41 AM``: how a post's time shows."""
    when = from_epoch_ms(ms)
    return f"{when.hour % 12 or 12}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def day_label(day: dt.date, today: dt.date) -> str:
    """``Today``, ``Yesterday`` or ``Wed, Oct 15, 2025``: the separator above a day's posts."""
    if day == today:
        return "Today"
    if (today - day).days == 1:
        return "Yesterday"
    return f"{WEEKDAY_ABBRS[day.weekday()]}, {MONTH_ABBRS[day.month]} {day.day}, {day.year}"


def size_label(size: int) -> str:
    if size < 1024:
        return f"{size} B"
    if size < 1024 * 1024:
        return f"{size / 1024:.1f} KB"
    return f"{size / 1024 / 1024:.1f} MB"


def avatar(username: str, size: int = 36) -> ImageView:
    return ImageView(
        size=size,
        circle=AVATAR,
        letter=username[:1].upper(),
        tint=(255, 255, 255),
        id="profile_picture",
        desc=f"{username} profile picture",
    )


@dataclass(frozen=True)
class Details:
    """What the posts of a screen show besides their text, read in one query each."""

    reactions: dict[int, list[tuple[str, int, bool]]]
    files: dict[int, list[sqlite3.Row]]
    replies: dict[int, int]


def details(ctx: AppContext, posts: Sequence[Post], *, replies: bool = False) -> Details:
    ids = [p.id for p in posts]
    return Details(
        post_data.reactions(ctx, ids),
        post_data.attachments(ctx, ids),
        post_data.reply_counts(ctx, ids) if replies else {},
    )


def reaction_chips(ctx: AppContext, post: Post, reacted: list[tuple[str, int, bool]]) -> list[View]:
    """A chip per emoji reacted with: tap adds or removes the user's own reaction."""
    chips: list[View] = []
    for emoji, count, mine in reacted:
        chips.append(
            TextView(
                f":{emoji}: {count}",
                id="reaction",
                desc=f"{emoji} reaction, {count}",
                size=13,
                padding=(8, 4),
                radius=12,
                selected=mine,
                background="hint" if mine else "surface_variant",
                margin=(0, 4, 6, 0),
                on_click=lambda e=emoji: post_data.toggle_reaction(ctx, post.id, e),
            )
        )
    return chips


def byline(post: Post) -> list[View]:
    """The author's username and the post's time, as a post's header shows them."""
    return [
        TextView(post.username, id="post_author", size=15, bold=True),
        TextView(
            post_time(post.create_at),
            id="post_time",
            size=12,
            color="text_secondary",
            margin=(8, 0, 0, 0),
        ),
    ]


def save(ctx: AppContext, file: sqlite3.Row) -> None:
    """Download an attachment to the phone and say where it went."""
    post_data.download_file(ctx, file)
    ctx.toast(f"Saved to Download: {file['name']}")


def post_view(
    ctx: AppContext,
    post: Post,
    extra: Details,
    *,
    on_open_thread: Handler | None = None,
    on_long_press: Handler | None = None,
) -> View:
    """One post: avatar, author and time (a ``Pinned`` mark when pinned), the text, its
    files, its reactions and, for a root post with replies, the link to its thread."""
    header = byline(post)
    if post.is_pinned:
        header.append(
            TextView("Pinned", id="post_pinned", size=12, color="primary", margin=(8, 0, 0, 0))
        )
    body: list[View] = [Row(*header)]
    if post.message:
        body.append(TextView(post.message, id="post_message", size=15, max_lines=20, width=MATCH))
    for file in extra.files.get(post.id, []):
        body.append(
            Row(
                ImageView("file", size=28, margin=(8, 0, 8, 0)),
                Column(
                    TextView(file["name"], id="file_name", size=14, width=MATCH),
                    TextView(size_label(file["size"]), size=12, color="text_secondary"),
                    width=0,
                    weight=1,
                ),
                ImageButton(
                    "download",
                    desc=f"Download {file['name']}",
                    id="file_download",
                    on_click=lambda f=file: save(ctx, f),
                    size=40,
                ),
                id="post_attachment",
                background="surface_variant",
                radius=8,
                padding=(0, 6),
                margin=(0, 4, 0, 0),
            )
        )
    chips = reaction_chips(ctx, post, extra.reactions.get(post.id, []))
    replies = extra.replies.get(post.id, 0)
    if chips:
        body.append(Row(*chips, id="post_reactions"))
    if replies and on_open_thread is not None:
        body.append(
            TextView(
                f"{replies} {'reply' if replies == 1 else 'replies'}",
                id="post_replies",
                size=13,
                color="primary",
                bold=True,
                padding=(0, 4),
                on_click=on_open_thread,
            )
        )
    face = avatar(post.username)
    face.gravity = "top"
    return Row(
        face,
        Column(*body, width=MATCH, weight=1, margin=(10, 0, 0, 0)),
        id="post",
        height=WRAP,
        padding=(16, 8),
        on_long_click=on_long_press,
    )


def post_menu(
    ctx: AppContext, *, on_reply: Callable[[int], None] | None
) -> Callable[[int], Handler]:
    """The long-press menu of the posts on this screen, with its reaction, edit and delete
    dialogs; returns ``for_post(id)``, the handler that opens it for one post."""
    chosen = post_data.post(ctx, ctx.get("post_menu", 0))

    def close_picker() -> None:
        ctx.pop("dialog:reaction")

    def react(emoji: str) -> Handler:
        def run() -> None:
            close_picker()
            if chosen is not None:
                post_data.toggle_reaction(ctx, chosen.id, emoji)

        return run

    picker = ctx.dialog(
        "reaction",
        "Add Reaction",
        buttons=[("Cancel", None)],
        body=lambda: [
            TextView(
                f":{name}:  {label}",
                id=f"emoji_{name.replace('+', 'plus')}",
                desc=name,
                size=16,
                width=MATCH,
                padding=(4, 10),
                on_click=react(name),
            )
            for name, label in data.EMOJIS
        ],
    )

    def save_edit(text: str) -> str | None:
        if not text:
            return "A message cannot be empty"
        if chosen is not None:
            post_data.edit_post(ctx, chosen.id, text)
        return None

    edit = prompt_dialog(
        ctx, "edit_post", "Edit message", save_edit, hint="Message", id="edit_post_input"
    )
    delete = ctx.dialog(
        "delete_post",
        "Delete Post",
        "Are you sure you want to delete this post?",
        buttons=[
            ("Cancel", None),
            ("Delete", lambda: post_data.delete_post(ctx, chosen.id) if chosen else None),
        ],
    )
    items: list[tuple[str, Handler]] = []
    if chosen is not None:
        if on_reply is not None:
            items.append(("Reply", lambda: on_reply(chosen.id)))
        items.append(("Add Reaction", picker))
        items.append(
            (
                "Unpin from Channel" if chosen.is_pinned else "Pin to Channel",
                lambda: post_data.set_pinned(ctx, chosen.id, not chosen.is_pinned),
            )
        )
        if chosen.user_id == data.ME:
            items.append(("Edit", lambda: edit(chosen.message)))
            items.append(("Delete", delete))
    show = ctx.menu("post", items, at_touch=True)

    def for_post(post_id: int) -> Handler:
        def run() -> None:
            ctx.set("post_menu", post_id)
            show()

        return run

    return for_post
