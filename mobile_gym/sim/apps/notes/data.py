"""Notes' database: notes, checklist items and the app's preferences; queries and changes.

Every change is logged (tag ``Notes``) as the app reports it.
"""

from __future__ import annotations

from typing import NamedTuple

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.apps.rows import QueryRows, records
from mobile_gym.sim.ui.list_items import MadeItems

PACKAGE = "com.simplemobiletools.notes.pro"
MAIN_ACTIVITY = ".activities.MainActivity"
NOTE_ACTIVITY = ".activities.NoteActivity"
SETTINGS_ACTIVITY = ".activities.SettingsActivity"
DATABASE = "notes"
TEXT, CHECKLIST = 0, 1
"""Note ``type`` values."""
PIN = "pin"
"""The ``protection`` of a note locked with a PIN."""
SCHEMA = (
    """
CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    value TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    modified INTEGER NOT NULL,
    type INTEGER NOT NULL DEFAULT 0,
    password TEXT NOT NULL DEFAULT '',
    protection TEXT NOT NULL DEFAULT 'password'
);
CREATE TABLE checklist_items (
    id INTEGER PRIMARY KEY,
    note_id INTEGER NOT NULL,
    title TEXT NOT NULL,
    done INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX checklist_items_note ON checklist_items(note_id);
CREATE INDEX checklist_items_note_done ON checklist_items(note_id, done);
"""
    + preferences.SCHEMA
)
EMPTY_TITLE = "Title cannot be empty"
DUPLICATE_TITLE = "A note with that title already exists"
DEFAULTS = {
    "font_size": "100",
    "show_word_count": "0",
    "move_done_to_bottom": "0",
    "current_note": "0",
}
"""The app's preferences and their values until changed (``current_note``: the note the app
shows when it starts on ``NOTE_ACTIVITY`` without a ``note_id``)."""


class Note(NamedTuple):
    """One row of the ``notes`` table."""

    id: int
    title: str
    value: str
    created: int
    modified: int
    type: int
    password: str
    protection: str
    """How the lock opens: ``password`` (typed) or ``pin`` (on the PIN pad)."""

    @property
    def locked(self) -> bool:
        return bool(self.password)


class Item(NamedTuple):
    """One row of ``checklist_items``."""

    id: int
    note_id: int
    title: str
    done: bool


_COLUMNS = "id, title, value, created, modified, type, password, protection"


def _ordered(order: str) -> str:
    """The query of every note's row in ``order`` (by ``title``, or by ``date`` newest first)."""
    by = "title COLLATE NOCASE, id" if order == "title" else "modified DESC, id DESC"
    return f"SELECT {_COLUMNS} FROM notes ORDER BY {by}"


def notes(ctx: AppContext, order: str) -> list[Note]:
    """Every note in ``order``, read at once."""
    return records(ctx.db(), Note, _ordered(order))


def note_rows(ctx: AppContext, order: str) -> QueryRows:
    """The notes in ``order`` as rows of ``Note``'s fields, read a page at a time as the
    list shows them."""
    return ctx.rows(_ordered(order))


def note(ctx: AppContext, note_id: int) -> Note | None:
    row = ctx.db().execute(f"SELECT {_COLUMNS} FROM notes WHERE id = ?", (note_id,)).fetchone()
    return Note(*row) if row else None


def shown_note_id(ctx: AppContext) -> int:
    """The note the open ``NOTE_ACTIVITY`` shows: its ``note_id``, else the current note."""
    return int(ctx.args.get("note_id") or prefs(ctx).get("current_note"))


def _items_order(ctx: AppContext) -> str:
    """The order of a checklist's items (done ones last when that setting is on)."""
    return "done, id" if prefs(ctx).flag("move_done_to_bottom") else "id"


_ITEMS = "SELECT id, note_id, title, done FROM checklist_items"


def items(ctx: AppContext, note_id: int) -> list[Item]:
    """A checklist's items in order (done ones last when that setting is on)."""
    in_order = f"{_ITEMS} WHERE note_id = ? ORDER BY {_items_order(ctx)}"
    return records(ctx.db(), Item, in_order, (note_id,))


def item_rows(ctx: AppContext, note_id: int) -> MadeItems[Item]:
    """A checklist's items in order, read a page at a time as the list shows them."""
    in_order = f"{_ITEMS} WHERE note_id = ? ORDER BY {_items_order(ctx)}"
    return MadeItems(ctx.rows(in_order, (note_id,)), lambda row: Item(*row))


