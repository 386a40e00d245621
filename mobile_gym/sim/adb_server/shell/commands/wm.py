"""``wm size`` and ``wm density``: the display's size and density (they cannot be overridden)."""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation

USAGE = """Window manager (window) commands:
  size [reset]
    Return the physical display size.
  density [reset]
    Return the physical display density."""


def wm(invocation: Invocation, args: list[str]) -> int:
    display = invocation.phone.display
    if args == ["size"]:
        invocation.print(f"Physical size: {display.width}x{display.height}")
    elif args == ["density"]:
        invocation.print(f"Physical density: {display.dpi}")
    elif args in (["size", "reset"], ["density", "reset"]):
        pass  # nothing is ever overridden
    elif args[:1] in (["size"], ["density"]):
        raise CommandError(f"wm {args[0]}: the simulated phone's display cannot be overridden")
    else:
        raise CommandError(USAGE)
    return 0


COMMANDS: dict[str, Command] = {"wm": wm}
