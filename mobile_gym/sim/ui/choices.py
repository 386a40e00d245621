"""Dialogs of radio buttons: one choice, where tapping a button chooses it and closes the
dialog (how Simple apps pick a setting such as a file extension), with a Cancel button; and
several choices set at once by an OK button (a sort field and its order)."""

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


Option = tuple[str, str, str, str]
"""A radio button of a dialog that sets several choices: the choice it sets, the value, its
resource id and its label."""


def choices_dialog(
    ctx: AppContext,
    chosen: Mapping[str, str],
    options: Callable[[Mapping[str, str]], Iterable[Option]],
    apply: Callable[[dict[str, str]], None],
    *,
    key: str = "sort",
    title: str = "Sort by",
    spacing: int = 4,
    gap: int = 0,
) -> Handler:
    """A dialog that sets several choices at once (a sort field and an order), applied by
    its OK button: a radio button per option of ``options(pending)``, checked when
    ``pending`` (the choices ``chosen``, with what was tapped since the dialog opened) holds
    its value for its choice. What is tapped is kept in the screen's state (``<key>_choice``)
    until OK hands ``apply`` every choice of ``chosen`` as picked, or Cancel forgets it; the
    dialog opens on ``chosen``, whatever was tapped before it was last closed. The buttons
    stand ``spacing`` dp apart, and ``gap`` dp more before the first of each choice but the
    first."""
    picked = f"{key}_choice"
    pending = {**chosen, **ctx.get(picked, {})}

    def pick(choice: str, value: str) -> Callable[[bool], None]:
        return lambda _checked: ctx.set(picked, {**pending, choice: value})

    def ok() -> None:
        tapped = ctx.pop(picked, {})
        apply({choice: tapped.get(choice, value) for choice, value in chosen.items()})

    def body() -> list[RadioButton]:  # made only while the dialog is open
        buttons, before = [], None
        for choice, value, id, label in options(pending):
            above = spacing + (gap if before not in (None, choice) else 0)
            buttons.append(
                RadioButton(
                    label,
                    id=id,
                    checked=pending[choice] == value,
                    on_change=pick(choice, value),
                    size=16,
                    margin=(0, above, 0, 0),
                )
            )
            before = choice
        return buttons

    show = ctx.dialog(
        key, title, buttons=[("Cancel", lambda: ctx.pop(picked)), ("OK", ok)], body=body
    )

    def open_dialog() -> None:
        ctx.pop(picked)
        show()

    return open_dialog
