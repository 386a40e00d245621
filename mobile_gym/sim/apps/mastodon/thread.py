"""A status with its context: the post it replies to above, the replies below (but for
the posts of accounts the user blocks)."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.status_view import status_card
from mobile_gym.sim.apps.mastodon.timeline import status_actions
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.view import MATCH, Column, View


def thread_screen(ctx: AppContext) -> View:
    item = data.status(ctx, ctx.args.get("status", 0))
    bar = ctx.up_bar("Post")
    if item is None:
        return Column(bar, empty_state("This post has been deleted", id="empty"), height=MATCH)
    more = status_actions(ctx)
    views: list[View] = []
    if item.in_reply_to_id:
        parent = data.status(ctx, item.in_reply_to_id)
        if parent is not None and not data.is_blocked(ctx, parent.account_id):
            views.append(status_card(ctx, parent, lambda: more(parent.entry)))
    views.append(status_card(ctx, item, lambda: more(item.id)))
    replies = data.statuses(ctx, f"WHERE s.in_reply_to_id = ? AND {data.NOT_BLOCKED}", (item.id,))
    for row in replies:
        reply = data.as_status(row)
        views.append(status_card(ctx, reply, lambda reply=reply: more(reply.entry)))
    return Column(bar, ctx.scroller("thread", views, id="thread"), height=MATCH)
