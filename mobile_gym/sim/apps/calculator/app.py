"""Calculator (``com.simplemobiletools.calculator``), modelled on Simple Calculator.

The keypad works as ``engine`` describes (one pending operation, left-to-right chains, exact
arithmetic, no parentheses). Every calculation is added to table ``history(id, formula,
result, timestamp)`` of database ``calculator`` (timestamp in ms on the virtual clock); the
options live in its table ``preferences`` (``vibrate_on_button_press``,
``prevent_phone_from_sleeping``).

Activities and resource ids (``com.simplemobiletools.calculator:id/<name>``):

``.activities.MainActivity``
    ``toolbar`` with "More options" (menu "History", "Settings", "About"); ``formula`` (the
    last calculation, e.g. ``18+24``) and ``result`` (what is being typed, or the result),
    numbers shown with thousands separators; the keypad ``btn_percent`` (%), ``btn_power``
    (^), ``btn_root`` (√), ``btn_divide`` (÷), ``btn_7`` ``btn_8`` ``btn_9``
    ``btn_multiply`` (×), ``btn_4`` ``btn_5`` ``btn_6`` ``btn_minus`` (-), ``btn_1``
    ``btn_2`` ``btn_3`` ``btn_plus`` (+), ``btn_0`` ``btn_decimal`` (.) ``btn_clear`` (C:
    a tap deletes the last character, a long press clears everything) ``btn_equals`` (=).
    The "History" dialog lists past calculations, newest first (rows ``history_item`` with
    ``history_formula`` and ``history_result``; tapping one puts its result on the display),
    with buttons "Clear history" and "Close"; ``history_placeholder`` when it is empty.
``.activities.SettingsActivity``
    "Navigate up" and the switches ``settings_vibrate`` ("Vibrate on button press") and
    ``settings_prevent_phone_from_sleeping`` ("Prevent phone from sleeping").

Logcat (tag ``Calculator``): ``Calculated: 18+24 = 42`` for every calculation (plain numbers,
the operators ``+ - × ÷ ^``, ``√`` and ``%`` as on the keys), ``Calculation error: <toast>
in <input>`` (priority W), ``Calculator cleared``, ``History cleared``, ``History entry
used: id=N``, ``Preference changed: key=value``.
Toasts: "Cannot divide by zero", "Invalid formula", "Value is too large", "History cleared".
"""

from __future__ import annotations

import dataclasses
import random
from typing import ClassVar

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.calculator.engine import Display, KeyResult, grouped, press
from mobile_gym.sim.apps.preferences import Preferences, preference_switches
from mobile_gym.sim.ui.about import about_dialog
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, View
from mobile_gym.sim.ui.widgets import Button, TextView

PACKAGE = "com.simplemobiletools.calculator"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
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


class CalculatorApp(App):
    """Simple Calculator: a keypad with one pending operation, a history and two options."""

    package = PACKAGE
    label = "Calculator"
    icon = "calculator"
    color = (0, 150, 136)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "main", SETTINGS: "settings"}
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
        return Display(**ctx.get("display", {}))

    def _show(self, ctx: AppContext, display: Display) -> None:
        ctx.set("display", dataclasses.asdict(display))

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
        return Button(
            label,
            id=id,
            on_click=lambda: self._press(ctx, label),
            on_long_click=(lambda: self._press(ctx, "AC")) if label == "C" else None,
            background=None,
            color="primary" if operator else "text",
            size=28,
            bold=False,
            radius=0,
            padding=0,
            width=0,
            weight=1,
            height=MATCH,
        )

    # the history dialog -----------------------------------------------------------------------
    def _history_dialog(self, ctx: AppContext) -> Handler:
        rows = (
            ctx.db()
            .execute("SELECT id, formula, result FROM history ORDER BY timestamp DESC, id DESC")
            .fetchall()
        )

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

        items: list[View] = [
            Column(
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
            for entry_id, formula, result in rows
        ]
        body: list[View]
        if items:
            shown = min(len(items), HISTORY_ROWS_SHOWN)
            body = [
                ctx.scroller("history", items, id="history_list", height=shown * HISTORY_ROW_DP)
            ]
        else:
            body = [empty_state("History is empty", id="history_placeholder")]
        return ctx.dialog(
            "history", "History", buttons=[("Clear history", clear), ("Close", None)], body=body
        )

    # screens ----------------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> View:
        display = self._display(ctx)
        open_history = self._history_dialog(ctx)
        open_about = about_dialog(
            ctx,
            "Simple Calculator",
            VERSION,
            "A calculator with the basic functions and a customizable widget, without ads.",
        )
        open_menu = ctx.menu(
            "overflow",
            [
                ("History", open_history),
                ("Settings", lambda: ctx.open(SETTINGS)),
                ("About", open_about),
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
            toolbar("Calculator", on_overflow=open_menu),
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
        switches = preference_switches(Preferences(ctx, DEFAULTS), SWITCHES)
        return Column(
            ctx.up_bar("Settings"),
            ctx.scroller("settings", switches, id="settings_scrollview"),
            height=MATCH,
        )
