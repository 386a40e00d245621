"""Notes (``com.simplemobiletools.notes.pro``): plain-text notes, modelled on Simple Notes Pro.

Notes live in the ``notes`` database, table ``notes(id, title, value, created, modified)``,
with times in milliseconds on the phone's virtual clock. The main screen lists the notes
(most recently changed first, or by title); a note opens in a full-page editor, and BACK,
Navigate up or leaving the app (HOME, recents) saves unsaved edits, as the real app does.

Activities:
    ``.activities.MainActivity``: the list of notes.
    ``.activities.NoteActivity``: one note; its argument ``note_id`` is the note's row id.

Resource ids (``com.simplemobiletools.notes.pro:id/<name>`` unless they start ``android:``):
    MainActivity: ``toolbar`` with ``toolbar_title`` "Notes" and "More options" (menu: "Sort by
    title" / "Sort by date"); ``notes_list`` (RecyclerView) of ``note_item`` rows, each with
    ``note_title``, ``note_preview`` (the body on one line) and ``note_date``; ``empty_view``
    when there are no notes; ``fab`` ("Create a new note"). A long press on a row opens a
    menu where it was pressed (``android:id/title`` items "Open", "Delete").
    NoteActivity: ``toolbar_title`` (the note's title), "Navigate up", ``action_save``
    ("Save"), ``action_delete_note`` ("Delete note"), "More options" (menu: "Rename");
    ``notes_scrollview`` holding the body field ``text_view`` (multiline EditText).
    Dialogs: ``android:id/alertTitle`` ("New note", "Rename note", "Delete note?"), the title
    field ``note_title_input`` (ENTER there presses OK), ``android:id/button1`` (OK / Delete)
    and ``android:id/button2`` (Cancel).

Logcat (tag ``Notes``): ``Note created: id=N title=T``, ``Note saved: id=N title=T``,
``Note renamed: id=N title=T``, ``Note deleted: id=N title=T``, ``Notes sorted by title``
(or ``date``).
Toasts: "Note saved", "Title cannot be empty", "A note with that title already exists".
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.composites import empty_state, fab, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, ScrollView, View
from mobile_gym.sim.ui.widgets import TextView

PACKAGE = "com.simplemobiletools.notes.pro"
MAIN_ACTIVITY = ".activities.MainActivity"
NOTE_ACTIVITY = ".activities.NoteActivity"
DATABASE = "notes"
SCHEMA = """
CREATE TABLE notes (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    value TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL,
    modified INTEGER NOT NULL
);
"""

EMPTY_TITLE = "Title cannot be empty"
DUPLICATE_TITLE = "A note with that title already exists"
ROW_DP = 72
_SCROLL_END = 1 << 30
"""A scroll offset past any content: the scroll view clamps it to the bottom."""
_EPOCH = dt.datetime(1970, 1, 1)

_SEED_NOTES: tuple[tuple[str, tuple[str, ...], int], ...] = (
    # (title, lines, fewest lines to draw; 0 keeps every line in order)
    (
        "Shopping list",
        (
            "Milk",
            "Eggs",
            "Sourdough bread",
            "Bananas",
            "Coffee beans",
            "Cherry tomatoes",
            "Greek yogurt",
            "Baby spinach",
            "Chicken thighs",
            "Basmati rice",
            "Olive oil",
            "Cheddar",
            "Dish soap",
        ),
        4,
    ),
    (
        "Team meeting",
        (
            "Weekly sync, Monday 10:00",
            "- Release 2.3 moved to Thursday",
            "- Ana reviews the onboarding flow",
            "- Ask IT about VPN certificates",
            "Next: budget review on Friday",
        ),
        0,
    ),
    (
        "App ideas",
        (
            "Habit tracker that only asks one question a day",
            "Plant watering reminders based on the weather",
            "Shared grocery list that sorts by supermarket aisle",
            "Recipe scaler for metric and imperial units",
            "Offline trail maps with elevation profiles",
        ),
        2,
    ),
    (
        "Books to read",
        (
            "Project Hail Mary",
            "The Left Hand of Darkness",
            "Sapiens",
            "Piranesi",
            "Educated",
            "The Overstory",
            "Klara and the Sun",
            "Thinking, Fast and Slow",
        ),
        3,
    ),
    (
        "Gift ideas",
        (
            "Mum: ceramic planter",
            "Dad: headlamp for camping",
            "Lea: watercolour set",
            "Tom: board game (Cascadia)",
            "Grandma: photo calendar",
        ),
        2,
    ),
    (
        "Wi-Fi at the cabin",
        ("Network: Lakeside-5G", "Password: maple-river-42", "Router is behind the bookshelf"),
        0,
    ),
    (
        "Pancakes",
        (
            "200 g flour",
            "2 eggs",
            "300 ml milk",
            "1 tbsp sugar",
            "Pinch of salt",
            "Rest the batter for 20 minutes",
        ),
        0,
    ),
    (
        "Packing list",
        (
            "Passport",
            "Phone charger",
            "Sunscreen",
            "Rain jacket",
            "Hiking boots",
            "Travel adapter",
            "Headphones",
            "First aid kit",
        ),
        4,
    ),
    (
        "Car service",
        (
            "Oil change due at 45,000 km",
            "Tyre pressure 2.4 bar front and back",
            "Garage: Miller's, 555-0134",
            "Ask about the rattling noise",
        ),
        0,
    ),
    (
        "To do",
        (
            "Call the dentist",
            "Pay the electricity bill",
            "Renew passport",
            "Book flights for August",
            "Return library books",
            "Fix the bike light",
        ),
        3,
    ),
    (
        "Workout plan",
        ("Mon: 5 km run", "Wed: squats, push-ups, plank", "Fri: swim 30 min", "Sun: long walk"),
        0,
    ),
    (
        "Movies to watch",
        (
            "Past Lives",
            "Arrival",
            "Perfect Days",
            "Paddington 2",
            "Dune",
            "The Grand Budapest Hotel",
        ),
        3,
    ),
)


@dataclass(frozen=True)
class Note:
    """One row of the ``notes`` table."""

    id: int
    title: str
    value: str
    created: int
    modified: int


def _notes(ctx: AppContext, order: str) -> list[Note]:
    by = "title COLLATE NOCASE, id" if order == "title" else "modified DESC, id DESC"
    rows = ctx.db().execute(f"SELECT id, title, value, created, modified FROM notes ORDER BY {by}")
    return [Note(*row) for row in rows]


def _note(ctx: AppContext, note_id: int) -> Note | None:
    row = (
        ctx.db()
        .execute("SELECT id, title, value, created, modified FROM notes WHERE id = ?", (note_id,))
        .fetchone()
    )
    return Note(*row) if row else None


def _title_error(ctx: AppContext, title: str, note_id: int = 0) -> str | None:
    """Why ``title`` cannot name a note (other than note ``note_id``), or None if it can."""
    if not title:
        return EMPTY_TITLE
    taken = (
        ctx.db()
        .execute("SELECT 1 FROM notes WHERE title = ? COLLATE NOCASE AND id != ?", (title, note_id))
        .fetchone()
    )
    return DUPLICATE_TITLE if taken else None


def _preview(value: str) -> str:
    """The body on one line, as the list shows it."""
    return " ".join(line.strip() for line in value.splitlines() if line.strip())


def _date(ms: int, now: dt.datetime) -> str:
    when = _EPOCH + dt.timedelta(milliseconds=ms)
    if when.date() == now.date():
        return f"{when:%H:%M}"
    if when.year == now.year:
        return f"{when:%b} {when.day}"
    return f"{when:%b} {when.day}, {when.year}"


class NotesApp(App):
    """Simple Notes Pro: a list of plain-text notes and a full-page editor for each."""

    package = PACKAGE
    label = "Notes"
    icon = "note"
    color = (251, 188, 4)
    dock = True
    main_activity = MAIN_ACTIVITY
    screens: ClassVar[dict[str, str]] = {MAIN_ACTIVITY: "main", NOTE_ACTIVITY: "note"}
    schemas: ClassVar[dict[str, str]] = {DATABASE: SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        now = ctx.phone.clock.epoch_ms
        for title, lines, fewest in rng.sample(_SEED_NOTES, rng.randint(4, 8)):
            if fewest:
                picked = rng.sample(range(len(lines)), rng.randint(fewest, len(lines)))
                lines = tuple(lines[i] for i in sorted(picked))
            modified = now - rng.randint(10, 30 * 24 * 60) * 60_000 - rng.randint(0, 59_999)
            created = modified - rng.randint(0, 60 * 24 * 60) * 60_000
            ctx.db().execute(
                "INSERT INTO notes (title, value, created, modified) VALUES (?, ?, ?, ?)",
                (title, "\n".join(lines), created, modified),
            )

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == NOTE_ACTIVITY:
            note = _note(ctx, ctx.args["note_id"])
            if note is not None:
                return note.title
        return self.label

    def back(self, ctx: AppContext) -> bool:
        """Save the open note's unsaved changes, then let the phone close the screen."""
        self._autosave(ctx)
        return False

    def pause(self, ctx: AppContext) -> None:
        """Leaving the app (HOME, recents, another app) saves the open note too."""
        self._autosave(ctx)

    # changes ------------------------------------------------------------------------------
    def _create(self, ctx: AppContext, title: str) -> int:
        now = ctx.phone.clock.epoch_ms
        cursor = ctx.db().execute(
            "INSERT INTO notes (title, value, created, modified) VALUES (?, '', ?, ?)",
            (title, now, now),
        )
        note_id = int(cursor.lastrowid or 0)
        ctx.log(f"Note created: id={note_id} title={title}")
        return note_id

    def _save(self, ctx: AppContext, note: Note, value: str) -> None:
        ctx.db().execute(
            "UPDATE notes SET value = ?, modified = ? WHERE id = ?",
            (value, ctx.phone.clock.epoch_ms, note.id),
        )
        ctx.log(f"Note saved: id={note.id} title={note.title}")

    def _autosave(self, ctx: AppContext) -> None:
        """Save the body of the note on screen if it was edited (no toast, as the real app)."""
        note = _note(ctx, ctx.args["note_id"]) if ctx.screen.activity == NOTE_ACTIVITY else None
        if note is not None and ctx.field("body", note.value) != note.value:
            self._save(ctx, note, ctx.field("body"))

    def _rename(self, ctx: AppContext, note: Note, title: str) -> None:
        ctx.db().execute(
            "UPDATE notes SET title = ?, modified = ? WHERE id = ?",
            (title, ctx.phone.clock.epoch_ms, note.id),
        )
        ctx.log(f"Note renamed: id={note.id} title={title}")

    def _delete(self, ctx: AppContext, note: Note) -> None:
        ctx.db().execute("DELETE FROM notes WHERE id = ?", (note.id,))
        ctx.log(f"Note deleted: id={note.id} title={note.title}")

    # dialogs ------------------------------------------------------------------------------
    def _title_dialog(
        self, ctx: AppContext, key: str, title: str, accept: Callable[[str], str | None]
    ) -> Callable[[str], None]:
        """A dialog asking for a note title; returns the handler that opens it prefilled.

        OK (or ENTER in the field) hands ``accept`` the stripped title; it returns an error
        to toast, and the dialog stays open for a correction, or None (done).
        """
        field = key + "_title"

        def ok() -> bool:
            error = accept(ctx.field(field).strip())
            if error is not None:
                ctx.toast(error)
            return error is None

        def open_with(text: str) -> None:
            ctx.set_field(field, text)
            ctx.focus(field)
            opener()

        edit = ctx.edit(field, hint="Title", id="note_title_input", margin=(0, 16, 0, 0))
        opener = ctx.dialog(key, title, buttons=[("Cancel", None), ("OK", ok)], body=[edit])
        return open_with

    def _delete_dialog(
        self, ctx: AppContext, note: Note | None, then: Callable[[], None] | None = None
    ) -> Callable[[], None]:
        """The "Delete note?" confirmation for ``note``; returns the handler that opens it."""

        def delete() -> None:
            if note is not None:
                self._delete(ctx, note)
                if then is not None:
                    then()

        message = f'Are you sure you want to delete "{note.title}"?' if note else ""
        return ctx.dialog(
            "delete", "Delete note?", message, buttons=[("Cancel", None), ("Delete", delete)]
        )

    # screens ------------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> View:
        order = ctx.get("sort", "date")
        notes = _notes(ctx, order)
        selected = _note(ctx, ctx.get("selected", 0))
        now = ctx.now

        def open_note(note_id: int) -> None:
            ctx.open(NOTE_ACTIVITY, note_id=note_id)

        def create(title: str) -> str | None:
            error = _title_error(ctx, title)
            if error is None:
                open_note(self._create(ctx, title))
            return error

        def sort() -> None:
            ctx.set("sort", "date" if order == "title" else "title")
            ctx.log(f"Notes sorted by {ctx.get('sort')}")

        def long_press(note_id: int) -> None:
            ctx.set("selected", note_id)
            show_menu()

        def render(index: int, _: object) -> View:
            note = notes[index]
            return Row(
                Column(
                    TextView(note.title, id="note_title", size=16, bold=True, width=MATCH),
                    TextView(
                        _preview(note.value),
                        id="note_preview",
                        size=14,
                        color="text_secondary",
                        width=MATCH,
                        margin=(0, 4, 0, 0),
                    ),
                    width=0,
                    weight=1,
                ),
                TextView(
                    _date(note.modified, now),
                    id="note_date",
                    size=12,
                    color="text_secondary",
                    margin=(16, 0, 0, 0),
                ),
                id="note_item",
                padding=(16, 12),
                on_click=lambda: open_note(note.id),
                on_long_click=lambda: long_press(note.id),
            )

        new_note = self._title_dialog(ctx, "new", "New note", create)
        ask_delete = self._delete_dialog(ctx, selected)
        sort_label = "Sort by date" if order == "title" else "Sort by title"
        show_overflow = ctx.menu("overflow", [(sort_label, sort)])
        items = [("Open", lambda: open_note(ctx.get("selected"))), ("Delete", ask_delete)]
        show_menu = ctx.menu("note", items, at_touch=True)

        body: View
        if notes:
            body = ctx.scroller(
                "notes", items=notes, item_height=ROW_DP, render_item=render, id="notes_list"
            )
        else:
            body = empty_state("No notes yet. Tap + to create one.", id="empty_view")
        return FrameLayout(
            width=MATCH,
            height=MATCH,
            children=[
                Column(toolbar("Notes", on_overflow=show_overflow), body, height=MATCH),
                fab("add", "Create a new note", lambda: new_note("")),
            ],
        )

    def note(self, ctx: AppContext) -> View:
        note = _note(ctx, ctx.args["note_id"])
        if note is None:
            return Column(
                toolbar("Notes", on_up=ctx.finish),
                empty_state("This note no longer exists.", id="empty_view"),
                height=MATCH,
            )

        def leave() -> None:
            self._autosave(ctx)
            ctx.finish()

        def save() -> None:
            self._save(ctx, note, ctx.field("body", note.value))
            ctx.toast("Note saved")

        def rename(title: str) -> str | None:
            if title == note.title:
                return None
            error = _title_error(ctx, title, note.id)
            if error is None:
                self._rename(ctx, note, title)
            return error

        def follow_cursor(handler: Callable[..., None]) -> Callable[..., None]:
            """``handler``, then scroll to the end of the body, where the cursor is."""

            def run(*args: str) -> None:
                handler(*args)
                ctx.set("body_scroll", _SCROLL_END)

            return run

        ask_delete = self._delete_dialog(ctx, note, then=ctx.finish)
        rename_note = self._title_dialog(ctx, "rename", "Rename note", rename)
        show_overflow = ctx.menu("overflow", [("Rename", lambda: rename_note(note.title))])
        editor = ctx.edit(
            "body",
            default=note.value,
            hint="Start typing your note",
            id="text_view",
            input_type="multiline",
            max_lines=10_000,
            padding=(16, 12),
            height=MATCH,
        )
        editor.on_change = follow_cursor(editor.on_change)
        editor.on_focus = follow_cursor(editor.on_focus)
        page = ScrollView(
            id="notes_scrollview",
            fill_viewport=True,
            offset=ctx.get("body_scroll", 0),
            on_scroll=lambda offset: ctx.set("body_scroll", offset),
            children=[editor],
        )
        actions = [("check", "Save", save), ("delete", "Delete note", ask_delete)]
        bar = toolbar(note.title, on_up=leave, actions=actions, on_overflow=show_overflow)
        return Column(bar, page, height=MATCH)
