"""The street graph of the frozen maps world: routes by car, on foot and by bicycle.

The ``streets`` section of ``fixtures/amap.yaml`` lists streets as polylines of
``"lng,lat"`` points with a ``kind`` (``highway``, ``road`` or ``path``) and, optionally,
their ``length`` in metres along the whole line (a long road drawn with few points: its
segments share the length in proportion to their straight lengths). Streets meet where
they share a point. A place lying within ``SNAP_M`` of a point is on the graph; a route
between two such places is the fastest path for the mode, found by Dijkstra's algorithm.

The maps MCP server (``maps.py``) and the Maps app on the phone both route through
``route``, so they report the same distance and duration for the same pair.
"""

from __future__ import annotations

import heapq
from dataclasses import dataclass
from functools import cache
from itertools import pairwise
from typing import Any

from mobile_gym.caches import LRUCache
from mobile_gym.mcp.servers.data import fixture
from mobile_gym.mcp.servers.geo import coordinate, haversine_m

SNAP_M = 60.0
"""How near a street's point a place must lie to be reached by the streets."""
SPEEDS: dict[str, dict[str, float]] = {  # mode -> street kind -> metres per second
    "driving": {"highway": 30.0, "road": 11.0},
    "walking": {"road": 1.3, "path": 1.3},
    "bicycling": {"road": 4.2, "path": 4.2},
}

Point = tuple[float, float]


@dataclass(frozen=True)
class Street:
    """One street of the fixture: its name, kind and points (``(lng, lat)``)."""

    name: str
    kind: str
    points: tuple[Point, ...]
    length: float

    @property
    def bbox(self) -> tuple[float, float, float, float]:
        """``(min_lng, min_lat, max_lng, max_lat)`` of its points."""
        lngs = [p[0] for p in self.points]
        lats = [p[1] for p in self.points]
        return min(lngs), min(lats), max(lngs), max(lats)


@dataclass(frozen=True)
class Edge:
    """A segment between two neighbouring points of one street."""

    to: Point
    street: str
    kind: str
    length: float


def _street(record: dict[str, Any]) -> Street:
    points = tuple(coordinate(p, record["name"]) for p in record["points"])
    straight = sum(haversine_m(a, b) for a, b in pairwise(points))
    return Street(record["name"], record["kind"], points, float(record.get("length", straight)))


class StreetGraph:
    """The fixture's streets, joined where they share points."""

    def __init__(self, records: list[dict[str, Any]]) -> None:
        self.streets = [_street(record) for record in records]
        self.edges: dict[Point, list[Edge]] = {}
        for street in self.streets:
            pairs = list(pairwise(street.points))
            straight = sum(haversine_m(a, b) for a, b in pairs) or 1.0
            for a, b in pairs:
                share = street.length * haversine_m(a, b) / straight
                self.edges.setdefault(a, []).append(Edge(b, street.name, street.kind, share))
                self.edges.setdefault(b, []).append(Edge(a, street.name, street.kind, share))

    def snap(self, point: Point) -> tuple[Point, float] | None:
        """The graph's point nearest ``point`` and how far it lies, if within ``SNAP_M``."""
        best = min(self.edges, key=lambda node: haversine_m(point, node), default=None)
        if best is None:
            return None
        gap = haversine_m(point, best)
        return (best, gap) if gap <= SNAP_M else None

    def path(self, mode: str, start: Point, end: Point) -> list[Edge] | None:
        """The fastest chain of edges from ``start`` to ``end`` for ``mode``, or None."""
        speeds = SPEEDS[mode]
        best: dict[Point, float] = {start: 0.0}
        came: dict[Point, tuple[Point, Edge]] = {}
        queue: list[tuple[float, Point]] = [(0.0, start)]
        while queue:
            cost, node = heapq.heappop(queue)
            if node == end:
                break
            if cost > best.get(node, float("inf")):
                continue
            for edge in self.edges.get(node, []):
                speed = speeds.get(edge.kind)
                if speed is None:
                    continue
                total = cost + edge.length / speed
                if total < best.get(edge.to, float("inf")):
                    best[edge.to] = total
                    came[edge.to] = (node, edge)
                    heapq.heappush(queue, (total, edge.to))
        if end != start and end not in came:
            return None
        chain: list[Edge] = []
        node = end
        while node != start:
            node, edge = came[node]
            chain.append(edge)
        return chain[::-1]


