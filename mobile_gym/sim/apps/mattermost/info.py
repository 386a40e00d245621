"""A channel's info page and what it leads to: its members, adding members, its pinned
messages, leaving it."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import channel_data, data, post_data
from mobile_gym.sim.apps.mattermost.channel import open_thread
from mobile_gym.sim.apps.mattermost.picker import USER_DP, people_picker, user_row
from mobile_gym.sim.apps.mattermost.posts import details, post_view
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView


def _gone(ctx: AppContext, title: str) -> View:
    return Column(ctx.up_bar(title), empty_state("This channel no longer exists"), height=MATCH)


def info_screen(ctx: AppContext) -> View:
    channel = channel_data.channel(ctx, ctx.args["channel_id"])
    if channel is None:
        return _gone(ctx, "Channel info")
    members = channel_data.member_ids(ctx, channel.id)

    def leave() -> None:
        channel_data.leave(ctx, channel.id)
        ctx.finish()
        ctx.finish()

    kind = {
        data.PUBLIC: "Public channel",
        data.PRIVATE: "Private channel",
        data.DIRECT: "Direct message",
        data.GROUP: "Group message",
    }[channel.type]
    rows: list[View] = [
        TextView(
            channel.title, id="channel_info_name", size=22, bold=True, padding=(16, 16, 16, 0)
        ),
        TextView(kind, id="channel_info_type", size=14, color="text_secondary", padding=(16, 4)),
    ]
    if channel.purpose:
        rows.append(
            TextView(
                channel.purpose,
                id="channel_info_purpose",
                size=15,
                max_lines=4,
                padding=(16, 8),
                width=MATCH,
            )
        )
    if channel.type == data.DIRECT:
        other = next((m for m in members if m != data.ME), data.ME)
        rows.append(
            list_item(
                "View profile",
                icon="person",
                id="view_profile",
                on_click=lambda: ctx.open(data.PROFILE, user_id=other),
            )
        )
    rows.append(
        list_item(
            "Members",
            str(len(members)),
            icon="people",
            id="channel_members",
            on_click=lambda: ctx.open(data.MEMBERS, channel_id=channel.id),
        )
    )
    if not channel.is_direct:
        rows.append(
            list_item(
                "Add members",
                icon="add",
                id="add_members",
                on_click=lambda: ctx.open(data.ADD_MEMBERS, channel_id=channel.id),
            )
        )
    rows.append(
        list_item(
            "Pinned messages",
            str(len(post_data.pinned_posts(ctx, channel.id))),
            icon="star",
            id="pinned_messages",
            on_click=lambda: ctx.open(data.PINNED, channel_id=channel.id),
        )
    )
    if not channel.is_direct and channel.name != "town-square":
        confirm = ctx.dialog(
            "leave",
            "Leave channel",
            f"Are you sure you want to leave {channel.title}?",
            buttons=[("No", None), ("Yes", leave)],
        )
        rows.append(list_item("Leave channel", icon="back", id="leave_channel", on_click=confirm))
    return Column(ctx.up_bar("Channel info"), *rows, height=MATCH)


def members_screen(ctx: AppContext) -> View:
    channel = channel_data.channel(ctx, ctx.args["channel_id"])
    if channel is None:
        return _gone(ctx, "Members")
    everyone = data.users(ctx)
    people = [everyone[m] for m in channel_data.member_ids(ctx, channel.id) if m in everyone]
    people.sort(key=lambda p: p.username)

    def render(index: int, _: object) -> View:
        person = people[index]
        return user_row(person, on_click=lambda: ctx.open(data.PROFILE, user_id=person.id))

    return Column(
        ctx.up_bar("Members"),
        ctx.scroller(
            "members", items=people, item_height=USER_DP, render_item=render, id="members_list"
        ),
        height=MATCH,
    )


def add_members_screen(ctx: AppContext) -> View:
    channel = channel_data.channel(ctx, ctx.args["channel_id"])
    if channel is None:
        return _gone(ctx, "Add members")
    inside = set(channel_data.member_ids(ctx, channel.id))

    def add(chosen: list[int]) -> None:
        channel_data.add_members(ctx, channel.id, chosen)
        ctx.toast(f"{len(chosen)} {'member' if len(chosen) == 1 else 'members'} added")
        ctx.finish()

    return people_picker(
        ctx,
        title="Add members",
        action="Add",
        candidates=[p for p in data.team_users(ctx, channel.team_id) if p.id not in inside],
        on_done=add,
        prefix="add_members",
        empty="No one else to add",
    )


def pinned_screen(ctx: AppContext) -> View:
    channel = channel_data.channel(ctx, ctx.args["channel_id"])
    if channel is None:
        return _gone(ctx, "Pinned messages")
    pinned = post_data.pinned_posts(ctx, channel.id)
    extra = details(ctx, pinned)
    rows: list[View] = [
        post_view(ctx, p, extra, on_open_thread=lambda p=p.id: open_thread(ctx, p)) for p in pinned
    ]
    if not rows:
        rows.append(empty_state("No pinned messages yet", id="no_pinned"))
    return Column(
        ctx.up_bar("Pinned messages"),
        ctx.scroller("pinned", rows, cls=ScrollView, id="pinned_list"),
        height=MATCH,
    )
