"""``svc wifi|data|bluetooth enable|disable`` and ``svc power stayon [true|false|usb|ac|wireless]``.

Each writes the setting the Settings app and task signals read (``global/wifi_on``,
``global/mobile_data``, ``global/bluetooth_on``, ``global/stay_on_while_plugged_in``) and,
as on Android, prints nothing. The phone has no NFC or USB controls, so ``svc nfc`` and
``svc usb`` are unknown commands.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.commands import radios
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation

USAGE = """Available commands:
    help     Show information about the subcommands
    power    Control the power manager
    data     Control mobile data connectivity
    wifi     Control the Wi-Fi manager
    bluetooth Control Bluetooth service"""
_RADIOS = {
    "wifi": (radios.WIFI, "Control the Wi-Fi manager", "Turn Wi-Fi on or off."),
    "data": (radios.MOBILE_DATA, "Control mobile data connectivity", "Turn mobile data on or off."),
    "bluetooth": (radios.BLUETOOTH, "Control Bluetooth service", "Turn Bluetooth on or off."),
}
_STATES = {"enable": True, "disable": False}
_POWER_USAGE = """Control the power manager

usage: svc power stayon [true|false|usb|ac|wireless|dock]
         Set the 'keep awake while plugged in' setting."""


def svc(invocation: Invocation, args: list[str]) -> int:
    name = args[0] if args else "help"
    if name == "help":
        invocation.print(USAGE)
        return 0
    if name == "power":
        if len(args) != 3 or args[1] != "stayon" or args[2] not in radios.STAY_ON_SOURCES:
            raise CommandError(_POWER_USAGE)
        invocation.phone.settings.put(*radios.STAY_ON, radios.STAY_ON_SOURCES[args[2]])
        return 0
    if name not in _RADIOS:
        raise CommandError(f"Unknown command '{name}'\n\n{USAGE}")
    setting, summary, action = _RADIOS[name]
    if len(args) != 2 or args[1] not in _STATES:
        raise CommandError(f"{summary}\n\nusage: svc {name} [enable|disable]\n         {action}")
    radios.switch(invocation.phone, setting, _STATES[args[1]])
    return 0


COMMANDS: dict[str, Command] = {"svc": svc}
