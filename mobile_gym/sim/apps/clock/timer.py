"""The Timer tab: a keypad to type a length (``hhmmss`` as on the real app: digits fill
from the right), Start; while set, the time left counting down on the virtual clock, Pause
/ Resume, "+1:00" and Delete; at zero, "Time's up" rings until stopped (in place of the
tab on show, whichever it is: ``app.main_screen``).

State (``clock_state``): ``timer_length`` (ms), ``timer_end`` (ms on the clock, running)
or ``timer_left`` (ms, paused). The digits typed so far live in the screen's state. A
running timer has the Clock woken at its end (``phone.wakeups``, key ``timer``).
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.clock import store
from mobile_gym.sim.apps.clock.data import PACKAGE, TIMER_NOTIFICATION, duration_text
from mobile_gym.sim.clock import next_tick
from mobile_gym.sim.ui.grid import grid
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView

MAX_DIGITS = 6
WAKEUP = "timer"
"""The key of the Clock's wake-up for a running timer."""


def timer_redraw_at(ctx: AppContext) -> int | None:
    """When a running timer's seconds left next go down, or it reaches zero (None: it is not
    running)."""
    end = store.value(ctx, "timer_end")
    return None if end is None else next_tick(ctx.phone.clock.epoch_ms, end, 1000)


def timer_due(ctx: AppContext) -> bool:
    """Whether a running timer has reached zero."""
    end = store.value(ctx, "timer_end")
    return end is not None and end <= ctx.phone.clock.epoch_ms


def _put(ctx: AppContext, **values: int | None) -> None:
    """Store the timer's state and ask to be woken at its end (none while it is paused or
    deleted; its notification then goes)."""
    store.put(ctx, **values)
    end = store.value(ctx, "timer_end")
    phone = ctx.phone
    if end is not None and end > phone.clock.stamp():
        phone.wakeups.schedule(PACKAGE, WAKEUP, end)
    else:
        phone.wakeups.cancel(PACKAGE, WAKEUP)
    if end is None or end > phone.clock.stamp():
        phone.notifications.cancel(PACKAGE, TIMER_NOTIFICATION)


def _typed_ms(digits: str) -> int:
    padded = digits.rjust(MAX_DIGITS, "0")
    hours, minutes, seconds = int(padded[:2]), int(padded[2:4]), int(padded[4:])
    return ((hours * 60 + minutes) * 60 + seconds) * 1000


def stop_timer(ctx: AppContext) -> None:
    """Delete the timer (stopping its ring)."""
    _put(ctx, timer_end=None, timer_left=None, timer_length=None)
    ctx.log("Timer deleted", tag="Timer")


def _keypad(ctx: AppContext) -> View:
    digits = ctx.get("digits", "")

    def press(key: str) -> Handler:
        def run() -> None:
            if key == "del":
                ctx.set("digits", digits[:-1])
            elif len(digits) < MAX_DIGITS and (digits or key != "0"):
                ctx.set("digits", digits + key)

        return run

    def start() -> None:
        length = _typed_ms(digits)
        now = ctx.phone.clock.stamp()
        _put(ctx, timer_length=length, timer_end=now + length, timer_left=None)
        ctx.pop("digits")
        ctx.log(f"Timer started: {length // 1000} s", tag="Timer")

    padded = digits.rjust(MAX_DIGITS, "0")
    shown = f"{padded[:2]}h {padded[2:4]}m {padded[4:]}s"
    keys: list[View] = [
        TextView(k, id=f"timer_key_{k}", size=28, align="center", height=64, on_click=press(k))
        for k in "123456789"
    ]
    keys += [
        View(height=64),
        TextView("0", id="timer_key_0", size=28, align="center", height=64, on_click=press("0")),
        ImageButton("backspace", desc="Delete", id="timer_delete", on_click=press("del")),
    ]
    start_button = Button(
        "Start",
        id="timer_start",
        on_click=start if digits else None,
        enabled=bool(digits),
        gravity="center",
        margin=(0, 16),
    )
    return Column(
        TextView(
            shown, id="timer_setup_time", size=40, align="center", width=MATCH, margin=(0, 24)
        ),
        *grid(keys, 3),
        start_button,
        width=MATCH,
        height=0,
        weight=1,
    )


def _countdown(ctx: AppContext, end: int | None, left: int | None) -> View:
    now = ctx.phone.clock.epoch_ms
    remaining = end - now if end is not None else left or 0
    running = end is not None

    def pause() -> None:
        _put(ctx, timer_end=None, timer_left=max(0, remaining))
        ctx.log("Timer paused", tag="Timer")

    def resume() -> None:
        _put(ctx, timer_end=ctx.phone.clock.stamp() + remaining, timer_left=None)
        ctx.log("Timer resumed", tag="Timer")

    def add_minute() -> None:
        if running:
            _put(ctx, timer_end=(end or 0) + 60_000)
        else:
            _put(ctx, timer_left=remaining + 60_000)

    rounded = -(-remaining // 1000) * 1000
    return Column(
        TextView(
            duration_text(rounded),
            id="timer_text_time",
            size=56,
            align="center",
            width=MATCH,
            margin=(0, 48),
        ),
        Row(
            Button("+1:00", id="timer_add_time", on_click=add_minute, margin=(8, 0)),
            Button(
                "Pause" if running else "Resume",
                id="timer_play_pause",
                on_click=pause if running else resume,
                margin=(8, 0),
            ),
            Button(
                "Delete", id="timer_delete_button", on_click=lambda: stop_timer(ctx), margin=(8, 0)
            ),
            arrange="center",
            width=MATCH,
        ),
        width=MATCH,
        height=0,
        weight=1,
    )


def timer_tab(ctx: AppContext) -> View:
    """The Timer tab's body."""
    end, left = store.value(ctx, "timer_end"), store.value(ctx, "timer_left")
    if end is None and left is None:
        return _keypad(ctx)
    return _countdown(ctx, end, left)
