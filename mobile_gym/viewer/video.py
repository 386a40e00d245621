"""An episode as an animated GIF or an MP4 (``mobile-gym video``): the filmstrip's frames,
the annotated screenshots, one after another."""

from __future__ import annotations

import pathlib
from collections.abc import Sequence

import numpy as np

from mobile_gym.checks import check_number
from mobile_gym.eval.store import write_atomic
from mobile_gym.viewer.drawing import scaled

VIDEO_SUFFIXES = (".gif", ".mp4")
VIDEO_WIDTH = 360
"""Frames are scaled to this width (an even number, as H.264 wants)."""
FPS_RANGE = (0.01, 50.0)
"""Frames a second a video may show: from one a hundred seconds to a GIF's fastest (its
delays are hundredths of a second, two at least in most viewers)."""


class VideoError(ValueError):
    """A video that cannot be written (an unknown format, a missing extra)."""


def write_video(frames: Sequence[np.ndarray], out: pathlib.Path, fps: float = 2.0) -> int:
    """Write ``frames`` (RGB) to ``out`` (``.gif`` or ``.mp4``) at ``fps`` frames a second;
    the number of frames written. Needs imageio (and PyAV for MP4): the ``ui`` extra."""
    suffix = out.suffix.lower()
    if suffix not in VIDEO_SUFFIXES:
        raise VideoError(f"{out}: write a .gif or an .mp4, not {suffix or 'no suffix'}")
    if not frames:
        raise VideoError(f"{out}: the episode has no screens to show")
    check_fps(fps)
    try:
        import imageio.v3 as iio
    except ImportError:
        raise VideoError("episode videos need imageio: pip install 'mobile-gym[ui]'") from None
    images = np.stack([_even(scaled(frame, VIDEO_WIDTH)) for frame in frames])
    if suffix == ".gif":
        data = iio.imwrite("<bytes>", images, extension=".gif", duration=1000 / fps, loop=0)
    else:
        try:
            import av  # noqa: F401  (imageio's pyav plugin needs it)
        except ImportError:
            raise VideoError("MP4 videos need PyAV: pip install 'mobile-gym[ui]'") from None
        data = iio.imwrite(
            "<bytes>",
            images,
            extension=".mp4",
            plugin="pyav",
            codec="libx264",
            fps=fps,
            out_pixel_format="yuv420p",
        )
    write_atomic(out, data)  # encoded first: a failed write leaves no half-written video
    return len(images)


def check_fps(fps: object) -> float:
    """``fps`` if it is a number in ``FPS_RANGE``; otherwise VideoError."""
    try:
        return check_number("--fps", fps, *FPS_RANGE)
    except ValueError as exc:
        raise VideoError(str(exc)) from None


def _even(frame: np.ndarray) -> np.ndarray:
    """``frame`` cropped to an even width and height (H.264's 4:2:0 needs them)."""
    h, w = frame.shape[:2]
    return np.ascontiguousarray(frame[: h - h % 2, : w - w % 2])
