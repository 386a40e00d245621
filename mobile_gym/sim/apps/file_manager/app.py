"""The File Manager app: its screens (the folder browser with its Files, Recents and Storage
tabs, the text reader of ``reader``, the About pages) and seed."""

from __future__ import annotations

import posixpath
import random
from typing import ClassVar, cast

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps import about, preferences
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.file_manager import dialogs
from mobile_gym.sim.apps.file_manager.browser import Browser
from mobile_gym.sim.apps.file_manager.content import SEEDED_FILES, seed_files
from mobile_gym.sim.apps.file_manager.files import (
    HOME,
    HOME_NAME,
    TEXT_EXTENSIONS,
    Entry,
    format_items,
    format_size,
)
from mobile_gym.sim.apps.file_manager.reader import reader_back, reader_screen
from mobile_gym.sim.apps.file_manager.storage_tab import storage_body
from mobile_gym.sim.ui.breadcrumbs import breadcrumbs
from mobile_gym.sim.ui.composites import empty_state, fab, toolbar
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.selection import selection_badge, selection_bar
from mobile_gym.sim.ui.tabs import tab_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import TextView

PACKAGE = "com.simplemobiletools.filemanager.pro"
MAIN = ".activities.MainActivity"
READER = ".activities.ReadTextActivity"
VERSION = "6.16.1"
ROW_DP = 64
NO_APP = "No app found to open this file"
TABS = (("Files", "folder"), ("Recents", "restore"), ("Storage", "info"))
FILES_TAB, RECENTS_TAB, STORAGE_TAB = range(len(TABS))
RECENTS = 50
"""How many of the newest files the Recents tab lists."""
LISTINGS = 4
"""How many of the browser's last lists are kept (``FileManagerApp.listings``)."""


def _newest(browser: Browser) -> tuple[Entry, ...]:
    """The ``RECENTS`` newest files anywhere on the storage (hidden ones left out)."""
    prefix = HOME + "/"
    paths = [
        p for p in browser.storage.files if p.startswith(prefix) and "/." not in p[len(HOME) :]
    ]
    files = [browser.entry(p) for p in paths]
    files.sort(key=lambda e: (-e.modified, e.name.lower()))
    return tuple(files[:RECENTS])


