"""A single-choice dialog: a list of radio buttons where tapping one chooses it and closes the
dialog (how Simple apps pick a setting such as a file extension), with a Cancel button."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.composites import Handler
from mobile_gym.sim.ui.widgets import RadioButton

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


def radio_dialog(
    ctx: AppContext,
    key: str,
    title: str,
    options: Sequence[tuple[str, str]],
    current: str,
    on_choose: Callable[[str], None],
) -> Handler:
    """The dialog ``title`` offering ``options`` (value, label), ``current`` checked; returns
    the handler that opens it. Each radio button's id is ``<key>_<value>`` (in snake case);
    choosing one calls ``on_choose(value)`` and closes the dialog."""

    def choose(value: str) -> Callable[[bool], None]:
        def run(_checked: bool) -> None:
            ctx.pop("dialog:" + key)  # the flag ``AppContext.dialog`` shows the dialog by
            on_choose(value)

        return run

    body = [
        RadioButton(
            label,
            id=f"{key}_{value}".lower().replace(" ", "_").replace(".", "_"),
            checked=value == current,
            on_change=choose(value),
            size=16,
            margin=(0, 4, 0, 0),
        )
        for value, label in options
    ]
    return ctx.dialog(key, title, buttons=[("Cancel", None)], body=body)
