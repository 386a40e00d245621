"""Calculator (``com.simplemobiletools.calculator``), modelled on Simple Calculator.

The keypad works as ``engine`` describes (one pending operation, left-to-right chains, exact
arithmetic, no parentheses). Every calculation is added to table ``history(id, formula,
result, timestamp)`` of database ``calculator`` (timestamp in ms on the virtual clock). What
the display shows is kept in table ``display(id, input, formula)`` (one row, id 1), as the
real app keeps its state: a restarted calculator shows it again, and a task may start with
something typed (``input`` ``12×4``). The options live in its table ``preferences``
(``vibrate_on_button_press``, ``prevent_phone_from_sleeping``).

Activities and resource ids (``com.simplemobiletools.calculator:id/<name>``):

``.activities.MainActivity``
    ``toolbar`` with ``action_unit_converter`` ("Unit converter") and "More options" (menu
    "History", "Settings", "About"); ``formula`` (the last calculation, e.g. ``18+24``) and
    ``result`` (what is being typed, or the result), numbers shown with thousands
    separators; the keypad ``btn_percent`` (%), ``btn_power`` (^), ``btn_root`` (√),
    ``btn_divide`` (÷), ``btn_7`` ``btn_8`` ``btn_9`` ``btn_multiply`` (×), ``btn_4``
    ``btn_5`` ``btn_6`` ``btn_minus`` (-), ``btn_1`` ``btn_2`` ``btn_3`` ``btn_plus`` (+),
    ``btn_0`` ``btn_decimal`` (.) ``btn_clear`` (C: a tap deletes the last character, a long
    press clears everything) ``btn_equals`` (=).
    The "History" dialog lists past calculations, newest first (rows ``history_item`` with
    ``history_formula`` and ``history_result``; tapping one puts its result on the display),
    with buttons "Clear history" and "Close"; ``history_placeholder`` when it is empty.
``.activities.UnitConverterPickerActivity``
    "Unit converter": the grid ``unit_types_grid`` of ``unit_type_holder`` tiles (described
    and labelled ``unit_type_label`` "Length", "Area", "Volume", "Mass", "Time").
``.activities.UnitConverterActivity`` (argument ``converter``: ``length`` ...)
    Titled with the converter's name: ``top_unit_holder`` (``top_unit_name`` "Kilometer",
    ``top_unit_text`` the value typed, ``top_unit_symbol`` "km"), ``swap_button`` ("Swap
    units"), ``bottom_unit_holder`` (``bottom_unit_name``, ``bottom_unit_text`` the value
    converted, ``bottom_unit_symbol``); tapping a holder opens the dialog "Unit" (radio
    buttons ``top_unit_<name>`` / ``bottom_unit_<name>``, e.g. ``bottom_unit_mile``). The
    keypad ``btn_0`` .. ``btn_9``, ``btn_decimal`` and ``btn_clear`` types the top value.
    Length starts at Kilometer over Meter; see ``converter`` for the units.
``.activities.SettingsActivity``
    "Navigate up" and the switches ``settings_vibrate`` ("Vibrate on button press") and
    ``settings_prevent_phone_from_sleeping`` ("Prevent phone from sleeping").
About pages: "About" opens ``mobile_gym.sim.apps.about``'s About activity.

Logcat (tag ``Calculator``): ``Calculated: 18+24 = 42`` for every calculation (plain numbers,
the operators ``+ - × ÷ ^``, ``√`` and ``%`` as on the keys), ``Calculation error: <toast>
in <input>`` (priority W), ``Calculator cleared``, ``History cleared``, ``History entry
used: id=N``, ``Converted: 1 Mile = 1.609344 Kilometer`` (every change in the converter),
``Preference changed: key=value``.
Toasts: "Cannot divide by zero", "Invalid formula", "Value is too large", "History cleared".
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar, cast

from mobile_gym.sim.apps import about, preferences
from mobile_gym.sim.apps.about import AboutPages
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.calculator import converter
from mobile_gym.sim.apps.calculator.engine import Display, KeyResult, grouped, press, restore
from mobile_gym.sim.apps.preferences import switches_screen
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, View
from mobile_gym.sim.ui.widgets import Button, TextView

PACKAGE = "com.simplemobiletools.calculator"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
CONVERTER_PICKER = ".activities.UnitConverterPickerActivity"
CONVERTER = ".activities.UnitConverterActivity"
DATABASE = "calculator"
VERSION = "5.11.3"
SCHEMA = (
    """
