"""What a gRPC ``KeyboardEvent`` does on the phone, read as the emulator's keyboard reads it.

An event names a key in one of four ways, each turned into a Linux evdev key code:

- ``keyCode`` with ``codeType`` ``Evdev`` (the code itself), ``XKB`` (evdev + 8, what
  android_env sends on Linux) or ``Usb`` (a HID usage: ``0x070004`` or just ``0x04`` is the
  A key; the consumer page's ``0x0C00E9`` is volume up). ``Win`` and ``Mac`` codes are refused;
- ``key``, a W3C key value: a printable ASCII character (``"a"``, ``"A"``, ``"7"``, ``"@"``,
  ``" "``; one that needs Shift on a US keyboard is Shift plus its key), or a name such as
  ``Enter``, ``Backspace``, ``Delete``, ``Tab``, ``Escape``, ``ArrowLeft``, ``Home``,
  ``PageUp``, ``Shift``, ``F1``, ``AudioVolumeUp``, ``Power``, ``GoBack``, ``GoHome`` or
  ``AppSwitch``.

The key then does what it does on the emulator: a printable key types its character on a US
layout into the focused field (the shifted one while a Shift key is held down, or when the
``key`` value needs Shift); any other key presses the Android key the emulator's keyboard
layout (``qwerty.kl``; Android's ``Generic.kl`` for the keys it lacks) gives it: Escape is
BACK, Home is HOME, F1 is MENU. Keys the phone has no use for on their own (Ctrl, Alt, Meta,
Caps Lock, F5..F9, F11, F12, Insert) are accepted and do nothing; Ctrl, Alt, Meta and Caps
Lock do not change what a later key types. ``text`` is typed as it is.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass

from android_env.proto import emulator_controller_pb2 as pb

from mobile_gym.sim.keys import KEYCODES

_EVENT = pb.KeyboardEvent
_CODE_TYPES = _EVENT.KeyCodeType
_SERVED_CODE_TYPES = frozenset({_CODE_TYPES.Usb, _CODE_TYPES.Evdev, _CODE_TYPES.XKB})
_XKB_OFFSET = 8
"""An XKB key code is the evdev code plus 8."""


@dataclass(frozen=True)
class Press:
    """Press the Android key ``key`` (a name of ``mobile_gym.sim.keys.KEYCODES``)."""

    key: str


@dataclass(frozen=True)
class Type:
    """Type ``text`` into the focused field."""

    text: str


KeyAction = Press | Type

# the keys, by evdev code -------------------------------------------------------------------------
_ROWS: tuple[tuple[int, str, str], ...] = (
    (2, "1234567890-=", "!@#$%^&*()_+"),
    (16, "qwertyuiop[]", "QWERTYUIOP{}"),
    (30, "asdfghjkl;'`", 'ASDFGHJKL:"~'),
    (44, "zxcvbnm,./", "ZXCVBNM<>?"),
)
"""The US keyboard's rows of printable keys: the first key's evdev code, then what each key
types without and with Shift."""
_CHARACTERS: dict[int, tuple[str, str]] = {
    first + i: (plain, shifted)
    for first, plains, shifteds in _ROWS
    for i, (plain, shifted) in enumerate(zip(plains, shifteds, strict=True))
}
_CHARACTERS.update(
    {
        43: ("\\", "|"),
        57: (" ", " "),
        55: ("*", "*"),  # the keypad's operators
        74: ("-", "-"),
        78: ("+", "+"),
        98: ("/", "/"),
        215: ("@", "@"),  # the emulator keyboard's AT key
    }
)
"""Printable keys by evdev code: the character each types without and with Shift."""

_F_KEYS = (59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 87, 88)
"""The evdev codes of F1 to F12."""
_SHIFT_KEYS = frozenset({42, 54})
"""Left and right Shift."""
_ANDROID_KEYS: dict[int, str] = {
    # the emulator's keyboard layout, qwerty.kl
    1: "BACK",
    14: "DEL",
    15: "TAB",
    28: "ENTER",
    42: "SHIFT_LEFT",
    54: "SHIFT_RIGHT",
    56: "ALT_LEFT",
    100: "ALT_RIGHT",
    59: "MENU",
    60: "SOFT_LEFT",
    61: "CALL",
    62: "ENDCALL",
    68: "MENU",
    102: "HOME",
    103: "DPAD_UP",
    105: "DPAD_LEFT",
    106: "DPAD_RIGHT",
    107: "ENDCALL",
    108: "DPAD_DOWN",
    114: "VOLUME_DOWN",
    115: "VOLUME_UP",
    116: "POWER",
    127: "SEARCH",
    139: "MENU",
    150: "EXPLORER",
    155: "ENVELOPE",
    158: "BACK",
    212: "CAMERA",
    217: "SEARCH",
    227: "STAR",
    228: "POUND",
    229: "MENU",
    230: "SOFT_RIGHT",
    231: "CALL",
    232: "DPAD_CENTER",
    # the keys qwerty.kl lacks, as Android's Generic.kl names them
    29: "CTRL_LEFT",
    97: "CTRL_RIGHT",
    125: "META_LEFT",
    126: "META_RIGHT",
    58: "CAPS_LOCK",
    69: "NUM_LOCK",
    70: "SCROLL_LOCK",
    63: "F5",
    64: "F6",
    65: "F7",
    66: "F8",
    67: "F9",
    87: "F11",
    88: "F12",
    96: "ENTER",  # NUMPAD_ENTER, which a text field takes as ENTER
    99: "SYSRQ",
    104: "PAGE_UP",
    109: "PAGE_DOWN",
    110: "INSERT",
    111: "FORWARD_DEL",
    113: "VOLUME_MUTE",
    119: "BREAK",
    142: "SLEEP",
    143: "WAKEUP",
    163: "MEDIA_NEXT",
    164: "MEDIA_PLAY_PAUSE",
    165: "MEDIA_PREVIOUS",
    166: "MEDIA_STOP",
    172: "HOME",
    580: "APP_SWITCH",
}
"""The Android key each other key presses, by evdev code."""


# key values and USB usages, as evdev codes -------------------------------------------------------
def _character_keys() -> dict[str, tuple[int, bool]]:
    keys: dict[str, tuple[int, bool]] = {}
    for code, (plain, shifted) in _CHARACTERS.items():  # the main keys first, then the keypad
        keys.setdefault(plain, (code, False))
        keys.setdefault(shifted, (code, shifted != plain))
    return keys


_CHARACTER_KEYS = _character_keys()
"""Each printable character: the evdev code of a key typing it, and whether it needs Shift."""

_NAMED_KEYS: dict[str, int] = {
    "Enter": 28,
    "Backspace": 14,
    "Delete": 111,
    "Tab": 15,
    "Escape": 1,
    "ArrowUp": 103,
    "ArrowDown": 108,
    "ArrowLeft": 105,
    "ArrowRight": 106,
    "Home": 102,
    "End": 107,
    "PageUp": 104,
    "PageDown": 109,
    "Insert": 110,
    "Shift": 42,
    "Control": 29,
    "Alt": 56,
    "Meta": 125,
    "CapsLock": 58,
    "NumLock": 69,
    "ScrollLock": 70,
    "AudioVolumeUp": 115,
    "AudioVolumeDown": 114,
    "AudioVolumeMute": 113,
    "MediaPlayPause": 164,
    "MediaStop": 166,
    "MediaTrackNext": 163,
    "MediaTrackPrevious": 165,
    "Power": 116,
    "WakeUp": 143,
    "Camera": 212,
    "Call": 231,
    "EndCall": 107,
    "BrowserSearch": 217,
    "Menu": 139,
    "GoBack": 158,
    "GoHome": 172,
    "AppSwitch": 580,
    **{f"F{n}": code for n, code in enumerate(_F_KEYS, start=1)},
}
"""W3C key values naming a key that types no character, and its evdev code."""

_KEYBOARD_PAGE = 0x07
_USB_CHARACTERS = {0x04: "abcdefghijklmnopqrstuvwxyz1234567890", 0x2D: "-=[]\\", 0x33: ";'`,./"}
"""Runs of HID keyboard-page usages of printable keys: the first usage, then their characters."""
_USB_KEYS: dict[int, int] = {
    0x28: 28,  # Enter
    0x29: 1,  # Escape
    0x2A: 14,  # Backspace
    0x2B: 15,  # Tab
    0x2C: 57,  # Space
    0x39: 58,  # Caps Lock
    **{0x3A + n: code for n, code in enumerate(_F_KEYS)},
    0x46: 99,  # Print Screen
    0x47: 70,  # Scroll Lock
    0x48: 119,  # Pause
    0x49: 110,  # Insert
    0x4A: 102,  # Home
    0x4B: 104,  # Page Up
    0x4C: 111,  # Delete
    0x4D: 107,  # End
    0x4E: 109,  # Page Down
    0x4F: 106,  # Right
    0x50: 105,  # Left
    0x51: 108,  # Down
    0x52: 103,  # Up
    0x53: 69,  # Num Lock
    0x54: 98,  # keypad /
    0x55: 55,  # keypad *
    0x56: 74,  # keypad -
    0x57: 78,  # keypad +
    0x58: 96,  # keypad Enter
    0x65: 127,  # Application
    0x66: 116,  # Power
    0x7F: 113,  # Mute
    0x80: 115,  # Volume Up
    0x81: 114,  # Volume Down
    0xE0: 29,  # left Ctrl
    0xE1: 42,  # left Shift
    0xE2: 56,  # left Alt
    0xE3: 125,  # left Meta
    0xE4: 97,  # right Ctrl
    0xE5: 54,  # right Shift
    0xE6: 100,  # right Alt
    0xE7: 126,  # right Meta
}
"""HID keyboard-page usages of the keys that type no character, and their evdev codes."""
_USB_OTHER_PAGES: dict[int, int] = {
    0x010082: 142,  # generic desktop: System Sleep
    0x010083: 143,  # generic desktop: System Wake Up
    0x0C00B5: 163,  # consumer: Scan Next Track
    0x0C00B6: 165,  # consumer: Scan Previous Track
    0x0C00B7: 166,  # consumer: Stop
    0x0C00CD: 164,  # consumer: Play/Pause
    0x0C00E2: 113,  # consumer: Mute
    0x0C00E9: 115,  # consumer: Volume Increment
    0x0C00EA: 114,  # consumer: Volume Decrement
    0x0C0221: 217,  # consumer: AC Search
    0x0C0223: 172,  # consumer: AC Home
    0x0C0224: 158,  # consumer: AC Back
}
"""HID usages (page << 16 | usage) of keys on pages other than the keyboard's."""


