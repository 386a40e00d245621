"""The viewer (``ViewerActivity``, argument ``path``): a document's pages as lines of text
and pictures in one recycled list, the page indicator, going to a page, search with
previous / next match, selecting lines to copy, and the error screen for a file that
cannot be shown."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.docreader import library
from mobile_gym.sim.apps.docreader.layout import (
    ROW_DP,
    SIDE_DP,
    TEXT_SP,
    Layout,
    Row,
    copied,
    find,
    lay_out,
    matched_rows,
)
from mobile_gym.sim.apps.docreader.pdf import PdfDocument, read_pdf
from mobile_gym.sim.apps.docreader.views import LineText, PictureBand
from mobile_gym.sim.apps.file_manager.files import format_size
from mobile_gym.sim.system.clipboard import set_clip
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.properties import properties_body
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, ImageView, TextView

Marks = tuple[tuple[int, int, bool], ...]
CONTEXT_ROWS = 3
"""How many rows show above a match or a page scrolled to."""


class ShownRows(Sequence[tuple[Row, Marks, bool]]):
    """The list's items: each row with its search marks (``marks(index)``) and whether it
    is selected (so a row is made again exactly when one of these changes)."""

    def __init__(
        self, rows: Sequence[Row], marks: Callable[[int], Marks], selected: set[int]
    ) -> None:
        self.rows = rows
        self.marks = marks
        self.selected = selected

    def __len__(self) -> int:
        return len(self.rows)

    def __getitem__(self, index):  # type: ignore[override]
        if isinstance(index, slice):
            raise TypeError("rows are read one at a time")
        return self.rows[index], self.marks(index), index in self.selected


def search(ctx: AppContext) -> Search:
    """The find-in-document bar's state."""
    return Search(ctx, "Find in document", key="find", id="find_query")


def selection(ctx: AppContext) -> Selection:
    """The lines selected by a long press (their row indices)."""
    return Selection(ctx, "selected_rows")


def _document(ctx: AppContext, path: str) -> PdfDocument:
    storage = ctx.phone.storage
    if not path or not storage.exists(path) or storage.is_dir(path):
        return PdfDocument("", problem="This file is no longer on the phone.")
    return read_pdf(storage.read(path))


def _opened(ctx: AppContext, path: str, document: PdfDocument) -> None:
    """Note the opening once per screen: in the recent list and the log."""
    if ctx.has("opened"):
        return
    ctx.set("opened", True)
    if document.problem:
        ctx.log(f"Document error: path={path} reason={document.problem}", "W")
        return
    library.remember(ctx, path)
    ctx.log(f"Document opened: path={path} pages={len(document.pages)}")


def _error_screen(ctx: AppContext, name: str, problem: str) -> View:
    return Column(
        toolbar(name or "Docreader", on_up=ctx.finish),
        ImageView("file", size=64, tint="hint", gravity="center", margin=(0, 96, 0, 16)),
        TextView("Can't open file", id="error_title", size=20, gravity="center"),
        TextView(
            problem,
            id="error_message",
            size=15,
            color="text_secondary",
            max_lines=4,
            align="center",
            width=MATCH,
            margin=(32, 8),
        ),
        Button("Close", id="error_close", on_click=ctx.finish, width=160, gravity="center"),
        height=MATCH,
    )


def _row_view(
    ctx: AppContext, index: int, item: tuple[Row, Marks, bool], chosen: Selection
) -> View:
    row, marks, picked = item
    if row.kind == "page":
        return TextView(
            row.text,
            id="page_label",
            size=12,
            color="text_secondary",
            align="center",
            width=MATCH,
            height=MATCH,
            background="surface_variant",
        )
    if row.kind == "picture":
        assert row.picture is not None
        return PictureBand(
            row.picture,
            row.band,
            row.bands,
            id="pdf_image",
            desc=f"Image on page {row.page}",
            height=MATCH,
            padding=(SIDE_DP, 0),
        )
    return LineText(
        row.text,
        id="pdf_text",
        size=TEXT_SP,
        marks=marks,
        width=MATCH,
        height=MATCH,
        padding=(SIDE_DP, 0),
        selected=picked,
        background="hint" if picked else None,
        on_click=(lambda: chosen.toggle(index)) if chosen.active else None,
        on_long_click=lambda: chosen.start(index),
    )


def _go_to_page_dialog(ctx: AppContext, layout: Layout, row_px: int) -> Handler:
    count = layout.page_count

    def go() -> bool:
        typed = ctx.field("page_number").strip()
        if not typed.isdigit() or not 1 <= int(typed) <= count:
            ctx.toast(f"Enter a page number from 1 to {count}")
            return False
        page = int(typed)
        offset = layout.page_starts[page - 1] * row_px
        ctx.scroll_to("doc", offset)
        ctx.set("went_to", [page, offset])
        ctx.clear_field("page_number")
        ctx.log(f"Go to page: {page}")
        return True

    return ctx.dialog(
        "go_to_page",
        "Go to page",
        buttons=[("Cancel", lambda: ctx.clear_field("page_number")), ("Go", go)],
        body=lambda: [
            ctx.edit(
                "page_number",
                hint=f"Page (1–{count})",
                id="page_number",
                input_type="number",
            )
        ],
    )


