"""Contacts' database: contacts, groups, group members and preferences; queries, seeding and
names.

Other apps read it the way Android apps read the contacts provider (``phone_book``).
"""

from __future__ import annotations

import random
import re
import sqlite3
from collections.abc import Callable, Hashable, Sequence
from typing import TYPE_CHECKING, Any

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone


PACKAGE = "com.simplemobiletools.contacts.pro"
MAIN = ".activities.MainActivity"
VIEW = ".activities.ViewContactActivity"
EDIT = ".activities.EditContactActivity"
GROUP = ".activities.GroupContactsActivity"
SETTINGS = ".activities.SettingsActivity"
DIALPAD = ".activities.DialpadActivity"
DATABASE = "contacts"
PHONE_STORAGE = "Phone storage"
"""The contact source of contacts kept on the phone itself (the only one a fresh phone has)."""

SCHEMA = (
    """
CREATE TABLE contacts(
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL DEFAULT '',
    last_name TEXT NOT NULL DEFAULT '',
    phone TEXT NOT NULL DEFAULT '',
    email TEXT NOT NULL DEFAULT '',
    starred INTEGER NOT NULL DEFAULT 0,
    address TEXT NOT NULL DEFAULT '',
    company TEXT NOT NULL DEFAULT '',
    job_position TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL DEFAULT 0,
    source TEXT NOT NULL DEFAULT 'Phone storage',
    nickname TEXT NOT NULL DEFAULT '',
    notes TEXT NOT NULL DEFAULT '',
    phone_label TEXT NOT NULL DEFAULT 'Mobile',
    email_label TEXT NOT NULL DEFAULT 'Home'
);
CREATE TABLE groups(
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL
);
CREATE INDEX groups_by_title ON groups(title COLLATE NOCASE);
CREATE TABLE group_members(
    group_id INTEGER NOT NULL,
    contact_id INTEGER NOT NULL,
    PRIMARY KEY (group_id, contact_id)
);
"""
    + preferences.SCHEMA
)
DEFAULTS: dict[str, str] = {
    "sort": "first_name",
    "sort_order": "asc",
    "show_dialpad_button": "1",
    "show_phone_numbers": "1",
    "show_emails": "1",
    "show_addresses": "1",
    "show_organization": "1",
    "ignored_contact_sources": "",
}
"""Preferences (table ``preferences``) and their defaults."""
FIELD_PREFERENCES = {
    "phone": "show_phone_numbers",
    "email": "show_emails",
    "address": "show_addresses",
    "company": "show_organization",
    "job_position": "show_organization",
}
"""The preference that shows each optional contact field on the contact and editor pages."""
PHONE_LABELS = ("Mobile", "Home", "Work", "Main", "Work fax", "Home fax", "Pager", "Other")
EMAIL_LABELS = ("Home", "Work", "Mobile", "Other")
DEFAULT_LABELS = ("Mobile", "Home")
"""The labels a number and an email can carry (besides a custom one), and a new contact's."""

# fmt: off
FIRST_NAMES = (
    "Aaron", "Amelia", "Benjamin", "Chloe", "Daniel", "Elena", "Ethan", "Fatima", "Gabriel",
    "Hannah", "Isaac", "Julia", "Kevin", "Laura", "Lucas", "Maria", "Mohammed", "Nora", "Oliver",
    "Priya", "Rachel", "Samuel", "Sofia", "Thomas", "Valentina", "William", "Yuki", "Zoe",
)
LAST_NAMES = (
    "Anderson", "Bauer", "Chen", "Costa", "Dubois", "Evans", "Fischer", "Garcia", "Hughes",
    "Ivanova", "Johnson", "Kim", "Lopez", "Martin", "Nguyen", "Okafor", "Patel", "Rossi",
    "Schmidt", "Silva", "Taylor", "Walker", "Williams", "Young",
)
COMPANIES = (
    ("Northwind Traders", "Account manager"), ("Bluebird Clinic", "Nurse"),
    ("Harbor Logistics", "Dispatcher"), ("Greenleaf School", "Teacher"),
    ("Pixel Forge", "Software engineer"), ("City Library", "Librarian"),
    ("Summit Realty", "Estate agent"), ("Maple Bakery", "Owner"),
)
STREETS = (
    "Elm Street", "Oak Avenue", "Harbor Road", "Maple Lane", "Station Road", "Park Drive",
    "Mill Lane", "Church Street",
)
GROUP_TITLES = ("Family", "Friends", "Work", "Book club", "Neighbours")
# fmt: on
EMAIL_DOMAINS = ("gmail.com", "outlook.com", "yahoo.com", "proton.me", "icloud.com")
SORT_KEYS = {
    "first_name": ("first_name COLLATE NOCASE", "last_name COLLATE NOCASE", "id"),
    "last_name": ("last_name COLLATE NOCASE", "first_name COLLATE NOCASE", "id"),
    "date_created": ("created", "id"),
}
"""The columns each sorting orders the contacts by."""
DAY_MS = 86_400_000
_PHONE_QUERY = re.compile(r"[\d+\-() ]+")
_GROUPS = (
    "SELECT id, title, (SELECT COUNT(*) FROM group_members WHERE group_id = groups.id) AS count "
    "FROM groups ORDER BY title COLLATE NOCASE, id"
)
"""The groups by title (through the index ``groups_by_title``), each with its member
``count``."""


