"""Offline Amap (高德地图) MCP server ``amap``: places, geocoding, distances, routes, weather.

Answers only from ``fixtures/amap.yaml``. The client sees each tool as ``amap_<tool>``.
Coordinates are ``"longitude,latitude"`` strings (GCJ-02 as Amap uses; six decimals);
distances are metres and durations seconds, both as digit strings like the Amap web API.

Tools (arguments -> result JSON):

- ``maps_weather(city, date=None)`` -> ``{"city", "adcode", "forecasts": [{"date", "week",
  "dayweather", "nightweather", "daytemp", "nighttemp", "daywind", "nightwind", "daypower",
  "nightpower"}]}``; four days from 2025-10-16; ``date`` ("YYYY-MM-DD") keeps one day.
- ``maps_geo(address, city=None)`` -> ``{"results": [{"country", "province", "city", "citycode",
  "district", "street", "number", "adcode", "location", "level", "formatted_address"}]}``:
  the place whose name (or alias) is the address, else the longest one the address holds,
  else the shortest one that holds an address of ``MIN_PARTIAL`` characters or more. The
  country is 中国 for a place with an adcode, else the one its address ends with.
- ``maps_regeocode(location)`` -> ``{"province", "city", "district", "formatted_address",
  "nearest_poi": {"id", "name", "distance"}}`` (the nearest place within 1 km).
- ``maps_text_search(keywords, city=None)`` -> ``{"suggestion": {"keywords", "ciytes"},
  "pois": [{"id", "name", "address", "typecode", "location"}]}``.
- ``maps_around_search(location, radius="1000", keywords="")`` -> ``{"count", "pois": [{"id",
  "name", "address", "typecode", "location", "distance"}]}``, nearest first; ``keywords`` may
  hold several words separated by ``|`` or spaces (any may match).
- ``maps_search_detail(id)`` -> ``{"id", "name", "location", "address", "business_area",
  "city", "type", "alias", "tel", "rating", "cost", "opentime", "photos": [{"title", "url"}]}``.
- ``maps_distance(origins, destination, type="0")`` -> ``{"results": [{"origin_id",
  "dest_id", "distance", "duration"}]}``; ``origins`` may hold several points separated by
  ``|``; type ``0`` straight line (haversine, WGS-84 radius; duration ``0``), ``1`` driving,
  ``3`` walking.
- ``maps_direction_walking`` / ``maps_direction_bicycling`` / ``maps_direction_driving``
  ``(origin, destination)`` -> ``{"origin", "destination", "paths": [{"distance", "duration",
  "steps": [{"instruction", "road", "distance"}]}]}``. A route stored in the fixture (either
  direction; the first stored for a pair of coordinates wins) is returned as stored; a pair of
  places on the fixture's streets is routed over them (``streets.py``, as the Maps app
  routes); any other pair gets a computed route: straight line times
  1.25 (walking), 1.3 (bicycling) or 1.35 (driving) at 1.2, 4.2 or 12.5 m/s.
- ``maps_direction_transit_integrated(origin, destination, city, cityd=None)`` ->
  ``{"origin", "destination", "distance", "transits": [{"duration", "cost",
  "walking_distance", "transit_distance", "segments": [{"walking": {"origin", "destination",
  "distance", "duration", "steps": [{"instruction", ...}]}} | {"bus": {"buslines": [{"name",
  "type", "departure_stop": {"name"}, "arrival_stop": {"name"}, "distance", "duration",
  "via_num"}]}}]}]}``; plans stored in the fixture, else one computed bus plan.

Errors (``isError`` results): malformed coordinates, an unknown city, address, POI id or
keyword with no match in the named city, a radius out of 1..50000, an unknown distance type.

Run over stdio: ``python -m mobile_gym.mcp.servers.maps``.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any

from mobile_gym.mcp.servers import streets
from mobile_gym.mcp.servers.common import (
    as_json,
    clean_text,
    new_server,
    parse_coordinate,
    tool_error,
)
from mobile_gym.mcp.servers.data import fixture
from mobile_gym.mcp.servers.geo import haversine_m

if TYPE_CHECKING:
    from mcp.server.mcpserver import MCPServer

NAME = "amap"
PROVINCES = {
    "11": "北京市",
    "31": "上海市",
    "32": "江苏省",
    "33": "浙江省",
    "42": "湖北省",
    "44": "广东省",
    "51": "四川省",
    "61": "陕西省",
    "65": "新疆维吾尔自治区",
}
ROUTE_MODES = {  # mode -> (detour factor, speed m/s, verb)
    "walking": (1.25, 1.2, "步行"),
    "bicycling": (1.3, 4.2, "骑行"),
    "driving": (1.35, 12.5, "行驶"),
}
DISTANCE_TYPES = {"0": None, "1": "driving", "3": "walking"}
MAX_RADIUS_M = 50_000
NEAREST_ADDRESS_M = 1_000
MIN_PARTIAL = 2
"""The fewest characters an address needs to match a place whose name only holds it (a
single letter or digit matches no place)."""
_US_STATE_ZIP = re.compile(r"[A-Z]{2} \d{5}")
"""The end of a US address (``MA 02139``)."""


def _norm(text: str) -> str:
    """A name reduced for matching: no spaces, ASCII brackets, lower case."""
    return text.replace("（", "(").replace("）", ")").replace(" ", "").replace("\u3000", "").lower()


def _coord_key(point: tuple[float, float]) -> str:
    return f"{point[0]:.6f},{point[1]:.6f}"


@dataclass(frozen=True)
class Place:
    """One POI or address of the fixture."""

    record: dict[str, Any]

    @property
    def name(self) -> str:
        return str(self.record["name"])

    @property
    def point(self) -> tuple[float, float]:
        return parse_coordinate(self.record["location"], self.name)

    @property
    def poi_id(self) -> str:
        return "B0" + hashlib.sha1(self.name.encode()).hexdigest()[:8].upper()

    @property
    def names(self) -> list[str]:
        return [_norm(n) for n in [self.name, *self.record.get("aliases", [])]]

    def matches_keyword(self, word: str) -> bool:
        fields = [*self.names, _norm(self.record.get("type", ""))]
        fields += [_norm(k) for k in self.record.get("keywords", [])]
        return any(word in field for field in fields)

    def in_city(self, city: str) -> bool:
        wanted = _norm(city).removesuffix("市")
        return wanted in _norm(self.record.get("city", "")) or wanted == self.record.get("adcode")

    def brief(self) -> dict[str, Any]:
        return {
            "id": self.poi_id,
            "name": self.name,
            "address": self.record.get("address", ""),
            "typecode": self.record.get("typecode", ""),
            "location": _coord_key(self.point),
        }


class World:
    """The fixture's places, routes, transit plans and forecasts, indexed for the tools."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.places = [Place(record) for record in data["places"]]
        self.by_id = {place.poi_id: place for place in self.places}
        self.by_name = {place.name: place for place in self.places}
        self.routes: dict[tuple[str, str, str], dict[str, Any]] = {}
        for route in data.get("routes", []):
            a, b = (_coord_key(self.by_name[route[end]].point) for end in ("from", "to"))
            self.routes.setdefault((route["mode"], a, b), route)
            self.routes.setdefault((route["mode"], b, a), route)
        self.transit: dict[tuple[str, str], dict[str, Any]] = {}
        for entry in data.get("transit", []):
            a, b = (_coord_key(self.by_name[entry[end]].point) for end in ("from", "to"))
            self.transit[(a, b)] = entry
        self.weather = data.get("weather", [])

    def geocode(self, address: str, city: str | None) -> Place:
        wanted = _norm(address)
        pool = [p for p in self.places if city is None or p.in_city(city)]
        exact = [p for p in pool if wanted in p.names]
        if exact:
            return exact[0]
        contained = [(len(n), p) for p in pool for n in p.names if n and n in wanted]
        if contained:
            return max(contained, key=lambda item: item[0])[1]
        containing = [
            (len(n), p) for p in pool for n in p.names if len(wanted) >= MIN_PARTIAL and wanted in n
        ]
        if containing:
            return min(containing, key=lambda item: item[0])[1]
        where = f" in {city}" if city else ""
        raise tool_error(f"no place or address matches {address!r}{where}")

    def nearest(self, point: tuple[float, float]) -> tuple[Place, float]:
        return min(((p, haversine_m(point, p.point)) for p in self.places), key=lambda t: t[1])

    def forecast(self, city: str) -> dict[str, Any]:
        wanted = _norm(city).removesuffix("市")
        for entry in self.weather:
            if wanted and (wanted in _norm(entry["city"]) or wanted == entry["adcode"]):
                return entry
        known = ", ".join(entry["city"] for entry in self.weather)
        raise tool_error(f"no weather for city {city!r}; cities with forecasts: {known}")


