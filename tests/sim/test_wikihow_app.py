"""The wikiHow app: search, article pages, authors, categories, the trust page, ratings,
bookmarks, the URL lines it logs and back navigation."""

from __future__ import annotations

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.wikihow import data
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import open_app, open_drawer

SITE = "https://www.wikihow.com"
SLUG = "Apply-CC-Cream"


def _search(driver: Driver, query: str) -> None:
    driver.type_into(query, id="search_src_text")
    driver.key("ENTER")


def _urls(phone: Phone, cursor: int) -> list[str]:
    lines = phone.logcat_lines(cursor)[0]
    marker = f" {data.URL_TAG}: mUrl is: "
    return [line.split(marker, 1)[1] for line in lines if marker in line]


def _app_lines(phone: Phone, cursor: int) -> list[str]:
    return [
        line.split(" wikiHow: ", 1)[1]
        for line in phone.logcat_lines(cursor)[0]
        if " wikiHow: " in line
    ]


@pytest.fixture
def article(phone: Phone, driver: Driver) -> Driver:
    """The phone on the "How to Apply CC Cream" article, opened through search."""
    phone.launch(data.PACKAGE)
    _search(driver, "Apply CC Cream")
    driver.tap(id="search_result_title", text="How to Apply CC Cream")
    return driver


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
    _, cursor = phone.logcat_lines()
    _search(driver, "Apply CC Cream")
    titles = [node.text for node in driver.find_all(id="search_result_title")]
    assert titles[0] == "How to Apply CC Cream"
    driver.tap(id="search_result_title", text="How to Apply CC Cream")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    assert driver.find(id="article_title").text == "How to Apply CC Cream"
    assert driver.find(id="author_name").text == "Mei Lockhart"
    assert driver.find(id="coauthored_by").text.startswith("Co-authored by")
    assert driver.scroll_to(text="Wash your face with a gentle cleanser.", id="step_headline")
    assert _urls(phone, cursor) == [f"{SITE}/{SLUG}"]


def test_author_category_and_about_pages_log_their_urls(article: Driver, phone: Phone) -> None:
    driver = article
    _, cursor = phone.logcat_lines()
    driver.tap(id="author_name")
    assert phone.foreground == (data.PACKAGE, data.AUTHOR_ACTIVITY)
    assert driver.find(id="author_name").text == "Mei Lockhart"
    assert driver.exists(id="article_title", text="How to Apply CC Cream")
    driver.key("BACK")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    driver.tap(id="category_crumb", text="Makeup")
    assert phone.foreground == (data.PACKAGE, data.CATEGORY_ACTIVITY)
    assert driver.find(id="category_title").text == "Makeup"
    assert driver.exists(id="article_title")
    driver.key("BACK")
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
    assert _urls(phone, cursor) == [
        f"{SITE}/Author/Mei-Lockhart",
        f"{SITE}/Category:Makeup",
        f"{SITE}/wikiHow:Delivering-a-Trustworthy-Experience",
    ]


def test_rating_bookmark_and_share_are_stored_and_logged(article: Driver, phone: Phone) -> None:
    driver = article
    _, cursor = phone.logcat_lines()
    driver.tap(desc="Bookmark")
    assert driver.exists(desc="Remove bookmark")
    driver.tap(desc="Share")
    driver.scroll_to(id="helpful_yes", max_scrolls=60)
    driver.tap(id="helpful_no")
    assert driver.exists(id="helpful_thanks")
    db = phone.database(data.PACKAGE, data.DATABASE)
    assert [r[0] for r in db.execute("SELECT slug FROM bookmarks")] == [SLUG]
    assert [tuple(r) for r in db.execute("SELECT slug, helpful FROM ratings")] == [(SLUG, 0)]
    assert _app_lines(phone, cursor) == [
        f"Bookmarked: {SLUG}",
        f"Shared: {SLUG}",
        f"Rated helpful: {SLUG} no",
    ]


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
    assert driver.exists(id="article_title", text="How to Apply CC Cream")
    driver.tap(id="saved_article")
    assert phone.foreground == (data.PACKAGE, data.ARTICLE_ACTIVITY)
    driver.tap(desc="Remove bookmark")
    assert (
        phone.database(data.PACKAGE, data.DATABASE)
        .execute("SELECT count(*) FROM bookmarks")
        .fetchone()[0]
        == 0
    )
