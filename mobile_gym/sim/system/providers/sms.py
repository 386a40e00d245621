"""``content://sms`` (and ``sms/inbox``, ``sms/sent``): the SMS Messenger app's messages.

Rows ``_id, thread_id, address, date, read, type, body``, newest first, made from table
``messages`` of the app's database (``_id`` is its ``id``; ``thread_id`` numbers a
conversation, every message with one address, by the id of its first message). ``inbox``
holds received messages (``type`` 1), ``sent`` sent ones (2), ``content://sms/ID`` one
message. The app keeps received and sent messages only, so other types are refused.

``insert`` needs ``address`` and ``body``; ``date`` defaults to the phone's clock, ``read``
to 0 for a received message and 1 for a sent one, ``type`` to the table's (1 for
``content://sms``). Columns of Android's SMS table that the app does not keep (``seen``,
``date_sent``, ``thread_id``, ...) are accepted and not kept. The app shows what was written
the next time it draws; deleting a conversation's last message drops its archive and pin
flags, as deleting the conversation in the app does.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.sms_messenger import DATABASE, PACKAGE
from mobile_gym.sim.apps.sms_messenger.data import RECEIVED, SENT
from mobile_gym.sim.system.providers.base import (
    ProviderError,
    Rows,
    Table,
    Value,
    not_found,
    unknown_columns,
)

COLUMNS = ("_id", "thread_id", "address", "date", "read", "type", "body")
KEPT = ("address", "date", "read", "type", "body")
"""The columns stored in the app's ``messages`` table, under the same names."""
NOT_KEPT = (
    "thread_id", "person", "date_sent", "protocol", "status", "reply_path_present", "subject",
    "service_center", "locked", "sub_id", "error_code", "creator", "seen",
)  # fmt: skip
BOXES = {"": None, "inbox": RECEIVED, "sent": SENT}


def _integer(column: str, value: Value) -> int:
    if isinstance(value, int) or (isinstance(value, str) and value.lstrip("-").isdigit()):
        return int(value)
    raise ProviderError(f"{column} must be an integer, got {value!r}")


def _checked(values: dict[str, Value]) -> dict[str, Value]:
    """The values of columns the app keeps, checked and converted to their column types."""
    unknown_columns("sms", values, KEPT + NOT_KEPT)
    kept: dict[str, Value] = {}
    for column in KEPT:
        if column not in values:
            continue
        value = values[column]
        if value is None:
            raise ProviderError(f"NOT NULL constraint failed: sms.{column}")
        if column in ("address", "body"):
            kept[column] = str(value)
        else:
            kept[column] = _integer(column, value)
    if kept.get("type", RECEIVED) not in (RECEIVED, SENT):
        raise ProviderError(
            f"type {kept['type']}: the SMS Messenger app keeps received ({RECEIVED}) "
            f"and sent ({SENT}) messages only"
        )
    if kept.get("read", 0) not in (0, 1):
        raise ProviderError(f"read must be 0 or 1, got {kept['read']}")
    if kept.get("address") == "":
        raise ProviderError("a message needs an address")
    return kept


@dataclass(frozen=True)
class SmsTable:
    """Every message, or one box of them (``box``: the ``type`` it holds)."""

    box: int | None
    key: str = "_id"
    item: str = "_id"

    def _db(self, phone: Phone) -> sqlite3.Connection:
        return phone.database(PACKAGE, DATABASE)

    def rows(self, phone: Phone) -> Rows:
        messages = self._db(phone).execute(
            "SELECT id, address, date, read, type, body FROM messages ORDER BY id"
        )
        threads: dict[str, int] = {}
        rows = []
        for id_, address, date, read, type_, body in messages:
            thread = threads.setdefault(address, id_)
            if self.box is None or type_ == self.box:
                rows.append((id_, thread, address, date, read, type_, body))
        rows.sort(key=lambda row: (row[3], row[0]), reverse=True)  # Android's "date DESC"
        return Rows(COLUMNS, rows)

    def insert(self, phone: Phone, values: dict[str, Value]) -> None:
        kept = _checked(values)
        for column in ("address", "body"):
            if column not in kept:
                raise ProviderError(f"a message needs --bind {column}:s:...")
        type_ = self.box or kept.get("type", RECEIVED)
        row = {
            "date": phone.clock.epoch_ms,
            "read": int(type_ == SENT),
            **kept,
            "type": type_,
        }
        columns = ", ".join(row)
        marks = ", ".join(f":{column}" for column in row)
        self._db(phone).execute(f"INSERT INTO messages({columns}) VALUES ({marks})", row)

    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None:
        kept = _checked(values)
        if self.box is not None and kept.get("type", self.box) != self.box:
            raise ProviderError(f"content://sms/{_box_name(self.box)} holds type {self.box} only")
        if not kept or not keys:
            return
        sets = ", ".join(f"{column} = :{column}" for column in kept)
        db = self._db(phone)
        for key in keys:
            db.execute(f"UPDATE messages SET {sets} WHERE id = :key", {**kept, "key": key})

    def delete(self, phone: Phone, keys: list[Value]) -> None:
        db = self._db(phone)
        db.executemany("DELETE FROM messages WHERE id = ?", [(key,) for key in keys])
        db.execute("DELETE FROM conversations WHERE address NOT IN (SELECT address FROM messages)")


def _box_name(box: int) -> str:
    return next(name for name, value in BOXES.items() if value == box)


class SmsProvider:
    """The ``sms`` authority (the SMS Messenger app's messages)."""

    def table(self, phone: Phone, path: str) -> Table | None:
        if PACKAGE not in phone.apps:
            raise not_found("sms")
        return SmsTable(BOXES[path]) if path in BOXES else None
