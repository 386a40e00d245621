"""One note: the text editor (autosaved on leaving) or a checklist, and locking."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.notes import data
from mobile_gym.sim.apps.notes.data import CHECKLIST, PIN, Item, Note
from mobile_gym.sim.apps.notes.main import delete_dialog
from mobile_gym.sim.apps.notes.pin import pin_dialog
from mobile_gym.sim.ui.composites import Action, empty_state, fab, toolbar
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.scroll import END, ScrollView
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, TextView

BODY_SP = 17
WRONG_PASSWORD = "Wrong password"
EMPTY_PASSWORD = "Password cannot be empty"
EMPTY_ITEM = "Item cannot be empty"


def autosave(ctx: AppContext) -> None:
    """Save the text note on screen if its body was edited (no toast, as the real app)."""
    if ctx.screen.activity != data.NOTE_ACTIVITY:
        return
    note = data.note(ctx, data.shown_note_id(ctx))
    if note is not None and note.type != CHECKLIST and ctx.field("body", note.value) != note.value:
        data.save(ctx, note, ctx.field("body"))


def note_search(ctx: AppContext) -> Search:
    """Search inside the open note (its toolbar's "Search")."""
    return Search(ctx, "Search in note", key="note_search")


def _show_list(ctx: AppContext) -> None:
    """Leave the current note for the list of notes (the app started on the note)."""
    ctx.finish()
    ctx.open(data.MAIN_ACTIVITY)


def _after_delete(ctx: AppContext) -> None:
    """Close the deleted note; started on the current note, the app shows the most recently
    changed note left (the list when none is)."""
    if "note_id" in ctx.args:
        ctx.finish()
        return
    left = data.notes(ctx, "date")
    if left:
        data.prefs(ctx).put("current_note", str(left[0].id))
    else:
        _show_list(ctx)


def _rename_dialog(ctx: AppContext, note: Note) -> Handler:
    """ "Rename note": the title prefilled and selected, so typing replaces it."""

    def ok() -> bool:
        title = ctx.field("rename_text").strip()
        error = None if title == note.title else data.title_error(ctx, title, note.id)
        if error is not None:
            ctx.toast(error)
            return False
        if title != note.title:
            data.rename(ctx, note, title)
        return True

    field = ctx.edit("rename_text", hint="Title", id="note_title_input", margin=(0, 16, 0, 0))
    opener = ctx.dialog(
        "rename",
        "Rename note",
        buttons=[("Cancel", None), ("OK", ok)],
        body=[field],
    )

    def open_rename() -> None:
        ctx.set_field("rename_text", note.title)
        select_all(ctx, "rename_text")
        ctx.focus("rename_text")
        opener()

    return open_rename


def word_count(text: str) -> int:
    return len(text.split())


def _unlocked(ctx: AppContext, note: Note) -> None:
    """The right password or PIN was given: show the note (and drop its lock when "Unlock
    note" asked for it)."""
    if ctx.pop("unlock_removes"):
        data.set_password(ctx, note, "")
    ctx.set("unlocked", True)


def _password_dialogs(
    ctx: AppContext, note: Note
) -> tuple[Callable[[str], None], Callable[[str], None]]:
    """The "Lock note" dialog (choose a password) and the "Unlock note" one (type it)."""

    def lock(password: str) -> str | None:
        if not password:
            return EMPTY_PASSWORD
        data.set_password(ctx, note, password)
        ctx.set("unlocked", True)  # whoever locked it keeps seeing it until they leave
        return None

    def unlock(password: str) -> str | None:
        if password != note.password:
            return WRONG_PASSWORD
        _unlocked(ctx, note)
        return None

    ask_lock = prompt_dialog(
        ctx, "lock", "Lock note", lock, hint="Password", id="password_input", input_type="password"
    )
    ask_unlock = prompt_dialog(
        ctx,
        "unlock",
        "Unlock note",
        unlock,
        hint="Password",
        id="password_input",
        input_type="password",
    )
    return ask_lock, ask_unlock


def _text_page(ctx: AppContext, note: Note) -> list[View]:
    """The multiline editor filling the page, and the word count when that setting is on."""

    def follow_cursor(handler: Callable[..., None]) -> Callable[..., None]:
        """``handler``, then scroll to the end of the body, where the cursor is."""

        def run(*args: str) -> None:
            handler(*args)
            ctx.scroll_to("body", END)

        return run

    size = round(BODY_SP * int(data.prefs(ctx).get("font_size")) / 100)
    editor = ctx.edit(
        "body",
        default=note.value,
        hint="Start typing your note",
        id="text_view",
        input_type="multiline",
        max_lines=10_000,
        padding=(16, 12),
        height=MATCH,
        size=size,
    )
    editor.on_change = follow_cursor(editor.on_change)
    editor.on_focus = follow_cursor(editor.on_focus)
    views: list[View] = [
        ctx.scroller(
            "body",
            [editor],
            cls=ScrollView,
            id="notes_scrollview",
            fill_viewport=True,
            height=0,
            weight=1,
        )
    ]
    if data.prefs(ctx).flag("show_word_count"):
        count = word_count(ctx.field("body", note.value))
        views.append(
            TextView(
                f"Words: {count}",
                id="notes_counter",
                size=14,
                color="text_secondary",
                width=MATCH,
                padding=(16, 8),
            )
        )
    return views


def _checklist_page(ctx: AppContext, note: Note) -> list[View]:
    """The checklist's items as check boxes (tap: done / not done; long press: rename or
    delete) and the button that adds an item."""
    entries = data.item_rows(ctx, note.id)  # read as the list shows them
    pressed = ctx.get("selected_item")  # (the item long-pressed)
    selected = data.item(ctx, note.id, pressed) if pressed else None

    def add(title: str) -> str | None:
        if not title:
            return EMPTY_ITEM
        data.add_item(ctx, note, title)
        return None

    def rename(title: str) -> str | None:
        if not title:
            return EMPTY_ITEM
        if selected is not None and title != selected.title:
            data.rename_item(ctx, selected, title)
        return None

    ask_add = prompt_dialog(
        ctx, "add_item", "Add new checklist item", add, hint="Item", id="checklist_item_title"
    )
    ask_rename = prompt_dialog(
        ctx, "rename_item", "Rename item", rename, hint="Item", id="checklist_item_title"
    )

    def delete() -> None:
        if selected is not None:
            data.delete_item(ctx, selected)

    menu = ctx.menu(
        "item",
        [("Rename", lambda: ask_rename(selected.title if selected else "")), ("Delete", delete)],
        at_touch=True,
    )

    def toggle(item: Item) -> Callable[[bool], None]:
        return lambda done: data.set_done(ctx, item, done)

    def long_press(item: Item) -> Handler:
        def run() -> None:
            ctx.set("selected_item", item.id)
            menu()

        return run

    size = int(BODY_SP * int(data.prefs(ctx).get("font_size")) / 100)

    def box(_index: int, item: Item) -> View:
        return CheckBox(
            item.title,
            id="checklist_title",
            checked=item.done,
            on_change=toggle(item),
            on_long_click=long_press(item),
            size=size,
            color="text_secondary" if item.done else "text",
            padding=(16, 8),
        )

    body: View = (
        ctx.scroller(
            "checklist", items=entries, render_item=box, wrap_rows=True, id="checklist_list"
        )
        if entries
        else empty_state("This checklist is empty. Tap + to add items.", id="empty_view")
    )
    add_button = fab("add", "Add new checklist item", lambda: ask_add(""), id="checklist_fab")
    return [FrameLayout(children=[body, add_button], height=0, weight=1)]


def _locked_page(ask_unlock: Callable[[str], None]) -> list[View]:
    return [
        Column(
            TextView(
                "This note is locked",
                id="locked_note_title",
                size=18,
                align="center",
                width=MATCH,
                margin=(32, 48, 32, 16),
            ),
            Button(
                "Show content", on_click=lambda: ask_unlock(""), id="show_content", gravity="center"
            ),
            height=0,
            weight=1,
        )
    ]


def note_screen(ctx: AppContext) -> View:
    note = data.note(ctx, data.shown_note_id(ctx))
    if note is None:
        return Column(
            ctx.up_bar("Notes"),
            empty_state("This note no longer exists.", id="empty_view"),
            height=MATCH,
        )

    def leave() -> None:
        autosave(ctx)
        if "note_id" in ctx.args:
            ctx.finish()
        else:
            _show_list(ctx)

    def save() -> None:
        data.save(ctx, note, ctx.field("body", note.value))
        ctx.toast("Note saved")

    hidden = note.locked and not ctx.get("unlocked")
    ask_lock, ask_unlock = _password_dialogs(ctx, note)
    if note.protection == PIN:
        ask_unlock = pin_dialog(ctx, note.password, lambda: _unlocked(ctx, note))

    def remove_lock() -> None:
        ctx.set("unlock_removes", True)
        ask_unlock("")

    ask_delete = delete_dialog(ctx, note, then=lambda: _after_delete(ctx))
    ask_rename = _rename_dialog(ctx, note)
    lock_item = ("Unlock note", remove_lock) if note.locked else ("Lock note", lambda: ask_lock(""))
    show_overflow = ctx.menu("overflow", [("Rename", ask_rename), lock_item])
    actions: list[Action] = [("delete", "Delete note", ask_delete)]
    searching = note_search(ctx)
    if hidden:
        page = _locked_page(ask_unlock)
    elif note.type == CHECKLIST:
        page = _checklist_page(ctx, note)
    else:
        page = _text_page(ctx, note)
        actions.insert(0, ("check", "Save", save))
        actions.insert(0, searching.action())
    bar = (
        searching.bar()
        if searching.active
        else toolbar(note.title, on_up=leave, actions=actions, on_overflow=show_overflow)
    )
    return Column(bar, *page, height=MATCH)
