"""The reminder chooser of the Calendar's editors: a dialog of the usual times before the
start, and "Custom", which asks for a number of minutes, hours or days (the dialog "Custom
reminder": the field ``dialog_custom_interval_value`` and the radio buttons
``dialog_radio_minutes``, ``dialog_radio_hours``, ``dialog_radio_days``)."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.calendar.events import NO_REMINDER, reminder_label
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import Row
from mobile_gym.sim.ui.widgets import RadioButton

REMINDER_CHOICES = (NO_REMINDER, 0, 5, 10, 15, 30, 60, 1440, 10080)
"""The minutes the dialog offers before "Custom"."""
CUSTOM = "custom"
UNITS = (("minutes", 1), ("hours", 60), ("days", 1440))
MAX_MINUTES = 366 * 1440
INVALID = "Invalid value"


def _value(minutes: int) -> str:
    return "none" if minutes == NO_REMINDER else str(minutes)


def reminder_chooser(
    ctx: AppContext, key: str, minutes: int, on_set: Callable[[int], None]
) -> Handler:
    """The handler opening the dialog ``key`` for a reminder now ``minutes`` before; the
    choice goes to ``on_set`` (``NO_REMINDER`` for none)."""
    unit_key = key + "_unit"
    unit = ctx.get(unit_key, "minutes")

    def accept(text: str) -> str | None:
        if not text.isdigit():
            return INVALID
        total = int(text) * dict(UNITS)[unit]
        if total > MAX_MINUTES:
            return INVALID
        on_set(total)
        return None

    units = Row(
        *(
            RadioButton(
                name.capitalize(),
                id=f"dialog_radio_{name}",
                checked=name == unit,
                on_change=lambda _checked, name=name: ctx.set(unit_key, name),
                size=16,
                margin=(0, 8, 12, 0),
            )
            for name, _size in UNITS
        )
    )
    ask_custom = prompt_dialog(
        ctx,
        key + "_custom",
        "Custom reminder",
        accept,
        hint="Value",
        id="dialog_custom_interval_value",
        input_type="number",
        extra=[units],
    )

    def choose(value: str) -> None:
        if value == CUSTOM:
            ctx.set(unit_key, "minutes")
            ask_custom("")
        else:
            on_set(NO_REMINDER if value == "none" else int(value))

    options = [(_value(m), reminder_label(m)) for m in REMINDER_CHOICES]
    options.append((CUSTOM, "Custom"))
    return radio_dialog(ctx, key, "Reminder", options, _value(minutes), choose)
