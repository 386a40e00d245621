"""The pictures the Camera takes: a drawn scene saved as a JPEG file under DCIM/Camera.

The phone has no sensor, so a picture is drawn: the back camera sees a landscape (sky,
hills, a tree and a sun whose height follows the minute), the front camera a face against
a wall. The same lens and time always give the same bytes. The JPEG carries a comment
segment naming the lens (``PICTURE_MARK`` followed by ``front camera`` or ``back camera``),
as a real camera writes its make and model into the file.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import struct

import cv2
import numpy as np

from mobile_gym.sim.system.storage import Storage

FOLDER = "/sdcard/DCIM/Camera"
PICTURE_MARK = "com.android.camera2 picture"
"""The start of the comment in every picture the Camera saves."""
LENSES = ("back", "front")
WIDTH, HEIGHT = 480, 640
_QUALITY = 85


def picture_path(storage: Storage, when: dt.datetime) -> str:
    """``IMG_20251016_093012.jpg`` under ``FOLDER`` for a picture taken at ``when``
    (``_1``, ``_2`` ... after the stamp when that second has a picture already)."""
    stem = f"IMG_{when:%Y%m%d_%H%M%S}"
    path = posixpath.join(FOLDER, stem + ".jpg")
    count = 0
    while storage.exists(path):
        count += 1
        path = posixpath.join(FOLDER, f"{stem}_{count}.jpg")
    return path


def picture(lens: str, when: dt.datetime) -> bytes:
    """The JPEG bytes of a picture taken with ``lens`` (``back`` / ``front``) at ``when``."""
    image = _face(when) if lens == "front" else _landscape(when)
    ok, encoded = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, _QUALITY])
    if not ok:  # pragma: no cover - OpenCV encodes any uint8 image
        raise RuntimeError("the picture could not be encoded")
    return _with_comment(encoded.tobytes(), f"{PICTURE_MARK}, {lens} camera")


def _with_comment(jpeg: bytes, text: str) -> bytes:
    """``jpeg`` with a COM segment holding ``text`` right after its start marker."""
    body = text.encode("ascii")
    segment = b"\xff\xfe" + struct.pack(">H", len(body) + 2) + body
    return jpeg[:2] + segment + jpeg[2:]


def _landscape(when: dt.datetime) -> np.ndarray:
    """Sky, sun, two hills and a tree (BGR, as OpenCV writes it)."""
    image = np.empty((HEIGHT, WIDTH, 3), np.uint8)
    for y in range(HEIGHT // 2):
        shade = y / (HEIGHT // 2)
        image[y] = (235 - 40 * shade, 190 - 30 * shade, 120 - 20 * shade)
    image[HEIGHT // 2 :] = (70, 150, 90)
    sun_y = 60 + (when.minute % 30) * 6
    cv2.circle(image, (WIDTH * 3 // 4, sun_y), 36, (80, 215, 255), -1, cv2.LINE_AA)
    cv2.ellipse(
        image, (WIDTH // 4, HEIGHT // 2), (220, 90), 0, 180, 360, (60, 120, 70), -1, cv2.LINE_AA
    )
    cv2.ellipse(
        image, (WIDTH, HEIGHT // 2), (260, 120), 0, 180, 360, (50, 105, 60), -1, cv2.LINE_AA
    )
    cv2.rectangle(image, (150, 330), (170, 420), (40, 70, 100), -1)
    cv2.circle(image, (160, 310), 50, (40, 110, 50), -1, cv2.LINE_AA)
    return image


def _face(when: dt.datetime) -> np.ndarray:
    """A smiling face and shoulders in front of a wall (BGR)."""
    image = np.full((HEIGHT, WIDTH, 3), (200, 215, 225), np.uint8)
    cx = WIDTH // 2
    cv2.ellipse(image, (cx, HEIGHT), (200, 150), 0, 180, 360, (150, 90, 50), -1, cv2.LINE_AA)
    cv2.ellipse(image, (cx, 300), (120, 150), 0, 0, 360, (150, 185, 230), -1, cv2.LINE_AA)
    cv2.ellipse(image, (cx, 200), (125, 70), 0, 180, 360, (40, 50, 70), -1, cv2.LINE_AA)
    for dx in (-45, 45):
        cv2.circle(image, (cx + dx, 280), 12, (50, 40, 30), -1, cv2.LINE_AA)
    smile = 20 + when.second % 10
    cv2.ellipse(image, (cx, 340), (50, smile), 0, 20, 160, (60, 60, 170), 6, cv2.LINE_AA)
    return image
