"""``ime``: the phone's input methods, and ADBKeyboard, which types what is broadcast to it.

The phone has two input methods, both enabled as it ships: its own keyboard
(:data:`PHONE_KEYBOARD`, ``com.android.inputmethod.latin/.LatinIME``, the one it draws and
the current one) and ADBKeyboard (:data:`ADB_KEYBOARD`, ``com.android.adbkeyboard/.AdbIME``,
github.com/senzhk/ADBKeyBoard). As on Android, the current one is the secure setting
``default_input_method`` (``settings get`` and ``dumpsys input_method`` agree with ``ime``)
and the enabled ones are the secure setting ``enabled_input_methods``, their ids joined by
``:``; until an ``ime`` command changes them that setting is unset (``null``) and both are
enabled.

- ``ime list [-a] [-s]``: the enabled input methods (``-a``: all of them), one id a line with
  ``-s``, else each id followed by a description;
- ``ime enable|disable ID``: ``Input method ID: now enabled for user #0`` (``already`` when
  nothing changes); disabling the current one makes the first one still enabled current;
- ``ime set ID``: ``Input method ID selected for user #0``;
- ``ime reset``: the phone's keyboard current and the only one enabled (ADBKeyboard is not
  one of the system's defaults), as Android resets a phone a user added ADBKeyboard to;
- an id the phone does not have (or, for ``set``, one not enabled): ``Unknown input method
  ID cannot be enabled|selected for user #0`` on stderr, status 255; a missing id is
  Android's ``IllegalArgumentException`` (status 255); another verb prints ``Unknown
  command: VERB`` (status 255). ``--user USER_ID`` is accepted and ignored.

While ADBKeyboard is current, ``am broadcast`` of its actions (:func:`receive`) acts on the
focused field: ``-a ADB_INPUT_TEXT --es msg TEXT`` and ``-a ADB_INPUT_B64 --es msg BASE64``
(of UTF-8) type the text as ``input text`` does, ``-a ADB_INPUT_CODE --ei code KEYCODE``
presses the key, ``-a ADB_EDITOR_CODE --ei code ACTION`` runs the field's editor action and
``-a ADB_CLEAR_TEXT`` empties it. With another input method current, or no field focused,
they do nothing and the broadcast still completes, as on Android.

What differs from Android: the phone's own keyboard stays on screen whichever input method is
current (ADBKeyboard's ``ADB Keyboard {ON}`` bar is never drawn); a field has one editor
action, what the keyboard's action key does (a single-line field's submit), run for any
code; ``ADB_CLEAR_TEXT`` deletes as DEL presses do, one a frame; a ``msg`` that is not base64
types nothing (ADBKeyboard's receiver would throw); ``ADB_INPUT_CHARS`` and
``ADB_INPUT_MCODE`` (int-array and meta-state extras) are not served, nor is ``cmd
input_method``; ``pm list packages`` does not list the input methods' packages; ``ime
list``'s descriptions are shorter than Android's ``InputMethodInfo`` dump.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable, Mapping
from typing import Any

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.shell.commands.settings import EXCEPTION_STATUS
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    without_user,
)
from mobile_gym.sim.keys import key_name
from mobile_gym.sim.system.settings import DEFAULTS

CURRENT = ("secure", "default_input_method")
"""The setting holding the current input method's id."""
ENABLED = ("secure", "enabled_input_methods")
"""The setting holding the enabled input methods' ids, joined by ``:``."""
PHONE_KEYBOARD = DEFAULTS[CURRENT[0]][CURRENT[1]]
"""The phone's own keyboard (LatinIME), current as the phone ships."""
ADB_KEYBOARD_PACKAGE = "com.android.adbkeyboard"
ADB_KEYBOARD = f"{ADB_KEYBOARD_PACKAGE}/.AdbIME"
"""ADBKeyboard, which types the text broadcast to it while it is the current one."""
INPUT_METHODS: dict[str, str | None] = {
    PHONE_KEYBOARD: "com.android.inputmethod.latin.settings.SettingsActivity",
    ADB_KEYBOARD: None,
}
"""The phone's input methods, by id, with their settings activities."""
USER = 0
"""The phone's one user."""
FAILURE = 255
"""The exit status of an ``ime`` command that failed (Android's -1)."""
USAGE = """ime <command>:
  list [-a] [-s]
    prints all enabled input methods.
      -a: see all input methods
      -s: only a single summary line of each
  enable [--user <USER_ID>] <ID>
    allows the given input method ID to be used.
      --user <USER_ID>: Specify which user to enable. Assumes the current user if not specified.
  disable [--user <USER_ID>] <ID>
    disallows the given input method ID to be used.
      --user <USER_ID>: Specify which user to disable. Assumes the current user if not specified.
  set [--user <USER_ID>] <ID>
    switches to the given input method ID.
      --user <USER_ID>: Specify which user to enable. Assumes the current user if not specified.
  reset [--user <USER_ID>]
    reset currently selected/enabled IMEs to the default ones as if the device is initially
    booted with the current locale.
      --user <USER_ID>: Specify which user to reset. Assumes the current user if not specified."""
