"""Lists of statuses (timelines, a profile's posts, the bookmarks and favourites screen) and
what a status's "More options" opens: its menu, the delete confirmation and the report
and block dialogs."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.data import Status
from mobile_gym.sim.apps.mastodon.status_view import status_card
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import RadioButton

REPORT_CATEGORIES = (
    ("spam", "It's spam"),
    ("violation", "It violates server rules"),
    ("other", "It's something else"),
)


def _report(ctx: AppContext, item: Status) -> None:
    category = ctx.get("report_category", "other")
    data.db(ctx).execute(
        "INSERT INTO reports(account_id, target_account_id, status_ids, category, comment, "
        "created_at) VALUES (?, ?, ?, ?, ?, ?)",
        (
            data.me(ctx),
            item.account_id,
            str(item.id),
            category,
            ctx.field("report_comment"),
            data.now_ms(ctx),
        ),
    )
    ctx.log(f"Report submitted: account=@{item.username} status={item.id} category={category}")
    ctx.toast("Report sent")


def block_dialog(ctx: AppContext, key: str, account_id: int, username: str) -> Handler:
    """The confirmation "Block @user?" (dialog ``key``); its Block blocks ``account_id``."""

    def block() -> None:
        data.set_blocked(ctx, account_id, True)

    return ctx.dialog(
        key,
        f"Block @{username}?",
        "They will no longer be able to follow you or see your posts.",
        buttons=[("Cancel", None), ("Block", block)],
    )


def relationship_items(
    ctx: AppContext,
    account_id: int,
    username: str,
    relationship: tuple[bool, bool],
    block: Handler,
) -> list[tuple[str, Handler]]:
    """The menu entries "Mute @user" / "Unmute @user" and "Block @user" (``block``, the
    confirmation) / "Unblock @user" for another account, by ``relationship`` (muted,
    blocked)."""
    muted, blocked = relationship
    return [
        (
            f"Unmute @{username}" if muted else f"Mute @{username}",
            lambda: data.set_muted(ctx, account_id, not muted),
        ),
        (
            f"Unblock @{username}" if blocked else f"Block @{username}",
            (lambda: data.set_blocked(ctx, account_id, False)) if blocked else block,
        ),
    ]


def _menu_items(
    ctx: AppContext, item: Status, delete: Handler, report: Handler
) -> list[tuple[str, Handler]]:
    if item.account_id == data.me(ctx):
        pin = "Unpin from profile" if item.pinned else "Pin on profile"
        return [
            (pin, lambda: data.set_pinned(ctx, item.id, not item.pinned)),
            ("Edit", lambda: ctx.open(data.COMPOSE, edit=item.id)),
            ("Delete", delete),
        ]
    block = block_dialog(ctx, "block_status", item.account_id, item.username)
    relationship = data.relationship(ctx, item.account_id)
    return [
        (
            f"Open @{item.username}'s profile",
            lambda: ctx.open(data.PROFILE, account=item.account_id),
        ),
        *relationship_items(ctx, item.account_id, item.username, relationship, block),
        (f"Report @{item.username}", report),
    ]


def status_actions(ctx: AppContext) -> Callable[[int], None]:
    """Set up the status menu and its dialogs on this screen; returns what "More options" of
    the status shown for entry ``entry`` runs."""
    chosen = ctx.get("menu_status")
    item = data.status(ctx, chosen) if chosen is not None else None
    chosen_category = ctx.get("report_category", "other")

    def report_body() -> list[View]:
        views: list[View] = [
            RadioButton(
                label,
                id=f"report_{key}",
                checked=key == chosen_category,
                on_change=lambda _on, key=key: ctx.set("report_category", key),
            )
            for key, label in REPORT_CATEGORIES
        ]
        views.append(ctx.edit("report_comment", hint="Additional comments", id="report_comment"))
        return views

    delete = ctx.dialog(
        "delete",
        "Delete post",
        "Are you sure you want to delete this post?",
        buttons=[("Cancel", None), ("Delete", lambda: item and data.delete_status(ctx, item.id))],
    )
    open_report = ctx.dialog(
        "report",
        "Report" + (f" @{item.username}" if item else ""),
        "Tell us what is going on with this post",
        buttons=[("Cancel", None), ("Submit", lambda: item and _report(ctx, item))],
        body=report_body,
    )

    def report() -> None:
        """Open the report dialog afresh: the default category, no comment."""
        ctx.pop("report_category")
        ctx.clear_field("report_comment")
        open_report()

    open_menu = ctx.menu(
        "status", _menu_items(ctx, item, delete, report) if item else [], at_touch=True
    )

    def more(entry: int) -> None:
        ctx.set("menu_status", entry)
        open_menu()

    return more


def status_list(
    ctx: AppContext, key: str, items: Sequence, *, empty: str, id: str = "list"
) -> View:
    """A recycled list of statuses (rows of ``data.SELECT``), newest first, each as tall as
    its content."""
    more = status_actions(ctx)

    def render(index: int, row: object) -> View:
        item = data.as_status(row)  # type: ignore[arg-type]
        return status_card(ctx, item, lambda: more(item.entry))

    if not items:
        return empty_state(empty, id="empty")
    return ctx.scroller(key, items=items, render_item=render, wrap_rows=True, id=id)


def saved_screen(ctx: AppContext) -> View:
    """The user's bookmarks or favourites, newest first."""
    kind = ctx.args.get("kind", "bookmarks")
    table = "bookmarks" if kind == "bookmarks" else "favourites"
    items = data.rows(
        ctx,
        data.SELECT + f"JOIN {table} k ON k.status_id = s.id AND k.account_id = {data.CURRENT} "
        "ORDER BY k.created_at DESC, k.id DESC",
    )
    title = "Bookmarks" if kind == "bookmarks" else "Favorites"
    return Column(
        ctx.up_bar(title),
        status_list(ctx, kind, items, empty=f"No {title.lower()} yet"),
        height=MATCH,
    )
