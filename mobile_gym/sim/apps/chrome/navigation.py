"""Tabs and their history: loading a page into a tab, back, forward, reload.

The browser's tabs live in its main screen's state: ``tabs`` is a list of tabs, each
``{"id", "entries", "index"}`` (the pages visited in that tab, and the one shown), and
``tab`` the position of the tab in front. An entry keeps the request that loaded it and the
response (URL, status, HTML), so going back shows the page as it was, and reload asks
again. Pages come from the offline web (``mobile_gym.sim.web.fetch``); an address that is
no web address, or a site that fails, shows Chrome's error page instead. A response that is
no page (a PDF) is downloaded (``downloads``) and the tab stays as it was.
"""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import quote_plus, urlencode, urlsplit, urlunsplit

from mobile_gym.sim import web
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import data, downloads
from mobile_gym.sim.apps.chrome.document import document

Entry = dict[str, Any]
Tab = dict[str, Any]
_HOST = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9-]+)*(:\d{1,5})?$")
_BARE_HOST = re.compile(
    r"^(localhost|[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,})(:\d+)?(/\S*)?$"
)
PAGE_STATE = (
    "web:",
    "field:web:",
    "finding",
    "find_at",
    "field:find",
    "dialog:select",
    "menu:link",
    "menu:image",
    downloads.DONE_KEY,
)
"""Screen-state keys that belong to the page shown (forgotten when another is shown)."""


def address_to_url(text: str) -> str:
    """What the address bar opens for ``text``: a URL as typed, a bare host over https,
    anything else as a search."""
    text = text.strip()
    if re.match(r"^[A-Za-z][A-Za-z0-9+.-]*://", text) or text.startswith(("about:", "chrome:")):
        return _with_path(text)
    if _BARE_HOST.match(text):
        return _with_path("https://" + text)
    return data.SEARCH_URL + quote_plus(text)


def _with_path(url: str) -> str:
    """``url`` as Chrome shows it: its host in lower case, and the root path ``/`` when it
    names a host alone."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return url
    if parts.scheme in ("http", "https") and parts.netloc:
        user, at, host = parts.netloc.rpartition("@")
        netloc = user + at + host.lower()
        return urlunsplit((parts.scheme, netloc, parts.path or "/", parts.query, parts.fragment))
    return url


def valid_url(url: str) -> bool:
    """Whether ``url`` is an http(s) address the browser can ask for."""
    try:
        parts = urlsplit(url)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and bool(_HOST.match(parts.netloc))


def error_page(url: str, code: str) -> str:
    """Chrome's page for an address it could not load."""
    host = urlsplit(url).netloc if valid_url(url) else url
    return (
        f"<html><head><title>{_escape(host)}</title></head><body>"
        "<h1>This site can\u2019t be reached</h1>"
        f"<p>{_escape(host)} is unreachable or the address is not valid.</p>"
        f"<p>{code}</p></body></html>"
    )


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def new_tab_entry() -> Entry:
    return {
        "url": data.NEW_TAB_URL,
        "title": "New tab",
        "status": 200,
        "html": "",
        "method": "GET",
        "form": [],
    }


def is_new_tab(entry: Entry) -> bool:
    return entry["url"] == data.NEW_TAB_URL


# state ------------------------------------------------------------------------------------
def tabs(ctx: AppContext) -> list[Tab]:
    """The open tabs (one new tab until the first is changed)."""
    return ctx.get("tabs") or [{"id": 0, "entries": [new_tab_entry()], "index": 0}]


def tab_index(ctx: AppContext) -> int:
    return min(ctx.get("tab", 0), len(tabs(ctx)) - 1)


def current_tab(ctx: AppContext) -> Tab:
    return tabs(ctx)[tab_index(ctx)]


def current_entry(ctx: AppContext) -> Entry:
    tab = current_tab(ctx)
    return tab["entries"][tab["index"]]


def page_key(ctx: AppContext) -> str:
    """The scroll key of the page in front (each page of each tab keeps its own place)."""
    tab = current_tab(ctx)
    return f"web:{tab['id']}:{tab['index']}"


def _forget_page(ctx: AppContext) -> None:
    for key in [k for k in ctx.screen.state if k.startswith(PAGE_STATE)]:
        ctx.pop(key)
    if ctx.get("focus", "").startswith("web:"):
        ctx.pop("focus")
    ctx.pop("field:" + data.URL_FIELD)


def _save(ctx: AppContext, all_tabs: list[Tab], index: int) -> None:
    ctx.set("tabs", all_tabs)
    ctx.set("tab", index)
    _forget_page(ctx)


def _replace_tab(ctx: AppContext, tab: Tab) -> None:
    all_tabs = list(tabs(ctx))
    index = tab_index(ctx)
    all_tabs[index] = tab
    _save(ctx, all_tabs, index)


def _next_id(ctx: AppContext) -> int:
    return max(tab["id"] for tab in tabs(ctx)) + 1


