"""The Calendar's main screen: the month grid, a day's events, the event list and search.

What the screen shows lives in its state: ``view`` (``month``, ``day`` or ``list``),
``month`` and ``day`` (ISO dates; today's by default), ``from_month`` (the day was opened
from the month grid, so BACK returns there), the search field's text and the events
selected in the event list (a long press on a row starts selection mode; "Delete" removes
them after a confirmation).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from itertools import starmap
from typing import TYPE_CHECKING, NamedTuple, cast

from mobile_gym.sim.apps.about import open_about
from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.calendar.activities import (
    EVENT_ACTIVITY,
    SETTINGS_ACTIVITY,
    TASK_ACTIVITY,
)
from mobile_gym.sim.apps.calendar.events import (
    Event,
    clock,
    day_number,
    day_spans,
    delete_events,
    events_between,
    events_from,
    long_day,
    midnight,
    search_events,
    to_ts,
)
from mobile_gym.sim.apps.calendar.settings import first_weekday
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.dates import MONTH_NAMES, WEEKDAY_ABBRS, WEEKDAY_NAMES
from mobile_gym.sim.ui.grid import grid_row
from mobile_gym.sim.ui.pickers import add_months, first_of_month, month_label
from mobile_gym.sim.ui.search_bar import SearchBar
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.apps.calendar.app import CalendarApp

VIEWS = {"day": "Daily view", "month": "Monthly view", "list": "Simple event list"}
EVENTS_PER_CELL = 3
_WHITE = (255, 255, 255)


def _date(ctx: AppContext, key: str, default: dt.date) -> dt.date:
    value = ctx.get(key)
    return dt.date.fromisoformat(value) if value else default


def shown_month(ctx: AppContext) -> dt.date:
    return _date(ctx, "month", first_of_month(ctx.now.date()))


def shown_day(ctx: AppContext) -> dt.date:
    return _date(ctx, "day", ctx.now.date())


def show_month(ctx: AppContext, month: dt.date) -> None:
    ctx.set("view", "month")
    ctx.set("month", first_of_month(month).isoformat())


def show_day(ctx: AppContext, day: dt.date, *, from_month: bool = False) -> None:
    ctx.set("view", "day")
    ctx.set("day", day.isoformat())
    ctx.set("from_month", from_month)


def change_view(ctx: AppContext, view: str) -> None:
    """Switch to ``view`` showing today's period, as the real app does."""
    today = ctx.now.date()
    if view == "list":
        ctx.set("view", "list")
    elif view == "day":
        show_day(ctx, today)
    else:
        show_month(ctx, today)
    ctx.log(f"View changed: {VIEWS[view]}")


def step(ctx: AppContext, delta: int) -> None:
    """Show the next (``delta`` 1) or previous (-1) month or day; nothing in the list."""
    view = ctx.get("view", "month")
    if view == "month":
        show_month(ctx, add_months(shown_month(ctx), delta))
    elif view == "day":
        show_day(
            ctx, shown_day(ctx) + dt.timedelta(days=delta), from_month=bool(ctx.get("from_month"))
        )


def back(ctx: AppContext) -> bool:
    """BACK ends selection mode, clears a search, then leaves a day opened from the month
    grid."""
    if Selection(ctx).close_on_back() or SearchBar(ctx, "Search").close_on_back():
        return True
    if ctx.get("view") == "day" and ctx.get("from_month"):
        show_month(ctx, shown_day(ctx))
        return True
    return False


def _open_event(ctx: AppContext, event: Event) -> Handler:
    """Open ``event`` in its editor (the task editor for a task)."""
    return lambda: ctx.open(TASK_ACTIVITY if event.is_task else EVENT_ACTIVITY, event_id=event.id)


def _top_nav(label: str, what: str, on_step: Callable[[int], None]) -> View:
    return Row(
        ImageButton(
            "back", desc=f"Previous {what}", id="top_left_arrow", on_click=lambda: on_step(-1)
        ),
        TextView(label, id="top_value", size=18, bold=True, align="center", width=0, weight=1),
        ImageButton(
            "forward", desc=f"Next {what}", id="top_right_arrow", on_click=lambda: on_step(1)
        ),
        width=MATCH,
        padding=(4, 0),
    )


