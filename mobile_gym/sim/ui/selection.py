"""Selection mode of a list screen: a contextual action bar and the selected rows.

A long press on a row starts selection mode: the app bar turns into a contextual bar that
shows how many rows are selected, "Close selection", icon actions (``cab_<name>`` ids,
named by their content description) and a "More options" menu for the rest. Taps then
toggle rows; BACK, "Close selection" or unselecting the last row leaves selection mode.
"""

from __future__ import annotations

import posixpath
from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any

from mobile_gym.sim.ui.composites import Action, Handler, Toolbar, app_bar
from mobile_gym.sim.ui.view import Paint, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


def action_id(desc: str) -> str:
    """The resource id of a contextual action: ``cab_`` and its description in snake case."""
    return "cab_" + desc.lower().replace(" ", "_")


def chosen_files(paths: Sequence[str]) -> str:
    """What a confirmation calls the selected files: the one file's name in quotes, else how
    many items."""
    if len(paths) == 1:
        return f"\u201c{posixpath.basename(paths[0])}\u201d"
    return f"{len(paths)} items"


def selection_bar(
    title: str, *, on_close: Handler, actions: Sequence[Action] = (), on_overflow: Handler | None
) -> Toolbar:
    """The contextual action bar: "Close selection", ``title`` (the count), the actions."""
    children: list[View] = [
        ImageButton("close", desc="Close selection", on_click=on_close, id="cab_close"),
        TextView(title, id="toolbar_title", size=20, width=0, weight=1, margin=(4, 0, 0, 0)),
    ]
    for icon, desc, handler in actions:
        children.append(ImageButton(icon, desc=desc, on_click=handler, id=action_id(desc)))
    if on_overflow is not None:
        children.append(ImageButton("more", desc="More options", on_click=on_overflow))
    return app_bar(children)


def selection_badge(
    icon: str, chosen: bool, *, tint: Paint, background: Paint = None, id: str | None = None
) -> ImageView:
    """A row's round leading icon, which turns into a check mark while the row is selected."""
    return ImageView(
        "check" if chosen else icon,
        id=id,
        size=40,
        padding=8,
        tint="on_primary" if chosen else tint,
        background="primary" if chosen else background,
        radius=20,
        margin=(0, 0, 16, 0),
    )


class Selection:
    """The selected rows of the screen ``ctx`` shows, as a list of keys in its state."""

    def __init__(self, ctx: AppContext, key: str = "selected") -> None:
        self.ctx = ctx
        self.key = key

    @property
    def keys(self) -> list[Any]:
        """The selected rows' keys, in the order they were selected."""
        return list(self.ctx.get(self.key, []))

    @property
    def active(self) -> bool:
        return bool(self.ctx.get(self.key))

    def __contains__(self, item: Hashable) -> bool:
        return item in self.ctx.get(self.key, [])

    def start(self, item: Hashable) -> None:
        """Select ``item`` (a long press): selection mode starts, or the row is added."""
        if item not in self:
            self.ctx.set(self.key, [*self.keys, item])

    def toggle(self, item: Hashable) -> None:
        """Select or unselect ``item`` (a tap in selection mode); none left ends the mode."""
        keys = self.keys
        if item in keys:
            keys.remove(item)
        else:
            keys.append(item)
        self.set(keys)

    def set(self, items: Sequence[Hashable]) -> None:
        """Select exactly ``items`` (select all); an empty list ends selection mode."""
        if items:
            self.ctx.set(self.key, list(items))
        else:
            self.clear()

    def clear(self) -> None:
        self.ctx.pop(self.key)

    def close_on_back(self) -> bool:
        """What BACK does first: leave selection mode (True), or nothing when no row is
        selected."""
        if not self.active:
            return False
        self.clear()
        return True

    def title(self, total: int) -> str:
        """``N / total``: how the contextual bar counts the selection."""
        return f"{len(self.keys)} / {total}"
