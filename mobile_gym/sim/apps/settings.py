"""Settings (``com.android.settings``): network, connected devices, display and about pages.

Every control writes the settings provider (``settings get`` sees it) and logs the change.
Airplane mode turns Wi-Fi and Bluetooth off, as Android does; dark theme recolours every app.

Display (``.Settings$DisplaySettingsActivity``): the brightness slider writes
``system/screen_brightness`` from 1 to 255 (Android's range; a touch at or past an end of
the slider gives that end), the dark theme switch ``secure/ui_night_mode`` (2 on, 1 off),
and "Display size and text" (``.Settings$TextReadingSettingsActivity``, see
:mod:`mobile_gym.sim.apps.settings_text`) ``system/font_scale`` and
``secure/display_density_forced``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.settings_text import text_reading_rows
from mobile_gym.sim.system.settings import SettingsStore
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import SeekBar, Switch, TextView

PACKAGE = "com.android.settings"
ANDROID_VERSION = "14"
BUILD_NUMBER = "UQ1A.240205.004"


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
    """Airplane mode turns Wi-Fi and Bluetooth off (whoever turned it on)."""
    if on:
        settings.put("global", "wifi_on", 0)
        settings.put("global", "bluetooth_on", 0)


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
        level = int(ctx.settings.get("system", "screen_brightness") or 128)

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
                    value=level - 1,
                    maximum=254,
                    on_change=lambda value: brightness(value + 1),
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
