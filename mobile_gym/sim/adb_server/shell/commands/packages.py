"""``pm list packages``, ``pm path``, ``pm clear`` and ``pm grant``: the installed apps, where
each one's APK is, wiping an app's data, and permissions (the simulated apps hold every
permission they ask for: ``grant`` has nothing to change, ``revoke`` is refused). The apps
are part of the phone's image: ``install``, ``uninstall``, ``enable`` and ``disable`` fail
with a ``Failure [...]`` line saying so (adbutils raises on it).

Each package has one uid, the one its data directory (``ls -l``), its process (``ps``) and
``dumpsys package`` show: ``system`` (1000) for the framework ``android``, a fixed app uid
for the system UI and, for each of the phone's apps, the uid its activity manager gives it
(``Activities.uid``). ``list packages`` takes ``-f`` (the APK's path before the name) and
``-U`` (the uid after it) beside the filters ``-3 -s -e -u``.
"""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim.activities import APP_UID_BASE
from mobile_gym.sim.adb_server.shell.commands.owners import SYSTEM
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    without_user,
)
from mobile_gym.sim.system.bars import SYSTEMUI

USAGE = """Package manager (package) commands:
  list packages [-f] [-3] [-s] [-e] [-u] [-U] [--user USER_ID] [FILTER]
    Prints all packages, optionally only those whose name contains FILTER.
      -f: see their associated file
      -3: only third party packages
      -s: only system packages
      -U: also show the package UID
  path [--user USER_ID] PACKAGE
    Print the path to the .apk of the given PACKAGE.
  clear [--user USER_ID] PACKAGE
    Deletes all data associated with a package.
  grant [--user USER_ID] PACKAGE PERMISSION
  revoke [--user USER_ID] PACKAGE PERMISSION
    These commands either grant or revoke permissions to apps."""


def installed_packages(phone: Phone) -> dict[str, bool]:
    """Package name to whether it is a system package (the framework ``android``, the system
    UI and the phone's apps)."""
    names = ["android", SYSTEMUI, *phone.apps]
    return {name: name == "android" or name.startswith("com.android.") for name in names}


SYSTEMUI_UID = APP_UID_BASE - 1
"""The system UI's uid: an app uid below those of the phone's apps."""


def package_uid(phone: Phone, name: str) -> int:
    """The uid of installed package ``name`` (see the module docstring)."""
    if name == "android":
        return SYSTEM
    if name == SYSTEMUI:
        return SYSTEMUI_UID
    return phone.activities.uid(name)


def code_path(name: str, system: bool) -> str:
    """The folder package ``name`` is installed in (``dumpsys package``'s ``codePath``)."""
    return f"/system/priv-app/{name}" if system else f"/data/app/{name}-1"


def apk_path(name: str, system: bool) -> str:
    """The path of package ``name``'s APK (``pm path``)."""
    return f"{code_path(name, system)}/{name.rpartition('.')[2] if system else 'base'}.apk"


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
    given, rest = _operands(args, ("-f", "-3", "-s", "-e", "-u", "-U"))
    if len(rest) > 1:
        raise CommandError(USAGE)
    needle = rest[0] if rest else ""
    phone = invocation.phone
    for name, system in sorted(installed_packages(phone).items()):
        if needle in name and not ("-3" in given and system) and not ("-s" in given and not system):
            path = f"{apk_path(name, system)}=" if "-f" in given else ""
            uid = f" uid:{package_uid(phone, name)}" if "-U" in given else ""
            invocation.print(f"package:{path}{name}{uid}")
    return 0


def _one_package(invocation: Invocation, args: list[str]) -> tuple[str, str]:
    """The one package a subcommand names, as given and as installed (its alias resolved)."""
    _, rest = _operands(args, ())
    if len(rest) != 1:
        raise CommandError(USAGE)
    return rest[0], invocation.phone.package_name(rest[0])


def _path(invocation: Invocation, args: list[str]) -> int:
    _, package = _one_package(invocation, args)
    installed = installed_packages(invocation.phone)
    if package not in installed:
        return 1  # as on Android: nothing printed
    invocation.print(f"package:{apk_path(package, installed[package])}")
    return 0


def _clear(invocation: Invocation, args: list[str]) -> int:
    given, package = _one_package(invocation, args)
    if package not in invocation.phone.apps:
        raise CommandError(f"Failed: package {given} is not installed")
    invocation.phone.clear_app_data(package)
    invocation.print("Success")
    return 0


def _grant(invocation: Invocation, args: list[str]) -> int:
    """``pm grant PACKAGE PERMISSION``: the simulated apps hold every permission they ask
    for, so granting one succeeds with nothing to change (for an installed package and a
    permission's full name)."""
    _, rest = _operands(args, ())
    if len(rest) != 2:
        raise CommandError(USAGE)
    given, permission = rest
    if invocation.phone.package_name(given) not in installed_packages(invocation.phone):
        raise CommandError(f"Exception occurred while executing 'grant':\nUnknown package: {given}")
    if "." not in permission:
        raise CommandError(
            f"Exception occurred while executing 'grant':\nUnknown permission: {permission}"
        )
    return 0


def _revoke(invocation: Invocation, args: list[str]) -> int:
    raise CommandError(
        "pm revoke: the simulated apps hold every permission they ask for; taking one away is"
        " not modelled"
    )


_FIXED_APPS = (
    "install", "install-create", "install-multiple", "uninstall", "enable", "disable",
    "disable-user", "hide", "unhide", "suspend", "unsuspend",
)  # fmt: skip
"""Subcommands that would add, remove or switch off apps: the served phone's are fixed."""


def pm(invocation: Invocation, args: list[str]) -> int:
    if args[:2] == ["list", "packages"]:
        return _list_packages(invocation, args[2:])
    if args[:1] == ["clear"]:
        return _clear(invocation, args[1:])
    if args[:1] == ["path"]:
        return _path(invocation, args[1:])
    if args[:1] == ["grant"]:
        return _grant(invocation, args[1:])
    if args[:1] == ["revoke"]:
        return _revoke(invocation, args[1:])
    if args[:1] and args[0] in _FIXED_APPS:
        raise CommandError(
            f"Failure [pm {args[0]}: the served phone's apps are part of its system image: they"
            " cannot be installed, uninstalled, enabled or disabled (pm clear wipes an app's"
            " data)]"
        )
    raise CommandError(USAGE)


COMMANDS: dict[str, Command] = {"pm": pm}
