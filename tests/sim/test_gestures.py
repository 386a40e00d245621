"""Gesture recognition from raw touch streams: taps, long presses, scrolls, swipes, seeks."""

from __future__ import annotations

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.gestures import LONG_PRESS_MS
from mobile_gym.timing import FRAME_MS
from tests.sim.conftest import open_app, open_drawer
from tests.sim.sample_app import PACKAGE, SampleApp, events


def test_three_touches_and_lift_tap(driver: Driver, phone: Phone) -> None:
    open_drawer(driver)
    icon = driver.find(text="Settings")
    driver.send_all([ev.Touch(*icon.bounds.center)] * 3 + [ev.Lift()])
    assert phone.foreground == ("com.android.settings", ".Settings")


def test_jitter_inside_touch_slop_is_still_a_tap(driver: Driver, phone: Phone) -> None:
    open_drawer(driver)
    x, y = driver.find(text="Settings").bounds.center
    slop = phone.display.dp(8)
    driver.send_all(
        [ev.Touch(x, y), ev.Touch(x + slop - 2, y), ev.Touch(x, y + slop - 2), ev.Lift()]
    )
    assert phone.foreground[0] == "com.android.settings"


def test_long_press_threshold_follows_the_virtual_clock(phone: Phone) -> None:
    frames_for_long_press = LONG_PRESS_MS // FRAME_MS + 1
    assert 3 < frames_for_long_press <= 10  # Mobile-Env's 3 taps, 10 long-presses
    fired: list[str] = []
    phone.input.long_press = lambda x, y: fired.append("long") or True  # type: ignore[method-assign]
    phone.input.tap = lambda x, y: fired.append("tap")  # type: ignore[method-assign]
    phone.send_all(ev.tap(500, 1000))
    phone.send_all([ev.Touch(500, 1000)] * (frames_for_long_press - 1) + [ev.Lift()])
    phone.send_all(ev.long_press(500, 1000))
    assert fired == ["tap", "tap", "long"]


def test_long_press_on_a_view_without_long_click_clicks_on_lift(
    driver: Driver, phone: Phone
) -> None:
    open_drawer(driver)
    driver.long_press(text="Settings")
    assert phone.foreground[0] == "com.android.settings"


def test_drag_scrolls_the_container_under_the_finger_by_the_drag_distance(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    rows = driver.find(id="rows").bounds
    x = rows.center[0]
    y0 = rows.top + 900
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(10)] + [ev.Lift()])
    assert sample.tasks[PACKAGE][-1].state["scroll:rows"] == 540
    assert events(sample) == []
    row = sample.display.dp(64)
    first = driver.find(id="row").bounds
    assert first.top == rows.top and first.bottom == rows.top + row - 540 % row
    assert not driver.exists(text="Row 0")  # 540 px is more than 3 rows of 64 dp
    assert driver.exists(text="Row 3")


def test_a_drag_keeps_scrolling_the_list_that_took_it_when_a_window_opens_over_it(
    sample: Phone,
) -> None:
    """As Android's touch target: the moves of a drag go to the container the drag started
    in, whatever shows under the finger since (here the notification shade, opened
    halfway)."""
    driver = Driver(sample)
    open_app(driver, "Sample")
    rows = driver.find(id="rows").bounds
    x, y0 = rows.center[0], rows.top + 900
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(5)])
    sample.notifications.open_shade()
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(5, 10)] + [ev.Lift()])
    assert sample.tasks[PACKAGE][-1].state["scroll:rows"] == 540
    sample.notifications.close_shade()
    assert driver.find(id="row").bounds.bottom == rows.top + sample.display.dp(64) - 540 % (
        sample.display.dp(64)
    )


def test_a_drag_restored_from_a_snapshot_halfway_scrolls_as_one_never_stopped(
    sample: Phone,
) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    rows = driver.find(id="rows").bounds
    x, y0 = rows.center[0], rows.top + 900
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(4)])
    halfway = sample.snapshot()
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(4, 10)] + [ev.Lift()])
    whole = sample.hierarchy_xml()
    sample.send_all([ev.Touch(x, y0), ev.Touch(x, y0 - 300), ev.Lift()])  # another drag
    sample.restore(halfway)
    sample.send_all([ev.Touch(x, y0 - 60 * i) for i in range(4, 10)] + [ev.Lift()])
    assert sample.tasks[PACKAGE][-1].state["scroll:rows"] == 540
    assert sample.hierarchy_xml() == whole


