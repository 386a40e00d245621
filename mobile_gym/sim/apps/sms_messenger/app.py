"""The SMS Messenger app class: package, launcher entry, database, seed content, screens."""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import ClassVar

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.about import SCREENS as ABOUT_SCREENS
from mobile_gym.sim.apps.about import AboutPages
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.contacts import PACKAGE as CONTACTS
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.blocked import blocked_screen
from mobile_gym.sim.apps.sms_messenger.conversations import (
    VERSION,
    archived_screen,
    main_screen,
    search,
)
from mobile_gym.sim.apps.sms_messenger.new_conversation import new_conversation_screen
from mobile_gym.sim.apps.sms_messenger.seed import seed_messages
from mobile_gym.sim.apps.sms_messenger.settings import settings_screen
from mobile_gym.sim.apps.sms_messenger.thread import (
    keep_draft,
    selection,
    thread_address,
    thread_screen,
)

PHONE_BOOKS = 2
"""How many readings of the contacts are kept (``SmsMessengerApp.phone_books``)."""
CONVERSATION_LISTS = 2
"""How many readings of the conversations are kept (``SmsMessengerApp.conversation_lists``)."""
SEARCHES = 8
"""How many searches' results are kept (``SmsMessengerApp.searches``)."""


class SmsMessengerApp(AboutPages, App):
    """Simple SMS Messenger: conversations with contacts and numbers, kept in SQLite."""

    package = data.PACKAGE
    label = "SMS Messenger"
    icon = "message"
    color = (33, 150, 243)
    dock = True
    seeds_from = (CONTACTS,)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.THREAD: "thread",
        data.NEW_CONVERSATION: "new_conversation",
        data.ARCHIVED: "archived",
        data.BLOCKED: "blocked",
        data.SETTINGS: "settings",
        **ABOUT_SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}
    about_name = "Simple SMS Messenger"
    version = VERSION

    def __init__(self) -> None:
        super().__init__()
        self.phone_books: FIFOCache[Hashable, data.PhoneBook] = FIFOCache(PHONE_BOOKS)
        """The contacts with a number (``data.phone_book_of``), by the stamp of Contacts'
        database: read again once the contacts change."""
        self.conversation_lists: FIFOCache[Hashable, data.Conversations] = FIFOCache(
            CONVERSATION_LISTS
        )
        """The conversations (``data.conversations``), by the stamps of the app's database
        and of Contacts' database: read again once the messages or the contacts change."""
        self.searches: FIFOCache[Hashable, data.Listing] = FIFOCache(SEARCHES)
        """What searches list (``data.search``), by the stamps of the two databases and the
        query: found again once the messages or the contacts change."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_messages(ctx, rng)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == data.THREAD:
            return data.title_of(ctx, thread_address(ctx))
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """BACK leaves search mode on the list and selection mode in a conversation first;
        leaving a conversation keeps its draft."""
        if ctx.screen.activity == data.THREAD:
            if selection(ctx).close_on_back():
                return True
            keep_draft(ctx)
            return False
        return ctx.screen.activity == data.MAIN and search(ctx).close_on_back()

    def pause(self, ctx: AppContext) -> None:
        """Leaving the app (HOME, recents, another app) from a conversation keeps its draft,
        as the real app does when its thread screen pauses."""
        if ctx.screen.activity == data.THREAD:
            keep_draft(ctx)

    main = staticmethod(main_screen)
    thread = staticmethod(thread_screen)
    new_conversation = staticmethod(new_conversation_screen)
    archived = staticmethod(archived_screen)
    blocked = staticmethod(blocked_screen)
    settings = staticmethod(settings_screen)
