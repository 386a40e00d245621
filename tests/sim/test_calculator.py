"""The Calculator app, driven through raw input, and its keypad engine on its own."""

from __future__ import annotations

from fractions import Fraction

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.about import ABOUT
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.calculator.app import DEFAULTS, MAIN, PACKAGE, SETTINGS, VERSION
from mobile_gym.sim.apps.calculator.engine import (
    DIVIDE_BY_ZERO,
    INVALID,
    TOO_LARGE,
    Display,
    format_number,
    grouped,
    press,
)
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import views_made

KEY_IDS = {
    **{str(d): f"btn_{d}" for d in range(10)},
    ".": "btn_decimal",
    "+": "btn_plus",
    "-": "btn_minus",
    "×": "btn_multiply",
    "÷": "btn_divide",
    "^": "btn_power",
    "√": "btn_root",
    "%": "btn_percent",
    "=": "btn_equals",
    "C": "btn_clear",
}


@pytest.fixture
def phone() -> Phone:
    phone = Phone(seed=4)
    phone.start_activity(PACKAGE)
    return phone


def _keys(driver: Driver, keys: str) -> None:
    """Tap the keypad buttons for ``keys`` (one character per key, spaces ignored)."""
    for key in keys.replace(" ", ""):
        driver.tap(id=KEY_IDS[key])


def _calculated(phone: Phone) -> list[str]:
    return [
        line.split(" Calculator: ", 1)[1]
        for line in phone.logcat_lines()[0]
        if " Calculator: Calculated: " in line
    ]


def _history(phone: Phone) -> list[tuple[str, str]]:
    rows = phone.database(PACKAGE, "calculator").execute(
        "SELECT formula, result FROM history ORDER BY id"
    )
    return [tuple(row) for row in rows]


def _engine(keys: str) -> tuple[Display, list[str], list[str]]:
    display, calculations, errors = Display(), [], []
    for key in keys.split():
        outcome = press(display, key)
        display = outcome.display
        if outcome.calculation is not None:
            calculations.append(f"{outcome.calculation.formula} = {outcome.calculation.result}")
        if outcome.error is not None:
            errors.append(outcome.error)
    return display, calculations, errors


# the app --------------------------------------------------------------------------------------
def test_a_chain_is_worked_out_left_to_right_and_logged(phone: Phone, driver: Driver) -> None:
    assert driver.find(id="result").text == "0"
    before = _history(phone)
    _keys(driver, "18+24")
    assert driver.find(id="result").text == "18+24"
    _keys(driver, "×")  # the pending addition is worked out first
    assert driver.find(id="result").text == "42×"
    assert driver.find(id="formula").text == "18+24"
    _keys(driver, "3-9÷3=")
    assert driver.find(id="result").text == "39"
    assert driver.find(id="formula").text == "117÷3"
    assert _calculated(phone) == [
        "Calculated: 18+24 = 42",
        "Calculated: 42×3 = 126",
        "Calculated: 126-9 = 117",
        "Calculated: 117÷3 = 39",
    ]
    assert _history(phone)[len(before) :] == [
        ("18+24", "42"),
        ("42×3", "126"),
        ("126-9", "117"),
        ("117÷3", "39"),
    ]
    _keys(driver, "+1=")  # an operator after a result goes on from it
    assert driver.find(id="result").text == "40"
    _keys(driver, "7")  # a digit after a result starts a new number
    assert driver.find(id="result").text == "7"


def test_big_numbers_show_thousands_separators_and_decimals_stay_exact(
    phone: Phone, driver: Driver
) -> None:
    _keys(driver, "1234×1000")
    assert driver.find(id="result").text == "1,234×1,000"
    _keys(driver, "=")
    assert driver.find(id="result").text == "1,234,000"
    assert _calculated(phone)[-1] == "Calculated: 1234×1000 = 1234000"
    driver.long_press(id="btn_clear")
    _keys(driver, "0.1+0.2=")
    assert driver.find(id="result").text == "0.3"
    driver.long_press(id="btn_clear")
    _keys(driver, "1÷3×3=")
    assert driver.find(id="result").text == "1"


