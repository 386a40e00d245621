"""The Files app class: package, launcher entry, stored options, and its screens (the
browser, the folder chooser, the text preview)."""

from __future__ import annotations

import posixpath
from typing import ClassVar, cast

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.file_manager.files import Entry
from mobile_gym.sim.apps.files import archive, dialogs, opening, operations, rows
from mobile_gym.sim.apps.files.browser import Browser
from mobile_gym.sim.apps.files.documents import Listing
from mobile_gym.sim.apps.files.names import FILES, PACKAGE, PICKER, PREVIEW
from mobile_gym.sim.apps.files.picker import picker_screen, up
from mobile_gym.sim.apps.files.preview import preview_screen
from mobile_gym.sim.ui.breadcrumbs import breadcrumbs
from mobile_gym.sim.ui.composites import Action, Toolbar, app_bar, empty_state
from mobile_gym.sim.ui.selection import selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

ORDERS = 8
"""How many orderings of folders and category roots are kept (``FilesApp.orders``)."""


class FilesApp(App):
    """Google's Files (the document browser), over the phone's storage sandbox."""

    package = PACKAGE
    label = "Files"
    icon = "folder"
    color = (26, 115, 232)
    main_activity = FILES
    screens: ClassVar[dict[str, str]] = {FILES: "main", PICKER: "picker", PREVIEW: "preview"}
    schemas: ClassVar[dict[str, str]] = {"config": preferences.SCHEMA}

    def __init__(self) -> None:
        super().__init__()
        self.orders: FIFOCache[tuple, tuple[str, ...]] = FIFOCache(ORDERS)
        """The documents of the folders and category roots last shown, in their order
        (``Browser``), by folder or root, order, and the files' version: ordered again once
        the files change."""

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == PREVIEW:
            return posixpath.basename(ctx.args.get("path", ""))
        return Browser(ctx).root.title if ctx.screen.activity == FILES else self.label

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity == PICKER:
            return up(ctx)
        if ctx.screen.activity != FILES:
            return False
        browser = Browser(ctx)
        if ctx.get("drawer"):
            ctx.pop("drawer")
            return True
        return browser.selection.close_on_back() or browser.search.close_on_back() or browser.up()

    def picker(self, ctx: AppContext) -> View:
        return picker_screen(ctx)

    def preview(self, ctx: AppContext) -> View:
        return preview_screen(ctx)

    # the browser ------------------------------------------------------------------------------
    def _open(self, browser: Browser, item: Entry) -> None:
        if item.is_dir or archive.is_archive(item.path):
            target = item.path if item.is_dir else archive.member_path(item.path, "")
            if browser.root.folder is None:
                browser.ctx.set("root", "internal")
            browser.open_folder(target)
            return
        opening.open_document(browser.ctx, item.path)

    def _handlers(self, browser: Browser, item: Entry) -> tuple[Handler, Handler]:
        selection = browser.selection

        def click() -> None:
            if selection.active:
                selection.toggle(item.path)
            else:
                self._open(browser, item)

        return click, lambda: selection.start(item.path)

    def _selection_bar(self, browser: Browser, entries: Listing) -> Toolbar:
        ctx = browser.ctx
        chosen = browser.selected()

        def to(mode: str) -> Handler:
            def run() -> None:
                browser.selection.clear()
                ctx.open(PICKER, mode=mode, paths=chosen)

            return run

        def compress() -> None:
            browser.selection.clear()
            target = operations.compress(ctx, chosen)
            if target is not None:
                ctx.toast(f"Compressed into {posixpath.basename(target)}")

        select_all = (
            "select_all",
            "Select all",
            lambda: browser.selection.set(entries.paths),
        )
        if browser.in_archive:
            actions: list[Action] = [select_all]
            menu = [("Extract to\u2026", to("extract"))]
        else:
            actions = [
                ("share", "Share", dialogs.share_dialog(browser)),
                ("delete", "Delete", dialogs.delete_dialog(browser)),
                select_all,
            ]
            menu = [("Open with", dialogs.open_with_dialog(browser))] if len(chosen) == 1 else []
            menu += [
                ("Copy to\u2026", to("copy")),
                ("Move to\u2026", to("move")),
                ("Compress", compress),
            ]
            if len(chosen) == 1:
                menu.append(("Rename", dialogs.rename_dialog(browser)))
        more = ctx.menu("selection", menu)
        return selection_bar(
            f"{len(chosen)} selected",
            on_close=browser.selection.clear,
            actions=actions,
            on_overflow=more,
        )

    def _bar(self, browser: Browser, entries: Listing) -> Toolbar:
        ctx = browser.ctx
        if browser.selection.active:
            return self._selection_bar(browser, entries)
        if browser.search.active:
            return browser.search.bar()
        items: list[tuple[str, Handler]] = [("Sort by", dialogs.sort_dialog(browser))]
        path = browser.path
        if path is not None and not browser.in_archive:
            items.append(("New folder", dialogs.new_folder_dialog(ctx, path)))
        if entries:
            items.append(("Select all", lambda: browser.selection.set(entries.paths)))
        more = ctx.menu("overflow", items)
        grid = browser.grid
        return app_bar(
            [
                ImageButton(
                    "menu",
                    desc="Show roots",
                    id="drawer_toggle",
                    on_click=lambda: ctx.set("drawer", True),
                ),
                TextView(
                    browser.root.title,
                    id="toolbar_title",
                    size=20,
                    width=0,
                    weight=1,
                    margin=(4, 0, 0, 0),
                ),
                ImageButton(
                    "search", desc="Search", id="option_menu_search", on_click=browser.search.open
                ),
                ImageButton(
                    "view_list" if grid else "view_grid",
                    desc="List view" if grid else "Grid view",
                    id="option_menu_list" if grid else "option_menu_grid",
                    on_click=browser.toggle_view,
                ),
                ImageButton("more", desc="More options", on_click=more),
            ]
        )

    def _listing(self, browser: Browser, entries: Listing) -> View:
        ctx = browser.ctx
        if not entries:
            return empty_state("No items", id="message")
        selection = browser.selection
        if not browser.grid:

            def render(_index: int, item: object) -> View:
                entry = cast(Entry, item)
                click, long = self._handlers(browser, entry)
                return rows.list_row(ctx, entry, entry.path in selection, click, long)

            return ctx.scroller(
                "dir_list",
                items=entries,
                item_height=rows.ROW_DP,
                render_item=render,
                id="dir_list",
            )
        lines = rows.GridLines(entries)

        def render_line(_index: int, line: object) -> View:
            cells = []
            for entry in cast(tuple[Entry, ...], line):
                click, long = self._handlers(browser, entry)
                cells.append(rows.grid_cell(ctx, entry, entry.path in selection, click, long))
            return rows.grid_line(cells)

        return ctx.scroller(
            "dir_list",
            items=lines,
            item_height=rows.GRID_ROW_DP,
            render_item=render_line,
            id="dir_list",
        )

    def main(self, ctx: AppContext) -> View:
        browser = Browser(ctx)
        entries = browser.entries()
        parts: list[View] = [self._bar(browser, entries)]
        crumbs = browser.crumbs()
        if crumbs and not browser.search.query:

            def go(path: str) -> Handler:
                return lambda: browser.open_folder(path)

            parts.append(
                breadcrumbs(
                    [(n, go(p)) for n, p in crumbs], id="breadcrumb", item_id="breadcrumb_item"
                )
            )
        parts.append(FrameLayout(children=[self._listing(browser, entries)], height=0, weight=1))
        if ctx.get("drawer"):

            def pick(key: str) -> Handler:
                return lambda: browser.open_root(key)

            ctx.overlays.append(rows.roots_drawer(ctx, browser.root.key, pick))
        return Column(*parts, height=MATCH)
