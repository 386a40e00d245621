"""The Stopwatch tab: Start / Pause, Lap while running, Reset while paused; the time runs on
the virtual clock and the laps (``laps``: ``lap_ms``, ``total_ms``) are listed newest first.

State (``clock_state``): ``stopwatch_start`` (ms on the clock, running) and
``stopwatch_total`` (ms counted before the last start).
"""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock import store
from mobile_gym.sim.apps.clock.data import duration_text
from mobile_gym.sim.clock import next_tick
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

LAP_DP = 44


def stopwatch_running(ctx: AppContext) -> bool:
    return store.value(ctx, "stopwatch_start") is not None


def stopwatch_redraw_at(ctx: AppContext) -> int | None:
    """When a running stopwatch's hundredths next go up (None: it is not running)."""
    start = store.value(ctx, "stopwatch_start")
    if start is None:
        return None
    total = store.value(ctx, "stopwatch_total", 0) or 0
    return next_tick(ctx.phone.clock.epoch_ms, start - total, 10)


def _elapsed(ctx: AppContext) -> int:
    start = store.value(ctx, "stopwatch_start")
    total = store.value(ctx, "stopwatch_total", 0) or 0
    return total if start is None else total + ctx.phone.clock.epoch_ms - start


def stopwatch_tab(ctx: AppContext) -> View:
    """The Stopwatch tab's body."""
    running = stopwatch_running(ctx)
    elapsed = _elapsed(ctx)
    db = ctx.db()

    def start() -> None:
        store.put(ctx, stopwatch_start=ctx.phone.clock.stamp())
        ctx.log("Stopwatch started", tag="Stopwatch")

    def pause() -> None:
        store.put(ctx, stopwatch_start=None, stopwatch_total=elapsed)
        ctx.log(f"Stopwatch paused: {duration_text(elapsed, hundredths=True)}", tag="Stopwatch")

    def lap() -> None:
        row = db.execute("SELECT COALESCE(MAX(total_ms), 0) FROM laps").fetchone()
        db.execute("INSERT INTO laps(lap_ms, total_ms) VALUES (?, ?)", (elapsed - row[0], elapsed))
        ctx.log(f"Lap: {duration_text(elapsed - row[0], hundredths=True)}", tag="Stopwatch")

    def reset() -> None:
        store.put(ctx, stopwatch_start=None, stopwatch_total=None)
        db.execute("DELETE FROM laps")
        ctx.log("Stopwatch reset", tag="Stopwatch")

    laps = ctx.rows("SELECT _id, lap_ms, total_ms FROM laps ORDER BY _id DESC")

    def lap_row(index: int, row: tuple) -> View:
        return Row(
            TextView(f"# {len(laps) - index}", id="lap_number", size=15, width=0, weight=1),
            TextView(
                duration_text(row[1], hundredths=True), id="lap_time", size=15, width=0, weight=1
            ),
            TextView(
                duration_text(row[2], hundredths=True),
                id="lap_total",
                size=15,
                color="text_secondary",
            ),
            width=MATCH,
            height=LAP_DP,
            padding=(32, 0),
        )

    controls = [
        Button(
            "Pause" if running else "Start",
            id="stopwatch_play_pause",
            on_click=pause if running else start,
            margin=(8, 0),
        ),
    ]
    if running:
        controls.insert(0, Button("Lap", id="stopwatch_lap", on_click=lap, margin=(8, 0)))
    elif elapsed:
        controls.insert(0, Button("Reset", id="stopwatch_reset", on_click=reset, margin=(8, 0)))
    return Column(
        TextView(
            duration_text(elapsed, hundredths=True),
            id="stopwatch_time_text",
            size=56,
            align="center",
            width=MATCH,
            margin=(0, 40),
        ),
        Row(*controls, arrange="center", width=MATCH, margin=(0, 0, 0, 16)),
        ctx.scroller(
            "laps",
            items=laps,
            item_height=LAP_DP,
            render_item=lap_row,
            id="laps_list",
            height=0,
            weight=1,
        ),
        width=MATCH,
        height=0,
        weight=1,
    )
