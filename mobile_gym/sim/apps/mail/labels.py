"""The "Label as" dialog: a check box per label of the ``labels`` table, applied with OK; a
mail's labels not in the table stay, and OK without a change changes nothing."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mail import data
from mobile_gym.sim.apps.mail.data import Mail
from mobile_gym.sim.ui.widgets import CheckBox

_CHOSEN = "label_choice"
"""The screen-state key of the labels ticked in the open dialog (None: the mail's own)."""


def label_dialog(ctx: AppContext, mail: Mail) -> Handler:
    """The handler that opens "Label as" for ``mail``."""
    every = data.labels(ctx)

    def chosen() -> list[str]:
        picked = ctx.get(_CHOSEN)
        return list(mail.label_list if picked is None else picked)

    def flip(label: str) -> Callable[[bool], None]:
        def run(checked: bool) -> None:
            now = [name for name in chosen() if name != label]
            ctx.set(_CHOSEN, [*now, label] if checked else now)

        return run

    def body() -> list[CheckBox]:
        ticked = chosen()
        return [
            CheckBox(
                label,
                id="label_checkbox",
                checked=label in ticked,
                on_change=flip(label),
                size=16,
            )
            for label in every
        ]

    def apply() -> None:
        ticked = chosen()
        unlisted = [label for label in mail.label_list if label not in every]
        picked = [label for label in every if label in ticked] + unlisted
        ctx.pop(_CHOSEN)
        if set(picked) != set(mail.label_list):
            data.set_labels(ctx, mail.id, picked)

    show = ctx.dialog(
        "labels",
        "Label as",
        buttons=[("Cancel", lambda: ctx.pop(_CHOSEN)), ("OK", apply)],
        body=body,
    )

    def open_dialog() -> None:
        ctx.pop(_CHOSEN)
        show()

    return open_dialog
