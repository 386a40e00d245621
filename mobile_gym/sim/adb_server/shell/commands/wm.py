"""``wm size`` and ``wm density``: the display's size and density.

The size cannot be overridden. ``wm density N`` records a forced density in
``secure/display_density_forced`` (as Settings' Display size slider does) and ``wm density``
then reports it as the override; ``wm density reset`` clears it. The phone keeps drawing at
the panel's own density.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation
from mobile_gym.sim.apps.settings_text import DENSITY_KEY

USAGE = """Window manager (window) commands:
  size [reset]
    Return the physical display size.
  density [reset|DENSITY]
    Return or override the display density."""


def _density(invocation: Invocation, args: list[str]) -> None:
    settings = invocation.phone.settings
    if not args:
        invocation.print(f"Physical density: {invocation.phone.display.dpi}")
        forced = settings.get(*DENSITY_KEY) or ""
        if forced.isdigit():
            invocation.print(f"Override density: {forced}")
    elif args == ["reset"]:
        settings.put(*DENSITY_KEY, "")
    elif len(args) == 1 and args[0].isdigit() and 72 <= int(args[0]) <= 1000:
        settings.put(*DENSITY_KEY, args[0])
    else:
        raise CommandError(f"wm density: bad density {' '.join(args)!r}")


def wm(invocation: Invocation, args: list[str]) -> int:
    display = invocation.phone.display
    if args == ["size"]:
        invocation.print(f"Physical size: {display.width}x{display.height}")
    elif args == ["size", "reset"]:
        pass  # the size is never overridden
    elif args[:1] == ["size"]:
        raise CommandError("wm size: the simulated phone's display size cannot be overridden")
    elif args[:1] == ["density"]:
        _density(invocation, args[1:])
    else:
        raise CommandError(USAGE)
    return 0


COMMANDS: dict[str, Command] = {"wm": wm}
