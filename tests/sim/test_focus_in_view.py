"""A field that takes the focus where the keyboard is about to come up is scrolled above
it, as Android's ScrollView keeps its focused child on screen as it shrinks and a WebView
scrolls its focused input into view: the field shows, keeps the focus, and takes the
typing (on a small screen, a form's lower fields are under the keyboard)."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.keyboard import IME_PACKAGE
from tests.sim.conftest import open_app


def _keyboard_top(d: Driver) -> int:
    return min(node.bounds.top for node in d.find_all(package=IME_PACKAGE))


def test_a_web_form_field_under_the_coming_keyboard_scrolls_above_it() -> None:
    d = Driver(Phone(seed=0, display="small_phone"))
    open_app(d, "Chrome")
    d.type_into("travel.example.com", id="url_bar")
    d.key("ENTER")
    city = d.find(resource_id="city")
    d.tap(resource_id="city")
    field = d.find(resource_id="city")
    assert field.focused and field.bounds.bottom <= _keyboard_top(d) < city.bounds.bottom
    d.device.text("Kunming")
    assert d.find(resource_id="city").text == "Kunming"


def test_a_form_field_of_a_scrolling_screen_scrolls_above_the_keyboard() -> None:
    d = Driver(Phone(seed=0, display="small_phone"))
    open_app(d, "Contacts")
    d.tap(desc="Create new contact")
    lowest = max(d.find_all(class_="android.widget.EditText"), key=lambda n: n.bounds.bottom)
    d.tap(resource_id=lowest.resource_id)
    field = d.find(resource_id=lowest.resource_id)
    assert field.focused and field.bounds.bottom <= _keyboard_top(d) < lowest.bounds.bottom
