"""The tab switcher: the open tabs as rows; a tap shows one, its cross closes it."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.chrome import navigation
from mobile_gym.sim.apps.chrome.navigation import Tab
from mobile_gym.sim.ui.composites import list_item, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import ImageButton


def _tab_row(ctx: AppContext, index: int, tab: Tab) -> View:
    """The row of tab ``index``: its page's title and address (none for a new tab page)."""
    entry = tab["entries"][tab["index"]]
    title = entry["title"]
    return list_item(
        title,
        "" if navigation.is_new_tab(entry) else entry["url"],
        id="tab_view",
        title_id="tab_title",
        subtitle_id="tab_url",
        on_click=lambda: navigation.select_tab(ctx, index),
        trailing=ImageButton(
            "close",
            desc=f"Close {title} tab",
            id="action_button",
            on_click=lambda: navigation.close_tab(ctx, index),
        ),
    )


def tab_switcher(ctx: AppContext) -> View:
    """The open tabs: tap one to show it, close one with its cross, or open a new one. The
    tabs are a recycled list: only the rows in view are made, however many tabs are open."""
    all_tabs = navigation.tabs(ctx)
    bar = toolbar(
        f"{len(all_tabs)} open tabs" if len(all_tabs) != 1 else "1 open tab",
        on_up=lambda: ctx.pop("switcher"),
        actions=[("add", "New tab", lambda: navigation.new_tab(ctx))],
    )
    tab_list = ctx.scroller(
        "tabs",
        items=all_tabs,
        render_item=lambda index, tab: _tab_row(ctx, index, tab),
        wrap_rows=True,
        id="tab_list",
        height=0,
        weight=1,
    )
    return Column(bar, tab_list, height=MATCH, background="surface")
