"""The File Manager app: its screens (the folder browser and the text reader) and seed."""

from __future__ import annotations

import posixpath
import random
from typing import ClassVar, cast

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.file_manager import dialogs
from mobile_gym.sim.apps.file_manager.browser import Browser
from mobile_gym.sim.apps.file_manager.content import seed_files
from mobile_gym.sim.apps.file_manager.files import (
    HOME,
    HOME_NAME,
    TEXT_EXTENSIONS,
    Entry,
    format_items,
    format_size,
)
from mobile_gym.sim.ui.breadcrumbs import breadcrumbs
from mobile_gym.sim.ui.composites import empty_state, fab, toolbar
from mobile_gym.sim.ui.dates import short_date
from mobile_gym.sim.ui.selection import selection_badge, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import TextView

PACKAGE = "com.simplemobiletools.filemanager.pro"
MAIN = ".activities.MainActivity"
READER = ".activities.ReadTextActivity"
VERSION = "6.16.1"
ROW_DP = 64
NO_APP = "No app found to open this file"


class FileManagerApp(App):
    """A file manager over the phone's storage sandbox, modelled on Simple File Manager Pro."""

    package = PACKAGE
    label = "File Manager"
    icon = "folder"
    color = (255, 143, 0)
    dock = True
    seeds_files = True
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "main", READER: "reader"}
    schemas: ClassVar[dict[str, str]] = {"config": preferences.SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_files(ctx.phone.storage, rng, ctx.phone.boot_ms)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == READER:
            return posixpath.basename(ctx.args.get("path", ""))
        path = Browser(ctx).path
        return HOME_NAME if path == HOME else posixpath.basename(path)

    def back(self, ctx: AppContext) -> bool:
        if ctx.screen.activity != MAIN:
            return False
        browser = Browser(ctx)
        if browser.selection.active:
            browser.selection.clear()
            return True
        if browser.search.active:
            browser.search.close()
            return True
        return browser.up()

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

    def _top_bar(self, browser: Browser, entries: list[Entry]) -> View:
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
            more = ctx.menu(
                "selection",
                [
                    ("Copy to", dialogs.picker_dialog(browser, move=False)),
                    ("Move to", dialogs.picker_dialog(browser, move=True)),
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
                ("Sort by", dialogs.sort_dialog(browser)),
                (hidden, browser.toggle_hidden),
                ("Go to home folder", lambda: browser.open_folder(HOME)),
                ("About", dialogs.about_dialog(ctx, VERSION)),
            ],
        )
        return toolbar("File Manager", actions=[browser.search.action()], on_overflow=more)

    def main(self, ctx: AppContext) -> View:
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
        return Column(
            bar,
            breadcrumbs(crumbs),
            FrameLayout(children=layers, height=MATCH),
            height=MATCH,
        )

    # the text reader ----------------------------------------------------------------------
    def reader(self, ctx: AppContext) -> View:
        path = ctx.args.get("path", "")
        storage = ctx.phone.storage
        if not storage.exists(path) or storage.is_dir(path):
            ctx.finish()
            return View()
        text = storage.read(path).decode("utf-8", errors="replace")
        return Column(
            ctx.up_bar(posixpath.basename(path)),
            ctx.scroller(
                "text",
                [
                    TextView(
                        text,
                        id="read_text_view",
                        size=16,
                        max_lines=400,
                        valign="top",
                        width=MATCH,
                        padding=16,
                    )
                ],
                id="read_text_holder",
            ),
            height=MATCH,
        )
