"""Pieces the Contacts screens share: avatars, contact rows and lists, a contact picker and
a dialog of check boxes."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Sequence
from typing import Any, cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts.data import VIEW, display_name
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import Row, View
from mobile_gym.sim.ui.widgets import CheckBox, ImageView, TextView

ROW_DP = 64
PICKER_DP = 360
"""Height of the scrolling list inside a contact-picking dialog."""
PICKER_ROW_DP = 48
"""Height of one check box row of a contact-picking dialog."""
WHITE: Color = (255, 255, 255)
# fmt: off
AVATAR_COLORS: tuple[Color, ...] = (
    (229, 57, 53), (216, 27, 96), (142, 36, 170), (57, 73, 171), (3, 155, 229),
    (0, 137, 123), (67, 160, 71), (244, 81, 30), (109, 76, 65), (84, 110, 122),
)
# fmt: on


def avatar(contact: sqlite3.Row, size: int, id: str, **kwargs: Any) -> ImageView:
    """A round avatar with the contact's initial, its colour fixed by the name."""
    name = display_name(contact)
    letter = name[:1].upper() if name[:1].isalpha() else "#"
    color = AVATAR_COLORS[sum(map(ord, name)) % len(AVATAR_COLORS)]
    return ImageView(size=size, circle=color, letter=letter, tint=WHITE, id=id, **kwargs)


def contact_list(
    ctx: AppContext,
    rows: Sequence[sqlite3.Row],
    *,
    id: str,
    empty: str,
    on_long_press: Callable[[int], None],
    empty_id: str = "contacts_placeholder",
) -> View:
    """A recycled list of contact rows (tap opens the contact; a long press calls
    ``on_long_press`` with its id), or the ``empty`` message in view ``empty_id``."""
    if not rows:
        return empty_state(empty, id=empty_id)

    def render(_index: int, item: object) -> View:
        contact = cast(sqlite3.Row, item)
        return Row(
            avatar(contact, 40, "item_contact_image"),
            TextView(
                display_name(contact),
                id="item_contact_name",
                size=17,
                width=0,
                weight=1,
                margin=(16, 0, 0, 0),
            ),
            id="item_contact_frame",
            padding=(16, 0),
            on_click=lambda: ctx.open(VIEW, contact_id=contact["id"]),
            on_long_click=lambda: on_long_press(contact["id"]),
        )

    return ctx.scroller(id, items=rows, item_height=ROW_DP, render_item=render, id=id)


class _CheckedSet:
    """The values checked in an open check-box dialog, kept in the screen's state under
    ``flag``; ``toggle`` makes a box's handler."""

    def __init__(self, ctx: AppContext, flag: str) -> None:
        self.ctx, self.flag = ctx, flag

    @property
    def values(self) -> set[Any]:
        return set(self.ctx.get(self.flag, []))

    def toggle(self, value: Any) -> Callable[[bool], None]:
        def run(checked: bool) -> None:
            now = self.values
            self.ctx.set(self.flag, sorted(now | {value} if checked else now - {value}))

        return run

    def dialog(
        self,
        key: str,
        title: str,
        body: list[View] | Callable[[], list[View]],
        apply: Callable[[set[Any]], None],
    ) -> Callable[[set[Any]], None]:
        """The dialog: OK hands ``apply`` the values checked, Cancel forgets them. Returns
        the handler that opens it with a set of values checked at first."""
        ctx = self.ctx
        opener = ctx.dialog(
            key,
            title,
            buttons=[
                ("Cancel", lambda: ctx.pop(self.flag)),
                ("OK", lambda: apply(set(ctx.pop(self.flag, [])))),
            ],
            body=body,
        )

        def open_with(initial: set[Any]) -> None:
            ctx.set(self.flag, sorted(initial))
            opener()

        return open_with


def contact_picker(
    ctx: AppContext,
    key: str,
    title: str,
    rows: Sequence[sqlite3.Row],
    apply: Callable[[set[int]], None],
) -> Callable[[set[int]], None]:
    """A dialog of check boxes, one per contact in ``rows``; OK hands ``apply`` the ids
    checked. Returns the handler that opens it with a set of ids checked at first."""
    checked = _CheckedSet(ctx, "pick:" + key)

    def body() -> list[View]:  # made only while the dialog is open
        if not rows:
            return [empty_state("No contacts found")]
        chosen = checked.values

        def box(_index: int, item: object) -> View:
            row = cast(sqlite3.Row, item)
            return CheckBox(
                display_name(row),
                id="contact_checkbox",
                checked=row["id"] in chosen,
                on_change=checked.toggle(row["id"]),
                size=16,
            )

        return [
            ctx.scroller(
                key,
                items=rows,
                item_height=PICKER_ROW_DP,
                render_item=box,
                id="select_contact_list",
                height=PICKER_DP,
            )
        ]

    return checked.dialog(key, title, body, apply)


def checkbox_dialog(
    ctx: AppContext,
    key: str,
    title: str,
    options: Sequence[tuple[str, str, str]],
    apply: Callable[[set[str]], None],
) -> Callable[[set[str]], None]:
    """A dialog of check boxes, one per option ``(value, resource id, label)``; OK hands
    ``apply`` the values checked, Cancel forgets them. Returns the handler that opens it
    with a set of values checked at first."""
    checked = _CheckedSet(ctx, "checks:" + key)
    chosen = checked.values
    boxes: list[View] = [
        CheckBox(label, id=id, checked=value in chosen, on_change=checked.toggle(value), size=16)
        for value, id, label in options
    ]
    return checked.dialog(key, title, boxes, apply)


def delete_dialog(ctx: AppContext, contact: sqlite3.Row | None, on_delete: Handler) -> Handler:
    """The "Delete contact?" dialog for ``contact``; returns the handler that opens it."""
    name = display_name(contact) if contact is not None else "This contact"
    return ctx.dialog(
        "delete",
        "Delete contact?",
        f"{name} will be removed from your contacts.",
        buttons=[("Cancel", None), ("Delete", on_delete)],
    )
