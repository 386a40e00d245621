"""Colour themes of the simulated phone: a Material light theme and the dark theme."""

from __future__ import annotations

from dataclasses import dataclass

Color = tuple[int, int, int]


@dataclass(frozen=True)
class Theme:
    """Colours every widget draws with; switching theme recolours every app."""

    name: str
    background: Color
    surface: Color
    surface_variant: Color
    primary: Color
    on_primary: Color
    text: Color
    text_secondary: Color
    hint: Color
    divider: Color
    accent: Color
    danger: Color
    bar: Color
    on_bar: Color
    keyboard: Color
    key: Color
    toast: Color
    on_toast: Color


LIGHT = Theme(
    name="light",
    background=(255, 255, 255),
    surface=(243, 244, 248),
    surface_variant=(225, 227, 234),
    primary=(26, 115, 232),
    on_primary=(255, 255, 255),
    text=(32, 33, 36),
    text_secondary=(95, 99, 104),
    hint=(154, 160, 166),
    divider=(218, 220, 224),
    accent=(0, 137, 123),
    danger=(217, 48, 37),
    bar=(241, 243, 244),
    on_bar=(32, 33, 36),
    keyboard=(232, 234, 237),
    key=(255, 255, 255),
    toast=(60, 64, 67),
    on_toast=(255, 255, 255),
)

DARK = Theme(
    name="dark",
    background=(32, 33, 36),
    surface=(48, 49, 52),
    surface_variant=(60, 64, 67),
    primary=(138, 180, 248),
    on_primary=(32, 33, 36),
    text=(232, 234, 237),
    text_secondary=(189, 193, 198),
    hint=(128, 134, 139),
    divider=(72, 75, 80),
    accent=(120, 217, 236),
    danger=(242, 139, 130),
    bar=(24, 24, 26),
    on_bar=(232, 234, 237),
    keyboard=(41, 42, 45),
    key=(70, 72, 76),
    toast=(232, 234, 237),
    on_toast=(32, 33, 36),
)
