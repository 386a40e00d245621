"""Requests and responses of the offline web, and the one entry point that answers them.

``fetch`` reads the request's URL leniently (a missing scheme means ``https``; only ``http``
and ``https`` are served; a host is
matched without its ``www.`` or ``m.``), hands it to the site registered for the host
(``mobile_gym.sim.web.sites``) and follows the site's redirects. An unknown host, or a URL
without one, is answered with Chrome's "This site can't be reached" page and status 404; a
malformed URL never raises.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Literal
from urllib.parse import parse_qsl, urlsplit

from mobile_gym.sim.web.html import esc, page

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

MAX_REDIRECTS = 5


@dataclass(frozen=True)
class Request:
    """A page asked for: its absolute URL (``https://host/path?query``), the method and, for
    a form's POST, its fields in the form's order."""

    url: str
    method: Literal["GET", "POST"] = "GET"
    form: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Response:
    """A page answered: the URL it ends at (after redirects), the HTTP status and the HTML.

    A file that is no page (``content_type`` other than ``text/html``: a PDF, a picture)
    travels in ``html`` as text whose characters are its bytes (``latin-1``)."""

    url: str
    status: int
    html: str
    content_type: str = "text/html"


@dataclass(frozen=True)
class Visit:
    """A request as a site reads it: the phone, the normalised URL parts and the fields
    (query parameters and, for a POST, the form's; the first value of a repeated name)."""

    phone: Phone
    request: Request
    url: str
    host: str
    path: str
    query: dict[str, str] = field(default_factory=dict)
    form: dict[str, str] = field(default_factory=dict)

    def arg(self, name: str, default: str = "") -> str:
        """A field of the form, else of the query string, stripped."""
        return (self.form.get(name) or self.query.get(name) or default).strip()

    def answer(self, title: str, body: str, status: int = 200) -> Response:
        """This visit's page titled ``title`` around ``body``."""
        return Response(self.url, status, page(title, body))

    def not_found(self) -> Response:
        """The site's page for a path it does not serve."""
        return self.answer(
            "404 Not Found",
            f"<h1>404</h1><p>The page {esc(self.path)} was not found on {esc(self.host)}.</p>",
            404,
        )


@dataclass(frozen=True)
class Redirect:
    """A site's answer sending the browser on to ``url``."""

    url: str


def unreachable(url: str, host: str) -> Response:
    """Chrome's error page for a host the offline web does not know."""
    name = host or url
    return Response(
        url,
        404,
        page(
            "Site not found",
            f"<h1>This site can't be reached</h1><p>Check if there is a typo in {esc(name)}.</p>"
            "<p>DNS_PROBE_FINISHED_NXDOMAIN</p>",
        ),
    )


def split(url: str) -> tuple[str, str, str, dict[str, str]] | None:
    """``(url, host, path, query)`` of a URL typed or linked, or None when it has no host."""
    text = url.strip()
    if "://" not in text:
        text = "https://" + text.lstrip("/")
    try:
        parts = urlsplit(text)
        host = (parts.hostname or "").lower()
        parts.port  # noqa: B018 - a port out of range raises here
    except ValueError:
        return None
    if not host or parts.scheme.lower() not in ("http", "https"):
        return None
    for prefix in ("www.", "m."):
        host = host.removeprefix(prefix)
    query = {}
    for name, value in parse_qsl(parts.query, keep_blank_values=True):
        query.setdefault(name, value)
    return text, host, parts.path or "/", query


def fetch(phone: Phone, request: Request) -> Response:
    """Answer ``request`` from the sites on the phone's offline web."""
    from mobile_gym.sim.web.sites import site_for

    for _ in range(MAX_REDIRECTS):
        parts = split(request.url)
        if parts is None:
            return unreachable(request.url, "")
        url, host, path, query = parts
        site = site_for(host)
        if site is None:
            return unreachable(url, host)
        form: dict[str, str] = {}
        if request.method == "POST":
            for name, value in request.form:
                form.setdefault(name, value)
        visit = Visit(phone, request, url, host, path, query, form)
        answer = site.handle(visit)
        if not isinstance(answer, Redirect):
            return answer
        request = Request(answer.url)
    return unreachable(request.url, "too many redirects")
