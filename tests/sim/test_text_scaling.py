"""Text in reduced screenshots keeps to the room it is laid out in, so no glyph is cut off at
the edge of its view: a small face's rounded advances add up to more than the scaled ones,
and its line box can be taller than the full-size one's scaled (the descenders of a view as
tall as its line were cut: a ``g`` read as a ``q``)."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim.display import Display
from mobile_gym.sim.ui.canvas import Canvas, scaled_text_mask
from mobile_gym.sim.ui.fonts import face
from mobile_gym.sim.ui.theme import LIGHT
from mobile_gym.sim.ui.view import paint
from mobile_gym.sim.ui.widgets import TextView

TEXTS = ["Recorder", "Player", "Groups", "SMS Messenger", "Wi-Fi", "12:30", "mmmmWWWW"]


def ink_right(mask: np.ndarray) -> int:
    """One past the rightmost column with any ink."""
    return int(np.flatnonzero(mask.any(axis=0))[-1]) + 1


@pytest.mark.parametrize("scale", [0.25, 0.5, 0.75])
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [28, 36, 42, 48, 64])
def test_scaled_text_fits_its_laid_out_width(size: int, bold: bool, scale: float) -> None:
    full = face(size, bold)
    for text in TEXTS:
        mask = scaled_text_mask(text, size, bold, scale)
        # the ink ends where the full-size text's ink ends, scaled (resampling blurs a pixel or two)
        assert ink_right(mask) <= ink_right(full.mask(text)) * scale + 2, text
        # as tall as the small face's line, or the full-size line scaled if that is less
        small = face(max(1, round(size * scale)), bold).line_height
        assert mask.shape[0] == min(small, round(full.line_height * scale))
        assert mask.any()


def test_full_scale_text_is_the_face_s_own_mask() -> None:
    assert scaled_text_mask("Recorder", 42, True, 1.0) is face(42, True).mask("Recorder")


def _ink_rows(view_padding: int, text: str, size: int, scale: float) -> int:
    """The rows of ink of ``text`` painted at ``scale`` in a view as tall as its line (no
    padding) or with ``view_padding`` dp around it."""
    display = Display()
    label = TextView(text, size=size, padding=view_padding)
    room = Rect(0, 0, display.width, 600)
    label.measure(display, room.width, room.height)
    label.layout(display, Rect(0, 100, display.width, 100 + label.measured[3]), room)
    canvas = Canvas(display.width, 600, scale, (255, 255, 255))
    paint(label, canvas, LIGHT, display)
    return int(np.any(canvas.image != 255, axis=(1, 2)).sum())


@pytest.mark.parametrize("scale", [0.25, 0.3, 0.5])
@pytest.mark.parametrize("size", [12, 14, 16, 20])
def test_a_reduced_text_keeps_its_descenders_in_a_view_as_tall_as_it(
    size: int, scale: float
) -> None:
    for text in ("gjpqy", "Carry-On Bag", "recording"):
        assert _ink_rows(0, text, size, scale) == _ink_rows(8, text, size, scale), text


@pytest.mark.parametrize("scale", [0.3, 0.5])
@pytest.mark.parametrize("size", [12, 14, 16, 20])
def test_a_reduced_text_keeps_its_accents_and_ideographs_whole(size: int, scale: float) -> None:
    # (at a quarter, a view's bounds can round to a row less than its line scaled, and the
    # top row of an accent or an ideograph is then cut)
    for text in ("Ångström", "Éclair", "明天上午九点"):
        assert _ink_rows(0, text, size, scale) == _ink_rows(8, text, size, scale), text
