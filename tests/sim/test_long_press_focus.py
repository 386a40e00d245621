"""A long press on a text field gives it the focus, as a tap does: after "Paste" from its
text actions, what is typed next goes on in that field (Calendar's new event form)."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.clipboard import set_clip


def _new_event(phone: Phone) -> Driver:
    driver = Driver(phone)
    driver.tap(text="Calendar", cls="android.widget.TextView")
    driver.tap(id="calendar_fab")
    driver.type_into("Standup", id="event_title")
    return driver


def test_a_long_pressed_field_takes_the_focus(phone: Phone) -> None:
    driver = _new_event(phone)
    driver.long_press(id="event_location")
    assert driver.find(id="event_location").focused
    assert not driver.find(id="event_title").focused
    assert phone.keyboard_shown
    assert driver.exists(text="Paste")


def test_typing_after_paste_goes_on_in_the_pasted_field(phone: Phone) -> None:
    driver = _new_event(phone)
    set_clip(phone, "Room 4")
    driver.long_press(id="event_location")
    driver.tap(text="Paste")
    phone.text(", floor 2")
    assert driver.find(id="event_location").text == "Room 4, floor 2"
    assert driver.find(id="event_title").text == "Standup"


def test_the_text_actions_of_a_dialogs_field_show_above_the_dialog(phone: Phone) -> None:
    """Notes' "New note" dialog: the menu its field opens is drawn over the dialog, so its
    items take the taps (Paste fills the field)."""
    driver = Driver(phone)
    driver.tap(text="Notes", cls="android.widget.TextView")
    driver.tap(id="fab")
    set_clip(phone, "Groceries")
    driver.long_press(id="note_title_input")
    driver.tap(text="Paste")
    assert driver.find(id="note_title_input").text == "Groceries"
    assert not driver.exists(text="Paste")
