"""A switch shows its track whatever it lies on: the unchecked track is outlined, as
Material's is, so an off switch on a card of the track's own colour (Clock's alarm cards)
still reads as a switch and not as a lone dot."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import DARK, LIGHT, Theme
from mobile_gym.sim.ui.view import MATCH, FrameLayout, paint
from mobile_gym.sim.ui.widgets import Switch

D = Display()
HALF_WIDTH, HALF_HEIGHT = D.dp(26), D.dp(16)
"""Half the track's width and height."""


def _drawn(checked: bool, theme: Theme, scale: float) -> tuple[np.ndarray, Switch]:
    """A switch on a card of the unchecked track's colour, painted at ``scale``."""
    switch = Switch("Alarm", checked=checked, on_change=print)
    card = FrameLayout(width=MATCH, height=MATCH, background="surface_variant", children=[switch])
    room = Rect(0, 0, D.width, 400)
    card.measure(D, room.width, room.height)
    card.layout(D, room, room)
    canvas = Canvas(room.width, room.height, scale, None)
    paint(card, canvas, theme, D)
    return canvas.image, switch


def _distance(colour: np.ndarray, other: tuple[int, int, int]) -> int:
    return int(np.abs(colour.astype(int) - other).max())


@pytest.mark.parametrize("theme", [LIGHT, DARK])
@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_an_off_switch_on_a_card_of_its_track_colour_shows_its_track(
    theme: Theme, scale: float
) -> None:
    image, switch = _drawn(False, theme, scale)
    cx, cy = switch.control_box(D).center
    # the track's top edge, from past the knob (at the start) to where its end rounds off:
    # the outline's colour there, not the card's
    row = round((cy - HALF_HEIGHT) * scale)
    left = round((cx - HALF_WIDTH + 2 * HALF_HEIGHT) * scale)
    right = round((cx + HALF_WIDTH - HALF_HEIGHT) * scale)
    edge = image[row, left:right]
    assert len(edge) > 0
    for pixel in edge:
        assert _distance(pixel, theme.text_secondary) < _distance(pixel, theme.surface_variant)
    # the card around the switch keeps its colour
    beside = image[row, round((cx - HALF_WIDTH - D.dp(8)) * scale)]
    assert _distance(beside, theme.surface_variant) == 0


def test_an_on_switch_fills_its_track() -> None:
    image, switch = _drawn(True, LIGHT, 1.0)
    cx, cy = switch.control_box(D).center
    assert tuple(image[round(cy), round(cx - HALF_WIDTH + HALF_HEIGHT // 2)]) == LIGHT.primary
