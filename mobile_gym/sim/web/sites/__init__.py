"""The sites of the offline web, registered by host.

A site is a module with a ``SITE``: the hosts it answers (without ``www.``), its
``handle(visit)`` returning a ``Response`` or a ``Redirect``, and its ``documents()``, the
pages the search engine indexes. ``site_for(host)`` finds a host's site; ``documents()``
gathers every site's pages for the search engine.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache

from mobile_gym.sim.web.server import Redirect, Response, Visit


@dataclass(frozen=True)
class Document:
    """A page the search engine knows: its URL, its title and its text (plain words)."""

    url: str
    title: str
    text: str


@dataclass(frozen=True)
class Site:
    """One site: the hosts it answers, how it answers a visit and the pages it lists."""

    hosts: tuple[str, ...]
    handle: Callable[[Visit], Response | Redirect]
    documents: Callable[[], Sequence[Document]] = tuple


@cache
def registry() -> dict[str, Site]:
    """Every site by host."""
    from mobile_gym.sim.web.sites import articles, arxiv, github, search, travel, weather

    sites = (search.SITE, github.SITE, arxiv.SITE, weather.SITE, travel.SITE, *articles.SITES)
    found: dict[str, Site] = {}
    for site in sites:  # a host belongs to the first site naming it
        for host in site.hosts:
            found.setdefault(host, site)
    return found


def site_for(host: str) -> Site | None:
    """The site answering ``host`` (already without ``www.``), or None."""
    return registry().get(host)


@cache
def documents() -> tuple[Document, ...]:
    """The pages of every site, in registration order, each once."""
    seen: dict[str, Document] = {}
    for site in dict.fromkeys(registry().values()):
        for doc in site.documents():
            seen.setdefault(doc.url, doc)
    return tuple(seen.values())
