"""Scheduled wake-ups, as Android's AlarmManager serves them: an app asks to be woken at a
time on the virtual clock (``at_ms``, ms since 1970) under a key of its own, and the phone
calls its ``App.wake_up`` when the clock reaches that time, whatever app is in front.

Time passes in steps (input frames and waits); a step that crosses a wake-up's time stops
the clock exactly there, runs the wake-up, and goes on, so a wait of an hour wakes an alarm
at its minute, not at the end of the hour. Wake-ups due at the same moment run in order of
package and key. The pending wake-ups are plain data (kept in snapshots, dropped with an
app's data).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.apps.base import AppContext, ScreenState

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

MAX_WAKEUPS_PER_STEP = 64
"""How many wake-ups one step of time runs at most (an app that keeps scheduling itself in
the past cannot hang the phone)."""


class Wakeups:
    """Pending wake-ups: (package, key) -> when (ms since 1970)."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.pending: dict[tuple[str, str], int] = {}

    def boot(self) -> None:
        self.pending = {}

    def schedule(self, package: str, key: str, at_ms: int) -> None:
        """Wake ``package`` with ``key`` at ``at_ms`` (replacing its wake-up of that key)."""
        self.pending[(package, key)] = int(at_ms)

    def cancel(self, package: str, key: str) -> None:
        self.pending.pop((package, key), None)

    def cancel_all(self, package: str) -> None:
        """Drop every wake-up of ``package`` (its data was cleared)."""
        for found in [k for k in self.pending if k[0] == package]:
            del self.pending[found]

    def at(self, package: str, key: str) -> int | None:
        """When ``package``'s wake-up ``key`` is due, if one is scheduled."""
        return self.pending.get((package, key))

    def _next(self, until_ms: int) -> tuple[int, str, str] | None:
        due = [(at, pkg, key) for (pkg, key), at in self.pending.items() if at <= until_ms]
        return min(due) if due else None

    def pass_time(self, ms: int) -> None:
        """Move the clock on by ``ms``, running each wake-up at its time on the way
        (ValueError, and nothing done, if the clock cannot go that far: ``VirtualClock.later``)."""
        clock = self.phone.clock
        end = clock.later(ms)
        for _ in range(MAX_WAKEUPS_PER_STEP):
            found = self._next(end)
            if found is None:
                break
            at, package, key = found
            clock.advance(max(0, at - clock.stamp()))
            del self.pending[(package, key)]
            self._run(package, key)
        clock.advance(max(0, end - clock.stamp()))

    def _run(self, package: str, key: str) -> None:
        phone = self.phone
        app = phone.apps.get(package)
        if app is None:
            return
        stack = phone.activities.tasks.get(package)
        screen = stack[-1] if stack else ScreenState(app.main_activity)
        phone.log("android", "AlarmManager", f"Waking {package} key={key}")
        try:
            app.wake_up(AppContext(phone, app, screen), key)
        except Exception as failure:
            if not phone.crashes.handle(failure, package):
                raise
