"""Parts of a screen kept from one frame to the next (``AppContext.part``): shown again as
they were while their inputs are the same, and never where that would differ from
building the screen anew."""

from __future__ import annotations

import gc
import random
import weakref
from typing import ClassVar

import numpy as np
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.hierarchy import dump
from mobile_gym.sim.ui.parts import PartChangedError
from mobile_gym.sim.ui.view import MATCH, Column, ScrollView, View, walk
from mobile_gym.sim.ui.widgets import Button, TextView
from tests.sim.conftest import open_app
from tests.sim.test_frames import fresh_layout, full_repaint, random_step

PACKAGE = "org.mobilegym.parts"


def _label(ctx: AppContext, text: str) -> View:
    return TextView(text, id="kept", width=MATCH, padding=8)


def _shown_once(ctx: AppContext, text: str) -> View:
    return TextView(ctx.get("hidden", text), id="bad", width=MATCH)


class PartsApp(App):
    """A banner of one or three lines above a kept label; a button that grows the banner,
    one that changes the label, and a long list that scrolls."""

    package = PACKAGE
    label = "Parts"
    icon = "star"
    main_activity = ".Main"
    screens: ClassVar[dict[str, str]] = {
        ".Main": "main",
        ".Twice": "twice",
        ".Bad": "bad",
        ".Hidden": "hidden",
    }

    def main(self, ctx: AppContext) -> View:
        lines = 3 if ctx.get("tall") else 1
        return Column(
            TextView(
                "\n".join(f"Banner line {i}" for i in range(lines)),
                id="banner",
                max_lines=3,
                width=MATCH,
            ),
            ctx.part("label", _label, ctx.get("label", "Kept label")),
            Button("Grow", id="grow", on_click=lambda: ctx.set("tall", not ctx.get("tall"))),
            Button("Rename", id="rename", on_click=lambda: ctx.set("label", "Renamed")),
            ctx.scroller(
                "list",
                [TextView(f"Item {i}", width=MATCH, padding=16) for i in range(40)],
                cls=ScrollView,
            ),
            height=MATCH,
        )

    def twice(self, ctx: AppContext) -> View:
        return Column(ctx.part("same", _label, "a"), ctx.part("same", _label, "b"))

    def hidden(self, ctx: AppContext) -> View:
        label = ctx.part("label", _label, "Made every frame")  # shown only when asked
        show = Button("Show", id="show", on_click=lambda: ctx.set("shown", True))
        return Column(show, label) if ctx.get("shown") else Column(show)

    def bad(self, ctx: AppContext) -> View:
        return Column(
            ctx.part("bad", _shown_once, "input"),
            Button("Hide", id="hide", on_click=lambda: ctx.set("hidden", "changed")),
        )


@pytest.fixture
def parts_phone() -> Phone:
    phone = Phone(seed=0, apps=[PartsApp])
    phone.start_activity(PACKAGE, ".Main")
    return phone


def _by_id(phone: Phone, view_id: str) -> View:
    return next(v for w in phone.windows() for v in walk(w) if v.id == view_id)


