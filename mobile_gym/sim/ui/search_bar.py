"""An always-visible search bar at the top of a screen, as the newer Simple apps have it.

Unlike a toolbar's "Search" action (``mobile_gym.sim.ui.search``), the query field is always
there: the screen shows its normal content while the field is empty and filters as soon as
it has text. The bar holds a leading icon (a magnifier, or "Navigate up"), the field, "Clear
query" while it has text, icon actions (ids named by their content description in snake
case: "Go to today" is ``go_to_today``) and "More options".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from mobile_gym.sim.ui.composites import Action, Handler, Toolbar
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView

if TYPE_CHECKING:
    from mobile_gym.sim.apps.base import AppContext


class SearchBar(Search):
    """A search that is always open: its field sits in the screen's top bar.

    ``query`` is the field's text, stripped and lower-cased; ``close`` forgets it.
    """

    def __init__(
        self, ctx: AppContext, hint: str, *, key: str = "search", id: str = "top_toolbar_search"
    ) -> None:
        super().__init__(ctx, hint, key=key, id=id)

    @property
    def active(self) -> bool:
        return True

    def close_on_back(self) -> bool:
        """What BACK does first: forget the query (True), or nothing when there is none."""
        if not self.query:
            return False
        self.close()
        return True

    def bar(  # type: ignore[override]
        self,
        *,
        on_up: Handler | None = None,
        actions: Sequence[Action] = (),
        on_overflow: Handler | None = None,
    ) -> Toolbar:
        """The bar; ``on_up`` puts "Navigate up" where the magnifier is."""
        toolbar = super().bar()
        leading: View = (
            ImageView("search", size=24, margin=(12, 0, 4, 0))
            if on_up is None
            else ImageButton("back", desc="Navigate up", on_click=on_up)
        )
        extra: list[View] = [
            ImageButton(icon, desc=desc, on_click=handler, id=desc.lower().replace(" ", "_"))
            for icon, desc, handler in actions
        ]
        if on_overflow is not None:
            extra.append(ImageButton("more", desc="More options", on_click=on_overflow))
        for view in [leading, *extra]:
            view.gravity = "center"
        toolbar.children[0] = leading  # in place of "Close search"
        toolbar.children.extend(extra)
        return toolbar
