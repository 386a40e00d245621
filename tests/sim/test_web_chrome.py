"""The offline web in the phone's browser: searching, following a result and booking a
flight through the travel site's forms, all by taps and typing."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.chrome.webview import WebLink, WebLinkRest
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.view import walk
from tests.sim.conftest import open_app


def browser() -> tuple[Phone, Driver]:
    phone = Phone(seed=0, start_time=dt.datetime(2025, 10, 16, 9, 30))
    driver = Driver(phone)
    open_app(driver, "Chrome")
    return phone, driver


def go(driver: Driver, text: str) -> None:
    driver.type_into(text, id="url_bar")
    driver.key("ENTER")


def test_a_search_shows_the_weather_card_and_a_result_opens() -> None:
    _, driver = browser()
    go(driver, "Beijing highest temperature today")
    assert driver.exists(text="High 17°C · Low 9°C")
    driver.tap(text="Beijing Weather Forecast | weather.com")
    assert driver.find(id="url_bar").text == "https://www.weather.com/weather/Beijing"
    assert driver.exists(text="Beijing Weather")


def test_an_unknown_site_shows_the_error_page() -> None:
    _, driver = browser()
    go(driver, "https://no-such-host.example.org/")
    assert driver.exists(text="This site can\u2019t be reached") or driver.exists(
        text="This site can't be reached"
    )


def test_a_flight_is_booked_through_the_forms() -> None:
    phone, driver = browser()
    go(driver, "travel.example.com")
    driver.type_into("Shanghai", resource_id="from")
    driver.type_into("Beijing", resource_id="to")
    driver.tap(text="Search flights")
    assert driver.exists(text="HO1253 Juneyao Air")
    driver.tap(text="Book")  # the cheapest flight comes first
    driver.type_into("Lin Wei", resource_id="name")
    driver.type_into("lin.wei@example.com", resource_id="email")
    driver.tap(text="Confirm booking")
    assert driver.exists(text="Booking confirmed")
    rows = phone.storage.database("server.travel", "server").execute(
        "SELECT b.name, b.email, b.date, f.number FROM bookings b JOIN flights f ON f.id = b.item_id"
    )
    assert [tuple(r) for r in rows] == [("Lin Wei", "lin.wei@example.com", "2025-10-16", "HO1253")]


def test_a_booking_without_a_name_is_refused_in_the_browser() -> None:
    phone, driver = browser()
    go(driver, "https://travel.example.com/hotels?city=Hangzhou&nights=2")
    driver.tap(text="Book")
    driver.type_into("guest@example.com", resource_id="email")
    driver.tap(text="Confirm booking")
    assert driver.exists(text="Enter the traveller's full name.")
    db = phone.storage.database("server.travel", "server")
    assert db.execute("SELECT COUNT(*) FROM bookings").fetchone()[0] == 0


WRAPPED = "Mokyr, Aghion and Howitt win 2025 Nobel economics prize"
"""A search result's title that wraps onto a second line on the default display."""


def _link_pieces(phone: Phone) -> tuple[WebLink, WebLinkRest]:
    """The views of the wrapped link's two lines."""
    views = [view for window in phone.windows() for view in walk(window)]
    (first,) = [v for v in views if type(v) is WebLink and v.whole == WRAPPED]
    (rest,) = [v for v in views if isinstance(v, WebLinkRest) and v.text == "economics prize"]
    return first, rest


def test_a_link_that_wraps_is_one_node_and_each_line_of_it_follows_it() -> None:
    """As a WebView reports it: one node with the link's whole text (here at its first
    line), however many lines it wraps onto; each line is drawn and follows the link."""
    phone, driver = browser()
    go(driver, "nobel prize")
    first, rest = _link_pieces(phone)
    assert first.text == "Mokyr, Aghion and Howitt win 2025 Nobel"
    (node,) = driver.find_all(text=WRAPPED)
    assert node.clickable and node.bounds == first.visible
    assert not driver.exists(text="economics prize")  # the second line is no node of its own
    url = driver.find(id="url_bar").text
    driver.send_all(ev.tap(*rest.visible.center))
    assert driver.find(id="url_bar").text != url
    driver.key("BACK")
    driver.tap(text=WRAPPED)
    assert driver.find(id="url_bar").text != url
    driver.key("BACK")
    driver.tap(desc="Customize and control Google Chrome")  # a find match cuts the link
    driver.tap(text="Find in page")
    driver.device.send(ev.Text("economics"))
    assert driver.find(id="find_status").text.startswith("1/")
    assert len(driver.find_all(text=WRAPPED)) == 1
    assert not driver.exists(text="economics", class_="android.view.View")  # (cut, no node)
