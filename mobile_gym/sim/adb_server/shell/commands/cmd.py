"""``cmd SERVICE ARGS...``: a system service's shell commands, and ``cmd -l`` to list them.

``activity``, ``package``, ``settings``, ``window`` and ``input`` are what ``am``, ``pm``,
``settings``, ``wm`` and ``input`` run. The others:

- ``wifi status`` (``Wifi is enabled`` / ``Wifi is disabled``, then whether it is connected
  to the phone's one network) and ``wifi set-wifi-enabled enabled|disabled``;
- ``connectivity airplane-mode [enable|disable]`` (without an argument: ``enabled`` or
  ``disabled``); turning it on turns Wi-Fi and Bluetooth off;
- ``bluetooth_manager enable|disable``;
- ``battery`` as ``dumpsys battery`` (``set level N``, ``unplug``, ``reset``, ...);
- ``uimode night [yes|no|auto]`` (then ``Night mode: yes``), the dark theme;
- ``statusbar expand-notifications`` and ``collapse`` open and close the notification
  shade; the phone has no quick settings panel, so ``expand-settings`` fails, saying so.

Each change lands in the settings the Settings app and task signals read.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.commands import radios
from mobile_gym.sim.adb_server.shell.commands.activity import am
from mobile_gym.sim.adb_server.shell.commands.battery import battery
from mobile_gym.sim.adb_server.shell.commands.inputs import input_command
from mobile_gym.sim.adb_server.shell.commands.packages import pm
from mobile_gym.sim.adb_server.shell.commands.settings import settings
from mobile_gym.sim.adb_server.shell.commands.wm import wm
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation

NO_SERVICE = 20
"""``cmd``'s exit status when the service is missing or not found."""
UNKNOWN_COMMAND = 255
"""A service's exit status for a command it does not know (Android's -1)."""
_WIFI_USAGE = """Wi-Fi (wifi) commands:
  help or -h
    Print this help text.
  set-wifi-enabled enabled|disabled
    Enables/disables Wifi on this device.
  status
    Current wifi status"""
_CONNECTIVITY_USAGE = """Connectivity service commands:
  help
    Print this help text.
  airplane-mode [enable|disable]
    Turn airplane mode on or off.
  airplane-mode
    Get airplane mode."""
_BLUETOOTH_USAGE = """Bluetooth Manager Commands:
  help or -h
    Print this help text.
  enable
    Enable Bluetooth on this device.
  disable
    Disable Bluetooth on this device."""
_UIMODE_USAGE = """UiModeManager service (uimode) commands:
  help
    Print this help text.
  night [yes|no|auto]
    Set or read night mode."""
_STATUSBAR_USAGE = """usage: cmd statusbar [command]
available commands:
  help
    Print this help text.
  expand-notifications
    Open the notifications panel.
  expand-settings
    Open the notifications panel and expand quick settings if present.
  collapse
    Collapse the notifications and settings panel."""
_NIGHT_MODES = {"auto": "0", "no": "1", "yes": "2"}
"""``secure/ui_night_mode`` values, as Android's UiModeManager numbers them."""
_ENABLED = {"enabled": True, "disabled": False}
_SWITCH = {"enable": True, "disable": False}


def _help(invocation: Invocation, args: list[str], usage: str) -> int:
    """``help`` or ``-h`` prints the usage; anything else (or nothing) is an unknown command."""
    if args in (["help"], ["-h"]):
        invocation.print(usage)
        return 0
    unknown = f"Unknown command: {' '.join(args)}\n" if args else ""
    raise CommandError(unknown + usage, UNKNOWN_COMMAND)


