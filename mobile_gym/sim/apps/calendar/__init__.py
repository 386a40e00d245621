"""Calendar (``com.simplemobiletools.calendar.pro``), modelled on Simple Calendar Pro.

Events and tasks live in database ``events``, table ``events(id, start_ts, end_ts, title,
location, description, reminder_1_minutes, reminder_2_minutes, reminder_3_minutes, flags,
type, last_updated)``: times in seconds since 1970 on the phone's virtual clock (UTC),
``flags`` bit 1 for all-day rows, reminders in minutes before the start (-1: none),
``type`` 0 for an event and 1 for a task (due at ``start_ts``, ``end_ts`` the same). The
phone seeds a few weeks of events around its date. The settings live in table
``preferences`` of the same database (``snooze_time``; ``start_week_on``: ``sunday`` or
``monday``; see ``settings``).

Activities and resource ids (``com.simplemobiletools.calendar.pro:id/<name>``):

``.activities.MainActivity``
    A search bar: the EditText ``top_toolbar_search`` (hint "Search"; typing lists the
    events whose title, location or description match in ``search_results_list``, or
    ``search_placeholder`` "No events found"), "Clear query" while it has text,
    ``go_to_today`` ("Go to today", only while another month or day is shown),
    ``change_view`` ("Change view": a menu "Daily view", "Monthly view", "Simple event
    list") and "More options" (menu "Settings", "About"). ``calendar_fab`` ("New event")
    opens the editor for a new event on the day shown (today outside the daily view); the
    small button above it, ``fab_task_icon`` ("New task"), opens the task editor for a new
    task on that day, its title field focused and the keyboard up.

    Monthly view (the default): ``top_left_arrow`` ("Previous month"), ``top_value``
    (``June 2024``), ``top_right_arrow`` ("Next month"); the weekday letters; 42 day cells
    ``day_0`` .. ``day_41`` (description ``June 17``), each with its day number and up to
    three ``day_monthly_event_id`` labels (event titles). Tapping a cell opens that day.
    Daily view: the same arrows ("Previous day" / "Next day") around ``top_value``
    (``Monday, June 17, 2024``) and the list ``day_events`` (or ``day_events_placeholder``).
    The grid's weeks start on the ``start_week_on`` weekday.
    Simple event list: ``calendar_events_list`` of the events from today on, under
    ``event_section_title`` headers (``Monday, June 17``). A long press on a row selects
    it: the contextual bar (``cab_close``, ``toolbar_title`` ``1 / 3``, ``cab_delete``
    "Delete": dialog "Delete N events?" with Cancel / Delete) replaces the search bar, and
    taps toggle rows. Event rows (all lists):
    ``event_item_holder`` with ``event_item_start`` (``10:00`` or ``All-day``),
    ``event_item_end``, ``event_item_title``, ``event_item_description`` (the location, else
    the description) and ``event_item_color``; tapping one opens it in its editor (the
    task editor for a task).
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
    the dialog "Reminder": radio buttons ``reminder_<N>_<minutes>`` for none, at the start,
    5, 10, 15, 30 minutes, 1 hour, 1 day and 1 week before, and ``reminder_<N>_custom``,
    the dialog "Custom reminder" of ``mobile_gym.sim.apps.calendar.reminders``: a value in
    minutes, hours or days, up to a year; a value that is no number toasts "Invalid
    value"). See ``mobile_gym.sim.ui.pickers`` for the pickers' ids.
``.activities.TaskActivity`` (argument ``event_id``, or ``day`` for a new task)
    The same editor for a task: title "New task" / "Edit task" (delete dialog "Delete
    task?"), ``action_save``; EditTexts ``task_title`` (focused in a new task) and
    ``task_description``; the Switch ``task_all_day``; ``task_date`` and ``task_time`` (the
    due date and time, the same pickers) and ``task_reminder_1`` .. ``_3``.
``.activities.SettingsActivity``
    "Navigate up"; rows ``settings_sunday_first_holder`` (the Switch
    ``settings_sunday_first`` "Start week on Sunday", on by default; off stores
    ``start_week_on`` ``monday``) and ``settings_snooze_time_holder`` ("Snooze time",
    value ``settings_snooze_time`` ``10 minutes``: radio buttons ``snooze_time_1`` (1
    minute) ... ``snooze_time_60``).
About pages: "About" opens ``mobile_gym.sim.apps.about``'s About activity.

Logcat (tag ``Calendar``): ``Event added: id=N title=T start=YYYY-MM-DD HH:MM
end=YYYY-MM-DD HH:MM``, ``Event updated: ...`` (same fields), ``Task added: ...`` and
``Task updated: ...`` (the same for tasks), ``Event deleted: id=N title=T`` (one line per
event or task deleted), ``View changed: Daily view`` (or the other view names),
``Preference changed: key=value``.
Toasts: "Event added", "Event updated", "Task added", "Task updated", "Event deleted", "N
events deleted", "Title cannot be empty", "The event cannot end before it starts".
"""

from mobile_gym.sim.apps.calendar.activities import (
    EVENT_ACTIVITY,
    MAIN_ACTIVITY,
    PACKAGE,
    TASK_ACTIVITY,
)
from mobile_gym.sim.apps.calendar.app import CalendarApp

__all__ = ["EVENT_ACTIVITY", "MAIN_ACTIVITY", "PACKAGE", "TASK_ACTIVITY", "CalendarApp"]
