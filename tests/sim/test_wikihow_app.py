"""The wikiHow app: search, article pages, authors, categories, the trust page, ratings,
bookmarks, sharing, the URL lines it logs and back navigation.

Each page a WikiHow task reaches is checked the three ways Mobile-Env's original task files
detect it: a text whose node's centre lies in a screen rectangle, a CSS selector over the
view hierarchy (run as the XPath it translates to) and a logcat line of tag ``jd``; each
must hold once the page opens and none before.
"""

from __future__ import annotations

import re

import pytest
from cssselect import GenericTranslator
from lxml import etree

from mobile_gym.sim import Phone
from mobile_gym.sim.apps import sms_messenger
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.apps.wikihow.web import scroll_to_top_of
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, open_drawer, views_made

SITE = "https://www.wikihow.com"
SLUG = "Apply-CC-Cream"
TITLE = "How to Apply CC Cream"
URL = f"{SITE}/{SLUG}"
AUTHOR = "Mei Lockhart"
CATEGORY = "Makeup"

# The three detections of each stage, as the original task files state them ----------------
SEARCH_BAR = (0.2439, 0.0354, 0.9085, 0.1171)
SEARCH_FIELD = '[resource-id$="search_plate"] > [resource-id$="search_src_text"]'
SEARCH_LOG = r"\bmUrl is: https://www\.wikihow\.com/wikiHowTo\?search=.*(apply|cc|cream).*"
TITLE_BAND = (0.0, 0.19, 1.0, 0.3)
SECTION_TITLE = '[class="android.view.View"][resource-id="section_0"] [class$="TextView"]'
ABOUT_BAND = (0.0, 0.1, 1.0, 0.6)
ABOUT_TEXT = "Information You Can Trust|A Guide to our Editorial Process"
ABOUT_HEAD = (
    '[class$="View"][resource-id="trustworthy_top"] > [class$="View"]'
    '[resource-id="trustworthy_head"] > [class="android.view.View"]'
)
AUTHOR_BAND = (0.0, 0.5, 1.0, 0.65)
AUTHOR_IMAGE = '[class$="View"][resource-id="authors_container"] > [class$="Image"]'
CATEGORY_BAND = (0.11, 0.165, 1.0, 0.568)
CATEGORY_NAV = '[class$="View"][resource-id="cat_navigation"] > [class="android.view.View"]'
LEFT_THIRD = (0.0, 0.0, 0.33, 1.0)
REFERENCES_LOG = r"\burl is: https://www\.wikihow\.com/Apply-CC-Cream\?wh_an=1&amp=1#References\b"


def texts_in(phone: Phone, rect: tuple[float, float, float, float]) -> list[str]:
    """The texts and descriptions of the nodes whose centre lies in ``rect`` (normalised)."""
    width, height = phone.display.width, phone.display.height
    left, top, right, bottom = rect
    found: list[str] = []
    for node in phone.nodes():
        x, y = node.bounds.center
        if left <= x / width <= right and top <= y / height <= bottom:
            found += [value for value in (node.text, node.desc) if value]
    return found


def shown_in(phone: Phone, pattern: str, rect: tuple[float, float, float, float]) -> bool:
    return any(re.search(pattern, value) for value in texts_in(phone, rect))


def selected(phone: Phone, css: str, pattern: str) -> list[str]:
    """The texts of the nodes ``css`` selects whose text holds ``pattern``."""
    xpath = GenericTranslator().css_to_xpath(css, prefix="//")
    tree = etree.fromstring(phone.hierarchy_xml().encode("utf-8"))
    texts = [element.get("text", "") for element in tree.xpath(xpath)]
    return [value for value in texts if re.search(pattern, value)]


def url_lines(phone: Phone, cursor: int = 0) -> list[str]:
    """The messages logged with tag ``jd`` at debug priority since ``cursor``."""
    entries, _ = phone.logcat.since(cursor)
    return [e.message for e in entries if e.tag == "jd" and e.priority == "D"]


def logged(phone: Phone, pattern: str, cursor: int = 0) -> bool:
    return any(re.search(pattern, line) for line in url_lines(phone, cursor))


def app_lines(phone: Phone, cursor: int) -> list[str]:
    entries, _ = phone.logcat.since(cursor)
    return [e.message for e in entries if e.tag == "wikiHow"]


def cursor_now(phone: Phone) -> int:
    return phone.logcat_lines()[1]


def search(driver: Driver, query: str) -> None:
    driver.type_into(query, id="search_src_text")
    driver.key("ENTER")


