"""Screenshots repaint only what changed, system windows (bars, keyboard) included: the
result must be exactly a full repaint of every window."""

from __future__ import annotations

import numpy as np
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.view import paint
from tests.sim.conftest import open_app

SCALES = (1.0, 0.25, 0.4)


def repainted(phone: Phone, scale: float) -> np.ndarray:
    """Every window painted anew, as the phone painted before it kept any pixels."""
    canvas = Canvas(phone.display.width, phone.display.height, scale, None)
    for window in phone.windows():
        paint(window, canvas, phone.theme, phone.display)
    return canvas.image


def assert_same_as_repainted(phone: Phone) -> None:
    for scale in SCALES:
        np.testing.assert_array_equal(phone.screenshot(scale), repainted(phone, scale))


@pytest.mark.parametrize("dark", [False, True])
def test_screens_equal_a_full_repaint(phone: Phone, driver: Driver, dark: bool) -> None:
    if dark:
        phone.settings.put("secure", "ui_night_mode", "2")
    assert_same_as_repainted(phone)
    open_app(driver, "Contacts")
    assert_same_as_repainted(phone)
    driver.tap(desc="Search")  # a field takes focus: the keyboard window shows
    assert phone.keyboard_shown
    assert_same_as_repainted(phone)
    driver.tap(desc="Shift")  # the keyboard is rebuilt in its other state
    assert_same_as_repainted(phone)
    phone.settings.put("secure", "ui_night_mode", "0" if dark else "2")  # theme flips
    assert_same_as_repainted(phone)
    phone.wait(61_000)  # the status bar's clock moves on
    assert_same_as_repainted(phone)
    phone.settings.put("global", "bluetooth_on", "0")  # its icons change
    assert_same_as_repainted(phone)


def test_unchanged_bars_are_not_painted_again(phone: Phone, driver: Driver) -> None:
    open_app(driver, "Contacts")
    phone.screenshot(0.25)
    status_bar, *_, navigation_bar = phone.windows()
    driver.tap(desc="Search")  # the app window changes (the keyboard shows); the bars do not
    phone.screenshot(0.25)
    area = phone.screen.frames.repainted
    assert area is not None and not area.empty
    assert area.intersect(status_bar.visible).empty
    assert area.intersect(navigation_bar.visible).empty


def test_a_view_taller_than_its_viewport_is_painted_again_when_it_scrolls() -> None:
    """A long note's text field fills its scroll view: dragged, it moves inside the same
    visible area, which must be painted anew (the old lines stayed)."""
    phone = Phone(seed=0)
    phone.launch("com.simplemobiletools.notes.pro")
    driver = Driver(phone)
    driver.tap(text="Pancakes")
    driver.tap(id="text_view")
    phone.text("\n".join(f"line {i}" for i in range(80)))  # the field follows its cursor down
    assert_same_as_repainted(phone)
    area = driver.find(id="notes_scrollview").bounds
    x = area.center[0]
    driver.send_all(ev.drag(x, area.top + 200, x, area.bottom - 200))
    assert_same_as_repainted(phone)
