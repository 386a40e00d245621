"""Sites of single articles: the frozen articles (``mobile_gym.sim.web.content``) and the
pages the web-reader tool server reads (``mobile_gym/mcp/fixtures/jina.yaml``), each served
at its own URL. A URL is matched on host (without ``www.``) and path (without a trailing
``/``); a page whose URL holds a query string is matched with it. ``news.example.com`` also
has a front page listing its articles, newest first.
"""

from __future__ import annotations

from functools import cache

from mobile_gym.mcp.servers.data import fixture
from mobile_gym.sim.web.content import ARTICLES, Article
from mobile_gym.sim.web.html import esc, link, markdown, plain
from mobile_gym.sim.web.server import Response, Visit, split
from mobile_gym.sim.web.sites import Document, Site

NEWS = "news.example.com"


def _key(host: str, path: str, query: dict[str, str]) -> tuple[str, str, str]:
    tail = "&".join(f"{k}={v}" for k, v in sorted(query.items()))
    return host, path.rstrip("/") or "/", tail


@cache
def pages() -> dict[tuple[str, str, str], Article]:
    """Every article by its URL's key."""
    found: dict[tuple[str, str, str], Article] = {}
    readable = [
        Article(p["url"], p["title"], str(p.get("published", "")), p["content"])
        for p in fixture("jina")["pages"]
    ]
    for article in (*ARTICLES, *readable):
        parts = split(article.url)
        if parts is not None:
            _, host, path, query = parts
            found.setdefault(_key(host, path, query), article)
    return found


def _front_page(visit: Visit) -> Response:
    news = sorted(
        (a for (host, _, _), a in pages().items() if host == NEWS),
        key=lambda a: a.published,
        reverse=True,
    )
    items = "".join(f"<li>{link(a.url, a.title)}<p>{a.published}</p></li>" for a in news)
    return visit.answer("World News", f"<h1>World News</h1><h2>Latest</h2><ul>{items}</ul>")


def handle(visit: Visit) -> Response:
    """Answer an article, or the news site's front page."""
    article = pages().get(_key(visit.host, visit.path, visit.query))
    if article is None:
        article = pages().get(_key(visit.host, visit.path, {}))
    if article is not None:
        dated = f"<p>Published {esc(article.published)}</p>" if article.published else ""
        return visit.answer(article.title, dated + markdown(article.content))
    if visit.host == NEWS and visit.path.rstrip("/") == "":
        return _front_page(visit)
    return visit.not_found()


def documents() -> list[Document]:
    """Every article."""
    return [Document(a.url, a.title, plain(a.content)) for a in pages().values()]


def _hosts() -> tuple[str, ...]:
    return tuple(dict.fromkeys(host for host, _, _ in pages()))


SITES: tuple[Site, ...] = (Site(_hosts(), handle, documents),)
"""One site answering every article's host."""