@pytest.fixture
def results(phone: Phone, driver: Driver) -> Driver:
    """The phone on the results of the search "apply cc cream"."""
    phone.launch(data.PACKAGE)
    search(driver, "apply cc cream")
    return driver


@pytest.fixture
def article(results: Driver) -> Driver:
    """The phone on the "How to Apply CC Cream" article, opened through search."""
    results.tap(id="search_result_title", text=TITLE)
    return results


def test_in_the_drawer_not_the_dock(phone: Phone, driver: Driver) -> None:
    assert data.PACKAGE in {app.package for app in phone.launcher_apps()}
    assert not driver.exists(text="wikiHow")
    open_drawer(driver)
    assert driver.exists(text="wikiHow")
    open_app(driver, "wikiHow")
    assert phone.foreground == (data.PACKAGE, data.MAIN_ACTIVITY)
    assert driver.exists(id="search_plate")
    assert len(driver.find_all(id="featured_article")) >= 1


def test_search_shows_the_title_first_and_opens_the_article(phone: Phone, driver: Driver) -> None:
    phone.launch(data.PACKAGE)
    cursor = cursor_now(phone)
    search(driver, "Apply CC Cream")
    titles = [node.text for node in driver.find_all(id="search_result_title")]
    assert titles[0] == TITLE
    driver.tap(id="search_result_title", text=TITLE)
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    assert driver.find(id="article_title").text == TITLE
    assert driver.find(id="author_name").text == AUTHOR
    assert driver.find(id="coauthored_by").text.startswith("Co-authored by")
    assert driver.scroll_to(text="Wash your face with a gentle cleanser.", id="step_headline")
    assert url_lines(phone, cursor) == [
        f"mUrl is: {SITE}/wikiHowTo?search=Apply+CC+Cream",
        f"mUrl is: {URL}",
    ]


def test_the_search_is_detected_once_typed_and_submitted(phone: Phone, driver: Driver) -> None:
    phone.launch(data.PACKAGE)
    words = r"\b(apply|cc|cream)\b"
    assert not selected(phone, SEARCH_FIELD, words)
    assert not shown_in(phone, words, SEARCH_BAR)
    driver.type_into("apply cc cream", id="search_src_text")
    assert selected(phone, SEARCH_FIELD, words) == ["apply cc cream"]
    assert shown_in(phone, words, SEARCH_BAR)
    assert not logged(phone, SEARCH_LOG)
    driver.key("ENTER")
    assert logged(phone, SEARCH_LOG)
    assert url_lines(phone)[-1] == f"mUrl is: {SITE}/wikiHowTo?search=apply+cc+cream"


def test_the_article_is_detected_once_opened(results: Driver, phone: Phone) -> None:
    assert results.exists(id="search_result_title", text=TITLE)
    assert not selected(phone, SECTION_TITLE, TITLE)
    assert not shown_in(phone, TITLE, TITLE_BAND)
    assert not logged(phone, rf"\bmUrl is: {re.escape(URL)}")
    results.tap(id="search_result_title", text=TITLE)
    assert selected(phone, SECTION_TITLE, TITLE) == [TITLE]
    assert shown_in(phone, TITLE, TITLE_BAND)
    assert logged(phone, rf"\bmUrl is: {re.escape(URL)}")
    section = results.find(resource_id="section_0")
    assert section.cls == "android.view.View"


def test_the_about_page_is_one_tap_from_the_article(article: Driver, phone: Phone) -> None:
    about_log = r"\bmUrl is: https://www\.wikihow\.com/wikiHow:Delivering-a-Trustworthy-Experience"
    assert not selected(phone, ABOUT_HEAD, "Information You Can Trust")
    assert not shown_in(phone, ABOUT_TEXT, ABOUT_BAND)
    assert not logged(phone, about_log)
    article.tap(id="trust_link", text="Learn why people trust wikiHow")
    assert phone.foreground == (data.PACKAGE, data.ABOUT_ACTIVITY)
    assert selected(phone, ABOUT_HEAD, "Information You Can Trust") == ["Information You Can Trust"]
    assert shown_in(phone, ABOUT_TEXT, ABOUT_BAND)
    assert logged(phone, about_log)
    assert article.exists(resource_id="trustworthy_top")
    assert article.exists(text="A Guide to our Editorial Process")


