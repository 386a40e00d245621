"""People: a user's profile (with "Send Message") and starting a direct or group message."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data
from mobile_gym.sim.apps.mattermost.channel import open_channel
from mobile_gym.sim.apps.mattermost.picker import people_picker
from mobile_gym.sim.apps.mattermost.posts import avatar
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Button, TextView


def message_people(ctx: AppContext, user_ids: list[int]) -> None:
    """Open the direct (or group) message with ``user_ids``, made if needed."""
    open_channel(ctx, channel_data.direct_channel(ctx, user_ids))


def profile_screen(ctx: AppContext) -> View:
    person = data.user(ctx, ctx.args["user_id"])
    if person is None:
        return Column(ctx.up_bar("Profile"), empty_state("No such user"), height=MATCH)
    rows: list[View] = [
        avatar(person.username, 96),
        TextView(
            person.full_name,
            id="profile_name",
            size=22,
            bold=True,
            gravity="center",
            margin=(0, 12, 0, 0),
        ),
        TextView(
            f"@{person.username}",
            id="profile_username",
            size=15,
            color="text_secondary",
            gravity="center",
        ),
    ]
    rows[0].gravity = "center"
    rows[0].margin = (0, 24, 0, 0)
    if person.id != data.ME:
        rows.append(
            Button(
                "Send Message",
                id="send_message",
                margin=(16, 16),
                on_click=lambda: message_people(ctx, [person.id]),
            )
        )
    if person.position:
        rows.append(list_item(person.position, "Position", id="profile_position"))
    rows.append(list_item(person.email, "Email", id="profile_email"))
    return Column(ctx.up_bar("Profile"), *rows, height=MATCH)


def new_message_screen(ctx: AppContext) -> View:
    team = data.current_team(ctx)

    def start(chosen: list[int]) -> None:
        ctx.finish()
        message_people(ctx, chosen)

    return people_picker(
        ctx,
        title="Direct Messages",
        action="Start",
        candidates=data.team_users(ctx, team["id"]) if team is not None else [],
        on_done=start,
        prefix="new_message",
        empty="No one found",
    )
