"""Sharing the page in front: a dialog of the apps that take it.

"Gmail" opens Mail's compose screen with the page's title as the subject and its URL as
the body (the recipient field focused); "Messages" opens SMS Messenger's new conversation
with the URL as the message. An app that is not installed is not offered.
"""

from __future__ import annotations

from mobile_gym.sim.apps import mail, sms_messenger
from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import View

KEY = "share"
NO_MAIL_APP = "No app can send this mail"


def to_mail(ctx: AppContext, **fields: str) -> None:
    """Open Mail's compose screen holding ``fields`` (``to``, ``subject``, ``body``), its
    first empty one of recipient and body focused; a toast when Mail is not installed."""
    if mail.PACKAGE not in ctx.phone.apps:
        ctx.toast(NO_MAIL_APP)
        return
    ctx.phone.start_activity(mail.PACKAGE, mail.COMPOSE, **fields)
    _app, compose = ctx.phone.activities.context(mail.PACKAGE)
    compose.focus("body" if fields.get("to") else "to")


def _targets(ctx: AppContext, title: str, url: str) -> list[tuple[str, str, Handler]]:
    """The installed apps that take the page: label, icon, what sharing to it does."""
    apps = ctx.phone.apps
    out: list[tuple[str, str, Handler]] = []
    if mail.PACKAGE in apps:
        out.append(("Gmail", "email", lambda: to_mail(ctx, subject=title, body=url)))
    if sms_messenger.PACKAGE in apps:
        out.append(("Messages", "message", lambda: sms_messenger.compose(ctx.phone, url)))
    return out


def share_dialog(ctx: AppContext, title: str, url: str) -> Handler:
    """The share dialog over the page (``title`` at ``url``); returns what opens it."""

    def choose(label: str, handler: Handler) -> Handler:
        def run() -> None:
            ctx.pop("dialog:" + KEY)
            ctx.log(f"Page shared: url={url} target={label}")
            handler()

        return run

    def body() -> list[View]:
        return [
            list_item(
                label,
                icon=icon,
                id="share_target",
                title_id="share_target_label",
                on_click=choose(label, handler),
            )
            for label, icon, handler in _targets(ctx, title, url)
        ]

    return ctx.dialog(KEY, "Share", url, buttons=[("Cancel", None)], body=body)
