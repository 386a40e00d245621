"""Screenshots repaint only what changed since the last frame at their scale; every pixel
must still equal a full repaint of the screen."""

from __future__ import annotations

import random

import numpy as np
import pytest

from mobile_gym.geometry import Rect
from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver, find_all
from mobile_gym.sim.frames import Frames
from mobile_gym.sim.ui.canvas import Canvas
from mobile_gym.sim.ui.diff import changed_areas
from mobile_gym.sim.ui.hierarchy import dump
from mobile_gym.sim.ui.parts import Parts
from mobile_gym.sim.ui.view import WRAP, Column, FrameLayout, ScrollView, View, walk
from mobile_gym.sim.ui.widgets import (
    Button,
    CheckBox,
    EditText,
    ImageButton,
    ImageView,
    RadioButton,
    SeekBar,
    Switch,
    TextView,
)
from tests.sim.conftest import open_app

SCALES = (1.0, 0.25, 0.5)


def full_repaint(phone: Phone, scale: float) -> np.ndarray:
    """The screen painted whole, by a frame store that has no earlier frame."""
    system = {id(window): name for name, (_, window) in phone._system_windows.items()}
    return Frames(phone.display).screenshot(scale, object(), phone.windows(), system, phone.theme)


def random_step(phone: Phone, rng: random.Random) -> None:
    """One random user action: mostly taps on clickable nodes, some back presses, drags
    (up, or sideways from a node), typing and theme flips."""
    w, h = phone.display.width, phone.display.height
    targets = [n for n in find_all(phone.hierarchy_xml()) if n.attrs["clickable"] == "true"]
    roll = rng.random()
    if roll < 0.08 or not targets:
        phone.key("BACK")
    elif roll < 0.13:
        phone.send_all(ev.drag(w / 2, h * 0.75, w / 2, h * 0.3))
    elif roll < 0.16:  # sideways, from a node's centre: sliders and horizontal swipes
        x, y = rng.choice(targets).bounds.center
        phone.send_all(ev.drag(x, y, rng.uniform(0, w), y))
    elif roll < 0.2:
        phone.text("hello")
    elif roll < 0.22:
        phone.settings.put("secure", "ui_night_mode", rng.choice(["1", "2"]))
    else:
        phone.send_all(ev.tap(*rng.choice(targets).bounds.center))


@pytest.mark.parametrize("seed", range(4))
def test_partial_repaints_equal_full_repaints(seed: int) -> None:
    phone = Phone(seed=seed)
    phone.parts.check = True  # every kept part is checked against one built anew
    rng = random.Random(seed)
    partial = 0
    screens = set()
    for _ in range(70):
        # frames are skipped now and then: the changes since the last one add up
        for scale in SCALES if rng.random() < 0.6 else ():
            shot = phone.screenshot(scale)
            partial += phone._frames.repainted is not None
            np.testing.assert_array_equal(shot, full_repaint(phone, scale))
        screens.add(phone.foreground)
        random_step(phone, rng)
    assert len(screens) >= 4
    assert partial >= 40  # most frames were painted in part


def fresh_layout(phone: Phone) -> list:
    """The screen's windows built and laid out anew, measuring every node (no part of the
    screen kept, nothing carried over from the frame before)."""
    parts, window = phone.parts, phone._app_window
    phone.parts, phone._app_window = Parts(), None
    try:
        return phone._compose()
    finally:
        phone.parts, phone._app_window = parts, window


@pytest.mark.parametrize("seed", range(4, 7))
def test_carried_measurements_lay_out_as_a_fresh_layout(seed: int) -> None:
    phone = Phone(seed=seed)
    phone.parts.check = True
    rng = random.Random(seed)
    for _ in range(60):
        phone.screenshot(0.25)  # a frame is kept: new layouts are compared with the last
        assert phone._frames.kept
        fresh = fresh_layout(phone)
        assert phone.hierarchy_xml() == dump(fresh)
        assert [window.bounds for window in phone.windows()] == [w.bounds for w in fresh]
        random_step(phone, rng)


def _measured(monkeypatch: pytest.MonkeyPatch) -> list[View]:
    """The views measured from now on (a view laid out as in the last frame is not)."""
    measured: list[View] = []
    measure = View.measure

    def counted(view: View, *args: int) -> tuple[int, int]:
        measured.append(view)
        return measure(view, *args)

    monkeypatch.setattr(View, "measure", counted)
    return measured


