"""Chrome's names and its database: history, bookmarks and downloads."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext

PACKAGE = "com.android.chrome"
MAIN = "com.google.android.apps.chrome.Main"
HISTORY = "org.chromium.chrome.browser.history.HistoryActivity"
BOOKMARKS = "org.chromium.chrome.browser.app.bookmarks.BookmarkActivity"
DOWNLOADS = "org.chromium.chrome.browser.download.DownloadActivity"
DATABASE = "chrome"
DOWNLOAD_DIR = "/sdcard/Download"
NEW_TAB_URL = "chrome://newtab/"
SEARCH_URL = "https://www.google.com/search?q="
URL_FIELD = "url"
"""The address bar's field in the main screen's state."""

SCHEMA = """
CREATE TABLE history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL,
    title TEXT NOT NULL DEFAULT '',
    visited INTEGER NOT NULL
);
CREATE TABLE bookmarks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    url TEXT NOT NULL UNIQUE,
    title TEXT NOT NULL DEFAULT '',
    created INTEGER NOT NULL
);
CREATE TABLE downloads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    path TEXT NOT NULL,
    url TEXT NOT NULL,
    size INTEGER NOT NULL,
    created INTEGER NOT NULL
);
"""


def now_ms(ctx: AppContext) -> int:
    """The time to stamp a record with: milliseconds since 1970 on the virtual clock."""
    return ctx.phone.clock.stamp()


def add_history(ctx: AppContext, url: str, title: str) -> None:
    ctx.db().execute(
        "INSERT INTO history(url, title, visited) VALUES (?, ?, ?)", (url, title, now_ms(ctx))
    )


def clear_history(ctx: AppContext) -> None:
    ctx.db().execute("DELETE FROM history")
    ctx.log("History cleared")


def is_bookmarked(ctx: AppContext, url: str) -> bool:
    row = ctx.db().execute("SELECT 1 FROM bookmarks WHERE url = ?", (url,)).fetchone()
    return row is not None


def toggle_bookmark(ctx: AppContext, url: str, title: str) -> None:
    """Bookmark ``url`` (as ``title``), or remove its bookmark if it has one."""
    if is_bookmarked(ctx, url):
        remove_bookmark(ctx, url)
        return
    ctx.db().execute(
        "INSERT INTO bookmarks(url, title, created) VALUES (?, ?, ?)", (url, title, now_ms(ctx))
    )
    ctx.log(f"Bookmark added: url={url}")
    ctx.toast("Bookmarked")


def remove_bookmark(ctx: AppContext, url: str) -> None:
    ctx.db().execute("DELETE FROM bookmarks WHERE url = ?", (url,))
    ctx.log(f"Bookmark removed: url={url}")
