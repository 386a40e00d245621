"""The simulated Android phone: mobile-gym's default, in-process device.

``Phone`` takes input as an emulator does (touch frames, lift, text, keys), runs apps
written against the toolkit, and projects one widget tree two ways: an RGB screenshot and a
uiautomator-format view hierarchy. Time is a virtual clock that input advances; state is
plain data plus in-memory SQLite, so a snapshot restores the phone exactly.
"""

from __future__ import annotations

import copy
import datetime as dt
import random
import sqlite3
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np
from lxml import etree

from mobile_gym.geometry import Rect
from mobile_gym.sim import input as events
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.base import App, AppContext, ScreenState
from mobile_gym.sim.clock import DEFAULT_START, VirtualClock
from mobile_gym.sim.display import Display
from mobile_gym.sim.frames import Frames
from mobile_gym.sim.gestures import SWIPE_MIN_DP, TOUCH_SLOP_DP, GestureRecognizer
from mobile_gym.sim.keys import PRINTABLE, key_name
from mobile_gym.sim.system.bars import (
    NAV_BAR_DP,
    STATUS_BAR_DP,
    SYSTEMUI,
    navigation_bar,
    status_bar,
)
from mobile_gym.sim.system.keyboard import KEYBOARD_DP, KeyboardState, keyboard
from mobile_gym.sim.system.launcher import HOME_ACTIVITY, LAUNCHER, RECENTS_ACTIVITY, Launcher
from mobile_gym.sim.system.logcat import Logcat, LogEntry
from mobile_gym.sim.system.settings import SettingsStore
from mobile_gym.sim.system.storage import Storage, StorageSnapshot
from mobile_gym.sim.ui.diff import carry_over
from mobile_gym.sim.ui.hierarchy import NodeRecord, NodeTrees, WindowSpan, dump
from mobile_gym.sim.ui.parts import Parts
from mobile_gym.sim.ui.theme import DARK, LIGHT, Theme
from mobile_gym.sim.ui.view import MATCH, FrameLayout, PartMovedError, View, hit_path, walk
from mobile_gym.sim.ui.widgets import EditText, TextView
from mobile_gym.timing import FRAME_MS, TEXT_MS

TOAST_MS = 2000
SYSTEM_PID = 580
_MAX_REBUILDS = 4
_APP_UID_BASE = 10100


@dataclass
class Toast:
    """A toast on screen: its text, the app that posted it, and when it goes (virtual ms)."""

    text: str
    package: str
    until_ms: int


@dataclass(frozen=True)
class PhoneSnapshot:
    """An exact copy of a phone's state; give it to ``Phone.restore``."""

    state: dict[str, Any]
    log: tuple[tuple[LogEntry, ...], int]
    storage: StorageSnapshot