def test_the_author_page_is_detected_once_opened(article: Driver, phone: Phone) -> None:
    author_log = r"\bmUrl is: https://www\.wikihow\.com/Author/Mei-Lockhart"
    assert article.exists(id="author_name", text=AUTHOR)
    assert not selected(phone, AUTHOR_IMAGE, AUTHOR)
    assert not shown_in(phone, AUTHOR, AUTHOR_BAND)
    assert not logged(phone, author_log)
    article.tap(id="author_name")
    assert phone.foreground == (data.PACKAGE, data.AUTHOR_ACTIVITY)
    assert selected(phone, AUTHOR_IMAGE, AUTHOR) == [AUTHOR]
    assert shown_in(phone, AUTHOR, AUTHOR_BAND)
    assert logged(phone, author_log)
    name = article.find(id="author_name", text=AUTHOR)
    assert 0.5 <= name.bounds.center[1] / phone.display.height <= 0.65


def test_the_category_page_is_detected_once_opened(article: Driver, phone: Phone) -> None:
    category_log = r"\bmUrl is: https://www\.wikihow\.com/Category:Makeup"
    assert article.exists(id="category_crumb", text=CATEGORY)
    assert not selected(phone, CATEGORY_NAV, CATEGORY)
    assert not shown_in(phone, CATEGORY, CATEGORY_BAND)
    assert not logged(phone, category_log)
    article.tap(id="category_crumb", text=CATEGORY)
    assert phone.foreground == (data.PACKAGE, data.CATEGORY_ACTIVITY)
    assert selected(phone, CATEGORY_NAV, CATEGORY) == [CATEGORY]
    assert shown_in(phone, CATEGORY, CATEGORY_BAND)
    assert logged(phone, category_log)
    assert article.find(id="category_title").text == CATEGORY


def test_the_references_link_jumps_to_the_references(article: Driver, phone: Phone) -> None:
    assert not shown_in(phone, "References", LEFT_THIRD)
    assert not logged(phone, REFERENCES_LOG)
    assert not article.exists(resource_id="references_header")
    article.tap(id="references_link", text="3 References")
    heading = article.find(resource_id="references_header", text="References")
    assert heading.bounds.center[0] / phone.display.width < 0.33
    assert shown_in(phone, "References", LEFT_THIRD)
    assert logged(phone, REFERENCES_LOG)
    assert url_lines(phone)[-1] == f"url is: {URL}?wh_an=1&amp=1#References"
    # the rating follows the references: at most a few scrolls away
    assert article.scroll_to(id="helpful_yes", max_scrolls=3)


def test_the_references_link_scrolls_as_far_as_the_heading(phone: Phone, driver: Driver) -> None:
    phone.launch(data.PACKAGE)
    search(driver, "Address a Letter to England")
    driver.tap(id="search_result_title", text="How to Address a Letter to England")
    page = driver.find(resource_id="page_scroll")
    assert page.cls == "android.webkit.WebView"
    assert page.desc == "How to Address a Letter to England"
    driver.tap(id="references_link")
    heading = driver.find(resource_id="references_header")
    assert page.bounds.top <= heading.bounds.top < page.bounds.bottom
    driver.scroll("down")  # the rest of the page is shorter than the screen: it is at its end
    assert driver.find(resource_id="references_header").bounds == heading.bounds
    assert logged(phone, r"\burl is: .*/Address-a-Letter-to-England\?wh_an=1&amp=1#References$")


def test_a_page_scrolls_a_view_to_its_top(article: Driver, phone: Phone) -> None:
    _app, ctx = phone.activities.context(data.PACKAGE)
    assert scroll_to_top_of(ctx, "article", "section_heading")
    page = article.find(resource_id="page_scroll")
    heading = article.find(id="section_heading", text="Method 1 of 2: Preparing Your Skin")
    assert heading.bounds.top == page.bounds.top
    assert not scroll_to_top_of(ctx, "article", "no_such_view")


def test_an_article_makes_the_blocks_it_shows_and_scrolls_through_all_of_them(
    article: Driver, phone: Phone
) -> None:
    steps = [
        step.headline
        for method in data.corpus().article(SLUG).methods  # type: ignore[union-attr]
        for step in method.steps
    ]
    assert views_made(phone, "step") < len(steps)  # the steps out of view are not made
    read: list[str] = []
    for _ in range(60):
        read += [n.text for n in article.find_all(id="step_headline") if n.text not in read]
        if article.exists(resource_id="references_header"):
            break
        article.scroll("down", resource_id="page_scroll")
    assert read == steps  # every step, once, in order
    assert views_made(phone, "step") < len(steps)


