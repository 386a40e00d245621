"""Chrome's downloads: a response that is no page is saved instead of shown, "Download link"
saves what a link points at, and the message "Download complete" opens a PDF in the
document reader; arXiv's "View PDF" gives the paper as a real PDF."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone, web
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.apps.docreader.names import PACKAGE as READER
from mobile_gym.sim.apps.docreader.names import VIEWER
from mobile_gym.sim.documents import render_document
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app
from tests.sim.test_chrome_browser import go, logged, page_title

PDF = render_document("text", {"title": "Minutes", "paragraphs": ["The board met on Monday."]})
HOME = "https://files.example.com/"
PAGES = {
    HOME: (
        "<title>Files</title><h1>Files</h1>"
        "<p><a href='/minutes.pdf'>Minutes</a></p>"
        "<p><a href='/report'>Report</a></p>"
        "<p><a href='/about'>About</a></p>"
        "<p><a href='/gone'>Gone</a></p>"
    ),
    "https://files.example.com/about": "<title>About</title><p>Our files.</p>",
}
FILES = {
    "https://files.example.com/minutes.pdf": PDF,
    "https://files.example.com/report": PDF,
}


def fake_fetch(phone: Phone, request: web.Request) -> web.Response:
    if request.url in FILES:
        return web.Response(
            request.url, 200, FILES[request.url].decode("latin-1"), "application/pdf"
        )
    if request.url in PAGES:
        return web.Response(request.url, 200, PAGES[request.url])
    return web.Response(request.url, 404, "<title>Not found</title>")


@pytest.fixture
def browser(phone: Phone, monkeypatch: pytest.MonkeyPatch) -> Driver:
    monkeypatch.setattr(web, "fetch", fake_fetch)
    driver = Driver(phone)
    open_app(driver, "Chrome")
    go(driver, "files.example.com")
    return driver


def downloads(phone: Phone) -> list[tuple[str, str, int]]:
    rows = phone.database(data.PACKAGE, data.DATABASE).execute(
        "SELECT path, url, size FROM downloads ORDER BY id"
    )
    return [tuple(row) for row in rows]


def test_a_pdf_link_is_downloaded_not_shown(phone: Phone, browser: Driver) -> None:
    browser.tap(text="Minutes")
    assert phone.read_file("/sdcard/Download/minutes.pdf") == PDF
    assert page_title(browser) == "Files"  # the tab stays on the page
    assert browser.find(id="url_bar").text == HOME
    assert browser.find(id="snackbar_message").text == "Download complete"
    assert any(toast.text == "Download complete" for toast in phone.toasts)
    assert downloads(phone) == [
        ("/sdcard/Download/minutes.pdf", "https://files.example.com/minutes.pdf", len(PDF))
    ]
    assert logged(phone, "Download complete") == [
        "Download complete: path=/sdcard/Download/minutes.pdf "
        f"url=https://files.example.com/minutes.pdf size={len(PDF)}"
    ]
    browser.key("BACK")  # the download added no page: back goes to the new tab page
    assert browser.exists(id="ntp_content")


def test_a_taken_name_is_numbered_and_a_bare_name_gets_its_extension(
    phone: Phone, browser: Driver
) -> None:
    browser.tap(text="Minutes")
    browser.tap(text="Minutes")
    browser.tap(text="Report")
    assert phone.read_file("/sdcard/Download/minutes (1).pdf") == PDF
    assert phone.read_file("/sdcard/Download/report.pdf") == PDF
    assert [row[0] for row in downloads(phone)] == [
        "/sdcard/Download/minutes.pdf",
        "/sdcard/Download/minutes (1).pdf",
        "/sdcard/Download/report.pdf",
    ]


def test_open_on_the_message_shows_the_pdf_in_the_document_reader(
    phone: Phone, browser: Driver
) -> None:
    browser.tap(text="Report")
    browser.tap(id="snackbar_button", text="Open")
    assert phone.foreground == (READER, VIEWER)
    assert logged(phone, "Download opened") == ["Download opened: path=/sdcard/Download/report.pdf"]
    open_app(browser, "Chrome")
    assert page_title(browser) == "Files"
    assert not browser.exists(id="snackbar")  # opened, the message is gone


def test_the_message_goes_when_another_page_shows(phone: Phone, browser: Driver) -> None:
    browser.tap(text="Report")
    assert browser.exists(id="snackbar")
    browser.tap(text="About")
    assert page_title(browser) == "About"
    assert not browser.exists(id="snackbar")


def test_download_link_saves_a_page_or_a_file(phone: Phone, browser: Driver) -> None:
    browser.long_press(text="About")
    browser.tap(text="Download link")
    assert phone.read_file("/sdcard/Download/about.html") == PAGES[HOME + "about"].encode()
    browser.long_press(text="Minutes")
    browser.tap(text="Download link")
    assert phone.read_file("/sdcard/Download/minutes.pdf") == PDF
    assert page_title(browser) == "Files"
    browser.long_press(text="Gone")
    browser.tap(text="Download link")
    assert any(toast.text == "Download failed" for toast in phone.toasts)
    assert logged(phone, "Download failed") == [
        "Download failed: url=https://files.example.com/gone"
    ]
    assert len(downloads(phone)) == 2


def test_a_pdf_typed_into_a_new_tab_downloads_and_the_tab_stays_new(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Chrome")
    go(driver, "arxiv.org/pdf/2006.11239")
    content = phone.read_file("/sdcard/Download/2006.11239.pdf")
    assert content.startswith(b"%PDF-")
    assert driver.exists(id="ntp_content")
    assert driver.find(id="snackbar_message").text == "Download complete"
    assert logged(phone, "Page loaded") == []


def test_view_pdf_on_arxiv_downloads_the_paper_and_opens_it(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Chrome")
    go(driver, "https://arxiv.org/abs/2006.11239")
    driver.scroll_to(text="View PDF")
    driver.tap(text="View PDF")
    assert page_title(driver).startswith("[2006.11239]")
    pdf = phone.read_file("/sdcard/Download/2006.11239.pdf")
    assert pdf == web.fetch(phone, web.Request("https://arxiv.org/pdf/2006.11239")).html.encode(
        "latin-1"
    )
    driver.tap(text="Open")
    assert phone.foreground == (READER, VIEWER)
    assert driver.exists(text="Denoising Diffusion Probabilistic Models")


def test_a_tap_in_the_downloads_list_opens_the_file(phone: Phone, browser: Driver) -> None:
    browser.tap(text="Report")
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Downloads")
    assert phone.foreground == (data.PACKAGE, data.DOWNLOADS)
    browser.tap(id="title", text="report.pdf")
    assert phone.foreground == (READER, VIEWER)
    phone.storage.delete("/sdcard/Download/report.pdf")
    open_app(browser, "Chrome")
    browser.tap(id="title", text="report.pdf")  # the file is gone: the list stays
    assert phone.foreground == (data.PACKAGE, data.DOWNLOADS)
    assert any(toast.text == "Can\u2019t open file" for toast in phone.toasts)
