"""Profiles: header, bio, counts, follow button, featured hashtags and posts; the lists of
an account's follows and followers."""

from __future__ import annotations

import json
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.data import Account
from mobile_gym.sim.apps.mastodon.qr_code import qr_dialog
from mobile_gym.sim.apps.mastodon.status_view import avatar
from mobile_gym.sim.apps.mastodon.timeline import block_dialog, relationship_items, status_list
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

ACCOUNT_ROW_DP = 64
PROFILE_TABS = (("Posts", "note"), ("Posts and replies", "reply"), ("Pinned", "star"))


def _follow_button(ctx: AppContext, who: Account) -> View:
    """The profile's action: "Edit profile" on the user's own; on another's "Unblock" while
    the user blocks it (following is refused then), else "Follow" or "Unfollow" (confirmed)."""
    if who.id == data.me(ctx):
        return Button(
            "Edit profile", id="profile_action_btn", on_click=lambda: ctx.open(data.EDIT_PROFILE)
        )
    if data.is_blocked(ctx, who.id):
        return Button(
            "Unblock",
            id="profile_action_btn",
            on_click=lambda: data.set_blocked(ctx, who.id, False),
        )
    following = data.is_following(ctx, who.id)
    unfollow = ctx.dialog(
        "unfollow",
        f"Unfollow @{who.username}?",
        buttons=[("Cancel", None), ("Unfollow", lambda: data.set_following(ctx, who.id, False))],
    )
    if following:
        return Button("Unfollow", id="profile_action_btn", on_click=unfollow)
    return Button(
        "Follow", id="profile_action_btn", on_click=lambda: data.set_following(ctx, who.id, True)
    )


def _featured(ctx: AppContext, account_id: int) -> list[View]:
    names = [
        row[0]
        for row in data.db(ctx).execute(
            "SELECT t.name FROM featured_tags f JOIN tags t ON t.id = f.tag_id "
            "WHERE f.account_id = ? ORDER BY f.id",
            (account_id,),
        )
    ]
    if not names:
        return []
    return [
        Row(
            *[
                TextView(
                    "#" + name,
                    id="featured_hashtag",
                    size=14,
                    color="primary",
                    padding=(0, 4, 12, 4),
                    on_click=lambda name=name: ctx.open(data.HASHTAG_TIMELINE, tag=name),
                )
                for name in names[:4]
            ],
            width=MATCH,
        )
    ]


