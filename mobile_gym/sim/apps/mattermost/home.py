"""The main screen: the team switcher, the channel list and the bottom tabs (Home, Search,
Mentions, Account)."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data, drafts, post_data
from mobile_gym.sim.apps.mattermost.channel import open_channel, open_thread
from mobile_gym.sim.apps.mattermost.data import Channel, Post
from mobile_gym.sim.apps.mattermost.posts import avatar, byline
from mobile_gym.sim.ui.composites import app_bar, empty_state, list_item
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

ROW_DP = 52
RESULT_DP = 96
TABS = (("Home", "house"), ("Search", "search"), ("Mentions", "email"), ("Account", "person"))


def _team_sidebar(ctx: AppContext, team_id: int) -> View:
    """A tile per team; the one shown is selected. Tapping another switches to it."""
    tiles: list[View] = []
    for team in data.teams(ctx):
        chosen = team["id"] == team_id
        tiles.append(
            TextView(
                team["display_name"][:2],
                id="team_item",
                desc=team["display_name"],
                size=16,
                bold=True,
                align="center",
                width=44,
                height=44,
                radius=10,
                selected=chosen,
                color="on_primary" if chosen else "text",
                background="primary" if chosen else "surface_variant",
                margin=(0, 8, 0, 0),
                on_click=lambda t=team["id"]: data.pick_team(ctx, t),
            )
        )
    return Column(
        *tiles, id="team_sidebar", width=60, height=MATCH, padding=(8, 0), background="surface"
    )


def _channel_icon(channel: Channel) -> View:
    if channel.type == data.DIRECT:
        return avatar(channel.title, 24)
    icon = {data.PRIVATE: "lock", data.GROUP: "people"}.get(channel.type)
    if icon:
        return ImageView(icon, size=20, desc="Private" if icon == "lock" else "Group", margin=2)
    return TextView("#", size=18, bold=True, color="text_secondary", width=24, align="center")


def _sections(ctx: AppContext, team_id: int) -> tuple[Channel | str, ...]:
    """The channel list's lines: the channels under "CHANNELS", then the direct and group
    messages under "DIRECT MESSAGES" (a heading only over lines of its own)."""
    channels = channel_data.my_channels(ctx, team_id)
    items: list[Channel | str] = []
    public = [c for c in channels if not c.is_direct]
    direct = [c for c in channels if c.is_direct]
    if public:
        items += ["CHANNELS", *public]
    if direct:
        items += ["DIRECT MESSAGES", *direct]
    return tuple(items)


def _channel_list(ctx: AppContext, team_id: int) -> View:
    items = data.kept(ctx, ("channel_list", team_id), lambda: _sections(ctx, team_id))
    fresh = channel_data.unread(ctx)
    drafted = drafts.drafted_channels(ctx)

    def render(index: int, _: object) -> View:
        item = items[index]
        if isinstance(item, str):
            return TextView(
                item,
                id="channel_list_category",
                size=13,
                bold=True,
                color="text_secondary",
                height=ROW_DP,
                padding=(16, 0),
                valign="center",
            )
        is_unread = item.id in fresh
        mention_count = fresh.get(item.id, 0)
        trailing: list[View] = []
        if item.id in drafted and not mention_count:
            trailing.append(ImageView("edit", size=18, desc="Draft", id="draft_indicator"))
        if mention_count:
            trailing.append(
                TextView(
                    str(mention_count),
                    id="mention_badge",
                    desc=f"{mention_count} mentions",
                    size=12,
                    bold=True,
                    color="on_primary",
                    background="primary",
                    radius=10,
                    padding=(8, 2),
                )
            )
        return Row(
            _channel_icon(item),
            TextView(
                item.title,
                id="channel_item_name",
                size=16,
                bold=is_unread,
                color="text" if is_unread else "text_secondary",
                width=0,
                weight=1,
                margin=(12, 0, 8, 0),
            ),
            *trailing,
            id="channel_item",
            desc="unread" if is_unread else "",
            height=ROW_DP,
            padding=(16, 0),
            on_click=lambda c=item.id: open_channel(ctx, c),
        )

    if not items:
        return empty_state("No channels yet", id="channel_list_empty")
    return ctx.scroller(
        "channels", items=items, item_height=ROW_DP, render_item=render, id="channel_list"
    )


def _home(ctx: AppContext) -> View:
    team = data.current_team(ctx)
    if team is None:
        return empty_state("You are not a member of any team", id="no_team")
    add = ctx.menu(
        "add",
        [
            ("Browse channels", lambda: ctx.open(data.BROWSE)),
            ("Create new channel", lambda: ctx.open_focused(data.CREATE, "name")),
            ("Open a direct message", lambda: ctx.open(data.NEW_MESSAGE)),
        ],
    )
    header = app_bar(
        [
            TextView(
                team["display_name"],
                id="team_name",
                size=21,
                bold=True,
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            ImageButton("add", desc="Add channels", id="add_channels", on_click=add),
        ]
    )
    listing = Column(header, _channel_list(ctx, team["id"]), width=0, weight=1, height=MATCH)
    if len(data.teams(ctx)) > 1:
        return Row(_team_sidebar(ctx, team["id"]), listing, height=MATCH)
    return listing


def _result_list(ctx: AppContext, key: str, found: list[Post], empty: str) -> View:
    """Posts found (search results, mentions): channel, author, time, text; tap opens the
    post's thread."""
    channels = {key: c.title for key, c in channel_data.joined_channels(ctx).items()}

    def render(index: int, _: object) -> View:
        post = found[index]
        return Row(
            avatar(post.username),
            Column(
                TextView(
                    channels.get(post.channel_id, ""),
                    id="result_channel",
                    size=12,
                    color="text_secondary",
                ),
                Row(*byline(post)),
                TextView(post.message, id="post_message", size=14, max_lines=2, width=MATCH),
                width=MATCH,
                weight=1,
                margin=(10, 0, 0, 0),
            ),
            id="search_result",
            height=RESULT_DP,
            padding=(16, 8),
            on_click=lambda p=post.id: open_thread(ctx, p),
        )

    if not found:
        return empty_state(empty, id="no_results")
    return ctx.scroller(key, items=found, item_height=RESULT_DP, render_item=render, id=key)


