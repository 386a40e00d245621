"""A conversation: its messages with their times, the field to send a new one (holding the
conversation's draft until edited), and the selection mode a long press on a message starts
(delete, properties).

The messages are a recycled list stacked from its end, as the app's is: it opens at the
newest message, and a short thread sits over the message field. Only the messages in view
are read and made, so a thread of thousands costs what one screen of it costs, and
scrolling up reaches the first message.
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.conversations import (
    add_to_contacts,
    block_dialog,
    delete_dialog,
)
from mobile_gym.sim.apps.sms_messenger.settings import font_size
from mobile_gym.sim.ui.composites import Toolbar, toolbar
from mobile_gym.sim.ui.dates import from_epoch_ms, long_day
from mobile_gym.sim.ui.properties import properties_body
from mobile_gym.sim.ui.scroll import END, ItemGroup
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView


def _clock(ms: int) -> str:
    """``09:31``: the time of day of ``ms`` (epoch milliseconds)."""
    when = from_epoch_ms(ms)
    return f"{when.hour:02d}:{when.minute:02d}"


FIELD = "message"
"""The message field's key in the screen's state."""


def thread_address(ctx: AppContext) -> str:
    """The conversation this screen shows: an existing one with the number, or the number."""
    asked = ctx.args["address"]
    return data.find_conversation(ctx, asked) or asked


def typed(ctx: AppContext, address: str) -> str:
    """What the message field holds: its text once edited, else the conversation's draft."""
    return ctx.field(FIELD, data.draft(ctx, address))


def keep_draft(ctx: AppContext) -> None:
    """Keep what the message field of the conversation on screen holds as its draft; an
    empty field drops it."""
    address = thread_address(ctx)
    data.keep_draft(ctx, address, typed(ctx, address))


def selection(ctx: AppContext) -> Selection:
    """The messages selected by a long press (their ids)."""
    return Selection(ctx, "selected_messages")


def _bubble(ctx: AppContext, message: data.Message, size: int, chosen: Selection) -> View:
    side = "end" if message.sent else "start"
    margin = (64, 4, 12, 0) if message.sent else (12, 4, 64, 0)
    picked = message.id in chosen
    return Column(
        TextView(
            message.body,
            id="thread_message_body",
            size=size,
            max_lines=30,
            color="on_primary" if message.sent else "text",
            background="primary" if message.sent else "surface_variant",
            radius=16,
            padding=(12, 8),
            gravity=side,
        ),
        TextView(
            _clock(message.date),
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
        selected=picked,
        background="hint" if picked else None,
        on_click=(lambda: chosen.toggle(message.id)) if chosen.active else None,
        on_long_click=lambda: chosen.start(message.id),
    )


def details(message: data.Message, title: str) -> list[tuple[str, str]]:
    """What "Properties" lists for a message: who it went to or came from, and when."""
    when = f"{long_day(message.date)} {_clock(message.date)}"
    if message.sent:
        return [("Receiver", title), ("Sent at", when)]
    return [("Sender", title), ("Received at", when)]


def _selection_bar(
    ctx: AppContext, address: str, title: str, thread: list[data.Message], chosen: Selection
) -> Toolbar:
    """The contextual bar over selected messages: Delete, and "Properties" in its menu."""
    picked = [m for m in thread if m.id in chosen]

    def delete() -> None:
        data.delete_messages(ctx, address, [m.id for m in picked])
        chosen.clear()

    count = len(picked)
    confirm = ctx.dialog(
        "delete_messages",
        "Delete",
        f"Are you sure you want to delete {count} message{'' if count == 1 else 's'}?",
        buttons=[("No", None), ("Yes", delete)],
    )
    show = ctx.dialog(
        "message_details",
        "Message details",
        buttons=[("OK", None)],
        body=lambda: properties_body(details(picked[0], title)) if picked else [],
    )
    items = [("Select all", lambda: chosen.set([m.id for m in thread]))]
    if count == 1:
        items.insert(0, ("Properties", show))
    return selection_bar(
        chosen.title(len(thread)),
        on_close=chosen.clear,
        actions=[("delete", "Delete", confirm)],
        on_overflow=ctx.menu("selection", items),
    )


def thread_screen(ctx: AppContext) -> View:
    address = thread_address(ctx)
    thread = data.thread_rows(ctx, address)
    title = data.title_of(ctx, address)
    flags = (
        ctx.db()
        .execute("SELECT archived FROM conversations WHERE address = ?", (address,))
        .fetchone()
    )
    archived = bool(flags and flags[0])

    kept = data.draft(ctx, address)
    text = ctx.field(FIELD, kept)

    def leave() -> None:
        keep_draft(ctx)
        ctx.finish()

    def leave_after(change: Handler) -> None:
        change()
        leave()

    def send() -> None:
        body = typed(ctx, address).strip()
        if body:
            data.send(ctx, address, body)
            ctx.set_field(FIELD, "")
            data.keep_draft(ctx, address, "")
            ctx.scroll_to("messages", END)

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

    def delete_conversation() -> None:
        data.delete_conversation(ctx, address)  # its draft with it
        ctx.finish()

    delete = delete_dialog(ctx, title, delete_conversation)
    chosen = selection(ctx)
    size = font_size(ctx)

    def render(index: int, row: object) -> View:
        message = data.Message(*row)  # type: ignore[misc]
        bubble = _bubble(ctx, message, size, chosen)
        day = long_day(message.date)
        if index and long_day(thread[index - 1]["date"]) == day:
            return bubble
        header = TextView(
            day,
            id="thread_date_time",
            size=13,
            color="text_secondary",
            gravity="center",
            margin=(0, 16, 0, 4),
        )
        return ItemGroup(header, bubble)  # the day's header over its first message

    messages = ctx.scroller(
        "messages",
        items=thread,
        wrap_rows=True,
        stack_from_end=True,
        render_item=render,
        start=END,
        id="thread_messages_list",
        height=0,
        weight=1,
    )
    composer = Row(
        ctx.edit(
            FIELD,
            hint="Type a message…",
            default=kept,
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
    bar = (
        _selection_bar(ctx, address, title, data.messages(ctx, address), chosen)
        if chosen.active
        else toolbar(
            title, on_up=leave, actions=[("delete", "Delete", delete)], on_overflow=overflow
        )
    )
    return Column(bar, messages, composer, height=MATCH)
