"""A status as timelines show it: author, text (or its content warning), media, poll and the
action bar (reply, boost, favourite, bookmark, more)."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.data import Status
from mobile_gym.sim.ui.dates import MONTH_ABBRS, from_epoch_ms
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Paint, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, ImageView, TextView

TEXT_LINES = 16
"""A status's text is shown whole: 500 characters fill at most about fourteen lines."""
AVATAR: tuple[int, int, int] = (99, 100, 255)


def ago(ctx: AppContext, ms: int) -> str:
    """Mastodon's short relative time: ``now``, ``5m``, ``3h``, ``2d``, or ``Oct 3``."""
    minutes = max(0, (data.now_ms(ctx) - ms) // 60_000)
    if minutes < 1:
        return "now"
    if minutes < 60:
        return f"{minutes}m"
    if minutes < 1440:
        return f"{minutes // 60}h"
    if minutes < 7 * 1440:
        return f"{minutes // 1440}d"
    when = from_epoch_ms(ms)  # the phone's clock (never the host's time zone)
    return f"{MONTH_ABBRS[when.month]} {when.day}"


def avatar(name: str, size: int = 40, id: str = "avatar", picture: str = "") -> ImageView:
    """A round avatar with the name's initial; an account's own picture is named in the
    description (``Avatar: cat_tabby.png``)."""
    desc = "Avatar: " + picture.rsplit("/", 1)[-1] if picture else ""
    return ImageView(
        size=size,
        circle=AVATAR,
        letter=name[:1].upper(),
        tint=(255, 255, 255),
        id=id,
        desc=desc,
    )


def action_bar(ctx: AppContext, item: Status, on_more: Handler) -> View:
    """Reply, boost, favourite, bookmark and "More options" of one status."""

    def switch(
        icon: str,
        desc: str,
        id: str,
        on: int,
        color: Paint,
        setter: Callable[[AppContext, int, bool], None],
    ) -> ImageButton:
        """A button that turns one of the user's marks on the status on or off."""
        return ImageButton(
            icon,
            desc=desc,
            id=id,
            selected=bool(on),
            tint=color if on else "text_secondary",
            on_click=lambda: setter(ctx, item.id, not on),
        )

    def count(n: int) -> TextView:
        return TextView(str(n) if n else "", size=13, color="text_secondary", width=28)

    return Row(
        ImageButton(
            "reply",
            desc="Reply",
            id="reply",
            on_click=lambda: ctx.open_focused(data.COMPOSE, "text", reply_to=item.id),
        ),
        count(item.replies),
        switch("repeat", "Boost", "reblog", item.reblogged, "primary", data.set_reblog),
        count(item.reblogs),
        switch("star", "Favorite", "favorite", item.favourited, (255, 180, 0), data.set_favourite),
        count(item.favourites),
        switch("bookmark", "Bookmark", "bookmark", item.bookmarked, "primary", data.set_bookmark),
        View(width=0, weight=1),
        ImageButton("more", desc="More options", id="more", on_click=on_more),
        width=MATCH,
        height=48,
    )


def status_card(ctx: AppContext, item: Status, on_more: Handler) -> View:
    """One status, as tall as what it shows, closed by a divider; a tap on its text opens
    the thread."""
    revealed = ctx.get("revealed", [])
    body: list[View] = []
    if item.boosted_by:
        body.append(
            TextView(f"{item.boosted_by} boosted", id="boosted_by", size=13, color="text_secondary")
        )
    body.append(
        Row(
            avatar(item.display_name or item.username),
            Column(
                TextView(
                    item.display_name or item.username, id="display_name", bold=True, width=MATCH
                ),
                TextView("@" + item.username, id="username", size=13, color="text_secondary"),
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            TextView(ago(ctx, item.created_at), id="timestamp", size=13, color="text_secondary"),
            width=MATCH,
            on_click=lambda: ctx.open(data.PROFILE, account=item.account_id),
        )
    )
    if item.pinned:
        body.append(TextView("Pinned", id="pinned", size=12, color="primary"))
    shown = not item.spoiler_text or item.id in revealed
    if item.spoiler_text:
        body.append(TextView(item.spoiler_text, id="spoiler_text", bold=True, width=MATCH))
        body.append(
            Button(
                "Show less" if shown else "Show more",
                id="spoiler_button",
                on_click=lambda: ctx.set(
                    "revealed",
                    [i for i in revealed if i != item.id] if shown else [*revealed, item.id],
                ),
            )
        )
    if shown:
        body.append(
            TextView(
                item.text,
                id="text",
                max_lines=TEXT_LINES,
                width=MATCH,
                on_click=lambda: ctx.open(data.THREAD, status=item.id),
            )
        )
        if item.media:
            label = f"{item.media} image{'s' if item.media > 1 else ''}"
            body.append(
                Row(
                    ImageView("image", size=20),
                    TextView(label, size=13, color="text_secondary", margin=(6, 0, 0, 0)),
                    id="media",
                    desc=item.alt or "",
                    on_click=lambda: ctx.open(data.MEDIA_VIEWER, status=item.id),
                )
            )
        if item.poll_options:
            body.append(
                TextView("Poll: " + " / ".join(item.poll_options), id="poll", size=13, width=MATCH)
            )
    body.append(action_bar(ctx, item, on_more))
    body.append(View(height=1, width=MATCH, background="divider"))
    return Column(
        *body,
        id="status",
        width=MATCH,
        height=WRAP,
        padding=(16, 8, 8, 0),
        on_click=lambda: ctx.open(data.THREAD, status=item.id),
    )
