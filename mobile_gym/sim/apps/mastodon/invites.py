"""Invite links: the user's invites (each shared by text message) and the form that
generates one (maximum uses, expiry, auto-follow)."""

from __future__ import annotations

from mobile_gym.sim.apps import sms_messenger
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, Switch, TextView

MAX_USES = (
    ("No limit", None),
    ("1 use", 1),
    ("5 uses", 5),
    ("10 uses", 10),
    ("25 uses", 25),
    ("50 uses", 50),
    ("100 uses", 100),
)
EXPIRY = (
    ("Never", None),
    ("30 minutes", 1800),
    ("1 hour", 3600),
    ("6 hours", 21600),
    ("12 hours", 43200),
    ("1 day", 86400),
    ("1 week", 604800),
)
DEFAULT_EXPIRY = 604800
ROW_DP = 72
ALPHABET = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"


def link(code: str) -> str:
    return f"https://{data.DOMAIN}/invite/{code}"


def _code(number: int) -> str:
    """A short code for the ``number``-th invite (spread over the alphabet, deterministic)."""
    value = number * 2_654_435_761 % 56**8
    chars = []
    for _ in range(8):
        value, digit = divmod(value, 56)
        chars.append(ALPHABET[digit])
    return "".join(chars)


def _generate(ctx: AppContext) -> None:
    conn = data.db(ctx)
    number = conn.execute("SELECT COALESCE(MAX(id), 0) + 1 FROM invites").fetchone()[0]
    code = _code(number + data.now_ms(ctx) // 1000)
    max_uses = ctx.get("max_uses")
    expires_in = ctx.get("expires_in", DEFAULT_EXPIRY)
    autofollow = int(bool(ctx.get("autofollow")))
    conn.execute(
        "INSERT INTO invites(account_id, code, max_uses, expires_in, autofollow, created_at) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (data.me(ctx), code, max_uses, expires_in, autofollow, data.now_ms(ctx)),
    )
    ctx.log(
        f"Invite created: code={code} max_uses={max_uses or 'none'} "
        f"expires_in={expires_in or 'never'} autofollow={autofollow}"
    )
    for key in ("max_uses", "expires_in", "autofollow"):
        ctx.pop(key)


def _share(ctx: AppContext, code: str) -> None:
    if sms_messenger.PACKAGE not in ctx.phone.apps:
        ctx.toast("No app found to send messages")
        return
    ctx.log(f"Invite shared: code={code}")
    sms_messenger.compose(ctx.phone, link(code))


def _label(choices: tuple, value: int | None) -> str:
    return next(name for name, v in choices if v == value)


def invites_screen(ctx: AppContext) -> View:
    max_uses = ctx.get("max_uses")
    expires_in = ctx.get("expires_in", DEFAULT_EXPIRY)
    uses_menu = ctx.menu(
        "max_uses", [(name, lambda v=v: ctx.set("max_uses", v)) for name, v in MAX_USES]
    )
    expiry_menu = ctx.menu(
        "expires_in", [(name, lambda v=v: ctx.set("expires_in", v)) for name, v in EXPIRY]
    )
    form: list[View] = [
        list_item(
            "Max number of uses", _label(MAX_USES, max_uses), id="max_uses", on_click=uses_menu
        ),
        list_item(
            "Expire after", _label(EXPIRY, expires_in), id="expires_in", on_click=expiry_menu
        ),
        Switch(
            "Auto-follow you",
            id="autofollow",
            checked=bool(ctx.get("autofollow")),
            on_change=lambda on: ctx.set("autofollow", on),
            padding=(16, 8),
        ),
        Button(
            "Generate invite link", id="generate", on_click=lambda: _generate(ctx), margin=(16, 8)
        ),
    ]
    items = data.rows(
        ctx, "SELECT * FROM invites WHERE account_id = ? ORDER BY id DESC", (data.me(ctx),)
    )

    def render(_index: int, raw: object) -> View:
        row = dict(raw)  # type: ignore[call-overload]
        limit = row["max_uses"]
        uses = f"{row['uses']}/{limit} uses" if limit else f"{row['uses']} uses"
        expiry = {v: n for n, v in EXPIRY}.get(row["expires_in"], f"{row['expires_in']} s")
        details = f"{uses} · expires: {expiry}" + (" · auto-follow" if row["autofollow"] else "")
        return Row(
            Column(
                TextView(link(row["code"]), id="invite_link", size=14, width=MATCH),
                TextView(
                    details, id="invite_details", size=12, color="text_secondary", width=MATCH
                ),
                width=0,
                weight=1,
            ),
            ImageButton(
                "send", desc="Share", id="share_invite", on_click=lambda: _share(ctx, row["code"])
            ),
            id="invite",
            width=MATCH,
            height=ROW_DP,
            padding=(16, 8),
        )

    listing = (
        ctx.scroller("invites", items=items, item_height=ROW_DP, render_item=render, id="invites")
        if items
        else empty_state("You haven't generated any invite links yet", id="empty")
    )
    return Column(ctx.up_bar("Invite people"), *form, listing, height=MATCH)
