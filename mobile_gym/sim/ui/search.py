"""Search mode of a list screen: a toolbar holding the query field, its state in the screen.

A list screen shows its normal toolbar with a "Search" action; the action opens the search
bar ("Close search", the query field, "Clear query" while it has text) and the list filters
by the query. BACK or "Close search" leaves search mode and forgets the query.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.composites import Action, Handler, Toolbar, app_bar, toolbar
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


class Search:
    """The search mode of the screen ``ctx`` shows: a flag and a query field in its state."""

    def __init__(
        self,
        ctx: AppContext,
        hint: str = "Search",
        *,
        key: str = "search",
        id: str = "search_query",
    ) -> None:
        self.ctx = ctx
        self.hint = hint
        self.key = key
        self.id = id

    @property
    def active(self) -> bool:
        """Whether the search bar is showing."""
        return bool(self.ctx.get("searching:" + self.key))

    @property
    def query(self) -> str:
        """The query, stripped and lower-cased (empty outside search mode)."""
        return self.ctx.field(self.key).strip().lower() if self.active else ""

    def open(self) -> None:
        self.ctx.set("searching:" + self.key, True)
        self.ctx.focus(self.key)

    def close(self) -> None:
        """Leave search mode; the query, its focus and the keyboard go too."""
        self.ctx.pop("searching:" + self.key)
        self.ctx.clear_field(self.key)

    def close_on_back(self) -> bool:
        """What BACK does first: leave search mode (True), or nothing when not searching."""
        if not self.active:
            return False
        self.close()
        return True

    def action(self) -> Action:
        """The toolbar action that opens search mode."""
        return ("search", "Search", self.open)

    def bar(self) -> Toolbar:
        """The search bar: "Close search", the query field and, with a query, "Clear query"."""
        ctx = self.ctx
        children: list[View] = [
            ImageButton("back", desc="Close search", on_click=self.close),
            ctx.edit(
                self.key,
                hint=self.hint,
                id=self.id,
                width=0,
                weight=1,
                on_submit=ctx.phone.hide_keyboard,
            ),
        ]
        if ctx.field(self.key):
            children.append(
                ImageButton(
                    "close", desc="Clear query", on_click=lambda: ctx.set_field(self.key, "")
                )
            )
        return app_bar(children)

    def toolbar(
        self, title: str, *, actions: Sequence[Action] = (), on_overflow: Handler | None = None
    ) -> Toolbar:
        """The search bar in search mode, else the screen's toolbar with "Search" as its first
        action."""
        if self.active:
            return self.bar()
        return toolbar(title, actions=[self.action(), *actions], on_overflow=on_overflow)
