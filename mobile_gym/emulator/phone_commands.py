"""The emulator console's commands that act on the phone: ``sms send`` and ``power``.

- ``sms send <number> <text>``: a text message from ``number`` arrives, as from the
  emulator's modem: SMS Messenger keeps it unread in the conversation with that number and
  notifies it (``sms_messenger.incoming``); a blocked number's message is dropped, as the
  app drops it. The text is the rest of the line, spacing kept. The number is digits with
  an optional leading ``+``; anything else answers ``KO: bad phone number format``.
- ``power display`` shows the battery (``AC: online`` on any charger, the phone's USB at
  boot included, else ``offline``; ``status``, ``health``, ``present``, ``capacity``); ``power ac on|off`` plugs or unplugs the charger and
  ``power capacity <0-100>`` sets the level, which the status bar, ``dumpsys battery`` and
  adbutils' ``battery()`` then show. The status follows from the two (charging, full,
  discharging); forcing it, the health or the battery's presence is refused with a
  ``KO:`` line, since the simulated battery does not keep them.

Each answer is its lines, the last ``OK`` or ``KO: ...``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from mobile_gym.sim.apps.sms_messenger.incoming import deliver
from mobile_gym.sim.services import CHARGING, DISCHARGING, FULL

if TYPE_CHECKING:
    from mobile_gym.sim import Phone

Answer = list[str]
PhoneCommand = Callable[["Phone", str], Answer]
"""A command: the phone and the command line after the command's name; its answer."""

_NUMBER = re.compile(r"\+?\d+")
_STATUS_WORDS = {CHARGING: "Charging", DISCHARGING: "Discharging", FULL: "Full"}


def sms(phone: Phone, rest: str) -> Answer:
    """``sms send <number> <text>``."""
    words = rest.split(None, 2)
    if not words or words[0].lower() != "send":
        return ["KO: missing sub-command: send (the simulated modem takes sms send only)"]
    if len(words) < 3:
        return ["KO: missing argument, try 'sms send <phonenumber> <text message>'"]
    _, number, text = words
    if not _NUMBER.fullmatch(number):
        return ["KO: bad phone number format, must be [+](0-9)*"]
    deliver(phone, number, text)
    return ["OK"]


def power(phone: Phone, rest: str) -> Answer:
    """``power display``, ``power ac on|off``, ``power capacity <percent>``."""
    words = rest.split()
    sub = words[0].lower() if words else ""
    services = phone.services
    if sub == "display" and len(words) == 1:
        return [
            f"AC: {'online' if services.charger else 'offline'}",
            f"status: {_STATUS_WORDS[services.battery_status()]}",
            "health: Good",
            "present: true",
            f"capacity: {services.battery}",
            "OK",
        ]
    if sub == "ac" and len(words) == 2 and words[1].lower() in ("on", "off"):
        services.set_battery(services.battery, "ac" if words[1].lower() == "on" else None)
        return ["OK"]
    if sub == "capacity" and len(words) == 2:
        if not words[1].isdigit() or not 0 <= int(words[1]) <= 100:
            return ['KO: Usage: "capacity <percentage>", with a percentage from 0 to 100']
        services.set_battery(int(words[1]), services.charger)
        return ["OK"]
    if sub in ("status", "health", "present"):
        return [
            f"KO: power {sub}: the simulated battery's {sub} follows from its charger and"
            " level; set those with 'power ac on|off' and 'power capacity <percentage>'"
        ]
    return ["KO: usage: power display | power ac on|off | power capacity <percentage>"]


COMMANDS: dict[str, PhoneCommand] = {"sms": sms, "power": power}
