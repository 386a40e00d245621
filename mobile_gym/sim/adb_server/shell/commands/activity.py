"""``am`` (start, force-stop, broadcast, stack list, task lock) and ``monkey -p PACKAGE 1``: starting and stopping apps.

``am start`` takes an intent as Android's ``am`` parses one (``-n PACKAGE/ACTIVITY``, ``-a``,
``-c``, ``-d``, ``-p``, string/int/bool extras passed to the activity as its arguments, a bare
``PACKAGE/ACTIVITY`` or ``PACKAGE``) plus ``-W`` and ``-S``. Activity names may be short
(``.Settings``) or full (``com.android.settings.Settings``). An intent naming no component
resolves by its action: a web page to view (``-a android.intent.action.VIEW -d https://...``)
opens in Chrome, and the Settings actions (``android.settings.SETTINGS``,
``WIFI_SETTINGS``...) open their Settings pages. Starting the activity an app's task began
with, while that task exists, brings the task to the front instead (with the warning
Android prints), as ``am start`` does.

``am broadcast`` reaches the receivers registered at run time, which are ADBKeyboard's
(``commands.ime``: its actions type into the focused field while it is the current input
method) unless the intent names a component or another package; it prints the intent with
the flag ``am`` adds (``flg=0x400000``) and ``Broadcast completed: result=0``, whether or
not a receiver acted on it, as Android does.

``am task lock TASK_ID`` pins the task of that id (the ids ``am stack list`` prints): the
task comes to the front and the phone is in lock task mode; ``am task lock stop`` unpins it.
Both print ``Activity manager is [not ]in lockTaskMode`` and exit 0, as Android does, also
for an id no task has (nothing is pinned then); an id that is not a number is Android's
``NumberFormatException`` (status 255). What differs from Android: the pin is a state the
phone keeps and ``am task lock`` reports, not a restriction: HOME, BACK and Overview still
leave the pinned task, and the pin ends once the task is gone (a force-stop, a reset).
"""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass, field
from typing import Any

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.shell.commands import ime
from mobile_gym.sim.adb_server.shell.commands.dumpsys import stack_list
from mobile_gym.sim.adb_server.shell.commands.settings import EXCEPTION_STATUS
from mobile_gym.sim.adb_server.shell.invocation import (
    Command,
    CommandError,
    Invocation,
    getopts,
    option_value,
    parse_int,
    parse_number,
    without_user,
)
from mobile_gym.sim.apps.base import App, ScreenState
from mobile_gym.sim.apps.chrome import MAIN as CHROME_MAIN
from mobile_gym.sim.apps.chrome import PACKAGE as CHROME
from mobile_gym.sim.apps.settings import PACKAGE as SETTINGS

USAGE = """Activity manager (activity) commands:
  start [-W] [-S] <INTENT>
  force-stop <PACKAGE>
  stack list
  task lock <TASK_ID>|stop
  broadcast <INTENT>
  get-current-user
<INTENT>: [-a <ACTION>] [-d <DATA_URI>] [-c <CATEGORY>] [-n <COMPONENT>] [-p <PACKAGE>]
    [--es|--ei|--el|--ef|--ez <KEY> <VALUE>] ... [<COMPONENT>|<PACKAGE>|<URI>]"""
_VALUE_OPTIONS = {
    "-a": "action",
    "-d": "data",
    "-c": "category",
    "-n": "component",
    "-p": "package",
}
_IGNORED_WITH_VALUE = ("-t", "-f", "--user")
_EXTRAS = {
    "-e": str,
    "--es": str,
    "--ei": lambda v: parse_int(v, "--ei value"),
    "--el": lambda v: parse_int(v, "--el value"),
    "--ef": lambda v: parse_number(v, "--ef value"),
    "--ez": lambda v: v.lower() in ("true", "1", "t"),
}
BROADCAST_FLAGS = 0x400000
"""``Intent.FLAG_RECEIVER_INCLUDE_BACKGROUND``, which ``am broadcast`` adds to every intent."""


@dataclass
class Intent:
    """What ``am`` was asked to start or send."""

    action: str | None = None
    data: str | None = None
    category: list[str] = field(default_factory=list)
    component: str | None = None
    package: str | None = None
    extras: dict[str, Any] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)

    def describe(self, flags: int = 0) -> str:
        """``Intent { ... }`` as Android's ``Intent.toShortString`` prints it, with the
        intent flags ``flags`` (none: no ``flg=``)."""
        parts = []
        if self.action:
            parts.append(f"act={self.action}")
        if self.category:
            parts.append(f"cat=[{','.join(self.category)}]")
        if self.data:
            parts.append(f"dat={self.data}")
        if flags:
            parts.append(f"flg={flags:#x}")
        if self.package and not self.component:
            parts.append(f"pkg={self.package}")
        if self.component:
            parts.append(f"cmp={self.component}")
        if self.extras:
            parts.append("(has extras)")
        return "Intent { " + " ".join(parts) + " }"


