"""A thread: its first post, the replies under it and a post box that replies."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data, drafts, post_data
from mobile_gym.sim.apps.mattermost.channel import POST, SEPARATOR, post_list, separator
from mobile_gym.sim.apps.mattermost.composer import composer
from mobile_gym.sim.apps.mattermost.posts import Details, details, post_menu, post_view
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, View


def thread_root(ctx: AppContext) -> data.Post | None:
    """The thread's first post (a reply opens its thread's root)."""
    found = post_data.post(ctx, ctx.args["post_id"])
    if found is not None and found.root_id:
        return post_data.post(ctx, found.root_id)
    return found


Entry = tuple[str, object]
"""A line of the thread: ``(POST, post)`` or ``(SEPARATOR, its text)``."""


def _thread(ctx: AppContext, root: data.Post) -> tuple[tuple[Entry, ...], Details]:
    """The thread's lines (its first post, how many replies, the replies) and what its
    posts show besides their text."""
    replies = post_data.thread_posts(ctx, root.id)
    count = len(replies)
    entries: tuple[Entry, ...] = (
        (POST, root),
        (SEPARATOR, f"{count} {'reply' if count == 1 else 'replies'}"),
        *((POST, reply) for reply in replies),
    )
    return entries, details(ctx, [root, *replies])


def thread_screen(ctx: AppContext) -> View:
    root = thread_root(ctx)
    if root is None:
        return Column(ctx.up_bar("Thread"), empty_state("This post was deleted"), height=MATCH)
    channel = channel_data.channel(ctx, root.channel_id)
    where = channel.title if channel else ""
    menu = post_menu(ctx, on_reply=None)
    entries, extra = data.kept(ctx, ("thread", root.id), lambda: _thread(ctx, root))

    def render(index: int, entry: object) -> View:
        kind, value = entry  # type: ignore[misc]
        if kind == SEPARATOR:
            return separator(value)
        return post_view(ctx, value, extra, on_long_press=menu(value.id))

    listing = post_list(ctx, entries, render)

    def send(message: str, files: tuple[str, ...]) -> None:
        post_data.create_post(ctx, root.channel_id, message, root_id=root.id, files=files)

    def leave() -> None:
        drafts.keep(ctx, root.channel_id, root.id)
        ctx.finish()

    return Column(
        toolbar(f"Thread in {where}" if where else "Thread", on_up=leave),
        listing,
        composer(ctx, "Reply to this thread...", send, channel_id=root.channel_id, root_id=root.id),
        height=MATCH,
    )