def profile_body(ctx: AppContext, who: Account) -> View:
    """Everything below the toolbar of ``who``'s profile."""
    posts, following, followers = data.counts(ctx, who.id)
    fields = [f"{f['name']}: {f['value']}" for f in json.loads(who.fields or "[]") if f.get("name")]
    header: list[View] = [
        View(
            height=64,
            background="primary",
            id="header",
            desc=("Header: " + who.header) if who.header else "Header",
        ),
        Row(
            avatar(who.name, 64, id="avatar", picture=who.avatar),
            Column(
                TextView(who.name, id="name", size=20, bold=True, width=MATCH),
                TextView(
                    f"@{who.username}@{data.DOMAIN}", id="username", size=13, color="text_secondary"
                ),
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            _follow_button(ctx, who),
            width=MATCH,
            padding=(16, 8),
        ),
        TextView(who.note, id="note", max_lines=4, width=MATCH, padding=(16, 0)),
        *[
            TextView(f, id="profile_field", size=13, width=MATCH, padding=(16, 0))
            for f in fields[:3]
        ],
        Row(
            TextView(f"{posts} Posts", id="posts_count", size=14, padding=(16, 8)),
            *[
                TextView(
                    f"{count} {kind.title()}",
                    id=f"{kind}_count",
                    size=14,
                    padding=(16, 8),
                    on_click=lambda kind=kind: ctx.open(data.ACCOUNTS, account=who.id, kind=kind),
                )
                for count, kind in ((following, "following"), (followers, "followers"))
            ],
            width=MATCH,
        ),
        *_featured(ctx, who.id),
    ]
    tab = ctx.get("profile_tab", 0)
    where = {
        0: "WHERE s.account_id = ? AND o.in_reply_to_id IS NULL",
        1: "WHERE s.account_id = ?",
        2: "WHERE s.reblog_of_id IS NULL AND s.account_id = ? AND s.id IN "
        "(SELECT status_id FROM status_pins)",
    }[tab]
    # the posts of an account the user blocks are not shown, on its profile either
    posts_list = status_list(
        ctx,
        f"posts{tab}",
        data.statuses(ctx, f"{where} AND {data.NOT_BLOCKED}", (who.id,)),
        empty="No posts yet",
    )
    bar = tab_bar(PROFILE_TABS, tab, lambda i: ctx.set("profile_tab", i), id="profile_tabs")
    return Column(*header, bar, posts_list, height=MATCH)


def own_menu(ctx: AppContext) -> Handler:
    """The overflow menu of the user's own profile."""
    me = data.account(ctx, data.me(ctx))
    qr = [("QR code", qr_dialog(ctx, me))] if me else []
    return ctx.menu(
        "profile",
        [
            *qr,
            ("Bookmarks", lambda: ctx.open(data.SAVED, kind="bookmarks")),
            ("Favorites", lambda: ctx.open(data.SAVED, kind="favourites")),
            ("Lists", lambda: ctx.open(data.LISTS)),
            ("Followed hashtags", lambda: ctx.open(data.FOLLOWED_TAGS)),
            ("Invite people", lambda: ctx.open(data.INVITES)),
            ("Settings", lambda: ctx.open(data.SETTINGS)),
        ],
    )


def profile_screen(ctx: AppContext) -> View:
    who = data.account(ctx, ctx.args.get("account", data.me(ctx)))
    if who is None:
        return Column(ctx.up_bar("Profile"), empty_state("This account is not available"))
    if who.id == data.me(ctx):
        bar = toolbar(who.name, on_up=ctx.finish, on_overflow=own_menu(ctx))
    else:
        relationship = data.relationship(ctx, who.id)
        block = block_dialog(ctx, "block_account", who.id, who.username)
        menu = ctx.menu(
            "profile",
            [
                ("QR code", qr_dialog(ctx, who)),
                *relationship_items(ctx, who.id, who.username, relationship, block),
            ],
        )
        bar = toolbar(who.name, on_up=ctx.finish, on_overflow=menu)
    return Column(bar, profile_body(ctx, who), height=MATCH)


def account_row(ctx: AppContext, row: object, trailing: View | None = None) -> View:
    """An account in a list: avatar, name, handle; a tap opens its profile."""
    who = Account(**dict(row))  # type: ignore[call-overload]
    children: list[View] = [
        avatar(who.name, picture=who.avatar),
        Column(
            TextView(who.name, id="display_name", bold=True, width=MATCH),
            TextView("@" + who.username, id="username", size=13, color="text_secondary"),
            width=0,
            weight=1,
            margin=(12, 0, 0, 0),
        ),
    ]
    if trailing is not None:
        children.append(trailing)
    return Row(
        *children,
        id="account",
        width=MATCH,
        height=ACCOUNT_ROW_DP,
        padding=(16, 8),
        on_click=lambda: ctx.open(data.PROFILE, account=who.id),
    )


def account_list(ctx: AppContext, items: Sequence, *, empty: str, id: str) -> View:
    """A recycled list of accounts (rows of ``accounts``), or ``empty`` when there are none."""
    if not items:
        return empty_state(empty, id="empty")
    return ctx.scroller(
        id,
        items=items,
        item_height=ACCOUNT_ROW_DP,
        render_item=lambda _i, row: account_row(ctx, row),
        id=id,
    )


def accounts_screen(ctx: AppContext) -> View:
    """Who an account follows (newest follow first) or who follows it."""
    account_id = ctx.args.get("account", data.me(ctx))
    kind = ctx.args.get("kind", "following")
    if kind == "following":
        sql = (
            "SELECT a.* FROM follows f JOIN accounts a ON a.id = f.target_account_id "
            "WHERE f.account_id = ? ORDER BY f.created_at DESC, f.id DESC"
        )
    else:
        sql = (
            "SELECT a.* FROM follows f JOIN accounts a ON a.id = f.account_id "
            "WHERE f.target_account_id = ? ORDER BY f.created_at DESC, f.id DESC"
        )
    body = account_list(
        ctx, data.rows(ctx, sql, (account_id,)), empty="Nobody here yet", id="accounts_list"
    )
    return Column(
        ctx.up_bar("Following" if kind == "following" else "Followers"), body, height=MATCH
    )
