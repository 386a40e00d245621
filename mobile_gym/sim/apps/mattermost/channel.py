"""A channel: its posts, newest at the bottom under day separators, and the post box."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data, drafts, post_data
from mobile_gym.sim.apps.mattermost.composer import SCROLL_END, composer
from mobile_gym.sim.apps.mattermost.posts import day_label, details, post_menu, post_view
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.dates import from_epoch_ms
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

SHOWN_POSTS = 60
"""How many of a channel's newest root posts its screen loads."""


def open_channel(ctx: AppContext, channel_id: int) -> None:
    """Open a channel; everything in it counts as read from then on."""
    channel_data.mark_viewed(ctx, channel_id)
    ctx.open(data.CHANNEL, channel_id=channel_id)


def open_thread(ctx: AppContext, post_id: int) -> None:
    ctx.open(data.THREAD, post_id=post_id)


def separator(text: str) -> TextView:
    return TextView(
        text,
        id="date_separator",
        size=12,
        bold=True,
        color="text_secondary",
        gravity="center",
        margin=(0, 12, 0, 4),
    )


def channel_screen(ctx: AppContext) -> View:
    channel = channel_data.channel(ctx, ctx.args["channel_id"])
    if channel is None:
        return Column(ctx.up_bar("Channel"), empty_state("This channel no longer exists"))
    posts = post_data.channel_posts(ctx, channel.id, SHOWN_POSTS)
    extra = details(ctx, posts, replies=True)
    menu = post_menu(ctx, on_reply=lambda post_id: open_thread(ctx, post_id))
    today = from_epoch_ms(data.now_ms(ctx)).date()
    rows: list[View] = []
    shown_day: dt.date | None = None
    for post in posts:
        day = from_epoch_ms(post.create_at).date()
        if day != shown_day:  # a separator (its label made once) above each day's posts
            shown_day = day
            rows.append(separator(day_label(day, today)))
        rows.append(
            post_view(
                ctx,
                post,
                extra,
                on_open_thread=lambda p=post.id: open_thread(ctx, p),
                on_long_press=menu(post.id),
            )
        )
    if not posts:
        rows.append(empty_state(f"Beginning of {channel.title}", id="channel_intro"))
    listing = ctx.scroller(
        "posts", rows, cls=ScrollView, start=SCROLL_END, id="post_list", height=0, weight=1
    )

    def leave() -> None:
        drafts.keep(ctx, channel.id)
        ctx.finish()

    bar = toolbar(
        channel.title,
        on_up=leave,
        actions=[
            ("info", "Channel info", lambda: ctx.open(data.CHANNEL_INFO, channel_id=channel.id))
        ],
    )
    hint = f"Write to {channel.title}"

    def send(message: str, files: tuple[str, ...]) -> None:
        post_data.create_post(ctx, channel.id, message, files=files)

    return Column(bar, listing, composer(ctx, hint, send, channel_id=channel.id), height=MATCH)
