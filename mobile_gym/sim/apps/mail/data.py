"""Mail's database and its changes: mails in folders, labels, drafts and the sent record.

Every change is logged (tag ``Gmail``) and sending also writes the file ``SENT_JSON``, the
record of the last mail sent that MobileWorld's checks read.
"""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Mapping
from dataclasses import dataclass
from itertools import islice
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple, cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts import data as contacts_data
from mobile_gym.sim.apps.text_search import like_literal
from mobile_gym.sim.ui.dates import MONTH_ABBRS, from_epoch_ms

if TYPE_CHECKING:
    from mobile_gym.sim.apps.mail.app import MailApp

PACKAGE = "com.gmailclone"
MAIN = ".MainActivity"
VIEW = ".ViewMailActivity"
COMPOSE = ".ComposeActivity"
DATABASE = "mail"
ACCOUNT = "user@gmail.com"
ACCOUNT_NAME = "Jordan Lee"
FILES = f"/sdcard/Android/data/{PACKAGE}/files"
SENT_JSON = f"{FILES}/sentEmail.json"
STATE_JSON = f"{FILES}/state.json"
ATTACHMENTS = f"{FILES}/attachments"
DOWNLOAD = "/sdcard/Download"
FOLDERS = ("inbox", "starred", "sent", "drafts", "archive", "trash")
"""The drawer's folders; ``starred`` is a view (every starred mail not in the trash)."""
FOLDER_TITLES = {
    "inbox": "Inbox",
    "starred": "Starred",
    "sent": "Sent",
    "drafts": "Drafts",
    "archive": "Archive",
    "trash": "Trash",
}
FOLDER_ICONS = {
    "inbox": "email",
    "starred": "star",
    "sent": "send",
    "drafts": "file",
    "archive": "archive",
    "trash": "delete",
}
SCHEMA = """
CREATE TABLE mails(
    id INTEGER PRIMARY KEY,
    folder TEXT NOT NULL DEFAULT 'inbox',
    sender_name TEXT NOT NULL DEFAULT '',
    sender_address TEXT NOT NULL DEFAULT '',
    to_address TEXT NOT NULL DEFAULT 'user@gmail.com',
    cc TEXT NOT NULL DEFAULT '',
    bcc TEXT NOT NULL DEFAULT '',
    subject TEXT NOT NULL DEFAULT '',
    body TEXT NOT NULL DEFAULT '',
    date INTEGER NOT NULL DEFAULT 0,
    read INTEGER NOT NULL DEFAULT 0,
    starred INTEGER NOT NULL DEFAULT 0,
    labels TEXT NOT NULL DEFAULT '',
    attachments TEXT NOT NULL DEFAULT '',
    reply_to INTEGER,
    attachment_paths TEXT NOT NULL DEFAULT ''
);
CREATE TABLE labels(name TEXT PRIMARY KEY);
CREATE TABLE imports(path TEXT PRIMARY KEY, data TEXT NOT NULL);
"""
COLUMNS = (
    "id, folder, sender_name, sender_address, to_address, cc, bcc, subject, body, date, read, "
    "starred, labels, attachments, reply_to, attachment_paths"
)
_ADDRESS_PART = re.compile(r"[^@\s,;]+")
"""The local part or the domain of an address: no space, comma, semicolon or second @."""


@dataclass(frozen=True)
class Mail:
    """One row of ``mails``."""

    id: int
    folder: str
    sender_name: str
    sender_address: str
    to_address: str
    cc: str
    bcc: str
    subject: str
    body: str
    date: int
    read: bool
    starred: bool
    labels: str
    attachments: str
    reply_to: int | None
    attachment_paths: str

    @property
    def sender(self) -> str:
        """Who the list names: the sender's name, else the address."""
        return self.sender_name or self.sender_address

    @property
    def own(self) -> bool:
        """Whether it is the account's own mail: in Sent, or sent from the account."""
        return self.folder == "sent" or self.sender_address.strip().lower() == ACCOUNT

    @property
    def home(self) -> str:
        """The folder it goes back to from Archive or Trash: Sent for the account's own mail,
        else Inbox."""
        return "sent" if self.own else "inbox"

    @property
    def label_list(self) -> list[str]:
        return split(self.labels)

    @property
    def attachment_list(self) -> list[str]:
        return split(self.attachments)

    @property
    def files(self) -> dict[str, str]:
        """Each attachment's name -> the phone file it is: the path recorded when it was
        attached (drafts and sent mails), else the app's ``attachments/<name>``."""
        try:
            recorded = json.loads(self.attachment_paths or "{}")
        except ValueError:
            recorded = {}
        if not isinstance(recorded, dict):
            recorded = {}
        return {
            name: str(recorded.get(name, f"{ATTACHMENTS}/{name}")) for name in self.attachment_list
        }


