"""The new tab page: the search provider's logo, a search box that focuses the address bar,
and the most visited sites of the history as shortcut tiles."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import TextView

SEARCH_BOX_TEXT = "Search or type web address"
TILES = 4
"""How many most visited sites the page shows."""
MOST_VISITED = f"""
SELECT url, title FROM history GROUP BY url
ORDER BY COUNT(*) DESC, MAX(visited) DESC, url LIMIT {TILES}
"""


def most_visited(ctx: AppContext) -> tuple[tuple[str, str], ...]:
    """(url, title) of the sites visited most often (the latest visit breaks a tie): the
    history is grouped once until it changes (``AppContext.kept``), not at every build of
    the page."""

    def read() -> tuple[tuple[str, str], ...]:
        return tuple((url, title) for url, title in ctx.db().execute(MOST_VISITED))

    return ctx.kept("most_visited", read)


def new_tab_page(ctx: AppContext, address_field: str, open_url: Callable[[str], None]) -> View:
    """The page a new tab shows; a tap on its search box focuses ``address_field``, a tap on
    a tile calls ``open_url`` with the tile's site."""
    tiles = [
        TextView(
            title or url,
            id="tile_view_title",
            desc=url,
            size=12,
            max_lines=2,
            align="center",
            width=0,
            weight=1,
            padding=(4, 8),
            on_click=lambda url=url: open_url(url),
        )
        for url, title in most_visited(ctx)
    ]
    return Column(
        TextView(
            "Google",
            id="search_provider_logo",
            size=40,
            bold=True,
            align="center",
            width=MATCH,
            margin=(0, 96, 0, 24),
        ),
        TextView(
            SEARCH_BOX_TEXT,
            id="search_box_text",
            size=16,
            color="text_secondary",
            width=MATCH,
            padding=(20, 14),
            margin=(24, 0),
            radius=24,
            background="surface_variant",
            on_click=lambda: ctx.focus(address_field),
        ),
        Row(*tiles, id="mv_tiles_container", width=MATCH, margin=(16, 24, 16, 0)),
        id="ntp_content",
        height=0,
        weight=1,
        background="surface",
    )
