"""End-to-end tests of the Notes app, driven through raw input events only.

Every action is a tap, long press, drag, text or key event sent to the phone (through
``Driver``); outcomes are read from the app's SQLite database, logcat and the uiautomator
hierarchy, as a task checker would.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator

import pytest

from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.notes import data
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.phone import Phone
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import walk
from tests.sim.conftest import statements_while_rebuilt, views_made

PKG = "com.simplemobiletools.notes.pro"
MAIN = ".activities.MainActivity"
NOTE = ".activities.NoteActivity"
IME = "com.android.inputmethod.latin"
LAUNCHER = "com.android.launcher3"
OK = "android:id/button1"
CANCEL = "android:id/button2"


# helpers -------------------------------------------------------------------------------------
def notes(phone: Phone) -> list[sqlite3.Row]:
    """Every note, newest change first (the list's default order)."""
    return (
        phone.database(PKG, "notes")
        .execute("SELECT * FROM notes ORDER BY modified DESC")
        .fetchall()
    )


def note_by_title(phone: Phone, title: str) -> sqlite3.Row | None:
    db = phone.database(PKG, "notes")
    return db.execute("SELECT * FROM notes WHERE title = ?", (title,)).fetchone()


def app_log(phone: Phone) -> list[str]:
    """The Notes app's own logcat messages (tag ``Notes``)."""
    return [
        line.split(" I Notes: ", 1)[1] for line in phone.logcat_lines()[0] if " I Notes: " in line
    ]


def shown_titles(d: Driver) -> list[str]:
    return [node.text for node in d.find_all(id="note_title")]


def type_text(d: Driver, text: str) -> None:
    d.device.send(ev.Text(text))


def tap_keys(d: Driver, keys: str) -> None:
    """Type ``keys`` by tapping the soft keyboard's keys, found by their labels."""
    for key in keys:
        d.tap(text=key, package=IME)


def open_note(d: Driver, title: str) -> None:
    d.tap(text=title, id="note_title")
    assert d.find(id="toolbar_title").text == title


def toast_shown(d: Driver, text: str) -> bool:
    return d.exists(text=text, class_="android.widget.TextView")


@pytest.fixture
def phone() -> Iterator[Phone]:
    phone = Phone(seed=7)
    yield phone
    phone.close()


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with Notes opened from the launcher's dock."""
    driver = Driver(phone)
    driver.tap(content_desc="Notes", package=LAUNCHER)
    assert phone.foreground == (PKG, MAIN)
    return driver


# the list ------------------------------------------------------------------------------------
def test_list_shows_seeded_notes_newest_first(phone: Phone, d: Driver) -> None:
    rows = notes(phone)
    assert d.find(id="toolbar_title").text == "Notes"
    assert d.exists(id="notes_list", scrollable="true")
    assert shown_titles(d) == [row["title"] for row in rows]
    previews = [node.text for node in d.find_all(id="note_preview")]
    assert previews == [" ".join(row["value"].split("\n")) for row in rows]
    assert d.find(id="fab").desc == "Create a new note"


def test_a_rows_date_sits_at_its_end_and_its_preview_takes_the_rest(
    phone: Phone, d: Driver
) -> None:
    rows = d.find_all(id="note_item")
    dates = d.find_all(id="note_date")
    previews = d.find_all(id="note_preview")
    assert rows and len(rows) == len(dates) == len(previews)
    end = phone.display.dp(16)  # the row's padding
    for row, date, preview in zip(rows, dates, previews, strict=True):
        assert date.bounds.right == row.bounds.right - end
        assert preview.bounds.right < date.bounds.left
        assert preview.bounds.width > row.bounds.width // 2


def test_create_type_and_save_note(phone: Phone, d: Driver) -> None:
    before = len(notes(phone))
    d.tap(id="fab")
    assert d.find(resource_id="android:id/alertTitle").text == "New note"
    d.type_into("Weekend trip", id="note_title_input")
    d.tap(resource_id=OK)
    assert phone.foreground == (PKG, NOTE)
    assert d.find(id="toolbar_title").text == "Weekend trip"

    d.tap(id="text_view")
    assert d.exists(id="keyboard_view", package=IME)
    type_text(d, "Pack the tent")
    d.key("ENTER")
    d.tap(content_desc="Shift", package=IME)
    tap_keys(d, "B")  # shifted keys show capitals; shift lasts one letter
    assert d.exists(text="u", package=IME)
    type_text(d, "uy ")
    tap_keys(d, "gas")
    assert d.find(id="text_view").text == "Pack the tent\nBuy gas"
    d.tap(content_desc="Save")
    assert toast_shown(d, "Note saved")

    row = note_by_title(phone, "Weekend trip")
    assert row is not None and len(notes(phone)) == before + 1
    assert row["value"] == "Pack the tent\nBuy gas"
    assert row["created"] < row["modified"] <= phone.clock.epoch_ms
    assert app_log(phone)[-2:] == [
        f"Note created: id={row['id']} title=Weekend trip",
        f"Note saved: id={row['id']} title=Weekend trip",
    ]

    d.key("BACK")  # hides the keyboard
    assert phone.foreground == (PKG, NOTE) and not d.exists(id="keyboard_view")
    d.key("BACK")
    assert phone.foreground == (PKG, MAIN)
    assert shown_titles(d)[0] == "Weekend trip"
    assert d.find_all(id="note_preview")[0].text == "Pack the tent Buy gas"
    assert app_log(phone).count(f"Note saved: id={row['id']} title=Weekend trip") == 1


@pytest.mark.parametrize("leave", ["back", "navigate_up"])
def test_leaving_a_note_autosaves_changes(phone: Phone, d: Driver, leave: str) -> None:
    old = notes(phone)[-1]
    open_note(d, old["title"])
    assert d.find(id="text_view").text == old["value"]
    d.tap(id="text_view")
    d.key("ENTER")
    type_text(d, "Call Sam")
    d.key("BACK")  # hides the keyboard: nothing saved yet
    assert phone.foreground == (PKG, NOTE)
    assert note_by_title(phone, old["title"])["value"] == old["value"]
    if leave == "back":
        d.key("BACK")
    else:
        d.tap(content_desc="Navigate up")

    assert phone.foreground == (PKG, MAIN)
    row = note_by_title(phone, old["title"])
    assert row["value"] == old["value"] + "\nCall Sam"
    assert row["modified"] > old["modified"]
    assert app_log(phone)[-1] == f"Note saved: id={old['id']} title={old['title']}"
    assert shown_titles(d)[0] == old["title"]
    assert d.find_all(id="note_preview")[0].text.endswith("Call Sam")


def test_leaving_an_unchanged_note_writes_nothing(phone: Phone, d: Driver) -> None:
    before = [dict(row) for row in notes(phone)]
    open_note(d, before[1]["title"])
    d.tap(id="text_view")
    d.key("BACK")
    d.key("BACK")
    assert phone.foreground == (PKG, MAIN)
    assert [dict(row) for row in notes(phone)] == before
    assert not any(line.startswith("Note saved") for line in app_log(phone))


def test_edit_an_existing_note(phone: Phone, d: Driver) -> None:
    old = notes(phone)[2]
    open_note(d, old["title"])
    d.tap(id="text_view")
    d.key("DEL")
    d.key("DEL")
    d.tap(content_desc="Delete", package=IME)  # the soft keyboard's backspace
    tap_keys(d, "xyz")
    d.tap(content_desc="Save")
    expected = old["value"][:-3] + "xyz"
    assert note_by_title(phone, old["title"])["value"] == expected
    assert toast_shown(d, "Note saved")
    d.key("BACK")
    d.key("BACK")
    assert shown_titles(d)[0] == old["title"]
    assert d.find_all(id="note_preview")[0].text == " ".join(expected.split("\n"))


@pytest.mark.parametrize("key", ["HOME", "APP_SWITCH"])
def test_leaving_the_app_autosaves_the_open_note(phone: Phone, d: Driver, key: str) -> None:
    old = notes(phone)[1]
    open_note(d, old["title"])
    d.tap(id="text_view")
    d.key("ENTER")
    type_text(d, "Draft line")
    d.key(key)  # with the keyboard up: the app leaves the foreground at once

    assert phone.foreground[0] == LAUNCHER
    row = note_by_title(phone, old["title"])
    assert row["value"] == old["value"] + "\nDraft line"
    assert row["modified"] > old["modified"]
    assert app_log(phone)[-1] == f"Note saved: id={old['id']} title={old['title']}"
    assert not toast_shown(d, "Note saved")

    # back in the app, the note shows the saved text and leaving it saves nothing more
    if key == "HOME":
        d.tap(content_desc="Notes", package=LAUNCHER)
    else:
        d.tap(id="snapshot")
    assert phone.foreground == (PKG, NOTE)
    assert d.find(id="text_view").text == row["value"]
    d.key("BACK")
    assert phone.foreground == (PKG, MAIN)
    assert app_log(phone).count(f"Note saved: id={old['id']} title={old['title']}") == 1


def test_leaving_the_app_from_an_unchanged_note_writes_nothing(phone: Phone, d: Driver) -> None:
    before = [dict(row) for row in notes(phone)]
    d.key("HOME")  # from the list
    d.tap(content_desc="Notes", package=LAUNCHER)
    open_note(d, before[0]["title"])
    d.tap(id="text_view")
    d.key("HOME")  # from a note, focused but not edited
    assert [dict(row) for row in notes(phone)] == before
    assert not any(line.startswith("Note saved") for line in app_log(phone))


def body_scroll(phone: Phone) -> ScrollView:
    """The note editor's scroll view, as laid out on screen."""
    return next(
        node
        for window in phone.windows()
        for node in walk(window)
        if isinstance(node, ScrollView) and node.id == "notes_scrollview"
    )


def test_the_editor_fills_the_page_and_follows_the_cursor(phone: Phone, d: Driver) -> None:
    open_note(d, notes(phone)[0]["title"])
    page = d.find(id="notes_scrollview")
    assert d.find(id="text_view").bounds == page.bounds  # a short note still fills the page
    d.send_all(ev.tap(page.bounds.center[0], page.bounds.bottom - 20))  # blank space, far below
    assert d.find(id="text_view").focused
    assert d.exists(id="keyboard_view", package=IME)

    type_text(d, "".join(f"\nMore line {n}" for n in range(60)))
    view = body_scroll(phone)
    assert view.offset == view.max_offset > 0  # scrolled to the end, where the cursor is
    editor = view.children[0]
    assert editor.bounds.bottom <= view.bounds.bottom and editor.bounds.top < view.bounds.top

    at_end = view.offset
    d.scroll("up")  # read the top again
    assert 0 <= body_scroll(phone).offset < at_end
    type_text(d, "!")  # typing brings the cursor back into view
    view = body_scroll(phone)
    assert view.offset == view.max_offset
    d.key("BACK")
    d.key("BACK")
    assert note_by_title(phone, notes(phone)[0]["title"])["value"].endswith("More line 59!")


# deleting ------------------------------------------------------------------------------------
def test_long_press_menu_opens_and_deletes(phone: Phone, d: Driver) -> None:
    rows = notes(phone)
    target = rows[1]
    d.long_press(text=target["title"], id="note_title")
    assert [n.text for n in d.find_all(resource_id="android:id/title")] == ["Open", "Delete"]
    d.tap(text="Open", resource_id="android:id/title")
    assert phone.foreground == (PKG, NOTE)
    assert d.find(id="toolbar_title").text == target["title"]
    d.key("BACK")

    d.long_press(text=target["title"], id="note_title")
    d.tap(text="Delete", resource_id="android:id/title")
    assert d.find(resource_id="android:id/alertTitle").text == "Delete note?"
    d.tap(resource_id=CANCEL)
    assert not d.exists(resource_id="android:id/alertTitle")
    assert note_by_title(phone, target["title"]) is not None
    assert target["title"] in shown_titles(d)

    d.long_press(text=target["title"], id="note_title")
    d.tap(text="Delete", resource_id="android:id/title")
    d.tap(resource_id=OK)
    assert note_by_title(phone, target["title"]) is None
    assert len(notes(phone)) == len(rows) - 1
    assert target["title"] not in shown_titles(d)
    assert app_log(phone)[-1] == f"Note deleted: id={target['id']} title={target['title']}"


def test_row_menu_opens_where_the_row_was_long_pressed(phone: Phone, d: Driver) -> None:
    rows = d.find_all(id="note_item")
    for row in (rows[0], rows[-1]):
        x, y = row.bounds.left + row.bounds.width // 4, row.bounds.center[1]
        d.send_all(ev.long_press(x, y))
        menu = d.find(class_="android.widget.ListView", package=PKG)
        assert row.bounds.top <= menu.bounds.top < row.bounds.bottom
        assert (menu.bounds.left, menu.bounds.top) == (x, round(y))
        d.key("BACK")
        assert not d.exists(resource_id="android:id/title")

    # pressed at the right edge, the menu is moved left to stay on screen
    right = d.find(id="note_date")
    d.send_all(ev.long_press(right.bounds.right - 2, right.bounds.center[1]))
    menu = d.find(class_="android.widget.ListView", package=PKG)
    window = d.find(id="notes_list")
    assert menu.bounds.right <= window.bounds.right and menu.bounds.left < right.bounds.left
    assert right.bounds.top <= menu.bounds.top < right.bounds.bottom + 40
    d.tap(text="Open", resource_id="android:id/title")
    assert d.find(id="toolbar_title").text == notes(phone)[0]["title"]


def test_delete_action_on_the_note_screen(phone: Phone, d: Driver) -> None:
    target = notes(phone)[0]
    open_note(d, target["title"])
    d.tap(content_desc="Delete note")
    assert d.find(resource_id="android:id/alertTitle").text == "Delete note?"
    assert target["title"] in d.find(resource_id="android:id/message").text
    d.tap(resource_id=CANCEL)
    assert phone.foreground == (PKG, NOTE)
    assert note_by_title(phone, target["title"]) is not None

    d.tap(content_desc="Delete note")
    d.tap(resource_id=OK)
    assert phone.foreground == (PKG, MAIN)
    assert note_by_title(phone, target["title"]) is None
    assert target["title"] not in shown_titles(d)
    assert app_log(phone)[-1] == f"Note deleted: id={target['id']} title={target['title']}"


def test_deleting_every_note_shows_the_empty_state(phone: Phone, d: Driver) -> None:
    for _ in range(len(notes(phone))):
        d.long_press(id="note_item")
        d.tap(text="Delete", resource_id="android:id/title")
        d.tap(resource_id=OK)
    assert notes(phone) == []
    assert not d.exists(id="notes_list")
    assert d.find(id="empty_view").text == "No notes yet. Tap + to create one."


# titles --------------------------------------------------------------------------------------
def test_new_note_title_must_be_filled_and_unique(phone: Phone, d: Driver) -> None:
    rows = notes(phone)
    d.tap(id="fab")
    d.tap(resource_id=OK)
    assert toast_shown(d, "Title cannot be empty")
    assert d.find(resource_id="android:id/alertTitle").text == "New note"
    assert d.exists(id="keyboard_view")
    type_text(d, "   ")
    d.tap(resource_id=OK)
    assert toast_shown(d, "Title cannot be empty")
    d.tap(resource_id=CANCEL)
    assert not d.exists(resource_id="android:id/alertTitle")

    d.tap(id="fab")
    assert d.find(id="note_title_input").text == "Title"  # emptied: the hint shows
    d.type_into(rows[0]["title"].upper(), id="note_title_input")
    d.tap(resource_id=OK)
    assert toast_shown(d, "A note with that title already exists")
    assert d.find(resource_id="android:id/alertTitle").text == "New note"
    assert phone.foreground == (PKG, MAIN)
    assert len(notes(phone)) == len(rows)
    assert not any(line.startswith("Note created") for line in app_log(phone))


def test_enter_in_the_title_field_presses_ok(phone: Phone, d: Driver) -> None:
    taken = notes(phone)[0]["title"]
    d.tap(id="fab")
    d.key("ENTER")  # empty: the dialog stays, keyboard and all
    assert toast_shown(d, "Title cannot be empty")
    assert d.find(resource_id="android:id/alertTitle").text == "New note"
    assert d.find(id="note_title_input").focused
    assert d.exists(id="keyboard_view", package=IME)
    type_text(d, taken)
    d.key("ENTER")
    assert toast_shown(d, "A note with that title already exists")
    assert d.exists(id="keyboard_view", package=IME)
    for _ in taken:
        d.key("DEL")
    type_text(d, "Typed and entered")
    d.key("ENTER")
    assert phone.foreground == (PKG, NOTE)
    assert d.find(id="toolbar_title").text == "Typed and entered"
    assert not d.exists(resource_id="android:id/alertTitle")
    new = note_by_title(phone, "Typed and entered")
    assert app_log(phone)[-1] == f"Note created: id={new['id']} title=Typed and entered"

    d.tap(content_desc="More options")
    d.tap(text="Rename", resource_id="android:id/title")
    type_text(d, "Typed and entered 2")  # the old title starts out selected: typing replaces it
    d.key("ENTER")
    assert d.find(id="toolbar_title").text == "Typed and entered 2"
    assert not d.exists(resource_id="android:id/alertTitle")
    assert app_log(phone)[-1] == f"Note renamed: id={new['id']} title=Typed and entered 2"


def test_rename_note_from_the_overflow_menu(phone: Phone, d: Driver) -> None:
    rows = notes(phone)
    target, other = rows[0], rows[1]
    open_note(d, target["title"])
    d.tap(content_desc="More options")
    d.tap(text="Rename", resource_id="android:id/title")
    field = d.find(id="note_title_input")
    assert field.text == target["title"] and field.focused
    for _ in target["title"]:
        d.key("DEL")
    type_text(d, other["title"])
    d.tap(resource_id=OK)
    assert toast_shown(d, "A note with that title already exists")
    assert note_by_title(phone, target["title"]) is not None

    for _ in other["title"]:
        d.key("DEL")
    type_text(d, "Renamed note")
    d.tap(resource_id=OK)
    assert d.find(id="toolbar_title").text == "Renamed note"
    assert note_by_title(phone, target["title"]) is None
    assert note_by_title(phone, "Renamed note")["id"] == target["id"]
    assert app_log(phone)[-1] == f"Note renamed: id={target['id']} title=Renamed note"
    d.key("BACK")
    assert "Renamed note" in shown_titles(d)


def test_sort_by_title_and_back_to_date(phone: Phone, d: Driver) -> None:
    by_date = [row["title"] for row in notes(phone)]
    d.tap(content_desc="More options")
    d.tap(text="Sort by title", resource_id="android:id/title")
    assert shown_titles(d) == sorted(by_date, key=str.lower)
    d.tap(content_desc="More options")
    d.tap(text="Sort by date", resource_id="android:id/title")
    assert shown_titles(d) == by_date


def test_recents_names_the_open_note(phone: Phone, d: Driver) -> None:
    title = notes(phone)[0]["title"]
    open_note(d, title)
    d.key("APP_SWITCH")
    assert d.exists(text=title, resource_id="android:id/summary")
    d.tap(id="snapshot")
    assert phone.foreground == (PKG, NOTE)


# seeding -------------------------------------------------------------------------------------
def seeded(seed: int) -> tuple[list[tuple], str]:
    """The seeded notes of a fresh phone and the hierarchy of its list, opened by tapping."""
    phone = Phone(seed=seed)
    driver = Driver(phone)
    driver.tap(content_desc="Notes", package=LAUNCHER)
    db = phone.database(PKG, "notes")
    rows = [tuple(row) for row in db.execute("SELECT * FROM notes ORDER BY id")]
    xml = phone.hierarchy_xml()
    phone.close()
    return rows, xml


def test_seeded_notes_are_deterministic_per_seed() -> None:
    assert seeded(3) == seeded(3)
    assert seeded(3)[0] != seeded(4)[0]


@pytest.mark.parametrize("seed", range(8))
def test_seeded_notes_are_believable(seed: int) -> None:
    phone = Phone(seed=seed)
    rows = notes(phone)
    assert 4 <= len(rows) <= 8
    assert len({row["title"] for row in rows}) == len(rows)
    for row in rows:
        assert row["title"] and row["value"]
        assert row["created"] <= row["modified"] < phone.clock.epoch_ms
    phone.close()


# checklists ----------------------------------------------------------------------------------
def items(phone: Phone, note_id: int) -> list[tuple[str, int]]:
    db = phone.database(PKG, "notes")
    rows = db.execute(
        "SELECT title, done FROM checklist_items WHERE note_id = ? ORDER BY id", (note_id,)
    )
    return [tuple(row) for row in rows]


def new_checklist(d: Driver, title: str) -> None:
    d.tap(id="fab")
    d.type_into(title, id="note_title_input")
    assert d.find(id="type_text_note").checked
    d.tap(id="type_checklist")
    d.tap(resource_id=OK)


def add_item(d: Driver, title: str) -> None:
    d.tap(desc="Add new checklist item")
    d.type_into(title, id="checklist_item_title")
    d.tap(resource_id=OK)


def test_a_long_checklist_makes_only_the_items_in_view(phone: Phone, d: Driver) -> None:
    new_checklist(d, "Packing")
    note_id = note_by_title(phone, "Packing")["id"]
    phone.database(PKG, "notes").executemany(
        "INSERT INTO checklist_items(note_id, title, done) VALUES (?, ?, 0)",
        [(note_id, f"Item {i:03d}") for i in range(300)],
    )
    shown = [n.text for n in d.find_all(id="checklist_title")]
    assert shown[:2] == ["Item 000", "Item 001"] and len(shown) < 40
    assert views_made(phone, "checklist_title") < 40  # of 300
    d.scroll_to(max_scrolls=100, id="checklist_title", text="Item 299")
    d.tap(id="checklist_title", text="Item 299")
    assert items(phone, note_id)[-1] == ("Item 299", 1)
    assert views_made(phone, "checklist_title") < 40


def test_create_a_checklist_add_and_check_items(phone: Phone, d: Driver) -> None:
    new_checklist(d, "Hardware store")
    assert phone.foreground == (PKG, NOTE)
    row = note_by_title(phone, "Hardware store")
    assert row["type"] == 1 and row["value"] == ""
    assert d.find(id="empty_view").text == "This checklist is empty. Tap + to add items."
    assert not d.exists(desc="Save")  # a checklist saves as it changes
    d.tap(desc="Add new checklist item")
    d.tap(resource_id=OK)
    assert toast_shown(d, "Item cannot be empty")
    d.tap(resource_id=CANCEL)
    for title in ("Screws", "Sandpaper", "Wood glue"):
        add_item(d, title)
    assert [n.text for n in d.find_all(id="checklist_title")] == [
        "Screws",
        "Sandpaper",
        "Wood glue",
    ]
    d.tap(id="checklist_title", text="Sandpaper")
    assert d.find(id="checklist_title", text="Sandpaper").checked
    assert items(phone, row["id"]) == [("Screws", 0), ("Sandpaper", 1), ("Wood glue", 0)]
    assert app_log(phone)[-1] == f"Checklist item checked: note={row['id']} title=Sandpaper"
    d.tap(id="checklist_title", text="Sandpaper")
    assert items(phone, row["id"])[1] == ("Sandpaper", 0)

    d.long_press(id="checklist_title", text="Screws")
    d.tap(text="Rename", resource_id="android:id/title")
    type_text(d, " M4")
    d.tap(resource_id=OK)
    d.long_press(id="checklist_title", text="Wood glue")
    d.tap(text="Delete", resource_id="android:id/title")
    assert items(phone, row["id"]) == [("Screws M4", 0), ("Sandpaper", 0)]
    d.key("BACK")
    assert shown_titles(d)[0] == "Hardware store"
    assert d.find_all(id="note_preview")[0].text == "Screws M4, Sandpaper"


def test_done_items_move_to_the_bottom_when_that_setting_is_on(phone: Phone, d: Driver) -> None:
    new_checklist(d, "Errands")
    for title in ("Post office", "Bank", "Pharmacy"):
        add_item(d, title)
    d.tap(id="checklist_title", text="Post office")
    assert d.find(id="checklist_title").text == "Post office"
    d.key("BACK")
    d.tap(desc="More options")
    d.tap(text="Settings", resource_id="android:id/title")
    assert phone.foreground == (PKG, ".activities.SettingsActivity")
    d.tap(id="settings_move_done_checklist_items")
    assert d.find(id="settings_move_done_checklist_items").checked
    d.key("BACK")
    d.tap(id="note_title", text="Errands")
    assert [n.text for n in d.find_all(id="checklist_title")] == ["Bank", "Pharmacy", "Post office"]


# locking -------------------------------------------------------------------------------------
def test_lock_and_unlock_a_note(phone: Phone, d: Driver) -> None:
    target = notes(phone)[0]
    open_note(d, target["title"])
    d.tap(desc="More options")
    d.tap(text="Lock note", resource_id="android:id/title")
    assert d.find(id="password_input").password
    d.tap(resource_id=OK)
    assert toast_shown(d, "Password cannot be empty")
    type_text(d, "tulip7")
    d.tap(resource_id=OK)
    assert note_by_title(phone, target["title"])["password"] == "tulip7"
    assert app_log(phone)[-1] == f"Note locked: id={target['id']} title={target['title']}"
    assert d.exists(id="text_view")  # whoever locked it still sees it
    d.key("BACK")
    assert d.find_all(id="note_preview")[0].text == "Locked note"
    assert d.exists(id="note_lock", desc="Locked")

    open_note(d, target["title"])
    assert not d.exists(id="text_view")
    assert d.find(id="locked_note_title").text == "This note is locked"
    d.tap(id="show_content")
    type_text(d, "tulip")
    d.tap(resource_id=OK)
    assert toast_shown(d, "Wrong password")
    type_text(d, "7")
    d.tap(resource_id=OK)
    assert d.find(id="text_view").text == target["value"]
    assert note_by_title(phone, target["title"])["password"] == "tulip7"  # still locked

    d.tap(desc="More options")
    d.tap(text="Unlock note", resource_id="android:id/title")
    type_text(d, "tulip7")
    d.tap(resource_id=OK)
    assert note_by_title(phone, target["title"])["password"] == ""
    assert app_log(phone)[-1] == f"Note unlocked: id={target['id']} title={target['title']}"


# search --------------------------------------------------------------------------------------
def test_search_finds_titles_and_content_but_not_locked_content(phone: Phone, d: Driver) -> None:
    rows = notes(phone)
    word = rows[1]["value"].split()[0]
    d.tap(desc="Search")
    assert d.find(id="search_query").text == "Search notes"
    d.type_into(word, id="search_query")
    expected = [r["title"] for r in rows if word.lower() in (r["title"] + r["value"]).lower()]
    assert shown_titles(d) == expected
    d.tap(desc="Clear query")
    d.type_into(rows[0]["title"].upper(), id="search_query")
    assert rows[0]["title"] in shown_titles(d)
    phone.database(PKG, "notes").execute(
        "UPDATE notes SET password = 'x' WHERE id = ?", (rows[1]["id"],)
    )
    d.tap(desc="Clear query")
    d.type_into(rows[1]["value"].split("\n")[-1], id="search_query")
    assert rows[1]["title"] not in shown_titles(d)
    d.type_into("zzzz", id="search_query")
    assert d.find(id="empty_view").text == "No notes match your search"
    d.key("BACK")
    d.key("BACK")
    assert not d.exists(id="search_query")
    assert shown_titles(d) == [r["title"] for r in notes(phone)]


# settings ------------------------------------------------------------------------------------
def test_font_size_and_word_count_settings(phone: Phone, d: Driver) -> None:
    target = notes(phone)[0]
    open_note(d, target["title"])
    normal = d.find(id="text_view")
    assert not d.exists(id="notes_counter")
    d.key("BACK")
    d.tap(desc="More options")
    d.tap(text="Settings", resource_id="android:id/title")
    assert d.find(id="settings_font_size").text == "100%"
    d.tap(id="settings_font_size_holder")
    assert d.find(id="font_size_100").checked
    d.tap(id="font_size_150")
    assert not d.exists(resource_id="android:id/alertTitle")
    assert d.find(id="settings_font_size").text == "150%"
    d.tap(id="settings_show_word_count")
    db = phone.database(PKG, "notes")
    assert dict(db.execute("SELECT key, value FROM preferences").fetchall()) == {
        "font_size": "150",
        "show_word_count": "1",
    }
    assert app_log(phone)[-2:] == [
        "Preference changed: font_size=150",
        "Preference changed: show_word_count=1",
    ]
    d.key("BACK")
    open_note(d, target["title"])
    assert d.find(id="notes_counter").text == f"Words: {len(target['value'].split())}"
    d.tap(id="text_view")
    type_text(d, " two more")
    assert d.find(id="notes_counter").text == f"Words: {len(target['value'].split()) + 2}"
    bigger = d.find(id="text_view")
    assert bigger.bounds.height < normal.bounds.height  # the counter takes room below
    assert phone.screenshot() is not None


# the About pages, the current note, the PIN pad and search in a note ---------------------------
def test_about_opens_from_the_overflow_menu(phone: Phone, d: Driver) -> None:
    d.tap(content_desc="More options")
    d.tap(text="About", resource_id="android:id/title")
    assert phone.foreground == (PKG, "com.simplemobiletools.commons.activities.AboutActivity")
    assert d.find(id="about_app_name").text == "Simple Notes Pro"


def _start_on_current_note(phone: Phone, rows: list[tuple], current: int) -> Driver:
    """Notes' data replaced by ``rows`` (title, value, type, password, protection), then the
    app started on note ``current`` as the real app starts on the last note shown."""
    db = phone.database(PKG, "notes")
    db.execute("DELETE FROM notes")
    db.executemany(
        "INSERT INTO notes (id, title, value, created, modified, type, password, protection) "
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
        [(i + 1, t, v, 1000 * i, 1000 * i, k, p, pr) for i, (t, v, k, p, pr) in enumerate(rows)],
    )
    db.execute("INSERT INTO preferences(key, value) VALUES ('current_note', ?)", (str(current),))
    db.commit()
    phone.start_activity(PKG, NOTE)
    return Driver(phone)


def test_started_on_the_current_note_up_shows_the_list(phone: Phone) -> None:
    rows = [("first", "one", 0, "", "password"), ("second", "two", 0, "", "password")]
    d = _start_on_current_note(phone, rows, 2)
    assert d.find(id="toolbar_title").text == "second"
    assert d.find(id="text_view").text == "two"
    d.tap(content_desc="Navigate up")
    assert phone.foreground == (PKG, MAIN)
    assert shown_titles(d) == ["second", "first"]


def test_deleting_the_current_note_shows_the_next_one(phone: Phone) -> None:
    rows = [("old", "", 0, "", "password"), ("newer", "", 0, "", "password")]
    d = _start_on_current_note(phone, rows, 2)
    d.tap(content_desc="Delete note")
    d.tap(resource_id=OK)
    assert d.find(id="toolbar_title").text == "old"
    d.tap(content_desc="Delete note")
    d.tap(resource_id=OK)
    assert phone.foreground == (PKG, MAIN)
    assert d.exists(id="empty_view")
    assert notes(phone) == []


def test_a_pin_locked_note_opens_on_the_pin_pad(phone: Phone) -> None:
    d = _start_on_current_note(phone, [("pins", "bank 2580", 0, "2580", "pin")], 1)
    assert d.exists(id="locked_note_title")
    d.tap(id="show_content")
    for key in "2581":
        d.tap(id=f"pin_{key}")
    assert d.find(id="pin_lock_current_pin").text == "••••"
    d.tap(id="pin_ok")
    assert toast_shown(d, "Wrong PIN")
    assert d.find(id="pin_lock_current_pin").text == ""
    for key in "2580":
        d.tap(id=f"pin_{key}")
    d.tap(id="pin_ok")
    assert not d.exists(id="pin_ok")
    assert d.find(id="text_view").text == "bank 2580"
    assert note_by_title(phone, "pins")["password"] == "2580"  # shown, still locked


def test_search_inside_the_open_note(phone: Phone) -> None:
    d = _start_on_current_note(phone, [("story", "The secret is out", 0, "", "password")], 1)
    d.tap(content_desc="Search")
    type_text(d, "secret")
    assert d.find(id="search_query").text == "secret"
    assert d.find(id="text_view").text == "The secret is out"
    d.key("BACK")
    d.key("BACK")  # the first BACK hides the keyboard
    assert not d.exists(id="search_query")
    assert d.find(id="toolbar_title").text == "story"


def titles_scrolled_through(d: Driver) -> list[str]:
    """Every title the list shows, scrolled from its top to its end, in order."""
    for _ in range(200):  # back to the top
        before = d.device.hierarchy_xml()
        d.scroll("up", id="notes_list")
        if d.device.hierarchy_xml() == before:
            break
    seen: list[str] = []
    for _ in range(200):
        seen += [title for title in shown_titles(d) if title not in seen]
        before = d.device.hierarchy_xml()
        d.scroll("down", id="notes_list")
        if d.device.hierarchy_xml() == before:
            return seen
    raise AssertionError("the list never reached its end")


def test_a_long_list_shows_every_note_in_order_as_it_scrolls(phone: Phone, d: Driver) -> None:
    """The list reads its notes a page at a time: scrolled through, it shows all of them in
    the order of the database, in either sort, and a change is seen at once."""
    rows = [(f"Long note {i:03d}", f"text {i}", 1_000 + i, 1_000 + i) for i in range(150)]
    phone.database(PKG, "notes").executemany(
        "INSERT INTO notes(title, value, created, modified) VALUES (?, ?, ?, ?)", rows
    )
    by_date = [row["title"] for row in notes(phone)]
    assert len(by_date) > 150
    assert titles_scrolled_through(d) == by_date

    d.tap(content_desc="More options")
    d.tap(text="Sort by title", resource_id="android:id/title")
    assert titles_scrolled_through(d) == sorted(by_date, key=str.lower)

    phone.database(PKG, "notes").execute(
        "UPDATE notes SET title = 'A note renamed' WHERE title = 'Long note 149'"
    )
    renamed = sorted((row["title"] for row in notes(phone)), key=str.lower)
    assert "A note renamed" in renamed
    assert titles_scrolled_through(d) == renamed


def test_a_search_of_many_notes_is_matched_once_until_they_change(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = phone.database(PKG, "notes")
    db.executemany(
        "INSERT INTO notes(title, value, created, modified, type) VALUES (?, '', ?, ?, 1)",
        [(f"Camp list {i:03d}", 1_000 + i, 1_000 + i) for i in range(400)],
    )
    db.execute(
        "INSERT INTO checklist_items(note_id, title) SELECT id, 'Marmot trap' FROM notes "
        "WHERE title LIKE 'Camp list %' AND id % 2 = 0"
    )
    read: list[str] = []
    every = data.notes
    monkeypatch.setattr(data, "notes", lambda ctx, order: read.append(order) or every(ctx, order))

    def matching() -> list[str]:
        rows = db.execute(
            "SELECT title FROM notes n WHERE title LIKE '%marmot%' OR value LIKE '%marmot%' "
            "OR (password = '' AND EXISTS (SELECT 1 FROM checklist_items i "
            "WHERE i.note_id = n.id AND i.title LIKE '%marmot%')) ORDER BY modified DESC, id DESC"
        )
        return [title for (title,) in rows]

    d.tap(desc="Search")
    d.type_into("marmot", id="search_query")
    shown = shown_titles(d)
    assert len(matching()) == 200 and shown == matching()[: len(shown)] and len(shown) > 3
    reads = len(read)
    statements_while_rebuilt(phone, phone.database(PKG, "notes"))
    assert len(read) == reads  # the 400 notes were matched once
    newest = db.execute(
        "SELECT id FROM notes WHERE title LIKE 'Camp list %' ORDER BY modified DESC LIMIT 1"
    ).fetchone()[0]
    db.execute("INSERT INTO checklist_items(note_id, title) VALUES (?, 'MARMOT food')", (newest,))
    assert shown_titles(d)[0] == "Camp list 399"  # a change shows at once
    db.execute("UPDATE notes SET password = 'x' WHERE id = ?", (newest,))
    shown = shown_titles(d)  # a locked note's content is not searched
    assert "Camp list 399" not in shown and shown == matching()[: len(shown)]


def test_a_long_checklist_is_read_a_page_at_a_time(
    phone: Phone, d: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    new_checklist(d, "Packing")
    note_id = note_by_title(phone, "Packing")["id"]
    phone.database(PKG, "notes").executemany(
        "INSERT INTO checklist_items(note_id, title, done) VALUES (?, ?, 0)",
        [(note_id, f"Item {i:04d}") for i in range(1000)],
    )
    made: list[tuple] = []
    item = data.Item
    monkeypatch.setattr(data, "Item", lambda *fields: made.append(fields) or item(*fields))
    assert [n.text for n in d.find_all(id="checklist_title")][:2] == ["Item 0000", "Item 0001"]
    made.clear()
    statements_while_rebuilt(phone, phone.database(PKG, "notes"))
    assert len(made) < 300  # in three builds (each reading every item: 3,000)
    d.long_press(id="checklist_title", text="Item 0001")
    d.tap(text="Rename", resource_id="android:id/title")
    type_text(d, " renamed")
    d.tap(resource_id=OK)
    d.tap(id="checklist_title", text="Item 0000")
    shown = [(n.text, n.checked) for n in d.find_all(id="checklist_title")][:3]
    assert shown == [("Item 0000", True), ("Item 0001 renamed", False), ("Item 0002", False)]
    assert items(phone, note_id)[:2] == [("Item 0000", 1), ("Item 0001 renamed", 0)]