def full_name(contact: sqlite3.Row) -> str:
    """``First Last`` (either part may be empty)."""
    return f"{contact['first_name']} {contact['last_name']}".strip()


def display_name(contact: sqlite3.Row) -> str:
    """What the list shows for a contact: its name, else its number, else its email."""
    return full_name(contact) or contact["phone"] or contact["email"]


def digits(text: str) -> str:
    return re.sub(r"\D", "", text)


def matcher(query: str) -> Callable[[sqlite3.Row], bool]:
    """Whether ``query`` (lower-case, stripped) finds a contact by name or phone number (a
    number's digits when the query looks like one), the query read once for every contact."""
    found = digits(query) if _PHONE_QUERY.fullmatch(query) is not None else ""

    def match(contact: sqlite3.Row) -> bool:
        if query in full_name(contact).lower():
            return True
        if query in f"{contact['last_name']} {contact['first_name']}".lower():
            return True
        return bool(found) and found in digits(contact["phone"])

    return match


def matches(contact: sqlite3.Row, query: str) -> bool:
    """Whether ``query`` (lower-case, stripped) finds ``contact`` by name or phone number."""
    return matcher(query)(contact)


def prefs(ctx: AppContext) -> preferences.Preferences:
    """The app's preferences (in its database ``contacts``)."""
    return preferences.Preferences(ctx, DEFAULTS, DATABASE)


def shown_fields(ctx: AppContext) -> set[str]:
    """The contact columns the pages show: the names, nickname and notes, and the fields not
    hidden in Settings."""
    settings = prefs(ctx)
    return {"first_name", "last_name", "nickname", "notes"} | {
        column for column, key in FIELD_PREFERENCES.items() if settings.flag(key)
    }


def order_by(sort: str, descending: bool = False) -> str:
    """The ORDER BY terms of a sorting (``SORT_KEYS``), each reversed when ``descending``."""
    return ", ".join(f"{key} DESC" if descending else key for key in SORT_KEYS[sort])


def ignored_sources(ctx: AppContext) -> list[str]:
    """The contact sources the filter hides (preference ``ignored_contact_sources``)."""
    return [name for name in prefs(ctx).get("ignored_contact_sources").split(",") if name]


def sources(ctx: AppContext) -> tuple[str, ...]:
    """Every contact source: phone storage and those of the stored contacts (read again only
    once the contacts change)."""

    def read() -> tuple[str, ...]:
        rows = ctx.db().execute("SELECT DISTINCT source FROM contacts").fetchall()
        return tuple(sorted({PHONE_STORAGE, *(source for (source,) in rows)}))

    return ctx.kept(("sources",), read)


def has_contacts(ctx: AppContext) -> bool:
    return ctx.db().execute("SELECT 1 FROM contacts LIMIT 1").fetchone() is not None


def contact(ctx: AppContext, contact_id: int | None) -> sqlite3.Row | None:
    if contact_id is None:
        return None
    return ctx.db().execute("SELECT * FROM contacts WHERE id = ?", (contact_id,)).fetchone()


def contact_rows(
    ctx: AppContext, query: str = "", order: str = "", where: str = "1", args: Any = ()
) -> Sequence[sqlite3.Row]:
    """``contacts`` for a list: read a page at a time as it shows them, unless a search
    ``query`` filters them (names and numbers are matched in Python, once until the
    contacts change)."""
    if query:
        return contacts(ctx, query, order, where, args)
    return ctx.rows(
        f"SELECT * FROM contacts WHERE {where} ORDER BY {order or order_by('first_name')}", args
    )


