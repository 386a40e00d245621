"""The start screen: tabs "Recent" (documents opened before) and "All PDFs" (every PDF in
shared storage); a tap opens the document, a long press on a recent one offers to take it
off the list."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.docreader import library
from mobile_gym.sim.apps.docreader.names import VIEWER
from mobile_gym.sim.apps.file_manager.files import format_size
from mobile_gym.sim.ui.composites import empty_state, list_item, toolbar
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, View

TABS = (("Recent", "clock"), ("All PDFs", "file"))
ROW_DP = 72


def open_document(ctx: AppContext, path: str) -> None:
    """Open ``path`` in the viewer (it goes on the recent list at once)."""
    library.remember(ctx, path)
    ctx.open(VIEWER, path=path)


def _row(ctx: AppContext, entry: library.DocumentEntry, on_long: Handler | None) -> View:
    details = f"{entry.folder} · {format_size(entry.size)}"
    if entry.opened is not None:
        details += f" · {short_date(entry.opened, ctx.now)}"
    return list_item(
        entry.name,
        details,
        icon="file",
        id="document_item",
        title_id="document_name",
        subtitle_id="document_details",
        height=ROW_DP,
        on_click=lambda: open_document(ctx, entry.path),
        on_long_click=on_long,
    )


def home_screen(ctx: AppContext) -> View:
    recent = library.recent(ctx)
    tab = ctx.get("tab", 0 if recent else 1)
    entries = recent if tab == 0 else library.pdf_files(ctx)
    pressed = ctx.get("pressed", "")
    show_menu = ctx.menu(
        "row", [("Remove from recent", lambda: library.forget(ctx, pressed))], at_touch=True
    )

    def long_press(path: str) -> Handler:
        def run() -> None:
            ctx.set("pressed", path)
            show_menu()

        return run

    body: View
    if entries:
        body = ctx.scroller(
            f"documents{tab}",
            id="documents_list",
            items=entries,
            item_height=ROW_DP,
            render_item=lambda _i, entry: _row(
                ctx, entry, long_press(entry.path) if tab == 0 else None
            ),
            height=0,
            weight=1,
        )
    else:
        body = empty_state(
            "No recent documents" if tab == 0 else "No PDF files on this phone",
            id="empty_placeholder",
        )
    return Column(
        toolbar("Docreader"),
        tab_bar(TABS, tab, lambda index: ctx.set("tab", index), id="tabs"),
        body,
        height=MATCH,
    )