@pytest.mark.parametrize(
    "title",
    [
        "How to Call the Czech Republic From the United States",
        "How to Buy an Apartment With No Money Down",
        "How to 180 on a Scooter",
    ],
)
def test_titles_open_in_the_title_band(phone: Phone, title: str) -> None:
    hit = data.corpus().search(title, 1)[0]
    assert hit.title == title
    phone.start_activity(data.PACKAGE, data.ARTICLE_ACTIVITY, slug=hit.slug)
    assert shown_in(phone, re.escape(title), TITLE_BAND)
    assert selected(phone, SECTION_TITLE, re.escape(title)) == [title]


def test_share_opens_a_sheet_and_messages_gets_the_link(article: Driver, phone: Phone) -> None:
    cursor = cursor_now(phone)
    assert not article.exists(id="share_sheet")
    article.tap(desc="Share")
    assert app_lines(phone, cursor) == [f"Share: {URL}"]
    assert article.find(id="share_title").text == f'Share "{TITLE}"'
    assert article.find(id="share_link").text == URL
    targets = [node.text for node in article.find_all(id="share_target_label")]
    assert targets == ["Messages"]
    article.key("BACK")
    assert not article.exists(id="share_sheet")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    article.tap(desc="Share")
    article.tap(id="share_target_label", text="Messages")
    assert phone.foreground == (sms_messenger.PACKAGE, sms_messenger.NEW_CONVERSATION)
    assert article.find(id="new_conversation_message").text == f"{TITLE} {URL}"
    assert article.find(id="new_conversation_address").focused
    article.tap(id="item_contact_frame")
    assert phone.foreground[1] == sms_messenger.THREAD
    assert article.find(id="thread_type_message").text == f"{TITLE} {URL}"
    article.tap(id="thread_send_message")
    db = phone.database(sms_messenger.PACKAGE, sms_messenger.DATABASE)
    bodies = [row[0] for row in db.execute("SELECT body FROM messages WHERE type = 2")]
    assert f"{TITLE} {URL}" in bodies


def test_rating_and_bookmark_are_stored_and_logged(article: Driver, phone: Phone) -> None:
    driver = article
    cursor = cursor_now(phone)
    driver.tap(desc="Bookmark")
    assert driver.exists(desc="Remove bookmark")
    driver.scroll_to(id="helpful_yes", max_scrolls=60)
    driver.tap(id="helpful_no")
    assert driver.exists(id="helpful_thanks")
    db = phone.database(data.PACKAGE, data.DATABASE)
    assert [r[0] for r in db.execute("SELECT slug FROM bookmarks")] == [SLUG]
    assert [tuple(r) for r in db.execute("SELECT slug, helpful FROM ratings")] == [(SLUG, 0)]
    assert app_lines(phone, cursor) == [f"Bookmarked: {SLUG}", f"Rated helpful: {SLUG} no"]


def test_pages_open_and_close_in_order(article: Driver, phone: Phone) -> None:
    driver = article
    driver.tap(id="author_name")
    assert driver.scroll_to(id="article_title", text=TITLE)
    driver.key("BACK")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    driver.key("BACK")
    assert phone.foreground == (data.PACKAGE, data.MAIN_ACTIVITY)
    assert driver.exists(id="search_result_title")
    driver.key("BACK")  # leaves the results
    assert not driver.exists(id="search_result_title")
    assert driver.exists(id="featured_article")
    driver.tap(desc="More options")
    driver.tap(text="About wikiHow")
    assert phone.foreground == (data.PACKAGE, data.ABOUT_ACTIVITY)
    assert driver.find(id="about_title").text == "Delivering a Trustworthy Experience"


def test_home_categories_open_category_pages(phone: Phone, driver: Driver) -> None:
    phone.launch(data.PACKAGE)
    node = driver.scroll_to(id="category_name", text="Travel")
    assert node
    driver.tap(id="category_name", text="Travel")
    assert phone.foreground == (data.PACKAGE, data.CATEGORY_ACTIVITY)
    assert driver.exists(id="subcategory_item")
    assert len(driver.find_all(id="article_title")) >= 1


def test_bookmarked_articles_show_on_home(article: Driver, phone: Phone) -> None:
    driver = article
    driver.tap(desc="Bookmark")
    driver.key("BACK")
    driver.key("BACK")  # leaves the results
    driver.scroll_to(id="saved_article")
    assert driver.exists(id="article_title", text=TITLE)
    driver.tap(id="saved_article")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    driver.tap(desc="Remove bookmark")
    assert (
        phone.database(data.PACKAGE, data.DATABASE)
        .execute("SELECT count(*) FROM bookmarks")
        .fetchone()[0]
        == 0
    )
