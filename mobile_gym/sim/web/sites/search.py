"""google.com: the search engine over every site of the offline web.

``/search?q=`` ranks the pages every site lists (``sites.documents()``): a page scores three
points per occurrence of a query word in its title and one per occurrence in its text (at
most five per word); pages matching more of the query's words come first, then higher
scores, then URLs in alphabetical order, so the ranking never varies. Ten results show per
page (``&start=10`` for the next). A query about a known city's weather shows a forecast
card first, one about the dollar and the yuan the exchange rate. ``/`` is the home page
with the search box; ``/url?q=`` redirects to ``q``.
"""

from __future__ import annotations

import datetime as dt
import re
from urllib.parse import quote_plus

from mobile_gym.sim.web.content import USD_CNY
from mobile_gym.sim.web.html import esc, link
from mobile_gym.sim.web.server import Redirect, Response, Visit
from mobile_gym.sim.web.sites import Document, Site, documents
from mobile_gym.sim.web.sites.weather import CLIMATE, city_named, forecast
from mobile_gym.sim.web.sites.weather import WEB as WEATHER

HOST = "google.com"
WEB = f"https://www.{HOST}"
PER_PAGE = 10
SNIPPET = 160
STOP_WORDS = frozenset(
    {
        "a",
        "an",
        "and",
        "are",
        "as",
        "at",
        "by",
        "for",
        "from",
        "how",
        "in",
        "is",
        "it",
        "of",
        "on",
        "or",
        "the",
        "to",
        "what",
        "which",
        "who",
        "with",
    }
)
WEATHER_WORDS = ("weather", "temperature", "forecast", "天气", "气温", "温度")
RATE_WORDS = (("usd", "dollar", "美元"), ("cny", "rmb", "yuan", "人民币"))


def terms(query: str) -> list[str]:
    """The query's words, lower case, without stop words, each once."""
    words = re.findall(r"[\w'.+-]+", query.lower())
    return list(
        dict.fromkeys(w.strip(".-") for w in words if w not in STOP_WORDS and w.strip(".-"))
    )


def rank(query: str) -> list[Document]:
    """The pages matching ``query``, best first."""
    wanted = terms(query)
    scored = []
    for doc in documents():
        title, text = doc.title.lower(), doc.text.lower()
        hits = [(title.count(w), min(text.count(w), 5)) for w in wanted]
        matched = sum(1 for t, x in hits if t or x)
        if matched:
            scored.append((-matched, -sum(3 * t + x for t, x in hits), doc.url, doc))
    scored.sort(key=lambda item: item[:3])
    return [item[3] for item in scored]


def snippet(doc: Document, query: str) -> str:
    """About ``SNIPPET`` characters of the page's text around the first query word found."""
    text = doc.text
    low = text.lower()
    at = min((low.find(w) for w in terms(query) if w in low), default=0)
    start = max(0, at - SNIPPET // 4)
    piece = text[start : start + SNIPPET]
    return ("…" if start else "") + piece + ("…" if start + SNIPPET < len(text) else "")


def _city_in(query: str) -> str | None:
    low = query.lower()
    for city, (chinese, _, _) in CLIMATE.items():
        if city.lower() in low or chinese.removesuffix("市") in query:
            return city
    return None


def _weather_card(visit: Visit, query: str) -> str:
    if not any(word in query.lower() for word in WEATHER_WORDS):
        return ""
    city = _city_in(query)
    if city is None or city_named(city) is None:
        return ""
    today = visit.phone.clock.now.date()
    days = [forecast(city, today + dt.timedelta(days=n)) for n in range(3)]
    now = days[0]
    rows = "".join(
        f"<li>{f.date.strftime('%a %b %d')}: {esc(f.sky)}, high {f.high}°C, low {f.low}°C</li>"
        for f in days
    )
    return (
        f"<div><h2>Weather in {esc(city)}</h2><p>Today: {esc(now.sky)}</p>"
        f"<p>High {now.high}°C · Low {now.low}°C</p><ul>{rows}</ul>"
        f"<p>{link(f'{WEATHER}/weather/{quote_plus(city)}', 'weather.com forecast')}</p></div><hr>"
    )


def _rate_card(query: str) -> str:
    low = query.lower()
    if not all(any(word in low for word in words) for words in RATE_WORDS):
        return ""
    return (
        f"<div><h2>1 United States Dollar equals</h2><p><b>{USD_CNY} Chinese Yuan</b></p>"
        "<p>Mid-market rate of the day</p></div><hr>"
    )


def _form(query: str = "") -> str:
    return (
        f'<form action="{WEB}/search" method="get"><input type="search" name="q" '
        f'value="{esc(query)}" placeholder="Search Google or type a URL">'
        '<input type="submit" value="Google Search"></form>'
    )


def _results(visit: Visit) -> Response:
    query = visit.arg("q")
    if not query:
        return _home(visit)
    try:
        start = max(0, int(visit.arg("start", "0")))
    except ValueError:
        start = 0
    found = rank(query)
    shown = found[start : start + PER_PAGE]
    items = "".join(
        f"<li>{link(doc.url, doc.title)}<p>{esc(doc.url)}</p><p>{esc(snippet(doc, query))}</p></li>"
        for doc in shown
    )
    more = ""
    if start + PER_PAGE < len(found):
        more = link(f"{WEB}/search?q={quote_plus(query)}&start={start + PER_PAGE}", "Next")
    empty = "" if found else f"<p>Your search - {esc(query)} - did not match any documents.</p>"
    body = (
        f"{_form(query)}{_weather_card(visit, query)}{_rate_card(query)}"
        f"<p>About {len(found)} results</p>{empty}<ol>{items}</ol><p>{more}</p>"
    )
    return visit.answer(f"{query} - Google Search", body)


def _home(visit: Visit) -> Response:
    return visit.answer("Google", f"<h1>Google</h1>{_form()}")


def handle(visit: Visit) -> Response | Redirect:
    """Answer a page of google.com."""
    path = visit.path.rstrip("/")
    if path == "/search":
        return _results(visit)
    if path == "/url" and visit.arg("q"):
        return Redirect(visit.arg("q"))
    if path in ("", "/webhp"):
        return _home(visit)
    return visit.not_found()


SITE = Site((HOST, "google.com.hk", "bing.com", "baidu.com"), handle)
