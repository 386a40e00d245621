"""Chrome's page tools: forms sent as GET or POST, find in page, downloading a picture and
sharing the page to Mail and SMS Messenger."""

from __future__ import annotations

import base64

import pytest

from mobile_gym.sim import Phone, web
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps import mail, sms_messenger
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app
from tests.sim.test_chrome_browser import PAGES, Web, go, logged, page_title

BOOKING = "https://travel.example.com/"
PAGES_WITH_FORMS = {
    **PAGES,
    BOOKING: (
        "<title>Book a trip</title><h1>Flights</h1>"
        "<form action='/search' method='get'>"
        "<p>From <input name='from' id='origin' placeholder='City'></p>"
        "<input type='hidden' name='lang' value='en'>"
        "<select name='class'><option value='eco'>Economy</option>"
        "<option value='biz'>Business</option></select>"
        "<label><input type='checkbox' name='flex' value='yes'> Flexible dates</label>"
        "<label><input type='radio' name='trip' value='one' checked> One way</label>"
        "<label><input type='radio' name='trip' value='round'> Round trip</label>"
        "<button type='submit'>Search flights</button></form>"
        "<form action='/book' method='post'>"
        "<input name='name' placeholder='Full name'><input type='password' name='pin'>"
        "<input type='submit' name='go' value='Book now'></form>"
    ),
    "https://travel.example.com/search": "<title>Results</title><p>3 flights</p>",
    "https://travel.example.com/book": "<title>Booked</title><p>Thank you</p>",
    "https://words.example.com/": (
        "<title>Words</title>"
        + "".join(f"<p>Paragraph {i} of filler text.</p>" for i in range(60))
        + "<p>The needle is here.</p>"
        + "".join(f"<p>More {i}.</p>" for i in range(30))
        + "<p>Another needle, and a NEEDLE.</p>"
    ),
    "https://pics.example.com/": (
        "<title>Pictures</title><img src='/img/dog.jpg' alt='Dog'>"
        "<img src='data:image/png;base64," + base64.b64encode(b"PNGDATA").decode() + "' alt='Dot'>"
        "<img src='/img/missing.png' alt='Gone'>"
    ),
    "https://pics.example.com/img/dog.jpg": "\xff\xd8\xffDOG",
}


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Web:
    fake = Web(PAGES_WITH_FORMS)
    monkeypatch.setattr(web, "fetch", fake.fetch)
    return fake


@pytest.fixture
def browser(phone: Phone, site: Web) -> Driver:
    driver = Driver(phone)
    open_app(driver, "Chrome")
    return driver


def test_a_get_form_sends_its_fields_in_the_query(phone: Phone, browser: Driver, site: Web) -> None:
    go(browser, BOOKING)
    browser.type_into("Paris", resource_id="origin")
    browser.tap(class_="android.widget.Spinner")
    browser.tap(text="Business")
    assert browser.find(class_="android.widget.Spinner").text == "Business"
    browser.tap(text="Flexible dates")
    browser.tap(text="Round trip")
    assert browser.find(text="Flexible dates").checked
    assert not browser.find(text="One way").checked
    browser.tap(text="Search flights")
    query = "from=Paris&lang=en&class=biz&flex=yes&trip=round"
    assert site.requests[-1] == web.Request(f"{BOOKING}search?{query}")
    assert page_title(browser) == "Results"
    assert logged(phone, "Form submitted") == [
        f"Form submitted: method=GET url={BOOKING}search data={query}"
    ]


def test_enter_in_a_field_posts_its_form(browser: Driver, site: Web) -> None:
    go(browser, BOOKING)
    browser.type_into("Ada Lovelace", resource_id="name")
    browser.type_into("1234", resource_id="pin")
    assert browser.find(resource_id="pin").password
    browser.key("ENTER")
    assert site.requests[-1] == web.Request(
        f"{BOOKING}book", "POST", (("name", "Ada Lovelace"), ("pin", "1234"))
    )
    assert page_title(browser) == "Booked"


