"""A popup menu taller than its room (a small screen, the keyboard up) shows what fits and
scrolls, as Android's menu list does; only then is it scrollable. Reopened, it shows its
first items again."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.hierarchy import parse
from mobile_gym.sim import Phone
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.view import Column, View
from mobile_gym.sim.ui.widgets import TextView
from tests.sim.conftest import open_app

PACKAGE = "org.example.units"
UNITS = [f"Unit {n}" for n in range(1, 31)]


class UnitsApp(App):
    """A screen whose overflow menu picks one of 30 units, and one of two sizes."""

    package = PACKAGE
    label = "Units"
    icon = "settings"
    dock = True
    main_activity = ".Main"
    screens: ClassVar[dict[str, str]] = {".Main": "main"}

    def main(self, ctx: AppContext) -> View:
        def pick(unit: str):
            return lambda: ctx.set("unit", unit)

        units = ctx.menu("units", [(unit, pick(unit)) for unit in UNITS])
        sizes = ctx.menu("sizes", [("Small", pick("Small")), ("Large", pick("Large"))])
        return Column(
            toolbar("Units", actions=[("more", "Units", units), ("more", "Sizes", sizes)]),
            TextView(ctx.get("unit", "none"), id="unit"),
        )


def _menu(phone: Phone) -> tuple[bool, list[str]]:
    """Whether the shown menu's list says it scrolls, and the items it shows."""
    nodes = parse(phone.hierarchy_xml())
    (listing,) = [n for n in nodes if n.cls == "android.widget.ListView"]
    shown = [n.text for n in nodes if n.resource_id == "android:id/title"]
    return listing.scrollable, shown


def test_a_menu_taller_than_the_screen_scrolls_to_its_last_item() -> None:
    phone = Phone(seed=0, apps=(UnitsApp,), display="small_phone")
    d = Driver(phone)
    open_app(d, "Units")
    d.tap(desc="Units")
    scrolls, shown = _menu(phone)
    assert scrolls and shown[0] == "Unit 1" and "Unit 30" not in shown
    for _ in range(10):
        d.scroll("down", class_="android.widget.ListView")
    scrolls, shown = _menu(phone)
    assert scrolls and shown[-1] == "Unit 30" and "Unit 1" not in shown
    d.tap(text="Unit 30")
    assert d.find(id="unit").text == "Unit 30"
    d.tap(desc="Units")  # opened again: from its first item
    assert _menu(phone)[1][0] == "Unit 1"


def test_a_menu_that_fits_is_no_scrolling_list() -> None:
    phone = Phone(seed=0, apps=(UnitsApp,))
    d = Driver(phone)
    open_app(d, "Units")
    d.tap(desc="Sizes")
    assert _menu(phone) == (False, ["Small", "Large"])
