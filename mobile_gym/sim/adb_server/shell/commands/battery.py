"""``dumpsys battery`` and ``cmd battery``: the battery's state, and the commands that set
it as on an emulator (``dumpsys battery set level 15``, ``unplug``, ``reset``).

The phone boots at 85 % on USB power. ``set level N`` (0 to 100) and ``set ac|usb|wireless|dock
0|1`` change what the status bar and adbutils' ``battery()`` show; ``unplug`` takes every
charger away and ``reset`` goes back to the boot state. ``get level|ac|usb|wireless|dock|status``
prints one value. The status follows from them: charging (2) on a charger below 100 %, full
(5) on a charger at 100 %, discharging (3) unplugged. Temperature, voltage and the other
properties an emulator can force are fixed here: setting them is refused, not ignored.
"""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.shell.invocation import CommandError, Invocation, parse_int
from mobile_gym.sim.services import BOOT_BATTERY_LEVEL, BOOT_CHARGER, CHARGERS

USAGE = """Battery service (battery) commands:
  help
    Print this help text.
  get [ac|usb|wireless|dock|status|level]
  set [ac|usb|wireless|dock|level] <value>
    Force a battery property value, freezing battery state.
  unplug
    Force battery unplugged, freezing battery state.
  reset
    Unfreeze battery state, returning to current hardware values."""


def dump(phone: Phone) -> list[str]:
    """``dumpsys battery``'s lines."""
    charger = phone.services.charger
    return [
        "Current Battery Service state:",
        f"  AC powered: {str(charger == 'ac').lower()}",
        f"  USB powered: {str(charger == 'usb').lower()}",
        f"  Wireless powered: {str(charger == 'wireless').lower()}",
        f"  Dock powered: {str(charger == 'dock').lower()}",
        f"  status: {phone.services.battery_status()}",
        "  health: 2",
        "  present: true",
        f"  level: {phone.battery}",
        "  scale: 100",
        "  voltage: 4200",
        "  temperature: 250",
        "  technology: Li-ion",
    ]


def _get(phone: Phone, key: str) -> str:
    services = phone.services
    if key in CHARGERS:
        return str(services.charger == key).lower()
    if key == "level":
        return str(services.battery)
    if key == "status":
        return str(services.battery_status())
    raise CommandError(f"Unknown get option: {key}")


def _set(phone: Phone, key: str, value: str) -> None:
    services = phone.services
    if key == "level":
        level = parse_int(value, "battery level")
        if not 0 <= level <= 100:
            raise CommandError(f"battery level must be 0..100, got {level}")
        services.set_battery(level, services.charger)
    elif key in CHARGERS:
        plugged = parse_int(value, f"battery {key}") != 0
        if plugged:
            services.set_battery(services.battery, key)
        elif services.charger == key:
            services.set_battery(services.battery, None)
    else:
        raise CommandError(
            f"Unknown set option: {key} (the simulated battery sets level, ac, usb, wireless"
            " and dock)"
        )


def battery(invocation: Invocation, args: list[str]) -> int:
    phone = invocation.phone
    if not args:
        invocation.print("\n".join(dump(phone)))
    elif args[0] in ("help", "-h"):
        invocation.print(USAGE)
    elif args[0] == "get" and len(args) == 2:
        invocation.print(_get(phone, args[1]))
    elif args[0] == "set" and len(args) == 3:
        _set(phone, args[1], args[2])
    elif args == ["unplug"]:
        phone.services.set_battery(phone.battery, None)
    elif args == ["reset"]:
        phone.services.set_battery(BOOT_BATTERY_LEVEL, BOOT_CHARGER)
    else:
        raise CommandError(f"Unknown battery command: {' '.join(args)}\n{USAGE}")
    return 0
