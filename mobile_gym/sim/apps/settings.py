"""Settings (``com.android.settings``): network, connected devices, display and about pages.

Every control writes the settings provider (``settings get`` sees it) and logs the change.
Dark theme recolours every app.

Airplane mode turns Wi-Fi and Bluetooth off and turning it off turns back on those it
turned off, as Android does, remembering them in the radios' own settings:
``global/wifi_on`` goes from 1 to 3 (Android's ``WIFI_DISABLED_AIRPLANE_ON``) and
``global/bluetooth_on`` from 1 to 2 (``BLUETOOTH_ON_AIRPLANE``) while airplane mode is on,
and back to 1 when it goes off; a radio that was off stays 0.

Display (``.Settings$DisplaySettingsActivity``): the brightness slider writes
``system/screen_brightness`` from 1 to 255 (Android's range; a touch at or past an end of
the slider gives that end) and shows the stored level the same way: a number past an end
reads as that end, and one that is not a whole number as the default, 128 (Android 14's
settings provider takes any text for this setting, as ``settings put`` does here). The dark
theme switch writes ``secure/ui_night_mode`` (2 on, 1 off), and "Display size and text"
(``.Settings$TextReadingSettingsActivity``, see :mod:`mobile_gym.sim.apps.settings_text`)
``system/font_scale`` and ``secure/display_density_forced``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.settings_text import text_reading_rows
from mobile_gym.sim.system.java_numbers import java_int
from mobile_gym.sim.system.settings import SettingsStore
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import SeekBar, Switch, TextView

PACKAGE = "com.android.settings"
ANDROID_VERSION = "14"
BUILD_NUMBER = "UQ1A.240205.004"
BRIGHTNESS_RANGE = (1, 255)
"""The brightness slider's ends (``system/screen_brightness``)."""
DEFAULT_BRIGHTNESS = 128
"""The brightness read where ``system/screen_brightness`` is unset or not a whole number."""
AIRPLANE_RADIOS: dict[str, str] = {"wifi_on": "3", "bluetooth_on": "2"}
"""The global settings of the radios airplane mode turns off, each with the value Android
keeps in it while airplane mode has it off (``WIFI_DISABLED_AIRPLANE_ON``,
``BLUETOOTH_ON_AIRPLANE``): airplane mode going off turns those back on."""


def current_brightness(settings: SettingsStore) -> int:
    """``system/screen_brightness`` on the slider's scale: a number past either end reads as
    that end, an unset or unreadable one as :data:`DEFAULT_BRIGHTNESS`."""
    level = java_int(settings.get("system", "screen_brightness"))
    low, high = BRIGHTNESS_RANGE
    return DEFAULT_BRIGHTNESS if level is None else min(max(level, low), high)


def _summary(id: str, text: str) -> TextView:
    """The grey line under a switch that says what it is doing."""
    return TextView(
        text, id=id, size=14, color="text_secondary", padding=(16, 0, 16, 8), width=MATCH
    )


def _setting_switch(
    ctx: AppContext,
    id: str,
    label: str,
    namespace: str,
    key: str,
    checked: bool,
    enabled: bool,
    on_change: Callable[[AppContext, bool], None] | None,
) -> Switch:
    def change(value: bool) -> None:
        ctx.settings.put(namespace, key, int(value))
        ctx.log(f"{label} turned {'on' if value else 'off'}", tag="SettingsActivity")
        if on_change is not None:
            on_change(ctx, value)

    return Switch(
        label,
        id=id,
        checked=checked,
        on_change=change,
        enabled=enabled,
        size=17,
        padding=(16, 16),
    )


def airplane_mode_changed(settings: SettingsStore, on: bool) -> None:
    """Airplane mode (whoever turned it on or off) turns the radios that are on off, marking
    them (:data:`AIRPLANE_RADIOS`); going off, it turns the marked ones back on."""
    for key, turned_off in AIRPLANE_RADIOS.items():
        before, after = ("1", turned_off) if on else (turned_off, "1")
        if settings.get("global", key) == before:
            settings.put("global", key, after)


def _airplane_changed(ctx: AppContext, on: bool) -> None:
    airplane_mode_changed(ctx.settings, on)


