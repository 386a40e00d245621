"""``getprop [NAME [DEFAULT]]``: system properties (``sys.boot_completed``, the model, ...)."""

from __future__ import annotations

from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation


def getprop(invocation: Invocation, args: list[str]) -> int:
    props = invocation.device.properties()
    if not args:
        for name, value in sorted(props.items()):
            invocation.print(f"[{name}]: [{value}]")
    elif len(args) <= 2:
        invocation.print(props.get(args[0], args[1] if len(args) == 2 else ""))
    else:
        raise CommandError("usage: getprop [NAME [DEFAULT]]")
    return 0


COMMANDS: dict[str, Command] = {"getprop": getprop}
