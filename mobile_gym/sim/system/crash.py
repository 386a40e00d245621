"""Apps that crash: their process dies, the log says why, and the system says so on screen.

When an app's code raises while the phone runs it (building or laying out its screen,
handling input, a lifecycle call; ``crash_report.culprit`` tells an app's failure from a bug
of the phone), the phone does what Android does with an uncaught exception: ``AndroidRuntime``
logs ``FATAL EXCEPTION: main`` with the process and the exception, the process is killed (its
task closes; the home screen shows if it was in front), ``ActivityManager`` logs its death,
and the system shows "<App> keeps stopping" over whatever is in front. Its "Close app"
button, a tap outside it, BACK, HOME and recents dismiss it; "App info" opens Settings (the
simulated Settings has no per-app page). Opening the app again starts a new process, which
crashes again while its data is still bad.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from mobile_gym.sim.activities import TASKS
from mobile_gym.sim.apps.settings import PACKAGE as SETTINGS
from mobile_gym.sim.system.crash_report import code_of, culprit, exception_lines
from mobile_gym.sim.system.launcher import LAUNCHER
from mobile_gym.sim.ui.composites import alert_dialog
from mobile_gym.sim.ui.view import MATCH, FrameLayout, View
from mobile_gym.sim.ui.widgets import Button

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone


@dataclass(frozen=True)
class CrashDialog:
    """The system's "keeps stopping" dialog for the app ``package``, labelled ``label``."""

    package: str
    label: str

    @property
    def title(self) -> str:
        return f"{self.label} keeps stopping"


class Crashes:
    """Turns an app's failure into its crash, and shows the dialog that reports it.

    The dialog shows and goes under ``TASKS`` (``sim.activities``), as the activity
    manager's: deciding which windows show reads that key already, so it may read
    ``dialog`` as it is.
    """

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.dialog: CrashDialog | None = None
        self.count = 0
        """How many apps crashed (looking up what is under the finger compares it)."""
        self._code: dict[str, str] | None = None
        """App packages by where their code is (``crash_report.code_of``), found when first
        needed."""

    def boot(self) -> None:
        self.dialog = None
        self.phone.deps.changed(TASKS)

    # crashing ------------------------------------------------------------------------------
    def handle(self, failure: Exception, running: str | None = None) -> bool:
        """``failure`` was raised while the phone ran the code of app ``running`` (the one in
        front by default): if it is an app's failure, that app crashes; True then, False for
        a bug of the phone (the caller raises it again).

        A failure of an app whose process is already gone (its code went on after it
        crashed) belongs to that crash and is not reported twice; a task left without its
        process closes all the same.
        """
        phone = self.phone
        if self._code is None:
            self._code = {
                code_of(type(app).__module__): package
                for package, app in phone.apps.items()
                if package != LAUNCHER
            }
        package = culprit(failure, running or phone.activities.foreground_package, self._code)
        if package is None or package == LAUNCHER:
            return False
        if package in phone.activities.pids:
            self.crash(package, failure)
        elif package in phone.activities.tasks:
            phone.activities.end_process(package)
        return True

    def crash(self, package: str, failure: BaseException) -> None:
        """The app ``package`` dies of ``failure``, as a process with an uncaught exception."""
        phone = self.phone
        activities = phone.activities
        pid = activities.pids[package]
        log = phone.log
        log(package, "AndroidRuntime", "FATAL EXCEPTION: main", "E")
        log(package, "AndroidRuntime", f"Process: {package}, PID: {pid}", "E")
        for line in exception_lines(failure):
            log(package, "AndroidRuntime", line, "E")
        stack = activities.tasks.get(package, [])
        app = phone.apps[package]
        if stack:
            component = app.component(stack[-1].activity)
            log("android", "ActivityTaskManager", f"  Force finishing activity {component}", "W")
        log(package, "Process", f"Sending signal. PID: {pid} SIG: 9")
        activities.end_process(package)
        phone.input.gestures.abandon()
        self.count += 1
        log("android", "ActivityManager", f"Process {package} (pid {pid}) has died")
        self.dialog = CrashDialog(package, app.label)
        phone.deps.changed(TASKS)

    # the dialog ----------------------------------------------------------------------------
    def shown(self) -> CrashDialog | None:
        """The crash dialog on screen, if any."""
        self.phone.deps.read(TASKS)
        return self.dialog

    def dismiss(self) -> None:
        """Close the crash dialog ("Close app", a tap outside it, BACK, HOME, recents)."""
        if self.dialog is not None:
            self.dialog = None
            self.phone.deps.changed(TASKS)

    def app_info(self) -> None:
        """The "App info" button: close the dialog and open Settings."""
        self.dismiss()
        if SETTINGS in self.phone.apps:
            self.phone.activities.start(SETTINGS)

    def window(self) -> View:
        """The crash dialog's window: the dialog over a dimmed screen, as the system
        (``android``) shows it."""
        dialog = self.shown()
        assert dialog is not None
        buttons = [
            _button("App info", "android:id/aerr_app_info", self.app_info),
            _button("Close app", "android:id/aerr_close", self.dismiss),
        ]
        return FrameLayout(
            package="android",
            width=MATCH,
            height=MATCH,
            children=[alert_dialog(dialog.title, buttons=(), on_cancel=self.dismiss, body=buttons)],
        )


def _button(label: str, id: str, on_click: Callable[[], None]) -> Button:
    return Button(
        label,
        on_click=on_click,
        id=id,
        background=None,
        color="text",
        bold=False,
        align="start",
        width=MATCH,
        padding=(4, 14),
        margin=(0, 8, 0, 0),
    )
