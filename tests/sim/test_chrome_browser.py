"""Chrome as a browser: the address bar, links, back and forward, reload, tabs, history,
bookmarks and the error page, over small test sites put in place of the offline web."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone, web
from mobile_gym.sim.apps import mail
from mobile_gym.sim.apps.chrome import data
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, views_made

HOME = "https://example.com/"
PAGES = {
    HOME: (
        "<html><head><title>Example Domain</title></head><body>"
        "<h1>Example Domain</h1>"
        "<p>This page links to <a href='/about'>the about page</a> and "
        "<a href='https://news.example.org/today'>today's news</a>.</p>"
        "<img src='/pictures/cat.png' alt='A sleeping cat'>"
        "</body></html>"
    ),
    "https://example.com/about": "<title>About us</title><h2>About</h2><p>We make examples.</p>",
    "https://news.example.org/today": "<title>News today</title><p>Rain expected.</p>",
    "https://example.com/pictures/cat.png": "\x89PNG\r\n\x1a\nCAT",
}


class Web:
    """A stand-in for the offline web: answers ``pages``, 404 otherwise, and keeps every
    request it was asked."""

    def __init__(self, pages: dict[str, str]) -> None:
        self.pages = dict(pages)
        self.requests: list[web.Request] = []
        self.fail: set[str] = set()

    def fetch(self, phone: Phone, request: web.Request) -> web.Response:
        self.requests.append(request)
        if request.url in self.fail:
            raise RuntimeError("site down")
        base = request.url.split("?")[0]
        html = self.pages.get(request.url, self.pages.get(base))
        if html is None:
            return web.Response(request.url, 404, "<title>Not found</title><h1>Not found</h1>")
        return web.Response(request.url, 200, html)


@pytest.fixture
def site(monkeypatch: pytest.MonkeyPatch) -> Web:
    fake = Web(PAGES)
    monkeypatch.setattr(web, "fetch", fake.fetch)
    return fake


def go(driver: Driver, text: str) -> None:
    """Type ``text`` into the address bar and press ENTER."""
    driver.type_into(text, id="url_bar")
    driver.key("ENTER")


def logged(phone: Phone, prefix: str) -> list[str]:
    lines, _ = phone.logcat_lines()
    return [line.split(" Chrome: ", 1)[1] for line in lines if f" Chrome: {prefix}" in line]


def page_title(driver: Driver) -> str:
    return driver.find(class_="android.webkit.WebView").desc


def history(phone: Phone) -> list[tuple[str, str]]:
    rows = phone.database(data.PACKAGE, data.DATABASE).execute(
        "SELECT url, title FROM history ORDER BY id"
    )
    return [tuple(row) for row in rows]


@pytest.fixture
def browser(phone: Phone, site: Web) -> Driver:
    driver = Driver(phone)
    open_app(driver, "Chrome")
    return driver


def test_a_bare_host_loads_over_https_and_is_logged_and_remembered(
    phone: Phone, browser: Driver, site: Web
) -> None:
    go(browser, "example.com")
    assert site.requests == [web.Request(HOME)]
    assert page_title(browser) == "Example Domain"
    assert browser.find(id="url_bar").text == HOME
    assert not browser.find(id="url_bar").focused
    assert browser.exists(text="Example Domain", class_="android.widget.TextView")
    assert logged(phone, "Page loaded") == [
        f"Page loaded: url={HOME} status=200 title=Example Domain"
    ]
    assert history(phone) == [(HOME, "Example Domain")]


@pytest.mark.parametrize("typed", ["Example.COM/about", "HTTPS://EXAMPLE.com/about"])
def test_a_host_is_asked_for_in_lower_case(browser: Driver, site: Web, typed: str) -> None:
    go(browser, typed)
    assert site.requests[-1].url == "https://example.com/about"  # the path keeps its case
    assert page_title(browser) == "About us"


def test_other_text_is_searched_for(browser: Driver, site: Web) -> None:
    go(browser, "weather in paris")
    assert site.requests[-1].url == "https://www.google.com/search?q=weather+in+paris"
    assert page_title(browser) == "Not found"


def test_links_resolve_against_the_page_and_back_and_forward_walk_the_tab(
    phone: Phone, browser: Driver, site: Web
) -> None:
    go(browser, "example.com")
    browser.tap(text="the about page")
    assert site.requests[-1].url == "https://example.com/about"
    assert page_title(browser) == "About us"
    browser.key("BACK")
    assert page_title(browser) == "Example Domain"
    assert len(site.requests) == 2  # back shows the page kept, it does not load it again
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Forward")
    assert page_title(browser) == "About us"
    browser.key("BACK")
    browser.key("BACK")  # the new tab page
    assert browser.exists(id="search_provider_logo")
    browser.key("BACK")  # nothing left to go back to: the app goes to the background
    assert phone.foreground[0] != data.PACKAGE


def test_reload_asks_the_site_again(browser: Driver, site: Web) -> None:
    go(browser, "example.com/about")
    site.pages["https://example.com/about"] = "<title>About (new)</title><p>Changed.</p>"
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text="Reload")
    assert page_title(browser) == "About (new)"
    assert browser.exists(text="Changed.")


@pytest.mark.parametrize(
    ("address", "code"),
    [("ftp://files.example.com/x", "ERR_INVALID_URL"), ("https://bad_host!/", "ERR_INVALID_URL")],
)
def test_an_address_that_is_no_web_address_gets_the_error_page(
    phone: Phone, browser: Driver, site: Web, address: str, code: str
) -> None:
    go(browser, address)
    assert site.requests == []
    assert browser.exists(text="This site can\u2019t be reached")
    assert browser.exists(text=code)
    assert logged(phone, "Page failed")


def test_a_failing_site_gets_the_error_page_not_a_crash(
    phone: Phone, browser: Driver, site: Web
) -> None:
    site.fail.add(HOME)
    go(browser, HOME)
    assert browser.exists(text="ERR_FAILED")
    assert phone.foreground == (data.PACKAGE, data.MAIN)


def test_tabs_keep_their_own_history_and_close(phone: Phone, browser: Driver) -> None:
    go(browser, "example.com")
    browser.tap(id="tab_switcher_button")
    assert browser.find(id="toolbar_title").text == "1 open tab"
    browser.tap(desc="New tab")
    assert browser.exists(id="search_provider_logo")
    assert browser.find(id="tab_switcher_button").text == "2"
    go(browser, "news.example.org/today")
    browser.tap(id="tab_switcher_button")
    titles = [node.text for node in browser.find_all(id="tab_title")]
    assert titles == ["Example Domain", "News today"]
    browser.tap(text="Example Domain", id="tab_title")
    assert page_title(browser) == "Example Domain"
    browser.key("BACK")  # this tab's history: its new tab page
    assert browser.exists(id="search_provider_logo")
    browser.tap(id="tab_switcher_button")
    browser.tap(desc="Close News today tab")
    assert [node.text for node in browser.find_all(id="tab_title")] == ["New tab"]
    browser.key("BACK")
    assert browser.find(id="tab_switcher_button").text == "1"


def test_many_tabs_make_only_the_rows_in_view(phone: Phone, browser: Driver) -> None:
    for _ in range(79):
        browser.tap(id="tab_switcher_button")
        browser.tap(desc="New tab")
    go(browser, "example.com")  # in the last tab
    browser.tap(id="tab_switcher_button")
    assert browser.find(id="toolbar_title").text == "80 open tabs"
    assert [node.text for node in browser.find_all(id="tab_title")][:2] == ["New tab", "New tab"]
    assert views_made(phone, "tab_view") < 30  # of 80
    browser.scroll_to(max_scrolls=40, id="tab_title", text="Example Domain")
    assert browser.find_all(id="tab_url")[-1].text == "https://example.com/"
    browser.tap(desc="Close Example Domain tab")
    assert browser.find(id="toolbar_title").text == "79 open tabs"  # at once
    assert not browser.exists(id="tab_title", text="Example Domain")
    browser.tap(desc="New tab")
    go(browser, "news.example.org/today")
    browser.tap(id="tab_switcher_button")
    browser.scroll_to(max_scrolls=40, id="tab_title", text="News today")
    browser.tap(id="tab_title", text="News today")
    assert page_title(browser) == "News today"
    assert browser.find(id="tab_switcher_button").text == "80"


def test_a_link_opens_in_a_new_tab_from_its_long_press_menu(browser: Driver) -> None:
    go(browser, "example.com")
    browser.long_press(text="today's news")
    browser.tap(text="Open in new tab")
    assert page_title(browser) == "News today"
    assert browser.find(id="tab_switcher_button").text == "2"


def open_menu_item(browser: Driver, item: str) -> None:
    browser.tap(desc="Customize and control Google Chrome")
    browser.tap(text=item)


def test_history_lists_visits_opens_them_and_clears(phone: Phone, browser: Driver) -> None:
    go(browser, "example.com")
    browser.tap(text="the about page")
    open_menu_item(browser, "History")
    assert phone.foreground == (data.PACKAGE, data.HISTORY)
    assert [n.text for n in browser.find_all(id="title")] == ["About us", "Example Domain"]
    browser.tap(text="Example Domain", id="title")
    assert phone.foreground == (data.PACKAGE, data.MAIN)
    assert page_title(browser) == "Example Domain"
    open_menu_item(browser, "History")
    browser.tap(desc="Clear browsing data")
    browser.tap(text="Clear data")
    assert history(phone) == []
    assert browser.exists(text="No history here")
    assert logged(phone, "History cleared")


def test_bookmarks_are_added_listed_opened_and_removed(phone: Phone, browser: Driver) -> None:
    go(browser, "example.com/about")
    open_menu_item(browser, "Add bookmark")
    rows = phone.database(data.PACKAGE, data.DATABASE).execute("SELECT url, title FROM bookmarks")
    assert [tuple(r) for r in rows] == [("https://example.com/about", "About us")]
    go(browser, "example.com")
    open_menu_item(browser, "Bookmarks")
    assert phone.foreground == (data.PACKAGE, data.BOOKMARKS)
    browser.tap(text="About us", id="title")
    assert page_title(browser) == "About us"
    open_menu_item(browser, "Remove bookmark")
    count = phone.database(data.PACKAGE, data.DATABASE).execute("SELECT count(*) FROM bookmarks")
    assert count.fetchone()[0] == 0
    assert logged(phone, "Bookmark removed") == ["Bookmark removed: url=https://example.com/about"]


def test_back_leaves_the_address_being_edited_before_the_page(browser: Driver) -> None:
    go(browser, "example.com")
    browser.tap(id="url_bar")
    assert browser.find(id="url_bar").text == "Search or type web address"  # the hint
    browser.key("BACK")  # hides the keyboard
    browser.key("BACK")  # stops editing
    assert browser.find(id="url_bar").text == HOME
    assert page_title(browser) == "Example Domain"


def test_a_visit_is_stamped_on_the_virtual_clock(phone: Phone, browser: Driver) -> None:
    go(browser, "example.com")
    (visited,) = (
        phone.database(data.PACKAGE, data.DATABASE)
        .execute("SELECT visited FROM history")
        .fetchone()
    )
    assert abs(visited - phone.clock.epoch_ms) < 60_000


def test_a_snapshot_restores_the_tabs_and_their_pages(phone: Phone, browser: Driver) -> None:
    go(browser, "example.com")
    snapshot = phone.snapshot()
    browser.tap(text="the about page")
    assert page_title(browser) == "About us"
    phone.restore(snapshot)
    assert page_title(browser) == "Example Domain"
    browser.tap(text="the about page")
    assert page_title(browser) == "About us"


def test_links_within_the_page_mail_and_script_do_not_load_a_page(
    phone: Phone, browser: Driver, site: Web
) -> None:
    site.pages["https://example.com/toc"] = (
        "<title>Contents</title><p><a href='#end'>Go to the end</a> "
        "<a href='javascript:void(0)'>Nothing</a> <a href='mailto:ann@example.com'>Mail Ann</a></p>"
        + "".join(f"<p>Filler {i}</p>" for i in range(80))
        + "<h2 id='end'>The end</h2>"
    )
    go(browser, "example.com/toc")
    assert not browser.exists(text="The end")
    browser.tap(text="Go to the end")
    assert browser.exists(text="The end")
    assert len(site.requests) == 1
    for _ in range(20):
        browser.scroll("up", fraction=0.9)
    browser.tap(text="Nothing")
    assert page_title(browser) == "Contents" and len(site.requests) == 1
    browser.tap(text="Mail Ann")
    assert phone.foreground == (mail.PACKAGE, mail.COMPOSE)
    assert browser.find(id="compose_to").text == "ann@example.com"
