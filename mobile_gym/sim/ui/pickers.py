"""Date and time pickers, the bodies of the dialogs that set a date or a time, and the
month arithmetic they share with calendar screens.

The pickers are pure views: what they show (the month on display, the chosen date, the
hour and minute, which of the two is being picked) comes from the caller's state, and the
handlers report what the user chose. Weeks start on Sunday, as on a phone set to US English.

Resource ids: the date picker's ``date_picker_header`` (the chosen date), ``prev`` /
``next`` ("Previous month" / "Next month"), ``month_view`` (``June 2024``) and one
``date_picker_day`` per day (text ``17``, description ``17 June 2024``); the time picker's
``hours`` and ``minutes`` (the header halves, tapping one picks it) and the cells
``hour_cell`` (``00`` .. ``23``, description ``14 o'clock``) or ``minute_cell`` (``00`` ..
``55`` in steps of five, description ``35 minutes``).
"""

from __future__ import annotations

import calendar
import datetime as dt
from collections.abc import Callable

from mobile_gym.sim.ui.dates import MONTH_ABBRS, MONTH_NAMES, WEEKDAY_ABBRS
from mobile_gym.sim.ui.grid import grid
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

FIRST_WEEKDAY = calendar.SUNDAY
WEEKS_SHOWN = 6
"""A month grid always has six weeks, so that its height never changes."""
MINUTE_STEP = 5
_CALENDAR = calendar.Calendar(FIRST_WEEKDAY)


def first_of_month(day: dt.date) -> dt.date:
    return day.replace(day=1)


def add_months(day: dt.date, months: int) -> dt.date:
    """The first day of the month ``months`` after (or before) ``day``'s month."""
    index = day.year * 12 + day.month - 1 + months
    return dt.date(index // 12, index % 12 + 1, 1)


def month_weeks(month: dt.date) -> list[list[dt.date]]:
    """The six weeks (Sunday to Saturday) shown for ``month``'s month, days of the months
    around it included."""
    first = first_of_month(month)
    start = first - dt.timedelta(days=(first.weekday() - FIRST_WEEKDAY) % 7)
    days = [start + dt.timedelta(days=i) for i in range(7 * WEEKS_SHOWN)]
    return [days[i : i + 7] for i in range(0, len(days), 7)]


WEEKDAY_LETTERS = tuple(calendar.day_abbr[d][0] for d in _CALENDAR.iterweekdays())
"""One letter per weekday, in the order the grids show them (``S M T W T F S``)."""


def month_label(month: dt.date) -> str:
    return f"{MONTH_NAMES[month.month]} {month.year}"


def _weekday_header() -> LinearLayout:
    letters = [
        TextView(letter, size=13, color="text_secondary", align="center", width=MATCH)
        for letter in WEEKDAY_LETTERS
    ]
    return grid(letters, 7)[0]


def _cell(text: str, *, id: str, desc: str, chosen: bool, on_click: Callable[[], None]) -> TextView:
    return TextView(
        text,
        id=id,
        desc=desc,
        size=15,
        align="center",
        height=40,
        radius=20,
        background="primary" if chosen else None,
        color="on_primary" if chosen else "text",
        bold=chosen,
        selected=chosen,
        on_click=on_click,
    )


def date_picker(
    shown: dt.date,
    chosen: dt.date,
    *,
    on_pick: Callable[[dt.date], None],
    on_month: Callable[[int], None],
) -> LinearLayout:
    """A month of days to pick from: ``shown``'s month, with ``chosen`` highlighted.

    ``on_pick`` receives the tapped day; ``on_month`` receives -1 or +1 from the arrows.
    """
    header = TextView(
        f"{WEEKDAY_ABBRS[chosen.weekday()]}, {MONTH_ABBRS[chosen.month]} {chosen.day}",
        id="date_picker_header",
        size=26,
        width=MATCH,
        margin=(0, 8, 0, 8),
    )
    nav = Row(
        ImageButton("back", desc="Previous month", id="prev", on_click=lambda: on_month(-1)),
        TextView(
            month_label(shown),
            id="month_view",
            size=16,
            bold=True,
            align="center",
            width=0,
            weight=1,
        ),
        ImageButton("forward", desc="Next month", id="next", on_click=lambda: on_month(1)),
        width=MATCH,
    )
    cells: list[View] = []
    month_and_year = month_label(shown)
    for week in month_weeks(shown):
        for day in week:
            if day.month != shown.month:
                cells.append(View(height=40))
                continue
            cells.append(
                _cell(
                    str(day.day),
                    id="date_picker_day",
                    desc=f"{day.day} {month_and_year}",
                    chosen=day == chosen,
                    on_click=lambda day=day: on_pick(day),
                )
            )
    return Column(header, nav, _weekday_header(), *grid(cells, 7), width=MATCH, height=WRAP)


def time_picker(
    hour: int,
    minute: int,
    *,
    picking: str,
    on_hour: Callable[[int], None],
    on_minute: Callable[[int], None],
    on_picking: Callable[[str], None],
) -> LinearLayout:
    """A 24-hour time picker: the header shows ``hour:minute``; below, the hours (``picking``
    is ``"hour"``) or the minutes in steps of five (``"minute"``) to tap.

    ``on_hour`` / ``on_minute`` receive the tapped value; ``on_picking`` receives the half
    of the header that was tapped.
    """
    if picking not in ("hour", "minute"):
        raise ValueError(f"picking must be 'hour' or 'minute', not {picking!r}")

    def half(text: str, id: str, which: str) -> TextView:
        active = picking == which
        return TextView(
            text,
            id=id,
            size=44,
            color="primary" if active else "text_secondary",
            bold=active,
            selected=active,
            on_click=lambda: on_picking(which),
        )

    header = Row(
        half(f"{hour:02d}", "hours", "hour"),
        TextView(":", size=44, color="text_secondary", margin=(4, 0)),
        half(f"{minute:02d}", "minutes", "minute"),
        arrange="center",
        width=MATCH,
        margin=(0, 8, 0, 16),
    )
    if picking == "hour":
        values, current, pick, id, unit, columns = (
            range(24),
            hour,
            on_hour,
            "hour_cell",
            "o'clock",
            6,
        )
    else:
        values, current, pick = range(0, 60, MINUTE_STEP), minute, on_minute
        id, unit, columns = "minute_cell", "minutes", 4
    cells = [
        _cell(
            f"{v:02d}", id=id, desc=f"{v} {unit}", chosen=v == current, on_click=lambda v=v: pick(v)
        )
        for v in values
    ]
    rows = grid(cells, columns)
    return Column(header, *rows, width=MATCH, height=WRAP)
