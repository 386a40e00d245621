"""What the Clock does when the phone wakes it: a due alarm or a timer at zero rings over
whatever app is in front (a full-screen activity, as Android's full-screen intent shows it)
and posts a notification; answering the ring closes that screen and brings back the app
that was in front.

``AlarmActivity`` shows the ringing alarm (Snooze / Dismiss), ``ExpiredTimersActivity``
the timer's "Time's up" (Stop); each closes itself once nothing rings. While the Clock's
own main screen is in front, the ring shows there instead (``app.main_screen``).
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock import alarm_store
from mobile_gym.sim.apps.clock.data import (
    ALARM_ALERT,
    ALARM_NOTIFICATION,
    MAIN,
    PACKAGE,
    TIMER_ALERT,
    TIMER_NOTIFICATION,
)
from mobile_gym.sim.apps.clock.ringing import alarm_ringing, timer_ringing
from mobile_gym.sim.apps.clock.timer import WAKEUP as TIMER_WAKEUP
from mobile_gym.sim.apps.clock.timer import stop_timer, timer_due
from mobile_gym.sim.ui.view import View


def _ring_over(ctx: AppContext, activity: str) -> None:
    """Show ``activity`` over the app in front (not over the Clock's main screen or a ring
    already on show)."""
    phone = ctx.phone
    front = phone.foreground
    if front[0] == PACKAGE and front[1] in (MAIN, activity):
        return
    phone.start_activity(PACKAGE, activity, over=front[0])


def wake_up(ctx: AppContext, key: str) -> None:
    """The Clock's wake-up ``key`` is due: ring what is due, and schedule the next one."""
    notifications = ctx.phone.notifications
    if key == alarm_store.WAKEUP:
        ring = alarm_store.ringing(ctx)
        if ring is not None:
            ctx.log(f"Alarm ringing: id={ring.id}", tag="AlarmClock")
            notifications.post(PACKAGE, ALARM_NOTIFICATION, ring.label or "Alarm", ring.time_text)
            _ring_over(ctx, ALARM_ALERT)
        alarm_store.schedule_next(ctx)
    elif key == TIMER_WAKEUP and timer_due(ctx):
        ctx.log("Timer expired", tag="Timer")
        notifications.post(PACKAGE, TIMER_NOTIFICATION, "Timer", "Time's up", MAIN, tab="Timer")
        _ring_over(ctx, TIMER_ALERT)


def _leave(ctx: AppContext) -> View:
    """Nothing rings any more: close this screen and bring back the app it showed over."""
    over = ctx.args.get("over")
    phone = ctx.phone
    ctx.finish()
    if over and over != PACKAGE and phone.tasks.get(over):
        phone.activities.to_front(over)
    return View()


def alarm_alert(ctx: AppContext) -> View:
    """``AlarmActivity``: the ringing alarm, until it is answered or falls silent."""
    ring = alarm_store.ringing(ctx)
    return _leave(ctx) if ring is None else alarm_ringing(ctx, ring, lambda: _leave(ctx))


def timer_alert(ctx: AppContext) -> View:
    """``ExpiredTimersActivity``: "Time's up" until the timer is stopped."""
    if not timer_due(ctx):
        return _leave(ctx)

    def stop() -> None:
        stop_timer(ctx)
        _leave(ctx)

    return timer_ringing(stop)
