"""The compose screen: text, content warning, visibility, pictures from the phone (with alt
text) and a poll; also replies (argument ``reply_to``) and edits of the user's own posts
(argument ``edit``: the post's visibility is shown but cannot change)."""

from __future__ import annotations

import json

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.data import Draft
from mobile_gym.sim.ui.composites import app_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, ImageView, Switch, TextView

LIMIT = 500
"""The server's character limit."""
VISIBILITY = (
    ("public", "Public"),
    ("unlisted", "Quiet public"),
    ("private", "Followers"),
    ("direct", "Specific people"),
)
POLL_LENGTHS = (
    ("5 minutes", 300),
    ("1 hour", 3600),
    ("1 day", 86400),
    ("3 days", 259200),
    ("7 days", 604800),
)
MAX_MEDIA = 4
MAX_OPTIONS = 4


def _load(ctx: AppContext, status_id: int) -> None:
    """Fill the form with one of the user's posts, to edit it."""
    conn = data.db(ctx)
    row = conn.execute("SELECT * FROM statuses WHERE id = ?", (status_id,)).fetchone()
    if row is None:
        return
    ctx.set_field("text", row["text"])
    ctx.set("visibility", row["visibility"])
    if row["spoiler_text"]:
        ctx.set("cw_on", True)
        ctx.set_field("cw", row["spoiler_text"])
    media = conn.execute(
        "SELECT file, description FROM media_attachments WHERE status_id = ? ORDER BY id",
        (status_id,),
    ).fetchall()
    ctx.set("media", [m["file"] for m in media])
    for index, m in enumerate(media):
        ctx.set_field(f"alt{index}", m["description"])
    poll = conn.execute("SELECT * FROM polls WHERE status_id = ?", (status_id,)).fetchone()
    if poll is not None:
        options = json.loads(poll["options"])
        ctx.set("poll", True)
        ctx.set("options", len(options))
        for index, option in enumerate(options):
            ctx.set_field(f"option{index}", option)
        ctx.set("poll_length", poll["expires_in"])
        ctx.set("poll_multiple", bool(poll["multiple"]))


def _remove_option(ctx: AppContext, index: int) -> None:
    count = ctx.get("options", 2)
    for later in range(index, count - 1):
        ctx.set_field(f"option{later}", ctx.field(f"option{later + 1}"))
    ctx.clear_field(f"option{count - 1}")
    ctx.set("options", count - 1)


def _remove_media(ctx: AppContext, index: int) -> None:
    media = ctx.get("media", [])
    for later in range(index, len(media) - 1):
        ctx.set_field(f"alt{later}", ctx.field(f"alt{later + 1}"))
    ctx.clear_field(f"alt{len(media) - 1}")
    ctx.set("media", [m for i, m in enumerate(media) if i != index])


def _publish(ctx: AppContext, reply_to: int | None, editing: int | None) -> None:
    text = ctx.field("text").strip()
    media = ctx.get("media", [])
    options = [ctx.field(f"option{i}").strip() for i in range(ctx.get("options", 2))]
    has_poll = ctx.get("poll", False)
    if not text and not media:
        ctx.toast("Your post is empty")
        return
    if len(text) > LIMIT:
        ctx.toast(f"Posts are limited to {LIMIT} characters")
        return
    if has_poll and sum(1 for o in options if o) < 2:
        ctx.toast("A poll needs at least two choices")
        return
    draft = Draft(
        text=text,
        spoiler_text=ctx.field("cw").strip() if ctx.get("cw_on") else "",
        visibility=ctx.get("visibility", "public"),
        in_reply_to_id=reply_to,
        media=tuple((m, ctx.field(f"alt{i}")) for i, m in enumerate(media)),
        poll=tuple(o for o in options if o) if has_poll else (),
        poll_multiple=bool(ctx.get("poll_multiple")),
        poll_expires_in=ctx.get("poll_length", 86400),
    )
    if editing:
        data.edit_status(ctx, editing, draft)
    else:
        data.post(ctx, draft)
    ctx.phone.hide_keyboard()
    ctx.finish()


def _poll(ctx: AppContext) -> list[View]:
    count = ctx.get("options", 2)
    views: list[View] = [
        Row(
            ctx.edit(
                f"option{i}", hint=f"Choice {i + 1}", id=f"poll_option_{i + 1}", width=0, weight=1
            ),
            *(
                [
                    ImageButton(
                        "close",
                        desc=f"Remove choice {i + 1}",
                        id="remove_poll_option",
                        on_click=lambda i=i: _remove_option(ctx, i),
                    )
                ]
                if count > 2
                else []
            ),
            width=MATCH,
            padding=(16, 0, 4, 0),
        )
        for i in range(count)
    ]
    length = ctx.get("poll_length", 86400)
    label = next(name for name, seconds in POLL_LENGTHS if seconds == length)
    menu = ctx.menu(
        "poll_length",
        [
            (name, lambda seconds=seconds: ctx.set("poll_length", seconds))
            for name, seconds in POLL_LENGTHS
        ],
    )
    views.append(
        Row(
            *(
                [
                    Button(
                        "Add choice",
                        id="add_poll_option",
                        on_click=lambda: ctx.set("options", count + 1),
                    )
                ]
                if count < MAX_OPTIONS
                else []
            ),
            TextView(
                "Duration: " + label, id="poll_duration", size=14, padding=(16, 8), on_click=menu
            ),
            width=MATCH,
        )
    )
    views.append(
        Switch(
            "Multiple choice",
            id="poll_multiple",
            checked=bool(ctx.get("poll_multiple")),
            on_change=lambda on: ctx.set("poll_multiple", on),
            padding=(16, 8),
        )
    )
    return views


