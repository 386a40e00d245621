"""The File Manager's text editor, driven through raw input: Edit, Save, and the question
BACK and "Navigate up" ask when changes are unsaved."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.file_manager import MAIN, PACKAGE, READER
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.input import Text

PATH = "/sdcard/Download/notes.txt"


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=3)
    phone.storage.write_files([(PATH, b"remember the milk", 1_717_200_000_000)])
    return phone


@pytest.fixture
def driver(phone: Phone) -> Driver:
    """A driver with notes.txt open in the File Manager's reader."""
    driver = Driver(phone)
    driver.tap(desc="File Manager")
    driver.tap(id="item_name", text="Download")
    driver.tap(id="item_name", text="notes.txt")
    assert phone.foreground == (PACKAGE, READER)
    return driver


def _logs(phone: Phone) -> list[str]:
    return [
        line.split(" FileManager: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " FileManager: " in line
    ]


def _edit(driver: Driver) -> None:
    """Tap Edit: the text becomes a focused field holding the file's text."""
    assert not driver.exists(desc="Save")
    driver.tap(desc="Edit")
    field = driver.find(id="read_text_view")
    assert field.cls == "android.widget.EditText"
    assert field.text == "remember the milk"
    assert field.focused
    assert not driver.exists(desc="Edit")


def test_save_writes_the_edited_text_to_the_file(phone: Phone, driver: Driver) -> None:
    assert driver.find(id="read_text_view").cls == "android.widget.TextView"
    _edit(driver)
    driver.key("ENTER")
    driver.device.send(Text("and eggs\nand bread"))
    assert phone.storage.read(PATH) == b"remember the milk"  # nothing written before Save
    before = phone.storage.modified(PATH)
    driver.tap(desc="Save")
    assert phone.storage.read(PATH) == b"remember the milk\nand eggs\nand bread"
    assert phone.storage.modified(PATH) > before
    assert driver.exists(text="File saved successfully")
    assert _logs(phone)[-1] == f"Saved file {PATH}"
    driver.key("BACK")  # the keyboard goes first
    driver.key("BACK")  # saved: no question, the reader closes
    assert not driver.exists(id="alertTitle")
    assert phone.foreground == (PACKAGE, MAIN)
    driver.tap(id="item_name", text="notes.txt")
    assert driver.find(id="read_text_view").text == "remember the milk\nand eggs\nand bread"


def test_a_new_empty_file_gets_its_text(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="Navigate up")
    driver.tap(desc="Create new")
    driver.type_into("list.txt", id="dialog_item_name")
    driver.tap(id="dialog_radio_file")
    driver.tap(text="OK")
    driver.tap(id="item_name", text="list.txt")
    driver.tap(desc="Edit")
    assert driver.find(id="read_text_view").text == ""
    driver.device.send(Text("one\ntwo"))
    driver.tap(desc="Save")
    assert phone.storage.read("/sdcard/Download/list.txt") == b"one\ntwo"


def test_back_with_unsaved_changes_can_save(phone: Phone, driver: Driver) -> None:
    _edit(driver)
    driver.device.send(Text(" today"))
    driver.key("BACK")  # hides the keyboard
    assert phone.foreground == (PACKAGE, READER)
    driver.key("BACK")
    assert driver.find(id="alertTitle").text == "Unsaved changes"
    assert driver.exists(text="You have unsaved changes. Save them before closing?")
    driver.tap(id="button1", text="Save")
    assert phone.storage.read(PATH) == b"remember the milk today"
    assert phone.foreground == (PACKAGE, MAIN)
    assert _logs(phone)[-1] == f"Saved file {PATH}"


def test_discard_keeps_the_file_as_it_was(phone: Phone, driver: Driver) -> None:
    _edit(driver)
    driver.key("DEL")
    driver.key("DEL")
    driver.tap(desc="Navigate up")  # "Navigate up" asks too
    assert driver.find(id="alertTitle").text == "Unsaved changes"
    driver.tap(id="button2", text="Discard")
    assert phone.storage.read(PATH) == b"remember the milk"
    assert phone.foreground == (PACKAGE, MAIN)
    assert not any(line.startswith("Saved file") for line in _logs(phone))


def test_back_on_the_question_keeps_editing(phone: Phone, driver: Driver) -> None:
    _edit(driver)
    driver.device.send(Text("!"))
    driver.tap(desc="Navigate up")
    assert driver.exists(id="alertTitle")
    driver.key("BACK")  # closes the question only
    assert not driver.exists(id="alertTitle")
    assert phone.foreground == (PACKAGE, READER)
    assert driver.find(id="read_text_view").text == "remember the milk!"


def test_edits_that_undo_themselves_are_not_unsaved(phone: Phone, driver: Driver) -> None:
    _edit(driver)
    driver.device.send(Text("x"))
    driver.key("DEL")
    driver.tap(desc="Navigate up")
    assert not driver.exists(id="alertTitle")
    assert phone.foreground == (PACKAGE, MAIN)
