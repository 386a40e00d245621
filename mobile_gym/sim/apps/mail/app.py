"""The Mail app class: package, launcher entry, database, seed content, screens, drafts."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.mail import data
from mobile_gym.sim.apps.mail.compose import compose_screen, keep_draft
from mobile_gym.sim.apps.mail.inbox import main_screen, search
from mobile_gym.sim.apps.mail.message import message_screen, shown_mail
from mobile_gym.sim.apps.mail.seed import seed_mails

PEOPLE = 2
"""How many readings of everyone with an email are kept (``MailApp.people``)."""


class MailApp(App):
    """A Gmail-like mail client for one account, its mails kept in SQLite."""

    package = data.PACKAGE
    label = "Gmail"
    icon = "email"
    color = (219, 68, 55)
    seeds_from = (CONTACTS,)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.VIEW: "message",
        data.COMPOSE: "compose",
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}

    def __init__(self) -> None:
        super().__init__()
        self.people: FIFOCache[tuple, tuple[tuple[str, str], ...]] = FIFOCache(PEOPLE)
        """Everyone with an email (``data.people``), by the stamps of Contacts' database and
        of the mails': found again once either changes."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_mails(ctx, rng)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == data.VIEW:
            mail = shown_mail(ctx)
            return mail.subject if mail else self.label
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """BACK closes the drawer and leaves search first; leaving the editor keeps a draft."""
        activity = ctx.screen.activity
        if activity == data.MAIN:
            if ctx.get("drawer"):
                ctx.pop("drawer")
                return True
            if search(ctx).close_on_back():
                return True
            if ctx.get("folder", "inbox") != "inbox":
                ctx.set("folder", "inbox")
                return True
        if activity == data.COMPOSE:
            keep_draft(ctx)
            ctx.set("closed", True)
        return False

    def swipe(self, ctx: AppContext, direction: str) -> bool:
        """A swipe to the right on the list opens the navigation drawer."""
        if ctx.screen.activity == data.MAIN and direction == "right":
            ctx.set("drawer", True)
            return True
        return False

    def pause(self, ctx: AppContext) -> None:
        if ctx.screen.activity == data.COMPOSE:
            keep_draft(ctx)

    main = staticmethod(main_screen)
    message = staticmethod(message_screen)
    compose = staticmethod(compose_screen)