def test_percent_power_and_root(phone: Phone, driver: Driver) -> None:
    _keys(driver, "80×5%")
    assert driver.find(id="result").text == "4"
    assert driver.find(id="formula").text == "80×5%"
    _keys(driver, "C")
    _keys(driver, "200+10%")
    assert driver.find(id="result").text == "220"
    driver.long_press(id="btn_clear")
    _keys(driver, "2^10=")
    assert driver.find(id="result").text == "1,024"
    driver.long_press(id="btn_clear")
    _keys(driver, "√81+1=")
    assert driver.find(id="result").text == "10"
    assert _calculated(phone)[-4:] == [
        "Calculated: 80×5% = 4",
        "Calculated: 200+10% = 220",
        "Calculated: 2^10 = 1024",
        "Calculated: √81+1 = 10",
    ]


def test_division_by_zero_shows_an_error_and_keeps_the_formula(
    phone: Phone, driver: Driver
) -> None:
    before = _history(phone)
    _keys(driver, "5÷0=")
    assert driver.exists(text=DIVIDE_BY_ZERO)
    assert driver.find(id="result").text == "5÷0"
    assert phone.foreground == (PACKAGE, MAIN)
    assert _history(phone) == before
    assert any(
        " W Calculator: Calculation error: Cannot divide by zero in 5÷0" in line
        for line in phone.logcat_lines()[0]
    )
    _keys(driver, "C2=")  # fix the divisor: the calculation goes through
    assert driver.find(id="result").text == "2.5"


def test_malformed_input_shows_an_error(phone: Phone, driver: Driver) -> None:
    _keys(driver, "7+=")
    assert driver.exists(text=INVALID)
    assert driver.find(id="result").text == "7+"
    driver.long_press(id="btn_clear")
    _keys(driver, "3-7=√=")  # the root of -4
    assert driver.find(id="result").text == "√-4"
    assert driver.exists(text=INVALID)
    driver.long_press(id="btn_clear")
    _keys(driver, "99999^9=")
    assert driver.exists(text=TOO_LARGE)


def test_clear_deletes_the_last_character_and_a_long_press_clears_all(
    phone: Phone, driver: Driver
) -> None:
    _keys(driver, "12+34")
    _keys(driver, "C")
    assert driver.find(id="result").text == "12+3"
    _keys(driver, "CC")
    assert driver.find(id="result").text == "12"
    _keys(driver, "+5=")
    assert driver.find(id="formula").text == "12+5"
    driver.long_press(id="btn_clear")
    assert driver.find(id="result").text == "0"
    assert driver.find(id="formula").text == ""
    assert any(line.endswith("Calculator: Calculator cleared") for line in phone.logcat_lines()[0])


def test_history_lists_newest_first_reuses_and_clears(phone: Phone, driver: Driver) -> None:
    seeded = _history(phone)
    assert 3 <= len(seeded) <= 7
    _keys(driver, "6×7=")
    driver.long_press(id="btn_clear")
    driver.tap(desc="More options")
    driver.tap(text="History")
    assert driver.find(id="alertTitle").text == "History"
    assert driver.find(id="history_formula").text == "6×7"
    assert driver.find(id="history_result").text == "=42"
    driver.tap(id="history_item")  # the newest entry goes back on the display
    assert not driver.exists(id="history_item")
    assert driver.find(id="result").text == "42"
    _keys(driver, "+1=")
    assert driver.find(id="result").text == "43"

    driver.tap(desc="More options")
    driver.tap(text="History")
    driver.tap(text="Clear history")
    assert _history(phone) == []
    driver.tap(desc="More options")
    driver.tap(text="History")
    assert driver.find(id="history_placeholder").text == "History is empty"
    driver.tap(text="Close")
    assert not driver.exists(id="history_placeholder")


def test_a_long_history_makes_only_the_rows_in_view(phone: Phone, driver: Driver) -> None:
    phone.database(PACKAGE, "calculator").executemany(
        "INSERT INTO history(formula, result, timestamp) VALUES (?, ?, ?)",
        [(f"{i}+1", str(i + 1), phone.clock.epoch_ms + i) for i in range(500)],
    )
    assert views_made(phone, "history_item") == 0  # the dialog is closed
    driver.tap(desc="More options")
    driver.tap(text="History")
    assert driver.find(id="history_formula").text == "499+1"  # the newest first
    assert views_made(phone, "history_item") < 20
    oldest = driver.scroll_to(max_scrolls=400, id="history_formula", text="0+1")  # ours
    assert oldest.bounds.bottom <= driver.find(id="history_list").bounds.bottom
    assert views_made(phone, "history_item") < 20


