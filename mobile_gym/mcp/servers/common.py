"""Helpers shared by the offline MCP tool servers: JSON results, argument checks, geometry.

Tools return JSON text (one text content block), as the remote servers MobileWorld used do;
a bad argument or an unknown entity raises ``ToolError``, which the SDK turns into a result
with ``isError`` set and the message as its text.
"""

from __future__ import annotations

import json
import math
from typing import Any

from mcp.server.mcpserver.exceptions import ToolError

EARTH_RADIUS_M = 6_378_137.0
"""Radius used for straight-line distances (WGS-84 equatorial radius, metres)."""

__all__ = [
    "EARTH_RADIUS_M",
    "ToolError",
    "as_json",
    "clean_text",
    "haversine_m",
    "parse_coordinate",
    "positive_int",
]


def as_json(value: Any) -> str:
    """The tool result text: compact JSON, non-ASCII characters kept readable."""
    return json.dumps(value, ensure_ascii=False)


def clean_text(value: str, what: str) -> str:
    """``value`` stripped; a ``ToolError`` when it is empty."""
    text = value.strip()
    if not text:
        raise ToolError(f"{what} must not be empty")
    return text


def positive_int(value: int, what: str, *, maximum: int | None = None) -> int:
    """``value`` checked to be at least 1 (and at most ``maximum`` when given)."""
    if value < 1:
        raise ToolError(f"{what} must be at least 1, got {value}")
    if maximum is not None and value > maximum:
        raise ToolError(f"{what} must be at most {maximum}, got {value}")
    return value


def parse_coordinate(text: str, what: str = "location") -> tuple[float, float]:
    """A ``"lng,lat"`` string as ``(lng, lat)``; a ``ToolError`` when it is not one."""
    parts = [part.strip() for part in str(text).split(",")]
    if len(parts) != 2:
        raise ToolError(f'{what} must be a "longitude,latitude" pair, got {text!r}')
    try:
        lng, lat = float(parts[0]), float(parts[1])
    except ValueError:
        raise ToolError(f'{what} must be a "longitude,latitude" pair, got {text!r}') from None
    if not (-180.0 <= lng <= 180.0 and -90.0 <= lat <= 90.0):
        raise ToolError(f"{what} is out of range: {text!r}")
    return lng, lat


def haversine_m(a: tuple[float, float], b: tuple[float, float]) -> float:
    """Great-circle distance in metres between two ``(lng, lat)`` points."""
    lng1, lat1 = map(math.radians, a)
    lng2, lat2 = map(math.radians, b)
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lng2 - lng1) / 2) ** 2
    )
    return 2 * EARTH_RADIUS_M * math.asin(math.sqrt(h))
