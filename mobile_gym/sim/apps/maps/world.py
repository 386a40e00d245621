"""The places the Maps app knows: the maps fixture's places (the ones the ``amap`` MCP
server answers from), searched by name, category and "<category> near <place>", and routed
with the same function the server uses, so both report the same numbers for a pair."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from mobile_gym.mcp.servers import maps as amap
from mobile_gym.mcp.servers import streets
from mobile_gym.mcp.servers.geo import Point, haversine_m

NEARBY_M = 5_000
"""How far from the place named after "near" a nearby search looks."""
MAX_RESULTS = 20
GENERIC = {
    "公交线路": "Bus",
    "起点附近站": "stop near the start",
    "终点附近站": "stop near the end",
}
"""English for the words of a computed transit plan."""
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


def _words(text: str) -> list[str]:
    return [w.lower() for w in _WORD.findall(text)]


def _singular(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") else word


@dataclass(frozen=True)
class Place:
    """A place as the app shows it."""

    name: str
    point: Point
    address: str
    category: str
    rating: float | None
    reviews: int | None
    hours: str
    phone: str
    aliases: tuple[str, ...]
    keywords: tuple[str, ...]

    @property
    def link(self) -> str:
        """The place's short link, as Share gives it."""
        return share_link(self.name)

    def terms(self) -> tuple[set[str], set[str], set[str]]:
        """Its words: of the names, of the category and keywords, of the address."""
        names = {_singular(w) for text in (self.name, *self.aliases) for w in _words(text)}
        kinds = {_singular(w) for text in (self.category, *self.keywords) for w in _words(text)}
        return names, kinds, {_singular(w) for w in _words(self.address)}


def share_link(text: str) -> str:
    """A short maps link standing for ``text`` (the same text gives the same link)."""
    digest = hashlib.sha1(text.encode()).hexdigest()
    return "https://maps.app.goo.gl/" + "".join(
        "abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"[int(digest[i : i + 2], 16) % 57]
        for i in range(0, 20, 2)
    )


def _place(record: dict[str, Any]) -> Place:
    business = record.get("business", {})
    kind = record.get("category") or ([*str(record.get("type", "")).split(";"), ""])[1]
    rating = business.get("rating")
    return Place(
        name=str(record["name"]),
        point=amap.Place(record).point,
        address=str(record.get("address", "")),
        category=str(kind),
        rating=float(rating) if rating else None,
        reviews=record.get("reviews"),
        hours=str(business.get("opentime", "")),
        phone=str(record.get("tel", "")),
        aliases=tuple(record.get("aliases", [])),
        keywords=tuple(record.get("keywords", [])),
    )


@cache
def places() -> dict[str, Place]:
    """Every place, by name (built once)."""
    return {p.name: _place(p.record) for p in amap.world().places}


@cache
def _terms() -> dict[str, tuple[set[str], set[str], set[str]]]:
    return {name: place.terms() for name, place in places().items()}


def place(name: str) -> Place | None:
    return places().get(name)


def _score(name: str, words: list[str]) -> tuple[int, int]:
    """How many of ``words`` the place holds, and how well (names count most)."""
    names, kinds, address = _terms()[name]
    matched = score = 0
    for word in words:
        if _holds(names, word):
            matched, score = matched + 1, score + 3
        elif _holds(kinds, word):
            matched, score = matched + 1, score + 2
        elif _holds(address, word):
            matched, score = matched + 1, score + 1
    return matched, score


_CJK = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
"""Chinese characters: text written without spaces between its words."""


def _holds(terms: set[str], word: str) -> bool:
    """Whether ``terms`` hold ``word``: whole, or, a Chinese word, inside one of them (瑞幸
    in 瑞幸咖啡, as the maps server's search finds it)."""
    return word in terms or (_CJK.search(word) is not None and any(word in t for t in terms))


@cache
def _exact_names() -> dict[str, Place]:
    """Every place by its name and by each alias, lowercased; the first place in
    ``places()`` order wins a name two share (built once)."""
    found: dict[str, Place] = {}
    for p in places().values():
        for name in (p.name, *p.aliases):
            found.setdefault(name.lower(), p)
    return found


