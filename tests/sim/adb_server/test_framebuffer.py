"""Screen encodings: PNG (kept while the pixels stay the same), raw screencap, framebuffer."""

from __future__ import annotations

import io
import struct

import numpy as np
from PIL import Image

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.framebuffer import ScreenEncoder


def test_png_is_lossless_and_reused_while_the_pixels_stay() -> None:
    phone = Phone(seed=0)
    encoder = ScreenEncoder(phone)
    first = encoder.png()
    np.testing.assert_array_equal(np.asarray(Image.open(io.BytesIO(first))), phone.screenshot(1.0))
    phone.invalidate()  # redrawn, same pixels
    assert encoder.png() is first
    phone.key("APP_SWITCH")  # recents: other pixels
    changed = encoder.png()
    assert changed != first
    np.testing.assert_array_equal(
        np.asarray(Image.open(io.BytesIO(changed))), phone.screenshot(1.0)
    )


def test_raw_and_framebuffer_layouts() -> None:
    phone = Phone(seed=0, display="small_phone")
    encoder = ScreenEncoder(phone)
    height, width = phone.screenshot(1.0).shape[:2]
    raw = encoder.raw()
    assert struct.unpack("<4I", raw[:16]) == (width, height, 1, 1)
    assert len(raw) == 16 + width * height * 4
    frame = encoder.framebuffer()
    assert struct.unpack("<6I", frame[:24]) == (2, 32, 1, width * height * 4, width, height)
    assert frame[56:] == raw[16:]
