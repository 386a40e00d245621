"""App Launcher (``com.simplemobiletools.applauncher``), modelled on Simple App Launcher.

The launcher items live in database ``app_launcher``, table ``launchers(id, title, package,
position)`` (``position`` is the custom order); the options in its table ``preferences``
(``column_count`` 1-6, default 4; ``sort`` ``title`` (default) or ``custom``; ``order``
``asc`` or ``desc``, which the custom order ignores; ``show_app_name`` ``1`` / ``0``;
``close_app`` ``1`` / ``0``: the launcher closes itself when it opens another app). An item
for every installed app but Chrome, Camera and wikiHow (``data.FIRST_RUN_LEFT_OUT``, added
through "Add apps") is seeded, in a shuffled custom order.

Activities; resource ids (``com.simplemobiletools.applauncher:id/<name>``):
``.activities.MainActivity``
    ``toolbar`` with ``action_search`` ("Search": the search bar of
    ``mobile_gym.sim.ui.search``, filtering by title), ``action_sort_by`` ("Sort by"),
    ``action_toggle_app_name`` ("Toggle app name": shows or hides the labels) and "More
    options" (menu "Increase column count", "Reduce column count", "Settings", "About"); the
    grid ``launchers_grid`` of ``launcher_holder`` cells (``launcher_icon``, and
    ``launcher_label`` unless names are hidden): a tap opens the app, a long press starts
    selection mode (the contextual bar of ``mobile_gym.sim.ui.selection``
    with ``cab_rename`` "Rename" for exactly one item, ``cab_remove`` "Remove", "More options"
    menu "Select all"); ``launchers_placeholder`` when nothing shows; ``fab`` ("Add apps").
    Dialogs: "Add apps" (a ``add_app_item`` check box per installed app not in the grid;
    Cancel / OK), "Rename" (``edit_launcher_title``, empty with the old title as hint; Cancel
    / OK), "Remove item?" ("Are you sure you want to remove X from the list?"; Cancel / Remove),
    "Sort by" (radio buttons ``sorting_dialog_radio_title``, ``sorting_dialog_radio_custom``, and
    unless custom is chosen ``sorting_dialog_radio_ascending``,
    ``sorting_dialog_radio_descending``; Cancel / OK).
``.activities.SettingsActivity``
    "Navigate up", the switch ``settings_close_app`` "Close this app at launching a different
    one".
The About pages of ``mobile_gym.sim.apps.about``.

Logcat (tag ``AppLauncher``): ``Launching: package=P title=T``, ``Launcher added: package=P
title=T``, ``Launcher renamed: package=P title=T``, ``Launcher removed: package=P title=T``,
``Preference changed: key=value`` (sorting, column count, app names, settings).
Toasts: "Title cannot be empty", "All apps are already in the list", "App not found",
"N items removed" (or "1 item removed").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from typing import ClassVar, cast

from mobile_gym.caches import FIFOCache
from mobile_gym.sim.apps.about import SCREENS as ABOUT_SCREENS
from mobile_gym.sim.apps.about import AboutPages, open_about
from mobile_gym.sim.apps.app_launcher.data import (
    DATABASE,
    DEFAULTS,
    MAX_COLUMNS,
    MIN_COLUMNS,
    SCHEMA,
    Launcher,
    add,
    launchers,
    seed_launchers,
    titled,
)
from mobile_gym.sim.apps.base import App, AppContext, Handler
from mobile_gym.sim.apps.preferences import Preferences, switches_screen
from mobile_gym.sim.ui.choices import Option, choices_dialog
from mobile_gym.sim.ui.composites import Toolbar, empty_state, fab, toolbar
from mobile_gym.sim.ui.grid import grid_row
from mobile_gym.sim.ui.list_items import MadeItems
from mobile_gym.sim.ui.search import Search
from mobile_gym.sim.ui.selection import Selection, selection_bar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import CheckBox, ImageView, TextView

PACKAGE = "com.simplemobiletools.applauncher"
MAIN = ".activities.MainActivity"
SETTINGS = ".activities.SettingsActivity"
VERSION = "5.9.2"
CELL_DP = 112
ADD_ROW_DP = 52
ADD_ROWS_SHOWN = 7
WHITE = (255, 255, 255)
UNKNOWN = (120, 124, 130)
SORTS = (
    ("title", "sorting_dialog_radio_title", "Title"),
    ("custom", "sorting_dialog_radio_custom", "Custom"),
)
ORDERS = (
    ("asc", "sorting_dialog_radio_ascending", "Ascending"),
    ("desc", "sorting_dialog_radio_descending", "Descending"),
)
SWITCHES = (("close_app", "settings_close_app", "Close this app at launching a different one"),)
LISTINGS = 8
"""How many orderings and searches of the items are kept (``AppLauncherApp.listings``)."""


class AppLauncherApp(AboutPages, App):
    """Simple App Launcher: a grid of the user's apps to open, rename, remove and arrange."""

    package = PACKAGE
    label = "App Launcher"
    icon = "apps"
    color = (121, 85, 72)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {MAIN: "main", SETTINGS: "settings", **ABOUT_SCREENS}
    schemas: ClassVar[dict[str, str]] = {DATABASE: SCHEMA}
    about_name = "Simple App Launcher"
    version = VERSION

    def __init__(self) -> None:
        super().__init__()
        self.listings: FIFOCache[tuple, tuple[Launcher, ...]] = FIFOCache(LISTINGS)
        """The items shown, by the database's stamp, sorting, order and search query: read,
        sorted and matched again only once the items change."""

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        apps = [(a.label, a.package) for a in ctx.phone.launcher_apps() if a.package != PACKAGE]
        seed_launchers(ctx.db(), rng, apps)

    def back(self, ctx: AppContext) -> bool:
        return Selection(ctx).close_on_back() or Search(ctx).close_on_back()

    # actions ----------------------------------------------------------------------------------
    def _launch(self, ctx: AppContext, item: Launcher) -> None:
        if item.package not in ctx.phone.apps or item.package == PACKAGE:
            ctx.toast("App not found")
            return
        ctx.log(f"Launching: package={item.package} title={item.title}")
        ctx.phone.launch(item.package)
        if Preferences(ctx, DEFAULTS).flag("close_app"):
            ctx.finish()

    def _columns(self, prefs: Preferences, delta: int) -> Handler:
        def change() -> None:
            count = int(prefs.get("column_count")) + delta
            if MIN_COLUMNS <= count <= MAX_COLUMNS:
                prefs.put("column_count", str(count))

        return change

    def _sort_dialog(self, ctx: AppContext, prefs: Preferences) -> Handler:
        chosen = {"sort": prefs.get("sort"), "order": prefs.get("order")}

        def options(pending: Mapping[str, str]) -> list[Option]:
            groups = [("sort", SORTS)]
            if pending["sort"] != "custom":  # the custom order has no direction
                groups.append(("order", ORDERS))
            return [(key, *option) for key, offered in groups for option in offered]

        def apply(picked: dict[str, str]) -> None:
            if picked["sort"] == "custom":
                picked["order"] = "asc"
            for key, value in picked.items():
                if value != chosen[key]:
                    prefs.put(key, value)

        return choices_dialog(ctx, chosen, options, apply)

    def _add_dialog(self, ctx: AppContext) -> Handler:
        def missing() -> list[App]:
            """The installed apps not in the grid, by label: read only as the dialog opens,
            shows or adds them, never at a build of the grid."""
            present = {row[0] for row in ctx.db().execute("SELECT package FROM launchers")}
            return [
                app
                for app in sorted(ctx.phone.launcher_apps(), key=lambda a: a.label.lower())
                if app.package not in present and app.package != PACKAGE
            ]

        checked: list[str] = ctx.get("add_checked", [])

        def flip(package: str) -> Callable[[bool], None]:
            def run(on: bool) -> None:
                rest = [p for p in checked if p != package]
                ctx.set("add_checked", [*rest, package] if on else rest)

            return run

        def confirm() -> None:
            ticked = ctx.pop("add_checked", [])
            picked = [app for app in missing() if app.package in ticked]
            add(ctx.db(), [(app.label, app.package) for app in picked])
            for app in picked:
                ctx.log(f"Launcher added: package={app.package} title={app.label}")

        def body() -> list[View]:
            boxes: list[View] = [
                CheckBox(
                    app.label,
                    id="add_app_item",
                    checked=app.package in checked,
                    on_change=flip(app.package),
                    size=16,
                    height=ADD_ROW_DP,
                )
                for app in missing()
            ]
            shown = min(len(boxes), ADD_ROWS_SHOWN) * ADD_ROW_DP
            return [ctx.scroller("add_apps", boxes, id="add_apps_list", height=shown)]

        show = ctx.dialog(
            "add",
            "Add apps",
            buttons=[("Cancel", lambda: ctx.pop("add_checked")), ("OK", confirm)],
            body=body,
        )

        def open_dialog() -> None:
            if missing():
                show()
            else:
                ctx.toast("All apps are already in the list")

        return open_dialog

    def _rename_dialog(self, ctx: AppContext, item: Launcher, selection: Selection) -> Handler:
        def rename() -> bool:
            title = ctx.field("rename").strip()
            if not title:
                ctx.toast("Title cannot be empty")
                return False
            ctx.db().execute("UPDATE launchers SET title = ? WHERE id = ?", (title, item.id))
            ctx.log(f"Launcher renamed: package={item.package} title={title}")
            ctx.clear_field("rename")
            selection.clear()
            return True

        return ctx.dialog(
            "rename",
            "Rename",
            buttons=[("Cancel", lambda: ctx.clear_field("rename")), ("OK", rename)],
            body=lambda: [ctx.edit("rename", hint=item.title, id="edit_launcher_title")],
        )

    def _remove_dialog(
        self, ctx: AppContext, items: list[Launcher], selection: Selection
    ) -> Handler:
        def remove() -> None:
            for item in items:
                ctx.db().execute("DELETE FROM launchers WHERE id = ?", (item.id,))
                ctx.log(f"Launcher removed: package={item.package} title={item.title}")
            selection.clear()
            ctx.toast(f"{len(items)} {'item' if len(items) == 1 else 'items'} removed")

        what = items[0].title if len(items) == 1 else f"{len(items)} items"
        return ctx.dialog(
            "remove",
            "Remove item?" if len(items) == 1 else "Remove items?",
            f"Are you sure you want to remove {what} from the list?",
            buttons=[("Cancel", None), ("Remove", remove)],
        )

    # the screen -------------------------------------------------------------------------------
    def _bar(
        self,
        ctx: AppContext,
        prefs: Preferences,
        shown: Sequence[Launcher],
        search: Search,
        selection: Selection,
    ) -> Toolbar:
        if selection.active:
            selected = set(selection.keys)
            chosen = [item for item in shown if item.id in selected]
            select_all = ctx.menu(
                "selection", [("Select all", lambda: selection.set([i.id for i in shown]))]
            )
            actions = []
            if len(chosen) == 1:
                actions.append(("edit", "Rename", self._rename_dialog(ctx, chosen[0], selection)))
            actions.append(("delete", "Remove", self._remove_dialog(ctx, chosen, selection)))
            return selection_bar(
                selection.title(len(shown)),
                on_close=selection.clear,
                actions=actions,
                on_overflow=select_all,
            )
        if search.active:
            return search.bar()
        open_menu = ctx.menu(
            "overflow",
            [
                ("Increase column count", self._columns(prefs, 1)),
                ("Reduce column count", self._columns(prefs, -1)),
                ("Settings", lambda: ctx.open(SETTINGS)),
                ("About", open_about(ctx)),
            ],
        )
        named = prefs.flag("show_app_name")
        actions = [
            search.action(),
            ("menu", "Sort by", self._sort_dialog(ctx, prefs)),
            ("apps", "Toggle app name", lambda: prefs.put("show_app_name", not named)),
        ]
        return toolbar("App Launcher", actions=actions, on_overflow=open_menu)

    def _cell(
        self, ctx: AppContext, item: Launcher, selection: Selection, named: bool, chosen: bool
    ) -> View:
        """``item``'s cell (``chosen`` when it is selected)."""
        app = ctx.phone.apps.get(item.package)

        def click() -> None:
            if selection.active:
                selection.toggle(item.id)
            else:
                self._launch(ctx, item)

        label = TextView(
            item.title, id="launcher_label", size=13, max_lines=2, align="center", width=MATCH
        )
        return Column(
            ImageView(
                app.icon if app is not None else "apps",
                id="launcher_icon",
                size=56,
                padding=12,
                circle=app.color if app is not None else UNKNOWN,
                tint=WHITE,
                gravity="center",
                margin=(0, 12, 0, 4),
            ),
            *([label] if named else []),
            id="launcher_holder",
            height=CELL_DP,
            padding=(4, 0),
            selected=chosen,
            background="surface_variant" if chosen else None,
            radius=12,
            on_click=click,
            on_long_click=lambda: selection.start(item.id),
        )

    def _shown(self, ctx: AppContext, sort: str, order: str, query: str) -> tuple[Launcher, ...]:
        """The items in display order whose title holds ``query`` (``data.launchers``), read
        and matched again only once the items change (``listings``): a long grid is not
        read, sorted and searched at every build."""
        db = ctx.db()
        stamp = ctx.phone.storage.stamp(db)
        every = self.listings.get(
            (stamp, sort, order, ""), lambda _key: tuple(launchers(db, sort, order))
        )
        if not query:
            return every
        return self.listings.get(
            (stamp, sort, order, query), lambda _key: tuple(titled(every, query))
        )

    def main(self, ctx: AppContext) -> View:
        prefs = Preferences(ctx, DEFAULTS)
        search, selection = Search(ctx), Selection(ctx)
        shown = self._shown(ctx, prefs.get("sort"), prefs.get("order"), search.query)
        bar = self._bar(ctx, prefs, shown, search, selection)
        body: View
        if shown:
            named = prefs.flag("show_app_name")
            selected = set(selection.keys)
            columns = int(prefs.get("column_count"))

            def render(_index: int, line: object) -> View:
                cells = [
                    self._cell(ctx, item, selection, named, item.id in selected)
                    for item in cast(tuple[Launcher, ...], line)
                ]
                return grid_row(cells, columns, height=CELL_DP)

            # the grid's lines (``columns`` items each), made only as they show
            lines = MadeItems(
                range(-(-len(shown) // columns)),
                lambda line: shown[line * columns : (line + 1) * columns],
            )
            body = ctx.scroller(
                "grid", items=lines, item_height=CELL_DP, render_item=render, id="launchers_grid"
            )
        else:
            message = "No items match your search" if search.query else "No items found"
            body = empty_state(message, id="launchers_placeholder")
        return Column(
            bar,
            FrameLayout(
                children=[body, fab("add", "Add apps", self._add_dialog(ctx))], height=MATCH
            ),
            height=MATCH,
        )

    def settings(self, ctx: AppContext) -> View:
        return switches_screen(ctx, DEFAULTS, SWITCHES)