class Phone:
    """A headless simulated Android phone.

    Args:
        seed: seeds the phone's content (contacts, notes, ...); same seed and inputs give
            identical screenshots and view hierarchies.
        display: a ``Display``, a device profile name from ``configs/devices.yaml``, or None
            for a 1080x2400 px, 420 dpi Pixel 7.
        start_time: the clock's date and time at boot (default 2024-06-03 09:30).
        apps: app classes to install (default: Settings, Contacts, Notes).
        momentum: keep scrolling after a fling (off by default, for determinism).
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        display: Display | str | None = None,
        start_time: dt.datetime = DEFAULT_START,
        apps: Sequence[type[App]] = DEFAULT_APPS,
        momentum: bool = False,
    ) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"seed must be an int, got {seed!r}")
        if isinstance(display, str):
            display = Display.profile(display)
        self.display = display or Display()
        self.seed = seed
        d = self.display
        self.apps: dict[str, App] = {LAUNCHER: Launcher()}
        for app_cls in apps:
            app = app_cls()
            if app.package in self.apps:
                raise ValueError(f"app package {app.package} installed twice")
            self.apps[app.package] = app
        self.clock = VirtualClock(start_time)
        self.settings = SettingsStore(self._setting_changed)
        self.storage = Storage()
        self.logcat = Logcat()
        self._gestures = GestureRecognizer(d.dp(TOUCH_SLOP_DP), d.dp(SWIPE_MIN_DP), momentum)
        self._version = 0
        self._layout_key: tuple | None = None
        self._areas: dict[bool, _Areas] = {}
        """Where the windows go, without and with the keyboard (the display is fixed)."""
        self._laid_out_at: tuple | None = None
        """The UI version and the clock when the layout was last found current."""
        self._windows: list[View] = []
        self._app_window: View | None = None
        self._frames = Frames(self.display)
        self._xml: tuple[tuple | None, str] = (None, "")
        self._node_tree: tuple[tuple | None, tuple[list[NodeRecord], list[int]]] = (None, ([], []))
        self._system_windows: dict[str, tuple[tuple, View]] = {}
        self._node_trees = NodeTrees()
        self.parts = Parts()
        """The parts of the app's screen kept from one frame to the next (``ui.parts``)."""
        self._boot(seed)
        self._boot_clock = self.clock.state()
        self._boot_state: PhoneSnapshot | None = None
        """The state right after boot, snapshotted the first time the phone goes back to it."""

    # boot and reset ------------------------------------------------------------------------
    def _boot(self, seed: int) -> None:
        self.tasks: dict[str, list[ScreenState]] = {LAUNCHER: [ScreenState(HOME_ACTIVITY)]}
        self.foreground_package = LAUNCHER
        self.ime_visible = False
        self.keyboard = KeyboardState()
        self.toasts: list[Toast] = []
        self.pids: dict[str, int] = {"android": SYSTEM_PID, SYSTEMUI: 1021, LAUNCHER: 1357}
        self.next_pid = 2100
        self.battery = 85
        self.last_touch = (0.0, 0.0)
        self.log("android", "Zygote", "System server process started")
        for app in self.apps.values():
            ctx = AppContext(self, app, ScreenState(app.main_activity))
            app.create_databases(ctx, random.Random(f"{seed}/{app.package}"))
        self.log("android", "ActivityManager", "Boot completed")
        self.invalidate()

    def factory_reset(self, seed: int | None = None) -> None:
        """Back to the state right after boot; with a new ``seed``, boot with new content.

        Going back to the same boot restores a snapshot of it, taken (by booting again) the
        first time: a phone that boots new content at every reset never pays for one.
        """
        if seed is None or seed == self.seed:
            if self._boot_state is None:
                self._reboot(self.seed)
                self._boot_state = self.snapshot()
            self.restore(self._boot_state)
            return
        self._reboot(seed)
        self._boot_state = None

    def _reboot(self, seed: int) -> None:
        self.seed = seed
        self.storage.clear()
        self.settings.reset()
        self.logcat = Logcat()
        self.clock.load(self._boot_clock)
        self._gestures.cancel()
        self.parts.forget()
        self._boot(seed)

    def snapshot(self) -> PhoneSnapshot:
        state = {
            "clock": self.clock.state(),
            "settings": self.settings.tables,
            "tasks": self.tasks,
            "foreground": self.foreground_package,
            "ime": self.ime_visible,
            "keyboard": self.keyboard,
            "toasts": self.toasts,
            "pids": self.pids,
            "next_pid": self.next_pid,
            "battery": self.battery,
            "last_touch": self.last_touch,
            "gesture": self._gestures.gesture,
        }
        return PhoneSnapshot(
            copy.deepcopy(state),
            (tuple(self.logcat.entries), self.logcat.next_seq),
            self.storage.snapshot(),
        )

    def restore(self, snapshot: PhoneSnapshot) -> None:
        """Return to ``snapshot`` exactly (screen, databases, files, clock, logcat)."""
        state = copy.deepcopy(snapshot.state)
        self.clock.load(state["clock"])
        self.settings.tables = state["settings"]
        self.tasks = state["tasks"]
        self.foreground_package = state["foreground"]
        self.ime_visible = state["ime"]
        self.keyboard = state["keyboard"]
        self.toasts = state["toasts"]
        self.pids = state["pids"]
        self.next_pid = state["next_pid"]
        self.battery = state["battery"]
        self.last_touch = state["last_touch"]
        self._gestures.gesture = state["gesture"]
        entries, next_seq = snapshot.log
        self.logcat.entries = deque(entries, maxlen=self.logcat.entries.maxlen)
        self.logcat.next_seq = next_seq
        self.storage.restore(snapshot.storage)
        self.parts.forget()
        self.invalidate()

    def close(self) -> None:
        self.storage.close()

    # input ---------------------------------------------------------------------------------
    def touch(self, x: float, y: float) -> None:
        """A touch frame at (x, y) px: finger down, or moved/held if already down.

        Points off the screen are clipped to its edge; NaN or non-numbers raise ValueError.
        """
        display = self.display
        if not (
            type(x) is float
            and type(y) is float
            and 0.0 <= x <= display.width - 1.0
            and 0.0 <= y <= display.height - 1.0
        ):  # not the common case, floats on the screen: check and clip
            x, y = events.check_point(x, y)
            x = min(max(x, 0.0), display.width - 1.0)
            y = min(max(y, 0.0), display.height - 1.0)
        self._gestures.touch(self, x, y, self.clock.elapsed_ms)
        self._advance(FRAME_MS)

    def lift(self) -> None:
        """The finger leaves the screen (ignored when it is not down)."""
        self._gestures.lift(self)
        self._advance(FRAME_MS)

    def text(self, text: str) -> bool:
        """Type ``text`` into the focused field; False (and nothing typed) if none has focus."""
        if not isinstance(text, str):
            raise ValueError(f"text must be a str, got {type(text).__name__}")
        field = self.focused_field()
        self._advance(TEXT_MS)
        if field is None or not text:
            return field is not None
        field.insert(text)
        self.invalidate()
        return True

    def key(self, key: str | int) -> None:
        """Press an Android key by name (``BACK``, ``KEYCODE_HOME``, ``ENTER``, ``DEL``...) or code."""
        name = key_name(key)
        self._press(name)
        self._advance(FRAME_MS)

    def wait(self, ms: int = FRAME_MS) -> None:
        """Let ``ms`` milliseconds pass with no input."""
        if isinstance(ms, bool) or not isinstance(ms, int) or ms < 0:
            raise ValueError(f"wait needs a non-negative int of milliseconds, got {ms!r}")
        self._advance(ms)

    def send(self, event: events.InputEvent) -> None:
        """Deliver one input event."""
        if isinstance(event, events.Touch):
            self.touch(event.x, event.y)
        elif isinstance(event, events.Lift):
            self.lift()
        elif isinstance(event, events.Text):
            self.text(event.text)
        elif isinstance(event, events.Key):
            self.key(event.key)
        elif isinstance(event, events.Wait):
            self.wait(event.ms)
        else:
            raise ValueError(f"not an input event: {event!r}")

    def send_all(self, sequence: Iterable[events.InputEvent]) -> None:
        for event in sequence:
            self.send(event)

    def _advance(self, ms: int) -> None:
        self.clock.advance(ms)
        if self.toasts and self.toasts[-1].until_ms <= self.clock.elapsed_ms:
            self.toasts.clear()
            self.invalidate()

    # the gesture recogniser's surface --------------------------------------------------------
    def _target(self, x: float, y: float) -> View | None:
        for node in reversed(self._hit(x, y)):
            if node.handles_touch:
                return node
        return None

    def seekable_at(self, x: float, y: float) -> bool:
        node = self._target(x, y)
        return node is not None and node.seekable and node.enabled

    def seek(self, x: float, y: float, to_x: float) -> None:
        node = self._target(x, y)
        if node is not None and node.seekable:
            node.seek_to(self.display, to_x)  # type: ignore[attr-defined]
            self.invalidate()

    def _scroller(self, x: float, y: float):
        return next((n for n in reversed(self._hit(x, y)) if n.scrollable), None)

    def scrollable_at(self, x: float, y: float) -> bool:
        return self._scroller(x, y) is not None

    def scroll(self, x: float, y: float, dy: float) -> bool:
        node = self._scroller(x, y)
        if node is None or not node.scroll_by(round(dy)):  # type: ignore[attr-defined]
            return False
        self.invalidate()
        return True

    def long_press(self, x: float, y: float) -> bool:
        self.last_touch = (x, y)
        node = self._target(x, y)
        if node is None or not node.enabled or node.on_long_click is None:
            return False
        node.on_long_click()
        self.invalidate()
        return True

    def tap(self, x: float, y: float) -> None:
        self.last_touch = (x, y)
        node = self._target(x, y)
        if node is None or not node.enabled:
            return
        if isinstance(node, EditText):
            node.on_focus()
        elif node.seekable:
            node.seek_to(self.display, x)  # type: ignore[attr-defined]
        elif node.on_click is not None:
            node.on_click()
        self.invalidate()

    def swipe(self, x: float, y: float, direction: str) -> None:
        app, ctx = self._foreground_context()
        if app.swipe(ctx, direction):
            self.invalidate()

    # keys ------------------------------------------------------------------------------------
    def _press(self, name: str) -> None:
        if name in ("BACK", "ESCAPE"):
            self._back()
        elif name == "HOME":
            self.go_home()
        elif name == "APP_SWITCH":
            self.show_recents()
        elif name == "TAB":
            self._focus_next()
        elif name in ("ENTER", "DEL") or name in PRINTABLE:
            field = self.focused_field()
            if field is None:
                return
            if name == "DEL":
                field.delete_back()
            elif name != "ENTER":
                field.insert(PRINTABLE[name])
            elif field.multiline:
                field.insert("\n")
            elif field.on_submit is not None:
                field.on_submit()
        else:
            return
        self.invalidate()

    def _back(self) -> None:
        app, ctx = self._foreground_context()
        state = ctx.screen.state
        popups = [k for k in state if k.startswith(("menu:", "dialog:"))]
        if popups:
            for k in popups:
                del state[k]
            self.hide_keyboard()
        elif self.keyboard_shown:
            self.hide_keyboard()
        elif app.back(ctx):
            pass
        elif len(self.tasks[self.foreground_package]) > 1:
            self.finish_activity(self.foreground_package)
        elif self.foreground_package != LAUNCHER:
            self.log(
                "android", "ActivityTaskManager", f"Moving task {self.foreground_package} to back"
            )
            self.go_home()

    def _focus_next(self) -> None:
        fields = [n for w in self._layout() for n in walk(w) if isinstance(n, EditText)]
        if not fields:
            return
        current = next((i for i, f in enumerate(fields) if f.focused), -1)
        fields[(current + 1) % len(fields)].on_focus()

    def type_key(self, label: str) -> None:
        """A soft-keyboard key: type ``label`` and release a one-shot shift."""
        field = self.focused_field()
        if field is not None:
            field.insert(label)
        self.keyboard.shift = False
        self.invalidate()

    # keyboard and focus ------------------------------------------------------------------
    def show_keyboard(self) -> None:
        self.ime_visible = True
        self.invalidate()

    def hide_keyboard(self) -> None:
        if self.ime_visible:
            self.ime_visible = False
            self.keyboard = KeyboardState()
            self.invalidate()

    @property
    def keyboard_shown(self) -> bool:
        return self.ime_visible and "focus" in self.tasks[self.foreground_package][-1].state

    def focused_field(self) -> EditText | None:
        """The EditText that has input focus on the current screen, if any."""
        for window in self._layout():
            for node in walk(window):
                if isinstance(node, EditText) and node.focused:
                    return node
        return None

    # activities and tasks ----------------------------------------------------------------
    def _app(self, package: str) -> App:
        app = self.apps.get(package)
        if app is None:
            raise ValueError(
                f"package {package!r} is not installed; installed: {', '.join(sorted(self.apps))}"
            )
        return app

    def _process(self, package: str) -> int:
        if package not in self.pids:
            self.pids[package] = self.next_pid
            self.next_pid += 37
            uid = _APP_UID_BASE + list(self.apps).index(package)
            self.log(
                "android",
                "ActivityManager",
                f"Start proc {self.pids[package]}:{package}/u0a{uid - 10000} for activity",
            )
        return self.pids[package]

    def start_activity(self, package: str, activity: str | None = None, **args: Any) -> None:
        """Start ``activity`` (the main one by default) of ``package`` on top of its task."""
        app = self._app(package)
        activity = activity or app.main_activity
        if activity not in app.screens:
            raise ValueError(
                f"{package} has no activity {activity!r}; activities: {', '.join(app.screens)}"
            )
        self._process(package)
        self.tasks.setdefault(package, []).append(ScreenState(activity, dict(args)))
        self._to_front(package)
        component = app.component(activity)
        self.log("android", "ActivityTaskManager", f"START u0 {{cmp={component}}} from uid 1000")
        self.log(
            "android",
            "ActivityTaskManager",
            f"Displayed {component}: +{180 + 7 * len(self.tasks[package])}ms",
        )

    def launch(self, package: str) -> None:
        """Open ``package`` as its launcher icon does: resume its task or start it."""
        self._app(package)
        if self.tasks.get(package) and package != LAUNCHER:
            self._to_front(package)
            top = self.tasks[package][-1].activity
            self.log(
                "android",
                "ActivityTaskManager",
                f"START u0 {{cmp={self.apps[package].component(top)}}} (resumed)",
            )
        else:
            self.start_activity(package)

    def finish_activity(self, package: str) -> None:
        """Close the top screen of ``package``; the home screen shows when its task empties."""
        stack = self.tasks.get(package)
        if not stack:
            return
        closed = stack.pop()
        self.log(
            "android",
            "ActivityTaskManager",
            f"Finishing {self.apps[package].component(closed.activity)}",
        )
        if not stack:
            del self.tasks[package]
            if self.foreground_package == package:
                self.go_home()
        self.hide_keyboard()
        self.invalidate()

    def _to_front(self, package: str) -> None:
        leaving = self.foreground_package
        if leaving != package and self.tasks.get(leaving):
            app = self.apps[leaving]
            app.pause(AppContext(self, app, self.tasks[leaving][-1]))
        self.tasks[package] = self.tasks.pop(package)
        self.foreground_package = package
        self.hide_keyboard()
        self.invalidate()

    def go_home(self) -> None:
        self.tasks[LAUNCHER] = [ScreenState(HOME_ACTIVITY)]
        self._to_front(LAUNCHER)

    def show_recents(self) -> None:
        if self.foreground == (LAUNCHER, RECENTS_ACTIVITY):
            recent = self.recent_packages()
            if recent:
                self.launch(recent[-1])
            return
        self.tasks[LAUNCHER] = [ScreenState(HOME_ACTIVITY), ScreenState(RECENTS_ACTIVITY)]
        self._to_front(LAUNCHER)

    def recent_packages(self) -> list[str]:
        """Packages with a task, least recently used first (the launcher excluded)."""
        return [p for p in self.tasks if p != LAUNCHER]

    def task_title(self, package: str) -> str:
        app = self.apps[package]
        return app.title(AppContext(self, app, self.tasks[package][-1]))

    def remove_task(self, package: str) -> None:
        if package in self.tasks and package != LAUNCHER:
            del self.tasks[package]
            self.invalidate()

    def clear_recents(self) -> None:
        for package in self.recent_packages():
            del self.tasks[package]
        self.go_home()

    def force_stop(self, package: str) -> None:
        """``am force-stop``: end the app's process and task."""
        self._app(package)
        if package == LAUNCHER:
            return
        self.tasks.pop(package, None)
        self.pids.pop(package, None)
        self.log(
            "android",
            "ActivityManager",
            f"Force stopping {package} appid={_APP_UID_BASE + list(self.apps).index(package)} user=0: from pid {SYSTEM_PID}",
        )
        if self.foreground_package == package:
            self.go_home()
        self.invalidate()

    def clear_app_data(self, package: str) -> None:
        """``pm clear``: stop the app and wipe its databases and files (tables recreated empty)."""
        app = self._app(package)
        self.force_stop(package)
        self.storage.drop_databases(package)
        prefix = f"/data/data/{package}/"
        for path in [p for p in self.storage.files if p.startswith(prefix)]:
            del self.storage.files[path]
        app.create_databases(AppContext(self, app, ScreenState(app.main_activity)))
        self.invalidate()

    @property
    def foreground(self) -> tuple[str, str]:
        """(package, activity) of the screen in front.

        A screen that closes itself when drawn (its record deleted behind its back) closes at
        the next observation (screenshot, hierarchy or touch), as on a device.
        """
        return self.foreground_package, self.tasks[self.foreground_package][-1].activity

    def launcher_apps(self) -> list[App]:
        return [app for app in self.apps.values() if app.in_launcher]

    def _foreground_context(self) -> tuple[App, AppContext]:
        app = self.apps[self.foreground_package]
        return app, AppContext(self, app, self.tasks[self.foreground_package][-1])

    # system services -------------------------------------------------------------------------
    def toast(self, text: str, package: str) -> None:
        self.toasts = [Toast(text, package, self.clock.elapsed_ms + TOAST_MS)]
        self.invalidate()

    def log(self, package: str, tag: str, message: str, priority: str = "I") -> LogEntry:
        """Write a logcat line as ``package``'s process."""
        pid = self.pids.get(package, SYSTEM_PID)
        return self.logcat.write(self.clock.epoch_ms, pid, priority, tag, message)

    def logcat_lines(self, since: int = 0, fmt: str = "threadtime") -> tuple[list[str], int]:
        """Formatted log lines written at or after cursor ``since``, and the next cursor."""
        entries, cursor = self.logcat.since(since)
        return [entry.format(fmt) for entry in entries], cursor

    def _setting_changed(self, namespace: str, key: str, value: str) -> None:
        self.log("android", "SettingsProvider", f"{namespace} {key}={value}")
        self.invalidate()

    def database(self, package: str, name: str) -> sqlite3.Connection:
        """The app's SQLite database (the UI is refreshed in case the caller writes to it)."""
        self._app(package)
        self.invalidate()
        return self.storage.database(package, name)

    def read_file(self, path: str) -> bytes:
        return self.storage.read(path)

    def write_file(self, path: str, data: bytes) -> None:
        self.storage.write(path, data)
        self.invalidate()

    def set_time(self, when: dt.datetime) -> None:
        """Set the phone's date and time (task setup)."""
        self.clock.set(when)
        self.toasts.clear()
        self.invalidate()

    @property
    def theme(self) -> Theme:
        return DARK if self.settings.get("secure", "ui_night_mode") == "2" else LIGHT

    # the two projections ----------------------------------------------------------------------
    @property
    def touching(self) -> bool:
        """Whether a finger is on the screen (a gesture is in progress)."""
        return self._gestures.gesture is not None

    @property
    def ui_version(self) -> tuple[int, int, int]:
        """Changes whenever what the screen shows may have changed."""
        return self._version, *self._shown_time()

    def _shown_time(self) -> tuple[int, int]:
        """The clock as the screen shows it: the minute (status bar) and, while the app in
        front changes by itself (``App.ticking``: a running timer), the frame."""
        app = self.apps[self.foreground_package]
        if type(app).ticking is App.ticking:  # never ticks: no context to make
            return self.clock.minute, 0
        app, ctx = self._foreground_context()
        return self.clock.minute, self.clock.elapsed_ms // FRAME_MS if app.ticking(ctx) else 0

    def invalidate(self, repaint: bool = False) -> None:
        """Mark the UI as changed: the next observation rebuilds the screen. The next
        screenshots repaint only what looks different, or with ``repaint`` the whole
        screen (as when nothing of the last frames can be kept)."""
        self._version += 1
        if repaint:
            self._frames.repaint_all()

    def _hit(self, x: float, y: float) -> list[View]:
        for window in reversed(self._layout()):
            if window.visible.contains(x, y) and not isinstance(window, _ToastWindow):
                return hit_path(window, x, y)
        return []

    def _layout(self) -> list[View]:
        clock = self.clock
        moment = (self._version, clock.start_ms, clock.elapsed_ms)
        if moment == self._laid_out_at:
            return self._windows  # nothing changed, not even the time, since it was checked
        # A screen that closes itself while it is built (its record was deleted, say) changes
        # the UI again: build once more so no stale frame is ever shown.
        for _ in range(_MAX_REBUILDS):
            key = (self._version, *self._shown_time())
            if key == self._layout_key:
                self._laid_out_at = (self._version, clock.start_ms, clock.elapsed_ms)
                return self._windows
            before, self._windows = self._windows, self._compose()
            self._frames.laid_out(before, self._windows)
            self._layout_key = key
        if (self._version, *self._shown_time()) != self._layout_key:
            package, activity = self.foreground
            self.log(
                "android", "ViewRootImpl", f"{package}/{activity} kept changing while drawn", "W"
            )
        return self._windows

    def _compose(self) -> list[View]:
        d = self.display
        keyboard_shown = self.keyboard_shown
        areas = self._areas.get(keyboard_shown)
        if areas is None:
            areas = self._areas[keyboard_shown] = _Areas.of(d, keyboard_shown)
        screen, area = areas.screen, areas.app
        try:
            app_window = self._app_frame(area, screen, keeping=True)
        except PartMovedError:  # a kept part was placed elsewhere: build it all again
            app_window = self._app_frame(area, screen, keeping=False)
        self._app_window = app_window
        settings = self.settings
        airplane = settings.flag("global", "airplane_mode_on")
        minute = self.clock.minute
        bar_state = (
            f"{minute // 60 % 24:02d}:{minute % 60:02d}",
            settings.flag("global", "wifi_on") and not airplane,
            airplane,
            settings.flag("global", "bluetooth_on"),
            self.battery,
        )
        windows = [
            self._system_window(
                "status",
                bar_state,
                areas.status,
                lambda: status_bar(
                    clock=bar_state[0],
                    wifi=bar_state[1],
                    airplane=airplane,
                    bluetooth=bar_state[3],
                    battery=self.battery,
                ),
            ),
            app_window,
        ]
        if keyboard_shown:
            board = self.keyboard
            windows.append(
                self._system_window(
                    "keyboard",
                    (board.shift, board.symbols),
                    areas.keyboard,
                    lambda: keyboard(
                        board,
                        type_text=self.type_key,
                        press=self._press_now,
                        toggle_shift=self._toggle_shift,
                        toggle_symbols=self._toggle_symbols,
                    ),
                )
            )
        windows.append(
            self._system_window("nav", (), areas.nav, lambda: navigation_bar(self._press_now))
        )
        if self.toasts:
            toast = self.toasts[-1]
            bubble = TextView(
                toast.text,
                size=14,
                color="on_toast",
                background="toast",
                radius=20,
                padding=(16, 10),
                max_lines=3,
                gravity="bottom center",
                margin=(32, 0, 32, 72),
            )
            layer = _ToastWindow(package=toast.package, children=[bubble])
            layer.layout(d, areas.toast, screen)
            windows.append(layer)
        return windows

    def _app_frame(self, area: Rect, screen: Rect, keeping: bool) -> View:
        """The foreground app's window, built (with parts of the last frame where
        ``keeping``: ``ui.parts``) and laid out in ``area``."""
        self.parts.begin_frame(keeping)
        app, ctx = self._foreground_context()
        app_window = FrameLayout(
            package=app.package,
            width=MATCH,
            height=MATCH,
            background="background",
            children=[app.build(ctx), *ctx.overlays],
        )
        carry_over(self._app_window, app_window)
        app_window.layout(self.display, area, screen)
        return app_window

    def _system_window(self, name: str, state: tuple, rect: Rect, build) -> View:
        """A system window (bars, keyboard), rebuilt only when what it shows changes."""
        cached = self._system_windows.get(name)
        if cached is None or cached[0] != state:
            window = build()
            window.layout(self.display, rect, Rect(0, 0, self.display.width, self.display.height))
            cached = self._system_windows[name] = (state, window)
        return cached[1]

    def _press_now(self, name: str) -> None:
        self._press(name)

    def _toggle_shift(self) -> None:
        self.keyboard.shift = not self.keyboard.shift

    def _toggle_symbols(self) -> None:
        self.keyboard.symbols = not self.keyboard.symbols
        self.keyboard.shift = False

    def screenshot(self, scale: float = 1.0) -> np.ndarray:
        """The screen as an RGB uint8 array of shape (round(H*scale), round(W*scale), 3).

        The array is read-only and shared until the screen changes (no copy is made for an
        unchanged screen); ``.copy()`` it to draw on it.
        """
        if (
            isinstance(scale, bool)
            or not isinstance(scale, int | float)
            or not 0.05 <= scale <= 1.0
        ):
            raise ValueError(f"screenshot scale must be in [0.05, 1.0], got {scale!r}")
        windows = self._layout()
        system = {id(window): name for name, (_, window) in self._system_windows.items()}
        return self._frames.screenshot(scale, self._layout_key, windows, system, self.theme)

    def hierarchy_xml(self) -> str:
        """The view hierarchy as ``uiautomator dump`` writes it (visible nodes only)."""
        windows = self._layout()
        if self._xml[0] != self._layout_key:
            self._xml = (self._layout_key, dump(windows))
        return self._xml[1]

    def node_tree(self) -> tuple[list[NodeRecord], list[int], list[WindowSpan]]:
        """The nodes of ``hierarchy_xml`` as lazy records, where each one's subtree ends
        (``ui.hierarchy.node_tree``) and where each window's records are (``WindowSpan``),
        without the XML; the same lists until the UI changes."""
        windows = self._layout()
        if self._node_tree[0] != self._layout_key:
            fixed = [window for _, window in self._system_windows.values()]
            self._node_tree = (self._layout_key, self._node_trees.node_tree(windows, fixed))
        return self._node_tree[1]

    def hierarchy_later(self) -> Callable[[], str]:
        """A function that returns the view hierarchy of this moment whenever it is called
        (the laid-out trees are kept, nothing is dumped until then)."""
        windows = self._layout()
        key = self._layout_key

        def later() -> str:
            if self._xml[0] == key:
                return self._xml[1]
            return dump(windows)

        return later

    def hierarchy(self) -> etree._Element:
        """The view hierarchy parsed with lxml (root ``<hierarchy>``)."""
        return etree.fromstring(self.hierarchy_xml().encode("utf-8"))

    def windows(self) -> list[View]:
        """The laid-out widget trees on screen, bottom to top (status bar, app, keyboard, ...)."""
        return self._layout()


class _Areas(NamedTuple):
    """Where the windows go on a display, with or without the keyboard."""

    screen: Rect
    app: Rect
    status: Rect
    keyboard: Rect
    nav: Rect
    toast: Rect

    @classmethod
    def of(cls, d: Display, keyboard_shown: bool) -> _Areas:
        w, h = d.width, d.height
        status_h, nav_h = d.dp(STATUS_BAR_DP), d.dp(NAV_BAR_DP)
        kb_h = d.dp(KEYBOARD_DP) if keyboard_shown else 0
        return cls(
            screen=Rect(0, 0, w, h),
            app=Rect(0, status_h, w, h - nav_h - kb_h),
            status=Rect(0, 0, w, status_h),
            keyboard=Rect(0, h - nav_h - kb_h, w, h - nav_h),
            nav=Rect(0, h - nav_h, w, h),
            toast=Rect(0, status_h, w, h - kb_h),
        )


class _ToastWindow(FrameLayout):
    """Holds the toast bubble; touches pass through it."""

    __slots__ = ()

    in_hierarchy = False
