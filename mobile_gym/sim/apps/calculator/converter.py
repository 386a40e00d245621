"""The calculator's unit converter: unit tables, exact conversion and the two converter screens.

A converter (length, area, volume, mass, time) has units with a factor to its base unit; a
value converts exactly (``Fraction``) and reads as the calculator shows numbers. The picker
screen lists the converters; the converter screen shows a top unit (the value typed) and a
bottom unit (the value converted), a swap button and a keypad. A new converter starts with
its default units and a 0 on top; picking the unit the other side holds swaps the two, as
the real app does.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.calculator.engine import MAX_DIGITS, format_number, grouped
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.grid import grid
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView


@dataclass(frozen=True)
class Unit:
    """A unit: its name, its symbol and how many base units one of it is."""

    name: str
    symbol: str
    factor: Fraction


@dataclass(frozen=True)
class Converter:
    """A kind of quantity, its units (in the order the unit dialog lists them) and the units
    a new converter starts with."""

    key: str
    name: str
    units: tuple[Unit, ...]
    top: str
    bottom: str

    def unit(self, name: str) -> Unit:
        for unit in self.units:
            if unit.name == name:
                return unit
        raise KeyError(f"{self.name} has no unit {name!r}")


def _units(*rows: tuple[str, str, str]) -> tuple[Unit, ...]:
    return tuple(Unit(name, symbol, Fraction(factor)) for name, symbol, factor in rows)


CONVERTERS: tuple[Converter, ...] = (
    Converter(
        "length",
        "Length",
        _units(
            ("Kilometer", "km", "1000"),
            ("Meter", "m", "1"),
            ("Centimeter", "cm", "0.01"),
            ("Millimeter", "mm", "0.001"),
            ("Mile", "mi", "1609.344"),
            ("Yard", "yd", "0.9144"),
            ("Foot", "ft", "0.3048"),
            ("Inch", "in", "0.0254"),
            ("Nautical mile", "nmi", "1852"),
        ),
        top="Kilometer",
        bottom="Meter",
    ),
    Converter(
        "area",
        "Area",
        _units(
            ("Square kilometer", "km²", "1000000"),
            ("Square meter", "m²", "1"),
            ("Hectare", "ha", "10000"),
            ("Acre", "ac", "4046.8564224"),
            ("Square foot", "ft²", "0.09290304"),
        ),
        top="Square meter",
        bottom="Square foot",
    ),
    Converter(
        "volume",
        "Volume",
        _units(
            ("Cubic meter", "m³", "1"),
            ("Liter", "l", "0.001"),
            ("Milliliter", "ml", "0.000001"),
            ("Gallon", "gal", "0.003785411784"),
            ("Cup", "cup", "0.0002365882365"),
        ),
        top="Liter",
        bottom="Gallon",
    ),
    Converter(
        "mass",
        "Mass",
        _units(
            ("Kilogram", "kg", "1"),
            ("Gram", "g", "0.001"),
            ("Pound", "lb", "0.45359237"),
            ("Ounce", "oz", "0.028349523125"),
            ("Tonne", "t", "1000"),
        ),
        top="Kilogram",
        bottom="Pound",
    ),
    Converter(
        "time",
        "Time",
        _units(
            ("Second", "s", "1"),
            ("Minute", "min", "60"),
            ("Hour", "h", "3600"),
            ("Day", "d", "86400"),
            ("Week", "wk", "604800"),
        ),
        top="Hour",
        bottom="Minute",
    ),
)
BY_KEY = {converter.key: converter for converter in CONVERTERS}


def convert(value: Fraction, source: Unit, target: Unit) -> Fraction:
    """``value`` of ``source`` in ``target`` units, exactly."""
    return value * source.factor / target.factor


def typed(value: str, key: str) -> str:
    """The top value after the keypad key ``key`` (a digit or ``.``), as the real app types."""
    if key == ".":
        return value if "." in value else value + "."
    if sum(c.isdigit() for c in value) >= MAX_DIGITS:
        return value
    return key if value == "0" else value + key


def deleted(value: str) -> str:
    """The top value after C: its last character goes (0 once nothing is left)."""
    return value[:-1] or "0"


class ConverterScreen:
    """The converter screen's state: the converter, its two units and the typed value."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.converter = BY_KEY[ctx.args["converter"]]
        self.top = self.converter.unit(ctx.get("top", self.converter.top))
        self.bottom = self.converter.unit(ctx.get("bottom", self.converter.bottom))
        self.value = ctx.get("value", "0")

    @property
    def result(self) -> str:
        return format_number(convert(Fraction(self.value.rstrip(".")), self.top, self.bottom))

    def _set(self, *, top: Unit | None = None, bottom: Unit | None = None, value: str = "") -> None:
        ctx = self.ctx
        if top is not None:
            ctx.set("top", top.name)
            self.top = top
        if bottom is not None:
            ctx.set("bottom", bottom.name)
            self.bottom = bottom
        if value:
            ctx.set("value", value)
            self.value = value
        ctx.log(
            f"Converted: {self.value.rstrip('.')} {self.top.name} = {self.result} "
            f"{self.bottom.name}"
        )

    def swap(self) -> None:
        self._set(top=self.bottom, bottom=self.top)

    def press(self, key: str) -> None:
        self._set(value=typed(self.value, key))

    def delete(self) -> None:
        self._set(value=deleted(self.value))

    def clear(self) -> None:
        self._set(value="0")

    def choose(self, side: str) -> Callable[[str], None]:
        """What picking a unit for ``side`` (``top`` / ``bottom``) does."""

        def run(name: str) -> None:
            unit = self.converter.unit(name)
            other = self.bottom if side == "top" else self.top
            if unit == other:
                self.swap()
            elif side == "top":
                self._set(top=unit)
            else:
                self._set(bottom=unit)

        return run


