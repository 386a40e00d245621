"""The type of a number or an email in the contact editor: a button beside the field showing
its label; it opens a dialog of the standard labels and "Custom", which asks for a label of
one's own (the dialog "Custom label" with the field ``custom_label_input``)."""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.ui.choices import radio_dialog
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.widgets import TextView

CUSTOM = "Custom"
EMPTY_LABEL = "Label cannot be empty"


def chosen(ctx: AppContext, column: str, saved: str) -> str:
    """The label the editor holds for ``column`` (``phone_label`` / ``email_label``)."""
    return ctx.get(column, saved) or saved


def label_button(
    ctx: AppContext, column: str, id: str, labels: Sequence[str], saved: str
) -> TextView:
    """The button ``id`` showing the label of ``column``; tapping it picks another."""
    current = chosen(ctx, column, saved)

    def accept(text: str) -> str | None:
        if not text:
            return EMPTY_LABEL
        ctx.set(column, text)
        return None

    ask_custom = prompt_dialog(
        ctx, column + "_custom", "Custom label", accept, hint="Label", id="custom_label_input"
    )

    def choose(value: str) -> None:
        if value == CUSTOM:
            ask_custom("" if current in labels else current)  # prefilled with a custom one
        else:
            ctx.set(column, value)

    # "Custom" is never shown checked, so that a custom label can be chosen again to change it
    options = [(label, label) for label in (*labels, CUSTOM)]
    pick = radio_dialog(ctx, column, "Select type", options, current, choose)
    return TextView(
        current,
        id=id,
        size=15,
        color="accent",
        padding=(12, 14),
        on_click=pick,
    )
