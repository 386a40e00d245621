"""Finding and making channels: browse the team's public channels (tap joins) and create a
public or private one."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data
from mobile_gym.sim.apps.mattermost.channel import open_channel
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Switch, TextView

ROW_DP = 68


def browse_screen(ctx: AppContext) -> View:
    team = data.current_team(ctx)
    query = ctx.field("filter").strip().lower()
    found = [
        c
        for c in (channel_data.other_public_channels(ctx, team["id"]) if team is not None else [])
        if query in c.title.lower() or query in c.name
    ]

    def join(channel_id: int) -> None:
        channel_data.join(ctx, channel_id)
        ctx.finish()
        open_channel(ctx, channel_id)

    def render(index: int, _: object) -> View:
        channel = found[index]
        return Column(
            TextView(channel.title, id="browse_channel_name", size=16, width=MATCH),
            TextView(
                channel.purpose,
                id="browse_channel_purpose",
                size=13,
                color="text_secondary",
                width=MATCH,
            ),
            id="browse_channel_item",
            height=ROW_DP,
            padding=(16, 10),
            on_click=lambda: join(channel.id),
        )

    def create_instead() -> None:
        ctx.finish()
        ctx.open_focused(data.CREATE, "name")

    body: View = (
        ctx.scroller(
            "channels",
            items=found,
            item_height=ROW_DP,
            render_item=render,
            id="browse_channel_list",
        )
        if found
        else empty_state("No more channels to join", id="no_channels")
    )
    return Column(
        toolbar(
            "Browse channels",
            on_up=ctx.finish,
            actions=[("add", "Create new channel", create_instead)],
        ),
        ctx.edit("filter", hint="Search channels", id="browse_search", margin=(16, 4, 16, 4)),
        body,
        height=MATCH,
    )


def create_screen(ctx: AppContext) -> View:
    private = bool(ctx.get("private", False))

    def create() -> None:
        team = data.current_team(ctx)
        name = ctx.field("name").strip()
        if team is None:
            return
        if len(name) < channel_data.MIN_NAME_LENGTH:
            ctx.toast(f"Channel name must be {channel_data.MIN_NAME_LENGTH} or more characters")
            return
        taken = (
            data.server(ctx)
            .execute(
                "SELECT 1 FROM channels WHERE team_id = ? AND name = ?",
                (team["id"], channel_data.url_name(ctx, name)),
            )
            .fetchone()
        )
        if taken:
            ctx.toast("A channel with that name already exists")
            return
        channel_id = channel_data.create_channel(
            ctx, team["id"], name, ctx.field("purpose").strip(), private
        )
        ctx.finish()
        open_channel(ctx, channel_id)

    return Column(
        toolbar("Create new channel", on_up=ctx.finish, actions=[("check", "Create", create)]),
        Switch(
            "Make private",
            checked=private,
            id="make_private",
            on_change=lambda value: ctx.set("private", value),
            padding=(16, 12),
        ),
        ctx.edit("name", hint="Name", id="channel_name_input", margin=(16, 8)),
        ctx.edit("purpose", hint="Purpose (optional)", id="channel_purpose_input", margin=(16, 8)),
        TextView(
            "Private channels are only visible to the people invited."
            if private
            else "Anyone in the team can find and join a public channel.",
            size=13,
            color="text_secondary",
            max_lines=2,
            padding=(16, 4),
            width=MATCH,
        ),
        height=MATCH,
    )
