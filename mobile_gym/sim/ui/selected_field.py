"""A text field that opens with its whole text selected, as a rename dialog does on Android:
the first text typed replaces the selection, the first delete clears it, and from then on it
edits like any field.

Whether the text is still selected lives in the caller's state: pass it as ``selected`` and
clear it in ``on_unselect`` (for instance with ``AppContext.edit(..., cls=SelectedField,
selected=..., on_unselect=...)``).
"""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.ui.widgets import EditText


class SelectedField(EditText):
    """An ``EditText`` whose text is selected (highlighted) until the first edit."""

    __slots__ = ("on_unselect", "text_selected")

    def __init__(
        self,
        value: str = "",
        *,
        selected: bool,
        on_unselect: Callable[[], None],
        **kwargs,
    ) -> None:
        super().__init__(value, **kwargs)
        self.text_selected = selected and bool(value)
        self.on_unselect = on_unselect
        if self.text_selected:
            self.background = "surface_variant"

    def insert(self, typed: str) -> None:
        if not self.text_selected:
            super().insert(typed)
            return
        self.text_selected = False
        self.on_unselect()
        self.on_change(self.accept(typed)[: self.max_length])

    def delete_back(self) -> None:
        if not self.text_selected:
            super().delete_back()
            return
        self.text_selected = False
        self.on_unselect()
        self.on_change("")
