"""The windows the phone shows and where they go: the status bar, the app in front (its
screen with any dialog or menu over it), the system's dialog after an app crashed, the
keyboard while a field has the focus, the notification shade while it is pulled down
(``system.shade``), the navigation bar, and a toast over them all.

``compose`` says which windows show now; each comes with the function that builds its
views from the phone's state (run by ``Screen`` as a scope, so it is built again only when
what it read changed). What the app's code raises while its window is built or laid out
is that app's crash (``system.crash``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from mobile_gym.geometry import Rect
from mobile_gym.sim.activities import IME
from mobile_gym.sim.apps.base import App, AppContext, ScreenState
from mobile_gym.sim.display import Display
from mobile_gym.sim.screen import WindowSpec
from mobile_gym.sim.system.bars import NAV_BAR_DP, STATUS_BAR_DP, navigation_bar, status_bar
from mobile_gym.sim.system.keyboard import KEYBOARD_DP, KeyboardView
from mobile_gym.sim.system.shade import shade
from mobile_gym.sim.ui.view import MATCH, FrameLayout, View
from mobile_gym.sim.ui.widgets import TextView

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone


class Areas(NamedTuple):
    """Where the windows go on a display, with or without the keyboard."""

    app: Rect
    status: Rect
    keyboard: Rect
    nav: Rect
    toast: Rect
    shade: Rect

    @classmethod
    def of(cls, d: Display, keyboard_shown: bool) -> Areas:
        w, h = d.width, d.height
        status_h, nav_h = d.dp(STATUS_BAR_DP), d.dp(NAV_BAR_DP)
        kb_h = d.dp(KEYBOARD_DP) if keyboard_shown else 0
        return cls(
            app=Rect(0, status_h, w, h - nav_h - kb_h),
            status=Rect(0, 0, w, status_h),
            keyboard=Rect(0, h - nav_h - kb_h, w, h - nav_h),
            nav=Rect(0, h - nav_h, w, h),
            toast=Rect(0, status_h, w, h - kb_h),
            shade=Rect(0, 0, w, h - nav_h),
        )


class ToastWindow(FrameLayout):
    """Holds the toast bubble; touches pass through it, and it is no node of its own."""

    __slots__ = ()
    in_hierarchy = False


def compose(phone: Phone) -> list[WindowSpec]:
    """The windows on screen now, bottom to top."""
    activities = phone.activities
    keyboard_shown = activities.keyboard_shown
    areas = Areas.of(phone.display, keyboard_shown)
    package = activities.foreground_package
    screen = activities.top
    app = phone.apps[package]
    specs = [
        WindowSpec("status", lambda: _status_bar(phone), areas.status),
        WindowSpec(
            ("app", package, screen.activity),
            lambda: _app_window(phone, app, screen),
            areas.app,
            source=screen,
            failed=lambda failure: phone.crashes.handle(failure, package),
        ),
    ]
    if phone.crashes.dialog is not None:  # read under TASKS, as ``activities.top`` was
        specs.append(WindowSpec("crash", phone.crashes.window, areas.app))
    if keyboard_shown:
        specs.append(WindowSpec("keyboard", lambda: _keyboard(phone), areas.keyboard))
    if phone.notifications.shade_shown():
        specs.append(WindowSpec("shade", lambda: shade(phone), areas.shade))
    specs.append(WindowSpec("nav", lambda: navigation_bar(phone.input.press), areas.nav))
    if phone.services.shown_toast() is not None:
        specs.append(WindowSpec("toast", lambda: _toast(phone), areas.toast))
    return specs


def _app_window(phone: Phone, app: App, screen: ScreenState) -> View:
    """The app's screen, with the dialogs and menus open over it; a screen that changes by
    itself as time passes is built again when it says it next changes (``App.redraw_at``)."""
    ctx = AppContext(phone, app, screen)
    content = app.build(ctx)
    # Taken from the context its handlers keep, the overlays make no reference cycle with
    # it: a build whose views reconcile leaves unused is freed at once.
    overlays, ctx.overlays = ctx.overlays, []
    redraw_at = app.redraw_at(ctx)
    if redraw_at is not None:
        phone.clock.read_until(redraw_at)
    return FrameLayout(
        package=app.package,
        width=MATCH,
        height=MATCH,
        background="background",
        children=[content, *overlays],
    )


def _status_bar(phone: Phone) -> View:
    settings = phone.settings
    airplane = settings.flag("global", "airplane_mode_on")
    minute = phone.clock.minute
    packages = dict.fromkeys(n.package for n in phone.notifications.active())
    apps = [phone.apps[p] for p in packages if p in phone.apps]
    return status_bar(
        clock=f"{minute // 60 % 24:02d}:{minute % 60:02d}",
        wifi=settings.flag("global", "wifi_on") and not airplane,
        airplane=airplane,
        bluetooth=settings.flag("global", "bluetooth_on"),
        battery=phone.services.battery_level(),
        notified=tuple((app.icon, app.label) for app in apps),
    )


def _keyboard(phone: Phone) -> View:
    activities = phone.activities
    phone.deps.read(IME)
    return KeyboardView(
        activities.keyboard,
        type_text=phone.input.type_key,
        press=phone.input.press,
        toggle_shift=activities.toggle_shift,
        toggle_symbols=activities.toggle_symbols,
    )


def _toast(phone: Phone) -> View:
    toast = phone.services.shown_toast()
    assert toast is not None
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
    return ToastWindow(package=toast.package, children=[bubble])
