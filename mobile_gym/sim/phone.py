"""The simulated Android phone: mobile-gym's default, in-process device.

``Phone`` takes input as an emulator does (touch frames, lift, text, keys), runs apps
written against the toolkit, and projects one widget tree two ways: an RGB screenshot and a
uiautomator-format view hierarchy. Time is a virtual clock that input advances; state is
plain data plus in-memory SQLite, so a snapshot restores the phone exactly.

The phone is made of parts with one job each: ``InputRouter`` (input and gestures),
``Activities`` (tasks, the screen in front, the input method), ``Services`` (toasts, the
battery, the log), ``Wakeups`` (apps' scheduled wake-ups), ``Notifications`` (posted
notifications and the shade), ``Crashes`` (apps whose code raised: their death and the system's
dialog) and ``Screen`` (the windows and their projections); ``Phone`` holds them
and the state they share (clock, settings, storage, log buffer), and offers them as one
device.
"""

from __future__ import annotations

import copy
import datetime as dt
import functools
import random
import sqlite3
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn, SupportsIndex

import numpy as np
from lxml import etree

from mobile_gym.checks import check_int, check_number
from mobile_gym.hierarchy import Node, dump
from mobile_gym.sim import input as events
from mobile_gym.sim.activities import Activities
from mobile_gym.sim.apps import DEFAULT_APPS
from mobile_gym.sim.apps.aliases import ALIASES
from mobile_gym.sim.apps.base import App, AppContext, ScreenState
from mobile_gym.sim.clock import DEFAULT_START, VirtualClock, to_epoch_ms
from mobile_gym.sim.display import Display
from mobile_gym.sim.interaction import InputRouter
from mobile_gym.sim.screen import Screen
from mobile_gym.sim.services import Services, Toast
from mobile_gym.sim.system.crash import Crashes
from mobile_gym.sim.system.keyboard import KeyboardState
from mobile_gym.sim.system.launcher import LAUNCHER, Launcher
from mobile_gym.sim.system.logcat import Logcat, LogEntry
from mobile_gym.sim.system.notifications import Notifications
from mobile_gym.sim.system.settings import SettingsStore
from mobile_gym.sim.system.storage import Storage, StorageSnapshot
from mobile_gym.sim.system.wakeups import Wakeups
from mobile_gym.sim.tracking import Dependencies, Scope
from mobile_gym.sim.ui.theme import Theme
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import EditText
from mobile_gym.sim.windows import compose
from mobile_gym.timing import FRAME_MS