class FileManagerApp(about.AboutPages, App):
    """A file manager over the phone's storage sandbox, modelled on Simple File Manager Pro."""

    package = PACKAGE
    label = "File Manager"
    icon = "folder"
    color = (255, 143, 0)
    dock = True
    seeds_files = SEEDED_FILES
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "main", READER: "reader", **about.SCREENS}
    about_name = "Simple File Manager Pro"
    version = VERSION
    schemas: ClassVar[dict[str, str]] = {"config": preferences.SCHEMA}

    def __init__(self) -> None:
        super().__init__()
        self.listings: FIFOCache[tuple, tuple[Entry, ...]] = FIFOCache(LISTINGS)
        """The lists the browser showed, by folder, search, options and the files' version
        (``Browser.entries``): a list is found again once the files change."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_files(ctx.phone.storage, rng, ctx.phone.boot_ms)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == READER:
            return posixpath.basename(ctx.args.get("path", ""))
        path = Browser(ctx).path
        return HOME_NAME if path == HOME else posixpath.basename(path)

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity == READER:
            return reader_back(ctx)
        if ctx.screen.activity != MAIN:
            return False
        if ctx.get("tab", FILES_TAB) != FILES_TAB:
            ctx.set("tab", FILES_TAB)
            return True
        browser = Browser(ctx)
        return browser.selection.close_on_back() or browser.search.close_on_back() or browser.up()

    # the folder browser -------------------------------------------------------------------
    def _open(self, browser: Browser, item: Entry) -> None:
        if item.is_dir:
            browser.open_folder(item.path)
        elif item.extension in TEXT_EXTENSIONS:
            browser.ctx.log(f"Opened file {item.path}")
            browser.ctx.open(READER, path=item.path)
        else:
            browser.ctx.toast(NO_APP)

    def _row(self, browser: Browser, item: Entry) -> View:
        selection = browser.selection
        ctx = browser.ctx

        def click() -> None:
            if selection.active:
                selection.toggle(item.path)
            else:
                self._open(browser, item)

        if browser.search.query:
            details = posixpath.dirname(item.path)[len(HOME) :].lstrip("/") or HOME_NAME
        else:
            details = format_items(item.items) if item.is_dir else format_size(item.size)
        chosen = item.path in selection
        return Row(
            selection_badge(
                item.icon,
                chosen,
                tint="primary" if item.is_dir else "text_secondary",
                id="item_icon",
            ),
            Column(
                TextView(item.name, id="item_name", size=16, width=MATCH),
                Row(
                    TextView(details, id="item_details", size=13, color="text_secondary"),
                    TextView(
                        short_date(item.modified, ctx.now),
                        id="item_date",
                        size=13,
                        color="text_secondary",
                        width=0,
                        weight=1,
                        align="end",
                    ),
                ),
                width=0,
                weight=1,
            ),
            id="item_frame",
            padding=(12, 0, 16, 0),
            selected=chosen,
            on_click=click,
            on_long_click=lambda: selection.start(item.path),
        )

    def _top_bar(self, browser: Browser, entries: tuple[Entry, ...]) -> View:
        ctx = browser.ctx
        selection = browser.selection
        if selection.active:
            count = len(browser.selected())
            actions = [("info", "Properties", dialogs.properties_dialog(browser))]
            if count == 1:
                actions.append(("edit", "Rename", dialogs.rename_dialog(browser)))
            actions += [
                ("select_all", "Select all", lambda: selection.set([e.path for e in entries])),
                ("delete", "Delete", dialogs.delete_dialog(browser)),
            ]
            chosen = browser.selected()
            hide = all(not posixpath.basename(p).startswith(".") for p in chosen)
            more = ctx.menu(
                "selection",
                [
                    ("Copy to", dialogs.picker_dialog(browser, move=False)),
                    ("Move to", dialogs.picker_dialog(browser, move=True)),
                    (
                        "Hide" if hide else "Unhide",
                        lambda: browser.set_hidden(browser.selected(), hide),
                    ),
                ],
            )
            return selection_bar(
                f"{count} / {len(entries)}",
                on_close=selection.clear,
                actions=actions,
                on_overflow=more,
            )
        if browser.search.active:
            return browser.search.bar()
        hidden = "Stop showing hidden" if browser.show_hidden else "Temporarily show hidden"
        more = ctx.menu(
            "overflow",
            [
                (hidden, browser.toggle_hidden),
                ("Set as home folder", browser.set_home),
                ("Go to home folder", lambda: browser.open_folder(browser.home)),
                ("About", about.open_about(ctx)),
            ],
        )
        actions = [browser.search.action(), ("menu", "Sort by", dialogs.sort_dialog(browser))]
        return toolbar("File Manager", actions=actions, on_overflow=more)

    def main(self, ctx: AppContext) -> View:
        tab = ctx.get("tab", FILES_TAB)
        if tab == STORAGE_TAB:
            body = [
                toolbar("Storage"),
                ctx.scroller("storage", storage_body(ctx), height=0, weight=1),
            ]
        elif tab == RECENTS_TAB:
            body = self._recents(ctx)
        else:
            body = self._files(ctx)
        return Column(*body, tab_bar(TABS, tab, lambda index: ctx.set("tab", index)), height=MATCH)

    def _recents(self, ctx: AppContext) -> list[View]:
        """The newest files anywhere on the storage (hidden ones left out)."""
        browser = Browser(ctx)
        files = ctx.kept_files(("recents", browser.fallback_ms), lambda: _newest(browser), HOME)
        rows: View
        if files:
            rows = ctx.scroller(
                "recents",
                items=files,
                item_height=ROW_DP,
                render_item=lambda _i, item: self._recent_row(browser, cast(Entry, item)),
                id="recents_list",
                height=0,
                weight=1,
            )
        else:
            rows = empty_state("No items found", id="recents_placeholder")
        return [toolbar("Recents"), rows]

    def _recent_row(self, browser: Browser, item: Entry) -> View:
        folder = posixpath.dirname(item.path)[len(HOME) :].lstrip("/") or HOME_NAME
        return Row(
            selection_badge(item.icon, False, tint="text_secondary", id="item_icon"),
            Column(
                TextView(item.name, id="item_name", size=16, width=MATCH),
                TextView(folder, id="item_details", size=13, color="text_secondary"),
                width=0,
                weight=1,
            ),
            id="item_frame",
            padding=(12, 0, 16, 0),
            on_click=lambda: self._open(browser, item),
        )

    def _files(self, ctx: AppContext) -> list[View]:
        browser = Browser(ctx)
        entries = browser.entries()
        bar = self._top_bar(browser, entries)
        create = dialogs.create_dialog(browser)

        def go(path: str) -> Handler:
            return lambda: browser.open_folder(path)

        crumbs = [(name, go(path)) for name, path in browser.crumbs(browser.path)]
        body: View
        if entries:
            body = ctx.scroller(
                "items",
                items=entries,
                item_height=ROW_DP,
                render_item=lambda _i, item: self._row(browser, cast(Entry, item)),
                id="items_list",
            )
        else:
            body = empty_state("No items found", id="items_placeholder")
        layers: list[View] = [body]
        if not browser.selection.active and not browser.search.active:
            layers.append(fab("add", "Create new", create, id="items_fab"))
        return [bar, breadcrumbs(crumbs), FrameLayout(children=layers, height=0, weight=1)]

    reader = staticmethod(reader_screen)