def _toggle(ctx: AppContext, icon: str, desc: str, id: str, key: str) -> ImageButton:
    """A bottom-bar button that shows or hides a part of the form (the poll, the warning)."""
    return ImageButton(
        icon,
        desc=desc,
        id=id,
        selected=bool(ctx.get(key)),
        on_click=lambda: ctx.set(key, not ctx.get(key)),
    )


def _visibility_button(ctx: AppContext, editing: bool) -> View:
    """Who sees the post, with the menu to change it; an edit keeps the post's visibility,
    shown but not editable."""
    label = dict(VISIBILITY)[ctx.get("visibility", "public")]
    if editing:
        return TextView(
            label,
            id="visibility_btn",
            size=14,
            color="text_secondary",
            padding=(8, 12),
            enabled=False,
        )
    menu = ctx.menu(
        "visibility",
        [(label, lambda key=key: ctx.set("visibility", key)) for key, label in VISIBILITY],
    )
    return TextView(label, id="visibility_btn", size=14, padding=(8, 12), on_click=menu)


def compose_screen(ctx: AppContext) -> View:
    reply_to = ctx.args.get("reply_to")
    editing = ctx.args.get("edit")
    parent = data.status(ctx, reply_to) if reply_to else None
    if not ctx.has("loaded"):
        ctx.set("loaded", True)
        if editing:
            _load(ctx, editing)
        elif parent is not None:
            ctx.set_field("text", f"@{parent.username} ")
    text = ctx.field("text")
    bar = app_bar(
        [
            ImageButton("close", id="close", desc="Discard", on_click=ctx.finish),
            TextView(
                "Edit post" if editing else "Reply" if parent else "New post",
                id="toolbar_title",
                size=21,
                width=0,
                weight=1,
            ),
            Button(
                "Save" if editing else "Reply" if parent else "Publish",
                id="publish",
                on_click=lambda: _publish(ctx, reply_to, editing),
            ),
        ]
    )
    views: list[View] = []
    if parent is not None:
        views.append(
            TextView(
                f"Replying to @{parent.username}: {parent.text}",
                id="reply_context",
                size=13,
                color="text_secondary",
                width=MATCH,
                padding=(16, 4),
            )
        )
    if ctx.get("cw_on"):
        views.append(ctx.edit("cw", hint="Content warning", id="content_warning", width=MATCH))
    views.append(
        ctx.edit(
            "text", hint="Typing something?", id="toot_text", input_type="multiline", width=MATCH
        )
    )
    for index, path in enumerate(ctx.get("media", [])):
        views.append(
            Row(
                ImageView("image", size=32),
                Column(
                    TextView(path.rsplit("/", 1)[-1], id="attachment_name", size=14, width=MATCH),
                    Row(
                        ctx.edit(
                            f"alt{index}",
                            hint="Add description (alt text)",
                            id="alt_text",
                            input_type="multiline",
                            width=0,
                            weight=1,
                        ),
                        ImageButton(
                            "close",
                            desc="Clear description",
                            id="clear_alt_text",
                            on_click=lambda index=index: ctx.set_field(f"alt{index}", ""),
                        ),
                        width=MATCH,
                    ),
                    width=0,
                    weight=1,
                    margin=(8, 0, 0, 0),
                ),
                ImageButton(
                    "close",
                    desc="Remove",
                    id="remove_attachment",
                    on_click=lambda index=index: _remove_media(ctx, index),
                ),
                width=MATCH,
                padding=(16, 4),
            )
        )
    if ctx.get("poll"):
        views += _poll(ctx)
    toolbar_row = Row(
        ImageButton(
            "image",
            desc="Add media",
            id="btn_media",
            on_click=(
                (lambda: ctx.open(data.PHOTO_PICKER))
                if len(ctx.get("media", [])) < MAX_MEDIA and not ctx.get("poll")
                else (lambda: ctx.toast("You can't add more media"))
            ),
        ),
        _toggle(ctx, "checklist", "Add poll", "btn_poll", "poll"),
        _toggle(ctx, "info", "Content warning", "btn_cw", "cw_on"),
        _visibility_button(ctx, bool(editing)),
        View(width=0, weight=1),
        TextView(
            str(LIMIT - len(text)),
            id="char_counter",
            size=14,
            color="text_secondary",
            padding=(8, 12),
        ),
        width=MATCH,
        background="surface",
    )
    return Column(
        bar, ctx.scroller("compose", views, height=0, weight=1), toolbar_row, height=MATCH
    )
