"""SMS Messenger's database: messages, per-conversation flags, drafts, blocked numbers and
the app's preferences.

A conversation is every message with one address (a phone number or a short code). Its
contact name comes from the Contacts app's database, matched on the number's last ten
digits, as Android's contacts provider matches numbers.
"""

from __future__ import annotations

import re
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import itemgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, cast

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.contacts.data import phone_book, phone_book_stamp
from mobile_gym.sim.apps.rows import QueryRows, records
from mobile_gym.sim.apps.text_search import like_literal
from mobile_gym.sim.ui.list_items import MadeItems

if TYPE_CHECKING:
    from mobile_gym.sim.apps.sms_messenger.app import SmsMessengerApp

PACKAGE = "com.simplemobiletools.smsmessenger"
MAIN = ".activities.MainActivity"
THREAD = ".activities.ThreadActivity"
NEW_CONVERSATION = ".activities.NewConversationActivity"
ARCHIVED = ".activities.ArchivedConversationsActivity"
BLOCKED = ".activities.ManageBlockedNumbersActivity"
SETTINGS = ".activities.SettingsActivity"
DATABASE = "messages"
RECEIVED, SENT = 1, 2
"""Message ``type`` values, as Android's SMS provider numbers them (inbox, sent)."""

SCHEMA = (
    """
CREATE TABLE messages(
    id INTEGER PRIMARY KEY,
    address TEXT NOT NULL,
    body TEXT NOT NULL,
    date INTEGER NOT NULL,
    type INTEGER NOT NULL DEFAULT 1,
    read INTEGER NOT NULL DEFAULT 1
);
CREATE INDEX messages_by_address ON messages(address, date, id);
CREATE TABLE conversations(
    address TEXT PRIMARY KEY,
    archived INTEGER NOT NULL DEFAULT 0,
    pinned INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE drafts(
    address TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    date INTEGER NOT NULL
);
CREATE TABLE blocked_numbers(number TEXT PRIMARY KEY);
"""
    + preferences.SCHEMA
)
FONT_SIZES = (
    ("small", "Small", 14),
    ("medium", "Medium", 16),
    ("large", "Large", 19),
    ("extra_large", "Extra large", 22),
)
"""The font sizes Settings offers: (preference value, label, message text size in sp)."""
DEFAULTS: dict[str, str] = {"font_size": "medium"}
"""Preferences (table ``preferences``) and their defaults."""
_PHONE = re.compile(r"[\d+\-() .]+")
_NOT_DIGIT = re.compile(r"\D")


def prefs(ctx: AppContext) -> preferences.Preferences:
    """The app's preferences (in its database ``messages``)."""
    return preferences.Preferences(ctx, DEFAULTS, DATABASE)


def number_key(number: str) -> str:
    """What two spellings of one number share: its last ten digits (or the text, lower-case,
    for an address without digits)."""
    digits = _NOT_DIGIT.sub("", number)
    return digits[-10:] if digits else number.strip().lower()


def number_query(query: str) -> str | None:
    """What a query finds numbers by (``number_key``): None for a query without digits,
    which finds no number."""
    return number_key(query) if any(ch.isdigit() for ch in query) else None


def number_matches(query: str, number: str) -> bool:
    """Whether a query with digits finds ``number`` (ignoring how either is spelled): its
    digits in the number's last ten, or in all of them (``1555804`` in ``+1 555-804-9872``)."""
    key = number_query(query)
    if key is None:
        return False
    return key in number_key(number) or _NOT_DIGIT.sub("", query) in _NOT_DIGIT.sub("", number)


def is_phone_number(text: str) -> bool:
    """Whether ``text`` can be sent to: phone characters with at least three digits."""
    return _PHONE.fullmatch(text.strip()) is not None and len(re.sub(r"\D", "", text)) >= 3


class Message(NamedTuple):
    """One row of ``messages``."""

    id: int
    address: str
    body: str
    date: int
    type: int
    read: bool

    @property
    def sent(self) -> bool:
        return self.type == SENT


@dataclass(frozen=True)
class Conversation:
    """The messages with one address, as the conversation list shows them: its newest one
    and whether any is unread."""

    address: str
    name: str
    """The contact's name, or empty for a number not in Contacts."""
    last: Message
    unread: bool
    archived: bool
    pinned: bool

    @property
    def title(self) -> str:
        return self.name or self.address