@cache
def world() -> World:
    """The indexed Amap fixture (built once)."""
    return World(fixture("amap"))


def _country(record: dict[str, Any]) -> str:
    """A place's country: 中国 where it has an adcode (a Chinese division), else the last part
    of its address (``..., Paris, France``; a US ``ST 01234`` ending is the USA), else ''."""
    if record.get("adcode"):
        return "中国"
    last = str(record.get("address", "")).rsplit(",", 1)[-1].strip()
    if _US_STATE_ZIP.fullmatch(last):
        return "USA"
    return last if last.replace(" ", "").isalpha() else ""


def _place_info(place: Place) -> dict[str, Any]:
    record = place.record
    return {
        "country": _country(record),
        "province": PROVINCES.get(str(record.get("adcode", ""))[:2], ""),
        "city": record.get("city", ""),
        "citycode": record.get("citycode", ""),
        "district": record.get("district", ""),
        "street": "",
        "number": "",
        "adcode": record.get("adcode", ""),
        "location": _coord_key(place.point),
        "level": "兴趣点",
        "formatted_address": record.get("address", ""),
    }


def route_between(mode: str, origin: str, destination: str) -> dict[str, Any]:
    """The route of ``mode`` between two coordinates: stored, else computed."""
    a = parse_coordinate(origin, "origin")
    b = parse_coordinate(destination, "destination")
    stored = world().routes.get((mode, _coord_key(a), _coord_key(b)))
    if stored is not None:
        steps = [
            {
                "instruction": s["instruction"],
                "road": s.get("road", ""),
                "distance": str(s["distance"]),
            }
            for s in stored.get("steps", [])
        ]
        if not steps:
            steps = [_final_step(mode, stored["distance"])]
        return {
            "distance": str(stored["distance"]),
            "duration": str(stored["duration"]),
            "steps": steps,
        }
    on_streets = streets.route(mode, a, b)
    if on_streets is not None:
        return on_streets
    detour, speed, _ = ROUTE_MODES[mode]
    distance = round(haversine_m(a, b) * detour)
    return {
        "distance": str(distance),
        "duration": str(round(distance / speed)),
        "steps": [_final_step(mode, distance)],
    }


