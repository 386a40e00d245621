"""Sharing an article: the share sheet and its targets.

The toolbar's Share action logs ``Share: <url>`` and opens a bottom sheet ``share_sheet``
whose title ``share_title`` names the article, with the link ``share_link`` and a row
``share_target`` per target (label ``share_target_label``): "Messages" opens SMS
Messenger's new conversation with ``<title> <url>`` as the message (Mail joins it once
the phone has a mail app). BACK or a tap outside closes the sheet.
"""

from __future__ import annotations

from mobile_gym.sim.apps import sms_messenger
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow.corpus import Article
from mobile_gym.sim.ui.composites import Handler, bottom_sheet, list_item
from mobile_gym.sim.ui.view import MATCH, View
from mobile_gym.sim.ui.widgets import TextView

SHEET = "dialog:share"
"""The screen state that shows the sheet (a dialog's: BACK closes it)."""
MESSAGES = "Messages"
NO_MESSAGES_APP = "No app found to send messages"


def show_share_sheet(ctx: AppContext, article: Article) -> None:
    ctx.log(f"Share: {article.url}")
    ctx.set(SHEET, True)


def _close(ctx: AppContext) -> None:
    ctx.pop(SHEET)


def send_as_message(ctx: AppContext, article: Article) -> None:
    """Open a new text message holding the article's title and link."""
    _close(ctx)
    if sms_messenger.PACKAGE not in ctx.phone.apps:
        ctx.toast(NO_MESSAGES_APP)
        return
    sms_messenger.compose(ctx.phone, f"{article.title} {article.url}")


def _target(label: str, icon: str, on_click: Handler) -> View:
    return list_item(
        label, icon=icon, id="share_target", title_id="share_target_label", on_click=on_click
    )


def share_sheet(ctx: AppContext, article: Article) -> None:
    """Add the share sheet over the article while it is open."""
    if not ctx.get(SHEET):
        return
    sheet = bottom_sheet(
        [
            TextView(
                f'Share "{article.title}"',
                id="share_title",
                size=20,
                max_lines=3,
                width=MATCH,
                padding=(24, 20, 24, 4),
            ),
            TextView(
                article.url,
                id="share_link",
                size=13,
                color="text_secondary",
                width=MATCH,
                padding=(24, 0, 24, 8),
            ),
            _target(MESSAGES, "message", lambda: send_as_message(ctx, article)),
        ],
        id="share_sheet",
        on_close=lambda: _close(ctx),
    )
    ctx.overlays.append(sheet)