def parse_intent(args: list[str], flags: tuple[str, ...] = ()) -> Intent:
    """An intent from ``am`` arguments; ``flags`` are options without a value to collect."""
    intent = Intent()
    i = 0
    while i < len(args):
        arg = args[i]
        if arg in _VALUE_OPTIONS:
            value = option_value(args, i, arg)
            if arg == "-c":
                intent.category.append(value)
            else:
                setattr(intent, _VALUE_OPTIONS[arg], value)
            i += 1
        elif arg in _IGNORED_WITH_VALUE:
            option_value(args, i, arg)
            i += 1
        elif arg in _EXTRAS:
            if i + 2 >= len(args):
                raise CommandError(f"Error: {arg} needs <KEY> <VALUE>")
            intent.extras[args[i + 1]] = _EXTRAS[arg](args[i + 2])
            i += 2
        elif arg in flags or arg.startswith("--activity-"):
            intent.flags.add(arg)
        elif arg.startswith("-"):
            raise CommandError(f"Error: Unknown option: {arg}\n{USAGE}")
        elif ":" in arg:
            intent.data = arg
        elif "/" in arg:
            intent.component = arg
        else:
            intent.package = arg
        i += 1
    return intent


def _activity_name(app: App, package: str, name: str) -> str:
    """``name`` as the app's screens know it: ``.Name`` for a full name in the package (the
    installed one, or the ``package`` the intent named for it)."""
    for prefix in (app.package, package):
        if name.startswith(prefix + "."):
            short = name[len(prefix) :]
            if short in app.screens:
                return short
    return name


_SETTINGS_ACTIONS = {
    "android.settings.SETTINGS": ".Settings",
    "android.settings.WIFI_SETTINGS": ".Settings$NetworkDashboardActivity",
    "android.settings.WIRELESS_SETTINGS": ".Settings$NetworkDashboardActivity",
    "android.settings.BLUETOOTH_SETTINGS": ".Settings$ConnectedDeviceDashboardActivity",
    "android.settings.DISPLAY_SETTINGS": ".Settings$DisplaySettingsActivity",
    "android.settings.DEVICE_INFO_SETTINGS": ".Settings$MyDeviceInfoActivity",
}
"""The Settings pages the system's Settings actions open."""
_VIEW = "android.intent.action.VIEW"


def _implicit(intent: Intent) -> tuple[str, str] | None:
    """(package, activity) an intent with no component resolves to by its action, if any; a
    web page to view goes to the browser as its ``url`` argument."""
    if intent.action in _SETTINGS_ACTIONS and not intent.data:
        return SETTINGS, _SETTINGS_ACTIONS[intent.action]
    if intent.action == _VIEW and (intent.data or "").startswith(("http://", "https://")):
        intent.extras.setdefault("url", intent.data)
        return CHROME, CHROME_MAIN
    return None


def _resolve(phone: Phone, intent: Intent) -> tuple[str, str]:
    """(package, activity) the intent starts."""
    implicit = None if intent.component else _implicit(intent)
    if implicit is not None and implicit[0] in phone.apps:
        return implicit
    if intent.component:
        package, _, name = intent.component.partition("/")
        app = phone.apps.get(phone.package_name(package))
        activity = _activity_name(app, package, name) if app else name
        if app is None or activity not in app.screens:
            raise CommandError(f"Error: Activity class {{{intent.component}}} does not exist.")
        return app.package, activity
    app = phone.apps.get(phone.package_name(intent.package or ""))
    if app is None or intent.data:
        raise CommandError(f"Error: Activity not started, unable to resolve {intent.describe()}")
    return app.package, app.main_activity


def _start(invocation: Invocation, args: list[str]) -> int:
    phone = invocation.phone
    intent = parse_intent(args, flags=("-W", "-S"))
    reserved = {"package", "activity"} & set(intent.extras)
    if reserved:
        raise CommandError(f"Error: extra names {sorted(reserved)} are reserved")
    invocation.print(f"Starting: {intent.describe()}")
    package, activity = _resolve(phone, intent)
    if "-S" in intent.flags:
        phone.force_stop(package)
    cold = package not in phone.pids
    task = phone.activities.tasks.get(package)
    if task and task[0].activity == activity and not intent.extras:
        invocation.print(
            "Warning: Activity not started, its current task has been brought to the front"
        )
        phone.launch(package)
    else:
        phone.start_activity(package, activity, **intent.extras)
    if "-W" in intent.flags:
        component = phone.apps[package].component(activity)
        for line in (
            "Status: ok",
            f"LaunchState: {'COLD' if cold else 'WARM'}",
            f"Activity: {component}",
            "TotalTime: 0",
            "WaitTime: 0",
            "Complete",
        ):
            invocation.print(line)
    return 0


