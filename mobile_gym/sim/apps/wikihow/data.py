"""wikiHow's names, its corpus, its database and the helpers its screens share."""

from __future__ import annotations

import functools
from urllib.parse import quote_plus

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.wikihow.corpus import SITE, Corpus

PACKAGE = "com.wikihow.wikihowapp"
MAIN_ACTIVITY = ".MainTabActivity"
ARTICLE_ACTIVITY = ".ArticleActivity"
AUTHOR_ACTIVITY = ".AuthorActivity"
CATEGORY_ACTIVITY = ".CategoryActivity"
ABOUT_ACTIVITY = ".AboutActivity"
DATABASE = "wikihow"
SCHEMA = """
CREATE TABLE bookmarks(slug TEXT PRIMARY KEY, title TEXT NOT NULL, created INTEGER NOT NULL);
CREATE TABLE ratings(slug TEXT PRIMARY KEY, helpful INTEGER NOT NULL, rated INTEGER NOT NULL);
"""
URL_TAG = "jd"
"""The logcat tag of the ``mUrl is: <url>`` line each page visit writes (debug priority)."""
ABOUT_TITLE = "Delivering a Trustworthy Experience"
ABOUT_URL = f"{SITE}/wikiHow:Delivering-a-Trustworthy-Experience"
SEARCH_URL = f"{SITE}/wikiHowTo?search="
CATEGORY_PAGE = 20
"""How many of a category's articles its page lists."""


@functools.cache
def corpus() -> Corpus:
    """The corpus of seed 0, opened once per process (it is read-only)."""
    return Corpus.open(0)


def log_url(ctx: AppContext, url: str) -> None:
    """Log the page ``url`` being opened (``mUrl is: <url>``)."""
    ctx.log(f"mUrl is: {url}", priority="D", tag=URL_TAG)


def log_anchor(ctx: AppContext, url: str) -> None:
    """Log a link within the open page being followed (``url is: <url>``)."""
    ctx.log(f"url is: {url}", priority="D", tag=URL_TAG)


def search_url(query: str) -> str:
    """The URL of the results page of ``query`` (its words joined by ``+``)."""
    return SEARCH_URL + "+".join(quote_plus(word) for word in query.split())


def open_article(ctx: AppContext, slug: str) -> None:
    article = corpus().article(slug)
    if article is not None:
        log_url(ctx, article.url)
        ctx.open(ARTICLE_ACTIVITY, slug=slug)


def open_author(ctx: AppContext, slug: str) -> None:
    author = corpus().author(slug)
    if author is not None:
        log_url(ctx, author.url)
        ctx.open(AUTHOR_ACTIVITY, slug=slug)


def open_category(ctx: AppContext, slug: str) -> None:
    category = corpus().category(slug)
    if category is not None:
        log_url(ctx, category.url)
        ctx.open(CATEGORY_ACTIVITY, slug=slug)


def open_about(ctx: AppContext) -> None:
    log_url(ctx, ABOUT_URL)
    ctx.open(ABOUT_ACTIVITY)


def bookmarked(ctx: AppContext, slug: str) -> bool:
    row = ctx.db().execute("SELECT 1 FROM bookmarks WHERE slug = ?", (slug,)).fetchone()
    return row is not None


def bookmarks(ctx: AppContext) -> list[tuple[str, str]]:
    """The bookmarked articles (slug, title), most recent first."""
    rows = ctx.db().execute("SELECT slug, title FROM bookmarks ORDER BY created DESC, slug")
    return [(row[0], row[1]) for row in rows]


def toggle_bookmark(ctx: AppContext, slug: str, title: str) -> None:
    """Bookmark the article, or remove its bookmark."""
    if bookmarked(ctx, slug):
        ctx.db().execute("DELETE FROM bookmarks WHERE slug = ?", (slug,))
        ctx.log(f"Bookmark removed: {slug}")
        ctx.toast("Bookmark removed")
        return
    ctx.db().execute(
        "INSERT INTO bookmarks (slug, title, created) VALUES (?, ?, ?)",
        (slug, title, ctx.phone.clock.stamp()),
    )
    ctx.log(f"Bookmarked: {slug}")
    ctx.toast("Article bookmarked")


def rating(ctx: AppContext, slug: str) -> bool | None:
    """Whether the user found the article helpful (None: not rated)."""
    row = ctx.db().execute("SELECT helpful FROM ratings WHERE slug = ?", (slug,)).fetchone()
    return None if row is None else bool(row[0])


def rate(ctx: AppContext, slug: str, helpful: bool) -> None:
    ctx.db().execute(
        "INSERT OR REPLACE INTO ratings (slug, helpful, rated) VALUES (?, ?, ?)",
        (slug, int(helpful), ctx.phone.clock.stamp()),
    )
    ctx.log(f"Rated helpful: {slug} {'yes' if helpful else 'no'}")