def split(text: str) -> list[str]:
    """The items of a comma-separated column, stripped, empty ones dropped."""
    return [part.strip() for part in text.replace(";", ",").split(",") if part.strip()]


def is_address(text: str) -> bool:
    """Whether ``text`` (stripped) is ``local@domain``, the domain with a dot inside it."""
    local, at, domain = text.strip().partition("@")
    return (
        bool(at)
        and _ADDRESS_PART.fullmatch(local) is not None
        and _ADDRESS_PART.fullmatch(domain) is not None
        and "." in domain[1:-1]
    )


def mail(ctx: AppContext, mail_id: int) -> Mail | None:
    row = ctx.db().execute(f"SELECT {COLUMNS} FROM mails WHERE id = ?", (mail_id,)).fetchone()
    return None if row is None else Mail(*row)


def folder_where(folder: str) -> tuple[str, list[object]]:
    """The WHERE clause (and its parameters) of a folder or label view (``label:Name``)."""
    if folder == "starred":
        return "starred = 1 AND folder NOT IN ('trash', 'drafts')", []
    if folder.startswith("label:"):
        return (
            "folder != 'trash' AND (',' || replace(labels, ', ', ',') || ',') LIKE ? ESCAPE '\\'",
            [f"%,{like_literal(folder[6:])},%"],
        )
    return "folder = ?", [folder]


def folder_title(folder: str) -> str:
    return folder[6:] if folder.startswith("label:") else FOLDER_TITLES[folder]


LABELS_SQL = "SELECT name FROM labels ORDER BY name"
COUNTED = ("inbox", "archive")
"""The folders whose unread mails the drawer counts (besides every label)."""


def labels(ctx: AppContext) -> list[str]:
    return [name for (name,) in ctx.db().execute(LABELS_SQL)]


class Drawer(NamedTuple):
    """What the navigation drawer shows of the mails: the labels, and the unread mails of
    the inbox, the archive and each label (``label:Name``), by folder."""

    labels: tuple[str, ...]
    unread: Mapping[str, int]


def drawer(ctx: AppContext) -> Drawer:
    """The drawer's labels and unread counts, counted in one reading of the mails kept
    until the mails change (``AppContext.kept``), not at every build of the drawer."""
    return ctx.kept("drawer", lambda: _drawer(ctx.db()))


def _drawer(db: sqlite3.Connection) -> Drawer:
    names = tuple(name for (name,) in db.execute(LABELS_SQL))
    folders = (*COUNTED, *(f"label:{name}" for name in names))
    wheres = [folder_where(folder) for folder in folders]
    counts = ", ".join(f"COUNT(CASE WHEN ({where}) THEN 1 END)" for where, _ in wheres)
    params = [param for _, found in wheres for param in found]
    row = db.execute(f"SELECT {counts} FROM mails WHERE read = 0", params).fetchone()
    return Drawer(names, MappingProxyType(dict(zip(folders, row, strict=True))))


def people(ctx: AppContext) -> tuple[tuple[str, str], ...]:
    """(name, address) of everyone with an email: the contacts, then the mails' senders;
    found again only once the contacts or the mails change (``MailApp.people``), not at
    every letter typed into a recipient field."""
    key = (contacts_data.phone_book_stamp(ctx.phone), ctx.phone.storage.stamp(ctx.db()))
    return cast("MailApp", ctx.app).people.get(key, lambda _key: _people(ctx))


