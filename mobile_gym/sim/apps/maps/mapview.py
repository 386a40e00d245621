"""The map: streets and pins drawn from the maps world, in Web Mercator.

``MapView`` paints the land, the streets crossing the viewport (their projected polylines
are kept per viewport in ``_LAYERS``, so painting the same view again projects nothing), a
route and the blue "Your location" dot; its children are the pins (``MapPin``, one
clickable node per place, ``content-desc`` its name; the map writes the names beside
them where there is room), laid out where their places project.
Positions are in dp of the world map at a zoom level: 256 dp wide at zoom 0.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from mobile_gym.caches import LRUCache
from mobile_gym.geometry import Rect
from mobile_gym.mcp.servers import streets
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.fonts import face
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import MATCH, View

Point = tuple[float, float]
TILE_DP = 256
MIN_ZOOM, MAX_ZOOM = 3, 19
PIN_DP = 32
LABEL_DP = 12
LABEL_COLOR = (60, 64, 67)
LAND = (245, 243, 238)
STREET_STYLE = {  # kind -> (casing colour, fill colour, width dp)
    "highway": ((226, 170, 60), (253, 214, 120), 6),
    "road": ((214, 211, 204), (255, 255, 255), 5),
    "path": ((214, 211, 204), (250, 250, 250), 3),
}
ROUTE_COLOR = (26, 115, 232)
PIN_COLOR = (234, 67, 53)
DOT_COLOR = (66, 133, 244)


def project(point: Point, zoom: float) -> tuple[float, float]:
    """``(lng, lat)`` to dp on the world map at ``zoom``."""
    size = TILE_DP * 2**zoom
    lat = max(min(point[1], 85.0), -85.0)
    rad = math.radians(lat)
    x = (point[0] + 180.0) / 360.0 * size
    y = (1.0 - math.log(math.tan(rad) + 1.0 / math.cos(rad)) / math.pi) / 2.0 * size
    return x, y


def unproject(x: float, y: float, zoom: float) -> Point:
    """dp on the world map at ``zoom`` to ``(lng, lat)``."""
    size = TILE_DP * 2**zoom
    lng = x / size * 360.0 - 180.0
    lat = math.degrees(math.atan(math.sinh(math.pi * (1.0 - 2.0 * y / size))))
    return lng, lat


def shifted(center: Point, zoom: int, dx_dp: float, dy_dp: float) -> Point:
    """The point ``dx_dp``, ``dy_dp`` away from ``center`` on the map at ``zoom``."""
    x, y = project(center, zoom)
    return unproject(x + dx_dp, y + dy_dp, zoom)


def bounds(center: Point, zoom: int, width_dp: float, height_dp: float) -> tuple[float, ...]:
    """``(west, south, east, north)`` of a ``width_dp`` x ``height_dp`` view of ``center``."""
    west, north = shifted(center, zoom, -width_dp / 2, -height_dp / 2)
    east, south = shifted(center, zoom, width_dp / 2, height_dp / 2)
    return west, south, east, north


LayerKey = tuple[Point, int, Rect, float]
"""A viewport: its centre, zoom, box on screen (pixels) and the display's density."""
Layer = list[tuple[str, list[tuple[float, float]]]]


def _layer(key: LayerKey) -> Layer:
    """The streets crossing a viewport, projected to screen pixels."""
    center, zoom, box, density = key
    west, south, east, north = bounds(center, zoom, box.width / density, box.height / density)
    cx, cy = project(center, zoom)
    mid_x, mid_y = (box.left + box.right) / 2, (box.top + box.bottom) / 2
    layer: Layer = []
    for street in streets.graph().streets:
        s_west, s_south, s_east, s_north = street.bbox
        if s_east < west or s_west > east or s_north < south or s_south > north:
            continue
        points = []
        for point in street.points:
            x, y = project(point, zoom)
            points.append((mid_x + (x - cx) * density, mid_y + (y - cy) * density))
        layer.append((street.kind, points))
    order = {"path": 0, "road": 1, "highway": 2}
    layer.sort(key=lambda item: order.get(item[0], 1))
    return layer


_LAYERS: LRUCache[LayerKey, Layer] = LRUCache(64)


