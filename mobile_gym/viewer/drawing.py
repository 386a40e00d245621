"""Drawing an action's mark on a screenshot (the viewer's filmstrip, episode videos) and
encoding frames for a page."""

from __future__ import annotations

import base64

import cv2
import numpy as np

from mobile_gym.sim.ui import fonts
from mobile_gym.viewer.marks import Mark

_COLOUR = (255, 64, 129)
"""The marks' colour (RGB): a pink that no app of the simulated phone uses."""
_BOX = (0, 176, 255)
_CAPTION_EMS = 18
"""A caption's font size is the frame's width over this (30 px on the phone's 540 px
screenshots)."""
_MARGIN = 6
"""Pixels between a caption and the frame's left and right edges."""


def annotate(frame: np.ndarray, mark: Mark | None) -> np.ndarray:
    """A copy of ``frame`` (RGB) with ``mark`` drawn on it: the element's box, the tap point
    or swipe arrow, and the label along the bottom."""
    out = np.ascontiguousarray(frame.copy())
    if mark is None:
        return out
    h, w = out.shape[:2]
    thick = max(2, w // 180)

    def px(point: tuple[float, float]) -> tuple[int, int]:
        return round(point[0] * (w - 1)), round(point[1] * (h - 1))

    if mark.box is not None:
        left, top, right, bottom = mark.box
        cv2.rectangle(out, px((left, top)), px((right, bottom)), _BOX, thick)
    if mark.start is not None and mark.end is not None:
        cv2.arrowedLine(out, px(mark.start), px(mark.end), _COLOUR, thick + 1, tipLength=0.2)
        cv2.circle(out, px(mark.start), thick * 3, _COLOUR, thick)
    elif mark.start is not None:
        cv2.circle(out, px(mark.start), thick * 6, _COLOUR, thick + 1)
        cv2.circle(out, px(mark.start), thick, _COLOUR, -1)
    _caption(out, mark.label, thick)
    return out


def _caption(out: np.ndarray, text: str, thick: int) -> None:
    """``text`` on a dark band along the bottom of ``out``, in the simulated phone's fonts
    (Roboto, and per character the fonts it falls back to: Chinese, symbols, other scripts),
    cut with an ellipsis where it is wider than the frame."""
    if not text:
        return
    h, w = out.shape[:2]
    face = fonts.face(round(w / _CAPTION_EMS))
    mask = face.mask(face.fit(text, w - 2 * _MARGIN))
    band = face.line_height + 2 * thick
    out[h - band :] = (out[h - band :] * 0.3).astype(out.dtype)
    top = h - band + thick
    _paint(out[top : top + mask.shape[0], _MARGIN : _MARGIN + mask.shape[1]], mask)


def _paint(region: np.ndarray, mask: np.ndarray) -> None:
    """White over ``region`` (RGB, in place) where ``mask`` (0-255 coverage) has ink, in
    integers: the same pixels on every machine."""
    ink = mask[: region.shape[0], : region.shape[1], None].astype(np.uint16)
    region[:] = (region * (255 - ink) + 255 * ink + 127) // 255


def scaled(frame: np.ndarray, width: int) -> np.ndarray:
    """``frame`` scaled to ``width`` pixels wide (never up)."""
    h, w = frame.shape[:2]
    if w <= width:
        return frame
    return cv2.resize(frame, (width, round(h * width / w)), interpolation=cv2.INTER_AREA)


def jpeg_data_url(frame: np.ndarray, quality: int = 70) -> str:
    """An RGB frame as a ``data:image/jpeg`` URL."""
    ok, encoded = cv2.imencode(
        ".jpg", np.ascontiguousarray(frame[:, :, ::-1]), [cv2.IMWRITE_JPEG_QUALITY, quality]
    )
    if not ok:
        raise ValueError(f"cannot encode a frame of shape {frame.shape} as JPEG")
    return "data:image/jpeg;base64," + base64.b64encode(encoded.tobytes()).decode("ascii")
