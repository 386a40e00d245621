"""The ``App`` of Chrome: its screens, its database and what BACK does in the browser."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.chrome import data, find, library, navigation
from mobile_gym.sim.apps.chrome.browser import ADDRESS_HINT, URL_FIELD, browser, leave_address
from mobile_gym.sim.ui.view import View

PACKAGE = data.PACKAGE
MAIN = data.MAIN
__all__ = ["ADDRESS_HINT", "MAIN", "PACKAGE", "URL_FIELD", "ChromeApp"]


class ChromeApp(App):
    """Google Chrome over the phone's offline web: tabs, history, bookmarks, downloads."""

    package = PACKAGE
    label = "Chrome"
    icon = "search"
    color = (26, 115, 232)
    main_activity = MAIN
    screens: ClassVar[dict[str, str]] = {
        MAIN: "browser",
        data.HISTORY: "history",
        data.BOOKMARKS: "bookmarks",
        data.DOWNLOADS: "downloads",
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}

    def browser(self, ctx: AppContext) -> View:
        return browser(ctx)

    def history(self, ctx: AppContext) -> View:
        return library.history_screen(ctx)

    def bookmarks(self, ctx: AppContext) -> View:
        return library.bookmarks_screen(ctx)

    def downloads(self, ctx: AppContext) -> View:
        return library.downloads_screen(ctx)

    def back(self, ctx: AppContext) -> bool:
        """In the browser BACK closes the tab switcher, the find bar or the address being
        edited, else goes back in the tab's history."""
        if ctx.screen.activity != MAIN:
            return False
        if ctx.get("switcher"):
            ctx.pop("switcher")
            return True
        if ctx.get("finding"):
            find.close(ctx)
            return True
        if leave_address(ctx):
            return True
        return navigation.step(ctx, -1)

    def title(self, ctx: AppContext) -> str:
        if ctx.screen.activity == MAIN:
            return navigation.current_entry(ctx)["title"]
        return self.label
