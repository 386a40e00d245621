"""The Mattermost client app and its server: package, launcher entry, databases, seed,
screens."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.backend import SERVER_DATABASE, Backend
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.mattermost import channel_data, data, drafts
from mobile_gym.sim.apps.mattermost.attach import attach_screen, go_up
from mobile_gym.sim.apps.mattermost.browse import browse_screen, create_screen
from mobile_gym.sim.apps.mattermost.channel import channel_screen
from mobile_gym.sim.apps.mattermost.home import main_screen
from mobile_gym.sim.apps.mattermost.info import (
    add_members_screen,
    info_screen,
    members_screen,
    pinned_screen,
)
from mobile_gym.sim.apps.mattermost.people import new_message_screen, profile_screen
from mobile_gym.sim.apps.mattermost.seed import seed_server
from mobile_gym.sim.apps.mattermost.thread import thread_root, thread_screen


def _keep_draft(ctx: AppContext) -> None:
    """Keep the post box's text of the channel or thread on screen as its draft."""
    if ctx.screen.activity == data.CHANNEL:
        drafts.keep(ctx, ctx.args["channel_id"])
    elif ctx.screen.activity == data.THREAD:
        root = thread_root(ctx)
        if root is not None:
            drafts.keep(ctx, root.channel_id, root.id)


class MattermostServer(Backend):
    """The Mattermost server the app talks to: users, teams, channels, posts."""

    package = data.SERVER
    label = "Mattermost server"
    schemas: ClassVar[dict[str, str]] = {SERVER_DATABASE: data.SCHEMA}
    seeds_from = (CONTACTS,)

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_server(ctx, rng)


class MattermostApp(App):
    """The Mattermost mobile app, logged in as ``harry`` on the phone's server."""

    package = data.PACKAGE
    label = "Mattermost"
    icon = "message"
    color = (30, 50, 92)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.CHANNEL: "channel",
        data.THREAD: "thread",
        data.CHANNEL_INFO: "info",
        data.MEMBERS: "members",
        data.ADD_MEMBERS: "add_members",
        data.PINNED: "pinned",
        data.BROWSE: "browse",
        data.CREATE: "create",
        data.PROFILE: "profile",
        data.NEW_MESSAGE: "new_message",
        data.ATTACH: "attach",
    }
    schemas: ClassVar[dict[str, str]] = {data.APP_DATABASE: data.APP_SCHEMA}

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == data.CHANNEL:
            found = channel_data.channel(ctx, ctx.args["channel_id"])
            return found.title if found else self.label
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """BACK walks up the file picker's folders, from another tab goes Home, and keeps
        the draft of a channel or thread it leaves."""
        if ctx.screen.activity == data.ATTACH:
            return go_up(ctx)
        if ctx.screen.activity == data.MAIN and ctx.get("tab", 0):
            ctx.set("tab", 0)
            return True
        _keep_draft(ctx)
        return False

    def pause(self, ctx: AppContext) -> None:
        _keep_draft(ctx)

    main = staticmethod(main_screen)
    channel = staticmethod(channel_screen)
    thread = staticmethod(thread_screen)
    info = staticmethod(info_screen)
    members = staticmethod(members_screen)
    add_members = staticmethod(add_members_screen)
    pinned = staticmethod(pinned_screen)
    browse = staticmethod(browse_screen)
    create = staticmethod(create_screen)
    profile = staticmethod(profile_screen)
    new_message = staticmethod(new_message_screen)
    attach = staticmethod(attach_screen)