def test_settings_switches_are_stored(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="Settings")
    assert phone.foreground == (PACKAGE, SETTINGS)
    assert driver.find(id="settings_vibrate").checked
    assert not driver.find(id="settings_prevent_phone_from_sleeping").checked
    driver.tap(id="settings_prevent_phone_from_sleeping")
    driver.tap(id="settings_vibrate")
    rows = phone.database(PACKAGE, "calculator").execute(
        "SELECT key, value FROM preferences ORDER BY key"
    )
    assert [tuple(r) for r in rows] == [
        ("prevent_phone_from_sleeping", "1"),
        ("vibrate_on_button_press", "0"),
    ]
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)


def test_the_display_survives_leaving_the_app(phone: Phone, driver: Driver) -> None:
    _keys(driver, "12+3")
    driver.key("HOME")
    phone.launch(PACKAGE)
    assert driver.find(id="result").text == "12+3"


# the engine -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("keys", "shown", "calculations"),
    [
        ("2 + 3 × 4 =", "20", ["2+3 = 5", "5×4 = 20"]),
        ("1 ÷ 3 × 3 =", "1", ["1÷3 = 0.3333333333", "0.3333333333×3 = 1"]),
        ("2 ^ . 5 =", "1.4142135624", ["2^0.5 = 1.4142135624"]),
        ("2 ^ 0 - 3 =", "-2", ["2^0 = 1", "1-3 = -2"]),
        ("5 0 ÷ 4 %", "1250", ["50÷4% = 1250"]),
        ("4 2 %", "0.42", ["42% = 0.42"]),
        ("1 6 √ =", "4", ["√16 = 4"]),
        ("9 + + - 1 =", "8", ["9-1 = 8"]),
        ("0 0 0 . . 5 =", "0.5", []),
        # a power whose exact fraction would hold thousands (or millions) of digits
        (
            "1 . 0 1 ^ 3 0 0 0 =",
            "9207067941189.4898463891",
            ["1.01^3000 = 9207067941189.4898463891"],
        ),
        (
            "1 . 0 0 0 0 0 1 ^ 1 0 0 0 0 0 0 0 =",
            "22026.3556628265",
            ["1.000001^10000000 = 22026.3556628265"],
        ),
    ],
)
def test_engine(keys: str, shown: str, calculations: list[str]) -> None:
    display, done, errors = _engine(keys)
    assert display.input == shown
    assert done == calculations
    assert errors == []


def test_engine_limits_digits_and_rejects_unknown_keys() -> None:
    display, _, _ = _engine(" ".join("9" * 20))
    assert display.input == "9" * 15
    with pytest.raises(ValueError, match="unknown calculator key 'x'"):
        press(Display(), "x")


def test_rounding_and_grouping() -> None:
    assert format_number(Fraction(2, 3)) == "0.6666666667"
    assert format_number(Fraction(-1, 3)) == "-0.3333333333"
    assert format_number(Fraction(-1, 10**12)) == "0"
    assert format_number(Fraction(5, 2)) == "2.5"
    assert grouped("1234567.123456+1000-999") == "1,234,567.123456+1,000-999"


def test_about_opens_the_about_page(phone: Phone, driver: Driver) -> None:
    driver.tap(desc="More options")
    driver.tap(text="About")
    assert phone.foreground == (PACKAGE, ABOUT)
    assert driver.find(id="about_app_name").text == "Simple Calculator"
    assert driver.exists(text=f"Version {VERSION}")
    driver.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN)


def test_a_saved_input_is_shown_at_start_and_kept_as_typed() -> None:
    phone = Phone(seed=4)
    phone.clear_app_data(PACKAGE)
    phone.database(PACKAGE, "calculator").execute(
        "INSERT INTO display(id, input) VALUES (1, '12×4')"
    )
    phone.start_activity(PACKAGE)
    driver = Driver(phone)
    assert driver.find(id="result").text == "12×4"
    _keys(driver, "C5=")
    assert driver.find(id="result").text == "60"
    assert _history(phone) == [("12×5", "60")]
    saved = phone.database(PACKAGE, "calculator").execute("SELECT input, formula FROM display")
    assert [tuple(row) for row in saved] == [("60", "12×5")]


def test_unknown_preferences_are_refused(phone: Phone) -> None:
    app = phone.apps[PACKAGE]
    ctx = AppContext(phone, app, phone.tasks[PACKAGE][-1])
    prefs = Preferences(ctx, DEFAULTS)
    with pytest.raises(KeyError, match="unknown preference 'volume'"):
        prefs.get("volume")
    with pytest.raises(KeyError, match="known: vibrate_on_button_press"):
        prefs.put("volume", "3")