def event_row(ctx: AppContext, event: Event, selection: Selection | None = None) -> View:
    """A row of the day view, the event list and the search results; with ``selection`` (the
    event list) a long press selects it, and a tap toggles it while rows are selected."""
    if event.all_day:
        times: list[View] = [TextView("All-day", id="event_item_start", size=14)]
    else:
        times = [
            TextView(clock(event.start), id="event_item_start", size=14),
            TextView(clock(event.end), id="event_item_end", size=14, color="text_secondary"),
        ]
    texts: list[View] = [
        TextView(event.title, id="event_item_title", size=16, bold=True, width=MATCH)
    ]
    detail = event.location or event.description
    if detail:
        texts.append(
            TextView(
                detail, id="event_item_description", size=14, color="text_secondary", width=MATCH
            )
        )
    on_click, on_long_click = _open_event(ctx, event), None
    chosen = selection is not None and event.id in selection
    if selection is not None:
        on_long_click = lambda: selection.start(event.id)  # noqa: E731
        if selection.active:
            on_click = lambda: selection.toggle(event.id)  # noqa: E731
    return Row(
        Column(*times, width=64),
        Column(*texts, width=0, weight=1, margin=(8, 0)),
        ImageView("check" if chosen else None, size=12, circle="primary", id="event_item_color"),
        id="event_item_holder",
        padding=(16, 10),
        selected=chosen,
        background="surface_variant" if chosen else None,
        on_click=on_click,
        on_long_click=on_long_click,
    )


Entry = dt.date | Event
"""A line of an agenda: a day's title, or one of its events."""


class Upcoming(NamedTuple):
    """The events from today on, and the event list's lines (``agenda_lines``)."""

    events: tuple[Event, ...]
    lines: tuple[Entry, ...]


def upcoming(ctx: AppContext) -> Upcoming:
    """The events from today on and the event list's lines, found again only once the
    events or the day change (``CalendarApp.agendas``): a long calendar is not read and
    grouped at every build of the list."""
    today = ctx.now.date()
    key = (ctx.phone.storage.stamp(ctx.db()), today)

    def read(_key: object) -> Upcoming:
        events = tuple(events_from(ctx, today))
        return Upcoming(events, agenda_lines(_by_day(events, today)))

    return cast("CalendarApp", ctx.app).agendas.get(key, read)


def found_lines(ctx: AppContext, query: str) -> tuple[Entry, ...]:
    """The search results' lines for ``query``: the events it finds under their start days,
    found again only once the events or the query change (``CalendarApp.searches``)."""
    key = (ctx.phone.storage.stamp(ctx.db()), query)
    return cast("CalendarApp", ctx.app).searches.get(
        key, lambda _key: agenda_lines(_by_day(search_events(ctx, query)))
    )


def agenda_lines(groups: list[tuple[dt.date, list[Event]]]) -> tuple[Entry, ...]:
    """Each day's title, then its events."""
    return tuple(line for day, events in groups for line in (day, *events))


def _agenda(
    ctx: AppContext,
    entries: Sequence[Entry],
    key: str,
    id: str,
    selection: Selection | None = None,
) -> View:
    """The events under a title per day (``agenda_lines``), as a recycled list: only the
    rows in view are made, however many events there are."""

    def render(index: int, entry: object) -> View:
        if isinstance(entry, Event):
            return event_row(ctx, entry, selection)
        day: dt.date = entry  # type: ignore[assignment]
        return TextView(
            f"{WEEKDAY_NAMES[day.weekday()]}, {MONTH_NAMES[day.month]} {day.day}",
            id="event_section_title",
            size=14,
            bold=True,
            color="primary",
            width=MATCH,
            padding=(16, 12, 16, 4),
        )

    return ctx.scroller(key, items=entries, render_item=render, wrap_rows=True, id=id)


def _by_day(
    events: Sequence[Event], first: dt.date | None = None
) -> list[tuple[dt.date, list[Event]]]:
    """``events`` grouped under their start day (or ``first`` if they began before it)."""
    groups: dict[dt.date, list[Event]] = {}
    for event in events:
        day = event.start.date() if first is None else max(event.start.date(), first)
        groups.setdefault(day, []).append(event)
    return sorted(groups.items())


