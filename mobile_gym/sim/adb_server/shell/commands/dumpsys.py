"""``dumpsys``: the system services' state, in the line formats clients parse.

``window`` has ``mCurrentFocus=Window{HASH u0 PACKAGE/ACTIVITY}`` and ``mFocusedApp``;
``activity`` has ``mResumedActivity: ActivityRecord{...}`` and, for ``activity top``,
``ACTIVITY PACKAGE/ACTIVITY HASH pid=PID``; ``display`` has a ``DisplayViewport{...}`` line
with ``orientation``, ``deviceWidth`` and ``deviceHeight``; ``input`` has the touch screen's
``PhysicalWidth``/``PhysicalHeight`` and ``SurfaceOrientation``; ``input_method`` has
``mInputShown``; ``notification`` lists the posted notifications
(``NotificationRecord(pkg=... id=...)`` with ``android.title`` / ``android.text``);
``battery`` has the battery's level and charger, and takes ``set``, ``get``, ``unplug`` and
``reset`` (``shell.commands.battery``); ``power`` reports an awake phone. ``package
[PACKAGE]`` has the ``Activity Resolver Table`` (each launcher activity under
``android.intent.action.MAIN``) and, under ``Packages:``, a ``Package [NAME] (HASH):`` block
per package with ``userId=``, ``versionCode=``, ``versionName=`` (the simulated apps are all
version 1, ``1.0``) and the install times (the phone's boot); an unknown package prints
``Unable to find package: NAME``.
"""

from __future__ import annotations

import datetime as dt
import zlib
from collections.abc import Callable

from mobile_gym.sim import Phone
from mobile_gym.sim.adb_server.device import SDK
from mobile_gym.sim.adb_server.shell.commands import battery
from mobile_gym.sim.adb_server.shell.commands.packages import (
    code_path,
    installed_packages,
    package_uid,
)
from mobile_gym.sim.adb_server.shell.invocation import Command, CommandError, Invocation
from mobile_gym.sim.system.bars import SYSTEMUI
from mobile_gym.sim.system.keyboard import IME_PACKAGE
from mobile_gym.sim.system.launcher import LAUNCHER

_FIRST_TASK_ID = 10
VERSION_CODE, VERSION_NAME = 1, "1.0"
"""The version every simulated app has."""
MIN_SDK = 26


def _hash(name: str) -> str:
    """A stable object hash, as Android prints beside windows and records."""
    return f"{zlib.crc32(name.encode('utf-8')):08x}"


def _task_id(phone: Phone, package: str) -> int:
    return _FIRST_TASK_ID + list(phone.apps).index(package)


def _foreground(phone: Phone) -> tuple[str, str]:
    phone.windows()  # a screen that closes itself when drawn closes now
    package, activity = phone.foreground
    return package, phone.apps[package].component(activity)


def _record(phone: Phone, package: str, component: str) -> str:
    return f"ActivityRecord{{{_hash(component)} u0 {component} t{_task_id(phone, package)}}}"


def _window(phone: Phone, args: list[str]) -> list[str]:
    package, component = _foreground(phone)
    d = phone.display
    lines = ["WINDOW MANAGER WINDOWS (dumpsys window windows)"]
    windows = [("NavigationBar0", SYSTEMUI), ("StatusBar", SYSTEMUI)]
    if phone.keyboard_shown:
        windows.append(("InputMethod", IME_PACKAGE))
    windows.append((component, package))
    for number, (name, owner) in enumerate(windows):
        lines += [
            f"  Window #{number} Window{{{_hash(name)} u0 {name}}}:",
            f"    mDisplayId=0 rootTaskId=1 package={owner}",
        ]
    lines += [
        "",
        f"  mGlobalConfiguration={{1.0 ?mcc?mnc [en_US] ldltr sw{round(d.width / d.density)}dp}}",
        f"  mCurrentFocus=Window{{{_hash(component)} u0 {component}}}",
        f"  mFocusedApp={_record(phone, package, component)}",
        "",
        "WINDOW MANAGER DISPLAY CONTENTS (dumpsys window displays)",
        "  Display: mDisplayId=0",
        f"    init={d.width}x{d.height} {d.dpi}dpi cur={d.width}x{d.height} app={d.width}x{d.height}",
    ]
    return lines


