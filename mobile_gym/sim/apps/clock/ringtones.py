"""The "Alarm sound" screen: the sounds to pick from for one alarm (argument ``alarm``);
tapping one chooses it at once, as the real picker does, and "Navigate up" goes back."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.clock import alarm_store
from mobile_gym.sim.apps.clock.data import SOUNDS, ringtone_title, ringtone_uri
from mobile_gym.sim.ui.composites import section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import RadioButton

ROW_DP = 52


def ringtone_screen(ctx: AppContext) -> View:
    alarm_id = int(ctx.args.get("alarm", 0))
    alarm = alarm_store.alarm(ctx, alarm_id)
    current = ringtone_title(alarm.ringtone) if alarm else ""

    def row(_index: int, title: str) -> View:
        def choose(_checked: bool) -> None:
            alarm_store.update(ctx, alarm_id, ringtone=ringtone_uri(title))

        return RadioButton(
            title,
            id="ringtone_title",
            checked=title == current,
            on_change=choose,
            size=16,
            height=ROW_DP,
            padding=(16, 0),
        )

    sounds = ctx.scroller(
        "sounds", items=SOUNDS, item_height=ROW_DP, render_item=row, id="ringtone_content"
    )
    return Column(
        ctx.up_bar("Alarm sound"),
        section_header("Device sounds"),
        sounds,
        width=MATCH,
        height=MATCH,
    )
