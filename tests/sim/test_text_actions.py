"""Android's text actions on a long-pressed field (``AppContext.edit``): Cut, Copy, Paste and
Select all, through raw input on a real app's field (Calendar's event title)."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver, find_all
from mobile_gym.sim.system.clipboard import clip, set_clip
from mobile_gym.sim.ui.widgets import DEFAULT_MAX_LENGTH
from tests.sim.conftest import open_app

ACTIONS = ("Cut", "Copy", "Paste", "Select all")


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=0)
    driver = Driver(phone)
    driver.tap(text="Calendar", cls="android.widget.TextView")
    driver.tap(id="calendar_fab")
    driver.type_into("Meet with Sam", id="event_title")
    return phone


def title(phone: Phone) -> str:
    (node,) = find_all(phone.hierarchy_xml(), id="event_title")
    return node.text


def shown_actions(phone: Phone) -> list[str]:
    return [n.text for n in find_all(phone.hierarchy_xml()) if n.text in ACTIONS]


def test_a_long_press_shows_the_text_actions(phone: Phone) -> None:
    Driver(phone).long_press(id="event_title")
    assert shown_actions(phone) == list(ACTIONS)


def test_select_all_then_typing_replaces_the_text(phone: Phone) -> None:
    driver = Driver(phone)
    driver.long_press(id="event_title")
    driver.tap(text="Select all")
    assert shown_actions(phone) == []  # the menu closed
    phone.text("Busy block")
    assert title(phone) == "Busy block"
    phone.text(" now")  # the selection ended with the typing
    assert title(phone) == "Busy block now"


def test_select_all_then_delete_empties_the_field(phone: Phone) -> None:
    driver = Driver(phone)
    driver.long_press(id="event_title")
    driver.tap(text="Select all")
    phone.key("DEL")
    assert title(phone) == "Title"  # the hint, as an empty field reports it


def test_copy_and_paste_go_through_the_clipboard(phone: Phone) -> None:
    driver = Driver(phone)
    driver.long_press(id="event_title")
    driver.tap(text="Copy")
    assert clip(phone) == "Meet with Sam" and title(phone) == "Meet with Sam"
    driver.long_press(id="event_title")
    driver.tap(text="Paste")
    assert title(phone) == "Meet with SamMeet with Sam"


def test_cut_empties_the_field_and_an_empty_field_offers_paste_only(phone: Phone) -> None:
    driver = Driver(phone)
    driver.long_press(id="event_title")
    driver.tap(text="Cut")
    assert title(phone) == "Title" and clip(phone) == "Meet with Sam"
    driver.long_press(id="event_title")
    assert shown_actions(phone) == ["Paste"]
    driver.tap(text="Paste")
    assert title(phone) == "Meet with Sam"


@pytest.mark.parametrize("length", [DEFAULT_MAX_LENGTH - 3, DEFAULT_MAX_LENGTH])
def test_typing_over_a_selection_at_the_length_limit_replaces_it(phone: Phone, length: int) -> None:
    """What replaces a selection is cut at the field's limit on its own, not together with
    the text it replaces."""
    driver = Driver(phone)
    driver.long_press(id="event_title")
    driver.tap(text="Select all")
    driver.type_into("x" * length, id="event_title")
    assert title(phone) == "x" * length
    driver.long_press(id="event_title")
    driver.tap(text="Select all")
    phone.text("Meeting")
    assert title(phone) == "Meeting"


def test_pasting_over_a_selection_at_the_length_limit_replaces_it(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.tap(desc="Form")
    driver.type_into("x" * 38, id="name")  # the field takes 40 characters
    set_clip(sample, "Room 4")
    driver.long_press(id="name")
    driver.tap(text="Select all")
    driver.long_press(id="name")
    driver.tap(text="Paste")
    assert driver.find(id="name").text == "Room 4"
    sample.text("2" * 40)  # the selection ended with the paste: typing goes after it
    assert driver.find(id="name").text == "Room 4" + "2" * 34
