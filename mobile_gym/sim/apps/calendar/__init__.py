"""Calendar (``com.simplemobiletools.calendar.pro``), modelled on Simple Calendar Pro.

Events live in database ``events``, table ``events(id, start_ts, end_ts, title, location,
description, reminder_1_minutes, reminder_2_minutes, reminder_3_minutes, flags,
last_updated)``: times in seconds since 1970 on the phone's virtual clock (UTC), ``flags``
bit 1 for all-day events, reminders in minutes before the start (-1: none). The phone seeds
a few weeks of events around its date.

Activities and resource ids (``com.simplemobiletools.calendar.pro:id/<name>``):

``.activities.MainActivity``
    A search bar: the EditText ``top_toolbar_search`` (hint "Search"; typing lists the
    events whose title, location or description match in ``search_results_list``, or
    ``search_placeholder`` "No events found"), "Clear query" while it has text,
    ``go_to_today`` ("Go to today", only while another month or day is shown),
    ``change_view`` ("Change view": a menu "Daily view", "Monthly view", "Simple event
    list") and "More options" (menu "About"). ``calendar_fab`` ("New event") opens the
    editor for a new event on the day shown (today outside the daily view).

    Monthly view (the default): ``top_left_arrow`` ("Previous month"), ``top_value``
    (``June 2024``), ``top_right_arrow`` ("Next month"); the weekday letters; 42 day cells
    ``day_0`` .. ``day_41`` (description ``June 17``), each with its day number and up to
    three ``day_monthly_event_id`` labels (event titles). Tapping a cell opens that day.
    Daily view: the same arrows ("Previous day" / "Next day") around ``top_value``
    (``Monday, June 17, 2024``) and the list ``day_events`` (or ``day_events_placeholder``).
    Simple event list: ``calendar_events_list`` of the events from today on, under
    ``event_section_title`` headers (``Monday, June 17``). Event rows (all lists):
    ``event_item_holder`` with ``event_item_start`` (``10:00`` or ``All-day``),
    ``event_item_end``, ``event_item_title``, ``event_item_description`` (the location, else
    the description) and ``event_item_color``; tapping one opens it in the editor.
    Swiping left / right shows the next / previous month or day; BACK clears a search, then
    returns from a day opened from the month grid to that month.
``.activities.EventActivity`` (argument ``event_id``, or ``day`` for a new event)
    Toolbar "Navigate up" (discards changes), title "New event" / "Edit event",
    ``action_delete`` ("Delete", existing events: dialog "Delete event?" with Cancel /
    Delete) and ``action_save`` ("Save"). EditTexts ``event_title``, ``event_location``,
    ``event_description``; the Switch ``event_all_day`` ("All-day"); ``event_start_date`` /
    ``event_end_date`` (``Mon, Jun 17, 2024``; a date picker dialog "Select date") and
    ``event_start_time`` / ``event_end_time`` (``10:00``; a time picker dialog "Select
    time"); ``event_reminder_1`` .. ``_3`` (``10 minutes before``, "Add another reminder";
    a menu of choices). See ``mobile_gym.sim.ui.pickers`` for the pickers' ids.

Logcat (tag ``Calendar``): ``Event added: id=N title=T start=YYYY-MM-DD HH:MM
end=YYYY-MM-DD HH:MM``, ``Event updated: ...`` (same fields), ``Event deleted: id=N
title=T``, ``View changed: Daily view`` (or the other view names).
Toasts: "Event added", "Event updated", "Event deleted", "Title cannot be empty", "The event
cannot end before it starts".
"""

from mobile_gym.sim.apps.calendar.activities import EVENT_ACTIVITY, MAIN_ACTIVITY, PACKAGE
from mobile_gym.sim.apps.calendar.app import CalendarApp

__all__ = ["EVENT_ACTIVITY", "MAIN_ACTIVITY", "PACKAGE", "CalendarApp"]