Found = tuple[tuple[Point, float], tuple[Point, float], tuple[Edge, ...]]
"""A route found: where each end joins the streets (and how far off it lies), and the
chain of edges between them."""
_FOUND: LRUCache[tuple[str, Point, Point], Found | None] = LRUCache(256)
"""Routes found lately, by (mode, origin, destination): the streets never change, and a
directions screen asks for the route it shows (its steps and its line) at every build."""


def _found(mode: str, origin: Point, destination: Point) -> Found | None:
    """The route of ``mode`` between the two points, or None (an end off the streets, or
    no street joins them)."""
    return _FOUND.get((mode, origin, destination), _find)


def _find(key: tuple[str, Point, Point]) -> Found | None:
    mode, origin, destination = key
    streets = graph()
    start, end = streets.snap(origin), streets.snap(destination)
    if start is None or end is None:
        return None
    chain = streets.path(mode, start[0], end[0])
    return None if chain is None else (start, end, tuple(chain))


def route_points(mode: str, origin: Point, destination: Point) -> list[Point]:
    """The points a route of ``mode`` passes through, ends included (empty when ``route``
    finds none): what a map draws of it."""
    found = _found(mode, origin, destination)
    if found is None:
        return []
    start, _, chain = found
    return [origin, start[0], *(edge.to for edge in chain), destination]


@cache
def graph() -> StreetGraph:
    """The street graph of the amap fixture (built once)."""
    return StreetGraph(fixture("amap").get("streets", []))


def format_distance(metres: float) -> str:
    """``350 m``, ``2.8 km`` or ``1,272 km``, as a map shows a distance."""
    if metres < 1000:
        return f"{round(metres)} m"
    km = metres / 1000
    return f"{km:.1f} km" if km < 100 else f"{round(km):,} km"


def format_duration(seconds: float) -> str:
    """``43 min`` or ``3 hr 30 min`` (whole minutes, at least one)."""
    minutes = max(1, round(seconds / 60))
    hours, rest = divmod(minutes, 60)
    if not hours:
        return f"{minutes} min"
    return f"{hours} hr {rest} min" if rest else f"{hours} hr"


def route(mode: str, origin: Point, destination: Point) -> dict[str, Any] | None:
    """The route of ``mode`` (``driving``, ``walking``, ``bicycling``) over the streets:
    ``{"distance", "duration", "steps": [{"instruction", "road", "distance"}]}`` with whole
    metres and seconds, or None when either end is off the streets or no street joins them."""
    found = _found(mode, origin, destination)
    if found is None:
        return None
    start, end, chain = found
    speeds = SPEEDS[mode]
    legs: list[list[Any]] = []  # [road, metres]
    seconds = 0.0
    for edge in chain:
        seconds += edge.length / speeds[edge.kind]
        if legs and legs[-1][0] == edge.street:
            legs[-1][1] += edge.length
        else:
            legs.append([edge.street, edge.length])
    access = start[1] + end[1]
    seconds += access / speeds.get("road", speeds.get("highway", 1.0))
    steps = []
    for index, (road, metres) in enumerate(legs):
        verb = "Head along" if index == 0 else "Turn onto"
        steps.append(
            {
                "instruction": f"{verb} {road} for {format_distance(metres)}",
                "road": road,
                "distance": str(round(metres)),
            }
        )
    steps.append({"instruction": "Arrive at the destination", "road": "", "distance": "0"})
    distance = round(sum(metres for _, metres in legs) + access)
    return {"distance": str(distance), "duration": str(round(seconds)), "steps": steps}
