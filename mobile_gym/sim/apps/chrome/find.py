"""Find in page: the matches of a query in the page's lines, which one is current, and the
find bar.

Matching ignores case and runs line by line (a match does not span two lines). The bar's
state: ``finding`` (the bar is open), the query in field ``find`` and ``find_at`` (the
query and the position of the current match, so that a new query starts at its first).
"""

from __future__ import annotations

from mobile_gym.caches import LRUCache
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome.layout import Line
from mobile_gym.sim.ui.composites import app_bar
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

FIELD = "find"
Match = tuple[int, int, int]
"""A match: the line it is on, and where it starts and ends in the line's text."""

_MATCHES: LRUCache[tuple[int, str], tuple[tuple[Line, ...], tuple[Match, ...]]] = LRUCache(8)


def _search(lines: tuple[Line, ...], query: str) -> tuple[Match, ...]:
    needle = query.casefold()
    out: list[Match] = []
    for index, line in enumerate(lines):
        if not line.segments:
            continue
        text = line.text.casefold()
        start = text.find(needle)
        while start >= 0:
            out.append((index, start, start + len(needle)))
            start = text.find(needle, start + len(needle))
    return tuple(out)


def matches(lines: tuple[Line, ...], query: str) -> tuple[Match, ...]:
    """Every match of ``query`` in ``lines``, in reading order (none for an empty query)."""
    if not query:
        return ()
    kept = _MATCHES.get((id(lines), query), lambda key: (lines, _search(lines, query)))
    if kept[0] is not lines:  # another page had this one's id: search it afresh
        kept = (lines, _search(lines, query))
    return kept[1]


def current(ctx: AppContext, found: tuple[Match, ...]) -> int:
    """The position of the current match (0 until moved, or when the query changed)."""
    at = ctx.get("find_at")
    if not found or not at or at[0] != ctx.field(FIELD):
        return 0
    return at[1] % len(found)


def move(ctx: AppContext, found: tuple[Match, ...], by: int, page_key: str, line_px: int) -> None:
    """Make the match ``by`` places on current, scrolled to a third of the way down."""
    if not found:
        return
    index = (current(ctx, found) + by) % len(found)
    ctx.set("find_at", [ctx.field(FIELD), index])
    reveal(ctx, found[index], page_key, line_px)


def reveal(ctx: AppContext, match: Match, page_key: str, line_px: int) -> None:
    """Scroll the page so that ``match``'s line shows below its top."""
    ctx.scroll_to(page_key, max(match[0] - 3, 0) * line_px)


def status(ctx: AppContext, found: tuple[Match, ...]) -> str:
    """The bar's count: "2/5" (current / total), "0/0" when nothing matches."""
    if not found:
        return "0/0"
    return f"{current(ctx, found) + 1}/{len(found)}"


def open_bar(ctx: AppContext) -> None:
    """Show the find bar, its query focused."""
    ctx.set("finding", True)
    ctx.focus(FIELD)


def close(ctx: AppContext) -> None:
    """Close the find bar: the query and the highlights go."""
    ctx.pop("finding")
    ctx.clear_field(FIELD)
    ctx.pop("find_at")


def find_bar(
    ctx: AppContext, found: tuple[Match, ...], key: str, line_px: int, page_lines: tuple[Line, ...]
) -> View:
    """The bar that stands for the toolbar while finding: the query, the count, previous,
    next and close (``key``: the page's scroll key, ``line_px``: a line's height)."""

    def typed(value: str) -> None:
        ctx.set_field(FIELD, value)
        hits = matches(page_lines, value)
        if hits:
            reveal(ctx, hits[0], key, line_px)

    query = ctx.edit(FIELD, hint="Find in page", id="find_query", width=0, weight=1)
    query.on_change = typed

    return app_bar(
        [
            query,
            TextView(status(ctx, found), id="find_status", size=14, margin=(8, 0)),
            ImageButton(
                "back",
                desc="Previous result",
                id="find_prev_button",
                on_click=lambda: move(ctx, found, -1, key, line_px),
            ),
            ImageButton(
                "forward",
                desc="Next result",
                id="find_next_button",
                on_click=lambda: move(ctx, found, 1, key, line_px),
            ),
            ImageButton(
                "close",
                desc="Close find in page",
                id="close_find_button",
                on_click=lambda: close(ctx),
            ),
        ]
    )
