"""A field's whole text selected: a rename dialog's prefilled name, or "Select all".

``select_all`` marks a field's text (bound by ``AppContext.edit``) as selected; while it is,
the field is painted highlighted, the first text typed replaces the whole text (cut at the
field's ``max_length`` on its own) and the first delete clears it (``EditText.all_selected``;
a tap in the field first keeps it, so typing into it still replaces). Either ends the
selection, as do ``deselect`` (Contacts' editor deselects on a tap, as Android's does) and
closing the screen state that holds it. ``AppContext.edit`` applies it
(``apply_selection``) to every field it makes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mobile_gym.sim.ui.widgets import EditText

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext

_FLAG = "selected_text:"


def select_all(ctx: AppContext, field_key: str) -> None:
    """Mark the text of field ``field_key`` as selected (call it when prefilling the field)."""
    ctx.set(_FLAG + field_key, True)


def deselect(ctx: AppContext, field_key: str) -> None:
    """End the selection of field ``field_key``'s text, if it has one."""
    ctx.pop(_FLAG + field_key)


def apply_selection(ctx: AppContext, field: EditText) -> EditText:
    """``field`` (made by ``ctx.edit``) with its selection's behaviour, if it has one."""
    key = field.field_key
    if key is None:
        raise ValueError("apply_selection needs a field made by AppContext.edit")
    if not ctx.get(_FLAG + key):
        return field
    change = field.on_change

    def replace(new: str) -> None:
        ctx.pop(_FLAG + key)
        change(new)

    field.on_change = replace
    field.all_selected = True
    field.background = "surface_variant"
    return field