class PhoneBook(NamedTuple):
    """What the app reads of the contacts with a number."""

    names: dict[str, str]
    """Their names by ``number_key`` of their numbers."""
    people: tuple[tuple[str, str], ...]
    """(name, number) of each, by name (any case)."""


def phone_book_of(ctx: AppContext) -> PhoneBook:
    """The contacts with a number (none without a Contacts app), read again only once the
    contacts changed (``SmsMessengerApp.phone_books``): a long phone book is not read at
    every build of the conversation list or every letter typed for a new conversation."""
    phone = ctx.phone

    def read(_stamp: object) -> PhoneBook:
        people = [(name, number) for name, number in phone_book(phone) if number]
        return PhoneBook(
            {number_key(number): name for name, number in people},
            tuple(sorted(people, key=lambda person: person[0].lower())),
        )

    return cast("SmsMessengerApp", ctx.app).phone_books.get(phone_book_stamp(phone), read)


def contact_names(ctx: AppContext) -> dict[str, str]:
    """Contact names by ``number_key`` of their numbers (empty without a Contacts app)."""
    return phone_book_of(ctx).names


def blocked_keys(ctx: AppContext) -> set[str]:
    return {number_key(n) for (n,) in ctx.db().execute("SELECT number FROM blocked_numbers")}


def blocked_numbers(ctx: AppContext) -> Sequence[str]:
    """The blocked numbers in order, read a page at a time as the list shows them."""
    return MadeItems(ctx.rows("SELECT number FROM blocked_numbers ORDER BY number"), itemgetter(0))


_MESSAGES = "SELECT id, address, body, date, type, read FROM messages"
"""The columns of ``Message``, in its order."""


_THREAD = f"{_MESSAGES} WHERE address = ? ORDER BY date, id"
"""A conversation's messages, oldest first (through the index ``messages_by_address``)."""


def messages(ctx: AppContext, address: str) -> list[Message]:
    """The conversation's messages, oldest first, read at once."""
    return records(ctx.db(), Message, _THREAD, (address,))


def thread_rows(ctx: AppContext, address: str) -> QueryRows:
    """The conversation's messages, oldest first, as rows of ``Message``'s fields read a page
    at a time as the thread shows them: a long thread costs what its messages on screen
    cost."""
    return ctx.rows(_THREAD, (address,))


_LAST_MESSAGES = """
SELECT last.id, last.address, last.body, last.date, last.type, last.read, thread.unread
FROM (SELECT address, max(read = 0) AS unread FROM messages GROUP BY address) AS thread
JOIN messages AS last ON last.id = (
    SELECT id FROM messages WHERE address = thread.address ORDER BY date DESC, id DESC LIMIT 1
)
"""
"""Each conversation's newest message (``Message``'s columns) and whether it has unread
ones: found through the index ``messages_by_address``, in SQLite, whatever its length."""


class Listing(NamedTuple):
    """Conversations as a list shows them: in its order, by address (for the one a long
    press picked), and the text a row shows under its title where that is not the newest
    message (a search's match)."""

    conversations: tuple[Conversation, ...]
    by_address: Mapping[str, Conversation]
    snippets: Mapping[str, str]


def _listing(
    conversations: Iterable[Conversation], snippets: dict[str, str] | None = None
) -> Listing:
    shown = tuple(conversations)
    return Listing(
        shown,
        MappingProxyType({c.address: c for c in shown}),
        MappingProxyType(snippets or {}),
    )


class Conversations(NamedTuple):
    """Every conversation with a number not blocked (pinned first, then newest first), and
    the lists of the main screen (not archived) and of the archive."""

    every: tuple[Conversation, ...]
    inbox: Listing
    archive: Listing


def _stamps(ctx: AppContext) -> tuple[Hashable, Hashable]:
    """What moves whenever the conversations may read otherwise: the app's database
    (messages, flags, blocked numbers) or the contacts (names). Taking it reads both, so a
    screen built with it is built again when either changes."""
    return ctx.phone.storage.stamp(ctx.db()), phone_book_stamp(ctx.phone)


def conversations(ctx: AppContext) -> Conversations:
    """The conversations, read, matched with the contacts and sorted again only once the
    messages or the contacts change (``SmsMessengerApp.conversation_lists``): a long list
    of conversations is not read at every build of the list, only its rows in view made."""

    def read(_stamps: object) -> Conversations:
        every = tuple(_read_conversations(ctx))
        return Conversations(
            every,
            _listing(c for c in every if not c.archived),
            _listing(c for c in every if c.archived),
        )

    return cast("SmsMessengerApp", ctx.app).conversation_lists.get(_stamps(ctx), read)