def _search_bar(ctx: AppContext, finder: Search, layout: Layout, row_px: int) -> View:
    query = finder.query
    matches = find(layout, query)
    current = _current_match(ctx, query, len(matches))

    def go(index: int) -> None:
        if not matches:
            if query:
                ctx.toast("No matches found")
            return
        index %= len(matches)
        ctx.set("match", index)
        ctx.set("match_for", query)
        ctx.scroll_to("doc", max(matches[index].row - CONTEXT_ROWS, 0) * row_px)

    def submit() -> None:
        ctx.phone.hide_keyboard()
        ctx.log(f"Search: query={query} matches={len(matches)}")
        go(current if current is not None else 0)

    bar = finder.bar()
    field = bar.children[1]
    field.on_submit = submit  # type: ignore[attr-defined]
    count = f"{(current or 0) + 1} / {len(matches)}" if matches else ("0 / 0" if query else "")
    extra: list[View] = [TextView(count, id="find_count", size=14, color="text_secondary")]
    for icon, desc, step, id in (
        ("skip_previous", "Previous match", -1, "find_previous"),
        ("skip_next", "Next match", 1, "find_next"),
    ):
        extra.append(
            ImageButton(
                icon,
                desc=desc,
                id=id,
                enabled=bool(matches),
                on_click=(lambda s=step: go((current or 0) + s)) if matches else None,
            )
        )
    for view in extra:
        view.gravity = "center"
    bar.children.extend(extra)
    return bar


def _current_match(ctx: AppContext, query: str, count: int) -> int | None:
    """The match the search last went to, None before it went to one for this query."""
    if not count or ctx.get("match_for") != query:
        return None
    return min(ctx.get("match", 0), count - 1)


def _marks(ctx: AppContext, finder: Search, layout: Layout) -> Callable[[int], Marks]:
    """The search marks of a row, by its index (the current match marked): found for the
    rows the list shows, not for every match at every build."""
    query = finder.query
    matches = find(layout, query)
    current = _current_match(ctx, query, len(matches))
    rows = matched_rows(layout, query)

    def of(index: int) -> Marks:
        return tuple((*matches[i].span_in(index), i == current) for i in rows.get(index, ()))

    return of


def _selection_bar(ctx: AppContext, layout: Layout, chosen: Selection) -> View:
    def copy() -> None:
        text = copied(layout, sorted(chosen.keys))
        set_clip(ctx.phone, text)
        ctx.toast("Copied to clipboard")
        ctx.log(f"Text copied: chars={len(text)}")
        chosen.clear()

    def select_all() -> None:
        chosen.set([i for i, row in enumerate(layout.rows) if row.kind == "line"])

    return selection_bar(
        f"{len(chosen.keys)} selected",
        on_close=chosen.clear,
        actions=[("copy", "Copy", copy)],
        on_overflow=ctx.menu("selection", [("Select all", select_all)]),
    )


def viewer_screen(ctx: AppContext) -> View:
    path = ctx.args.get("path", "")
    name = posixpath.basename(path)
    document = _document(ctx, path)
    _opened(ctx, path, document)
    if document.problem:
        return _error_screen(ctx, name, document.problem)
    layout = lay_out(document, ctx.phone.display)
    row_px = ctx.phone.display.dp(ROW_DP)
    finder = search(ctx)
    chosen = selection(ctx)
    go_to_page = _go_to_page_dialog(ctx, layout, row_px)
    show_info = ctx.dialog(
        "properties",
        "Document properties",
        buttons=[("OK", None)],
        body=lambda: properties_body(
            [
                ("File name", name),
                ("Location", posixpath.dirname(path)),
                ("Size", format_size(ctx.phone.storage.size(path))),
                ("Pages", str(layout.page_count)),
                ("Title", document.title or "—"),
            ]
        ),
    )
    if chosen.active:
        bar = _selection_bar(ctx, layout, chosen)
    elif finder.active:
        bar = _search_bar(ctx, finder, layout, row_px)
    else:
        bar = toolbar(
            name,
            on_up=ctx.finish,
            actions=[finder.action()],
            on_overflow=ctx.menu(
                "overflow", [("Go to page", go_to_page), ("Document properties", show_info)]
            ),
        )
    items = ShownRows(layout.rows, _marks(ctx, finder, layout), set(chosen.keys))
    pages = ctx.scroller(
        "doc",
        id="pdf_view",
        items=items,
        item_height=ROW_DP,
        render_item=lambda index, item: _row_view(ctx, index, item, chosen),
    )
    offset = ctx.get("scroll:doc", 0)
    went_to = ctx.get("went_to")
    # the page gone to, until the list scrolls (a short last page cannot reach the top)
    page = went_to[0] if went_to and went_to[1] == offset else layout.page_at(offset // row_px)
    indicator = TextView(
        f"{page} / {layout.page_count}",
        id="page_indicator",
        size=13,
        color="on_primary",
        background=(60, 60, 60),
        radius=12,
        padding=(10, 4),
        gravity="top end",
        margin=(0, 8, 12, 0),
        on_click=go_to_page,
    )
    return Column(
        bar,
        FrameLayout(height=0, weight=1, children=[pages, indicator]),
        height=MATCH,
    )
