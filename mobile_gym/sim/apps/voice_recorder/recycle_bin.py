"""Voice Recorder's recycle bin: the "Recycle Bin" tab listing deleted recordings, and the
settings' "Empty the recycle bin" row with its confirmation."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.voice_recorder.data import Recording, binned, clock_text
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import TextView

EMPTY = "The recycle bin is empty"


def recycle_bin_tab(ctx: AppContext) -> View:
    """The deleted recordings, the last deleted first, or a placeholder."""
    shown = binned(ctx)
    if not shown:
        return empty_state(EMPTY, id="recycle_bin_placeholder")

    def render(index: int, _: object) -> View:
        recording: Recording = shown[index]
        return Row(
            TextView(recording.filename, id="recycle_bin_title", size=16, width=0, weight=1),
            TextView(
                clock_text(recording.duration),
                id="recording_duration",
                size=14,
                color="text_secondary",
            ),
            id="recycle_bin_frame",
            padding=(16, 16),
            width=MATCH,
        )

    return Column(
        ctx.scroller("bin", items=shown, item_height=56, render_item=render, id="recycle_bin_list"),
        height=MATCH,
    )


def empty_bin_row(ctx: AppContext) -> View:
    """ "Empty the recycle bin" (how many recordings it holds): asks, then deletes them for
    good; with nothing in it, says so."""
    count = len(binned(ctx))

    def empty() -> None:
        ctx.db().execute("DELETE FROM recycle_bin")
        ctx.log(f"Recycle bin emptied: {count} items")

    confirm = ctx.dialog(
        "empty_bin",
        "Empty the recycle bin?",
        "Are you sure you want to empty the recycle bin? The files will be permanently lost.",
        buttons=[("No", None), ("Yes", empty)],
    )
    on_click: Handler = confirm if count else (lambda: ctx.toast(EMPTY))
    label = f"{count} {'recording' if count == 1 else 'recordings'}"
    return list_item(
        "Empty the recycle bin", label, on_click=on_click, id="settings_empty_recycle_bin_holder"
    )