class MapPin(View):
    """A place's pin: a clickable node named by the place; ``point`` is where its tip
    stands. The map draws the name beside it (``MapView``), where there is room."""

    __slots__ = ("chosen", "point")
    cls = "android.view.View"
    paint_properties = View.paint_properties | {"chosen"}

    def __init__(self, point: Point, *, chosen: bool = False, **kwargs) -> None:
        kwargs.setdefault("width", PIN_DP)
        kwargs.setdefault("height", PIN_DP)
        super().__init__(**kwargs)
        self.point = point
        self.chosen = chosen

    def head_y(self) -> float:
        """Where the round head's centre is, on screen."""
        return self.bounds.bottom - self.bounds.height * 0.62

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        box = self.bounds
        cx, r = (box.left + box.right) / 2, box.width * (0.32 if self.chosen else 0.26)
        head_y = self.head_y()
        color = (165, 39, 20) if self.chosen else PIN_COLOR
        canvas.polygon(
            [(cx - r * 0.8, head_y + r * 0.5), (cx + r * 0.8, head_y + r * 0.5), (cx, box.bottom)],
            color,
        )
        canvas.circle(cx, head_y, r, color)
        canvas.circle(cx, head_y, r * 0.38, (120, 20, 10))


class MapView(View):
    """The map surface: land, streets, a route and the location dot; pins as children."""

    __slots__ = ("center", "marker", "route", "zoom")
    cls = "android.view.View"

    def __init__(
        self,
        *,
        center: Point,
        zoom: int,
        marker: Point | None = None,
        route: Sequence[Point] = (),
        pins: Sequence[MapPin] = (),
        **kwargs,
    ) -> None:
        kwargs.setdefault("width", MATCH)
        kwargs.setdefault("height", MATCH)
        super().__init__(children=pins, **kwargs)
        self.center = (round(center[0], 6), round(center[1], 6))
        self.zoom = zoom
        self.marker = marker
        self.route = tuple(route)

    def content_size(self, d: Display, max_w: int, max_h: int) -> tuple[int, int]:
        return max_w, max_h

    def content_keeps_height(self) -> bool:
        return False  # the map takes the whole room

    def to_screen(self, point: Point, d: Display) -> tuple[float, float]:
        """Where ``point`` lies on screen (pixels), as laid out now."""
        box = self.bounds
        cx, cy = project(self.center, self.zoom)
        x, y = project(point, self.zoom)
        return (
            (box.left + box.right) / 2 + (x - cx) * d.density,
            (box.top + box.bottom) / 2 + (y - cy) * d.density,
        )

    def lay_out_children(self, d: Display, inner: Rect, clip: Rect) -> None:
        for pin in self.children:
            w, h = pin.measure(d, inner.width, inner.height)
            if not isinstance(pin, MapPin):
                pin.layout(d, Rect(inner.left, inner.top, inner.left + w, inner.top + h), clip)
                continue
            x, y = self.to_screen(pin.point, d)
            left, top = round(x - w / 2), round(y - h)
            pin.layout(d, Rect(left, top, left + w, top + h), clip)

    def draw(self, canvas: Canvas, theme: Theme, d: Display) -> None:
        box = self.bounds
        canvas.rect(box, LAND)
        layer = _LAYERS.get((self.center, self.zoom, box, d.density), _layer)
        for casing in (True, False):
            for kind, points in layer:
                edge, fill, width = STREET_STYLE.get(kind, STREET_STYLE["road"])
                grow = 2 if casing else 0
                canvas.line(points, edge if casing else fill, d.dp(width + grow))
        if len(self.route) > 1:
            canvas.line([self.to_screen(p, d) for p in self.route], ROUTE_COLOR, d.dp(5))
        if self.marker is not None:
            x, y = self.to_screen(self.marker, d)
            canvas.circle(x, y, d.dp(10), (255, 255, 255))
            canvas.circle(x, y, d.dp(7), DOT_COLOR)
        self._draw_labels(canvas, d)

    def _draw_labels(self, canvas: Canvas, d: Display) -> None:
        """Each pin's name to its right, else to its left, else under it, else not at all:
        never over another pin or name (pins earlier among the children are named first)."""
        pins = [pin for pin in self.children if isinstance(pin, MapPin)]
        taken = [pin.bounds for pin in pins]
        size = d.dp(LABEL_DP)
        font = face(size, True)
        for pin in pins:
            width, height = round(font.measure(pin.desc)) + 1, font.line_height
            top = round(pin.head_y() - height / 2)
            middle = (pin.bounds.left + pin.bounds.right - width) // 2
            for left, y in (
                (pin.bounds.right, top),
                (pin.bounds.left - width, top),
                (middle, pin.bounds.bottom),
            ):
                box = Rect(left, y, left + width, y + height)
                if all(box.intersect(other).empty for other in taken):
                    taken.append(box)
                    canvas.text(left, y, pin.desc, size, LABEL_COLOR, bold=True)
                    break
