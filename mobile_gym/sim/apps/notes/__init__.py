"""Notes (``com.simplemobiletools.notes.pro``): text notes and checklists, after Simple Notes Pro.

Database ``notes``: table ``notes(id, title, value, created, modified, type, password,
protection)`` (times in milliseconds on the virtual clock; ``type`` 0 = text, 1 = checklist;
a non-empty ``password`` locks the note, typed in a dialog when ``protection`` is
``password``, on a PIN pad when it is ``pin``), table ``checklist_items(id, note_id, title,
done)`` and table ``preferences(key, value)`` holding the settings changed from their
defaults (``font_size`` "100", ``show_word_count`` "0", ``move_done_to_bottom`` "0",
``current_note`` "0": the note shown when the app starts on ``NoteActivity``). The main screen lists the notes
(most recently changed first, or by title); a note opens in a full-page editor, and BACK,
Navigate up or leaving the app (HOME, recents) saves unsaved edits, as the real app does.

Activities:
    ``.activities.MainActivity``: the list of notes.
    ``.activities.NoteActivity``: one note; its argument ``note_id`` is the note's row id.
        Started without it (as the real app starts on the last note shown), it shows the
        ``current_note``: "Navigate up" then opens the list, and deleting the note shows the
        most recently changed note left (the list when none is).
    ``.activities.SettingsActivity``: the app's settings.

Resource ids (``com.simplemobiletools.notes.pro:id/<name>`` unless they start ``android:``):
    MainActivity: ``toolbar`` with ``toolbar_title`` "Notes", ``action_search`` ("Search":
    the field ``search_query``, hint "Search notes", filters by title and by content, not
    the content of locked notes; "Close search", "Clear query") and "More options" (menu
    "Sort by title" / "Sort by date", "Settings", "About": the About pages of
    ``mobile_gym.sim.apps.about``); ``notes_list`` (RecyclerView) of
    ``note_item`` rows, each with ``note_title``, ``note_preview`` (the body on one line, a
    checklist's items comma-separated, "Locked note" when locked), ``note_lock`` (desc
    "Locked") on locked notes and ``note_date``; ``empty_view`` when nothing is listed;
    ``fab`` ("Create a new note": the "New note" dialog with ``note_title_input`` and the
    radio buttons ``type_text_note`` / ``type_checklist``). A long press on a row opens a
    menu where it was pressed (``android:id/title`` items "Open", "Delete").
    NoteActivity: ``toolbar_title`` (the note's title), "Navigate up", ``action_search``
    ("Search", text notes: the field ``search_query``, hint "Search in note"; BACK or "Close
    search" leaves it), ``action_save`` ("Save", text notes), ``action_delete_note``
    ("Delete note"), "More options" (menu "Rename": the title prefilled and selected, so
    typing replaces it; "Lock note" or "Unlock note"). A text note: ``notes_scrollview`` holding the
    body field ``text_view`` (multiline EditText, its size following the font size
    setting) and, with the word count setting on, ``notes_counter`` ("Words: N"). A
    checklist: ``checklist_list`` of CheckBoxes ``checklist_title`` (tap: done / not done;
    long press: menu "Rename", "Delete") and ``checklist_fab`` ("Add new checklist item":
    dialog with ``checklist_item_title``). A locked note shows ``locked_note_title`` and
    the button ``show_content`` (dialog "Unlock note", field ``password_input``) until the
    password is typed (a PIN-locked note asks on the "Enter PIN" pad instead:
    ``pin_lock_current_pin`` shows a dot per digit, keys ``pin_0`` ... ``pin_9``, ``pin_c``
    clears, ``pin_ok`` checks); "Lock note" asks for a password in the same field; "Unlock
    note" asks for it and removes the lock.
    SettingsActivity: ``settings_font_size_holder`` ("Font size", value in
    ``settings_font_size``; dialog of radio buttons ``font_size_50`` ... ``font_size_300``),
    switches ``settings_show_word_count`` and ``settings_move_done_checklist_items``.
    Dialogs: ``android:id/alertTitle`` ("New note", "Rename note", "Delete note?", "Lock
    note", "Unlock note", "Enter PIN", "Add new checklist item", "Rename item", "Font size"),
    ``android:id/button1`` (OK / Delete) and ``android:id/button2`` (Cancel); ENTER in a
    dialog's field presses OK.

Logcat (tag ``Notes``): ``Note created: id=N title=T``, ``Note saved: id=N title=T``,
``Note renamed: id=N title=T``, ``Note deleted: id=N title=T``, ``Note locked: id=N
title=T``, ``Note unlocked: id=N title=T``, ``Checklist item added: note=N title=T``,
``Checklist item checked: note=N title=T`` (or ``unchecked``), ``Checklist item renamed:
note=N title=T``, ``Checklist item deleted: note=N title=T``, ``Preference changed: KEY=VALUE``,
``Notes sorted by title`` (or ``date``).
Toasts: "Note saved", "Title cannot be empty", "A note with that title already exists",
"Password cannot be empty", "Wrong password", "Wrong PIN", "Item cannot be empty".
"""

from mobile_gym.sim.apps.notes.app import NotesApp
from mobile_gym.sim.apps.notes.data import (
    CHECKLIST,
    DATABASE,
    MAIN_ACTIVITY,
    NOTE_ACTIVITY,
    PACKAGE,
    SETTINGS_ACTIVITY,
    TEXT,
)

__all__ = [
    "CHECKLIST",
    "DATABASE",
    "MAIN_ACTIVITY",
    "NOTE_ACTIVITY",
    "PACKAGE",
    "SETTINGS_ACTIVITY",
    "TEXT",
    "NotesApp",
]