def _usb_table() -> dict[int, int]:
    table = {
        _KEYBOARD_PAGE << 16 | first + i: _CHARACTER_KEYS[char][0]
        for first, chars in _USB_CHARACTERS.items()
        for i, char in enumerate(chars)
    }
    table.update({_KEYBOARD_PAGE << 16 | usage: code for usage, code in _USB_KEYS.items()})
    table.update(_USB_OTHER_PAGES)
    return table


_USB = _usb_table()
"""Every served HID usage (page << 16 | usage) and its evdev code."""


# reading events ----------------------------------------------------------------------------------
def _known(code: int) -> bool:
    return code in _CHARACTERS or code in _ANDROID_KEYS


def _from_key_value(key: str) -> tuple[int, bool]:
    """The evdev code a ``key`` value names, and whether it needs Shift."""
    if key in _CHARACTER_KEYS:
        return _CHARACTER_KEYS[key]
    if key in _NAMED_KEYS:
        return _NAMED_KEYS[key], False
    raise ValueError(
        f"no key {key!r}: a key value is one printable ASCII character or a name such as"
        " Enter, Backspace, Tab, Escape, ArrowLeft, GoBack, GoHome or AppSwitch"
    )


def _from_key_code(code_type: int, code: int) -> int:
    """The evdev code a ``keyCode`` of ``code_type`` names."""
    kind = _CODE_TYPES.Name(code_type) if code_type in _CODE_TYPES.values() else str(code_type)
    shown = f"{code:#08x}" if code_type == _CODE_TYPES.Usb else str(code)
    if code_type == _CODE_TYPES.Evdev:
        evdev = code
    elif code_type == _CODE_TYPES.XKB:
        evdev = code - _XKB_OFFSET
    elif code_type == _CODE_TYPES.Usb:
        evdev = _USB.get(code if code > 0xFFFF else _KEYBOARD_PAGE << 16 | code, -1)
    else:
        raise ValueError(
            f"{kind} key codes are not served: send the key as a Usb, Evdev or XKB code,"
            " or as a key value"
        )
    if not _known(evdev):
        raise ValueError(f"{kind} key code {shown} names no key of this phone's keyboard")
    return evdev


