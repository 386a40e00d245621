"""``settings get|put|delete|list NAMESPACE ...``: the settings provider (``global``, ``system``,
``secure``). ``get`` prints ``null`` for a key never set.

``put`` checks a ``system`` value as Android 14's settings provider does for the system
settings the phone reads (:data:`SYSTEM_VALIDATORS`: ``font_scale`` a number from 0.25 to 5,
``screen_off_timeout`` a whole number from 0, ``screen_brightness_mode`` and
``accelerometer_rotation`` 0 or 1, ``time_12_24`` 12 or 24) and refuses another as Android's
``settings`` does: on stderr, after a blank line, ``Exception occurred while executing
'put':`` and ``java.lang.IllegalArgumentException: Invalid value: VALUE for setting: KEY``,
with exit status 255. Android 14 checks nothing else, ``screen_brightness`` included: any
text is stored, and the Settings app reads what it cannot use as its default.
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    without_user,
)
from mobile_gym.sim.system.java_numbers import java_float, java_int

USAGE = """Settings provider (settings) commands:
  get [--user USER_ID] NAMESPACE KEY
  put [--user USER_ID] NAMESPACE KEY VALUE
  delete [--user USER_ID] NAMESPACE KEY
  list [--user USER_ID] NAMESPACE
NAMESPACE is one of {system, secure, global}."""
_ARITY = {"get": 2, "put": 3, "delete": 2, "list": 1}
EXCEPTION_STATUS = 255
"""The exit status of a shell command that threw (Android's -1)."""

Validator = Callable[[str], bool]
"""Whether a value is one a setting may hold."""


def _one_of(*values: str) -> Validator:
    """Android's ``DiscreteValueValidator``: one of ``values``, exactly."""
    return lambda value: value in values


def _integer_from(low: int) -> Validator:
    """Android's ``NON_NEGATIVE_INTEGER_VALIDATOR`` (``low`` 0): a whole number from ``low``."""

    def check(value: str) -> bool:
        number = java_int(value)
        return number is not None and number >= low

    return check


def _float_range(low: float, high: float) -> Validator:
    """Android's ``InclusiveFloatRangeValidator``: a number from ``low`` to ``high``."""

    def check(value: str) -> bool:
        number = java_float(value)
        return number is not None and low <= number <= high

    return check


_BOOLEAN = _one_of("0", "1")
SYSTEM_VALIDATORS: dict[str, Validator] = {
    "font_scale": _float_range(0.25, 5.0),
    "screen_off_timeout": _integer_from(0),
    "screen_brightness_mode": _BOOLEAN,
    "accelerometer_rotation": _BOOLEAN,
    "time_12_24": _one_of("12", "24"),
}
"""The checks of Android 14's ``SystemSettingsValidators`` on the system settings the phone
reads."""


def _check_value(command: str, namespace: str, key: str, value: str) -> None:
    """Refuse a system setting's value its validator rejects, as Android's ``settings``
    reports the provider's ``IllegalArgumentException`` (``command`` is its first word)."""
    validator = SYSTEM_VALIDATORS.get(key) if namespace == "system" else None
    if validator is not None and not validator(value):
        raise CommandError(
            f"\nException occurred while executing '{command}':\n"
            f"java.lang.IllegalArgumentException: Invalid value: {value} for setting: {key}",
            EXCEPTION_STATUS,
        )


def settings(invocation: Invocation, args: list[str]) -> int:
    command = args[0] if args else ""
    args = without_user(args)
    verb = args[0] if args else ""
    operands = args[1:]
    if verb not in _ARITY or not _ARITY[verb] <= len(operands) <= _ARITY[verb] + 2:
        raise CommandError(USAGE)
    store = invocation.phone.settings
    namespace = operands[0]
    if verb == "get":
        value = store.get(namespace, operands[1])
        invocation.print("null" if value is None else value)
    elif verb == "put":
        _check_value(command, *operands[:3])
        store.put(namespace, operands[1], operands[2])  # a trailing tag or "default" is ignored
    elif verb == "delete":
        found = store.get(namespace, operands[1]) is not None
        store.delete(namespace, operands[1])
        invocation.print(f"Deleted {int(found)} rows")
    else:
        store.get(namespace, "")  # checks the namespace
        for key, value in sorted(store.tables[namespace].items()):
            invocation.print(f"{key}={value}")
    return 0


COMMANDS: dict[str, Command] = {"settings": settings}
