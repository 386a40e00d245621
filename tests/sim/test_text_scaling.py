"""Text in reduced screenshots keeps to the width it is laid out in, so no glyph is cut off at
the edge of its view (a small face's rounded advances add up to more than the scaled ones)."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.sim.ui.canvas import scaled_text_mask
from mobile_gym.sim.ui.fonts import face

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
        assert mask.shape[0] == face(max(1, round(size * scale)), bold).mask(text).shape[0]
        assert mask.any()


def test_full_scale_text_is_the_face_s_own_mask() -> None:
    assert scaled_text_mask("Recorder", 42, True, 1.0) is face(42, True).mask("Recorder")