def _action(code: int, shifted: bool) -> KeyAction | None:
    """What pressing the key of evdev code ``code`` does (None: nothing)."""
    if code in _CHARACTERS:
        return Type(_CHARACTERS[code][shifted])
    name = _ANDROID_KEYS[code]
    return Press(name) if name in KEYCODES else None


class Keyboard:
    """Reads ``KeyboardEvent``s as the emulator's keyboard does, keeping which Shift keys are
    down (safe to share between threads)."""

    def __init__(self) -> None:
        self._shift_down: set[int] = set()
        self._lock = threading.Lock()

    def read(self, event: pb.KeyboardEvent) -> KeyAction | None:
        """What ``event`` does on the phone; None when it does nothing (a key going up, a
        modifier, a key the phone has no use for).

        Raises:
            ValueError: the event names no key, or one this keyboard has not.
        """
        if event.text:
            return Type(event.text)
        if event.key:
            code, needs_shift = _from_key_value(event.key)
        elif event.keyCode or event.codeType not in _SERVED_CODE_TYPES:
            code, needs_shift = _from_key_code(event.codeType, event.keyCode), False
        else:
            raise ValueError("the event has no text, key or keyCode")
        with self._lock:
            if code in _SHIFT_KEYS:
                self._track_shift(code, event.eventType)
                return None
            if event.eventType == _EVENT.KeyEventType.keyup:
                return None
            shifted = needs_shift or bool(self._shift_down)
        return _action(code, shifted)

    def _track_shift(self, code: int, event_type: int) -> None:
        if event_type == _EVENT.KeyEventType.keydown:
            self._shift_down.add(code)
        elif event_type == _EVENT.KeyEventType.keyup:
            self._shift_down.discard(code)

    def release_all(self) -> None:
        """No key is held down any more (the phone was reset)."""
        with self._lock:
            self._shift_down.clear()
