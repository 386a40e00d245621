"""Notes' settings screen: font size, word count, where done checklist items go."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.notes import data
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Switch, TextView

FONT_SIZES = ("50", "75", "100", "125", "150", "175", "200", "250", "300")
SWITCHES = (
    ("show_word_count", "settings_show_word_count", "Show word count"),
    (
        "move_done_to_bottom",
        "settings_move_done_checklist_items",
        "Move done checklist items to the bottom",
    ),
)


def settings_screen(ctx: AppContext) -> View:
    prefs = data.prefs(ctx)
    font = prefs.get("font_size")

    def choose_font(size: str) -> None:
        if size != font:
            prefs.put("font_size", size)

    open_font = radio_dialog(
        ctx,
        "font_size",
        "Font size",
        [(size, f"{size}%") for size in FONT_SIZES],
        font,
        choose_font,
    )
    rows: list[View] = [
        section_header("Text"),
        list_item(
            "Font size",
            on_click=open_font,
            id="settings_font_size_holder",
            trailing=TextView(f"{font}%", id="settings_font_size", size=15, color="text_secondary"),
        ),
    ]
    for key, id, label in SWITCHES:
        on = prefs.flag(key)
        rows.append(
            Switch(
                label,
                id=id,
                checked=on,
                on_change=lambda checked, key=key: prefs.put(key, checked),
                size=16,
                padding=(16, 12),
                max_lines=2,
            )
        )
    return Column(
        ctx.up_bar("Settings"),
        ctx.scroller("settings", rows, id="settings_holder"),
        height=MATCH,
    )