def _force_stop(invocation: Invocation, args: list[str]) -> int:
    names = without_user(args)
    if len(names) != 1:
        raise CommandError(f"Error: am force-stop needs one <PACKAGE>\n{USAGE}")
    package = invocation.phone.package_name(names[0])
    if package in invocation.phone.apps:  # like Android, an unknown package is not an error
        invocation.phone.force_stop(package)
    return 0


def _broadcast(invocation: Invocation, args: list[str]) -> int:
    intent = parse_intent(args)
    invocation.print(f"Broadcasting: {intent.describe(BROADCAST_FLAGS)}")
    if intent.component is None and intent.package in (None, ime.ADB_KEYBOARD_PACKAGE):
        ime.receive(invocation.phone, intent.action, intent.extras)
    invocation.print("Broadcast completed: result=0")
    return 0


def _stack(invocation: Invocation, args: list[str]) -> int:
    if args != ["list"]:
        raise CommandError(f"Error: am stack supports only list\n{USAGE}")
    invocation.print("\n".join(stack_list(invocation.phone)))
    return 0


_TASK_LINE = re.compile(r"^\s+taskId=(\d+): ([^/\s]+)/")
"""A task's line in ``am stack list``: its id and its package."""
_PINNED: weakref.WeakKeyDictionary[Phone, list[ScreenState]] = weakref.WeakKeyDictionary()
"""The task (its screens) ``am task lock`` pinned, by phone: pinned while the phone has it."""


def _task_packages(phone: Phone) -> dict[int, str]:
    """The phone's tasks by id, as ``am stack list`` numbers them."""
    found = (_TASK_LINE.match(line) for line in stack_list(phone))
    return {int(match[1]): match[2] for match in found if match}


def _in_lock_task_mode(phone: Phone) -> bool:
    pinned = _PINNED.get(phone)
    return any(task is pinned for task in phone.tasks.values())


def _java_exception(verb: str, exception: str, message: str) -> CommandError:
    """What ``am`` prints, and its status, when the command throws."""
    return CommandError(
        f"\nException occurred while executing '{verb}':\njava.lang.{exception}: {message}",
        EXCEPTION_STATUS,
    )


def _task(invocation: Invocation, args: list[str]) -> int:
    if not args:
        raise _java_exception("task", "IllegalArgumentException", 'Argument expected after "task"')
    if args[0] != "lock":
        raise CommandError(f"Error: unknown command '{args[0]}'", EXCEPTION_STATUS)
    if len(args) < 2:
        raise _java_exception("task", "IllegalArgumentException", 'Argument expected after "lock"')
    phone = invocation.phone
    if args[1] == "stop":
        _PINNED.pop(phone, None)
    else:
        _pin(phone, args[1])
    state = "" if _in_lock_task_mode(phone) else "not "
    invocation.print(f"Activity manager is {state}in lockTaskMode")
    return 0


def _pin(phone: Phone, task_id: str) -> None:
    """Pin the task ``task_id`` names, brought to the front; an id no task has pins nothing."""
    if not re.fullmatch(r"[+-]?\d+", task_id):
        raise _java_exception("task", "NumberFormatException", f'For input string: "{task_id}"')
    package = _task_packages(phone).get(int(task_id))
    task = phone.tasks.get(package or "")
    if package is None or task is None:
        return
    if package != phone.foreground_package:
        phone.activities.to_front(package)
    _PINNED[phone] = task


def _current_user(invocation: Invocation, args: list[str]) -> int:
    """``am get-current-user``: the phone has one user, 0."""
    if args:
        raise CommandError(USAGE)
    invocation.print("0")
    return 0


_VERBS = {
    "start": _start,
    "start-activity": _start,
    "force-stop": _force_stop,
    "broadcast": _broadcast,
    "stack": _stack,
    "task": _task,
    "get-current-user": _current_user,
}


def am(invocation: Invocation, args: list[str]) -> int:
    verb = _VERBS.get(args[0]) if args else None
    if verb is None:
        raise CommandError(USAGE)
    return verb(invocation, args[1:])


def monkey(invocation: Invocation, args: list[str]) -> int:
    options, operands = getopts("monkey", args, "p:c:s:v", ["throttle="])
    package = options.get("-p")
    count = parse_int(operands[0], "event count") if len(operands) == 1 else None
    if package is None or count != 1:
        raise CommandError(
            "monkey: only `monkey -p PACKAGE [-c CATEGORY] 1` (launch an app) is supported"
        )
    app = invocation.phone.apps.get(invocation.phone.package_name(package))
    if app is None or not app.in_launcher:
        raise CommandError("** No activities found to run, monkey aborted.")
    invocation.phone.launch(app.package)
    invocation.print("Events injected: 1")
    invocation.print("## Network stats: elapsed time=0ms (0ms mobile, 0ms wifi, 0ms not connected)")
    return 0


COMMANDS: dict[str, Command] = {"am": am, "monkey": monkey}