CREATE TABLE history(
    id INTEGER PRIMARY KEY,
    formula TEXT NOT NULL,
    result TEXT NOT NULL,
    timestamp INTEGER NOT NULL
);
CREATE TABLE display(
    id INTEGER PRIMARY KEY CHECK (id = 1),
    input TEXT NOT NULL,
    formula TEXT NOT NULL DEFAULT ''
);
"""
    + preferences.SCHEMA
)
DEFAULTS = {"vibrate_on_button_press": "1", "prevent_phone_from_sleeping": "0"}
SWITCHES = (
    ("vibrate_on_button_press", "settings_vibrate", "Vibrate on button press"),
    (
        "prevent_phone_from_sleeping",
        "settings_prevent_phone_from_sleeping",
        "Prevent phone from sleeping",
    ),
)
KEYPAD = (
    (("%", "btn_percent"), ("^", "btn_power"), ("√", "btn_root"), ("÷", "btn_divide")),
    (("7", "btn_7"), ("8", "btn_8"), ("9", "btn_9"), ("×", "btn_multiply")),
    (("4", "btn_4"), ("5", "btn_5"), ("6", "btn_6"), ("-", "btn_minus")),
    (("1", "btn_1"), ("2", "btn_2"), ("3", "btn_3"), ("+", "btn_plus")),
    (("0", "btn_0"), (".", "btn_decimal"), ("C", "btn_clear"), ("=", "btn_equals")),
)
HISTORY_ROW_DP = 60
HISTORY_ROWS_SHOWN = 6
_SEED_OPERATORS = ("+", "-", "×", "÷")


def _seed_calculation(rng: random.Random) -> tuple[str, str]:
    """A believable past calculation with whole numbers, and its result."""
    op = rng.choice(_SEED_OPERATORS)
    b = rng.randint(2, 99)
    if op == "÷":
        result = rng.randint(2, 250)
        return f"{result * b}÷{b}", str(result)
    a = rng.randint(10, 999)
    value = a + b if op == "+" else a - b if op == "-" else a * b
    return f"{a}{op}{b}", str(value)


class CalculatorApp(AboutPages, App):
    """Simple Calculator: a keypad with one pending operation, a history, a unit converter and
    two options."""

    package = PACKAGE
    label = "Calculator"
    icon = "calculator"
    color = (0, 150, 136)
    main_activity = MAIN
    about_name = "Simple Calculator"
    version = VERSION
    screens: ClassVar[dict[str, str]] = {
        MAIN: "main",
        SETTINGS: "settings",
        CONVERTER_PICKER: "unit_picker",
        CONVERTER: "unit_converter",
        **about.SCREENS,
    }
    schemas: ClassVar[dict[str, str]] = {DATABASE: SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        now = ctx.phone.boot_ms
        stamps = sorted(
            now - rng.randint(5, 14 * 24 * 60) * 60_000 for _ in range(rng.randint(3, 7))
        )
        ctx.db().executemany(
            "INSERT INTO history(formula, result, timestamp) VALUES (?, ?, ?)",
            [(*_seed_calculation(rng), stamp) for stamp in stamps],
        )

    # the keypad -------------------------------------------------------------------------------
    def _display(self, ctx: AppContext) -> Display:
        if ctx.has("display"):
            return Display(**ctx.get("display"))
        saved = ctx.db().execute("SELECT input, formula FROM display WHERE id = 1").fetchone()
        return restore(*saved) if saved else Display()

    def _show(self, ctx: AppContext, display: Display) -> None:
        ctx.set("display", dataclasses.asdict(display))
        ctx.db().execute(
            "INSERT OR REPLACE INTO display(id, input, formula) VALUES (1, ?, ?)",
            (display.input, display.formula),
        )

    def _press(self, ctx: AppContext, key: str) -> None:
        outcome: KeyResult = press(self._display(ctx), key)
        self._show(ctx, outcome.display)
        if outcome.error is not None:
            ctx.toast(outcome.error)
            ctx.log(f"Calculation error: {outcome.error} in {outcome.display.input}", "W")
        if outcome.calculation is not None:
            formula, result = outcome.calculation.formula, outcome.calculation.result
            ctx.db().execute(
                "INSERT INTO history(formula, result, timestamp) VALUES (?, ?, ?)",
                (formula, result, ctx.phone.clock.epoch_ms),
            )
            ctx.log(f"Calculated: {formula} = {result}")
        if key == "AC":
            ctx.log("Calculator cleared")

    def _key(self, ctx: AppContext, label: str, id: str) -> Button:
        operator = not label.isdigit() and label not in (".", "C")
        return converter.key_button(
            label,
            id,
            lambda: self._press(ctx, label),
            (lambda: self._press(ctx, "AC")) if label == "C" else None,
            "primary" if operator else "text",
        )

    # the history dialog -----------------------------------------------------------------------
    def _history_dialog(self, ctx: AppContext) -> Handler:
        """The "History" dialog: its rows are read and made only while it is open, and only
        those in view (a recycled list over the table, read a page at a time)."""

        def use(entry_id: int, result: str) -> Handler:
            def run() -> None:
                ctx.pop("dialog:history")
                self._show(ctx, Display(left=result, done=True))
                ctx.log(f"History entry used: id={entry_id}")

            return run

        def clear() -> None:
            ctx.db().execute("DELETE FROM history")
            ctx.log("History cleared")
            ctx.toast("History cleared")

        def entry(_index: int, row: object) -> View:
            entry_id, formula, result = cast(tuple[int, str, str], row)
            return Column(
                TextView(
                    grouped(formula),
                    id="history_formula",
                    size=15,
                    color="text_secondary",
                    width=MATCH,
                ),
                TextView("=" + grouped(result), id="history_result", size=20, width=MATCH),
                id="history_item",
                height=HISTORY_ROW_DP,
                padding=(0, 4),
                on_click=use(entry_id, result),
            )

        def body() -> list[View]:
            rows = ctx.rows(
                "SELECT id, formula, result FROM history ORDER BY timestamp DESC, id DESC"
            )
            if not rows:
                return [empty_state("History is empty", id="history_placeholder")]
            shown = min(len(rows), HISTORY_ROWS_SHOWN)
            return [
                ctx.scroller(
                    "history",
                    items=rows,
                    item_height=HISTORY_ROW_DP,
                    render_item=entry,
                    id="history_list",
                    height=shown * HISTORY_ROW_DP,
                )
            ]

        return ctx.dialog(
            "history", "History", buttons=[("Clear history", clear), ("Close", None)], body=body
        )

    # screens ----------------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> View:
        display = self._display(ctx)
        open_history = self._history_dialog(ctx)
        open_menu = ctx.menu(
            "overflow",
            [
                ("History", open_history),
                ("Settings", lambda: ctx.open(SETTINGS)),
                ("About", about.open_about(ctx)),
            ],
        )
        rows: list[View] = [
            LinearLayout(
                orientation="horizontal",
                height=0,
                weight=2,
                children=[self._key(ctx, label, id) for label, id in keys],
            )
            for keys in KEYPAD
        ]
        return Column(
            toolbar(
                "Calculator",
                actions=[("apps", "Unit converter", lambda: ctx.open(CONVERTER_PICKER))],
                on_overflow=open_menu,
            ),
            TextView(
                grouped(display.formula),
                id="formula",
                size=26,
                color="text_secondary",
                align="end",
                width=MATCH,
                height=0,
                weight=2.1,
                padding=(16, 0),
            ),
            TextView(
                grouped(display.input),
                id="result",
                size=44,
                align="end",
                width=MATCH,
                height=0,
                weight=1.8,
                padding=(16, 0),
            ),
            *rows,
            id="calculator_holder",
            height=MATCH,
        )

    def settings(self, ctx: AppContext) -> View:
        return switches_screen(ctx, DEFAULTS, SWITCHES)

    def unit_picker(self, ctx: AppContext) -> View:
        def open_converter(key: str) -> Handler:
            return lambda: ctx.open(CONVERTER, converter=key)

        return converter.picker_screen(ctx, open_converter)

    def unit_converter(self, ctx: AppContext) -> View:
        return converter.converter_screen(ctx)
