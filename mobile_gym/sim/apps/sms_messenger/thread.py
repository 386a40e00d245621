"""A conversation: its messages with their times, and the field to send a new one."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.conversations import (
    add_to_contacts,
    block_dialog,
    delete_dialog,
)
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.dates import from_epoch_ms, long_day
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

_SCROLL_END = 1 << 30
"""A scroll offset past any content: the list opens (and stays after sending) at the end."""


def thread_address(ctx: AppContext) -> str:
    """The conversation this screen shows: an existing one with the number, or the number."""
    asked = ctx.args["address"]
    return data.find_conversation(ctx, asked) or asked


def _bubble(message: data.Message) -> View:
    side = "end" if message.sent else "start"
    margin = (64, 4, 12, 0) if message.sent else (12, 4, 64, 0)
    return Column(
        TextView(
            message.body,
            id="thread_message_body",
            size=16,
            max_lines=30,
            color="on_primary" if message.sent else "text",
            background="primary" if message.sent else "surface_variant",
            radius=16,
            padding=(12, 8),
            gravity=side,
        ),
        TextView(
            f"{from_epoch_ms(message.date):%H:%M}",
            id="thread_message_time",
            size=12,
            color="text_secondary",
            gravity=side,
            margin=(4, 2, 4, 0),
        ),
        id="thread_message_holder",
        width=MATCH,
        height=WRAP,
        margin=margin,
    )


def thread_screen(ctx: AppContext) -> View:
    address = thread_address(ctx)
    thread = data.messages(ctx, address)
    title = data.title_of(ctx, address)
    flags = (
        ctx.db()
        .execute("SELECT archived FROM conversations WHERE address = ?", (address,))
        .fetchone()
    )
    archived = bool(flags and flags[0])

    def leave_after(change: Handler) -> None:
        change()
        ctx.finish()

    def send() -> None:
        body = ctx.field("message").strip()
        if body:
            data.send(ctx, address, body)
            ctx.set_field("message", "")
            ctx.scroll_to("messages", _SCROLL_END)

    items = [
        (
            "Block number",
            block_dialog(ctx, address, lambda: leave_after(lambda: data.block(ctx, address))),
        ),
        ("Mark as unread", lambda: leave_after(lambda: data.mark_read(ctx, address, False))),
        (
            ("Unarchive", lambda: data.set_archived(ctx, address, False))
            if archived
            else ("Archive", lambda: leave_after(lambda: data.set_archived(ctx, address, True)))
        ),
    ]
    if title == address:
        items.insert(0, ("Add number to contact", lambda: add_to_contacts(ctx, address)))
    overflow = ctx.menu("overflow", items)
    delete = delete_dialog(
        ctx, title, lambda: leave_after(lambda: data.delete_conversation(ctx, address))
    )
    rows: list[View] = []
    day = ""
    for message in thread:
        if long_day(message.date) != day:
            day = long_day(message.date)
            rows.append(
                TextView(
                    day,
                    id="thread_date_time",
                    size=13,
                    color="text_secondary",
                    gravity="center",
                    margin=(0, 16, 0, 4),
                )
            )
        rows.append(_bubble(message))
    messages = ctx.scroller(
        "messages",
        rows,
        cls=ScrollView,
        start=_SCROLL_END,
        id="thread_messages_list",
        height=0,
        weight=1,
    )
    text = ctx.field("message")
    composer = Row(
        ctx.edit(
            "message",
            hint="Type a message…",
            id="thread_type_message",
            width=0,
            weight=1,
            margin=(16, 0, 8, 0),
        ),
        *(
            [
                TextView(
                    str(len(text)), id="thread_character_counter", size=13, color="text_secondary"
                )
            ]
            if text
            else []
        ),
        ImageButton(
            "send",
            desc="Send",
            id="thread_send_message",
            on_click=send if text.strip() else None,
            tint="primary" if text.strip() else "hint",
            enabled=bool(text.strip()),
        ),
        id="thread_send_message_holder",
        background="surface",
        padding=(0, 4),
    )
    bar = toolbar(
        title, on_up=ctx.finish, actions=[("delete", "Delete", delete)], on_overflow=overflow
    )
    return Column(bar, messages, composer, height=MATCH)
