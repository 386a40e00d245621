"""Numbers read from text as Android's Java code reads them (``Integer.parseInt``,
``Long.parseLong``, ``Float.parseFloat``): the settings the phone's apps read, the values
``settings put`` checks and the ``--bind`` values of ``content``. Each gives None where
Java would throw."""

from __future__ import annotations

import math
import re
import struct

_INTEGER = re.compile(r"[+-]?[0-9]+")
_FLOAT = re.compile(r"[+-]?(NaN|Infinity|([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?[fFdD]?)")
_BLANK = "".join(chr(c) for c in range(33))
"""What ``Float.parseFloat`` strips from either end: the characters up to a space."""


def java_int(text: str | None, bits: int = 32) -> int | None:
    """``text`` as ``Integer.parseInt`` (``bits`` 32) or ``Long.parseLong`` (64) reads it,
    or None where it throws (no number, other characters around it, out of range)."""
    if text is None or not _INTEGER.fullmatch(text):
        return None
    value = int(text)
    return value if -(2 ** (bits - 1)) <= value < 2 ** (bits - 1) else None


def java_float(text: str) -> float | None:
    """``text`` as ``Float.parseFloat`` reads it (to 32 bits), or None where it throws."""
    number = text.strip(_BLANK)
    if not _FLOAT.fullmatch(number):
        return None
    value = float(number.rstrip("fFdD"))
    try:
        return struct.unpack("f", struct.pack("f", value))[0]
    except OverflowError:  # past a float's range: Java reads it as infinity
        return math.copysign(math.inf, value)
