"""``content://com.android.contacts/data``: the Contacts app's contacts as data rows.

The app keeps one row per contact (table ``contacts`` of its database: names, one phone
number, one email, one address, a company and job, a nickname and notes); Android's
provider keeps one data row per detail. Each contact ``N`` shows as up to seven data rows,
one per detail it has, with ``_id`` ``10 * N + K``, ``raw_contact_id`` and ``contact_id``
``N``:

=====  ========================================  ==========================================
K      ``mimetype`` (``vnd.android.cursor.item/``)  columns
=====  ========================================  ==========================================
1      ``name``                                  ``data1`` the name, ``data2`` first name,
                                                 ``data3`` last name
2      ``phone_v2``                              ``data1`` the number, ``data2`` its type,
                                                 ``data3`` a custom label
3      ``email_v2``                              ``data1`` the address, ``data2`` its type,
                                                 ``data3`` a custom label
4      ``postal-address_v2``                     ``data1`` the address, ``data2`` 1 (home)
5      ``organization``                          ``data1`` the company, ``data4`` the job
6      ``nickname``                              ``data1`` the nickname
7      ``note``                                  ``data1`` the notes
=====  ========================================  ==========================================

A number's type is Android's: 1 home, 2 mobile, 3 work, 4 work fax, 5 home fax, 6 pager, 7
other, 12 main; an email's 1 home, 2 work, 3 other, 4 mobile; 0 (custom) with the app's own
label in ``data3``.

``data/phones``, ``data/emails`` and ``data/postals`` hold the rows of one kind. ``insert``
binds ``raw_contact_id``, ``mimetype`` and the data columns and fills that detail of the
contact (a name given as ``data1`` alone is split at its last space); a contact already
holding that detail is refused, since the app keeps one of each (update it instead).
``update`` sets the data columns of the rows picked, ``delete`` empties those details. An
address's type is not kept.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass, field

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.contacts import DATABASE, PACKAGE, display_name, full_name
from mobile_gym.sim.system.providers.base import (
    ProviderError,
    Rows,
    Value,
    unknown_columns,
)

DATA = tuple(f"data{n}" for n in range(1, 11))
COLUMNS = ("_id", "raw_contact_id", "contact_id", "mimetype", "display_name", *DATA)
ITEM = "vnd.android.cursor.item/"
ROWS_PER_CONTACT = 10


@dataclass(frozen=True)
class Kind:
    """One kind of detail: its mimetype, its place ``K`` in the data ids, the contact
    columns its data columns hold, and the data columns it fills with constants."""

    mimetype: str
    index: int
    fields: dict[str, str]
    constants: dict[str, Value] = field(default_factory=dict)
    name: bool = False
    """Whether it is the name, whose ``data1`` is the whole name made of its two parts."""
    label: str = ""
    """The contact column holding its label (``data2`` type, ``data3`` custom label)."""
    types: dict[str, int] = field(default_factory=dict)
    """Android's type of each of the app's labels."""

    def values(self, contact: sqlite3.Row) -> dict[str, Value]:
        """Its data columns for ``contact``; empty when the contact lacks the detail."""
        found = {data: contact[column] for data, column in self.fields.items()}
        if not any(found.values()):
            return {}
        if self.name:
            found["data1"] = full_name(contact)
        if self.label:
            label = contact[self.label]
            found["data2"] = self.types.get(label, CUSTOM_TYPE)
            found["data3"] = None if label in self.types else label
        return {**found, **self.constants}

    def columns(self, values: dict[str, Value]) -> dict[str, str]:
        """The contact columns set by data ``values`` (a name's ``data1`` split in two)."""
        if self.name and "data1" in values and not {"data2", "data3"} & set(values):
            first, _, last = str(values["data1"] or "").rpartition(" ")
            return {"first_name": first or last, "last_name": last if first else ""}
        columns = {
            column: "" if values[data] is None else str(values[data])
            for data, column in self.fields.items()
            if data in values
        }
        if self.label and {"data2", "data3"} & set(values):
            labels = {type_: label for label, type_ in self.types.items()}
            custom = str(values.get("data3") or "").strip()
            type_ = values.get("data2")
            found = labels.get(int(type_)) if str(type_ or "").isdigit() else None
            if found or custom:
                columns[self.label] = found or custom
        return columns


NAME = Kind(ITEM + "name", 1, {"data2": "first_name", "data3": "last_name"}, name=True)
CUSTOM_TYPE = 0
PHONE_TYPES = {
    "Home": 1, "Mobile": 2, "Work": 3, "Work fax": 4, "Home fax": 5, "Pager": 6, "Other": 7,
    "Main": 12,
}  # fmt: skip
EMAIL_TYPES = {"Home": 1, "Work": 2, "Other": 3, "Mobile": 4}
PHONE = Kind(ITEM + "phone_v2", 2, {"data1": "phone"}, label="phone_label", types=PHONE_TYPES)
EMAIL = Kind(ITEM + "email_v2", 3, {"data1": "email"}, label="email_label", types=EMAIL_TYPES)
POSTAL = Kind(ITEM + "postal-address_v2", 4, {"data1": "address"}, {"data2": 1})
ORGANIZATION = Kind(
    ITEM + "organization", 5, {"data1": "company", "data4": "job_position"}, {"data2": 1}
)
NICKNAME = Kind(ITEM + "nickname", 6, {"data1": "nickname"})
NOTE = Kind(ITEM + "note", 7, {"data1": "notes"})
KINDS = {kind.mimetype: kind for kind in (NAME, PHONE, EMAIL, POSTAL, ORGANIZATION, NICKNAME, NOTE)}
BY_INDEX = {kind.index: kind for kind in KINDS.values()}
PATHS = {"data": None, "data/phones": PHONE, "data/emails": EMAIL, "data/postals": POSTAL}


def contacts_db(phone: Phone) -> sqlite3.Connection:
    return phone.database(PACKAGE, DATABASE)


def contact_rows(phone: Phone) -> list[sqlite3.Row]:
    """The app's contacts, oldest first."""
    return contacts_db(phone).execute("SELECT * FROM contacts ORDER BY id").fetchall()


def set_columns(phone: Phone, contact_id: int, columns: dict[str, str | int]) -> None:
    if columns:
        sets = ", ".join(f"{column} = :{column}" for column in columns)
        contacts_db(phone).execute(
            f"UPDATE contacts SET {sets} WHERE id = :id", {**columns, "id": contact_id}
        )


@dataclass(frozen=True)
class DataTable:
    """Every data row, or those of one kind."""

    only: Kind | None
    key: str = "_id"
    item: str = "_id"

    def rows(self, phone: Phone) -> Rows:
        rows = []
        for contact in contact_rows(phone):
            for kind in KINDS.values():
                values = kind.values(contact) if self.only in (None, kind) else {}
                if values:
                    id_ = contact["id"]
                    head = (ROWS_PER_CONTACT * id_ + kind.index, id_, id_, kind.mimetype)
                    rows.append((*head, display_name(contact), *(values.get(d) for d in DATA)))
        return Rows(COLUMNS, rows)

    def insert(self, phone: Phone, values: dict[str, Value]) -> None:
        unknown_columns("data", values, ("raw_contact_id", "mimetype", *DATA))
        for needed in ("raw_contact_id", *(() if self.only else ("mimetype",))):
            if values.get(needed) is None:
                raise ProviderError(f"a data row needs --bind {needed}:...")
        kind = self.only or KINDS.get(str(values["mimetype"]))
        if kind is None or values.get("mimetype", kind.mimetype) != kind.mimetype:
            raise ProviderError(
                f"mimetype {values.get('mimetype')!r} is not kept by the Contacts app; it keeps "
                + ", ".join(KINDS)
            )
        contact_id = values.get("raw_contact_id")
        contact = (
            contacts_db(phone)
            .execute("SELECT * FROM contacts WHERE id = ?", (contact_id,))
            .fetchone()
        )
        if contact is None:
            raise ProviderError(f"raw_contact_id {contact_id!r} names no contact")
        if kind.values(contact):
            raise ProviderError(
                f"contact {contact_id} has a {kind.mimetype.removeprefix(ITEM)} already and the "
                "Contacts app keeps one; update that data row instead"
            )
        set_columns(phone, contact["id"], kind.columns(values))

    def _details(self, keys: list[Value]) -> list[tuple[int, Kind]]:
        return [(int(k) // ROWS_PER_CONTACT, BY_INDEX[int(k) % ROWS_PER_CONTACT]) for k in keys]

    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None:
        if {"mimetype", "raw_contact_id"} & set(values):
            raise ProviderError("a data row's mimetype and raw_contact_id cannot change")
        unknown_columns("data", values, DATA)
        for contact_id, kind in self._details(keys):
            set_columns(phone, contact_id, kind.columns(values))

    def delete(self, phone: Phone, keys: list[Value]) -> None:
        for contact_id, kind in self._details(keys):
            set_columns(phone, contact_id, {column: "" for column in kind.fields.values()})
