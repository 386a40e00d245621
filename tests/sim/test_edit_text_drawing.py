"""How a text field draws: underlined unless it has a background of its own (which takes the
place of Android's default underline, as a search box's rounded fill does), and, with more
text than fits, its start while it is not focused and its end (where the cursor is) while
it is."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.theme import LIGHT
from mobile_gym.sim.ui.view import MATCH, FrameLayout, paint
from mobile_gym.sim.ui.widgets import EditText

D = Display()


def _drawn(field: EditText) -> np.ndarray:
    """``field`` alone on the page, painted at full size: the rows of its bounds."""
    page = FrameLayout(width=MATCH, height=MATCH, background="background", children=[field])
    room = Rect(0, 0, D.width, D.dp(80))
    page.measure(D, room.width, room.height)
    page.layout(D, room, room)
    canvas = Canvas(room.width, room.height, 1.0, None)
    paint(page, canvas, LIGHT, D)
    box = field.bounds
    return canvas.image[box.top : box.bottom, box.left : box.right]


def _field(text: str, focused: bool = False, **kwargs) -> EditText:
    return EditText(
        text, hint="Search", on_change=print, on_focus=print, focused=focused, width=MATCH, **kwargs
    )


@pytest.mark.parametrize("focused", [False, True])
def test_a_plain_field_is_underlined(focused: bool) -> None:
    bottom = _drawn(_field("kettle", focused))[-1]
    line = LIGHT.primary if focused else LIGHT.divider
    assert (bottom == line).all()


@pytest.mark.parametrize("focused", [False, True])
def test_a_field_with_a_background_of_its_own_has_no_underline(focused: bool) -> None:
    image = _drawn(_field("kettle", focused, background="surface_variant"))
    bottom = image[-1]
    assert (bottom == LIGHT.surface_variant).all()
    assert not (image == LIGHT.divider).all(axis=-1).any()


LONG = "x" * 200


def test_a_long_text_shows_its_start_without_the_focus_and_its_end_with_it() -> None:
    """Two texts that differ only at their start look different until the field has the
    focus: then both show their common end."""
    one, other = "https://" + LONG, "mailto:a" + LONG
    assert not np.array_equal(_drawn(_field(one)), _drawn(_field(other)))
    assert np.array_equal(_drawn(_field(one, True)), _drawn(_field(other, True)))