# loading ----------------------------------------------------------------------------------
def load(ctx: AppContext, request: web.Request) -> Entry | None:
    """Ask for ``request`` and log it; the entry to show (Chrome's error page for an
    address it cannot ask for, or a site that fails), or None for a file downloaded."""
    url = request.url
    form = [list(pair) for pair in request.form]
    if url.startswith("chrome://newtab"):
        return new_tab_entry()
    if not valid_url(url):
        ctx.log(f"Page failed: url={url} error=ERR_INVALID_URL", "W")
        return _entry(url, url, 0, error_page(url, "ERR_INVALID_URL"), request.method, form)
    try:
        response = web.fetch(ctx.phone, request)
    except Exception as error:
        ctx.log(f"Page failed: url={url} error={type(error).__name__}", "E")
        return _entry(url, url, 0, error_page(url, "ERR_FAILED"), request.method, form)
    if not downloads.is_page(response):
        downloads.save_response(ctx, response)
        return None
    title = document(response.html, response.url).title or response.url
    ctx.log(f"Page loaded: url={response.url} status={response.status} title={title}")
    data.add_history(ctx, response.url, title)
    return _entry(response.url, title, response.status, response.html, request.method, form)


def _entry(url: str, title: str, status: int, html: str, method: str, form: list) -> Entry:
    return {
        "url": url,
        "title": title or url,
        "status": status,
        "html": html,
        "method": method,
        "form": form,
    }


def open_request(ctx: AppContext, request: web.Request) -> None:
    """Load ``request`` in the tab in front, after the page it shows."""
    tab = current_tab(ctx)
    entry = load(ctx, request)
    ctx.pop("switcher")
    if entry is None:
        return
    entries = [*tab["entries"][: tab["index"] + 1], entry]
    _replace_tab(ctx, {**tab, "entries": entries, "index": len(entries) - 1})


def open_url(ctx: AppContext, url: str) -> None:
    open_request(ctx, web.Request(url))


def open_address(ctx: AppContext, text: str) -> None:
    """What ENTER in the address bar does: open ``text`` as a URL or search for it."""
    if not text.strip():
        return
    ctx.pop("focus")
    ctx.phone.hide_keyboard()
    open_url(ctx, address_to_url(text))


def submit(ctx: AppContext, action: str, method: str, fields: list[tuple[str, str]]) -> None:
    """Send a form's ``fields`` to ``action``: a GET puts them in the query, a POST in the body."""
    encoded = urlencode(fields)
    ctx.log(f"Form submitted: method={method} url={action} data={encoded}")
    ctx.phone.hide_keyboard()
    if method == "POST":
        open_request(ctx, web.Request(action, "POST", tuple(fields)))
        return
    try:
        parts = urlsplit(action)
    except ValueError:
        open_url(ctx, action)
        return
    open_url(ctx, urlunsplit((parts.scheme, parts.netloc, parts.path, encoded, "")))


def can_go_forward(ctx: AppContext) -> bool:
    tab = current_tab(ctx)
    return tab["index"] < len(tab["entries"]) - 1


def step(ctx: AppContext, by: int) -> bool:
    """Show the page ``by`` places back (-1) or forward (+1) in the tab's history."""
    tab = current_tab(ctx)
    index = tab["index"] + by
    if not 0 <= index < len(tab["entries"]):
        return False
    _replace_tab(ctx, {**tab, "index": index})
    entry = tab["entries"][index]
    ctx.log(f"Navigated {'back' if by < 0 else 'forward'}: url={entry['url']}")
    return True


def reload(ctx: AppContext) -> None:
    """Ask for the page in front again (a form's POST is sent again)."""
    tab = current_tab(ctx)
    entry = tab["entries"][tab["index"]]
    if is_new_tab(entry):
        return
    form = tuple((k, v) for k, v in entry["form"])
    fresh = load(ctx, web.Request(entry["url"], entry["method"], form))
    if fresh is None:
        return
    entries = list(tab["entries"])
    entries[tab["index"]] = fresh
    _replace_tab(ctx, {**tab, "entries": entries})


def new_tab(ctx: AppContext, url: str | None = None) -> None:
    """Open a tab in front (on ``url``, else the new tab page)."""
    all_tabs = [*tabs(ctx), {"id": _next_id(ctx), "entries": [new_tab_entry()], "index": 0}]
    _save(ctx, all_tabs, len(all_tabs) - 1)
    ctx.pop("switcher")
    if url is not None:
        open_url(ctx, url)


def select_tab(ctx: AppContext, index: int) -> None:
    _save(ctx, list(tabs(ctx)), index)
    ctx.pop("switcher")


def close_tab(ctx: AppContext, index: int) -> None:
    """Close tab ``index``; closing the last one leaves a new tab page."""
    all_tabs = list(tabs(ctx))
    closed = all_tabs.pop(index)
    ctx.log(f"Tab closed: url={closed['entries'][closed['index']]['url']}")
    if not all_tabs:
        all_tabs = [{"id": closed["id"] + 1, "entries": [new_tab_entry()], "index": 0}]
    front = tab_index(ctx)
    if index < front or front >= len(all_tabs):
        front -= 1
    _save(ctx, all_tabs, max(front, 0))