def test_the_pressed_submit_button_is_sent_and_fields_are_forgotten_after(
    browser: Driver, site: Web
) -> None:
    go(browser, BOOKING)
    browser.type_into("Ada", resource_id="name")
    browser.tap(text="Book now")
    assert site.requests[-1].form == (("name", "Ada"), ("pin", ""), ("go", "Book now"))
    browser.key("BACK")
    assert browser.find(resource_id="name").text == "Full name"  # empty again: the hint shows


def test_find_in_page_counts_highlights_and_moves_between_matches(browser: Driver) -> None:
    go(browser, "words.example.com")
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Find in page")
    assert browser.find(id="find_query").focused
    browser.device.send(ev.Text("needle"))
    assert browser.find(id="find_status").text == "1/3"
    assert browser.exists(text="needle")  # scrolled to the first match, cut out to be marked
    browser.tap(desc="Next result")
    assert browser.find(id="find_status").text == "2/3"
    browser.tap(desc="Next result")
    browser.tap(desc="Next result")
    assert browser.find(id="find_status").text == "1/3"
    browser.tap(desc="Previous result")
    assert browser.find(id="find_status").text == "3/3"
    browser.tap(desc="Close find in page")
    assert browser.exists(id="url_bar")


def test_find_in_page_with_no_match_says_zero(browser: Driver) -> None:
    go(browser, "words.example.com")
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Find in page")
    browser.type_into("haystack", id="find_query")
    assert browser.find(id="find_status").text == "0/0"
    browser.key("BACK")  # the keyboard
    browser.key("BACK")  # the find bar
    assert browser.exists(id="url_bar")
    assert page_title(browser) == "Words"


def test_a_picture_downloads_from_its_site_and_is_listed(phone: Phone, browser: Driver) -> None:
    go(browser, "pics.example.com")
    browser.long_press(text="Dog", class_="android.widget.Image")
    browser.tap(text="Download image")
    assert phone.read_file("/sdcard/Download/dog.jpg") == b"\xff\xd8\xffDOG"
    browser.long_press(text="Dog", class_="android.widget.Image")
    browser.tap(text="Download image")
    assert phone.read_file("/sdcard/Download/dog (1).jpg") == b"\xff\xd8\xffDOG"
    browser.long_press(text="Dot", class_="android.widget.Image")
    browser.tap(text="Download image")
    assert phone.read_file("/sdcard/Download/image.png") == b"PNGDATA"
    assert logged(phone, "Download complete")[0].startswith(
        "Download complete: path=/sdcard/Download/dog.jpg url=https://pics.example.com/img/dog.jpg"
    )
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Downloads")
    assert phone.foreground == (data.PACKAGE, data.DOWNLOADS)
    names = [node.text for node in browser.find_all(id="title")]
    assert sorted(names) == ["dog (1).jpg", "dog.jpg", "image.png"]


def test_a_picture_that_cannot_be_had_fails_with_a_toast(phone: Phone, browser: Driver) -> None:
    go(browser, "pics.example.com")
    browser.long_press(text="Gone", class_="android.widget.Image")
    browser.tap(text="Download image")
    assert not phone.storage.exists("/sdcard/Download/missing.png")
    assert any(toast.text == "Download failed" for toast in phone.toasts)


def share_about_page(browser: Driver, target: str) -> None:
    go(browser, "example.com/about")
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Share\u2026")
    browser.tap(text=target)


def test_sharing_to_gmail_fills_a_new_mail(phone: Phone, browser: Driver) -> None:
    share_about_page(browser, "Gmail")
    assert phone.foreground == (mail.PACKAGE, mail.COMPOSE)
    assert browser.find(id="compose_subject").text == "About us"
    assert browser.find(id="compose_body").text == "https://example.com/about"
    assert logged(phone, "Page shared") == [
        "Page shared: url=https://example.com/about target=Gmail"
    ]


def test_sharing_to_messages_starts_a_text(phone: Phone, browser: Driver) -> None:
    share_about_page(browser, "Messages")
    assert phone.foreground == (sms_messenger.PACKAGE, sms_messenger.NEW_CONVERSATION)
    assert browser.find(id="new_conversation_message").text == "https://example.com/about"