def _search(ctx: AppContext) -> View:
    query = ctx.get("query", "")

    def submit() -> None:
        ctx.set("query", ctx.field("search").strip())
        ctx.phone.hide_keyboard()

    bar = app_bar(
        [
            ctx.edit(
                "search",
                hint="Search messages",
                id="search_input",
                width=0,
                weight=1,
                on_submit=submit,
                margin=(12, 0, 0, 0),
            ),
            ImageButton("search", desc="Run search", id="search_button", on_click=submit),
        ]
    )
    if not query:
        body: View = empty_state(
            "Search for messages by words, from:username or in:channel", id="search_hint"
        )
    else:
        body = _result_list(
            ctx, "search_results", post_data.search_posts(ctx, query), f'No results for "{query}"'
        )
    return Column(bar, body, width=MATCH, height=0, weight=1)


def _mentions(ctx: AppContext) -> View:
    return Column(
        app_bar([TextView("Recent Mentions", id="toolbar_title", size=21, margin=(12, 0, 0, 0))]),
        _result_list(ctx, "mentions_list", post_data.recent_mentions(ctx), "No mentions yet"),
        width=MATCH,
        height=0,
        weight=1,
    )


def _account(ctx: AppContext) -> View:
    me = data.user(ctx, data.ME)
    if me is None:
        return empty_state("Not logged in")

    def open_profile() -> None:
        ctx.open(data.PROFILE, user_id=data.ME)

    return Column(
        Row(
            avatar(me.username, 64),
            Column(
                TextView(me.full_name, id="account_name", size=20, bold=True),
                TextView(f"@{me.username}", id="account_username", size=15, color="text_secondary"),
                margin=(16, 0, 0, 0),
            ),
            padding=(16, 24),
        ),
        list_item("Your Profile", icon="person", on_click=open_profile, id="account_profile"),
        list_item(me.email, "Email", icon="email", id="account_email"),
        width=MATCH,
        height=0,
        weight=1,
    )


def main_screen(ctx: AppContext) -> View:
    tab = ctx.get("tab", 0)
    body = (_home, _search, _mentions, _account)[tab](ctx)
    if tab == 0:
        body = Column(body, width=MATCH, height=0, weight=1)
    return Column(
        body,
        tab_bar(TABS, tab, lambda i: ctx.set("tab", i), id="tab_bar"),
        height=MATCH,
    )
