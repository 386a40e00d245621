"""``input``: touches, text and keys, delivered to the phone as an emulator delivers them.

``tap`` is the phone's tap (3 touch frames and a lift); ``swipe`` spreads touch frames
evenly along the line, one per touch frame of virtual time for its duration (300 ms by
default), then lifts, so a swipe held in place for 400 ms or more is a long press;
``motionevent DOWN|MOVE`` is one touch frame and ``UP`` the lift, one to one, and
``CANCEL`` ends the touch as Android's ``ACTION_CANCEL`` does, with no tap, swipe or fling;
``text`` types into the focused field (``%s`` is a space); ``keyevent`` takes key codes and
``KEYCODE_`` names.
"""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim import input as events
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    parse_int,
    parse_number,
)
from mobile_gym.timing import FRAME_MS

SWIPE_DEFAULT_MS = 300
SWIPE_MAX_MS = 60_000
_SOURCES = frozenset(
    {
        "touchscreen",
        "touchpad",
        "touchnavigation",
        "stylus",
        "mouse",
        "keyboard",
        "trackball",
        "dpad",
        "gamepad",
        "joystick",
        "rotaryencoder",
    }
)
USAGE = """Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]

The commands are:
      text <string> (%s is a space)
      keyevent [--longpress] <key code number or name> ...
      tap <x> <y>
      swipe <x1> <y1> <x2> <y2> [duration(ms)]
      motionevent <DOWN|UP|MOVE|CANCEL> <x> <y>"""


def _point(args: list[str], verb: str) -> tuple[float, float]:
    if len(args) != 2:
        raise CommandError(f"Error: input {verb} needs <x> <y>\n{USAGE}")
    return parse_number(args[0], "x"), parse_number(args[1], "y")


def _tap(phone: Phone, args: list[str]) -> None:
    phone.send_all(events.tap(*_point(args, "tap")))


def _swipe(phone: Phone, args: list[str]) -> None:
    if len(args) not in (4, 5):
        raise CommandError(f"Error: input swipe needs <x1> <y1> <x2> <y2> [duration(ms)]\n{USAGE}")
    x1, y1, x2, y2 = (parse_number(a, "coordinate") for a in args[:4])
    ms = parse_int(args[4], "duration") if len(args) == 5 else SWIPE_DEFAULT_MS
    if not 0 <= ms <= SWIPE_MAX_MS:
        raise CommandError(f"Error: swipe duration must be 0..{SWIPE_MAX_MS} ms, got {ms}")
    phone.send_all(events.drag(x1, y1, x2, y2, frames=max(2, ms // FRAME_MS + 1)))


def _text(phone: Phone, args: list[str]) -> None:
    if not args:
        raise CommandError(f"Error: input text needs <string>\n{USAGE}")
    phone.text(" ".join(args).replace("%s", " "))


def _keyevent(phone: Phone, args: list[str]) -> None:
    keys = [a for a in args if a not in ("--longpress", "--doubletap")]
    if not keys:
        raise CommandError(f"Error: input keyevent needs a key code or name\n{USAGE}")
    for key in keys:
        phone.key(key)


def _motionevent(phone: Phone, args: list[str]) -> None:
    if not args:
        raise CommandError(f"Error: input motionevent needs an action\n{USAGE}")
    action = args[0].upper()
    if action in ("DOWN", "MOVE"):
        phone.touch(*_point(args[1:], "motionevent"))
    elif action == "UP":
        phone.lift()
    elif action == "CANCEL":
        phone.input.gestures.abandon()
        phone.lift()
    else:
        raise CommandError(f"Error: unknown motion event action {args[0]!r}\n{USAGE}")


_VERBS = {
    "tap": _tap,
    "swipe": _swipe,
    "text": _text,
    "keyevent": _keyevent,
    "motionevent": _motionevent,
}


def input_command(invocation: Invocation, args: list[str]) -> int:
    if args and args[0] in _SOURCES:
        args = args[1:]
    if args[:1] == ["-d"]:
        if len(args) < 2 or args[1] not in ("0", "-1"):
            raise CommandError(f"Error: invalid display id {args[1:2]}; the phone has display 0")
        args = args[2:]
    if not args:
        raise CommandError(USAGE)
    verb = _VERBS.get(args[0])
    if verb is None:
        raise CommandError(f"Error: Unknown command: {args[0]}\n{USAGE}")
    verb(invocation.phone, args[1:])
    return 0


COMMANDS: dict[str, Command] = {"input": input_command}
