"""A dialog that asks for one line of text (a title, a name, a password) and checks it."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.view import View

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


def prompt_dialog(
    ctx: AppContext,
    key: str,
    title: str,
    accept: Callable[[str], str | None],
    *,
    hint: str,
    id: str,
    input_type: str = "text",
    extra: Sequence[View] = (),
) -> Callable[[str], None]:
    """A dialog with a text field (resource id ``id``) and any ``extra`` views below it.

    OK (or ENTER in the field) hands ``accept`` the stripped text; it returns an error to
    toast, and the dialog stays open for a correction, or None (done). Returns the handler
    that opens the dialog with the field prefilled and focused.
    """
    field = key + "_text"

    def ok() -> bool:
        error = accept(ctx.field(field).strip())
        if error is not None:
            ctx.toast(error)
        return error is None

    def body() -> list[View]:  # made only while the dialog is open
        edit = ctx.edit(field, hint=hint, id=id, input_type=input_type, margin=(0, 16, 0, 0))
        return [edit, *extra]

    opener = ctx.dialog(key, title, buttons=[("Cancel", None), ("OK", ok)], body=body)

    def open_with(text: str) -> None:
        ctx.set_field(field, text)
        ctx.focus(field)
        opener()

    return open_with
