"""SMS Messenger's Settings page: the font size of messages and the blocked numbers."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import MATCH, Column, View


def font_size(ctx: AppContext) -> int:
    """The text size (sp) of message bodies, as the font size setting asks."""
    chosen = data.prefs(ctx).get("font_size")
    return next(size for value, _label, size in data.FONT_SIZES if value == chosen)


def settings_screen(ctx: AppContext) -> View:
    prefs = data.prefs(ctx)
    current = prefs.get("font_size")
    label = next(label for value, label, _size in data.FONT_SIZES if value == current)

    def choose(value: str) -> None:
        if value != current:
            prefs.put("font_size", value)

    pick = radio_dialog(
        ctx,
        "font_size",
        "Font size",
        [(value, label) for value, label, _size in data.FONT_SIZES],
        current,
        choose,
    )
    rows: list[View] = [
        list_item(
            "Font size",
            label,
            on_click=pick,
            id="settings_font_size_holder",
            subtitle_id="settings_font_size",
        ),
        list_item(
            "Manage blocked numbers",
            on_click=lambda: ctx.open(data.BLOCKED),
            id="settings_manage_blocked_numbers_holder",
        ),
    ]
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller("settings", rows, id="settings_scrollview"),
        height=MATCH,
    )
