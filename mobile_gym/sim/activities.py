"""Activities and tasks: which app screens are open, in which order, and which is in front.

Each app has a task, a back stack of ``ScreenState`` entries (the activity, its arguments
and its UI state); the launcher's task holds the home screen (and recents). Starting an
activity pushes an entry and brings its task to the front; BACK pops it. The input method
window's visibility lives here too: it shows over the app in front while a field there has
the focus. Changes are reported under ``TASKS`` and ``IME`` (``sim.tracking``), so the
screen is composed again only when they change.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from mobile_gym.sim.apps.base import App, AppContext, ScreenState
from mobile_gym.sim.system.keyboard import KeyboardState
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER, RECENTS_ACTIVITY

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

TASKS = ("phone", "tasks")
"""The key under which the tasks, the app in front and the system's crash dialog over it
(``system.crash``) are read and changed."""
IME = ("phone", "ime")
"""The key under which the input method's visibility and its keys' state change."""
RUNNING = "running"
"""The argument of Overview's screen naming the task it was opened from."""
SYSTEM_PID = 580
APP_UID_BASE = 10100


class Activities:
    """The tasks of every app, the one in front, and the input method's window."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.tasks: dict[str, list[ScreenState]] = {}
        self.foreground_package = LAUNCHER
        self.ime_visible = False
        self.keyboard = KeyboardState()
        self.pids: dict[str, int] = {}
        self.next_pid = 2100

    def boot(self) -> None:
        """The state after boot: the home screen in front, no app started."""
        self.tasks = {LAUNCHER: [ScreenState(HOME_ACTIVITY)]}
        self.foreground_package = LAUNCHER
        self.ime_visible = False
        self.keyboard = KeyboardState()
        self.pids = {"android": SYSTEM_PID, "com.android.systemui": 1021, LAUNCHER: 1357}
        self.next_pid = 2100
        self._changed()

    def _changed(self) -> None:
        self.phone.deps.changed(TASKS)

    # what is in front ------------------------------------------------------------------------
    @property
    def top(self) -> ScreenState:
        """The screen state in front."""
        self.phone.deps.read(TASKS)
        return self.tasks[self.foreground_package][-1]

    @property
    def foreground(self) -> tuple[str, str]:
        """(package, activity) of the screen in front."""
        return self.foreground_package, self.top.activity

    def context(self, package: str | None = None) -> tuple[App, AppContext]:
        """The app ``package`` (the one in front by default) and a context on its top screen."""
        package = package or self.foreground_package
        app = self.phone.apps[package]
        return app, AppContext(self.phone, app, self.tasks[package][-1])

    def app(self, package: str) -> App:
        app = self.phone.apps.get(package)
        if app is None:
            raise ValueError(
                f"package {package!r} is not installed; installed: "
                f"{', '.join(sorted(self.phone.apps))}"
            )
        return app

    # starting and finishing ----------------------------------------------------------------
    def process(self, package: str) -> int:
        """The pid of ``package``'s process, started if it is not running."""
        if package not in self.pids:
            self.pids[package] = self.next_pid
            self.next_pid += 37
            self.phone.log(
                "android",
                "ActivityManager",
                f"Start proc {self.pids[package]}:{package}/u0a{self.uid(package) - 10000} "
                "for activity",
            )
        return self.pids[package]

    def uid(self, package: str) -> int:
        return APP_UID_BASE + list(self.phone.apps).index(package)

    def start(self, package: str, activity: str | None = None, **args: Any) -> None:
        """Start ``activity`` (the main one by default) of ``package`` on top of its task."""
        app = self.app(package)
        activity = activity or app.main_activity
        if activity not in app.screens:
            raise ValueError(
                f"{package} has no activity {activity!r}; activities: {', '.join(app.screens)}"
            )
        self.process(package)
        self.tasks.setdefault(package, []).append(ScreenState(activity, dict(args)))
        self.to_front(package)
        component = app.component(activity)
        log = self.phone.log
        log("android", "ActivityTaskManager", f"START u0 {{cmp={component}}} from uid 1000")
        log(
            "android",
            "ActivityTaskManager",
            f"Displayed {component}: +{180 + 7 * len(self.tasks[package])}ms",
        )

    def launch(self, package: str) -> None:
        """Open ``package`` as its launcher icon does: resume its task or start it."""
        self.app(package)
        if self.tasks.get(package) and package != LAUNCHER:
            self.to_front(package)
            top = self.tasks[package][-1].activity
            self.phone.log(
                "android",
                "ActivityTaskManager",
                f"START u0 {{cmp={self.phone.apps[package].component(top)}}} (resumed)",
            )
        else:
            self.start(package)

    def finish(self, package: str) -> None:
        """Close the top screen of ``package``; the home screen shows when its task empties."""
        stack = self.tasks.get(package)
        if not stack:
            return
        closed = stack.pop()
        self.phone.log(
            "android",
            "ActivityTaskManager",
            f"Finishing {self.phone.apps[package].component(closed.activity)}",
        )
        if not stack:
            del self.tasks[package]
            if self.foreground_package == package:
                self.go_home()
        self.hide_keyboard()
        self._changed()

    def to_front(self, package: str) -> None:
        leaving = self.foreground_package
        if leaving != package and self.tasks.get(leaving):
            app, ctx = self.context(leaving)
            try:
                app.pause(ctx)
            except Exception as failure:
                if not self.phone.crashes.handle(failure, leaving):
                    raise
        self.tasks[package] = self.tasks.pop(package)
        self.foreground_package = package
        self.hide_keyboard()
        self._changed()

    def go_home(self) -> None:
        """Show the home screen as it is after boot: one left as it was is kept (so it is
        not built again), any other is replaced."""
        home = self.tasks.get(LAUNCHER)
        if not (
            home is not None
            and len(home) == 1
            and home[0].activity == HOME_ACTIVITY
            and not home[0].args
            and not home[0].state
        ):
            self.tasks[LAUNCHER] = [ScreenState(HOME_ACTIVITY)]
        self.to_front(LAUNCHER)

    @property
    def in_recents(self) -> bool:
        """Whether Overview (the launcher's recents screen) is in front."""
        return self.foreground == (LAUNCHER, RECENTS_ACTIVITY)

    def show_recents(self) -> None:
        """The Overview key: show the recent tasks, noting the task in front as the running
        one. Pressed again in Overview, it switches to the task used before the running one
        (the running one if it is the only task), or, opened from the home screen, to the
        most recent task."""
        if self.in_recents:
            self._switch_task()
            return
        package = self.foreground_package
        running = {} if package == LAUNCHER else {RUNNING: package}
        self.tasks[LAUNCHER] = [ScreenState(HOME_ACTIVITY), ScreenState(RECENTS_ACTIVITY, running)]
        self.to_front(LAUNCHER)

    def leave_recents(self) -> None:
        """BACK in Overview: the running task comes back, or the home screen shows."""
        running = self._running_task()
        if running is None:
            self.finish(LAUNCHER)
        else:
            self.launch(running)

    def _switch_task(self) -> None:
        recent = self.recent_packages()
        running = self._running_task()
        if running is None:
            if recent:
                self.launch(recent[-1])
            return
        at = recent.index(running)
        self.launch(recent[at - 1] if at > 0 else running)

    def _running_task(self) -> str | None:
        """The task Overview was opened from, while it is still there."""
        package = self.top.args.get(RUNNING)
        return package if package in self.tasks else None

    def recent_packages(self) -> list[str]:
        """Packages with a task, least recently used first (the launcher excluded)."""
        self.phone.deps.read(TASKS)
        return [p for p in self.tasks if p != LAUNCHER]

    def remove_task(self, package: str) -> None:
        if package in self.tasks and package != LAUNCHER:
            del self.tasks[package]
            self._changed()

    def clear_recents(self) -> None:
        for package in self.recent_packages():
            del self.tasks[package]
        self.go_home()

    def force_stop(self, package: str) -> None:
        """``am force-stop``: end the app's process and task."""
        self.app(package)
        if package == LAUNCHER:
            return
        self.phone.log(
            "android",
            "ActivityManager",
            f"Force stopping {package} appid={self.uid(package)} user=0: from pid {SYSTEM_PID}",
        )
        self.end_process(package)

    def end_process(self, package: str) -> None:
        """The app's process is gone (force-stopped, or crashed): its task closes, and the
        home screen shows if it was in front."""
        self.tasks.pop(package, None)
        self.pids.pop(package, None)
        if self.foreground_package == package:
            self.go_home()
        self._changed()

    # the input method ----------------------------------------------------------------------
    def show_keyboard(self) -> None:
        if not self.ime_visible:
            self.ime_visible = True
            self.phone.deps.changed(IME)

    def hide_keyboard(self) -> None:
        if self.ime_visible:
            self.ime_visible = False
            self.keyboard = KeyboardState()
            self.phone.deps.changed(IME)

    @property
    def keyboard_shown(self) -> bool:
        """Whether the keyboard window shows: the input method is up and a field of the
        screen in front has the focus."""
        self.phone.deps.read(IME)
        if not self.ime_visible:
            return False
        _, ctx = self.context()
        return ctx.has("focus")

    def toggle_shift(self) -> None:
        self.keyboard.shift = not self.keyboard.shift
        self.phone.deps.changed(IME)

    def toggle_symbols(self) -> None:
        self.keyboard.symbols = not self.keyboard.symbols
        self.keyboard.shift = False
        self.phone.deps.changed(IME)

    def release_shift(self) -> None:
        """A one-shot shift is used up by a key."""
        if self.keyboard.shift:
            self.keyboard.shift = False
            self.phone.deps.changed(IME)
