"""The screen is kept from one frame to the next: views that a new build repeats keep their
layout, and screenshots repaint only what changed since the last frame at their scale. Every
frame must still equal one built, laid out and painted from scratch."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver, find_all
from mobile_gym.sim.screen import Screen
from mobile_gym.sim.tracking import Dependencies
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.windows import compose
from tests.sim.conftest import open_app

SCALES = (1.0, 0.25, 0.5)


def fresh(phone: Phone) -> Screen:
    """The phone's screen built, laid out and painted from scratch, by a screen that has
    kept nothing (and records no reads)."""
    screen = Screen(phone.display, Dependencies())
    screen.update(compose(phone))
    return screen


def random_step(phone: Phone, rng: random.Random) -> None:
    """One random user action: mostly taps on clickable nodes, some back presses, drags
    (up, or sideways from a node), scrolls, typing, theme flips and database writes."""
    w, h = phone.display.width, phone.display.height
    targets = [n for n in find_all(phone.hierarchy_xml()) if n.clickable]
    roll = rng.random()
    if roll < 0.08 or not targets:
        phone.key("BACK")
    elif roll < 0.13:
        phone.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.3))
    elif roll < 0.16:
        phone.send_all(ev.drag(w / 2, h * 0.3, w / 2, h * 0.6))
    elif roll < 0.19:  # sideways, from a node's centre: sliders and horizontal swipes
        x, y = rng.choice(targets).bounds.center
        phone.send_all(ev.drag(x, y, rng.uniform(0, w), y))
    elif roll < 0.23:
        phone.text("hello")
    elif roll < 0.25:
        phone.settings.put("secure", "ui_night_mode", rng.choice(["1", "2"]))
    elif roll < 0.27:  # a change no input made: a task's setup writes a contact
        phone.database("com.simplemobiletools.contacts.pro", "contacts").execute(
            "INSERT INTO contacts (first_name, last_name) VALUES ('Zoe', ?)", (str(rng.random()),)
        )
    else:
        phone.send_all(ev.tap(*rng.choice(targets).bounds.center))


@pytest.mark.parametrize("seed", range(4))
def test_kept_frames_equal_frames_made_from_scratch(seed: int) -> None:
    phone = Phone(seed=seed)
    rng = random.Random(seed)
    partial = 0
    screens = set()
    for _ in range(70):
        from_scratch = fresh(phone)
        assert phone.hierarchy_xml() == from_scratch.xml()
        assert [w.bounds for w in phone.windows()] == [w.bounds for w in from_scratch.windows]
        # frames are skipped now and then: the changes since the last one add up
        for scale in SCALES if rng.random() < 0.6 else ():
            shot = phone.screenshot(scale)
            partial += phone.screen.frames.repainted is not None
            np.testing.assert_array_equal(shot, from_scratch.screenshot(scale, phone.theme))
        screens.add(phone.foreground)
        random_step(phone, rng)
    assert len(screens) >= 4
    assert partial >= 40  # most frames were painted in part


def _measured(monkeypatch: pytest.MonkeyPatch) -> list[View]:
    """The views measured from now on (a view kept from the last frame is not)."""
    measured: list[View] = []
    measure = View.measure

    def counted(view: View, *args: int) -> tuple[int, int]:
        if view.measured is None or view.measured[:2] != args[1:]:
            measured.append(view)
        return measure(view, *args)

    monkeypatch.setattr(View, "measure", counted)
    return measured


def test_a_flipped_switch_measures_nothing_and_repaints_only_itself(
    driver: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    phone.screenshot(1.0)
    measured = _measured(monkeypatch)
    repainted: list[list[Rect]] = []
    monkeypatch.setattr(phone.screen.frames, "changed", repainted.append)
    switch = find_all(phone.hierarchy_xml(), text="Mobile data")[0]
    driver.tap(text="Mobile data")
    phone.windows()
    flipped = find_all(phone.hierarchy_xml(), text="Mobile data")[0]
    assert {switch.checked, flipped.checked} == {True, False}
    assert flipped.bounds == switch.bounds
    assert measured == []  # checked is a paint property: no size or place can change
    assert repainted == [[Rect(*switch.bounds)]]
    assert phone.hierarchy_xml() == fresh(phone).xml()


def test_a_change_shown_elsewhere_on_the_page_builds_that_view(
    driver: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    phone.windows()
    measured = _measured(monkeypatch)
    driver.tap(text="Wi-Fi")  # the line under it now says "Wi-Fi is off": new text
    phone.windows()
    ids = {view.id for view in measured}
    assert "wifi_summary" in ids  # new text: measured again
    assert "wifi_switch" not in ids  # flipped: a paint property only
    assert phone.hierarchy_xml() == fresh(phone).xml()


def test_a_switch_repaints_its_own_row_only(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    before = phone.screenshot(0.25)
    switch = driver.find(text="Mobile data")
    driver.tap(text="Mobile data")
    after = phone.screenshot(0.25)
    area = phone.screen.frames.repainted
    assert area is not None and not area.empty
    assert area.top >= switch.bounds.top and area.bottom <= switch.bounds.bottom
    assert not np.array_equal(before, after)  # the knob moved
    np.testing.assert_array_equal(after, fresh(phone).screenshot(0.25, phone.theme))
    assert not before.flags.writeable and not after.flags.writeable


def test_an_unchanged_screen_is_the_same_frame(driver: Driver, phone: Phone) -> None:
    first = phone.screenshot(0.25)
    phone.wait(50)  # time passes, nothing shown changes
    assert phone.screenshot(0.25) is first


def test_a_theme_change_repaints_everything(phone: Phone) -> None:
    phone.screenshot(0.25)
    phone.settings.put("secure", "ui_night_mode", "2")
    dark = phone.screenshot(0.25)
    assert phone.screen.frames.repainted is None
    np.testing.assert_array_equal(dark, fresh(phone).screenshot(0.25, phone.theme))


def test_a_dragged_slider_repaints_its_thumb(phone: Phone) -> None:
    """A slider follows the finger while dragged: every frame shows where it is."""
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.tap(text="Display")
    slider = next(n for n in find_all(phone.hierarchy_xml()) if "SeekBar" in n.cls)
    before = phone.screenshot(0.5)
    left, top, right, bottom = slider.bounds
    phone.send_all(ev.drag(left + 5, (top + bottom) / 2, right - 5, (top + bottom) / 2))
    after = phone.screenshot(0.5)
    assert not np.array_equal(before, after)
    np.testing.assert_array_equal(after, fresh(phone).screenshot(0.5, phone.theme))


def test_a_limited_canvas_draws_antialiased_shapes_as_a_whole_canvas_does() -> None:
    def draw(canvas: Canvas) -> None:
        canvas.push_clip(Rect(0, 0, 200, 200))
        canvas.rect(Rect(20, 20, 180, 180), (200, 30, 30), radius=30)
        canvas.frame(Rect(10, 10, 190, 190), (0, 0, 255), 3, radius=20)
        canvas.line([(0, 0), (199, 150)], (0, 120, 0), 2)
        canvas.circle(100, 100, 45, (10, 10, 10), thickness=2)
        canvas.text(30, 90, "Hello", 30, (0, 0, 0))
        canvas.pop_clip()

    start = np.full((200, 200, 3), 7, np.uint8)
    limited = Canvas.over(start.copy(), 200, 200, 1.0)
    x0, y0, x1, y1 = limited.limit(Rect(15, 40, 120, 110))
    draw(limited)
    assert limited.spilled  # the outline and the line ran past the limit
    # inside the limit the pixels are those of the whole canvas, given the same background
    inside = limited.image[y0:y1, x0:x1]
    expected = Canvas(200, 200, 1.0, (7, 7, 7))
    draw(expected)
    np.testing.assert_array_equal(inside, expected.image[y0:y1, x0:x1])
    assert not np.array_equal(inside, start[y0:y1, x0:x1])  # something was drawn


def test_canvas_over_refuses_an_image_of_another_shape() -> None:
    with pytest.raises(ValueError, match="not a frame"):
        Canvas.over(np.zeros((10, 10, 3), np.uint8), 100, 100, 0.25)


APPS = [app.package for app in Phone(seed=0).launcher_apps()]  # not the servers


@pytest.mark.parametrize("package", APPS)
def test_every_app_shows_what_a_fresh_build_shows(package: str) -> None:
    """Random steps inside each app (taps, drags, typing, theme flips, database writes):
    after each, the kept screen is the one built afresh, node for node and, now and then,
    pixel for pixel."""
    phone = Phone(seed=3)
    phone.launch(package)
    rng = random.Random(package)
    for step in range(30):
        if phone.foreground[0] != package and rng.random() < 0.5:
            phone.launch(package)
        from_scratch = fresh(phone)
        assert phone.hierarchy_xml() == from_scratch.xml(), (package, step)
        if step % 5 == 0:
            np.testing.assert_array_equal(
                phone.screenshot(0.25), from_scratch.screenshot(0.25, phone.theme)
            )
        random_step(phone, rng)
