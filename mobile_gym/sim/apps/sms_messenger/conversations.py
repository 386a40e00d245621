"""The conversation lists: the main screen (search, pinned first) and the archive."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from mobile_gym.sim.apps.about import open_about
from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts import EDIT as CONTACTS_EDIT
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.data import Conversation, Listing
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

ROW_DP = 72
VERSION = "5.19.3"
AVATAR: tuple[int, int, int] = (3, 155, 229)


def search(ctx: AppContext) -> Search:
    return Search(ctx, "Search conversations")


def open_thread(ctx: AppContext, address: str) -> None:
    """Open a conversation; its messages count as read from then on."""
    data.mark_read(ctx, address, True, log=False)
    ctx.open(data.THREAD, address=address)


def delete_dialog(ctx: AppContext, title: str, on_delete: Handler) -> Handler:
    return ctx.dialog(
        "delete",
        "Delete conversation?",
        f"Are you sure you want to delete the conversation with {title}?",
        buttons=[("Cancel", None), ("Delete", on_delete)],
    )


def block_dialog(ctx: AppContext, address: str, on_block: Handler) -> Handler:
    return ctx.dialog(
        "block",
        "Block number?",
        f"Are you sure you want to block {address}? Its messages will be hidden.",
        buttons=[("Cancel", None), ("Block", on_block)],
    )


def archive_dialog(ctx: AppContext, on_archive: Handler) -> Handler:
    return ctx.dialog(
        "archive",
        "Archive",
        "Are you sure you want to archive 1 conversation?",
        buttons=[("No", None), ("Yes", on_archive)],
    )


def add_to_contacts(ctx: AppContext, address: str) -> None:
    """Open the Contacts editor for a new contact with this number."""
    ctx.phone.start_activity(CONTACTS, CONTACTS_EDIT, phone=address)


def _snippet(conv: Conversation, draft: str | None, found: str | None) -> View:
    """The line under a conversation's title: its draft after "Draft" if it has one, else
    the message a search ``found``, else its last message."""
    room: dict[str, int] = {"width": MATCH} if draft is None else {"width": 0, "weight": 1}
    body = TextView(
        draft or found or conv.last.body,
        id="conversation_body_short",
        size=14,
        bold=conv.unread,
        color="text" if conv.unread else "text_secondary",
        **room,
    )
    if draft is None:
        return body
    label = TextView("Draft", id="draft_indicator", size=14, color="primary", margin=(0, 0, 6, 0))
    return Row(label, body, width=MATCH)


def conversation_list(
    ctx: AppContext,
    listing: Listing,
    *,
    empty: str,
    menu: Callable[[Conversation], list[tuple[str, Handler]]],
    drafts: Mapping[str, str],
) -> View:
    """Rows of conversations, as a recycled list: only the rows in view are made; a long
    press opens the ``menu`` items for its conversation. A conversation with a draft (in
    ``drafts``, by address) shows "Draft" and the draft in place of its last message."""
    shown = listing.conversations
    snippets = listing.snippets
    selected = listing.by_address.get(ctx.get("selected", ""))
    open_menu = ctx.menu("conversation", menu(selected) if selected else [], at_touch=True)
    now = ctx.now

    def long_press(address: str) -> Handler:
        def run() -> None:
            ctx.set("selected", address)
            open_menu()

        return run

    def render(index: int, _: object) -> View:
        conv = shown[index]
        trailing: list[View] = [
            TextView(
                short_date(conv.last.date, now),
                id="conversation_date",
                size=12,
                color="text_secondary",
            )
        ]
        if conv.pinned:
            trailing.append(
                ImageView("star", size=16, id="pin_indicator", desc="Pinned", gravity="end")
            )
        if conv.unread:
            trailing.append(
                ImageView(
                    size=12,
                    circle="primary",
                    id="unread_indicator",
                    desc="Unread",
                    margin=(0, 6, 0, 0),
                    gravity="end",
                )
            )
        letter = conv.title[:1].upper() if conv.name else "#"
        return Row(
            ImageView(
                size=48, circle=AVATAR, letter=letter, tint=(255, 255, 255), id="conversation_image"
            ),
            Column(
                TextView(
                    conv.title, id="conversation_address", size=17, bold=conv.unread, width=MATCH
                ),
                _snippet(conv, drafts.get(conv.address), snippets.get(conv.address)),
                width=0,
                weight=1,
                margin=(16, 0, 8, 0),
            ),
            Column(*trailing, width=WRAP),  # as wide as its date: "May 30, 2024" shows whole
            id="conversation_frame",
            padding=(16, 0),
            on_click=lambda: open_thread(ctx, conv.address),
            on_long_click=long_press(conv.address),
        )

    if not shown:
        return empty_state(empty, id="no_conversations_placeholder")
    return ctx.scroller(
        "conversations",
        items=shown,
        item_height=ROW_DP,
        render_item=render,
        id="conversations_list",
    )


def _row_menu(ctx: AppContext, conv: Conversation, *, archive: bool) -> list[tuple[str, Handler]]:
    """What a long press offers for ``conv`` (the archive's menu when ``archive``)."""
    address = conv.address
    delete = delete_dialog(ctx, conv.title, lambda: data.delete_conversation(ctx, address))
    if archive:
        return [("Unarchive", lambda: data.set_archived(ctx, address, False)), ("Delete", delete)]
    items: list[tuple[str, Handler]] = []
    if not conv.name:
        items.append(("Add number to contact", lambda: add_to_contacts(ctx, address)))
    items += [
        ("Block number", block_dialog(ctx, address, lambda: data.block(ctx, address))),
        (
            "Mark as read" if conv.unread else "Mark as unread",
            lambda: data.mark_read(ctx, address, conv.unread),
        ),
        ("Unpin" if conv.pinned else "Pin", lambda: data.set_pinned(ctx, address, not conv.pinned)),
        ("Archive", archive_dialog(ctx, lambda: data.set_archived(ctx, address, True))),
        ("Delete", delete),
    ]
    return items


def main_screen(ctx: AppContext) -> View:
    searching = search(ctx)
    query = searching.query
    if query:
        listing = data.search(ctx, query)
        empty = "No conversations match your search"
    else:
        listing = data.conversations(ctx).inbox
        empty = "No stored conversations have been found"
    body = conversation_list(
        ctx,
        listing,
        empty=empty,
        menu=lambda conv: _row_menu(ctx, conv, archive=conv.archived),
        drafts={} if query else data.drafts(ctx),  # a search shows the messages it found
    )
    overflow = ctx.menu(
        "overflow",
        [
            ("Show archived conversations", lambda: ctx.open(data.ARCHIVED)),
            ("About", open_about(ctx)),
        ],
    )
    settings = ("settings", "Settings", lambda: ctx.open(data.SETTINGS))
    bar = searching.toolbar("SMS Messenger", actions=[settings], on_overflow=overflow)
    start = fab(
        "add",
        "New conversation",
        lambda: ctx.open_focused(data.NEW_CONVERSATION, "address"),
        id="conversations_fab",
    )
    return Column(bar, FrameLayout(children=[body, start], height=MATCH), height=MATCH)


def archived_screen(ctx: AppContext) -> View:
    body = conversation_list(
        ctx,
        data.conversations(ctx).archive,
        empty="No archived conversations have been found",
        menu=lambda conv: _row_menu(ctx, conv, archive=True),
        drafts=data.drafts(ctx),
    )
    return Column(ctx.up_bar("Archived conversations"), body, height=MATCH)