def picker_screen(ctx: AppContext, open_converter: Callable[[str], Handler]) -> View:
    """``UnitConverterPickerActivity``: a grid of the converters."""
    tiles: list[View] = [
        Column(
            TextView(converter.name, id="unit_type_label", size=16, align="center", width=MATCH),
            id="unit_type_holder",
            desc=converter.name,
            padding=(8, 40),
            background="surface",
            radius=12,
            margin=(6, 6),
            on_click=open_converter(converter.key),
        )
        for converter in CONVERTERS
    ]
    return Column(
        ctx.up_bar("Unit converter"),
        ctx.scroller("unit_types", grid(tiles, 2), id="unit_types_grid"),
        height=MATCH,
    )


def _unit_side(screen: ConverterScreen, side: str) -> View:
    ctx = screen.ctx
    unit = screen.top if side == "top" else screen.bottom
    value = screen.value if side == "top" else screen.result
    options = [(u.name, f"{u.name} ({u.symbol})") for u in screen.converter.units]
    pick = radio_dialog(ctx, f"{side}_unit", "Unit", options, unit.name, screen.choose(side))
    return Column(
        TextView(unit.name, id=f"{side}_unit_name", size=18, width=MATCH),
        Row(
            TextView(
                grouped(value),
                id=f"{side}_unit_text",
                size=36,
                align="end",
                width=0,
                weight=1,
                max_lines=1,
            ),
            TextView(
                unit.symbol,
                id=f"{side}_unit_symbol",
                size=18,
                background="surface",
                radius=16,
                padding=(10, 6),
                margin=(12, 0, 0, 0),
            ),
            width=MATCH,
        ),
        id=f"{side}_unit_holder",
        width=MATCH,
        height=0,
        weight=3,
        padding=(16, 12),
        on_click=pick,
    )


def key_button(
    label: str,
    id: str,
    on_click: Handler,
    on_long_click: Handler | None = None,
    color: str = "text",
) -> Button:
    """A flat keypad key filling its share of the row (the calculator's and the
    converter's keypads)."""
    return Button(
        label,
        id=id,
        on_click=on_click,
        on_long_click=on_long_click,
        background=None,
        color=color,
        size=28,
        bold=False,
        radius=0,
        padding=0,
        width=0,
        weight=1,
        height=MATCH,
    )


KEYPAD = (("7", "8", "9"), ("4", "5", "6"), ("1", "2", "3"), (".", "0", "C"))


def converter_screen(ctx: AppContext) -> View:
    """``UnitConverterActivity`` (argument ``converter``): the two units and a keypad."""
    screen = ConverterScreen(ctx)

    def key(label: str) -> Button:
        if label == "C":
            return key_button(label, "btn_clear", screen.delete, screen.clear)
        id = "btn_decimal" if label == "." else f"btn_{label}"
        return key_button(label, id, lambda: screen.press(label))

    rows: list[View] = [
        LinearLayout(
            orientation="horizontal", height=0, weight=2, children=[key(label) for label in row]
        )
        for row in KEYPAD
    ]
    return Column(
        ctx.up_bar(screen.converter.name),
        _unit_side(screen, "top"),
        ImageButton("repeat", desc="Swap units", id="swap_button", on_click=screen.swap),
        _unit_side(screen, "bottom"),
        *rows,
        id="converter_holder",
        height=MATCH,
    )
