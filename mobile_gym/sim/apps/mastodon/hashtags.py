"""A hashtag's timeline (follow it, feature it on the profile) and the followed hashtags."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.timeline import status_list
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

ROW_DP = 64


def tagged(name: str) -> tuple[str, tuple[object, ...]]:
    """The WHERE clause (and its parameters) of the posts that carry ``#name``: the tag
    followed by anything but a letter, digit or underscore."""
    pattern = f"%#{name}"
    return (
        f"WHERE s.reblog_of_id IS NULL AND {data.NOT_BLOCKED} AND (lower(o.text) LIKE ? OR ("
        "lower(o.text) LIKE ? AND lower(o.text) NOT GLOB ?))",
        (
            pattern.lower(),
            pattern.lower() + "%",
            f"*#{name.lower()}[a-z0-9_]*",
        ),
    )


def hashtag_screen(ctx: AppContext) -> View:
    name = ctx.args.get("tag", "").lstrip("#").lower()
    followed, featured = data.tag_flags(ctx, name)
    bar = toolbar(
        "#" + name,
        on_up=ctx.finish,
        on_overflow=ctx.menu(
            "hashtag",
            [
                (
                    "Unfeature on profile" if featured else "Feature on profile",
                    lambda: data.set_tag_featured(ctx, name, not featured),
                )
            ],
        ),
    )
    follow = Button(
        "Unfollow" if followed else "Follow",
        id="follow_hashtag",
        on_click=lambda: data.set_tag_followed(ctx, name, not followed),
    )
    where, params = tagged(name)
    items = data.statuses(ctx, where, params)
    head = Row(
        TextView(
            f"{len(items)} posts",
            id="hashtag_count",
            size=14,
            color="text_secondary",
            width=0,
            weight=1,
        ),
        follow,
        width=MATCH,
        padding=(16, 8),
    )
    return Column(
        bar,
        head,
        status_list(ctx, "tagged", items, empty="No posts with this hashtag"),
        height=MATCH,
    )


def followed_tags_screen(ctx: AppContext) -> View:
    items = data.rows(
        ctx,
        "SELECT t.name FROM tag_follows f JOIN tags t ON t.id = f.tag_id "
        "WHERE f.account_id = ? ORDER BY t.name",
        (data.me(ctx),),
    )

    def render(_index: int, row: object) -> View:
        name = row[0]  # type: ignore[index]
        return Row(
            TextView("#" + name, id="hashtag", size=16, width=0, weight=1),
            Button(
                "Unfollow",
                id="unfollow_hashtag",
                on_click=lambda: data.set_tag_followed(ctx, name, False),
            ),
            id="hashtag_row",
            width=MATCH,
            height=ROW_DP,
            padding=(16, 8),
            on_click=lambda: ctx.open(data.HASHTAG_TIMELINE, tag=name),
        )

    body = (
        ctx.scroller(
            "followed", items=items, item_height=ROW_DP, render_item=render, id="hashtags_list"
        )
        if items
        else empty_state("You don't follow any hashtags", id="empty")
    )
    return Column(ctx.up_bar("Followed hashtags"), body, height=MATCH)
