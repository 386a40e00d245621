"""The account switcher: the accounts the app is signed in to (a long press on the Profile
tab lists them) and the switch to another one."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageView

DIALOG = "accounts"


def signed_in(ctx: AppContext) -> list[tuple[int, str, str]]:
    """(id, username, display name) of every account the app is signed in to."""
    rows = data.db(ctx).execute(
        "SELECT a.id, a.username, a.display_name FROM app_sessions s "
        "JOIN accounts a ON a.id = s.account_id ORDER BY s.id"
    )
    return [(row[0], row[1], row[2]) for row in rows]


def switch_account(ctx: AppContext, account_id: int) -> None:
    """Make ``account_id`` the account the app uses (the Home tab shows next)."""
    conn = data.db(ctx)
    conn.execute("UPDATE app_sessions SET active = (account_id = ?)", (account_id,))
    who = data.account(ctx, account_id)
    ctx.log(f"Account switched: @{who.username if who else account_id}")
    ctx.set("tab", 0)


def switcher(ctx: AppContext) -> Handler:
    """The handler that opens the dialog "Accounts"; a tap on a row switches to it."""
    current = data.me(ctx)

    def choose(account_id: int) -> None:
        ctx.pop("dialog:" + DIALOG)
        if account_id != current:
            switch_account(ctx, account_id)

    def body() -> list[View]:
        return [
            list_item(
                name or username,
                f"@{username}@{data.DOMAIN}",
                avatar=name or username,
                id="account_switch_row",
                trailing=(
                    ImageView("check", desc="Current account", tint="primary", size=24)
                    if account_id == current
                    else None
                ),
                on_click=lambda account_id=account_id: choose(account_id),
            )
            for account_id, username, name in signed_in(ctx)
        ]

    return ctx.dialog(DIALOG, "Accounts", buttons=[("Close", None)], body=body)
