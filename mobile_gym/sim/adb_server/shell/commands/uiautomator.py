"""``uiautomator dump``: the view hierarchy to a file (default ``/sdcard/window_dump.xml``)
or, given ``/dev/tty``, to stdout; then ``UI hierchary dumped to: PATH`` (sic, as Android
prints it). Under the ``empty_dump`` and ``malformed_dump`` faults the dump is empty or cut
off in the middle.
"""

from __future__ import annotations

from mobile_gym.sim.adb_server.files import absolute, describe
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
)

DEFAULT_DUMP = "/sdcard/window_dump.xml"
_TO_STDOUT = ("/dev/tty", "/dev/stdout")
USAGE = """Usage: uiautomator <subcommand> [options]

Available subcommands:

dump: creates an XML dump of current UI hierarchy
    dump [--compressed] [file]"""


def uiautomator(invocation: Invocation, args: list[str]) -> int:
    if args[:1] != ["dump"]:
        raise CommandError(USAGE)
    _, operands = getopts("uiautomator dump", args[1:], "", ["compressed"])
    if len(operands) > 1:
        raise CommandError(USAGE)
    path = absolute(operands[0]) if operands else DEFAULT_DUMP
    xml = invocation.phone.hierarchy_xml().encode("utf-8")
    faults, serial = invocation.faults, invocation.device.serial
    if faults.take(serial, "empty_dump"):
        xml = b""
    elif faults.take(serial, "malformed_dump"):
        xml = xml[: len(xml) // 2]
    if path in _TO_STDOUT:
        invocation.out.write(xml)
    else:
        try:
            invocation.device.files.write(path, xml)
        except (OSError, ValueError) as exc:
            raise CommandError(f"ERROR: could not write {path}: {describe(exc)}") from None
    invocation.print(f"UI hierchary dumped to: {path}")
    return 0


COMMANDS: dict[str, Command] = {"uiautomator": uiautomator}