def contacts(
    ctx: AppContext, query: str = "", order: str = "", where: str = "1", args: Any = ()
) -> tuple[sqlite3.Row, ...]:
    """Contacts satisfying the SQL condition ``where`` (with the hashable ``args``), in
    ``order`` (ORDER BY terms; by first name if empty), filtered by ``query``: read and
    matched again only once the contacts change (``AppContext.kept``)."""
    sql = f"SELECT * FROM contacts WHERE {where} ORDER BY {order or order_by('first_name')}"
    every = ctx.kept((sql, args), lambda: tuple(ctx.db().execute(sql, args).fetchall()))
    if not query:
        return every
    return ctx.kept((sql, args, query), lambda: tuple(filter(matcher(query), every)))


def dialled(ctx: AppContext, typed: str) -> tuple[sqlite3.Row, ...]:
    """The contacts (by first name) whose numbers hold the digits ``typed``, found again only
    once the contacts change."""
    every = contacts(ctx)
    return ctx.kept(
        ("dialled", typed), lambda: tuple(c for c in every if typed in digits(c["phone"]))
    )


def group(ctx: AppContext, group_id: int | None) -> sqlite3.Row | None:
    if group_id is None:
        return None
    return ctx.db().execute("SELECT * FROM groups WHERE id = ?", (group_id,)).fetchone()


def groups(ctx: AppContext, query: str = "") -> Sequence[sqlite3.Row]:
    """Groups by title, each with its member ``count``: read a page at a time as a list
    shows them, or, filtered by title with ``query``, matched once until they change."""
    if not query:
        return ctx.rows(_GROUPS)

    def read() -> tuple[sqlite3.Row, ...]:
        return tuple(row for row in ctx.db().execute(_GROUPS) if query in row["title"].lower())

    return ctx.kept(("groups", query), read)


def members(ctx: AppContext, group_id: int) -> set[int]:
    """The ids of the group's contacts."""
    rows = ctx.db().execute("SELECT contact_id FROM group_members WHERE group_id = ?", (group_id,))
    return {contact_id for (contact_id,) in rows}


def phone_book(phone: Phone) -> list[tuple[str, str]]:
    """(display name, phone number) of every contact, oldest first; empty when Contacts is
    not installed or its tables do not exist yet."""
    if PACKAGE not in phone.apps:
        return []
    try:
        rows = (
            phone.storage.database(PACKAGE, DATABASE)
            .execute("SELECT * FROM contacts ORDER BY id")
            .fetchall()
        )
    except sqlite3.OperationalError:
        return []
    return [(display_name(row), row["phone"]) for row in rows]


def phone_book_stamp(phone: Phone) -> Hashable:
    """What moves whenever ``phone_book`` may read otherwise (Contacts' database written or
    replaced); None without Contacts. Taking it reads Contacts' database, so a screen built
    with it is built again when the contacts change."""
    if PACKAGE not in phone.apps:
        return None
    storage = phone.storage
    return storage.stamp(storage.database(PACKAGE, DATABASE))


def seed_contacts(db: sqlite3.Connection, rng: random.Random, now_ms: int) -> None:
    """14 to 20 contacts with numbers, most with emails, some with work and home details,
    a few starred, created over the last year (before ``now_ms``); then two or three groups
    of them."""
    count = rng.randint(14, 20)
    rows = []
    for first in rng.sample(FIRST_NAMES, count):
        last = rng.choice(LAST_NAMES)
        phone = f"+1 555-{rng.randint(200, 999)}-{rng.randint(0, 9999):04d}"
        email = ""
        if rng.random() < 0.6:
            email = f"{first.lower()}.{last.lower()}@{rng.choice(EMAIL_DOMAINS)}"
        rows.append([first, last, phone, email, int(rng.random() < 0.2)])
    for row in rows:
        company, job = rng.choice(COMPANIES) if rng.random() < 0.4 else ("", "")
        street = f"{rng.randint(1, 99)} {rng.choice(STREETS)}" if rng.random() < 0.3 else ""
        row += [street, company, job, now_ms - rng.randint(1, 365) * DAY_MS]
    db.executemany(
        "INSERT INTO contacts(first_name, last_name, phone, email, starred, address, company, "
        "job_position, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    titles = rng.sample(GROUP_TITLES, rng.randint(2, 3))
    db.executemany("INSERT INTO groups(id, title) VALUES (?, ?)", enumerate(titles, start=1))
    db.executemany(
        "INSERT INTO group_members(group_id, contact_id) VALUES (?, ?)",
        [
            (group_id, contact_id)
            for group_id in range(1, len(titles) + 1)
            for contact_id in rng.sample(range(1, count + 1), rng.randint(2, 4))
        ],
    )
