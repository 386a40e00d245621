"""The videos the Camera records: the drawn scene of ``picture`` as a short MP4 under
DCIM/Camera (``VID_20251016_093012.mp4``).

A video lasts as long as the recording did on the phone's clock (a second at least), at
``FPS`` frames a second of ``WIDTH`` x ``HEIGHT`` pixels (MPEG-4 part 2, written by
OpenCV), a red dot blinking in its corner, and a ``uuid`` box after the movie naming the
lens (``VIDEO_MARK`` followed by ``front camera`` or ``back camera``, as pictures carry it in
a comment segment), so a check can tell which camera made a video that is still kept. The
same lens, start and length always give the same bytes.
"""

from __future__ import annotations

import datetime as dt
import os
import struct
import tempfile
import uuid

import cv2

from mobile_gym.sim.apps.camera.picture import scene

FPS = 2
WIDTH, HEIGHT = 120, 160
MAX_SECONDS = 600
"""Longer recordings are cut to this length (ten minutes)."""
_DOT = (40, 40, 220)
VIDEO_MARK = "com.android.camera2 video"
"""What a video's lens box says before the lens."""
_LENS_BOX = uuid.uuid5(uuid.NAMESPACE_DNS, "lens.camera2.android.com").bytes
"""The ``uuid`` box's extended type, for the lens."""


def video_seconds(started_ms: int, stopped_ms: int) -> int:
    """The whole seconds a recording from ``started_ms`` to ``stopped_ms`` lasts (at least
    one, at most ``MAX_SECONDS``)."""
    return min(MAX_SECONDS, max(1, (stopped_ms - started_ms) // 1000))


def video(lens: str, when: dt.datetime, seconds: int) -> bytes:
    """The MP4 bytes of a ``seconds`` long video with ``lens`` started at ``when``."""
    still = cv2.resize(scene(lens, when), (WIDTH, HEIGHT), interpolation=cv2.INTER_AREA)
    lit = still.copy()
    cv2.circle(lit, (WIDTH - 12, 12), 5, _DOT, -1, cv2.LINE_AA)
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "video.mp4")
        writer = cv2.VideoWriter(path, cv2.VideoWriter_fourcc(*"mp4v"), FPS, (WIDTH, HEIGHT))
        if not writer.isOpened():  # pragma: no cover - OpenCV ships its MP4 writer
            raise RuntimeError("no MP4 writer")
        for frame in range(seconds * FPS):
            writer.write(lit if frame % FPS == 0 else still)
        writer.release()
        with open(path, "rb") as file:
            movie = file.read()
    return movie + _box(b"uuid", _LENS_BOX + f"{VIDEO_MARK}, {lens} camera".encode("ascii"))


def _box(kind: bytes, body: bytes) -> bytes:
    """An MP4 box: its size (four bytes, counting the header), its type and ``body``."""
    return struct.pack(">I", len(body) + 8) + kind + body
