"""Every icon draws inside the box it is given, at full size and reduced, and draws
something there."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.icons import ICON_NAMES, check_icon, draw_icon

WHITE = (255, 255, 255)
BOX = Rect(100, 100, 196, 196)


@pytest.mark.parametrize("name", sorted(ICON_NAMES))
@pytest.mark.parametrize("scale", [1.0, 0.25])
def test_an_icon_draws_inside_its_box(name: str, scale: float) -> None:
    canvas = Canvas(300, 300, scale, WHITE)
    draw_icon(canvas, name, BOX, (20, 20, 20))
    inked = np.any(canvas.image != WHITE, axis=2)
    assert inked.any(), f"{name} draws nothing"
    x0, y0, x1, y1 = (round(v * scale) for v in BOX)
    outside = inked.copy()
    outside[y0:y1, x0:x1] = False
    assert not outside.any(), f"{name} draws outside its box"


def test_an_unknown_icon_is_refused_with_the_known_ones() -> None:
    with pytest.raises(ValueError, match="expand_more"):
        check_icon("expand_down")