def _final_step(mode: str, distance: int) -> dict[str, str]:
    verb = ROUTE_MODES[mode][2]
    return {
        "instruction": f"沿道路{verb}{distance}米到达终点",
        "road": "",
        "distance": str(distance),
    }


def _direction(mode: str, origin: str, destination: str) -> str:
    path = route_between(mode, origin, destination)
    return as_json({"origin": origin.strip(), "destination": destination.strip(), "paths": [path]})


def _transit_plans(a: tuple[float, float], b: tuple[float, float]) -> list[dict[str, Any]]:
    entry = world().transit.get((_coord_key(a), _coord_key(b)))
    if entry is not None:
        return [_stored_plan(plan) for plan in entry["plans"]]
    distance = round(haversine_m(a, b) * 1.3)
    duration = round(distance / 8.0) + 600
    segment = {
        "name": "公交线路",
        "type": "普通公交线路",
        "departure_stop": {"name": "起点附近站"},
        "arrival_stop": {"name": "终点附近站"},
        "distance": str(distance),
        "duration": str(duration - 600),
        "via_num": str(max(1, distance // 800)),
    }
    return [
        {
            "duration": str(duration),
            "cost": "2.0",
            "walking_distance": "0",
            "transit_distance": str(distance),
            "segments": [{"bus": {"buslines": [segment]}}],
        }
    ]


def transit_plans(origin: str, destination: str) -> list[dict[str, Any]]:
    """The public-transit plans between two coordinates: stored, else one computed."""
    a = parse_coordinate(origin, "origin")
    b = parse_coordinate(destination, "destination")
    return _transit_plans(a, b)


def _stored_plan(plan: dict[str, Any]) -> dict[str, Any]:
    segments: list[dict[str, Any]] = []
    walking = transit = 0
    for segment in plan["segments"]:
        if "walking" in segment:
            leg = segment["walking"]
            walking += int(leg["distance"])
            steps = [{"instruction": text, "road": "", "action": ""} for text in leg["steps"]]
            segments.append(
                {
                    "walking": {
                        "origin": leg["from"],
                        "destination": leg["to"],
                        "distance": str(leg["distance"]),
                        "duration": str(leg["duration"]),
                        "steps": steps,
                    }
                }
            )
        else:
            leg = segment["bus"]
            transit += int(leg["distance"])
            line = {
                "name": leg["name"],
                "type": leg["type"],
                "departure_stop": {"name": leg["departure_stop"]},
                "arrival_stop": {"name": leg["arrival_stop"]},
                "distance": str(leg["distance"]),
                "duration": str(leg["duration"]),
                "via_num": str(leg["via_num"]),
            }
            segments.append({"bus": {"buslines": [line]}})
    return {
        "duration": str(plan["duration"]),
        "cost": str(plan.get("cost", "")),
        "walking_distance": str(walking),
        "transit_distance": str(transit),
        "segments": segments,
    }


def _keywords(text: str) -> list[str]:
    return [_norm(w) for w in text.replace("|", " ").split() if w.strip()]


def build() -> MCPServer:
    """A fresh ``amap`` server object answering from the fixture (the SDK is imported here:
    the phone's Maps reads this module's world and routes without it)."""

    server = new_server(NAME, "Offline Amap maps tools over a frozen fixture world.")

    @server.tool(structured_output=False)
    def maps_weather(city: str, date: str | None = None) -> str:
        """Weather forecast (four days) for a city name or adcode; `date` keeps one day."""
        entry = world().forecast(clean_text(city, "city"))
        casts = entry["forecasts"]
        if date:
            casts = [cast for cast in casts if cast["date"] == date.strip()]
            if not casts:
                dates = ", ".join(cast["date"] for cast in entry["forecasts"])
                raise tool_error(f"no forecast for {date!r} in {entry['city']}; dates: {dates}")
        return as_json({"city": entry["city"], "adcode": entry["adcode"], "forecasts": casts})

    @server.tool(structured_output=False)
    def maps_geo(address: str, city: str | None = None) -> str:
        """Geocode a structured address or a place name to "lng,lat" coordinates."""
        place = world().geocode(clean_text(address, "address"), city.strip() if city else None)
        return as_json({"results": [_place_info(place)]})

    @server.tool(structured_output=False)
    def maps_regeocode(location: str) -> str:
        """Reverse-geocode "lng,lat" coordinates to the address of the nearest known place."""
        place, distance = world().nearest(parse_coordinate(location))
        if distance > NEAREST_ADDRESS_M:
            raise tool_error(f"no known address within {NEAREST_ADDRESS_M} m of {location!r}")
        info = _place_info(place)
        return as_json(
            {
                "province": info["province"],
                "city": info["city"],
                "district": info["district"],
                "formatted_address": info["formatted_address"],
                "nearest_poi": {
                    "id": place.poi_id,
                    "name": place.name,
                    "distance": str(round(distance)),
                },
            }
        )

    @server.tool(structured_output=False)
    def maps_text_search(keywords: str, city: str | None = None) -> str:
        """Search places by keywords, optionally within one city."""
        words = _keywords(clean_text(keywords, "keywords"))
        pool = [p for p in world().places if city is None or p.in_city(city)]
        found = [p for p in pool if any(p.matches_keyword(w) for w in words)]
        if city and not pool:
            raise tool_error(f"unknown city {city!r}")
        return as_json(
            {"suggestion": {"keywords": "", "ciytes": ""}, "pois": [p.brief() for p in found[:20]]}
        )

    @server.tool(structured_output=False)
    def maps_around_search(location: str, radius: str | int = "1000", keywords: str = "") -> str:
        """Places within `radius` metres of "lng,lat" whose name or type matches `keywords`."""
        centre = parse_coordinate(location)
        try:
            limit = int(str(radius).strip())
        except ValueError:
            raise tool_error(f"radius must be a whole number of metres, got {radius!r}") from None
        if not 1 <= limit <= MAX_RADIUS_M:
            raise tool_error(f"radius must be between 1 and {MAX_RADIUS_M} metres, got {limit}")
        words = _keywords(keywords)
        hits = []
        for place in world().places:
            distance = haversine_m(centre, place.point)
            if distance <= limit and (not words or any(place.matches_keyword(w) for w in words)):
                hits.append((distance, place))
        hits.sort(key=lambda item: (item[0], item[1].name))
        pois = [{**p.brief(), "distance": str(round(d))} for d, p in hits[:25]]
        return as_json({"count": str(len(pois)), "pois": pois})

    @server.tool(structured_output=False)
    def maps_search_detail(id: str) -> str:
        """Details of one POI by the id that searches return (photos, rating, opening hours)."""
        place = world().by_id.get(id.strip())
        if place is None:
            raise tool_error(f"unknown POI id {id!r}")
        record, business = place.record, place.record.get("business", {})
        return as_json(
            {
                "id": place.poi_id,
                "name": place.name,
                "location": _coord_key(place.point),
                "address": record.get("address", ""),
                "business_area": record.get("district", ""),
                "city": record.get("city", ""),
                "type": record.get("type", ""),
                "alias": "|".join(record.get("aliases", [])),
                "tel": record.get("tel", ""),
                "rating": business.get("rating", ""),
                "cost": business.get("cost", ""),
                "opentime": business.get("opentime", ""),
                "photos": record.get("photos", []),
            }
        )

    @server.tool(structured_output=False)
    def maps_distance(origins: str, destination: str, type: str = "0") -> str:
        """Distance from each of `origins` ("lng,lat|lng,lat...") to `destination`.

        type "0": straight line (default); "1": driving; "3": walking.
        """
        mode = DISTANCE_TYPES.get(str(type).strip(), "unknown")
        if mode == "unknown":
            raise tool_error(
                f"type must be 0 (straight line), 1 (driving) or 3 (walking), got {type!r}"
            )
        end = parse_coordinate(destination, "destination")
        points = [o for o in clean_text(origins, "origins").split("|") if o.strip()]
        results = []
        for index, origin in enumerate(points, start=1):
            start = parse_coordinate(origin, f"origin {index}")
            if mode is None:
                distance, duration = str(round(haversine_m(start, end))), "0"
            else:
                path = route_between(mode, origin, destination)
                distance, duration = path["distance"], path["duration"]
            results.append(
                {
                    "origin_id": str(index),
                    "dest_id": "1",
                    "distance": distance,
                    "duration": duration,
                }
            )
        return as_json({"results": results})

    @server.tool(structured_output=False)
    def maps_direction_walking(origin: str, destination: str) -> str:
        """Walking route between two "lng,lat" points: distance (m), duration (s), steps."""
        return _direction("walking", origin, destination)

    @server.tool(structured_output=False)
    def maps_direction_bicycling(origin: str, destination: str) -> str:
        """Bicycling route between two "lng,lat" points: distance (m), duration (s), steps."""
        return _direction("bicycling", origin, destination)

    @server.tool(structured_output=False)
    def maps_direction_driving(origin: str, destination: str) -> str:
        """Driving route between two "lng,lat" points: distance (m), duration (s), steps."""
        return _direction("driving", origin, destination)

    @server.tool(structured_output=False)
    def maps_direction_transit_integrated(
        origin: str, destination: str, city: str, cityd: str | None = None
    ) -> str:
        """Public-transit plans (walking + metro/bus segments) between two "lng,lat" points."""
        a = parse_coordinate(origin, "origin")
        b = parse_coordinate(destination, "destination")
        for name in (city, cityd):
            if name is not None and not any(p.in_city(name) for p in world().places):
                raise tool_error(f"unknown city {name!r}")
        return as_json(
            {
                "origin": origin.strip(),
                "destination": destination.strip(),
                "distance": str(round(haversine_m(a, b))),
                "transits": _transit_plans(a, b),
            }
        )

    return server


def main() -> None:
    """Serve ``amap`` over stdio."""
    build().run("stdio")


if __name__ == "__main__":
    main()
