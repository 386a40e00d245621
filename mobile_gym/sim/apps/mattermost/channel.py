"""A channel: its posts, newest at the bottom under day separators, and the post box."""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data, drafts, post_data
from mobile_gym.sim.apps.mattermost.composer import composer
from mobile_gym.sim.apps.mattermost.posts import day_label, details, post_menu, post_view
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.dates import from_epoch_ms
from mobile_gym.sim.ui.scroll import END, RenderItem, ScrollView
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


SEPARATOR, POST = "separator", "post"
"""The kinds of entry a post list shows: a separator's label, or a post."""


def post_list(
    ctx: AppContext, entries: Sequence[tuple[str, object]], render: RenderItem
) -> ScrollView:
    """A channel's or thread's entries as a recycled list of rows of their own heights that
    opens (and returns after a post is sent) at the newest, with a short one over the post
    box, as the app's inverted list shows them: only the posts in view are made."""
    return ctx.scroller(
        "posts",
        cls=ScrollView,
        items=entries,
        render_item=render,
        wrap_rows=True,
        stack_from_end=True,
        start=END,
        id="post_list",
        height=0,
        weight=1,
    )


def separator(text: str) -> TextView:
    """``text`` centred in the list, as wide as it is: a day, or a thread's reply count."""
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
    today = ctx.now.date()  # a read of the clock: the labels change with the day
    entries: list[tuple[str, object]] = []
    shown_day: dt.date | None = None
    for post in posts:
        day = from_epoch_ms(post.create_at).date()
        if day != shown_day:  # a separator (its label made once) above each day's posts
            shown_day = day
            entries.append((SEPARATOR, day_label(day, today)))
        entries.append((POST, post))

    def render(index: int, entry: object) -> View:
        kind, value = entry  # type: ignore[misc]
        if kind == SEPARATOR:
            return separator(value)
        return post_view(
            ctx,
            value,
            extra,
            on_open_thread=lambda: open_thread(ctx, value.id),
            on_long_press=menu(value.id),
        )

    if posts:
        listing = post_list(ctx, entries, render)
    else:
        intro = empty_state(f"Beginning of {channel.title}", id="channel_intro")
        listing = ctx.scroller("posts", [intro], cls=ScrollView, id="post_list", height=0, weight=1)

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
