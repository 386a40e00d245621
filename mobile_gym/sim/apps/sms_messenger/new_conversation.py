"""Starting a conversation: type a number, or pick a contact from the filtered list; a
message shared by another app (``compose``) goes to the conversation picked."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts import data as contacts_data
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.thread import FIELD
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

ROW_DP = 64
INVALID_NUMBER = "Invalid phone number"
SHARED = "body"
"""The argument (and the field) holding the message another app shared to be sent."""


def compose(phone: Phone, body: str) -> None:
    """Open the new conversation screen with ``body`` as the message to send, its number
    field focused: what sharing text to the app does."""
    phone.start_activity(data.PACKAGE, data.NEW_CONVERSATION, **{SHARED: body})
    _app, ctx = phone.activities.context(data.PACKAGE)
    ctx.focus("address")


def _start(ctx: AppContext, number: str) -> None:
    """Replace this screen with the conversation with ``number`` (an existing one if any),
    its message field ready to type in (holding the shared message, if any)."""
    address = data.find_conversation(ctx, number) or number
    body = ctx.field(SHARED, ctx.args.get(SHARED, ""))
    ctx.finish()
    ctx.open_focused(data.THREAD, FIELD, address=address)
    if body:
        _app, thread = ctx.phone.activities.context(data.PACKAGE)
        thread.set_field(FIELD, body)


def _people(ctx: AppContext, query: str) -> Sequence[tuple[str, str]]:
    """(name, number) of the contacts whose name holds ``query`` (lower case) or whose
    number holds its digits (``data.number_matches``), by name; every contact for no query.
    Found once per query until the contacts change (``AppContext.kept`` on Contacts'
    database), not at every build of the screen."""
    people = data.phone_book_of(ctx).people
    if not query or not people:
        return people

    def matching() -> tuple[tuple[str, str], ...]:
        digits = data.number_query(query)  # what a number must hold: the same for everyone
        return tuple(
            (name, number)
            for name, number in people
            if query in name.lower() or (digits is not None and digits in data.number_key(number))
        )

    storage = ctx.phone.storage
    contacts = storage.database(contacts_data.PACKAGE, contacts_data.DATABASE)
    return ctx.kept(("new_conversation", query), matching, contacts)


def new_conversation_screen(ctx: AppContext) -> View:
    typed = ctx.field("address").strip()
    people = _people(ctx, typed.lower())

    def confirm() -> None:
        if data.is_phone_number(typed):
            _start(ctx, typed)
        elif typed:
            ctx.toast(INVALID_NUMBER)

    def render(index: int, _: object) -> View:
        name, number = people[index]
        return Row(
            ImageView(
                size=40,
                circle="primary",
                letter=name[:1].upper(),
                tint="on_primary",
                id="item_contact_image",
            ),
            Column(
                TextView(name, id="item_contact_name", size=17, width=MATCH),
                TextView(
                    number, id="item_contact_number", size=14, color="text_secondary", width=MATCH
                ),
                width=0,
                weight=1,
                margin=(16, 0, 0, 0),
            ),
            id="item_contact_frame",
            padding=(16, 0),
            on_click=lambda: _start(ctx, number),
        )

    field_row: list[View] = [
        ctx.edit(
            "address",
            hint="Add Contact or Number…",
            id="new_conversation_address",
            width=0,
            weight=1,
            margin=(16, 0, 8, 0),
            on_submit=confirm,
        )
    ]
    if typed:
        field_row.append(
            ImageButton("check", desc="Confirm", id="new_conversation_confirm", on_click=confirm)
        )
    rows: list[View] = [Row(*field_row, padding=(0, 4))]
    if SHARED in ctx.args:
        rows.append(
            ctx.edit(
                SHARED,
                default=ctx.args[SHARED],
                hint="Type a message…",
                id="new_conversation_message",
                input_type="multiline",
                margin=(16, 0, 16, 8),
            )
        )
    body: View
    if people:
        body = ctx.scroller(
            "contacts", items=people, item_height=ROW_DP, render_item=render, id="contacts_list"
        )
    else:
        body = empty_state("No contacts found", id="no_contacts_placeholder")
    return Column(
        ctx.up_bar("New conversation"),
        *rows,
        body,
        height=MATCH,
    )
