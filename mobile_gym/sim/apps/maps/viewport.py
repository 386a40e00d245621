"""The main map's viewport (centre and zoom, in the screen's state) and how input moves
it: the zoom buttons, a double tap (zoom in where tapped), swipes (pan by a third of the
screen) and "Your location"."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.maps import data
from mobile_gym.sim.apps.maps.mapview import MAX_ZOOM, MIN_ZOOM, Point, shifted
from mobile_gym.sim.apps.maps.world import Place

DEFAULT_ZOOM = 15
CITY_ZOOM = 11
DOUBLE_TAP_MS = 300
DOUBLE_TAP_SLOP_PX = 60
PAN_SHARE = 1 / 3
MAP_TOP_DP = 0


def center(ctx: AppContext) -> Point:
    stored = ctx.get("center")
    return tuple(stored) if stored else data.my_place(ctx).point  # type: ignore[return-value]


def zoom(ctx: AppContext) -> int:
    return ctx.get("zoom", DEFAULT_ZOOM)


def size_dp(ctx: AppContext) -> tuple[float, float]:
    """The map's size in dp (the whole screen under the status bar)."""
    display = ctx.phone.display
    return display.width / display.density, display.height / display.density


def show(ctx: AppContext, place: Place) -> None:
    """Centre the map on ``place`` at a zoom that suits it."""
    ctx.set("center", list(place.point))
    ctx.set("zoom", CITY_ZOOM if place.category == "City" else DEFAULT_ZOOM)


def zoom_by(ctx: AppContext, step: int) -> None:
    level = min(max(zoom(ctx) + step, MIN_ZOOM), MAX_ZOOM)
    if level == zoom(ctx):
        return
    ctx.set("zoom", level)
    ctx.log(f"Zoom: {level}")


def pan(ctx: AppContext, direction: str) -> None:
    """Move the map as a finger swiping ``direction`` drags it."""
    width, height = size_dp(ctx)
    dx, dy = {
        "left": (width * PAN_SHARE, 0.0),
        "right": (-width * PAN_SHARE, 0.0),
        "up": (0.0, height * PAN_SHARE),
        "down": (0.0, -height * PAN_SHARE),
    }[direction]
    moved = shifted(center(ctx), zoom(ctx), dx, dy)
    ctx.set("center", [round(moved[0], 6), round(moved[1], 6)])


def tap(ctx: AppContext, map_center_px: tuple[float, float]) -> None:
    """A tap on the map itself: the second of two quick taps zooms in on the point tapped."""
    x, y = ctx.phone.last_touch
    now = data.now_ms(ctx)
    last = ctx.get("last_tap")
    ctx.set("last_tap", [now, x, y])
    if last is None or now - last[0] > DOUBLE_TAP_MS:
        return
    if abs(x - last[1]) > DOUBLE_TAP_SLOP_PX or abs(y - last[2]) > DOUBLE_TAP_SLOP_PX:
        return
    ctx.pop("last_tap")
    level = zoom(ctx)
    if level >= MAX_ZOOM:
        return
    density = ctx.phone.display.density
    dx, dy = (x - map_center_px[0]) / density, (y - map_center_px[1]) / density
    # the point under the finger stays there: the centre moves half way towards it
    moved = shifted(center(ctx), level, dx / 2, dy / 2)
    ctx.set("center", [round(moved[0], 6), round(moved[1], 6)])
    ctx.set("zoom", level + 1)
    ctx.log(f"Zoom: {level + 1}")


def recenter(ctx: AppContext) -> None:
    ctx.set("center", list(data.my_place(ctx).point))
    ctx.set("zoom", DEFAULT_ZOOM)