def item(ctx: AppContext, note_id: int, item_id: int) -> Item | None:
    """Item ``item_id`` of checklist ``note_id``, or None if it has no such item."""
    found = ctx.db().execute(f"{_ITEMS} WHERE id = ? AND note_id = ?", (item_id, note_id))
    row = found.fetchone()
    return Item(*row) if row else None


def contents(ctx: AppContext) -> dict[int, str]:
    """What each checklist holds as text, by note id: its items one per line, in order
    (read in one query; a checklist without items is missing)."""
    lines: dict[int, list[str]] = {}
    every = f"{_ITEMS} ORDER BY note_id, {_items_order(ctx)}"
    for entry in records(ctx.db(), Item, every):
        lines.setdefault(entry.note_id, []).append(entry.title)
    return {note_id: "\n".join(titles) for note_id, titles in lines.items()}


def title_error(ctx: AppContext, title: str, note_id: int = 0) -> str | None:
    """Why ``title`` cannot name a note (other than note ``note_id``), or None if it can."""
    if not title:
        return EMPTY_TITLE
    taken = ctx.db().execute(
        "SELECT 1 FROM notes WHERE title = ? COLLATE NOCASE AND id != ?", (title, note_id)
    )
    return DUPLICATE_TITLE if taken.fetchone() else None


def prefs(ctx: AppContext) -> Preferences:
    """The app's preferences (``DEFAULTS``), in table ``preferences``."""
    return Preferences(ctx, DEFAULTS)


# changes ------------------------------------------------------------------------------------
def touch(ctx: AppContext, note_id: int) -> None:
    """Mark a note changed now (the list's date order follows)."""
    ctx.db().execute(
        "UPDATE notes SET modified = ? WHERE id = ?", (ctx.phone.clock.epoch_ms, note_id)
    )


def create(ctx: AppContext, title: str, kind: int = TEXT) -> int:
    now = ctx.phone.clock.epoch_ms
    cursor = ctx.db().execute(
        "INSERT INTO notes (title, value, created, modified, type) VALUES (?, '', ?, ?, ?)",
        (title, now, now, kind),
    )
    note_id = int(cursor.lastrowid or 0)
    ctx.log(f"Note created: id={note_id} title={title}")
    return note_id


def save(ctx: AppContext, note: Note, value: str) -> None:
    ctx.db().execute("UPDATE notes SET value = ? WHERE id = ?", (value, note.id))
    touch(ctx, note.id)
    ctx.log(f"Note saved: id={note.id} title={note.title}")


def rename(ctx: AppContext, note: Note, title: str) -> None:
    ctx.db().execute("UPDATE notes SET title = ? WHERE id = ?", (title, note.id))
    touch(ctx, note.id)
    ctx.log(f"Note renamed: id={note.id} title={title}")


def delete(ctx: AppContext, note: Note) -> None:
    ctx.db().execute("DELETE FROM notes WHERE id = ?", (note.id,))
    ctx.db().execute("DELETE FROM checklist_items WHERE note_id = ?", (note.id,))
    ctx.log(f"Note deleted: id={note.id} title={note.title}")


def set_password(ctx: AppContext, note: Note, password: str) -> None:
    """Lock the note with ``password``, or unlock it with an empty one."""
    ctx.db().execute(
        "UPDATE notes SET password = ?, protection = 'password' WHERE id = ?", (password, note.id)
    )
    ctx.log(f"Note {'locked' if password else 'unlocked'}: id={note.id} title={note.title}")


def add_item(ctx: AppContext, note: Note, title: str) -> None:
    ctx.db().execute("INSERT INTO checklist_items (note_id, title) VALUES (?, ?)", (note.id, title))
    touch(ctx, note.id)
    ctx.log(f"Checklist item added: note={note.id} title={title}")


def set_done(ctx: AppContext, item: Item, done: bool) -> None:
    ctx.db().execute("UPDATE checklist_items SET done = ? WHERE id = ?", (int(done), item.id))
    touch(ctx, item.note_id)
    ctx.log(
        f"Checklist item {'checked' if done else 'unchecked'}: note={item.note_id} title={item.title}"
    )


def rename_item(ctx: AppContext, item: Item, title: str) -> None:
    ctx.db().execute("UPDATE checklist_items SET title = ? WHERE id = ?", (title, item.id))
    touch(ctx, item.note_id)
    ctx.log(f"Checklist item renamed: note={item.note_id} title={title}")


def delete_item(ctx: AppContext, item: Item) -> None:
    ctx.db().execute("DELETE FROM checklist_items WHERE id = ?", (item.id,))
    touch(ctx, item.note_id)
    ctx.log(f"Checklist item deleted: note={item.note_id} title={item.title}")
