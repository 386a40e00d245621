"""Directions between two places by car, transit, on foot or by bicycle.

The fields ``directions_origin`` (default "Your location") and ``directions_destination``
name the ends (ENTER or a mode tab routes again); ``swap_directions`` swaps them. The mode
tabs (``mode_tabs``, named "Driving", "Transit", "Walking", "Cycling") pick the mode.
The route shows as ``route_duration``, ``route_distance``, ``route_via`` and its steps
(``route_step``), drawn on the map above; ``share_route`` shares it; ``route_error`` says
which end is unknown.
"""

from __future__ import annotations

from typing import Any

from mobile_gym.mcp.servers import streets
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.maps import data, names, share, world
from mobile_gym.sim.apps.maps.mapview import MAX_ZOOM, MIN_ZOOM, MapPin, MapView, project
from mobile_gym.sim.apps.maps.world import Place, Point
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

MAP_DP = 220
STEP_DP = 56
FIT_DP = (300.0, 170.0)


def _end(ctx: AppContext, text: str) -> Place | None:
    if text.strip().lower() in ("", names.YOUR_LOCATION.lower()):
        return data.my_place(ctx)
    return world.resolve(text, data.my_place(ctx).point)


def _fit(points: list[Point]) -> tuple[Point, int]:
    """A centre and the closest zoom that shows every point.

    The points are projected once: one zoom level down halves every distance on the map
    (exactly, in floating point, as the scale is a power of two)."""
    lngs, lats = [p[0] for p in points], [p[1] for p in points]
    center = ((min(lngs) + max(lngs)) / 2, (min(lats) + max(lats)) / 2)
    xs, ys = zip(*(project(p, MAX_ZOOM) for p in points), strict=True)
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    for level in range(MAX_ZOOM, MIN_ZOOM - 1, -1):
        scale = 2.0 ** (level - MAX_ZOOM)
        if width * scale <= FIT_DP[0] and height * scale <= FIT_DP[1]:
            return center, level
    return center, MIN_ZOOM


def open_directions(ctx: AppContext, destination: str) -> None:
    """Open directions to ``destination`` from "Your location", its name selected (typing
    replaces it)."""
    ctx.open(names.DIRECTIONS, destination=destination)
    _app, opened = ctx.phone.activities.context(names.PACKAGE)
    select_all(opened, "destination")


def mode(ctx: AppContext) -> str:
    return ctx.get("mode", ctx.args.get("mode", "driving"))


def _fields(ctx: AppContext) -> tuple[str, str]:
    origin = ctx.field("origin", ctx.args.get("origin", ""))
    destination = ctx.field("destination", ctx.args.get("destination", ""))
    return origin, destination


def _log_route(ctx: AppContext) -> None:
    origin, destination = _fields(ctx)
    a, b = _end(ctx, origin), _end(ctx, destination)
    if a is None or b is None:
        return
    found = world.route(mode(ctx), a.point, b.point)
    ctx.log(
        f"Directions: {a.name} -> {b.name} mode={mode(ctx)} "
        f"distance={found['distance']} duration={found['duration']}"
    )


def _choose_mode(ctx: AppContext, index: int) -> None:
    ctx.set("mode", names.MODES[index][0])
    _log_route(ctx)


def _swap(ctx: AppContext) -> None:
    origin, destination = _fields(ctx)
    ctx.set_field("origin", destination)
    ctx.set_field("destination", origin)
    _log_route(ctx)


def route_text(a: Place, b: Place, chosen: str, found: dict[str, Any]) -> str:
    label = next(label for key, label, _ in names.MODES if key == chosen).lower()
    return (
        f"{a.name} to {b.name}: {streets.format_duration(int(found['duration']))} "
        f"({streets.format_distance(int(found['distance']))}) {label} "
        f"{world.share_link(f'{a.name}|{b.name}|{chosen}')}"
    )


