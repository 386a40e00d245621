"""Android key codes by name, as ``input keyevent`` and the emulator accept them."""

from __future__ import annotations

import string

_NAMED: dict[str, int] = {
    "UNKNOWN": 0,
    "SOFT_LEFT": 1,
    "SOFT_RIGHT": 2,
    "HOME": 3,
    "BACK": 4,
    "CALL": 5,
    "ENDCALL": 6,
    "STAR": 17,
    "POUND": 18,
    "DPAD_UP": 19,
    "DPAD_DOWN": 20,
    "DPAD_LEFT": 21,
    "DPAD_RIGHT": 22,
    "DPAD_CENTER": 23,
    "VOLUME_UP": 24,
    "VOLUME_DOWN": 25,
    "POWER": 26,
    "CAMERA": 27,
    "CLEAR": 28,
    "COMMA": 55,
    "PERIOD": 56,
    "ALT_LEFT": 57,
    "ALT_RIGHT": 58,
    "SHIFT_LEFT": 59,
    "SHIFT_RIGHT": 60,
    "TAB": 61,
    "SPACE": 62,
    "SYM": 63,
    "EXPLORER": 64,
    "ENVELOPE": 65,
    "ENTER": 66,
    "DEL": 67,
    "GRAVE": 68,
    "MINUS": 69,
    "EQUALS": 70,
    "LEFT_BRACKET": 71,
    "RIGHT_BRACKET": 72,
    "BACKSLASH": 73,
    "SEMICOLON": 74,
    "APOSTROPHE": 75,
    "SLASH": 76,
    "AT": 77,
    "NUM": 78,
    "HEADSETHOOK": 79,
    "FOCUS": 80,
    "PLUS": 81,
    "MENU": 82,
    "NOTIFICATION": 83,
    "SEARCH": 84,
    "MEDIA_PLAY_PAUSE": 85,
    "MEDIA_STOP": 86,
    "MEDIA_NEXT": 87,
    "MEDIA_PREVIOUS": 88,
    "PAGE_UP": 92,
    "PAGE_DOWN": 93,
    "ESCAPE": 111,
    "FORWARD_DEL": 112,
    "MOVE_HOME": 122,
    "MOVE_END": 123,
    "VOLUME_MUTE": 164,
    "APP_SWITCH": 187,
    "SLEEP": 223,
    "WAKEUP": 224,
}
_NAMED.update({str(d): 7 + d for d in range(10)})
_NAMED.update({c: 29 + i for i, c in enumerate(string.ascii_uppercase)})

KEYCODES: dict[str, int] = dict(_NAMED)
"""Key name (without the ``KEYCODE_`` prefix) to Android key code."""

_BY_CODE = {code: name for name, code in KEYCODES.items()}
_CANONICAL = frozenset(name for name in KEYCODES if not name.isdigit())
"""The names ``key_name`` returns as they are (a name of digits is read as a key code)."""

PRINTABLE: dict[str, str] = {
    "SPACE": " ",
    "COMMA": ",",
    "PERIOD": ".",
    "GRAVE": "`",
    "MINUS": "-",
    "EQUALS": "=",
    "LEFT_BRACKET": "[",
    "RIGHT_BRACKET": "]",
    "BACKSLASH": "\\",
    "SEMICOLON": ";",
    "APOSTROPHE": "'",
    "SLASH": "/",
    "AT": "@",
    "PLUS": "+",
    "STAR": "*",
    "POUND": "#",
    **{str(d): str(d) for d in range(10)},
    **{c: c.lower() for c in string.ascii_uppercase},
}
"""Keys that type a character into the focused field."""


def key_name(key: str | int) -> str:
    """Normalise ``"back"``, ``"KEYCODE_BACK"``, ``4`` or ``"4"`` to ``"BACK"``.

    A string of digits is a key code, as ``input keyevent`` reads it; the digit keys are
    ``"KEYCODE_4"`` (or ``"4"`` as a name only after the prefix).

    Raises:
        ValueError: the key is not an Android key code or name.
    """
    if type(key) is str and key in _CANONICAL:
        return key  # the common case: a name already in its normal form
    if isinstance(key, bool):
        raise ValueError(f"unknown Android key {key!r}")
    if isinstance(key, int):
        if key in _BY_CODE:
            return _BY_CODE[key]
        raise ValueError(f"unknown Android key code {key}")
    if not isinstance(key, str):
        raise ValueError(f"a key must be a name or a key code, not {type(key).__name__}")
    name = key.strip().upper()
    if name.isdigit():
        return key_name(int(name))
    if name.startswith("KEYCODE_"):
        name = name[len("KEYCODE_") :]
    if name in KEYCODES:
        return name
    raise ValueError(f"unknown Android key {key!r} (expected a KEYCODE_ name such as BACK or HOME)")