def test_a_flipped_switch_keeps_the_layout_of_its_page(
    driver: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A switch's state is paint-only (``View.paint_only``): its page is not measured again,
    and lays out as a fresh layout does."""
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    phone.windows()
    measured = _measured(monkeypatch)
    checked = find_all(phone.hierarchy_xml(), text="Mobile data")[0].attrs["checked"]
    driver.tap(text="Mobile data")
    windows = phone.windows()
    assert measured == []
    flipped = find_all(phone.hierarchy_xml(), text="Mobile data")[0].attrs["checked"]
    assert {checked, flipped} == {"true", "false"}
    fresh = fresh_layout(phone)
    assert measured  # a fresh layout measures every node
    assert phone.hierarchy_xml() == dump(fresh)
    assert [w.bounds for w in windows] == [w.bounds for w in fresh]


def test_a_change_that_counts_for_layout_measures_again(
    driver: Driver, phone: Phone, monkeypatch: pytest.MonkeyPatch
) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    phone.windows()
    measured = _measured(monkeypatch)
    driver.tap(text="Wi-Fi")  # the line under it now says "Wi-Fi is off": new text
    phone.windows()
    assert "wifi_summary" in {view.id for view in measured}
    assert phone.hierarchy_xml() == dump(fresh_layout(phone))


def _noop(*args: object) -> None:
    return None


PAINT_ONLY_VIEWS = [
    lambda: View(width=WRAP, padding=8),
    lambda: TextView("Some words to wrap over several lines of text, " * 4, max_lines=3),
    lambda: Button("Save", on_click=_noop),
    lambda: ImageView("star", letter="A"),
    lambda: ImageButton("star", desc="Star", on_click=_noop),
    lambda: EditText("value", hint="hint", on_change=_noop, on_focus=_noop),
    lambda: Switch("Wi-Fi", checked=False, on_change=_noop),
    lambda: CheckBox("Remember", checked=False, on_change=_noop),
    lambda: RadioButton("One", checked=False, on_change=_noop),
    lambda: SeekBar(value=3, maximum=10, on_change=_noop),
    lambda: Column(TextView("a"), TextView("b"), width=WRAP, padding=4),
    lambda: FrameLayout(children=[TextView("a", gravity="center")], width=WRAP),
    lambda: ScrollView(children=[TextView(f"row {i}") for i in range(30)], offset=40),
]


def _other(value: object) -> object:
    """A value of the same kind as ``value`` but different from it."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int | float):
        return value + 7
    if isinstance(value, str):
        return value + " changed"
    if value is None:
        return "primary"
    if isinstance(value, tuple):
        return tuple(255 - v for v in value)  # a colour
    raise AssertionError(f"no other value for {value!r}")


@pytest.mark.parametrize("make", PAINT_ONLY_VIEWS)
def test_paint_only_properties_change_no_size_and_no_place(make) -> None:
    """What ``View.paint_only`` names is a slot, and changing it leaves the view's size and
    the layout of its subtree as they were (else a carried layout would be wrong)."""
    display = Phone(seed=0).display
    room, place = Rect(0, 0, 600, 900), Rect(10, 20, 610, 920)

    def laid_out(view: View) -> list:
        size = view.measure(display, room.width, room.height)
        view.layout(display, place, place)
        return [size, *((node.bounds, node.visible) for node in walk(view))]

    base = make()
    slots = {name for klass in type(base).__mro__ for name in getattr(klass, "__slots__", ())}
    assert type(base).paint_only <= slots
    expected = laid_out(make())
    for name in sorted(type(base).paint_only):
        view = make()
        setattr(view, name, _other(getattr(view, name)))
        assert laid_out(view) == expected, name


def test_a_switch_repaints_its_own_row_only(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    before = phone.screenshot(0.25)
    switch = driver.find(text="Mobile data")
    driver.tap(text="Mobile data")
    after = phone.screenshot(0.25)
    area = phone._frames.repainted
    assert area is not None and not area.empty
    assert area.top >= switch.bounds.top and area.bottom <= switch.bounds.bottom
    assert not np.array_equal(before, after)  # the knob moved
    np.testing.assert_array_equal(after, full_repaint(phone, 0.25))
    assert not before.flags.writeable and not after.flags.writeable


def test_an_unchanged_screen_is_the_same_frame(phone: Phone) -> None:
    first = phone.screenshot(0.25)
    phone.invalidate()  # rebuilt, nothing looks different
    second = phone.screenshot(0.25)
    assert phone._frames.repainted == Rect(0, 0, 0, 0) or second is first
    np.testing.assert_array_equal(first, second)


def test_a_theme_change_repaints_everything(phone: Phone) -> None:
    phone.screenshot(0.25)
    phone.settings.put("secure", "ui_night_mode", "2")
    dark = phone.screenshot(0.25)
    assert phone._frames.repainted is None
    np.testing.assert_array_equal(dark, full_repaint(phone, 0.25))


def test_a_dragged_slider_repaints_its_thumb(phone: Phone) -> None:
    """A slider moves its thumb in place while dragged: the frame still shows it."""
    driver = Driver(phone)
    open_app(driver, "Settings")
    driver.tap(text="Display")
    slider = next(n for n in find_all(phone.hierarchy_xml()) if "SeekBar" in n.attrs["class"])
    before = phone.screenshot(0.5)
    left, top, right, bottom = slider.bounds
    phone.send_all(ev.drag(left + 5, (top + bottom) / 2, right - 5, (top + bottom) / 2))
    after = phone.screenshot(0.5)
    assert not np.array_equal(before, after)
    np.testing.assert_array_equal(after, full_repaint(phone, 0.5))


def test_changed_areas_name_the_changed_view() -> None:
    def screen(text: str) -> list[TextView]:
        view = TextView(text, id="t")
        view.bounds = view.visible = Rect(10, 20, 110, 60)
        other = TextView("same")
        other.bounds = other.visible = Rect(10, 60, 110, 90)
        return [view, other]

    assert changed_areas(screen("a"), screen("a")) == []
    assert changed_areas(screen("a"), screen("b")) == [Rect(10, 20, 110, 60)] * 2
    assert changed_areas(screen("a"), screen("a")[:1]) == [Rect(10, 60, 110, 90)]


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