class DayCell(NamedTuple):
    """What a day of the month grid shows of its events: the titles of the first
    ``EVENTS_PER_CELL`` and how many there are."""

    titles: tuple[str, ...]
    count: int


def month_cells(ctx: AppContext, first: dt.date, last: dt.date) -> tuple[DayCell, ...]:
    """The ``DayCell`` of each day from ``first`` to ``last``, found again only once the
    events or the days change (``CalendarApp.months``): the grid's events are sorted into
    its days once, not at every build."""
    key = (ctx.phone.storage.stamp(ctx.db()), first, last)

    def read(_key: object) -> tuple[DayCell, ...]:
        origin = day_number(to_ts(midnight(first)))
        days = (last - first).days + 1
        titles: list[list[str]] = [[] for _ in range(days)]
        counts = [0] * days
        for start, end, title in day_spans(ctx, first, last):
            for index in range(max(start - origin, 0), min(end - origin, days - 1) + 1):
                counts[index] += 1
                if len(titles[index]) < EVENTS_PER_CELL:
                    titles[index].append(title)
        return tuple(starmap(DayCell, zip(map(tuple, titles), counts, strict=True)))

    return cast("CalendarApp", ctx.app).months.get(key, read)


def _month_cell(
    ctx: AppContext, index: int, day: dt.date, month: dt.date, today: dt.date, cell: DayCell
) -> View:
    today = day == today
    number = TextView(
        str(day.day),
        size=14,
        bold=today,
        color="on_primary" if today else "text" if day.month == month.month else "hint",
        background="primary" if today else None,
        radius=10,
        padding=(6, 0),
        gravity="center",
    )
    labels: list[View] = [
        TextView(
            title,
            id="day_monthly_event_id",
            size=10,
            color=_WHITE,
            background="primary",
            radius=3,
            width=MATCH,
            padding=(2, 0),
            margin=(1, 1),
        )
        for title in cell.titles
    ]
    if cell.count > EVENTS_PER_CELL:
        labels.append(TextView(f"+{cell.count - EVENTS_PER_CELL}", size=10, color="text_secondary"))
    return Column(
        number,
        *labels,
        id=f"day_{index}",
        desc=f"{MONTH_NAMES[day.month]} {day.day}",
        height=MATCH,
        padding=(0, 4, 0, 0),
        selected=today,
        on_click=lambda: show_day(ctx, day, from_month=True),
    )


def month_weeks(month: dt.date, first_weekday: int) -> list[list[dt.date]]:
    """The six weeks the grid shows for ``month``, each starting on ``first_weekday``
    (Monday 0 ... Sunday 6), days of the months around it included."""
    first = first_of_month(month)
    start = first - dt.timedelta(days=(first.weekday() - first_weekday) % 7)
    days = [start + dt.timedelta(days=i) for i in range(42)]
    return [days[i : i + 7] for i in range(0, 42, 7)]


def _month_page(ctx: AppContext, month: dt.date) -> View:
    weeks = month_weeks(month, first_weekday(ctx))
    cells = month_cells(ctx, weeks[0][0], weeks[-1][-1])
    today = ctx.now.date()
    header = grid_row(
        [
            TextView(
                WEEKDAY_ABBRS[day.weekday()][0],
                size=13,
                color="text_secondary",
                align="center",
                width=MATCH,
            )
            for day in weeks[0]
        ],
        7,
        padding=(0, 4),
    )
    rows = [
        grid_row(
            [
                _month_cell(ctx, w * 7 + i, day, month, today, cells[w * 7 + i])
                for i, day in enumerate(week)
            ],
            7,
            height=0,
            weight=1,
        )
        for w, week in enumerate(weeks)
    ]
    return Column(
        _top_nav(month_label(month), "month", lambda d: step(ctx, d)),
        header,
        *rows,
        id="month_view_wrapper",
        height=MATCH,
    )


