"""Sharing a place or a route: the share sheet and its targets (Messages, Gmail, Mastodon).

Share logs ``Share: <text>`` and opens the sheet ``share_sheet`` (title ``share_title``,
the text ``share_text``, a row ``share_target`` per installed target, label
``share_target_label``). A target opens its app's composer holding the text: SMS
Messenger's new conversation (number field focused), Gmail's compose (To focused, the
subject the place's name) or Mastodon's compose. BACK or a tap outside closes the sheet.
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps import mail, mastodon, sms_messenger
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mail.data import COMPOSE as MAIL_COMPOSE
from mobile_gym.sim.apps.mastodon.data import COMPOSE as TOOT_COMPOSE
from mobile_gym.sim.ui.composites import bottom_sheet, list_item
from mobile_gym.sim.ui.view import MATCH
from mobile_gym.sim.ui.widgets import TextView

SHEET = "dialog:share"
"""The screen state holding what is being shared (a dialog's key: BACK closes it)."""


def open_sheet(ctx: AppContext, subject: str, text: str) -> None:
    ctx.log(f"Share: {text}")
    ctx.set(SHEET, [subject, text])


def _to_messages(ctx: AppContext, subject: str, text: str) -> None:
    sms_messenger.compose(ctx.phone, text)


def _to_mail(ctx: AppContext, subject: str, text: str) -> None:
    ctx.phone.start_activity(mail.PACKAGE, MAIL_COMPOSE, subject=subject, body=text)
    _app, opened = ctx.phone.activities.context(mail.PACKAGE)
    opened.focus("to")


def _to_mastodon(ctx: AppContext, subject: str, text: str) -> None:
    ctx.phone.start_activity(mastodon.PACKAGE, TOOT_COMPOSE)
    _app, opened = ctx.phone.activities.context(mastodon.PACKAGE)
    opened.set_field("text", text)
    opened.focus("text")


TARGETS: tuple[tuple[str, str, str, Callable[[AppContext, str, str], None]], ...] = (
    ("Messages", "message", sms_messenger.PACKAGE, _to_messages),
    ("Gmail", "email", mail.PACKAGE, _to_mail),
    ("Mastodon", "people", mastodon.PACKAGE, _to_mastodon),
)


def share_sheet(ctx: AppContext) -> None:
    """Add the share sheet over the screen while it is open."""
    shared = ctx.get(SHEET)
    if not shared:
        return
    subject, text = shared

    def close() -> None:
        ctx.pop(SHEET)

    def send(target: Callable[[AppContext, str, str], None]) -> Callable[[], None]:
        def run() -> None:
            close()
            target(ctx, subject, text)

        return run

    rows = [
        list_item(
            label,
            icon=icon,
            id="share_target",
            title_id="share_target_label",
            on_click=send(target),
        )
        for label, icon, package, target in TARGETS
        if package in ctx.phone.apps
    ]
    sheet = bottom_sheet(
        [
            TextView(
                f"Share {subject}", id="share_title", size=20, width=MATCH, padding=(24, 20, 24, 4)
            ),
            TextView(
                text,
                id="share_text",
                size=13,
                color="text_secondary",
                max_lines=4,
                width=MATCH,
                padding=(24, 0, 24, 8),
            ),
            *rows,
        ],
        id="share_sheet",
        on_close=close,
    )
    ctx.overlays.append(sheet)