def stack_list(phone: Phone) -> list[str]:
    """``am stack list``: the root task, then a line per task, the foreground one
    ``visible=true``, each with ``topActivity=ComponentInfo{PACKAGE/FULL.CLASS}``."""
    package, component = _foreground(phone)
    d = phone.display
    bounds = f"bounds=[0,0][{d.width},{d.height}]"
    lines = [f"RootTask id=1 {bounds} displayId=0 userId=0"]
    tasks = [(package, component)] + [
        (task, phone.apps[task].component(screens[-1].activity))
        for task, screens in reversed(list(phone.tasks.items()))
        if task != package and screens
    ]
    for task, top in tasks:
        owner, activity = top.split("/", 1)
        full = owner + activity if activity.startswith(".") else activity
        lines.append(
            f"  taskId={_task_id(phone, task)}: {top} {bounds} userId=0 "
            f"visible={str(task == package).lower()} topActivity=ComponentInfo{{{owner}/{full}}}"
        )
    return lines


def _activity(phone: Phone, args: list[str]) -> list[str]:
    package, component = _foreground(phone)
    pid = phone.pids.get(package, 0)
    if args[:1] == ["top"]:
        return [
            f"TASK {package} id={_task_id(phone, package)} userId=0",
            f"  ACTIVITY {component} {_hash(component)} pid={pid}",
        ]
    lines = ["ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)", "Display #0"]
    for task in reversed(list(phone.tasks)):
        app = phone.apps[task]
        lines.append(f"  * Task{{{_hash(task)} #{_task_id(phone, task)} A=u0:{task} U=0}}")
        for depth, screen in enumerate(reversed(phone.tasks[task])):
            record = _record(phone, task, app.component(screen.activity))
            lines.append(f"    * Hist #{depth}: {record}")
    record = _record(phone, package, component)
    lines += ["", f"  mResumedActivity: {record}", f"  ResumedActivity: {record}"]
    return lines


def _display(phone: Phone, args: list[str]) -> list[str]:
    d = phone.display
    frame = f"Rect(0, 0 - {d.width}, {d.height})"
    return [
        "DISPLAY MANAGER (dumpsys display)",
        "  mViewports=[",
        f"  mDefaultViewport=DisplayViewport{{type=INTERNAL, valid=true, isActive=true, "
        f"displayId=0, uniqueId='local:0', physicalPort=0, orientation=0, "
        f"logicalFrame={frame}, physicalFrame={frame}, "
        f"deviceWidth={d.width}, deviceHeight={d.height}}}",
        "Display Devices: size=1",
        f'  DisplayDeviceInfo{{"Built-in Screen": uniqueId="local:0", {d.width} x {d.height}, '
        f"density {d.dpi}, {d.dpi}.0 x {d.dpi}.0 dpi, rotation 0, type INTERNAL}}",
    ]


def _input(phone: Phone, args: list[str]) -> list[str]:
    d = phone.display
    return [
        "INPUT MANAGER (dumpsys input)",
        "Input Reader State:",
        "  Device 1: virtio_input_multi_touch_1",
        "    Touch Input Mapper (mode - DIRECT):",
        f"      Viewport INTERNAL: displayId=0, uniqueId=local:0, orientation=0, "
        f"deviceSize=[{d.width}, {d.height}], isActive=[1]",
        f"      RawSurfaceWidth: {d.width}px",
        f"      RawSurfaceHeight: {d.height}px",
        "      SurfaceOrientation: 0",
        f"      PhysicalWidth: {d.width}px",
        f"      PhysicalHeight: {d.height}px",
    ]


def _power(phone: Phone, args: list[str]) -> list[str]:
    return [
        "POWER MANAGER (dumpsys power)",
        "  mWakefulness=Awake",
        "  mHoldingDisplaySuspendBlocker=true",
        "Display Power: state=ON",
    ]