"""Android's ``ime help`` (which wraps at 100 columns)."""


# the phone's input methods ---------------------------------------------------------------------
def current(phone: Phone) -> str | None:
    """The current input method's id (None when none is)."""
    return phone.settings.get(*CURRENT)


def enabled(phone: Phone) -> list[str]:
    """The enabled input methods' ids, in the order they were enabled."""
    value = phone.settings.get(*ENABLED)
    if value is None:
        return list(INPUT_METHODS)
    ids = (entry.partition(";")[0] for entry in value.split(":"))  # ";SUBTYPE" dropped
    return [ime for ime in ids if ime in INPUT_METHODS]


def _enable(phone: Phone, ime: str, on: bool) -> bool:
    """Enable or disable ``ime``; whether it was enabled before. The current input method,
    disabled, gives way to the first one still enabled."""
    ids = enabled(phone)
    before = ime in ids
    if on and not before:
        phone.settings.put(*ENABLED, ":".join([*ids, ime]))
    elif not on and before:
        rest = [other for other in ids if other != ime]
        phone.settings.put(*ENABLED, ":".join(rest))
        if current(phone) == ime:
            _select(phone, rest[0] if rest else None)
    return before


def _select(phone: Phone, ime: str | None) -> None:
    """Make ``ime`` the current input method (None: none)."""
    if ime is None:
        phone.settings.delete(*CURRENT)
    else:
        phone.settings.put(*CURRENT, ime)


# ime --------------------------------------------------------------------------------------------
def _operand(verb: str, args: list[str]) -> str:
    """The input method id after ``verb``'s options; Android's exception when there is none."""
    operands = [arg for arg in without_user(args) if not arg.startswith("-")]
    if not operands:
        raise CommandError(
            "\nException occurred while executing 'ime':\n"
            f'java.lang.IllegalArgumentException: Argument expected after "{verb}"',
            EXCEPTION_STATUS,
        )
    return operands[0]


def _describe(ime: str) -> list[str]:
    """The lines describing ``ime`` under its id in ``ime list``."""
    package, _, name = ime.partition("/")
    service = package + name if name.startswith(".") else name
    return [
        f"mId={ime} mSettingsActivityName={INPUT_METHODS[ime] or 'null'}",
        "Service:",
        "  ServiceInfo:",
        f"    name={service}",
        f"    packageName={package}",
        "    permission=android.permission.BIND_INPUT_METHOD",
    ]


def _list(invocation: Invocation, args: list[str]) -> int:
    options = without_user(args)
    ids = list(INPUT_METHODS) if "-a" in options else enabled(invocation.phone)
    for ime in ids:
        if "-s" in options:
            invocation.print(ime)
        else:
            invocation.print(f"{ime}:")
            for line in _describe(ime):
                invocation.print(f"  {line}")
    return 0


def _switch(invocation: Invocation, args: list[str], on: bool) -> int:
    """``ime enable`` (``on``) or ``ime disable``."""
    verb = "enable" if on else "disable"
    ime = _operand(verb, args)
    if on and ime not in INPUT_METHODS:
        raise CommandError(
            f"Unknown input method {ime} cannot be enabled for user #{USER}", FAILURE
        )
    before = _enable(invocation.phone, ime, on)
    change = "already" if before == on else "now"
    invocation.print(f"Input method {ime}: {change} {verb}d for user #{USER}")
    return 0


