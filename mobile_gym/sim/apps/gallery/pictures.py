"""Picture sizes: how many pixels wide and tall a photo file is, and the file of an edited
copy.

Nothing on the phone is decoded, so a size is read from what the file says: a PNG's header,
a JPEG's frame header, or a placeholder's ``size=WxH`` (the copies the editor saves carry
one). A placeholder without one has the size of what its name says it is: a screenshot is
the phone's screen (1080 x 2400), anything else a camera photo (4000 x 3000).
"""

from __future__ import annotations

import posixpath
import re
import struct

CAMERA_SIZE = (4000, 3000)
SCREEN_SIZE = (1080, 2400)
_SIZE = re.compile(rb"size=(\d+)x(\d+)")
_PNG = b"\x89PNG\r\n\x1a\n"
_SOF = {0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF}


def _jpeg_size(data: bytes) -> tuple[int, int] | None:
    """The width and height in a JPEG's start-of-frame segment."""
    at = 2
    while at + 9 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        length = struct.unpack(">H", data[at + 2 : at + 4])[0]
        if marker in _SOF:
            height, width = struct.unpack(">HH", data[at + 5 : at + 9])
            return width, height
        at += 2 + length
    return None


def picture_size(data: bytes, path: str) -> tuple[int, int]:
    """The width and height of the picture at ``path`` whose bytes are ``data``."""
    if data.startswith(_PNG) and len(data) >= 24:
        width, height = struct.unpack(">II", data[16:24])
        return width, height
    if data.startswith(b"\xff\xd8"):
        size = _jpeg_size(data)
        if size:
            return size
    found = _SIZE.search(data[:200])
    if found:
        return int(found.group(1)), int(found.group(2))
    if posixpath.basename(path).lower().startswith("screenshot"):
        return SCREEN_SIZE
    return CAMERA_SIZE


def cropped(size: tuple[int, int], ratio: tuple[int, int] | None) -> tuple[int, int]:
    """The largest centred crop of a ``size`` picture with the aspect ``ratio`` (width,
    height); None keeps the whole picture."""
    width, height = size
    if ratio is None:
        return size
    across, down = ratio
    if width * down > height * across:  # too wide: keep the height
        return max(1, round(height * across / down)), height
    return width, max(1, round(width * down / across))


def edited_file(name: str, size: tuple[int, int]) -> bytes:
    """The bytes of an edited copy named ``name`` of ``size`` pixels (a placeholder)."""
    return f"placeholder {name} size={size[0]}x{size[1]}".encode()
