"""The BACK key over what an app shows, driven through raw input: with the keyboard up it
only hides the keyboard, a popup menu closes before the dialog under it, and a dialog is
cancelled on its own, the focus of its field going with it."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.file_manager import PACKAGE as FILE_MANAGER
from mobile_gym.sim.apps.file_manager import READER
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.input import Text
from mobile_gym.sim.system.keyboard import IME_PACKAGE

NOTES = "com.simplemobiletools.notes.pro"
TITLE = "android:id/alertTitle"
TEXT_ACTIONS = ["Cut", "Copy", "Paste", "Select all"]


def _file_manager(phone: Phone) -> Driver:
    """The File Manager showing /sdcard/Download, which holds notes.txt."""
    phone.storage.write("/sdcard/Download/notes.txt", b"remember the milk")
    driver = Driver(phone)
    driver.tap(desc="File Manager")
    driver.tap(id="item_name", text="Download")
    return driver


def _state(phone: Phone, package: str) -> dict[str, object]:
    return phone.tasks[package][-1].state


def _menu(driver: Driver) -> list[str]:
    return [node.text for node in driver.find_all(resource_id="android:id/title")]


def test_back_hides_the_keyboard_of_a_dialog_then_cancels_it(phone: Phone) -> None:
    driver = _file_manager(phone)
    driver.long_press(id="item_name", text="notes.txt")
    driver.tap(id="cab_rename")
    driver.type_into("shopping", id="rename_item_name")
    driver.key("BACK")  # the input method takes it
    assert not phone.keyboard_shown
    assert driver.find(id="rename_item_name").text == "shopping"
    driver.key("BACK")  # the dialog is cancelled, its field's focus with it
    assert not driver.exists(id="rename_item_name")
    assert "focus" not in _state(phone, FILE_MANAGER)
    assert phone.storage.exists("/sdcard/Download/notes.txt")
    assert not phone.storage.exists("/sdcard/Download/shopping.txt")


def test_back_closes_a_menu_over_a_dialog_then_the_keyboard_then_the_dialog(
    phone: Phone,
) -> None:
    driver = Driver(phone)
    driver.tap(desc="Notes")
    driver.tap(id="fab")
    driver.device.send(Text("Groceries"))
    driver.long_press(id="note_title_input")
    assert _menu(driver) == TEXT_ACTIONS
    driver.key("BACK")
    assert _menu(driver) == []
    assert driver.find(resource_id=TITLE).text == "New note"
    assert driver.exists(id="keyboard_view", package=IME_PACKAGE)
    driver.key("BACK")
    assert not driver.exists(id="keyboard_view", package=IME_PACKAGE)
    assert driver.find(id="note_title_input").text == "Groceries"
    driver.key("BACK")
    assert not driver.exists(resource_id=TITLE)
    assert phone.foreground_package == NOTES and "focus" not in _state(phone, NOTES)
    driver.key("BACK")  # nothing left open: the task goes to the back
    assert phone.foreground_package != NOTES


def test_back_cancels_a_dialog_over_a_focused_field_of_the_screen(phone: Phone) -> None:
    driver = _file_manager(phone)
    driver.tap(id="item_name", text="notes.txt")
    driver.tap(desc="Edit")
    driver.device.send(Text("!"))
    driver.tap(desc="Navigate up")
    assert driver.find(resource_id=TITLE).text == "Unsaved changes"
    driver.key("BACK")  # the dialog has the key, not the input method of the screen's field
    assert not driver.exists(resource_id=TITLE)
    assert phone.foreground == (FILE_MANAGER, READER)
    assert driver.find(id="read_text_view").focused and phone.keyboard_shown
