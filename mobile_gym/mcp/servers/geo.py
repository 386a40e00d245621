"""Geometry of the maps fixture's world: straight-line distances and ``"lng,lat"`` points.

It imports nothing of the MCP SDK, so the simulated phone's Maps, which draws and routes over
the same world as the ``amap`` tool server, can use it without loading the SDK.
"""

from __future__ import annotations

import math

EARTH_RADIUS_M = 6_378_137.0
"""Radius used for straight-line distances (WGS-84 equatorial radius, metres)."""

Point = tuple[float, float]
"""A ``(longitude, latitude)`` pair in degrees."""


def coordinate(text: str, what: str = "location") -> Point:
    """A ``"lng,lat"`` string as ``(lng, lat)``; ValueError naming ``what`` when it is not
    one or is out of range."""
    parts = [part.strip() for part in str(text).split(",")]
    if len(parts) != 2:
        raise ValueError(f'{what} must be a "longitude,latitude" pair, got {text!r}')
    try:
        lng, lat = float(parts[0]), float(parts[1])
    except ValueError:
        raise ValueError(f'{what} must be a "longitude,latitude" pair, got {text!r}') from None
    if not (-180.0 <= lng <= 180.0 and -90.0 <= lat <= 90.0):
        raise ValueError(f"{what} is out of range: {text!r}")
    return lng, lat


def haversine_m(a: Point, b: Point) -> float:
    """Great-circle distance in metres between two ``(lng, lat)`` points."""
    lng1, lat1 = map(math.radians, a)
    lng2, lat2 = map(math.radians, b)
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))