def test_a_switch_flip_keeps_the_other_rows(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    before = {v.id: v for w in phone.windows() for v in walk(w) if v.id}
    kept = phone.parts.kept
    driver.tap(text="Mobile data")
    after = {v.id: v for w in phone.windows() for v in walk(w) if v.id}
    assert after["mobile_data_switch"] is not before["mobile_data_switch"]
    assert after["mobile_data_switch"].checked != before["mobile_data_switch"].checked
    for same in ("wifi_switch", "airplane_mode_switch", "toolbar_title"):
        assert after[same] is before[same]
    assert phone.parts.kept >= kept + 3
    assert phone.hierarchy_xml() == dump(fresh_layout(phone))


def test_a_kept_switch_still_changes_the_setting(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    driver.tap(text="Mobile data")  # the Wi-Fi switch is now a kept part
    assert _by_id(phone, "wifi_switch").checked
    driver.tap(text="Wi-Fi")
    assert phone.settings.get("global", "wifi_on") == "0"
    assert not _by_id(phone, "wifi_switch").checked
    assert driver.find(text="Wi-Fi is off") is not None


def test_airplane_mode_through_a_kept_switch_disables_wifi(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    driver.tap(text="Mobile data")
    driver.tap(text="Airplane mode")
    assert phone.settings.get("global", "wifi_on") == "0"
    assert not _by_id(phone, "wifi_switch").enabled
    assert phone.hierarchy_xml() == dump(fresh_layout(phone))


def test_a_part_with_new_inputs_is_built_again(parts_phone: Phone) -> None:
    driver = Driver(parts_phone)
    parts_phone.windows()
    first = _by_id(parts_phone, "kept")
    parts_phone.invalidate()
    assert _by_id(parts_phone, "kept") is first
    driver.tap(id="rename")
    renamed = _by_id(parts_phone, "kept")
    assert renamed is not first and renamed.text == "Renamed"


def test_a_moved_part_is_laid_out_anew_and_the_last_frame_is_untouched(
    parts_phone: Phone,
) -> None:
    driver = Driver(parts_phone)
    parts_phone.screenshot(0.5)
    label = _by_id(parts_phone, "kept")
    bounds = label.bounds
    old_xml = parts_phone.hierarchy_later()
    before = old_xml()
    driver.tap(id="grow")  # the banner grows: the label below it moves down
    moved = _by_id(parts_phone, "kept")
    assert moved is not label and moved.bounds.top > bounds.top
    assert label.bounds == bounds  # the last frame's views were not changed
    assert old_xml() == before
    assert parts_phone.hierarchy_xml() == dump(fresh_layout(parts_phone))
    np.testing.assert_array_equal(parts_phone.screenshot(0.5), full_repaint(parts_phone, 0.5))
    parts_phone.invalidate()  # in its new place it is kept again
    assert _by_id(parts_phone, "kept") is moved


def test_a_part_not_shown_in_the_last_frame_is_laid_out_anew(parts_phone: Phone) -> None:
    parts_phone.start_activity(PACKAGE, ".Hidden")
    parts_phone.windows()
    Driver(parts_phone).tap(id="show")
    label = _by_id(parts_phone, "kept")
    assert not label.bounds.empty
    assert parts_phone.hierarchy_xml() == dump(fresh_layout(parts_phone))


def test_nothing_is_kept_after_a_view_changed_in_place(parts_phone: Phone) -> None:
    parts_phone.windows()
    label = _by_id(parts_phone, "kept")
    w, h = parts_phone.display.width, parts_phone.display.height
    parts_phone.send_all(ev.drag(w / 2, h * 0.85, w / 2, h * 0.6))  # scrolls the list
    assert _by_id(parts_phone, "kept") is not label
    assert parts_phone.hierarchy_xml() == dump(fresh_layout(parts_phone))


def test_a_part_made_twice_in_a_frame_is_an_error(parts_phone: Phone) -> None:
    parts_phone.start_activity(PACKAGE, ".Twice")
    with pytest.raises(ValueError, match="'same' is made twice"):
        parts_phone.windows()


def test_checking_finds_a_part_that_shows_more_than_its_inputs(parts_phone: Phone) -> None:
    parts_phone.parts.check = True
    parts_phone.start_activity(PACKAGE, ".Bad")
    parts_phone.windows()
    Driver(parts_phone).tap(id="hide")
    with pytest.raises(PartChangedError, match="'bad' shows something besides its inputs"):
        parts_phone.windows()


def test_a_restored_phone_builds_its_parts_anew(driver: Driver, phone: Phone) -> None:
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    snapshot = phone.snapshot()
    wifi = _by_id(phone, "wifi_switch")
    phone.restore(snapshot)
    assert _by_id(phone, "wifi_switch") is not wifi
    assert phone.hierarchy_xml() == dump(fresh_layout(phone))


@pytest.mark.parametrize("seed", range(3))
def test_kept_parts_equal_a_fresh_build_on_random_walks(seed: int) -> None:
    """Every kept part is checked against one built anew, and every screen equals a
    screen built with no part kept, in hierarchy and pixels."""
    phone = Phone(seed=seed)
    phone.parts.check = True
    rng = random.Random(seed)
    kept = phone.parts.kept
    pages = [".Settings$NetworkDashboardActivity", ".Settings$ConnectedDeviceDashboardActivity"]
    for _ in range(60):
        if phone.foreground[1] not in pages:
            phone.start_activity("com.android.settings", rng.choice(pages))
        assert phone.hierarchy_xml() == dump(fresh_layout(phone))
        if rng.random() < 0.3:
            np.testing.assert_array_equal(phone.screenshot(0.25), full_repaint(phone, 0.25))
        random_step(phone, rng)
    assert phone.parts.kept > kept + 15  # parts were kept (and checked) on the way


def test_a_replaced_switch_is_freed_with_its_frame(driver: Driver, phone: Phone) -> None:
    """Views hold no reference cycle (a checkable's click handler holds it weakly): the
    views of a replaced frame go at once, without the cycle collector."""
    open_app(driver, "Settings")
    driver.tap(text="Network & internet")
    switch = weakref.ref(_by_id(phone, "mobile_data_switch"))
    gc.disable()
    try:
        driver.tap(text="Mobile data")
        driver.tap(text="Mobile data")  # the frame that held the first switch is gone too
        phone.windows()
        assert switch() is None
    finally:
        gc.enable()
    assert phone.settings.get("global", "mobile_data") == "1"
