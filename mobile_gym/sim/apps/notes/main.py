"""Notes' main screen: the list of notes, search, sorting, settings and new notes."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.about import open_about
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.notes import data
from mobile_gym.sim.apps.notes.data import CHECKLIST, TEXT, Note
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, RadioButton, TextView

ROW_DP = 72
LOCKED_PREVIEW = "Locked note"


def search(ctx: AppContext) -> Search:
    return Search(ctx, "Search notes")


def preview(ctx: AppContext, note: Note) -> str:
    """The note on one line, as the list shows it (its items, comma-separated, for a
    checklist; nothing of a locked note's content)."""
    if note.locked:
        return LOCKED_PREVIEW
    if note.type == CHECKLIST:
        return ", ".join(item.title for item in data.items(ctx, note.id))
    return " ".join(line.strip() for line in note.value.splitlines() if line.strip())


def delete_dialog(
    ctx: AppContext, note: Note | None, then: Callable[[], None] | None = None
) -> Callable[[], None]:
    """The "Delete note?" confirmation for ``note``; returns the handler that opens it."""

    def delete() -> None:
        if note is not None:
            data.delete(ctx, note)
            if then is not None:
                then()

    message = f'Are you sure you want to delete "{note.title}"?' if note else ""
    return ctx.dialog(
        "delete", "Delete note?", message, buttons=[("Cancel", None), ("Delete", delete)]
    )


def found(ctx: AppContext, order: str, query: str) -> tuple[Note, ...]:
    """The notes in ``order`` a search for ``query`` (lower-case) finds, by title, or by
    content unless locked (a checklist's content: its items, one per line): read and
    matched once until the notes change (``AppContext.kept``), not at every build."""

    def read() -> tuple[Note, ...]:
        checklists = data.contents(ctx)

        def content(note: Note) -> str:
            return checklists.get(note.id, "") if note.type == CHECKLIST else note.value

        return tuple(
            note
            for note in data.notes(ctx, order)
            if query in note.title.lower() or (not note.locked and query in content(note).lower())
        )

    return ctx.kept(("found", order, query), read)


def _new_note_dialog(ctx: AppContext, open_note: Callable[[int], None]) -> Callable[[str], None]:
    """ "New note": a title and the kind of note (text or checklist)."""
    kind = ctx.get("new_type", TEXT)

    def create(title: str) -> str | None:
        error = data.title_error(ctx, title)
        if error is None:
            open_note(data.create(ctx, title, ctx.pop("new_type", TEXT)))
        return error

    def choose(value: int) -> Callable[[bool], None]:
        return lambda _checked: ctx.set("new_type", value)

    kinds = [
        RadioButton(
            label,
            id=id,
            checked=kind == value,
            on_change=choose(value),
            size=16,
            margin=(0, 8, 0, 0),
        )
        for value, id, label in (
            (TEXT, "type_text_note", "Text note"),
            (CHECKLIST, "type_checklist", "Checklist"),
        )
    ]
    return prompt_dialog(
        ctx, "new", "New note", create, hint="Title", id="note_title_input", extra=kinds
    )


def main_screen(ctx: AppContext) -> View:
    searching = search(ctx)
    query = searching.query
    order = ctx.get("sort", "date")
    shown: Sequence[Sequence] = (
        found(ctx, order, query)
        if query
        else data.note_rows(ctx, order)  # read as the list shows them
    )
    selected = data.note(ctx, ctx.get("selected", 0))
    now = ctx.now

    def open_note(note_id: int) -> None:
        ctx.open(data.NOTE_ACTIVITY, note_id=note_id)

    def sort() -> None:
        ctx.set("sort", "date" if order == "title" else "title")
        ctx.log(f"Notes sorted by {ctx.get('sort')}")

    def long_press(note_id: int) -> None:
        ctx.set("selected", note_id)
        show_menu()

    def render(index: int, _: object) -> View:
        note = Note(*shown[index])
        trailing: list[View] = []
        if note.locked:
            trailing.append(ImageView("lock", size=18, id="note_lock", desc="Locked"))
        trailing.append(
            TextView(
                short_date(note.modified, now), id="note_date", size=12, color="text_secondary"
            )
        )
        return Row(
            Column(
                TextView(note.title, id="note_title", size=16, bold=True, width=MATCH),
                TextView(
                    preview(ctx, note),
                    id="note_preview",
                    size=14,
                    color="text_secondary",
                    width=MATCH,
                    margin=(0, 4, 0, 0),
                ),
                width=0,
                weight=1,
            ),
            Row(*trailing, width=WRAP, margin=(16, 0, 0, 0)),
            id="note_item",
            padding=(16, 12),
            on_click=lambda: open_note(note.id),
            on_long_click=lambda: long_press(note.id),
        )

    new_note = _new_note_dialog(ctx, open_note)
    ask_delete = delete_dialog(ctx, selected)
    sort_label = "Sort by date" if order == "title" else "Sort by title"
    show_overflow = ctx.menu(
        "overflow",
        [
            (sort_label, sort),
            ("Settings", lambda: ctx.open(data.SETTINGS_ACTIVITY)),
            ("About", open_about(ctx)),
        ],
    )
    items = [("Open", lambda: open_note(ctx.get("selected"))), ("Delete", ask_delete)]
    show_menu = ctx.menu("note", items, at_touch=True)

    def start_new() -> None:
        ctx.pop("new_type")
        new_note("")

    body: View
    if shown:
        body = ctx.scroller(
            "notes", items=shown, item_height=ROW_DP, render_item=render, id="notes_list"
        )
    elif query:
        body = empty_state("No notes match your search", id="empty_view")
    else:
        body = empty_state("No notes yet. Tap + to create one.", id="empty_view")
    bar = searching.toolbar("Notes", on_overflow=show_overflow)
    return FrameLayout(
        width=MATCH,
        height=MATCH,
        children=[
            Column(bar, body, height=MATCH),
            fab("add", "Create a new note", start_new),
        ],
    )