def _input_method(phone: Phone, args: list[str]) -> list[str]:
    return [
        "Current Input Method Manager state:",
        f"  mCurMethodId={phone.settings.get('secure', 'default_input_method')}",
        f"  mInputShown={str(phone.keyboard_shown).lower()}",
    ]


def _intent_filters(phone: Phone, names: list[str]) -> list[str]:
    """The ``android.intent.action.MAIN`` entries of the activity resolver table."""
    lines = []
    for name in names:
        app = phone.apps.get(name)
        if app is None or not (app.in_launcher or name == LAUNCHER):
            continue
        component = app.component(app.main_activity)
        categories = ["HOME", "DEFAULT"] if name == LAUNCHER else ["LAUNCHER"]
        lines += [
            f"        {_hash(component)} {component} filter {_hash(component + '/filter')}",
            '          Action: "android.intent.action.MAIN"',
            *(f'          Category: "android.intent.category.{c}"' for c in categories),
        ]
    if not lines:
        return []
    table = ["Activity Resolver Table:", "  Non-Data Actions:", "      android.intent.action.MAIN:"]
    return [*table, *lines, ""]


def _package_block(phone: Phone, name: str, system: bool) -> list[str]:
    path = code_path(name, system)
    installed = dt.datetime.fromtimestamp(phone.boot_ms / 1000, dt.UTC)
    when = f"{installed:%Y-%m-%d %H:%M:%S}"
    stopped = str(name not in phone.pids).lower()
    return [
        f"  Package [{name}] ({_hash(name + '/package')}):",
        f"    userId={package_uid(phone, name)}",
        f"    pkg=Package{{{_hash(name)} {name}}}",
        f"    codePath={path}",
        f"    resourcePath={path}",
        f"    versionCode={VERSION_CODE} minSdk={MIN_SDK} targetSdk={SDK}",
        f"    versionName={VERSION_NAME}",
        f"    flags=[ {'SYSTEM ' if system else ''}HAS_CODE ALLOW_CLEAR_USER_DATA ]",
        f"    dataDir=/data/user/0/{name}",
        f"    timeStamp={when}",
        f"    firstInstallTime={when}",
        f"    lastUpdateTime={when}",
        f"    User 0: ceDataInode=0 installed=true hidden=false suspended=false "
        f"stopped={stopped} notLaunched=false enabled=0 instant=false virtual=false",
    ]


def _package(phone: Phone, args: list[str]) -> list[str]:
    if len(args) > 1:
        raise CommandError("usage: dumpsys package [PACKAGE]")
    installed = installed_packages(phone)
    names = sorted(installed)
    if args:
        if args[0] not in installed:
            return [f"Unable to find package: {args[0]}"]
        names = args
    lines = [*_intent_filters(phone, names), "Packages:"]
    for name in names:
        lines += _package_block(phone, name, installed[name])
    return lines


_SERVICES: dict[str, Callable[[Phone, list[str]], list[str]]] = {
    "activity": _activity,
    "battery": lambda phone, _args: battery.dump(phone),
    "display": _display,
    "input": _input,
    "input_method": _input_method,
    "notification": lambda phone, _args: phone.notifications.dump(),
    "package": _package,
    "power": _power,
    "window": _window,
}


def dumpsys(invocation: Invocation, args: list[str]) -> int:
    if args == ["-l"]:
        invocation.print("Currently running services:")
        for name in _SERVICES:
            invocation.print(f"  {name}")
        return 0
    if not args:
        for name, service in _SERVICES.items():
            invocation.print(f"DUMP OF SERVICE {name}:")
            invocation.print("\n".join(service(invocation.phone, [])))
        return 0
    if args[0] == "battery":  # its dump also takes commands (``dumpsys battery set level 15``)
        return battery.battery(invocation, args[1:])
    service = _SERVICES.get(args[0])
    if service is None:
        raise CommandError(f"Can't find service: {args[0]}")
    invocation.print("\n".join(service(invocation.phone, args[1:])))
    return 0


COMMANDS: dict[str, Command] = {"dumpsys": dumpsys}