def _read_conversations(ctx: AppContext) -> list[Conversation]:
    """Every conversation with a number not blocked: pinned first, then newest first."""
    db = ctx.db()
    flags = {a: (bool(x), bool(p)) for a, x, p in db.execute("SELECT * FROM conversations")}
    names = contact_names(ctx)
    blocked = blocked_keys(ctx)
    found = []
    for *last, unread in db.execute(_LAST_MESSAGES):
        message = Message(*last)
        key = number_key(message.address)
        if key in blocked:
            continue
        archived, pinned = flags.get(message.address, (False, False))
        found.append(
            Conversation(
                address=message.address,
                name=names.get(key, ""),
                last=message,
                unread=bool(unread),
                archived=archived,
                pinned=pinned,
            )
        )
    found.sort(key=lambda c: (not c.pinned, -c.last.date, -c.last.id))
    return found


def search(ctx: AppContext, query: str) -> Listing:
    """What a search for ``query`` (stripped, lower-case) lists: the conversations, archived
    ones included, in the list's order, whose contact name or number matches (showing their
    newest message) or else one of whose messages holds the query in any case (showing the
    newest that does). Found again only once the messages or the contacts change
    (``SmsMessengerApp.searches``): the screen built again for the same query matches
    nothing again."""

    def find(_key: object) -> Listing:
        every = conversations(ctx).every
        number = number_query(query)
        bodies = _newest_bodies_holding(ctx, query)
        snippets: dict[str, str] = {}
        for conv in every:
            address = conv.address
            if query in conv.title.lower() or (
                number is not None and number_matches(query, address)
            ):
                snippets[address] = conv.last.body
            elif address in bodies:
                snippets[address] = bodies[address]
        return _listing((c for c in every if c.address in snippets), snippets)

    return cast("SmsMessengerApp", ctx.app).searches.get((*_stamps(ctx), query), find)


_HOLDING = r"""
SELECT address, body FROM messages
WHERE body LIKE ? ESCAPE '\' OR length(body) < length(CAST(body AS BLOB))
ORDER BY date DESC, id DESC
"""
"""The messages, newest first, that may hold a text in any case: those ``LIKE`` finds
(which folds the case of ASCII letters only), and those with a character beyond ASCII
(more bytes than characters), whose case Python folds."""


def _newest_bodies_holding(ctx: AppContext, query: str) -> dict[str, str]:
    """The newest body holding ``query`` (lower-case) in any case, by address of the
    conversations with one: found by SQLite among every message, then checked as Python
    folds case (``str.lower``)."""
    pattern = "%" + like_literal(query) + "%"
    found: dict[str, str] = {}
    for address, body in ctx.db().execute(_HOLDING, (pattern,)):
        if address not in found and query in body.lower():
            found[address] = body
    return found


def find_conversation(ctx: AppContext, number: str) -> str | None:
    """The address of an existing conversation with ``number`` (any spelling), if any."""
    db = ctx.db()
    if db.execute("SELECT 1 FROM messages WHERE address = ? LIMIT 1", (number,)).fetchone():
        return number  # (found through the index on the address, however long the thread)
    key = number_key(number)
    for (address,) in db.execute("SELECT DISTINCT address FROM messages"):
        if number_key(address) == key:
            return address
    return None


def title_of(ctx: AppContext, address: str) -> str:
    """The contact name for ``address``, else the address itself."""
    return contact_names(ctx).get(number_key(address), address)


# changes, each logged (tag ``SMSMessenger``) -------------------------------------------------
def send(ctx: AppContext, address: str, body: str) -> None:
    """Store a sent message at the virtual clock's time; an archived conversation returns."""
    _store(ctx, address, body, SENT)
    ctx.log(f"Message sent: to={address} body={body}")


def _store(ctx: AppContext, address: str, body: str, type_: int) -> None:
    """Store a message of ``type_`` (a received one unread) at the virtual clock's time; an
    archived conversation returns."""
    db = ctx.db()
    db.execute(
        "INSERT INTO messages(address, body, date, type, read) VALUES (?, ?, ?, ?, ?)",
        (address, body, ctx.phone.clock.epoch_ms, type_, int(type_ == SENT)),
    )
    db.execute("UPDATE conversations SET archived = 0 WHERE address = ?", (address,))


