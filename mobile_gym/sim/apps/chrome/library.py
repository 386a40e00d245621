"""The history, bookmarks and downloads screens: lists read from the browser's database.

A tap on a history entry or a bookmark closes the screen and opens the page in the tab in
front, a tap on a download opens the file (a PDF in the document reader); a long press
offers "Delete". History has "Clear browsing data" (a dialog).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import data, downloads, navigation
from mobile_gym.sim.ui.composites import empty_state, list_item, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, View

ROW_DP = 72


def _open_in_browser(ctx: AppContext, url: str) -> None:
    ctx.finish()
    _app, main = ctx.phone.activities.context(data.PACKAGE)
    if main.screen.activity == data.MAIN:
        navigation.open_url(main, url)


def _delete_menu(ctx: AppContext, table: str):
    target = ctx.get("target")

    def delete() -> None:
        ctx.db().execute(f"DELETE FROM {table} WHERE id = ?", (target,))
        ctx.log(f"Deleted from {table}: id={target}")

    menu = ctx.menu("row", [("Delete", delete)], at_touch=True)

    def show(row_id: int) -> None:
        ctx.set("target", row_id)
        menu()

    return show


def _list(
    ctx: AppContext,
    title: str,
    table: str,
    sql: str,
    empty: str,
    opens: bool,
    on_file: Callable[[str], None] | None = None,
    **bar,
) -> View:
    """A screen listing ``sql``'s rows (id, url, label, time): ``opens`` pages in the
    browser, or ``on_file`` (given the label, a file name) opens a download."""
    rows = ctx.rows(sql)
    long_press = _delete_menu(ctx, table)

    def render(_index: int, row: object) -> View:
        row_id, url, label, when = row  # type: ignore[misc]
        stamp = dt.datetime.fromtimestamp(when / 1000, tz=dt.UTC).strftime("%b %d, %H:%M")
        click = None
        if opens:
            click = lambda: _open_in_browser(ctx, url)  # noqa: E731
        elif on_file is not None:
            click = lambda: on_file(label)  # noqa: E731
        return list_item(
            label or url,
            f"{url} \u00b7 {stamp}" if opens else f"{stamp}",
            id=f"{table}_item",
            title_id="title",
            subtitle_id="description",
            height=ROW_DP,
            on_click=click,
            on_long_click=lambda: long_press(row_id),
        )

    body: View
    if len(rows):
        body = ctx.scroller(
            table,
            id=f"{table}_list",
            items=rows,
            item_height=ROW_DP,
            render_item=render,
            height=0,
            weight=1,
        )
    else:
        body = empty_state(empty, id="empty_view")
    return Column(toolbar(title, on_up=ctx.finish, **bar), body, height=MATCH, background="surface")


def history_screen(ctx: AppContext) -> View:
    def clear() -> None:
        data.clear_history(ctx)

    confirm = ctx.dialog(
        "clear",
        "Clear browsing data?",
        "Your browsing history will be deleted.",
        buttons=[("Cancel", None), ("Clear data", clear)],
    )
    return _list(
        ctx,
        "History",
        "history",
        "SELECT id, url, title, visited FROM history ORDER BY visited DESC, id DESC",
        "No history here",
        True,
        actions=[("delete", "Clear browsing data", confirm)],
    )


def bookmarks_screen(ctx: AppContext) -> View:
    return _list(
        ctx,
        "Bookmarks",
        "bookmarks",
        "SELECT id, url, title, created FROM bookmarks ORDER BY created DESC, id DESC",
        "No bookmarks here",
        True,
    )


def downloads_screen(ctx: AppContext) -> View:
    return _list(
        ctx,
        "Downloads",
        "downloads",
        f"SELECT id, url, substr(path, {len(data.DOWNLOAD_DIR) + 2}), created FROM downloads "
        "ORDER BY created DESC, id DESC",
        "No downloads here",
        False,
        on_file=lambda name: downloads.open_download(ctx, f"{data.DOWNLOAD_DIR}/{name}"),
    )
