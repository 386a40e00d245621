"""A single-choice dialog: a list of radio buttons where tapping one chooses it and closes the
dialog (how Simple apps pick a setting such as a file extension), with a Cancel button."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
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

    def body() -> list[RadioButton]:  # made only while the dialog is open
        return [
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


def pending_choices(
    options: Iterable[tuple[str, str, str, str]],
    pending: Mapping[str, str],
    pick: Callable[[str, str], Callable[[bool], None]],
) -> list[RadioButton]:
    """The radio buttons of a dialog that sets several choices at once, applied by its OK
    button (a sort field and an order): one per option (the choice it sets, the value, its
    resource id and its label), checked when ``pending`` holds that value for that choice;
    tapping one calls ``pick(choice, value)``'s handler."""
    return [
        RadioButton(
            label,
            id=id,
            checked=pending[choice] == value,
            on_change=pick(choice, value),
            size=16,
            margin=(0, 4, 0, 0),
        )
        for choice, value, id, label in options
    ]