def test_ten_touch_frames_along_a_line_scroll_then_a_tap_hits_the_moved_row(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    driver.scroll("down")
    target = driver.find(text="Row 12")
    driver.send_all(ev.tap(*target.bounds.center))
    assert events(sample) == ["click 12"]
    driver.long_press(text="Row 13")
    assert events(sample) == ["click 12", "long 13"]


def test_drag_on_the_drawer_scrolls_and_never_taps(phone: Phone) -> None:
    driver = Driver(phone)
    open_drawer(driver)
    icon = driver.find(text="Settings")
    x, y = icon.bounds.center
    driver.send_all(ev.drag(x, y, x, y - 300))
    assert phone.foreground[0] == "com.android.launcher3"


def test_swipe_up_opens_and_swipe_down_closes_the_app_drawer(driver: Driver, phone: Phone) -> None:
    assert not driver.exists(text="Settings")
    open_drawer(driver)
    assert driver.exists(text="Settings")
    assert driver.exists(id="apps_list_view")
    w, h = phone.display.width, phone.display.height
    driver.send_all(ev.drag(w / 2, h * 0.3, w / 2, h * 0.8))
    assert not driver.exists(text="Settings")


def test_short_or_sideways_drags_do_not_open_the_drawer(driver: Driver, phone: Phone) -> None:
    w, h = phone.display.width, phone.display.height
    driver.send_all(ev.drag(w / 2, h * 0.5, w / 2, h * 0.5 - phone.display.dp(30)))
    driver.send_all(ev.drag(w * 0.1, h * 0.5, w * 0.9, h * 0.5))
    assert not driver.exists(text="Settings")


def test_seekbar_follows_taps_and_drags(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(id="display")
    bar = driver.find(id="brightness_seekbar").bounds
    pad = phone.display.dp(16)
    left, right, y = bar.left + pad, bar.right - pad, bar.center[1]
    driver.send_all(ev.tap(left + (right - left) * 0.25, y))
    assert abs(int(phone.settings.get("system", "screen_brightness")) - 64) <= 1
    driver.send_all(ev.drag(left, y, right + 100, y))
    assert phone.settings.get("system", "screen_brightness") == "255"
    assert "100%" in driver.find(id="brightness_summary").text


def test_momentum_is_off_by_default_and_optional(sample: Phone) -> None:
    fast = Phone(seed=0, apps=[SampleApp], momentum=True)
    for p in (sample, fast):
        open_app(Driver(p), "Sample")
        p.send_all([ev.Touch(500, 1500 - 100 * i) for i in range(5)] + [ev.Lift()])
    slow_offset = sample.tasks[PACKAGE][-1].state["scroll:rows"]
    fast_offset = fast.tasks[PACKAGE][-1].state["scroll:rows"]
    assert slow_offset == 400
    assert fast_offset > slow_offset


def test_lift_without_touch_is_ignored(phone: Phone) -> None:
    before = phone.hierarchy_xml()
    phone.lift()
    assert phone.hierarchy_xml() == before


def held_without_frames(phone: Phone, x: float, y: float, ms: int) -> None:
    """A finger down at (x, y) for one touch frame, then held ``ms`` ms with no new frame,
    then lifted."""
    phone.touch(x, y)
    phone.wait(ms)
    phone.lift()


def test_a_press_held_past_the_timeout_without_frames_is_a_long_press(sample: Phone) -> None:
    """Android's long press fires on a timer, whether or not new touch events come; the
    lift after it clicks nothing."""
    driver = Driver(sample)
    open_app(driver, "Sample")
    x, y = driver.find(text="Row 2").bounds.center
    held_without_frames(sample, x, y, 1000)
    assert events(sample) == ["long 2"]
    assert not sample.touching


def test_a_press_held_without_frames_taps_until_the_timeout_is_past(phone: Phone) -> None:
    """As with touch frames: a lift at the very moment the timeout ends still taps."""
    fired: list[str] = []
    phone.input.long_press = lambda x, y: fired.append("long") or True  # type: ignore[method-assign]
    phone.input.tap = lambda x, y: fired.append("tap")  # type: ignore[method-assign]
    held_without_frames(phone, 500, 1000, LONG_PRESS_MS - FRAME_MS)  # lifted at the timeout
    phone.send_all([ev.Touch(500, 1000)] * (LONG_PRESS_MS // FRAME_MS) + [ev.Lift()])
    held_without_frames(phone, 500, 1000, LONG_PRESS_MS - FRAME_MS + 1)
    assert fired == ["tap", "tap", "long"]


def test_hold_finds_no_long_press_in_a_drag_or_a_cancelled_touch(sample: Phone) -> None:
    driver = Driver(sample)
    open_app(driver, "Sample")
    x, y = driver.find(text="Row 2").bounds.center
    gestures = sample.input.gestures
    sample.send_all([ev.Touch(x, y), ev.Touch(x, y - 100)])
    sample.wait(1000)
    gestures.hold(sample.input, sample.clock.elapsed_ms)
    sample.lift()
    sample.touch(x, y)
    gestures.abandon()
    sample.wait(1000)
    gestures.hold(sample.input, sample.clock.elapsed_ms)
    sample.lift()
    assert events(sample) == []
