"""Video lengths: how long a video file plays, read by OpenCV (its frame count over its frame
rate), as the real app asks the media retriever when it indexes a new video. A file OpenCV
cannot open (a placeholder standing for a video) has no length: 0 seconds.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

import cv2


@contextmanager
def _quiet() -> Iterator[None]:
    """OpenCV's warnings held back (a file it cannot open is no news here)."""
    logging = cv2.utils.logging
    level = logging.getLogLevel()
    logging.setLogLevel(logging.LOG_LEVEL_ERROR)
    try:
        yield
    finally:
        logging.setLogLevel(level)


def video_seconds(data: bytes) -> int:
    """The whole seconds (rounded) that the video whose bytes are ``data`` lasts; 0 when it
    is no video OpenCV can read."""
    with tempfile.TemporaryDirectory() as folder, _quiet():
        path = os.path.join(folder, "video")
        with open(path, "wb") as file:
            file.write(data)
        capture = cv2.VideoCapture(path, cv2.CAP_FFMPEG)
        try:
            opened = capture.isOpened()
            frames = capture.get(cv2.CAP_PROP_FRAME_COUNT) if opened else 0
            rate = capture.get(cv2.CAP_PROP_FPS) if opened else 0
        finally:
            capture.release()
    return round(frames / rate) if frames > 0 and rate > 0 else 0
