"""The Bedtime tab: a bedtime schedule (on/off, bedtime, wake-up time) kept in
``clock_state`` as ``bedtime_on`` (0/1), ``bedtime`` and ``wakeup`` (minutes after midnight).
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock import store
from mobile_gym.sim.apps.clock.data import clock_text
from mobile_gym.sim.apps.clock.time_dialog import time_dialog
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Switch

DEFAULTS = {"bedtime": 22 * 60 + 30, "wakeup": 7 * 60}
LABELS = {"bedtime": "Bedtime", "wakeup": "Wake-up"}


def bedtime_tab(ctx: AppContext) -> View:
    """The Bedtime tab's body."""
    on = bool(store.value(ctx, "bedtime_on", 0))

    def switch(value: bool) -> None:
        store.put(ctx, bedtime_on=int(value))
        ctx.log(f"Bedtime schedule {'on' if value else 'off'}", tag="Bedtime")

    rows: list[View] = [
        Switch(
            "Bedtime schedule", id="bedtime_onoff", checked=on, on_change=switch, padding=(16, 12)
        )
    ]
    for key, label in LABELS.items():
        minutes = store.value(ctx, key, DEFAULTS[key]) or 0

        def chosen(hour: int, minute: int, key: str = key) -> None:
            store.put(ctx, **{key: hour * 60 + minute})
            ctx.log(f"{LABELS[key]} set: {hour:02d}:{minute:02d}", tag="Bedtime")

        open_time = time_dialog(ctx, f"{key}_time", chosen)
        rows.append(
            list_item(
                label,
                clock_text(minutes // 60, minutes % 60),
                icon="moon" if key == "bedtime" else "alarm",
                id=f"{key}_row",
                subtitle_id=f"{key}_time",
                on_click=lambda m=minutes, o=open_time: o(m // 60, m % 60),
            )
        )
    return Column(*rows, width=MATCH, height=0, weight=1)
