"""A dialog without a field of its own, opened while the keyboard is up for a field behind
it, takes the input focus: the keyboard goes down and the dialog has the whole screen (on
Android such a dialog is laid over the keyboard, which stays up under it); BACK cancels it
and the keyboard is up again. A dialog with a field keeps the keyboard for it."""

from __future__ import annotations

import datetime as dt
from typing import ClassVar

from mobile_gym.hierarchy import parse
from mobile_gym.sim import Phone
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.system.bars import NAV_BAR_DP
from mobile_gym.sim.system.keyboard import IME_PACKAGE
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.pickers import date_picker
from mobile_gym.sim.ui.view import Column, View
from mobile_gym.sim.ui.widgets import Button, TextView
from tests.sim.conftest import open_app

PACKAGE = "org.example.trips"
DAY = "2025-10-16"


class TripsApp(App):
    """A note field, a button opening a date picker and one opening a rename dialog."""

    package = PACKAGE
    label = "Trips"
    icon = "settings"
    dock = True
    main_activity = ".Main"
    screens: ClassVar[dict[str, str]] = {".Main": "main"}

    def main(self, ctx: AppContext) -> View:
        day = dt.date.fromisoformat(ctx.get("day", DAY))

        def pick(chosen: dt.date) -> None:
            ctx.set("picked", chosen.isoformat())

        def apply() -> None:
            ctx.set("day", ctx.get("picked", day.isoformat()))

        pick_day = ctx.dialog(
            "day",
            "Select date",
            buttons=[("Cancel", None), ("OK", apply)],
            body=lambda: [date_picker(day, day, on_pick=pick, on_month=lambda months: None)],
        )
        rename = ctx.dialog(
            "rename",
            "Rename",
            buttons=[("Cancel", None), ("OK", None)],
            body=[ctx.edit("name", hint="Name")],
        )
        return Column(
            toolbar("Trips"),
            ctx.edit("note", hint="Note", id="note"),
            Button("Pick a day", on_click=pick_day, id="pick"),
            Button("Rename", on_click=rename, id="rename"),
            TextView(day.isoformat(), id="day"),
        )


def _opened(display: str | None = None) -> tuple[Phone, Driver]:
    """The app on a phone of ``display``, its note field focused: the keyboard is up."""
    phone = Phone(seed=0, apps=(TripsApp,), display=display)
    d = Driver(phone)
    open_app(d, "Trips")
    d.tap(id="note")
    assert phone.keyboard_shown
    return phone, d


def test_a_dialog_without_a_field_takes_the_focus_from_the_keyboard() -> None:
    phone, d = _opened("small_phone")
    d.tap(id="pick")
    nodes = parse(phone.hierarchy_xml())
    assert not phone.keyboard_shown
    assert not [n for n in nodes if n.package == IME_PACKAGE]
    (ok,) = [n for n in nodes if n.text == "OK"]
    nav_top = phone.display.height - phone.display.dp(NAV_BAR_DP)
    assert not ok.bounds.empty and ok.bounds.bottom <= nav_top  # the whole dialog shows
    d.tap(text="17")
    d.tap(text="OK")
    assert d.find(id="day").text == "2025-10-17"
    assert not phone.keyboard_shown  # closed, the dialog leaves the keyboard down


def test_back_cancels_it_and_the_keyboard_is_up_again_for_the_field() -> None:
    phone, d = _opened()
    d.tap(id="pick")
    assert not phone.keyboard_shown
    d.key("BACK")  # the dialog has the key: it goes, and the keyboard is back
    assert not d.exists(text="Select date")
    assert phone.keyboard_shown and d.find(id="note").focused
    d.device.text("Porto")
    assert d.find(id="note").text == "Porto"


def test_a_dialog_with_a_field_keeps_the_keyboard_for_it() -> None:
    phone, d = _opened()
    d.tap(id="rename")
    assert phone.keyboard_shown  # (the note behind keeps the focus until one is tapped)
    d.tap(resource_id=f"{PACKAGE}:id/name")
    d.device.text("Lisbon")
    assert d.find(resource_id=f"{PACKAGE}:id/name").text == "Lisbon"
    assert phone.keyboard_shown
