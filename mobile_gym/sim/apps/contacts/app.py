"""The Contacts app class: package, launcher entry, database, seed content and screens."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.about import SCREENS as ABOUT_SCREENS
from mobile_gym.sim.apps.about import AboutPages
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.contacts import data
from mobile_gym.sim.apps.contacts.detail import edit_screen, view_screen
from mobile_gym.sim.apps.contacts.groups import group_screen
from mobile_gym.sim.apps.contacts.main import VERSION, main_screen, search
from mobile_gym.sim.apps.contacts.settings import dialpad_screen, settings_screen


class ContactsApp(AboutPages, App):
    """Simple Contacts Pro: contacts, favorites and groups over one SQLite database."""

    package = data.PACKAGE
    label = "Contacts"
    icon = "person"
    color = (245, 124, 0)
    dock = True
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.VIEW: "view",
        data.EDIT: "edit",
        data.GROUP: "group",
        data.SETTINGS: "settings",
        data.DIALPAD: "dialpad",
        **ABOUT_SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}
    about_name = "Simple Contacts Pro"
    version = VERSION

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        data.seed_contacts(ctx.db(), rng, ctx.phone.boot_ms)

    def title(self, ctx: AppContext) -> str:
        activity = ctx.screen.activity
        if activity == data.VIEW:
            contact = data.contact(ctx, ctx.args.get("contact_id"))
            if contact is not None:
                return data.display_name(contact)
        elif activity == data.EDIT:
            return "Edit contact" if "contact_id" in ctx.args else "New contact"
        elif activity == data.GROUP:
            group = data.group(ctx, ctx.args.get("group_id"))
            if group is not None:
                return group["title"]
        return self.label

    def back(self, ctx: AppContext) -> bool:
        return ctx.screen.activity == data.MAIN and search(ctx).close_on_back()

    main = staticmethod(main_screen)
    view = staticmethod(view_screen)
    edit = staticmethod(edit_screen)
    group = staticmethod(group_screen)
    settings = staticmethod(settings_screen)
    dialpad = staticmethod(dialpad_screen)
