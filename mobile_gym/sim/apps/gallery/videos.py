"""Video lengths: how long a video file plays, read by OpenCV (its frame count over its frame
rate), as the real app asks the media retriever when it indexes a new video. A file OpenCV
cannot open (a placeholder standing for a video) has no length: 0 seconds. Only a file that
starts as a video container does (``is_container``) is handed to OpenCV at all: the seeded
placeholders are not, which keeps a reset that indexes them cheap.
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


def is_container(data: bytes) -> bool:
    """Whether ``data`` starts as a video container does: MP4 / 3GP / MOV (an ISO media
    file's ``ftyp`` box), Matroska / WebM (EBML) or AVI (RIFF)."""
    return (
        data[4:8] == b"ftyp"
        or data.startswith(b"\x1a\x45\xdf\xa3")
        or (data.startswith(b"RIFF") and data[8:12] == b"AVI ")
    )


def video_seconds(data: bytes) -> int:
    """The whole seconds (rounded) that the video whose bytes are ``data`` lasts; 0 when it
    is no video OpenCV can read."""
    if not is_container(data):
        return 0
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