def directions_screen(ctx: AppContext) -> View:
    origin_text, destination_text = _fields(ctx)
    chosen = mode(ctx)
    origin_field = ctx.edit(
        "origin",
        default=origin_text,
        hint=names.YOUR_LOCATION,
        id="directions_origin",
        width=0,
        weight=1,
    )
    destination_field = ctx.edit(
        "destination",
        default=destination_text,
        hint="Choose destination",
        id="directions_destination",
        width=0,
        weight=1,
    )
    origin_field.on_submit = destination_field.on_submit = lambda: _submit(ctx)
    index = next(i for i, (key, _, _) in enumerate(names.MODES) if key == chosen)
    tabs = tab_bar(
        [(label, icon) for _, label, icon in names.MODES],
        index,
        lambda i: _choose_mode(ctx, i),
        id="mode_tabs",
    )
    a, b = _end(ctx, origin_text), _end(ctx, destination_text)
    content: list[View] = []
    me = data.my_place(ctx)
    if a is None or b is None:
        missing = origin_text if a is None else destination_text
        message = f"Can't find {missing}" if missing.strip() else "Choose destination"
        content.append(
            TextView(
                message,
                id="route_error",
                size=16,
                color="text_secondary",
                width=MATCH,
                padding=(16, 24),
            )
        )
        surface = MapView(
            center=me.point,
            zoom=14,
            marker=me.point,
            id="route_map",
            desc="Google Map",
            height=MAP_DP,
        )
    else:
        found = world.route(chosen, a.point, b.point)
        line = streets.route_points(chosen, a.point, b.point) if chosen != "transit" else []
        line = line or [a.point, b.point]
        center, level = _fit(line)
        surface = MapView(
            center=center,
            zoom=level,
            marker=me.point,
            route=line,
            id="route_map",
            desc="Google Map",
            height=MAP_DP,
            pins=[MapPin(b.point, desc=b.name, id="map_pin", chosen=True)],
        )
        roads = [s.get("road", "") for s in found["steps"] if s.get("road")]
        content.append(
            Row(
                Column(
                    TextView(
                        streets.format_duration(int(found["duration"])),
                        id="route_duration",
                        size=22,
                        bold=True,
                        color="primary",
                    ),
                    TextView(
                        streets.format_distance(int(found["distance"])),
                        id="route_distance",
                        size=15,
                        color="text_secondary",
                    ),
                    width=0,
                    weight=1,
                    height=WRAP,
                ),
                ImageButton(
                    "send",
                    desc="Share route",
                    id="share_route",
                    on_click=lambda: share.open_sheet(
                        ctx, f"{a.name} to {b.name}", route_text(a, b, chosen, found)
                    ),
                ),
                padding=(16, 8),
                height=WRAP,
            )
        )
        if roads:
            via = max(found["steps"], key=lambda s: int(s.get("distance", 0) or 0))["road"]
            content.append(
                TextView(
                    f"via {via}",
                    id="route_via",
                    size=14,
                    color="text_secondary",
                    width=MATCH,
                    padding=(16, 0, 16, 8),
                )
            )
        steps = found["steps"]

        def render(position: int, step: dict[str, Any]) -> View:
            return TextView(
                step["instruction"],
                id="route_step",
                size=15,
                max_lines=2,
                width=MATCH,
                height=STEP_DP,
                padding=(16, 8),
            )

        content.append(
            ctx.scroller(
                "steps", id="route_steps", items=steps, item_height=STEP_DP, render_item=render
            )
        )
    share.share_sheet(ctx)
    return Column(
        ctx.up_bar("Directions"),
        Row(
            Column(origin_field, destination_field, width=0, weight=1, height=WRAP),
            ImageButton(
                "swap",
                desc="Swap start and destination",
                id="swap_directions",
                on_click=lambda: _swap(ctx),
            ),
            padding=(12, 0),
            height=WRAP,
        ),
        tabs,
        surface,
        *content,
        height=MATCH,
    )


def _submit(ctx: AppContext) -> None:
    ctx.pop("focus")
    ctx.phone.hide_keyboard()
    _log_route(ctx)