class SettingsApp(App):
    """The system Settings app."""

    package = PACKAGE
    label = "Settings"
    icon = "settings"
    color = (95, 99, 104)
    main_activity = ".Settings"
    screens: ClassVar[dict[str, str]] = {
        ".Settings": "main",
        ".Settings$NetworkDashboardActivity": "network",
        ".Settings$ConnectedDeviceDashboardActivity": "connected",
        ".Settings$DisplaySettingsActivity": "display",
        ".Settings$TextReadingSettingsActivity": "text_reading",
        ".Settings$MyDeviceInfoActivity": "about",
    }

    # helpers ------------------------------------------------------------------------------
    def _page(self, ctx: AppContext, title: str, rows: list[View]) -> View:
        return Column(
            ctx.up_bar(title),
            ctx.scroller("page", rows, id="recycler_view"),
            height=MATCH,
        )

    def _switch(
        self,
        ctx: AppContext,
        id: str,
        label: str,
        namespace: str,
        key: str,
        on_change: Callable[[AppContext, bool], None] | None = None,
        enabled: bool = True,
    ) -> View:
        """A switch bound to setting ``namespace``/``key``."""
        checked = ctx.settings.flag(namespace, key)
        return _setting_switch(ctx, id, label, namespace, key, checked, enabled, on_change)

    # screens ------------------------------------------------------------------------------
    def main(self, ctx: AppContext) -> View:
        s = ctx.settings
        wifi = "Off" if not s.flag("global", "wifi_on") else "AndroidWifi"
        rows = [
            list_item(
                "Network & internet",
                f"Wi-Fi: {wifi}",
                icon="wifi",
                id="network",
                on_click=lambda: ctx.open(".Settings$NetworkDashboardActivity"),
            ),
            list_item(
                "Connected devices",
                "Bluetooth" + (" on" if s.flag("global", "bluetooth_on") else " off"),
                icon="bluetooth",
                id="connected_devices",
                on_click=lambda: ctx.open(".Settings$ConnectedDeviceDashboardActivity"),
            ),
            list_item(
                "Display",
                "Dark theme, brightness",
                icon="brightness",
                id="display",
                on_click=lambda: ctx.open(".Settings$DisplaySettingsActivity"),
            ),
            list_item(
                "About phone",
                s.get("global", "device_name") or "",
                icon="info",
                id="about_phone",
                on_click=lambda: ctx.open(".Settings$MyDeviceInfoActivity"),
            ),
        ]
        return Column(
            TextView(
                "Settings", id="homepage_title", size=32, width=MATCH, padding=(24, 24, 24, 16)
            ),
            ctx.scroller("main", rows, id="recycler_view"),
            height=MATCH,
        )

    def network(self, ctx: AppContext) -> View:
        airplane_on = ctx.settings.flag("global", "airplane_mode_on")
        wifi = self._switch(
            ctx, "wifi_switch", "Wi-Fi", "global", "wifi_on", enabled=not airplane_on
        )
        return self._page(
            ctx,
            "Network & internet",
            [
                wifi,
                _summary(
                    "wifi_summary",
                    "Connected to AndroidWifi"
                    if ctx.settings.flag("global", "wifi_on")
                    else "Wi-Fi is off",
                ),
                self._switch(
                    ctx,
                    "airplane_mode_switch",
                    "Airplane mode",
                    "global",
                    "airplane_mode_on",
                    _airplane_changed,
                ),
                self._switch(ctx, "mobile_data_switch", "Mobile data", "global", "mobile_data"),
            ],
        )

    def connected(self, ctx: AppContext) -> View:
        bluetooth = self._switch(
            ctx,
            "bluetooth_switch",
            "Bluetooth",
            "global",
            "bluetooth_on",
            enabled=not ctx.settings.flag("global", "airplane_mode_on"),
        )
        return self._page(
            ctx,
            "Connected devices",
            [
                bluetooth,
                _summary(
                    "device_name",
                    f"Device name: {ctx.settings.get('global', 'device_name')}",
                ),
            ],
        )

    def display(self, ctx: AppContext) -> View:
        level = current_brightness(ctx.settings)
        low, high = BRIGHTNESS_RANGE

        def brightness(value: int) -> None:
            ctx.settings.put("system", "screen_brightness", value)
            ctx.log(f"Brightness set to {value}", tag="SettingsActivity")

        def dark(on: bool) -> None:
            ctx.settings.put("secure", "ui_night_mode", 2 if on else 1)
            ctx.log(f"Dark theme turned {'on' if on else 'off'}", tag="SettingsActivity")

        return self._page(
            ctx,
            "Display",
            [
                section_header("Brightness"),
                TextView(
                    f"Brightness level {round(level * 100 / 255)}%",
                    id="brightness_summary",
                    size=16,
                    padding=(16, 8),
                    width=MATCH,
                ),
                SeekBar(  # 1 to 255: the slider's 0 is brightness 1
                    value=level - low,
                    maximum=high - low,
                    on_change=lambda value: brightness(value + low),
                    id="brightness_seekbar",
                    desc="Brightness level",
                ),
                section_header("Appearance"),
                Switch(
                    "Dark theme",
                    id="dark_theme_switch",
                    checked=ctx.settings.get("secure", "ui_night_mode") == "2",
                    on_change=dark,
                    size=17,
                    padding=(16, 16),
                ),
                list_item(
                    "Display size and text",
                    "Font size, display size",
                    id="display_size_and_text",
                    on_click=lambda: ctx.open(".Settings$TextReadingSettingsActivity"),
                ),
            ],
        )

    def text_reading(self, ctx: AppContext) -> View:
        return self._page(ctx, "Display size and text", text_reading_rows(ctx))

    def about(self, ctx: AppContext) -> View:
        d = ctx.phone.display
        facts = [
            ("Device name", ctx.settings.get("global", "device_name") or ""),
            ("Model", d.model),
            ("Android version", ANDROID_VERSION),
            ("Build number", BUILD_NUMBER),
            ("Screen", f"{d.width} x {d.height} px, {d.dpi} dpi"),
        ]
        return self._page(
            ctx, "About phone", [list_item(k, v, id=f"about_{i}") for i, (k, v) in enumerate(facts)]
        )
