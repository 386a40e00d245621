"""System services of the simulated phone: toasts, the battery, the log, the theme.

The clock, the settings provider, the storage and the log buffer are the phone's own
objects; this part posts toasts (and lets them go as virtual time passes), writes log
lines as an app's process, and reports what the system bar and the theme read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from mobile_gym.sim.activities import SYSTEM_PID
from mobile_gym.sim.system.logcat import LogEntry
from mobile_gym.sim.ui.theme import DARK, LIGHT, Theme

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

TOAST_MS = 2000
"""How long a toast shows (virtual ms)."""
TOASTS = ("phone", "toasts")
"""The key under which the toast on screen is read and changed."""
BATTERY = ("phone", "battery")
"""The key under which the battery level is read and changed."""
BOOT_BATTERY_LEVEL = 85
"""The battery level (percent) the phone boots with."""
BOOT_CHARGER = "usb"
CHARGERS = ("ac", "usb", "wireless", "dock")
"""The power sources a phone charges from (``dumpsys battery``'s names)."""
CHARGING, DISCHARGING, FULL = 2, 3, 5
"""``BatteryManager`` status codes."""


@dataclass
class Toast:
    """A toast on screen: its text, the app that posted it, and when it goes (virtual ms)."""

    text: str
    package: str
    until_ms: int


class Services:
    """Toasts, the battery level and the log, as the system serves them to apps."""

    def __init__(self, phone: Phone) -> None:
        self.phone = phone
        self.toasts: list[Toast] = []
        self.battery = BOOT_BATTERY_LEVEL
        self.charger: str | None = BOOT_CHARGER
        """The power source it charges from (one of ``CHARGERS``), None when unplugged."""

    def boot(self) -> None:
        self.toasts = []
        self.phone.deps.changed(TOASTS)
        self.set_battery(BOOT_BATTERY_LEVEL, BOOT_CHARGER)

    # toasts --------------------------------------------------------------------------------
    def toast(self, text: str, package: str) -> None:
        """Show ``text`` for ``TOAST_MS`` (the same toast shown again stays longer)."""
        shown = self.toasts[-1] if self.toasts else None
        self.toasts = [Toast(text, package, self.phone.clock.elapsed_ms + TOAST_MS)]
        if shown is None or (shown.text, shown.package) != (text, package):
            self.phone.deps.changed(TOASTS)

    def shown_toast(self) -> Toast | None:
        """The toast on screen, if any."""
        self.phone.deps.read(TOASTS)
        return self.toasts[-1] if self.toasts else None

    def time_passed(self) -> None:
        """Let a toast whose time is up go."""
        if self.toasts and self.toasts[-1].until_ms <= self.phone.clock.elapsed_ms:
            self.clear_toasts()

    def clear_toasts(self) -> None:
        if self.toasts:
            self.toasts = []
            self.phone.deps.changed(TOASTS)

    # battery and theme -----------------------------------------------------------------------
    def battery_level(self) -> int:
        self.phone.deps.read(BATTERY)
        return self.battery

    def battery_status(self) -> int:
        """``BatteryManager``'s status: charging on a charger below 100 %, full on a
        charger at 100 %, discharging unplugged."""
        if self.charger is None:
            return DISCHARGING
        return FULL if self.battery == 100 else CHARGING

    def set_battery(self, level: int, charger: str | None) -> None:
        """Set the battery's level (percent, 0 to 100) and the power source it charges from
        (one of ``CHARGERS``; None: unplugged), as ``dumpsys battery set`` does."""
        if not 0 <= level <= 100:
            raise ValueError(f"battery level must be 0..100, got {level}")
        if charger is not None and charger not in CHARGERS:
            raise ValueError(
                f"charger must be one of {', '.join(CHARGERS)} or None, got {charger!r}"
            )
        self.battery, self.charger = level, charger
        self.phone.deps.changed(BATTERY)

    @property
    def theme(self) -> Theme:
        """The dark theme while ``secure/ui_night_mode`` is 2, else the light one."""
        return DARK if self.phone.settings.get("secure", "ui_night_mode") == "2" else LIGHT

    # the log -------------------------------------------------------------------------------
    def log(self, package: str, tag: str, message: str, priority: str = "I") -> LogEntry:
        """Write a logcat line as ``package``'s process."""
        phone = self.phone
        pid = phone.activities.pids.get(package, SYSTEM_PID)
        return phone.logcat.write(phone.clock.stamp(), pid, priority, tag, message)