def suggested(ctx: AppContext, token: str, limit: int) -> tuple[tuple[str, str], ...]:
    """The first ``limit`` of ``people`` whose name or address holds ``token`` (lower case):
    found once per token until the mails or the contacts change (``AppContext.kept``), not
    at every build of the compose screen."""
    contacts = contacts_data.phone_book_stamp(ctx.phone)

    def read() -> tuple[tuple[str, str], ...]:
        found = (
            (name, address)
            for name, address in people(ctx)
            if token in name.lower() or token in address.lower()
        )
        return tuple(islice(found, limit))

    return ctx.kept(("suggested", contacts, token, limit), read)


def _people(ctx: AppContext) -> tuple[tuple[str, str], ...]:
    found: dict[str, str] = {}
    try:
        rows = (
            ctx.phone.storage.database(contacts_data.PACKAGE, contacts_data.DATABASE)
            .execute("SELECT * FROM contacts WHERE email != '' ORDER BY id")
            .fetchall()
        )
    except (sqlite3.OperationalError, KeyError):
        rows = []
    for row in rows if contacts_data.PACKAGE in ctx.phone.apps else []:
        found.setdefault(row["email"].lower(), contacts_data.full_name(row) or row["email"])
    for name, address in ctx.db().execute(
        "SELECT sender_name, sender_address FROM mails WHERE sender_address != '' ORDER BY id"
    ):
        if address.lower() != ACCOUNT:
            found.setdefault(address.lower(), name or address)
    return tuple((name, address) for address, name in found.items())


def when(ms: int) -> str:
    """``Jun 3, 2024, 09:31``: a mail's full date, as the mail view shows it."""
    at = from_epoch_ms(ms)
    return f"{MONTH_ABBRS[at.month]} {at.day}, {at.year}, {at.hour:02d}:{at.minute:02d}"


# changes, each logged ------------------------------------------------------------------------
def set_starred(ctx: AppContext, mail_id: int, starred: bool) -> None:
    ctx.db().execute("UPDATE mails SET starred = ? WHERE id = ?", (int(starred), mail_id))
    ctx.log(f"Mail {'starred' if starred else 'unstarred'}: id={mail_id}")


def set_read(ctx: AppContext, mail_id: int, read: bool, *, log: bool = True) -> None:
    ctx.db().execute("UPDATE mails SET read = ? WHERE id = ?", (int(read), mail_id))
    if log:
        ctx.log(f"Mail marked as {'read' if read else 'unread'}: id={mail_id}")


def move(ctx: AppContext, mail_id: int, folder: str) -> None:
    """Move a mail to ``archive``, ``trash`` or back to ``inbox`` or ``sent`` (``Mail.home``)."""
    ctx.db().execute("UPDATE mails SET folder = ? WHERE id = ?", (folder, mail_id))
    verb = "archived" if folder == "archive" else f"moved to {FOLDER_TITLES[folder]}"
    ctx.log(f"Mail {verb}: id={mail_id}")


def restore_item(ctx: AppContext, mail: Mail) -> tuple[str, Handler]:
    """The menu item moving ``mail`` (in Archive or Trash) back to its folder (``Mail.home``):
    "Move to Inbox", or "Move to Sent" for the account's own mail."""
    home = mail.home
    return f"Move to {FOLDER_TITLES[home]}", lambda: move(ctx, mail.id, home)


def delete_forever(ctx: AppContext, mail_id: int) -> None:
    ctx.db().execute("DELETE FROM mails WHERE id = ?", (mail_id,))
    ctx.log(f"Mail deleted forever: id={mail_id}")


def set_labels(ctx: AppContext, mail_id: int, chosen: list[str]) -> None:
    text = ",".join(chosen)
    ctx.db().execute("UPDATE mails SET labels = ? WHERE id = ?", (text, mail_id))
    ctx.log(f"Labels changed: id={mail_id} labels={text}")


def download(ctx: AppContext, name: str, source: str) -> str:
    """Save attachment ``name`` to Download (a copy of the mail's file ``source``) and return
    its path."""
    storage = ctx.phone.storage
    target = f"{DOWNLOAD}/{name}"
    content = storage.read(source) if storage.exists(source) else f"{name}\n".encode()
    storage.write_files([(target, content, ctx.phone.clock.stamp())])
    ctx.log(f"Attachment downloaded: name={name} path={target}")
    return target