def _exact(query: str) -> Place | None:
    """The place named (or aliased) exactly ``query``, case aside."""
    return _exact_names().get(query.strip().lower())


def _anchored(text: str, near: Point) -> list[Place] | None:
    """The places for ``text`` of the form "<category> near <place>", nearest the place
    first; None when ``text`` is not of that form or names no known place after "near"."""
    head, sep, anchor_text = text.lower().rpartition(" near ")
    if not (sep and head):
        return None
    anchor = resolve(anchor_text, near)
    if anchor is None:
        return None
    words = [_singular(w) for w in _words(head)]
    found = [
        p
        for p in places().values()
        if p.name != anchor.name
        and haversine_m(anchor.point, p.point) <= NEARBY_M
        and _score(p.name, words)[0] == len(words)
    ]
    found.sort(key=lambda p: (haversine_m(anchor.point, p.point), p.name))
    return found[:MAX_RESULTS]


def search(query: str, near: Point) -> list[Place]:
    """Places for ``query`` (a name, a category, or "<category> near <place>"), best first,
    then nearest ``near``."""
    text = query.strip()
    if not text:
        return []
    anchored = _anchored(text, near)
    if anchored is not None:
        return anchored
    return _ranked(text, near, _exact(text))


def _ranked(text: str, near: Point, exact: Place | None) -> list[Place]:
    """The places holding the most words of ``text`` (``exact``, the place it names, first),
    best scored first, then nearest ``near``."""
    words = [_singular(w) for w in _words(text)]
    scored = [(_score(name, words), p) for name, p in places().items()]
    best = max((matched for (matched, _), _ in scored), default=0)
    if best == 0:
        return [exact] if exact else []
    found = [(score, p) for (matched, score), p in scored if matched == best and p is not exact]
    found.sort(key=lambda item: (-item[0], haversine_m(near, item[1].point), item[1].name))
    head_places = [exact] if exact else []
    return (head_places + [p for _, p in found])[:MAX_RESULTS]


def resolve(text: str, near: Point) -> Place | None:
    """The place ``text`` names best (its first search result), or None. A place named
    exactly comes first in the results, so the others are ranked only when none is."""
    query = text.strip()
    if not query:
        return None
    found = _anchored(query, near)
    if found is None:
        exact = _exact(query)
        if exact is not None:
            return exact
        found = _ranked(query, near, None)
    return found[0] if found else None


def in_view(box: tuple[float, float, float, float]) -> list[Place]:
    """The places inside ``(min_lng, min_lat, max_lng, max_lat)``."""
    west, south, east, north = box
    return [
        p for p in places().values() if west <= p.point[0] <= east and south <= p.point[1] <= north
    ]


def coordinate(point: Point) -> str:
    return f"{point[0]:.6f},{point[1]:.6f}"


def route(mode: str, origin: Point, destination: Point) -> dict[str, Any]:
    """The route of ``mode`` between two points, as the maps MCP server gives it:
    ``{"distance", "duration", "steps": [{"instruction", ...}]}`` (metres, seconds, as
    digit strings). Transit takes the first plan, its steps the walks and lines."""
    a, b = coordinate(origin), coordinate(destination)
    if mode != "transit":
        return amap.route_between(mode, a, b)
    plan = amap.transit_plans(a, b)[0]
    steps = []
    for segment in plan["segments"]:
        if "walking" in segment:
            leg = segment["walking"]
            steps.append({"instruction": f"Walk {streets.format_distance(int(leg['distance']))}"})
        else:
            line = segment["bus"]["buslines"][0]
            name, start, end = (
                GENERIC.get(text, text)
                for text in (
                    line["name"],
                    line["departure_stop"]["name"],
                    line["arrival_stop"]["name"],
                )
            )
            steps.append({"instruction": f"{name}: {start} to {end} ({line['via_num']} stops)"})
    distance = int(plan["walking_distance"]) + int(plan["transit_distance"])
    return {"distance": str(distance), "duration": plan["duration"], "steps": steps}