def _day_page(ctx: AppContext, day: dt.date) -> View:
    events = events_between(ctx, day, day)
    body: View
    if events:
        body = ctx.scroller(
            f"day:{day}",
            items=events,
            render_item=lambda _index, event: event_row(ctx, event),
            wrap_rows=True,
            id="day_events",
        )
    else:
        body = empty_state("No events on this day", id="day_events_placeholder")
    return Column(_top_nav(long_day(day), "day", lambda d: step(ctx, d)), body, height=MATCH)


def _list_page(ctx: AppContext, lines: Sequence[Entry]) -> View:
    if not lines:
        return empty_state("No upcoming events", id="calendar_empty_list_placeholder")
    return _agenda(ctx, lines, "list", "calendar_events_list", Selection(ctx))


def _selection_bar(ctx: AppContext, events: Sequence[Event]) -> View:
    """The contextual bar of the event list's selection mode, with "Delete"."""
    selection = Selection(ctx)
    chosen = [event for event in events if event.id in selection]

    def delete() -> None:
        delete_events(ctx, chosen)
        selection.clear()

    count = len(chosen)
    confirm = ctx.dialog(
        "delete_selected",
        f"Delete {count} event{'s' if count != 1 else ''}?",
        "The selected events will be removed from your calendar.",
        buttons=[("Cancel", None), ("Delete", delete)],
    )
    return selection_bar(
        selection.title(len(events)),
        on_close=selection.clear,
        actions=[("delete", "Delete", confirm)],
        on_overflow=None,
    )


def _search_page(ctx: AppContext, query: str) -> View:
    lines = found_lines(ctx, query)
    if not lines:
        return empty_state("No events found", id="search_placeholder")
    return _agenda(ctx, lines, "search", "search_results_list")


def _showing_today(ctx: AppContext, view: str) -> bool:
    today = ctx.now.date()
    if view == "month":
        return shown_month(ctx) == first_of_month(today)
    if view == "day":
        return shown_day(ctx) == today
    return True


def _search_bar(ctx: AppContext, view: str) -> View:
    def go_to_today() -> None:
        if view == "day":
            show_day(ctx, ctx.now.date())
        else:
            show_month(ctx, ctx.now.date())

    open_views = radio_dialog(
        ctx, "view", "Change view", list(VIEWS.items()), view, lambda v: change_view(ctx, v)
    )
    open_overflow = ctx.menu(
        "overflow",
        [("Settings", lambda: ctx.open(SETTINGS_ACTIVITY)), ("About", open_about(ctx))],
    )
    actions = []
    if not _showing_today(ctx, view):
        actions.append(("calendar", "Go to today", go_to_today))
    actions.append(("apps", "Change view", open_views))
    return SearchBar(ctx, "Search").bar(actions=actions, on_overflow=open_overflow)


def _task_fab(ctx: AppContext, day: dt.date) -> View:
    """The small button above the FAB that opens a new task on ``day``, its title field
    focused."""
    return ImageButton(
        "checklist",
        desc="New task",
        on_click=lambda: ctx.open_focused(TASK_ACTIVITY, "title", day=day.isoformat()),
        id="fab_task_icon",
        size=40,
        padding=10,
        tint="primary",
        background="surface_variant",
        radius=12,
        gravity="bottom end",
        margin=(16, 16, 24, 88),
    )


def build(ctx: AppContext) -> View:
    """The main screen in its current view."""
    view = ctx.get("view", "month")
    query = ctx.field("search").strip()
    body: View
    bar: View | None = None
    if query:
        body = _search_page(ctx, query)
    elif view == "day":
        body = _day_page(ctx, shown_day(ctx))
    elif view == "list":
        listed = upcoming(ctx)
        body = _list_page(ctx, listed.lines)
        if Selection(ctx).active:
            bar = _selection_bar(ctx, listed.events)
    else:
        body = _month_page(ctx, shown_month(ctx))
    new_day = shown_day(ctx) if view == "day" else ctx.now.date()
    return FrameLayout(
        width=MATCH,
        height=MATCH,
        children=[
            Column(bar or _search_bar(ctx, view), body, height=MATCH),
            fab(
                "add",
                "New event",
                lambda: ctx.open(EVENT_ACTIVITY, day=new_day.isoformat()),
                id="calendar_fab",
            ),
            _task_fab(ctx, new_day),
        ],
    )