@dataclass
class Draft:
    """What the compose screen holds: recipients, subject, body, quoted text, attachments
    (name -> phone path) and the mail it answers."""

    to: str = ""
    cc: str = ""
    bcc: str = ""
    subject: str = ""
    body: str = ""
    quoted: str = ""
    attachments: dict[str, str] | None = None
    reply_to: int | None = None

    @property
    def full_body(self) -> str:
        """The body as sent: the text typed, then the quoted mail."""
        if not self.quoted:
            return self.body
        return f"{self.body}\n\n{self.quoted}" if self.body else self.quoted

    @property
    def empty(self) -> bool:
        texts = (self.to, self.cc, self.bcc, self.subject, self.body)
        return not (any(text.strip() for text in texts) or self.attachments)

    def row(self) -> tuple[object, ...]:
        """The columns ``to_address``, ``cc``, ``bcc``, ``subject``, ``body``, ``attachments``,
        ``reply_to`` and ``attachment_paths`` of the mail."""
        names = ",".join(self.attachments or {})
        paths = json.dumps(self.attachments, ensure_ascii=False) if self.attachments else ""
        return (
            ", ".join(split(self.to)),
            ", ".join(split(self.cc)),
            ", ".join(split(self.bcc)),
            self.subject.strip(),
            self.full_body,
            names,
            self.reply_to,
            paths,
        )


def save_draft(ctx: AppContext, draft: Draft, draft_id: int | None) -> int:
    """Store ``draft`` in Drafts (over the draft it was opened from); returns its id."""
    db = ctx.db()
    to, cc, bcc, subject, body, names, reply_to, paths = draft.row()
    now = ctx.phone.clock.epoch_ms
    if draft_id is not None and mail(ctx, draft_id) is not None:
        db.execute(
            "UPDATE mails SET to_address = ?, cc = ?, bcc = ?, subject = ?, body = ?, "
            "attachments = ?, reply_to = ?, attachment_paths = ?, date = ? WHERE id = ?",
            (to, cc, bcc, subject, body, names, reply_to, paths, now, draft_id),
        )
    else:
        draft_id = db.execute(
            "INSERT INTO mails(folder, sender_name, sender_address, to_address, cc, bcc, "
            "subject, body, date, read, attachments, reply_to, attachment_paths) "
            "VALUES ('drafts', ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
            (ACCOUNT_NAME, ACCOUNT, to, cc, bcc, subject, body, now, names, reply_to, paths),
        ).lastrowid
    ctx.log(f"Draft saved: id={draft_id} to={to} subject={subject}")
    return int(draft_id or 0)


def discard_draft(ctx: AppContext, draft_id: int) -> None:
    ctx.db().execute("DELETE FROM mails WHERE id = ? AND folder = 'drafts'", (draft_id,))
    ctx.log(f"Draft discarded: id={draft_id}")


def send(ctx: AppContext, draft: Draft, draft_id: int | None) -> int:
    """Store ``draft`` as sent (the draft it came from goes), write the sent record and log."""
    db = ctx.db()
    to, cc, bcc, subject, body, names, reply_to, paths = draft.row()
    now = ctx.phone.clock.epoch_ms
    if draft_id is not None:
        db.execute("DELETE FROM mails WHERE id = ? AND folder = 'drafts'", (draft_id,))
    mail_id = db.execute(
        "INSERT INTO mails(folder, sender_name, sender_address, to_address, cc, bcc, subject, "
        "body, date, read, attachments, reply_to, attachment_paths) "
        "VALUES ('sent', ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?)",
        (ACCOUNT_NAME, ACCOUNT, to, cc, bcc, subject, body, now, names, reply_to, paths),
    ).lastrowid
    record = {
        "id": now,
        "from": ACCOUNT,
        "to": ",".join(split(to)),
        "cc": ",".join(split(cc)),
        "bcc": ",".join(split(bcc)),
        "subject": subject,
        "body": body,
        "attachments": [
            {"name": name, "path": path} for name, path in (draft.attachments or {}).items()
        ],
    }
    ctx.phone.storage.write_files(
        [(SENT_JSON, json.dumps(record, ensure_ascii=False).encode(), ctx.phone.clock.stamp())]
    )
    ctx.log(
        f"Mail sent: id={mail_id} to={record['to']} cc={record['cc']} bcc={record['bcc']} "
        f"subject={subject} attachments={names}"
    )
    return int(mail_id or 0)
