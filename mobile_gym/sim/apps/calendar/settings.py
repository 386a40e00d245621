"""The Calendar's settings (``SettingsActivity``) and the preferences they keep.

Preferences live in table ``preferences`` of database ``events``: ``snooze_time`` (minutes a
snoozed reminder waits: ``1`` ... ``60``, default ``10``) and ``start_week_on`` (the first
column of the month grid: ``sunday`` (default) or ``monday``, as the switch "Start week on
Sunday" sets it; any other weekday a task's setup stores is honoured by the grid and shows
as the switch off).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.preferences import Preferences
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.dates import WEEKDAY_NAMES
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Switch, TextView

DEFAULTS = {"snooze_time": "10", "start_week_on": "sunday"}
SNOOZE_MINUTES = (1, 5, 10, 15, 20, 30, 60)


def prefs(ctx: AppContext) -> Preferences:
    return Preferences(ctx, DEFAULTS)


def minutes_label(minutes: int) -> str:
    """``1 minute``, ``5 minutes``, ``1 hour``."""
    if minutes % 60 == 0:
        hours = minutes // 60
        return f"{hours} hour{'s' if hours > 1 else ''}"
    return f"{minutes} minute{'s' if minutes > 1 else ''}"


def first_weekday(ctx: AppContext) -> int:
    """The weekday the month grid starts with (Monday 0 ... Sunday 6)."""
    return [day.lower() for day in WEEKDAY_NAMES].index(prefs(ctx).get("start_week_on"))


def _sunday_first_row(store: Preferences) -> View:
    """The switch "Start week on Sunday": on for ``sunday``, off for ``monday``; a tap on
    the row or the switch flips it."""
    sunday_first = store.get("start_week_on") == "sunday"

    def toggle(_checked: bool | None = None) -> None:
        store.put("start_week_on", "monday" if sunday_first else "sunday")

    return Row(
        Switch(
            "Start week on Sunday",
            id="settings_sunday_first",
            checked=sunday_first,
            on_change=toggle,
            size=16,
            width=MATCH,
        ),
        id="settings_sunday_first_holder",
        width=MATCH,
        padding=(16, 6),
        on_click=toggle,
    )


def _value_row(
    ctx: AppContext,
    key: str,
    title: str,
    value: str,
    options: Sequence[tuple[str, str]],
    on_choose: Callable[[str], None],
) -> View:
    """A settings row showing ``value``; tapping it opens a radio dialog of ``options``."""
    current = prefs(ctx).get(key)
    open_dialog = radio_dialog(ctx, key, title, options, current, on_choose)
    return list_item(
        title,
        on_click=open_dialog,
        id=f"settings_{key}_holder",
        trailing=TextView(value, id=f"settings_{key}", size=15, color="text_secondary"),
    )


def settings_screen(ctx: AppContext) -> View:
    store = prefs(ctx)

    def put(key: str) -> Callable[[str], None]:
        def run(value: str) -> None:
            if value != store.get(key):
                store.put(key, value)

        return run

    snooze = int(store.get("snooze_time"))
    rows: list[View] = [
        section_header("General"),
        _sunday_first_row(store),
        section_header("Reminders"),
        _value_row(
            ctx,
            "snooze_time",
            "Snooze time",
            minutes_label(snooze),
            [(str(m), minutes_label(m)) for m in SNOOZE_MINUTES],
            put("snooze_time"),
        ),
    ]
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller("settings", rows, id="settings_holder"),
        height=MATCH,
    )
