"""The browser's main screen: the address bar (or the find bar) and the menu over the tab in
front (its page, or the new tab page), or the tab switcher; under it the message of a
download just done ("Download complete", "Open")."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.chrome import (
    data,
    downloads,
    find,
    navigation,
    page_actions,
    share,
    tab_switcher,
)
from mobile_gym.sim.apps.chrome.document import document
from mobile_gym.sim.apps.chrome.layout import LINE_DP, Line, lines
from mobile_gym.sim.apps.chrome.new_tab import new_tab_page
from mobile_gym.sim.apps.chrome.webview import page_view
from mobile_gym.sim.ui.composites import app_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView

URL_FIELD = data.URL_FIELD
ADDRESS_HINT = "Search or type web address"


def edit_address(ctx: AppContext) -> None:
    """Focus the address bar; as Chrome selects the address, typing replaces it."""
    if ctx.get("focus") != URL_FIELD:
        ctx.set_field(URL_FIELD, "")
    ctx.focus(URL_FIELD)


def leave_address(ctx: AppContext) -> bool:
    """Stop editing the address (BACK): it shows the page's address again."""
    if ctx.get("focus") != URL_FIELD:
        return False
    ctx.pop("focus")
    ctx.pop("field:" + URL_FIELD)
    return True


def _menu(ctx: AppContext, entry: dict, finder: Handler, share_page: Handler) -> Handler:
    def go(activity: str) -> Handler:
        return lambda: ctx.open(activity)

    items: list[tuple[str, Handler]] = [("New tab", lambda: navigation.new_tab(ctx))]
    if not navigation.is_new_tab(entry):
        url, title = entry["url"], entry["title"]
        marked = data.is_bookmarked(ctx, url)
        page: list[tuple[str, Handler]] = []
        if navigation.can_go_forward(ctx):
            page.append(("Forward", lambda: navigation.step(ctx, 1)))
        page += [
            ("Reload", lambda: navigation.reload(ctx)),
            (
                "Remove bookmark" if marked else "Add bookmark",
                lambda: data.toggle_bookmark(ctx, url, title),
            ),
        ]
        items = page + items
    items += [
        ("History", go(data.HISTORY)),
        ("Bookmarks", go(data.BOOKMARKS)),
        ("Downloads", go(data.DOWNLOADS)),
    ]
    if not navigation.is_new_tab(entry):
        items += [("Share\u2026", share_page), ("Find in page", finder)]
    return ctx.menu("main", items)


def _address_bar(ctx: AppContext, entry: dict, menu: Handler) -> View:
    shown = "" if navigation.is_new_tab(entry) else entry["url"]
    address = ctx.edit(
        URL_FIELD,
        hint=ADDRESS_HINT,
        default=shown,
        id="url_bar",
        width=0,
        weight=1,
        size=16,
        background="surface_variant",
        radius=24,
        padding=(16, 10),
        margin=(8, 0, 0, 0),
        on_submit=lambda: navigation.open_address(ctx, ctx.field(URL_FIELD)),
    )
    address.on_focus = lambda: edit_address(ctx)
    count = len(navigation.tabs(ctx))
    return app_bar(
        [
            address,
            TextView(
                str(count),
                id="tab_switcher_button",
                desc=f"Switch or close tabs, {count} open",
                size=14,
                bold=True,
                align="center",
                width=32,
                padding=(0, 4),
                margin=(8, 0),
                radius=6,
                background="surface_variant",
                on_click=lambda: ctx.set("switcher", True),
            ),
            ImageButton(
                "more", desc="Customize and control Google Chrome", id="menu_button", on_click=menu
            ),
        ]
    )


def _download_bar(ctx: AppContext) -> View | None:
    """The message of the file last downloaded (``snackbar``), while it is not dismissed."""
    path = ctx.get(downloads.DONE_KEY)
    if not path:
        return None

    def open_file() -> None:
        ctx.pop(downloads.DONE_KEY)
        downloads.open_download(ctx, path)

    return Row(
        TextView(downloads.DONE, id="snackbar_message", color="on_toast", width=0, weight=1),
        Button(
            "Open",
            id="snackbar_button",
            on_click=open_file,
            background="toast",
            color="primary",
            padding=(12, 8),
        ),
        id="snackbar",
        background="toast",
        radius=4,
        padding=(16, 4, 8, 4),
        margin=(8, 0, 8, 8),
    )


def browser(ctx: AppContext) -> View:
    """The main screen; started with a ``url`` argument (a link opened from another app,
    ``am start -a android.intent.action.VIEW -d URL``), it opens that page first."""
    url = ctx.args.get("url")
    if isinstance(url, str) and not ctx.has("url_opened"):
        ctx.set("url_opened", True)
        navigation.open_url(ctx, url)
    if ctx.get("switcher"):
        return tab_switcher.tab_switcher(ctx)
    screen = _browser(ctx)
    message = _download_bar(ctx)
    if message is not None:
        screen.children.append(message)
    return screen


def _browser(ctx: AppContext) -> Column:
    entry = navigation.current_entry(ctx)
    if navigation.is_new_tab(entry):
        menu = _menu(ctx, entry, lambda: None, lambda: None)
        return Column(
            _address_bar(ctx, entry, menu),
            new_tab_page(ctx, URL_FIELD, lambda url: navigation.open_url(ctx, url)),
            height=MATCH,
        )
    doc = document(entry["html"], entry["url"])
    d = ctx.phone.display
    page_lines: tuple[Line, ...] = lines(entry["html"], entry["url"], d)
    key = navigation.page_key(ctx)
    finding = bool(ctx.get("finding"))
    found = find.matches(page_lines, ctx.field(find.FIELD)) if finding else ()
    line_px = d.dp(LINE_DP)
    share_page = share.share_dialog(ctx, entry["title"], entry["url"])

    menu = _menu(ctx, entry, lambda: find.open_bar(ctx), share_page)
    bar = (
        find.find_bar(ctx, found, key, line_px, page_lines)
        if finding
        else _address_bar(ctx, entry, menu)
    )
    choose = page_actions.select_dialog(ctx, doc)
    page = page_view(
        ctx,
        key,
        doc,
        page_lines,
        found,
        find.current(ctx, found),
        page_actions.actions(ctx, doc, page_lines, choose),
    )
    return Column(bar, page, height=MATCH)
