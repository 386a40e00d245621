"""The calculator's unit converter: reaching it, picking units, swapping and typing."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.calculator.app import CONVERTER, CONVERTER_PICKER, MAIN, PACKAGE
from mobile_gym.sim.apps.calculator.converter import BY_KEY, convert, deleted, typed
from mobile_gym.sim.driver import Driver


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=4)
    phone.start_activity(PACKAGE)
    return phone


def _open_length(driver: Driver) -> None:
    driver.tap(desc="Unit converter")
    driver.tap(desc="Length")


def _units(driver: Driver) -> tuple[str, str, str, str]:
    return (
        driver.find(id="top_unit_name").text,
        driver.find(id="top_unit_text").text,
        driver.find(id="bottom_unit_name").text,
        driver.find(id="bottom_unit_text").text,
    )


def test_the_converter_opens_from_the_toolbar_with_default_units(
    phone: Phone, driver: Driver
) -> None:
    driver.tap(desc="Unit converter")
    assert phone.foreground == (PACKAGE, CONVERTER_PICKER)
    assert [n.text for n in driver.find_all(id="unit_type_label")] == [
        "Length",
        "Area",
        "Volume",
        "Mass",
        "Time",
    ]
    driver.tap(desc="Length")
    assert phone.foreground == (PACKAGE, CONVERTER)
    assert driver.find(id="toolbar_title").text == "Length"
    assert _units(driver) == ("Kilometer", "0", "Meter", "0")
    driver.key("BACK")
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)


def test_one_mile_in_kilometers(phone: Phone, driver: Driver) -> None:
    _open_length(driver)
    driver.tap(id="bottom_unit_holder")
    assert driver.find(id="alertTitle").text == "Unit"
    driver.tap(id="bottom_unit_mile")
    assert _units(driver) == ("Kilometer", "0", "Mile", "0")
    driver.tap(desc="Swap units")
    driver.tap(id="btn_1")
    assert _units(driver) == ("Mile", "1", "Kilometer", "1.609344")
    assert driver.find(id="top_unit_symbol").text == "mi"
    lines = [line for line in phone.logcat_lines()[0] if " Calculator: Converted: " in line]
    assert lines[-1].endswith("Converted: 1 Mile = 1.609344 Kilometer")


def test_picking_the_other_sides_unit_swaps_them(phone: Phone, driver: Driver) -> None:
    _open_length(driver)
    driver.tap(id="top_unit_holder")
    driver.tap(id="top_unit_meter")
    assert _units(driver)[0::2] == ("Meter", "Kilometer")


def test_the_keypad_types_deletes_and_clears(phone: Phone, driver: Driver) -> None:
    _open_length(driver)
    for key in ("btn_2", "btn_decimal", "btn_5"):
        driver.tap(id=key)
    assert _units(driver)[1::2] == ("2.5", "2,500")
    driver.tap(id="btn_clear")
    assert _units(driver)[1::2] == ("2.", "2,000")
    driver.long_press(id="btn_clear")
    assert _units(driver)[1::2] == ("0", "0")


def test_conversion_is_exact_and_typing_follows_the_keypad() -> None:
    length = BY_KEY["length"]
    assert convert(Fraction(1), length.unit("Mile"), length.unit("Kilometer")) == Fraction(
        "1.609344"
    )
    assert typed("0", "7") == "7"
    assert typed("7", ".") == "7." and typed("7.", ".") == "7."
    assert deleted("7") == "0"
    with pytest.raises(KeyError, match="has no unit 'Furlong'"):
        length.unit("Furlong")
