"""``screencap``: the screen as PNG (``-p`` or a ``.png`` file name) or as raw RGBA.

The byte formats are described in ``mobile_gym.sim.adb_server.framebuffer``. Under the
``garbage_screenshot`` fault the output is bytes that are not an image.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.framebuffer import GARBAGE
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
)

USAGE = """usage: screencap [-hp] [-d display-id] [FILENAME]
   -h: this message
   -p: save the file as a png.
   -d: specify the display ID to capture (the phone has display 0).
If FILENAME ends with .png it will be saved as a png.
If FILENAME is not given, the results will be printed to stdout."""


def screencap(invocation: Invocation, args: list[str]) -> int:
    options, operands = getopts("screencap", args, "hpd:")
    if "-h" in options or len(operands) > 1:
        raise CommandError(USAGE)
    if options.get("-d", "0") != "0":
        raise CommandError(f"Display Id '{options['-d']}' is not valid.\n{USAGE}")
    path = absolute(operands[0]) if operands else None
    png = "-p" in options or (path is not None and path.endswith(".png"))
    device = invocation.device
    if invocation.faults.take(device.serial, "garbage_screenshot"):
        data = GARBAGE
    else:
        data = device.screen.png() if png else device.screen.raw()
    if path is None:
        invocation.out.write(data)
        return 0
    try:
        device.files.write(path, data)
    except (OSError, ValueError) as exc:
        raise CommandError(f"Error opening file: {path} ({describe(exc)})") from None
    return 0


COMMANDS: dict[str, Command] = {"screencap": screencap}