def _wifi(invocation: Invocation, args: list[str]) -> int:
    phone = invocation.phone
    if args == ["status"]:
        enabled = radios.is_on(phone, radios.WIFI)
        invocation.print(f"Wifi is {'enabled' if enabled else 'disabled'}")
        invocation.print("Wifi scanning is only available when wifi is enabled")
        invocation.print("==== Primary ClientModeManager instance ====")
        if radios.wifi_connected(phone):
            invocation.print(f'Wifi is connected to "{radios.WIFI_NETWORK}"')
        else:
            invocation.print("Wifi is not connected")
    elif args[:1] == ["set-wifi-enabled"]:
        if len(args) != 2 or args[1] not in _ENABLED:
            raise CommandError(
                "Invalid argument to 'set-wifi-enabled' - must be 'enabled' or 'disabled'",
                UNKNOWN_COMMAND,
            )
        radios.switch(phone, radios.WIFI, _ENABLED[args[1]])
    else:
        return _help(invocation, args, _WIFI_USAGE)
    return 0


def _connectivity(invocation: Invocation, args: list[str]) -> int:
    phone = invocation.phone
    if args == ["airplane-mode"]:
        invocation.print("enabled" if radios.is_on(phone, radios.AIRPLANE_MODE) else "disabled")
    elif args[:1] == ["airplane-mode"]:
        if len(args) != 2 or args[1] not in _SWITCH:
            raise CommandError(f"Invalid argument: {' '.join(args[1:])}\n{_CONNECTIVITY_USAGE}")
        radios.switch(phone, radios.AIRPLANE_MODE, _SWITCH[args[1]])
    else:
        return _help(invocation, args, _CONNECTIVITY_USAGE)
    return 0


def _bluetooth(invocation: Invocation, args: list[str]) -> int:
    if len(args) == 1 and args[0] in _SWITCH:
        radios.switch(invocation.phone, radios.BLUETOOTH, _SWITCH[args[0]])
        return 0
    return _help(invocation, args, _BLUETOOTH_USAGE)


def _uimode(invocation: Invocation, args: list[str]) -> int:
    store = invocation.phone.settings
    if args[:1] != ["night"] or len(args) > 2:
        return _help(invocation, args, _UIMODE_USAGE)
    if len(args) == 2:
        if args[1] not in _NIGHT_MODES:
            raise CommandError(f"Error: mode must be 'yes', 'no', or 'auto', got {args[1]!r}")
        store.put("secure", "ui_night_mode", _NIGHT_MODES[args[1]])
    current = store.get("secure", "ui_night_mode")
    mode = next((name for name, value in _NIGHT_MODES.items() if value == current), current)
    invocation.print(f"Night mode: {mode}")
    return 0


def _statusbar(invocation: Invocation, args: list[str]) -> int:
    if args == ["collapse"]:
        invocation.phone.notifications.close_shade()
        return 0
    if args == ["expand-notifications"]:
        invocation.phone.notifications.open_shade()
        return 0
    if args == ["expand-settings"]:
        raise CommandError(
            "cmd statusbar expand-settings: the simulated phone has no quick settings panel to open"
        )
    return _help(invocation, args, _STATUSBAR_USAGE)


SERVICES: dict[str, Command] = {
    "activity": am,
    "battery": battery,
    "bluetooth_manager": _bluetooth,
    "connectivity": _connectivity,
    "input": input_command,
    "package": pm,
    "settings": settings,
    "statusbar": _statusbar,
    "uimode": _uimode,
    "wifi": _wifi,
    "window": wm,
}


def cmd(invocation: Invocation, args: list[str]) -> int:
    if args == ["-l"]:
        invocation.print("Currently running services:")
        for name in SERVICES:
            invocation.print(f"  {name}")
        return 0
    if not args:
        raise CommandError(
            "cmd: No service specified; use -l to list all running services. "
            "Use -w to start and wait for a service.",
            NO_SERVICE,
        )
    service = SERVICES.get(args[0])
    if service is None:
        raise CommandError(f"cmd: Can't find service: {args[0]}", NO_SERVICE)
    return service(invocation, args[1:])


COMMANDS: dict[str, Command] = {"cmd": cmd}
