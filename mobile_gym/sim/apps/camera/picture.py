"""The pictures the Camera takes: a drawn scene saved as a JPEG file under DCIM/Camera.

The phone has no sensor, so a picture is drawn: the back camera sees a landscape (sky,
hills, a tree and a sun whose height follows the minute), the front camera a face against
a wall. The same lens and time always give the same bytes. The JPEG carries a comment
segment naming the lens (``PICTURE_MARK`` followed by ``front camera`` or ``back camera``),
as a real camera writes its make and model into the file, and an EXIF segment whose
``DateTimeOriginal`` (and ``DateTime``) is the phone's clock at the shutter
(``2025:10:16 09:30:00``), with ``Make`` ``Google`` and ``Model`` ``Pixel``.
"""

from __future__ import annotations

import datetime as dt
import posixpath
import struct

import cv2
import numpy as np
from PIL import Image

from mobile_gym.sim.system.storage import Storage

FOLDER = "/sdcard/DCIM/Camera"
PICTURE_MARK = "com.android.camera2 picture"
"""The start of the comment in every picture the Camera saves."""
LENSES = ("back", "front")
WIDTH, HEIGHT = 480, 640
_QUALITY = 85
_EXIF_IFD = 0x8769
_MAKE, _MODEL, _DATE_TIME, _DATE_TIME_ORIGINAL = 0x010F, 0x0110, 0x0132, 0x9003


def capture_path(storage: Storage, when: dt.datetime, prefix: str, extension: str) -> str:
    """``PREFIX_20251016_093012.EXT`` under ``FOLDER`` for a capture at ``when`` (``_1``,
    ``_2`` ... after the stamp when that second has a capture already)."""
    stem = f"{prefix}_{when:%Y%m%d_%H%M%S}"
    path = posixpath.join(FOLDER, f"{stem}.{extension}")
    count = 0
    while storage.exists(path):
        count += 1
        path = posixpath.join(FOLDER, f"{stem}_{count}.{extension}")
    return path


def picture_path(storage: Storage, when: dt.datetime) -> str:
    """``IMG_20251016_093012.jpg`` under ``FOLDER`` for a picture taken at ``when``."""
    return capture_path(storage, when, "IMG", "jpg")


def scene(lens: str, when: dt.datetime) -> np.ndarray:
    """What ``lens`` sees at ``when`` (BGR, ``WIDTH`` x ``HEIGHT``)."""
    return _face(when) if lens == "front" else _landscape(when)


def picture(lens: str, when: dt.datetime) -> bytes:
    """The JPEG bytes of a picture taken with ``lens`` (``back`` / ``front``) at ``when``."""
    ok, encoded = cv2.imencode(".jpg", scene(lens, when), [cv2.IMWRITE_JPEG_QUALITY, _QUALITY])
    if not ok:  # pragma: no cover - OpenCV encodes any uint8 image
        raise RuntimeError("the picture could not be encoded")
    comment = _segment(b"\xff\xfe", f"{PICTURE_MARK}, {lens} camera".encode("ascii"))
    jpeg = encoded.tobytes()
    return jpeg[:2] + _segment(b"\xff\xe1", _exif(when)) + comment + jpeg[2:]


def _segment(marker: bytes, body: bytes) -> bytes:
    """A JPEG segment: its marker, its length (two bytes, counting themselves) and ``body``."""
    return marker + struct.pack(">H", len(body) + 2) + body


def _exif(when: dt.datetime) -> bytes:
    """An EXIF block (its ``Exif`` header and a TIFF structure) dated ``when``."""
    exif = Image.Exif()
    stamp = f"{when:%Y:%m:%d %H:%M:%S}"
    exif[_MAKE], exif[_MODEL], exif[_DATE_TIME] = "Google", "Pixel", stamp
    exif.get_ifd(_EXIF_IFD)[_DATE_TIME_ORIGINAL] = stamp
    return exif.tobytes()


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
