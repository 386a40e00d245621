"""The Android key a gRPC ``KeyboardEvent`` names: by ``key`` name or by evdev/XKB code."""

from __future__ import annotations

from android_env.proto import emulator_controller_pb2 as pb

_EVDEV_KEYS: dict[int, str] = {
    1: "BACK",  # Escape
    14: "DEL",  # Backspace
    15: "TAB",
    28: "ENTER",
    57: "SPACE",
    102: "HOME",
    103: "DPAD_UP",
    105: "DPAD_LEFT",
    106: "DPAD_RIGHT",
    108: "DPAD_DOWN",
    111: "FORWARD_DEL",
    114: "VOLUME_DOWN",
    115: "VOLUME_UP",
    116: "POWER",
    139: "MENU",
    158: "BACK",
    172: "HOME",
    217: "SEARCH",
}
"""Linux evdev key codes (XKB codes are these plus 8) and the Android keys they press."""
_NAMED_KEYS: dict[str, str] = {
    "Enter": "ENTER",
    "Backspace": "DEL",
    "Delete": "FORWARD_DEL",
    "Tab": "TAB",
    "Escape": "BACK",
    "GoBack": "BACK",
    "GoHome": "HOME",
    "AppSwitch": "APP_SWITCH",
    "ArrowUp": "DPAD_UP",
    "ArrowDown": "DPAD_DOWN",
    "ArrowLeft": "DPAD_LEFT",
    "ArrowRight": "DPAD_RIGHT",
    "Power": "POWER",
    "AudioVolumeUp": "VOLUME_UP",
    "AudioVolumeDown": "VOLUME_DOWN",
    "Menu": "MENU",
    " ": "SPACE",
}
"""``KeyboardEvent.key`` names (as the emulator's web UI sends them) and the Android keys."""


def android_key(event: pb.KeyboardEvent) -> str | None:
    """The Android key ``event`` names, or None when it names none this phone knows."""
    if event.key:
        if event.key in _NAMED_KEYS:
            return _NAMED_KEYS[event.key]
        if len(event.key) == 1 and event.key.isalnum():
            return event.key.upper()
        return None
    code = event.keyCode
    kinds = pb.KeyboardEvent.KeyCodeType
    if event.codeType == kinds.XKB:
        code -= 8
    elif event.codeType != kinds.Evdev:
        return None
    return _EVDEV_KEYS.get(code)
