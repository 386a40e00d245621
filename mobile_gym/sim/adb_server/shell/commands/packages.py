"""``pm list packages`` and ``pm clear``: the installed apps, and wiping an app's data."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    without_user,
)
from mobile_gym.sim.system.bars import SYSTEMUI

USAGE = """Package manager (package) commands:
  list packages [-3] [-s] [-e] [-u] [--user USER_ID] [FILTER]
    Prints all packages, optionally only those whose name contains FILTER.
      -3: only third party packages
      -s: only system packages
  clear [--user USER_ID] PACKAGE
    Deletes all data associated with a package."""


def installed_packages(phone: Phone) -> dict[str, bool]:
    """Package name to whether it is a system package (the framework ``android``, the system
    UI and the phone's apps)."""
    names = ["android", SYSTEMUI, *phone.apps]
    return {name: name == "android" or name.startswith("com.android.") for name in names}


def _operands(args: list[str], flags: tuple[str, ...]) -> tuple[set[str], list[str]]:
    """(flags given, the other arguments); ``--user N`` is accepted and ignored."""
    given: set[str] = set()
    rest: list[str] = []
    for arg in without_user(args):
        if arg in flags:
            given.add(arg)
        elif arg.startswith("-"):
            raise CommandError(f"Error: Unknown option: {arg}\n{USAGE}")
        else:
            rest.append(arg)
    return given, rest


def _list_packages(invocation: Invocation, args: list[str]) -> int:
    given, rest = _operands(args, ("-3", "-s", "-e", "-u"))
    if len(rest) > 1:
        raise CommandError(USAGE)
    needle = rest[0] if rest else ""
    for name, system in sorted(installed_packages(invocation.phone).items()):
        if needle in name and not ("-3" in given and system) and not ("-s" in given and not system):
            invocation.print(f"package:{name}")
    return 0


def _clear(invocation: Invocation, args: list[str]) -> int:
    _, rest = _operands(args, ())
    if len(rest) != 1:
        raise CommandError(USAGE)
    package = invocation.phone.package_name(rest[0])
    if package not in invocation.phone.apps:
        raise CommandError(f"Failed: package {rest[0]} is not installed")
    invocation.phone.clear_app_data(package)
    invocation.print("Success")
    return 0


def pm(invocation: Invocation, args: list[str]) -> int:
    if args[:2] == ["list", "packages"]:
        return _list_packages(invocation, args[2:])
    if args[:1] == ["clear"]:
        return _clear(invocation, args[1:])
    raise CommandError(USAGE)


COMMANDS: dict[str, Command] = {"pm": pm}