def _set(invocation: Invocation, args: list[str]) -> int:
    ime = _operand("set", args)
    if ime not in enabled(invocation.phone):
        raise CommandError(
            f"Unknown input method {ime} cannot be selected for user #{USER}", FAILURE
        )
    _select(invocation.phone, ime)
    invocation.print(f"Input method {ime} selected for user #{USER}")
    return 0


def _reset(invocation: Invocation, args: list[str]) -> int:
    phone = invocation.phone
    phone.settings.put(*ENABLED, PHONE_KEYBOARD)
    _select(phone, PHONE_KEYBOARD)
    invocation.print(f"Reset current and enabled IMEs for user #{USER}")
    invocation.print(f"  Selected: {PHONE_KEYBOARD}")
    invocation.print(f"   Enabled: {PHONE_KEYBOARD}")
    return 0


def _help(invocation: Invocation, args: list[str]) -> int:
    invocation.print(USAGE)
    return 0


_VERBS: dict[str, Command] = {
    "": _help,
    "-h": _help,
    "help": _help,
    "list": _list,
    "enable": lambda invocation, args: _switch(invocation, args, True),
    "disable": lambda invocation, args: _switch(invocation, args, False),
    "set": _set,
    "reset": _reset,
}


def ime(invocation: Invocation, args: list[str]) -> int:
    verb = args[0] if args else ""
    run = _VERBS.get(verb)
    if run is None:
        invocation.print(f"Unknown command: {verb}")
        return FAILURE
    return run(invocation, args[1:])


# ADBKeyboard's receiver ---------------------------------------------------------------------------
def _code(extras: Mapping[str, Any]) -> int | None:
    """The ``code`` extra as ADBKeyboard reads it (``getIntExtra("code", -1)``): None when it
    is missing, not an int, or -1."""
    code = extras.get("code")
    if not isinstance(code, int) or isinstance(code, bool) or code == -1:
        return None
    return code


def _type_text(phone: Phone, extras: Mapping[str, Any]) -> None:
    message = extras.get("msg")
    if isinstance(message, str):
        phone.text(message)


def _type_base64(phone: Phone, extras: Mapping[str, Any]) -> None:
    message = extras.get("msg")
    if not isinstance(message, str):
        return
    packed = "".join(message.split())
    try:
        data = base64.b64decode(packed + "=" * (-len(packed) % 4), validate=True)
    except binascii.Error:
        return
    phone.text(data.decode("utf-8", errors="replace"))


def _press_key(phone: Phone, extras: Mapping[str, Any]) -> None:
    code = _code(extras)
    if code is None or phone.focused_field() is None:
        return
    try:
        name = key_name(code)
    except ValueError:  # a code no key has: nothing takes it
        return
    phone.key(name)


def _editor_action(phone: Phone, extras: Mapping[str, Any]) -> None:
    """The field's one editor action, what the keyboard's action key does on a single-line
    field (its submit), for any code."""
    field = phone.focused_field()
    if _code(extras) is not None and field is not None and not field.multiline:
        phone.key("ENTER")


def _clear_text(phone: Phone, extras: Mapping[str, Any]) -> None:
    """Delete the focused field's text, a DEL press at a time (at most one a character)."""
    field = phone.focused_field()
    for _ in range(len(field.text) if field is not None else 0):
        phone.key("DEL")
        field = phone.focused_field()
        if field is None or not field.text:
            return


_ACTIONS: dict[str, Callable[[Phone, Mapping[str, Any]], None]] = {
    "ADB_INPUT_TEXT": _type_text,
    "ADB_INPUT_B64": _type_base64,
    "ADB_INPUT_CODE": _press_key,
    "ADB_EDITOR_CODE": _editor_action,
    "ADB_CLEAR_TEXT": _clear_text,
}
"""ADBKeyboard's broadcast actions, to what each does to the focused field."""


def receive(phone: Phone, action: str | None, extras: Mapping[str, Any]) -> None:
    """ADBKeyboard's receiver, given a broadcast: one of its actions acts on the focused
    field while ADBKeyboard is the current input method; anything else does nothing."""
    act = _ACTIONS.get(action or "")
    if act is not None and current(phone) == ADB_KEYBOARD:
        act(phone, extras)


COMMANDS: dict[str, Command] = {"ime": ime}
