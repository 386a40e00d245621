"""The phone's screen in the byte formats ADB clients read: PNG, raw screencap, framebuffer.

- ``screencap -p``: a PNG (lossless, so it decodes to exactly ``Phone.screenshot(1.0)``).
- ``screencap`` without ``-p``: a 16-byte header of little-endian uint32 width, height,
  pixel format (1 = RGBA_8888) and colour space (1 = sRGB), then the RGBA pixels row by row.
- the ``framebuffer:`` service: a version-2 header of 14 little-endian uint32 (version, bits per
  pixel, colour space, size, width, height, then offset and length of red, blue, green and
  alpha), then the RGBA pixels.
"""

from __future__ import annotations

import io
import struct

import numpy as np
from PIL import Image

from mobile_gym.sim import Phone

RGBA_8888 = 1
COLORSPACE_SRGB = 1
FRAMEBUFFER_VERSION = 2
GARBAGE = b"\x13\x37 this is not an image " + bytes(range(32, 96))
"""What ``screencap`` returns under the ``garbage_screenshot`` fault."""


class ScreenEncoder:
    """Encodes one phone's current screen; the PNG is kept until the pixels change."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self._png: tuple[np.ndarray, bytes] | None = None

    def png(self) -> bytes:
        """The screen as PNG; encoded again only when its pixels changed."""
        frame = self.phone.screenshot(1.0)
        if self._png is not None:
            last, encoded = self._png
            if last is frame or np.array_equal(last, frame):  # redrawn, yet the same
                self._png = (frame, encoded)
                return encoded
        out = io.BytesIO()
        Image.fromarray(frame).save(out, format="PNG", compress_level=1)
        self._png = (frame, out.getvalue())
        return self._png[1]

    def _rgba(self) -> tuple[int, int, bytes]:
        frame = self.phone.screenshot(1.0)
        height, width = frame.shape[:2]
        rgba = np.empty((height, width, 4), dtype=np.uint8)
        rgba[..., :3] = frame
        rgba[..., 3] = 255
        return width, height, rgba.tobytes()

    def raw(self) -> bytes:
        width, height, pixels = self._rgba()
        return struct.pack("<4I", width, height, RGBA_8888, COLORSPACE_SRGB) + pixels

    def framebuffer(self) -> bytes:
        width, height, pixels = self._rgba()
        header = struct.pack(
            "<14I",
            FRAMEBUFFER_VERSION,
            32,
            COLORSPACE_SRGB,
            len(pixels),
            width,
            height,
            0,
            8,  # red
            16,
            8,  # blue
            8,
            8,  # green
            24,
            8,  # alpha
        )
        return header + pixels
