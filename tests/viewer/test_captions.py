"""The caption along the bottom of a viewer frame or a video frame: the action's label in
the simulated phone's fonts, whatever its script, cut to the frame's width, and the same
pixels every time."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.viewer.drawing import annotate
from mobile_gym.viewer.marks import Mark

GREY = 128
"""The blank screen's colour: the caption's band darkens it, and the text is white."""


def captioned(label: str, width: int = 540) -> np.ndarray:
    """A blank phone screen ``width`` pixels wide, captioned ``label``."""
    return annotate(np.full((width * 20 // 9, width, 3), GREY, np.uint8), Mark(label))


def ink_columns(frame: np.ndarray) -> np.ndarray:
    """The columns where the caption's band has text (near-white pixels)."""
    band = frame[-frame.shape[1] // 8 :]
    return np.flatnonzero((band > 200).all(axis=2).any(axis=0))


@pytest.mark.parametrize("text", ["搜索商品", "café ✓", "Привет"])
def test_typed_text_is_drawn_as_typed_not_as_question_marks(text: str) -> None:
    drawn = captioned(f'type "{text}"')
    replaced = text.encode("ascii", "replace").decode("ascii")  # each non-ASCII one a ?
    assert not np.array_equal(drawn, captioned(f'type "{replaced}"'))
    assert ink_columns(drawn).size > 0


def test_different_chinese_texts_draw_different_captions() -> None:
    assert not np.array_equal(captioned('type "搜索商品"'), captioned('type "购买商品"'))


def test_a_caption_is_the_same_every_time() -> None:
    for width in (540, 360):
        assert np.array_equal(
            captioned('type "搜索 ok"', width), captioned('type "搜索 ok"', width)
        )


@pytest.mark.parametrize("text", ["a long line of typed text " * 4, "很长的中文输入内容" * 6])
def test_a_long_caption_is_cut_inside_the_frame(text: str) -> None:
    drawn = captioned(f'type "{text}"')
    columns = ink_columns(drawn)
    assert columns[0] >= 4 and columns[-1] < drawn.shape[1] - 4
    assert columns[-1] > drawn.shape[1] * 3 // 4  # it fills the line