def receive(ctx: AppContext, address: str, body: str) -> bool:
    """A message from ``address`` arrives: stored unread at the virtual clock's time, in the
    conversation with that number whatever its spelling (an archived one returns), and
    notified under the contact's name, a tap opening the conversation; from a blocked
    number it is dropped. Whether it was kept."""
    if number_key(address) in blocked_keys(ctx):
        ctx.log(f"Message blocked: from={address}")
        return False
    address = find_conversation(ctx, address) or address
    _store(ctx, address, body, RECEIVED)
    ctx.log(f"Message received: from={address} body={body}")
    query = "SELECT min(id) FROM messages WHERE address = ?"
    (thread,) = ctx.db().execute(query, (address,)).fetchone()
    ctx.phone.notifications.post(
        PACKAGE, thread, title_of(ctx, address), body, THREAD, address=address
    )
    return True


def draft(ctx: AppContext, address: str) -> str:
    """The draft kept for the conversation with ``address``, or ``""``."""
    row = ctx.db().execute("SELECT body FROM drafts WHERE address = ?", (address,)).fetchone()
    return row[0] if row else ""


def drafts(ctx: AppContext) -> dict[str, str]:
    """Every draft, by its conversation's address."""
    return dict(ctx.db().execute("SELECT address, body FROM drafts"))


def keep_draft(ctx: AppContext, address: str, text: str) -> None:
    """Keep ``text`` (without white space around it) as the conversation's draft, as the app
    does when its thread screen pauses; no text drops the draft. Nothing is written when the
    draft kept is that text already."""
    body = text.strip()
    if body == draft(ctx, address):
        return
    db = ctx.db()
    if body:
        db.execute(
            "INSERT OR REPLACE INTO drafts(address, body, date) VALUES (?, ?, ?)",
            (address, body, ctx.phone.clock.epoch_ms),
        )
    else:
        db.execute("DELETE FROM drafts WHERE address = ?", (address,))


def _flag(ctx: AppContext, address: str, column: str, value: bool) -> None:
    ctx.db().execute(
        f"INSERT INTO conversations(address, {column}) VALUES (?, ?) "
        f"ON CONFLICT(address) DO UPDATE SET {column} = excluded.{column}",
        (address, int(value)),
    )


def set_archived(ctx: AppContext, address: str, archived: bool) -> None:
    _flag(ctx, address, "archived", archived)
    ctx.log(f"Conversation {'archived' if archived else 'unarchived'}: address={address}")


def set_pinned(ctx: AppContext, address: str, pinned: bool) -> None:
    _flag(ctx, address, "pinned", pinned)
    ctx.log(f"Conversation {'pinned' if pinned else 'unpinned'}: address={address}")


def mark_read(ctx: AppContext, address: str, read: bool, *, log: bool = True) -> None:
    """Mark every message read, or the last received one unread (as the real app does)."""
    db = ctx.db()
    if read:
        db.execute("UPDATE messages SET read = 1 WHERE address = ?", (address,))
    else:
        db.execute(
            "UPDATE messages SET read = 0 WHERE id = (SELECT id FROM messages WHERE address = ? "
            "ORDER BY type = ?, date DESC, id DESC LIMIT 1)",
            (address, SENT),
        )
    if log:
        ctx.log(f"Conversation marked as {'read' if read else 'unread'}: address={address}")


def delete_conversation(ctx: AppContext, address: str) -> None:
    db = ctx.db()
    db.execute("DELETE FROM messages WHERE address = ?", (address,))
    db.execute("DELETE FROM conversations WHERE address = ?", (address,))
    db.execute("DELETE FROM drafts WHERE address = ?", (address,))
    ctx.log(f"Conversation deleted: address={address}")


def delete_messages(ctx: AppContext, address: str, ids: list[int]) -> None:
    """Delete some messages of a conversation."""
    marks = ", ".join("?" for _ in ids)
    ctx.db().execute(f"DELETE FROM messages WHERE id IN ({marks})", ids)
    ctx.log(f"Messages deleted: address={address} count={len(ids)}")


def block(ctx: AppContext, number: str) -> None:
    ctx.db().execute("INSERT OR IGNORE INTO blocked_numbers(number) VALUES (?)", (number,))
    ctx.log(f"Number blocked: {number}")


def unblock(ctx: AppContext, number: str) -> None:
    ctx.db().execute("DELETE FROM blocked_numbers WHERE number = ?", (number,))
    ctx.log(f"Number unblocked: {number}")
