"""The Contacts app's contacts as Android's contacts provider shows them.

Authority ``com.android.contacts``: ``contacts`` (``_id, display_name, starred,
has_phone_number``), ``raw_contacts`` (``_id, contact_id, account_name, account_type,
deleted, display_name, starred``; the app keeps one raw contact per contact, on the phone
only) and ``data`` (``contact_data``). The old authority ``contacts``: ``people`` (``_id,
name, display_name, number, starred``) and ``phones`` (``_id, person, type, number, label,
name, display_name``, one row per contact with a number). Every ``_id`` of a contact is its
``id`` in table ``contacts`` of the app's database; a number's is its data row's.

``insert`` into ``raw_contacts`` makes an empty contact (``account_name`` and
``account_type`` are accepted and not kept), to be filled through ``data``; into ``people``
it makes one from ``name`` (split at its last space) and ``starred``. ``update`` sets
``starred`` (and a person's ``name``); ``delete`` deletes contacts and their group
memberships. ``phones`` is read only: change numbers through ``data``.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.contacts import PACKAGE, display_name, full_name
from mobile_gym.sim.system.providers.base import (
    ProviderError,
    Rows,
    Table,
    Value,
    not_found,
    unknown_columns,
)
from mobile_gym.sim.system.providers.contact_data import (
    NAME,
    PATHS,
    PHONE,
    ROWS_PER_CONTACT,
    DataTable,
    contact_rows,
    contacts_db,
    set_columns,
)

MOBILE = 2
"""The phone number type Android calls mobile: the app's one number."""
NOT_KEPT = ("account_name", "account_type")


def _contact(c: sqlite3.Row) -> tuple[Value, ...]:
    return (c["id"], display_name(c) or None, c["starred"], int(bool(c["phone"])))


def _raw_contact(c: sqlite3.Row) -> tuple[Value, ...]:
    return (c["id"], c["id"], None, None, 0, display_name(c) or None, c["starred"])


def _person(c: sqlite3.Row) -> tuple[Value, ...]:
    return (
        c["id"],
        full_name(c) or None,
        display_name(c) or None,
        c["phone"] or None,
        c["starred"],
    )


def _phone(c: sqlite3.Row) -> tuple[Value, ...] | None:
    if not c["phone"]:
        return None
    id_ = ROWS_PER_CONTACT * c["id"] + PHONE.index
    return (id_, c["id"], MOBILE, c["phone"], None, full_name(c) or None, display_name(c) or None)


def _changes(values: dict[str, Value]) -> dict[str, str | int]:
    """The contact columns ``name`` and ``starred`` set."""
    columns: dict[str, str | int] = {}
    if "name" in values:
        columns.update(NAME.columns({"data1": values["name"]}))
    if "starred" in values:
        starred = str(values["starred"])
        if starred not in ("0", "1"):
            raise ProviderError(f"starred must be 0 or 1, got {values['starred']!r}")
        columns["starred"] = int(starred)
    return columns


@dataclass(frozen=True)
class ContactTable:
    """A table with one row per contact (at most): ``row`` makes it from the app's row.

    ``new`` and ``changed`` are the columns ``insert`` and ``update`` take; an empty ``new``
    (or ``changed``) means the table cannot be inserted into (or updated).
    """

    name: str
    columns: tuple[str, ...]
    row: Callable[[sqlite3.Row], tuple[Value, ...] | None]
    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    deletable: bool = True
    key: str = "_id"
    item: str = "_id"

    def rows(self, phone: Phone) -> Rows:
        made = (self.row(contact) for contact in contact_rows(phone))
        return Rows(self.columns, [row for row in made if row is not None])

    def _refuse(self, what: str) -> ProviderError:
        return ProviderError(f"{what} {self.name} is not supported by the Contacts app's provider")

    def insert(self, phone: Phone, values: dict[str, Value]) -> None:
        if not self.new:
            raise self._refuse("insert into")
        unknown_columns(self.name, values, self.new)
        columns = _changes(values)
        cursor = contacts_db(phone).execute("INSERT INTO contacts DEFAULT VALUES")
        set_columns(phone, int(cursor.lastrowid or 0), columns)

    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None:
        if not self.changed:
            raise self._refuse("update of")
        unknown_columns(self.name, values, self.changed)
        columns = _changes(values)
        for key in keys:
            set_columns(phone, int(key or 0), columns)

    def delete(self, phone: Phone, keys: list[Value]) -> None:
        if not self.deletable:
            raise self._refuse("delete from")
        db = contacts_db(phone)
        for key in keys:
            db.execute("DELETE FROM contacts WHERE id = ?", (key,))
            db.execute("DELETE FROM group_members WHERE contact_id = ?", (key,))


CONTACTS = ContactTable(
    "contacts", ("_id", "display_name", "starred", "has_phone_number"), _contact, (), ("starred",)
)
RAW_CONTACTS = ContactTable(
    "raw_contacts",
    ("_id", "contact_id", "account_name", "account_type", "deleted", "display_name", "starred"),
    _raw_contact,
    (*NOT_KEPT, "starred"),
    ("starred",),
)
PEOPLE = ContactTable(
    "people",
    ("_id", "name", "display_name", "number", "starred"),
    _person,
    ("name", "starred"),
    ("name", "starred"),
)
PHONES = ContactTable(
    "phones",
    ("_id", "person", "type", "number", "label", "name", "display_name"),
    _phone,
    deletable=False,
)


@dataclass(frozen=True)
class ContactsProvider:
    """A contacts authority (``com.android.contacts``, or the old ``contacts``)."""

    authority: str
    tables: dict[str, Table]

    def table(self, phone: Phone, path: str) -> Table | None:
        if PACKAGE not in phone.apps:
            raise not_found(self.authority)
        return self.tables.get(path)


CONTACTS_PROVIDER = ContactsProvider(
    "com.android.contacts",
    {
        "contacts": CONTACTS,
        "raw_contacts": RAW_CONTACTS,
        **{path: DataTable(kind) for path, kind in PATHS.items()},
    },
)
LEGACY_CONTACTS_PROVIDER = ContactsProvider("contacts", {"people": PEOPLE, "phones": PHONES})