_MAX_REBUILDS = 4
"""How many times a screen that changes the phone while it is built is built again."""


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
        apps: app classes to install (default: Settings and the Simple Mobile Tools apps).
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
        seed = check_int("seed", seed)
        if isinstance(display, str):
            display = Display.profile(display)
        self.display = display or Display()
        self.seed = seed
        self.apps: dict[str, App] = {LAUNCHER: Launcher()}
        for app_cls in apps:
            app = app_cls()
            if app.package in self.apps:
                raise ValueError(f"app package {app.package} installed twice")
            self.apps[app.package] = app
        self.deps = Dependencies()
        """Who read which state (``sim.tracking``): what a change makes the screen redo."""
        self.clock = VirtualClock(start_time, self.deps)
        self.settings = SettingsStore(self._setting_changed, self.deps)
        self.storage = Storage(self.deps)
        self.logcat = Logcat()
        self.activities = Activities(self)
        self.services = Services(self)
        self.wakeups = Wakeups(self)
        self.notifications = Notifications(self)
        self.crashes = Crashes(self)
        self.input = InputRouter(self, momentum)
        self.screen = Screen(self.display, self.deps)
        self._seen_changes = -1
        """``deps.changes`` when the screen was last brought up to date."""
        self._composition = Scope("composition")
        """What deciding which windows show read (the screen in front, the keyboard...)."""
        self._boot(seed)
        self._boot_clock = self.clock.state()
        self._boot_state: PhoneSnapshot | None = None
        """The state right after boot, snapshotted the first time the phone goes back to it."""

    def __reduce_ex__(self, protocol: SupportsIndex) -> NoReturn:
        # (what copy.copy, copy.deepcopy and pickle call)
        raise TypeError(
            "a Phone cannot be copied or pickled: the handlers of its screens are bound to"
            " it, so a copy would act on this phone. Go back to a state with"
            " phone.snapshot() and phone.restore(snapshot), or make another Phone"
        )

    # boot and reset ------------------------------------------------------------------------
    def _boot(self, seed: int) -> None:
        self.activities.boot()
        self.services.boot()
        self.wakeups.boot()
        self.notifications.boot()
        self.crashes.boot()
        self.input.last_touch = (0.0, 0.0)
        self.log("android", "Zygote", "System server process started")
        self.boot_ms = self.clock.stamp()
        """When the phone booted (ms since 1970): the time its seeded content is made at."""
        seed_app = functools.partial(self._seed, seed)
        for app in self.apps.values():
            self.storage.defer(
                app.package,
                seed_app,
                app.schemas,
                app.seeds_from,
                files=app.seeds_files,
            )
        self.log("android", "ActivityManager", "Boot completed")

    def _seed(self, seed: int, package: str) -> None:
        """Make the databases and content of the app ``package``, drawn from ``seed`` (at
        the boot time, whenever they are first needed: ``Storage.defer``)."""
        app = self.apps[package]
        ctx = AppContext(self, app, ScreenState(app.main_activity))
        app.create_databases(ctx, random.Random(f"{seed}/{app.package}"))

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
        self.input.gestures.cancel()
        self._boot(seed)
        self._state_replaced()

    def snapshot(self) -> PhoneSnapshot:
        activities, services = self.activities, self.services
        state = {
            "clock": self.clock.state(),
            "settings": self.settings.tables,
            "tasks": activities.tasks,
            "foreground": activities.foreground_package,
            "ime": activities.ime_visible,
            "keyboard": activities.keyboard,
            "toasts": services.toasts,
            "pids": activities.pids,
            "next_pid": activities.next_pid,
            "battery": (services.battery, services.charger),
            "crash_dialog": self.crashes.dialog,
            "last_touch": self.input.last_touch,
            "gesture": self.input.gestures.gesture,
            "wakeups": self.wakeups.pending,
            "notifications": (self.notifications.posted, self.notifications.shade_open),
        }
        return PhoneSnapshot(
            copy.deepcopy(state),
            (tuple(self.logcat.entries), self.logcat.next_seq),
            self.storage.snapshot(),
        )

    def restore(self, snapshot: PhoneSnapshot) -> None:
        """Return to ``snapshot`` exactly (screen, databases, files, clock, logcat)."""
        state = copy.deepcopy(snapshot.state)
        activities, services = self.activities, self.services
        self.clock.load(state["clock"])
        self.settings.tables = state["settings"]
        activities.tasks = state["tasks"]
        activities.foreground_package = state["foreground"]
        activities.ime_visible = state["ime"]
        activities.keyboard = state["keyboard"]
        services.toasts = state["toasts"]
        activities.pids = state["pids"]
        activities.next_pid = state["next_pid"]
        services.battery, services.charger = state["battery"]
        self.crashes.dialog = state["crash_dialog"]
        self.input.last_touch = state["last_touch"]
        self.input.gestures.gesture = state["gesture"]
        self.wakeups.pending = state["wakeups"]
        self.notifications.posted, self.notifications.shade_open = state["notifications"]
        entries, next_seq = snapshot.log
        self.logcat.entries = deque(entries, maxlen=self.logcat.entries.maxlen)
        self.logcat.next_seq = next_seq
        self.storage.restore(snapshot.storage)
        self._state_replaced()

    def close(self) -> None:
        self.storage.close()

    # input ---------------------------------------------------------------------------------
    def touch(self, x: float, y: float) -> None:
        """A touch frame at (x, y) px: finger down, or moved/held if already down."""
        self.input.touch(x, y)

    def lift(self) -> None:
        """The finger leaves the screen (ignored when it is not down)."""
        self.input.lift()

    def text(self, text: str) -> bool:
        """Type ``text`` into the focused field; False (and nothing typed) if none has focus."""
        return self.input.text(text)

    def key(self, key: str | int) -> None:
        """Press an Android key by name (``BACK``, ``KEYCODE_HOME``, ``ENTER``, ...) or code."""
        self.input.key(key)

    def wait(self, ms: int = FRAME_MS) -> None:
        """Let ``ms`` milliseconds pass with no input."""
        self.input.wait(ms)

    def send(self, event: events.InputEvent) -> None:
        """Deliver one input event."""
        self.input.send(event)

    def send_all(self, sequence: Iterable[events.InputEvent]) -> None:
        self.input.send_all(sequence)

    @property
    def touching(self) -> bool:
        """Whether a finger is on the screen (a gesture is in progress)."""
        return self.input.gestures.gesture is not None

    @property
    def last_touch(self) -> tuple[float, float]:
        return self.input.last_touch

    def focused_field(self) -> EditText | None:
        """The EditText that has input focus on the current screen, if any."""
        return self.input.focused_field()

    # activities and tasks ----------------------------------------------------------------
    @property
    def tasks(self) -> dict[str, list[ScreenState]]:
        return self.activities.tasks

    @property
    def foreground_package(self) -> str:
        return self.activities.foreground_package

    @property
    def foreground(self) -> tuple[str, str]:
        """(package, activity) of the screen in front.

        A screen that closes itself when drawn (its record deleted behind its back) closes at
        the next observation (screenshot, hierarchy or touch), as on a device.
        """
        return self.activities.foreground

    def package_name(self, name: str) -> str:
        """The installed package ``name`` stands for: itself, or the app installed in its
        place when it names another phone's app (``mobile_gym.sim.apps.aliases``)."""
        return name if name in self.apps else ALIASES.get(name, name)

    def start_activity(self, package: str, activity: str | None = None, **args: Any) -> None:
        """Start ``activity`` (the main one by default) of ``package`` on top of its task."""
        package = self.package_name(package)
        self.activities.start(package, activity, **args)

    def launch(self, package: str) -> None:
        """Open ``package`` as its launcher icon does: resume its task or start it."""
        package = self.package_name(package)
        self.activities.launch(package)

    def finish_activity(self, package: str) -> None:
        """Close the top screen of ``package``; the home screen shows when its task empties."""
        self.activities.finish(package)

    def go_home(self) -> None:
        self.activities.go_home()

    def show_recents(self) -> None:
        self.activities.show_recents()

    def recent_packages(self) -> list[str]:
        """Packages with a task, least recently used first (the launcher excluded)."""
        return self.activities.recent_packages()

    def task_title(self, package: str) -> str:
        """What the recents screen shows for ``package``'s task."""
        app, ctx = self.activities.context(package)
        return app.title(ctx)

    def remove_task(self, package: str) -> None:
        self.activities.remove_task(package)

    def clear_recents(self) -> None:
        self.activities.clear_recents()

    def force_stop(self, package: str) -> None:
        """``am force-stop``: end the app's process and task."""
        package = self.package_name(package)
        self.activities.force_stop(package)

    def clear_app_data(self, package: str) -> None:
        """``pm clear``: stop the app and wipe its databases and files (tables recreated empty)."""
        package = self.package_name(package)
        app = self.activities.app(package)
        self.force_stop(package)
        self.wakeups.cancel_all(package)
        self.notifications.cancel_all(package)
        self.storage.drop_databases(package)
        self.storage.delete_app_files(package)
        app.create_databases(AppContext(self, app, ScreenState(app.main_activity)))

    def launcher_apps(self) -> list[App]:
        return [app for app in self.apps.values() if app.in_launcher]

    @property
    def keyboard(self) -> KeyboardState:
        return self.activities.keyboard

    @property
    def ime_visible(self) -> bool:
        return self.activities.ime_visible

    @property
    def keyboard_shown(self) -> bool:
        """Whether the keyboard window shows."""
        return self.activities.keyboard_shown

    def show_keyboard(self) -> None:
        self.activities.show_keyboard()

    def hide_keyboard(self) -> None:
        self.activities.hide_keyboard()

    # system services -------------------------------------------------------------------------
    @property
    def toasts(self) -> list[Toast]:
        return self.services.toasts

    @property
    def battery(self) -> int:
        return self.services.battery

    @property
    def pids(self) -> dict[str, int]:
        return self.activities.pids

    def toast(self, text: str, package: str) -> None:
        self.services.toast(text, package)

    def log(self, package: str, tag: str, message: str, priority: str = "I") -> LogEntry:
        """Write a logcat line as ``package``'s process."""
        return self.services.log(package, tag, message, priority)

    def logcat_lines(self, since: int = 0, fmt: str = "threadtime") -> tuple[list[str], int]:
        """Formatted log lines written at or after cursor ``since``, and the next cursor."""
        entries, cursor = self.logcat.since(since)
        return [entry.format(fmt) for entry in entries], cursor

    def _setting_changed(self, namespace: str, key: str, value: str) -> None:
        self.log("android", "SettingsProvider", f"{namespace} {key}={value}")

    def database(self, package: str, name: str) -> sqlite3.Connection:
        """The app's SQLite database (what is written to it shows at the next observation)."""
        package = self.package_name(package)
        self.activities.app(package)
        return self.storage.database(package, name)

    def read_file(self, path: str) -> bytes:
        return self.storage.read(path)

    def write_file(self, path: str, data: bytes) -> None:
        self.storage.write(path, data)

    def write_file_later(
        self, path: str, make: Callable[[], bytes], modified: dt.datetime | None = None
    ) -> None:
        """Write ``make()``'s bytes at ``path`` (last modified at ``modified``, on the phone's
        clock, UTC), made when the file is first looked at (``Storage.write_later``)."""
        mtime = None if modified is None else to_epoch_ms(modified)
        self.storage.write_later(path, make, mtime)

    def set_modified(self, path: str, when: dt.datetime) -> None:
        """Record ``when`` (on the phone's clock, UTC) as the last-modified time of the file
        or folder at ``path`` (task setup; FileNotFoundError if there is none)."""
        self.storage.set_modified(path, to_epoch_ms(when))

    def set_time(self, when: dt.datetime) -> None:
        """Set the phone's date and time (task setup)."""
        self.clock.set(when)
        self.services.clear_toasts()

    @property
    def theme(self) -> Theme:
        return self.services.theme

    # the two projections ----------------------------------------------------------------------
    def invalidate(self, repaint: bool = False, anew: bool = False) -> None:
        """Take every window as changed: the next observation builds the whole screen
        again (what comes out the same is kept, as after any change); with ``repaint`` the
        next screenshots paint the whole screen. With ``anew`` nothing of the app's screen
        is kept: the next observation builds, lays out, dumps and paints its window from
        nothing, as when the app first shows that screen (the system's windows stay, as
        they do then). Nothing needs it to see a change (the phone knows what each window
        read); benchmarks of a changed screen use it."""
        if anew:
            self.screen.forget_app_windows()
            self._seen_changes = -1  # (no state changed, but the app's window must be made)
        else:
            self.screen.rebuild_all()
        if repaint:
            self.screen.frames.forget()

    def _state_replaced(self) -> None:
        """All state was replaced (a reset): every window is built again (what comes out
        the same as it showed is kept)."""
        self.deps.clear()
        self.screen.rebuild_all()

    def _refresh(self) -> None:
        """Bring the windows up to date with the phone's state (nothing to do when no state
        any window read changed). A screen that changes the phone while it is built (its
        record deleted, it closes itself) is built again, so no stale frame is shown."""
        self.storage.note_database_writes()
        if self.deps.changes == self._seen_changes and not self.screen.stale:
            return
        for _ in range(_MAX_REBUILDS):
            changes = self.deps.changes
            specs = self.deps.run(self._composition, compose, self)
            self.screen.update(specs)
            self.storage.note_database_writes()
            if self.deps.changes == changes:
                break
        else:
            package, activity = self.foreground
            self.log(
                "android", "ViewRootImpl", f"{package}/{activity} kept changing while drawn", "W"
            )
        self._seen_changes = self.deps.changes

    @property
    def ui_version(self) -> int:
        """Moves whenever what the screen shows changed."""
        self._refresh()
        return self.screen.version

    def windows(self) -> list[View]:
        """The laid-out widget trees on screen, bottom to top (status bar, app, keyboard, ...)."""
        self._refresh()
        return self.screen.windows

    def screenshot(self, scale: float = 1.0) -> np.ndarray:
        """The screen as an RGB uint8 array of shape (round(H*scale), round(W*scale), 3).

        The array is read-only and shared until the screen changes (no copy is made for an
        unchanged screen); ``.copy()`` it to draw on it.
        """
        scale = check_number("screenshot scale", scale, 0.05, 1.0)
        self._refresh()
        return self.screen.screenshot(scale, self.theme)

    def nodes(self) -> tuple[Node, ...]:
        """The view hierarchy as ``Node`` records (``mobile_gym.hierarchy``), in the order
        of ``hierarchy_xml``; the same tuple until the screen changes."""
        self._refresh()
        return self.screen.nodes()

    def hierarchy_xml(self) -> str:
        """The view hierarchy as ``uiautomator dump`` writes it (visible nodes only)."""
        self._refresh()
        return self.screen.xml()

    def hierarchy_later(self) -> Callable[[], str]:
        """A function that returns the view hierarchy of this moment whenever it is called
        (its nodes are taken now; the XML is written when asked for)."""
        found = self.nodes()
        return lambda: dump(found)

    def hierarchy(self) -> etree._Element:
        """The view hierarchy parsed with lxml (root ``<hierarchy>``)."""
        return etree.fromstring(self.hierarchy_xml().encode("utf-8"))
