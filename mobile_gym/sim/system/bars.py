"""System bars: the status bar (clock, radios, battery) and the three-button navigation bar."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.ui.view import MATCH, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

SYSTEMUI = "com.android.systemui"
STATUS_BAR_DP = 28
NAV_BAR_DP = 48


def _indicator(icon: str, id: str, desc: str) -> View:
    return ImageView(icon, id=id, desc=desc, size=18, tint="on_bar", margin=(0, 0, 6, 0))


def status_bar(
    *,
    clock: str,
    wifi: bool,
    airplane: bool,
    bluetooth: bool,
    battery: int,
    notified: tuple[tuple[str, str], ...] = (),
) -> View:
    """The status bar; its icons follow the radio settings, and ``notified`` (icon, app
    label) of the apps with notifications posted shows beside the clock."""
    posted: list[View] = [
        ImageView(
            icon,
            id="notification_icon",
            desc=f"{label} notification",
            size=16,
            tint="on_bar",
            margin=(6, 0, 0, 0),
        )
        for icon, label in notified
    ]
    icons: list[View] = []
    if airplane:
        icons.append(_indicator("airplane", "airplane", "Airplane mode on"))
    if bluetooth:
        icons.append(_indicator("bluetooth", "bluetooth", "Bluetooth on"))
    if wifi:
        icons.append(_indicator("wifi", "wifi_signal", "Wi-Fi signal full."))
    icons.append(
        ImageView(
            "battery", id="battery", desc=f"Battery {battery} percent.", size=18, tint="on_bar"
        )
    )
    icons.append(
        TextView(
            f"{battery}%",
            id="battery_percentage_view",
            size=13,
            color="on_bar",
            margin=(2, 0, 0, 0),
        )
    )
    return Row(
        TextView(clock, id="clock", size=14, color="on_bar", bold=True),
        *posted,
        View(width=0, weight=1, height=1),
        *icons,
        id="status_bar",
        package=SYSTEMUI,
        height=STATUS_BAR_DP,
        padding=(16, 0),
        background="bar",
    )


def navigation_bar(press: Callable[[str], None]) -> View:
    """Back, Home and Overview buttons that press the matching keys."""

    def button(icon: str, desc: str, key: str, id: str) -> View:
        return ImageButton(
            icon,
            desc=desc,
            id=id,
            on_click=lambda: press(key),
            size=NAV_BAR_DP,
            width=0,
            weight=1,
            tint="on_bar",
        )

    return LinearLayout(
        orientation="horizontal",
        id="navigation_bar_frame",
        package=SYSTEMUI,
        width=MATCH,
        height=NAV_BAR_DP,
        background="bar",
        children=[
            button("triangle_back", "Back", "BACK", "back"),
            button("home", "Home", "HOME", "home"),
            button("recents", "Overview", "APP_SWITCH", "recent_apps"),
        ],
    )
