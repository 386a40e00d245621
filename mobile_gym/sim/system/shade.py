"""The notification shade: what a drag down from the top edge of the screen pulls over it.

A list of the posted notifications, newest first (``notification_stack_scroller`` of
``expandableNotificationRow``s with ``app_name_text``, ``time``, ``title`` and ``text``),
"Clear all" (``clear_all``) below them, or "No notifications"; the list scrolls when it
is longer than the screen. A tap on a row opens its app's screen and removes it; a
sideways swipe on a row dismisses it; a swipe up, or BACK, closes the shade. A drag up on
the list scrolls it while it can: a swipe up closes the shade when it starts off the list,
or finds the list at its end (or shorter than the screen). Its nodes belong to
``com.android.systemui`` as on a device.
"""

from __future__ import annotations

import datetime as dt
from itertools import pairwise
from typing import TYPE_CHECKING

from mobile_gym.sim.system.bars import STATUS_BAR_DP, SYSTEMUI
from mobile_gym.sim.system.notifications import Notification
from mobile_gym.sim.ui.dates import from_epoch_ms
from mobile_gym.sim.ui.scroll import ScrollPosition, ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.phone import Phone

ROW_ID = "expandableNotificationRow"


def _time_text(when: dt.datetime) -> str:
    hour = when.hour % 12 or 12
    return f"{hour}:{when.minute:02d} {'AM' if when.hour < 12 else 'PM'}"


def _row(phone: Phone, notification: Notification) -> View:
    app = phone.apps.get(notification.package)
    label = app.label if app is not None else notification.package
    icon = app.icon if app is not None else "bell"
    return Column(
        Row(
            ImageView(icon, size=16, tint="primary", margin=(0, 0, 6, 0)),
            TextView(label, id="app_name_text", size=12, color="text_secondary"),
            TextView(
                _time_text(from_epoch_ms(notification.when_ms)),
                id="time",
                size=12,
                color="text_secondary",
                margin=(8, 0, 0, 0),
            ),
            width=MATCH,
        ),
        TextView(notification.title, id="title", size=15, bold=True, width=MATCH),
        TextView(notification.text, id="text", size=14, max_lines=2, width=MATCH),
        id=ROW_ID,
        desc=f"{label} notification: {notification.title}",
        width=MATCH,
        padding=(16, 12),
        margin=(8, 4),
        radius=16,
        background="surface",
        on_click=lambda: phone.notifications.tap(notification),
    )


def shade(phone: Phone) -> View:
    """The shade's window, over the whole screen above the navigation bar."""
    shown = phone.notifications.active()
    rows: list[View] = [_row(phone, n) for n in shown]
    if shown:
        rows.append(
            Button(
                "Clear all",
                id="clear_all",
                on_click=phone.notifications.clear_all,
                gravity="end",
                margin=(16, 8),
            )
        )
    else:
        rows.append(
            TextView(
                "No notifications",
                id="no_notifications",
                align="center",
                width=MATCH,
                margin=(0, 24),
            )
        )
    return Column(
        _stack_scroller(phone, rows),
        id="notification_panel",
        package=SYSTEMUI,
        width=MATCH,
        height=MATCH,
        padding=(0, 36, 0, 0),
        background="background",
        blocks_touch=True,
    )


def _stack_scroller(phone: Phone, rows: list[View]) -> ScrollView:
    """The scrolling list of ``rows``. It shows its top each time the shade is built (the
    shade opens, what it lists changes, the phone's state is restored): where it is
    scrolled is kept by this build's list alone, which no later build takes for its own."""
    offset = [0]
    position = ScrollPosition(
        phone.deps,
        ("notification_stack_scroller", object()),  # equal to no other build's position
        lambda: offset[0],
        lambda moved: offset.__setitem__(0, moved),
    )
    return ScrollView(
        position=position, children=rows, id="notification_stack_scroller", width=MATCH
    )


def shade_swipe(phone: Phone, path: list[View], y: float, direction: str) -> bool:
    """A swipe the shade takes (True): down from the status bar opens it; while it shows,
    up closes it and sideways on a row dismisses that notification."""
    notifications = phone.notifications
    if not notifications.shade_open:
        if direction == "down" and y < phone.display.dp(STATUS_BAR_DP):
            notifications.open_shade()
            return True
        return False
    if direction == "up":
        notifications.close_shade()
    elif direction in ("left", "right"):
        for parent, node in pairwise(path):
            if node.id == ROW_ID:
                rows = [child for child in parent.children if child.id == ROW_ID]
                shown = notifications.active()
                notifications.dismiss(shown[rows.index(node)])
                break
    return True
