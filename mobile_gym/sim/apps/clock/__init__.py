"""Clock (``com.google.android.deskclock``), modelled on Google's Clock.

Database ``alarms`` (on a real phone ``/data/user_de/0/com.google.android.deskclock/
databases/alarms.db``; here the app's ``alarms`` database): table ``alarm_templates(_id,
hour, minutes, daysofweek, enabled, vibrate, label, ringtone, delete_after_use,
blackout_end, quiet_until, snoozed_until)``. ``daysofweek`` is a bit mask, Monday 1,
Tuesday 2, Wednesday 4, Thursday 8, Friday 16, Saturday 32, Sunday 64 (weekend 96, 0: a
one-time alarm); ``ringtone`` a media URI ending ``?title=<sound>`` (``Beebeep``);
``blackout_end`` the day before the date an alarm is scheduled for (``2025-10-19`` for an
alarm scheduled on October 20), else NULL (a schedule is cleared once its ring is dismissed,
or once its day has gone by and the alarm is set again); ``quiet_until`` /
``snoozed_until`` (ms on the virtual clock) say when it rings next (``alarm_store``). Table
``cities(_id, name, zone)`` (world clock), ``laps(_id, lap_ms, total_ms)`` (stopwatch) and
``clock_state(key, value)`` (timer, stopwatch, bedtime). Seeded: two switched-off alarms,
a weekday one (6:45, 7:00 or 7:30) and 9:00 on weekends; no cities.

Rings come from the virtual clock only: a switched-on alarm rings at its time (silent again
ten minutes later if unanswered, as is a snoozed ring), a running timer at zero. Each change
to the alarms or the timer schedules the Clock's next wake-up (``phone.wakeups``, keys
``alarm`` and ``timer``), so a ring comes at its moment whatever app is in front
(``alerts``): it posts a notification (id 1 for the alarm: title the label or "Alarm", text
its time; id 2 "Timer" / "Time's up", whose tap opens the Timer tab) and shows full screen
over the app in front, which comes back once the ring is answered. The ring: the alarm's
``alarm_ringing`` panel with ``alarm_time``, ``alarm_label``, ``snooze_button`` ("Snooze":
rings again in 10 minutes) and ``dismiss_button`` ("Dismiss"; a one-time alarm switches
off), the timer's ``timer_ringing`` (``timer_expired`` "Time's up") with ``stop_button``;
over the Clock's main screen it shows in place of the tab on show, whichever it is. Alarms
put in the database from outside (task setup) ring when the Clock is next opened, or once
any alarm is changed in the app.

Logcat: tag ``AlarmClock``: ``Alarm created: id=N time=HH:MM``, ``Alarm updated: id=N
column=value ...``, ``Alarm deleted: id=N``, ``Alarm dismissed: id=N``, ``Alarm snoozed:
id=N minutes=10``, ``Alarm ringing: id=N``; tag ``Timer``: ``Timer started: N s``,
``Timer expired``, ``Timer paused``, ``Timer
resumed``, ``Timer deleted``; tag ``Stopwatch``: ``Stopwatch started``, ``Stopwatch paused:
T``, ``Lap: T``, ``Stopwatch reset``; tag ``WorldClock``: ``City added: NAME``, ``City
removed: NAME``; tag ``Bedtime``: ``Bedtime schedule on`` / ``off``, ``Bedtime set: HH:MM``,
``Wake-up set: HH:MM``. Toasts: "Alarm set for 5 hours and 12 minutes from now", "Alarm
deleted", "Snoozed until 9:40 AM", "Enter a valid time".

Activities and resource ids (``com.google.android.deskclock:id/<name>``):

``com.android.deskclock.DeskClock`` (argument ``tab``: a tab's label)
    ``toolbar`` titled by the tab; at the bottom ``tab_bar`` with the tabs "Alarm", "Clock",
    "Timer", "Stopwatch", "Bedtime" (clickable, named by content description).
    Alarm: ``alarm_recycler_view`` of ``alarm_card``s (earliest first; ``alarms_empty_view``
    "No alarms" when none), each with ``digital_clock`` ("8:25 AM"; tap: the time dialog),
    ``onoff`` (Switch, desc "8:25 AM alarm"), ``upcoming_instance_label`` (label and
    "Sun, Sat" (the days in the day buttons' order, from Sunday) / "Mon-Fri" / "Every day" /
    "Today" / "Tomorrow" / "Not scheduled" / "Mon, Oct 20": the date it is scheduled for,
    until it has rung there) and ``arrow`` ("Expand alarm" / "Collapse alarm"; a tap on a
    folded card also expands it). The expanded card adds ``day_button_0`` ..
    ``day_button_6`` (S M T W T F S, desc "Sunday" .. "Saturday", selected when on),
    ``schedule_alarm`` ("Schedule alarm": a date picker dialog, OK schedules it for that
    day), ``edit_label`` ("Add label" or the label: dialog "Label" with ``label_input``),
    ``choose_ringtone`` (the sound's name: opens the sound picker), ``vibrate_onoff``
    (CheckBox "Vibrate") and ``delete``.
    ``fab`` (desc "Add alarm"): the time dialog; OK adds a switched-on one-time alarm,
    expanded and scrolled to. The time dialog "Select time": the shared time picker
    (``hours`` / ``minutes``, ``hour_cell`` 00-23, then ``minute_cell`` in fives) and
    ``toggle_mode`` ("Switch to text input mode": the fields ``input_hour`` and
    ``input_minute``, any minute; "Switch to clock mode" back), Cancel / OK.
    Clock: ``digital_clock``, ``date`` ("Thu, October 16"), ``cities`` of ``city_row``s
    (``city_name``, ``city_day`` "Today, 9 hrs ahead", ``city_time``; long press: menu
    "Delete"), ``fab`` (desc "Add city").
    Timer: with no timer ``timer_setup_time`` ("00h 05m 00s"), keys ``timer_key_0`` ..
    ``timer_key_9``, ``timer_delete`` (desc "Delete"), ``timer_start`` ("Start", enabled
    once a digit is typed); while set ``timer_text_time`` ("04:59"), ``timer_add_time``
    ("+1:00"), ``timer_play_pause`` ("Pause" / "Resume"), ``timer_delete_button``.
    Stopwatch: ``stopwatch_time_text`` ("00:12.34"), ``stopwatch_play_pause`` ("Start" /
    "Pause"), ``stopwatch_lap`` ("Lap", running), ``stopwatch_reset`` ("Reset", paused),
    ``laps_list`` of rows ``lap_number`` ("# 2"), ``lap_time``, ``lap_total``.
    Bedtime: ``bedtime_onoff`` (Switch "Bedtime schedule"), ``bedtime_row`` and
    ``wakeup_row`` (their times in ``bedtime_time`` / ``wakeup_time``; tap: the time dialog).
``com.android.deskclock.alarms.AlarmActivity`` (argument ``over``: the app it rang over)
    The ringing alarm (``alarm_ringing``); closes itself once nothing rings.
``com.android.deskclock.timer.ExpiredTimersActivity`` (argument ``over``)
    The timer's ``timer_ringing``; closes itself once the timer is stopped.
``com.android.deskclock.ringtone.RingtonePickerActivity`` (argument ``alarm``)
    "Alarm sound", "Navigate up"; ``ringtone_content`` of RadioButtons ``ringtone_title``
    (the sounds of ``data.SOUNDS``; a tap chooses at once).
``com.android.deskclock.worldclock.CitySelectionActivity``
    ``search_src_text`` (hint "Search for a city"), "Navigate up"; ``cities_list`` of
    ``city_row``s (``city_name``, ``city_time``; cities not added yet; a tap adds it and
    goes back); ``cities_empty`` "No results".
"""

from mobile_gym.sim.apps.clock.app import ClockApp
from mobile_gym.sim.apps.clock.data import CITIES, DATABASE, MAIN, PACKAGE, RINGTONES

__all__ = ["CITIES", "DATABASE", "MAIN", "PACKAGE", "RINGTONES", "ClockApp"]
