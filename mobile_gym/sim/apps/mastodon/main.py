"""The main screen: the bottom navigation (Home, Search, Notifications, Profile) and its
four tabs."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.filters import hidden_clause
from mobile_gym.sim.apps.mastodon.profile import account_list, own_menu, profile_body
from mobile_gym.sim.apps.mastodon.status_view import ago, avatar
from mobile_gym.sim.apps.mastodon.switcher import switcher
from mobile_gym.sim.apps.mastodon.timeline import status_list
from mobile_gym.sim.apps.text_search import holding
from mobile_gym.sim.ui.composites import app_bar, empty_state, fab, toolbar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

NAV = (
    ("Home", "house", "tab_home"),
    ("Search", "search", "tab_search"),
    ("Notifications", "bell", "tab_notifications"),
    ("Profile", "person", "tab_profile"),
)
SEARCH_TABS = (("Accounts", "person"), ("Hashtags", "note"), ("Posts", "message"))
ROW_DP = 64
NOTIFICATION_TEXT = {
    "follow": "followed you",
    "favourite": "favorited your post",
    "reblog": "boosted your post",
    "mention": "mentioned you",
}


def _nav(ctx: AppContext, current: int) -> View:
    switch = switcher(ctx)  # a long press on Profile lists the signed-in accounts
    return Row(
        *[
            ImageButton(
                icon,
                desc=label,
                id=id,
                selected=index == current,
                tint="primary" if index == current else "text_secondary",
                width=0,
                weight=1,
                on_click=lambda index=index: ctx.set("tab", index),
                on_long_click=switch if id == "tab_profile" else None,
            )
            for index, (label, icon, id) in enumerate(NAV)
        ],
        id="tabbar",
        width=MATCH,
        background="surface",
    )


def _home(ctx: AppContext) -> View:
    local = ctx.get("timeline", 0)
    where = data.LOCAL_WHERE if local else data.HOME_WHERE
    bar = toolbar("Mastodon")
    tabs = tab_bar(
        (("Home", "home"), ("Local", "people")),
        local,
        lambda i: ctx.set("timeline", i),
        id="timeline_tabs",
    )
    hidden, params = hidden_clause(ctx, "public" if local else "home")
    items = data.statuses(ctx, where + hidden, params)
    body = status_list(ctx, "local" if local else "home", items, empty="Your home feed is empty")
    compose = fab("edit", "Compose", lambda: ctx.open_focused(data.COMPOSE, "text"), id="fab")
    return Column(
        bar, tabs, FrameLayout(children=[body, compose], height=0, weight=1), height=MATCH
    )


def _search_results(ctx: AppContext, query: str) -> View:
    tab = ctx.get("search_tab", 0)
    server = data.db(ctx)
    # a handle may be typed as @user or @user@server
    handle = query.lstrip("@").split("@")[0] or query
    bar = tab_bar(SEARCH_TABS, tab, lambda i: ctx.set("search_tab", i), id="search_tabs")
    if tab == 0:
        items = data.rows(
            ctx,
            f"SELECT * FROM accounts WHERE {holding(server, 'username', 'display_name')} "
            "AND id != ? ORDER BY username COLLATE NOCASE",
            (handle, query, data.me(ctx)),
        )
        body: View = account_list(ctx, items, empty="No results", id="results")
    elif tab == 1:
        tags = f"SELECT name FROM tags WHERE {holding(server, 'name')} ORDER BY name"
        items = data.rows(ctx, tags, (query.lstrip("#"),))
        body = (
            ctx.scroller(
                "tags",
                items=items,
                item_height=ROW_DP,
                render_item=lambda _i, row: _tag_row(ctx, row[0]),
                id="results",
            )
            if items
            else empty_state("No results", id="empty")
        )
    else:
        items = data.statuses(
            ctx,
            f"WHERE s.reblog_of_id IS NULL AND {holding(server, 'o.text')} AND {data.NOT_BLOCKED}",
            (query,),
        )
        body = status_list(ctx, "found", items, empty="No results", id="results")
    return Column(bar, body, height=0, weight=1)


def _tag_row(ctx: AppContext, name: str) -> View:
    return Row(
        ImageView("note", size=24),
        TextView("#" + name, id="hashtag", size=16, margin=(16, 0, 0, 0), width=0, weight=1),
        id="hashtag_row",
        width=MATCH,
        height=ROW_DP,
        padding=(16, 8),
        on_click=lambda: ctx.open(data.HASHTAG_TIMELINE, tag=name),
    )


def _search(ctx: AppContext) -> View:
    query = ctx.field("search").strip()
    bar = app_bar(
        [
            ImageView("search", size=24, margin=(12, 0, 0, 0)),
            ctx.edit(
                "search",
                hint="Search Mastodon",
                id="search_edit",
                width=0,
                weight=1,
                on_submit=ctx.phone.hide_keyboard,
            ),
            *(
                [ImageButton("close", desc="Clear", on_click=lambda: ctx.set_field("search", ""))]
                if query
                else []
            ),
        ]
    )
    if query:
        return Column(bar, _search_results(ctx, query), height=MATCH)
    items = data.rows(
        ctx,
        "SELECT t.name FROM tags t ORDER BY (SELECT COUNT(*) FROM statuses s "
        "WHERE s.text LIKE '%#' || t.name || '%') DESC, t.name",
    )
    trending = ctx.scroller(
        "trending",
        items=items,
        item_height=ROW_DP,
        render_item=lambda _i, row: _tag_row(ctx, row[0]),
        id="trending",
    )
    title = TextView("Trending hashtags", size=14, color="primary", bold=True, padding=(16, 12))
    return Column(bar, title, trending, height=MATCH)


def _notification_row(ctx: AppContext, row: object) -> View:
    item = dict(row)  # type: ignore[call-overload]
    text = f"{item['display_name']} {NOTIFICATION_TEXT.get(item['type'], item['type'])}"
    target = item["status_id"]
    return Row(
        avatar(item["display_name"]),
        Column(
            TextView(text, id="notification_text", width=MATCH),
            TextView(
                item["text"] or "",
                id="notification_status",
                size=13,
                color="text_secondary",
                width=MATCH,
            ),
            width=0,
            weight=1,
            margin=(12, 0, 0, 0),
        ),
        TextView(ago(ctx, item["created_at"]), size=13, color="text_secondary"),
        id="notification",
        width=MATCH,
        height=72,
        padding=(16, 8),
        on_click=(
            (lambda: ctx.open(data.THREAD, status=target))
            if target
            else (lambda: ctx.open(data.PROFILE, account=item["from_account_id"]))
        ),
    )


def _notifications(ctx: AppContext) -> View:
    items = data.rows(
        ctx,
        "SELECT n.*, a.display_name, s.text FROM notifications n "
        "JOIN accounts a ON a.id = n.from_account_id LEFT JOIN statuses s ON s.id = n.status_id "
        f"WHERE n.account_id = ? AND {data.not_blocked('n.from_account_id')} "
        "ORDER BY n.created_at DESC, n.id DESC",
        (data.me(ctx),),
    )
    body = (
        ctx.scroller(
            "notifications",
            items=items,
            item_height=72,
            render_item=lambda _i, row: _notification_row(ctx, row),
            id="notifications_list",
        )
        if items
        else empty_state("No notifications yet", id="empty")
    )
    return Column(toolbar("Notifications"), body, height=MATCH)


def _profile(ctx: AppContext) -> View:
    me = data.account(ctx, data.me(ctx))
    if me is None:
        return empty_state("Not logged in")
    bar = toolbar(me.name, on_overflow=own_menu(ctx))
    return Column(bar, profile_body(ctx, me), height=MATCH)


def main_screen(ctx: AppContext) -> View:
    tab = ctx.get("tab", 0)
    page = (_home, _search, _notifications, _profile)[tab](ctx)
    return Column(FrameLayout(children=[page], height=0, weight=1), _nav(ctx, tab), height=MATCH)
