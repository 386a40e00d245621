"""Grids of equal cells (month calendars, pickers, thumbnail walls) and the coloured tile that
stands in for a decoded image or video frame.

The simulated phone never decodes media: a thumbnail is a tile whose colour is fixed by a
name (the file's path, say), so the same file always looks the same on every run.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence

from mobile_gym.sim.ui.theme import Color
from mobile_gym.sim.ui.view import MATCH, WRAP, FrameLayout, LinearLayout, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

# fmt: off
TILE_COLORS: tuple[Color, ...] = (
    (94, 129, 172), (191, 97, 106), (208, 135, 112), (235, 203, 139), (163, 190, 140),
    (180, 142, 173), (136, 192, 208), (76, 86, 106), (129, 161, 193), (143, 188, 187),
    (214, 93, 14), (104, 157, 106), (177, 98, 134), (69, 133, 136), (215, 153, 33),
)
# fmt: on
_WHITE: Color = (255, 255, 255)
_SHADE: Color = (0, 0, 0)


def grid_row(cells: Sequence[View], columns: int, *, height: int = WRAP, **kwargs) -> LinearLayout:
    """One row of ``columns`` equal-width cells; a short row is padded with empty cells.

    The cells are given width 0 and weight 1 (they share the row equally).
    """
    if columns < 1:
        raise ValueError(f"a grid needs at least one column, got {columns}")
    if len(cells) > columns:
        raise ValueError(f"{len(cells)} cells do not fit a row of {columns}")
    children = list(cells)
    children += [View(height=height) for _ in range(columns - len(children))]
    for cell in children:
        cell.width, cell.weight = 0, 1.0
    return LinearLayout(orientation="horizontal", height=height, children=children, **kwargs)


def grid(cells: Sequence[View], columns: int, *, row_height: int = WRAP) -> list[LinearLayout]:
    """``cells`` laid out in rows of ``columns``, left to right, top to bottom."""
    return [
        grid_row(cells[start : start + columns], columns, height=row_height)
        for start in range(0, len(cells), columns)
    ]


def tile_color(name: str) -> Color:
    """The colour of the tile drawn for ``name``: stable across runs and processes."""
    return TILE_COLORS[zlib.crc32(name.encode("utf-8")) % len(TILE_COLORS)]


def thumbnail(
    name: str,
    *,
    id: str | None = None,
    desc: str = "",
    icon: str | None = None,
    badge: str = "",
    corner_icon: str | None = None,
    height: int = MATCH,
    radius: int = 0,
    overlay: Sequence[View] = (),
) -> FrameLayout:
    """A tile in ``name``'s colour: an optional centred ``icon`` (a play button on videos), a
    ``badge`` text in the bottom-right corner (a duration), a ``corner_icon`` at the top
    right (a favourite star) and any ``overlay`` views (a selection check)."""
    children: list[View] = list(overlay)
    if icon is not None:
        children.append(
            ImageView(icon, size=40, circle=_SHADE, tint=_WHITE, padding=8, gravity="center")
        )
    if badge:
        children.append(
            TextView(
                badge,
                id="video_duration",
                size=11,
                color=_WHITE,
                bold=True,
                gravity="bottom end",
                margin=4,
            )
        )
    if corner_icon is not None:
        children.append(
            ImageView(corner_icon, id="favorite", size=20, tint=_WHITE, gravity="top end", margin=2)
        )
    return FrameLayout(
        id=id,
        desc=desc,
        width=MATCH,
        height=height,
        background=tile_color(name),
        radius=radius,
        children=children,
    )
