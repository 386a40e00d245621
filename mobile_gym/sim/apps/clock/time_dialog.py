"""The Clock's "Select time" dialog: the shared time picker (tap the hour, then the minute)
or, after "Switch to text input mode", two fields to type the hour and the minute in (empty,
their hints show the time chosen so far, which an empty field keeps)."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.ui.pickers import time_picker
from mobile_gym.sim.ui.view import MATCH, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

OpenTime = Callable[[int, int], None]
"""Opens the dialog showing a starting hour and minute."""


def _number(text: str, top: int) -> int | None:
    """``text`` as a whole number from 0 to ``top``, or None."""
    text = text.strip()
    return int(text) if text.isdigit() and int(text) <= top else None


def time_dialog(ctx: AppContext, key: str, on_set: Callable[[int, int], None]) -> OpenTime:
    """The dialog ``key``; OK calls ``on_set(hour, minute)``. Returns its opener."""
    hour, minute = ctx.get(key + "_hour", 0), ctx.get(key + "_minute", 0)
    typing = ctx.get(key + "_typing", False)

    def set_hour(value: int) -> None:
        ctx.set(key + "_hour", value)
        ctx.set(key + "_half", "minute")

    def toggle() -> None:
        ctx.set(key + "_typing", not typing)
        ctx.clear_field(key + "_hour_text")
        ctx.clear_field(key + "_minute_text")

    def body() -> list[View]:
        if typing:
            fields: list[View] = [
                ctx.edit(
                    key + "_hour_text", hint=f"{hour:02d}", id="input_hour", input_type="number"
                ),
                TextView(":", size=32, margin=(8, 0)),
                ctx.edit(
                    key + "_minute_text",
                    hint=f"{minute:02d}",
                    id="input_minute",
                    input_type="number",
                ),
            ]
            switch = ImageButton(
                "clock", desc="Switch to clock mode", id="toggle_mode", on_click=toggle
            )
            return [Row(*fields, width=MATCH), switch]
        picker = time_picker(
            hour,
            minute,
            picking=ctx.get(key + "_half", "hour"),
            on_hour=set_hour,
            on_minute=lambda value: ctx.set(key + "_minute", value),
            on_picking=lambda half: ctx.set(key + "_half", half),
        )
        switch = ImageButton(
            "edit", desc="Switch to text input mode", id="toggle_mode", on_click=toggle
        )
        return [picker, switch]

    def apply() -> bool | None:
        if not typing:
            on_set(hour, minute)
            return None
        typed_hour = _number(ctx.field(key + "_hour_text", str(hour)), 23)
        typed_minute = _number(ctx.field(key + "_minute_text", str(minute)), 59)
        if typed_hour is None or typed_minute is None:
            ctx.toast("Enter a valid time")
            return False
        on_set(typed_hour, typed_minute)
        return None

    opener = ctx.dialog(key, "Select time", buttons=[("Cancel", None), ("OK", apply)], body=body)

    def open_at(start_hour: int, start_minute: int) -> None:
        ctx.set(key + "_hour", start_hour)
        ctx.set(key + "_minute", start_minute)
        ctx.set(key + "_half", "hour")
        ctx.set(key + "_typing", False)
        ctx.clear_field(key + "_hour_text")
        ctx.clear_field(key + "_minute_text")
        opener()

    return open_at
