"""Pictures that generated documents embed, drawn with OpenCV from their fields: a company
logo, a bar chart, a dish and a ticket barcode. The same inputs always draw the same pixels."""

from __future__ import annotations

import zlib
from collections.abc import Sequence

import cv2
import numpy as np

_PALETTE = (
    (33, 99, 186),
    (220, 94, 58),
    (46, 148, 96),
    (151, 82, 168),
    (232, 170, 40),
    (36, 142, 160),
)


def _color(name: str) -> tuple[int, int, int]:
    return _PALETTE[zlib.crc32(name.encode("utf-8")) % len(_PALETTE)]


def logo(name: str) -> np.ndarray:
    """A round badge in a colour fixed by ``name``, holding its initials."""
    size = 160
    image = np.full((size, size, 3), 255, np.uint8)
    cv2.circle(image, (size // 2, size // 2), 72, _color(name), -1, cv2.LINE_AA)
    letters = "".join(word[0] for word in name.split()[:2] if word[:1].isalnum()).upper() or "?"
    scale = 2.0 if len(letters) == 1 else 1.6
    (w, h), _ = cv2.getTextSize(letters, cv2.FONT_HERSHEY_DUPLEX, scale, 3)
    origin = ((size - w) // 2, (size + h) // 2)
    cv2.putText(
        image, letters, origin, cv2.FONT_HERSHEY_DUPLEX, scale, (255, 255, 255), 3, cv2.LINE_AA
    )
    return image


def bar_chart(values: Sequence[float], name: str = "chart") -> np.ndarray:
    """Bars for ``values`` (their heights scaled to the largest) over a baseline."""
    width, height = 480, 240
    image = np.full((height, width, 3), 255, np.uint8)
    cv2.line(image, (30, height - 30), (width - 20, height - 30), (90, 90, 90), 2)
    cv2.line(image, (30, 20), (30, height - 30), (90, 90, 90), 2)
    if values:
        top = max(max(values), 1e-9)
        slot = (width - 60) / len(values)
        for i, value in enumerate(values):
            bar = max(value, 0) / top * (height - 60)
            x0 = round(40 + i * slot)
            x1 = round(40 + (i + 0.7) * slot)
            color = _PALETTE[i % len(_PALETTE)]
            cv2.rectangle(image, (x0, round(height - 30 - bar)), (x1, height - 31), color, -1)
    return image


def dish(name: str) -> np.ndarray:
    """A plate seen from above with food in a colour fixed by ``name``."""
    width, height = 320, 200
    image = np.full((height, width, 3), (245, 238, 226), np.uint8)
    center = (width // 2, height // 2)
    cv2.circle(image, center, 88, (255, 255, 255), -1, cv2.LINE_AA)
    cv2.circle(image, center, 88, (200, 200, 200), 2, cv2.LINE_AA)
    rng = np.random.default_rng(zlib.crc32(name.encode("utf-8")))
    for _ in range(7):
        x, y = (rng.integers(-40, 41, size=2)).tolist()
        radius = int(rng.integers(14, 30))
        cv2.circle(
            image, (center[0] + x, center[1] + y), radius, _color(name + str(x)), -1, cv2.LINE_AA
        )
    return image


def barcode(code: str) -> np.ndarray:
    """Black bars whose widths follow the bits of ``code``."""
    width, height = 400, 90
    image = np.full((height, width, 3), 255, np.uint8)
    bits = "".join(f"{byte:08b}" for byte in code.encode("utf-8")) or "0"
    step = max((width - 20) // len(bits), 1)
    x = 10
    for bit in bits:
        if x + step > width - 10:
            break
        if bit == "1":
            cv2.rectangle(image, (x, 8), (x + step - 1, height - 8), (0, 0, 0), -1)
        x += step
    return image
