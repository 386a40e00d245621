"""The main screen: the bottom navigation (首页, 购物车, 我的) and the home tab, with the
search box, the categories and the products people buy most."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian import data
from mobile_gym.sim.apps.taodian.cart import cart_tab
from mobile_gym.sim.apps.taodian.login import require_login
from mobile_gym.sim.apps.taodian.me import me_tab
from mobile_gym.sim.apps.taodian.ui import (
    ORANGE,
    PRODUCT_ROW_DP,
    open_product,
    product_row,
    sales_text,
)
from mobile_gym.sim.ui.grid import grid
from mobile_gym.sim.ui.view import MATCH, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

TABS = (("首页", "home"), ("购物车", "checklist"), ("我的", "person"))
HOT_SQL = "SELECT id, name, price, sales FROM products ORDER BY sales DESC, id"


def _home(ctx: AppContext) -> View:
    box = Row(
        ImageView("search", size=20, margin=(12, 0, 8, 0)),
        TextView("搜索商品", size=15, color="hint", width=0, weight=1),
        id="search_box",
        height=40,
        radius=20,
        background="surface",
        margin=(12, 8),
        on_click=lambda: ctx.open_focused(data.SEARCH, "query"),
    )
    chips: list[View] = [
        TextView(
            name,
            id="category_item",
            size=14,
            align="center",
            height=40,
            radius=8,
            background="surface",
            margin=4,
            on_click=lambda name=name: ctx.open(data.SEARCH, category=name),
        )
        for name in data.categories(ctx)
    ]
    hot = ctx.rows(HOT_SQL)

    def render(index: int, _item: object) -> View:
        pid, name, amount, sales = hot[index]
        return product_row(
            name, sales_text(sales), amount, lambda: open_product(ctx, pid), picture=name
        )

    return Column(
        TextView("淘店", size=22, bold=True, color=ORANGE, padding=(16, 12, 16, 0)),
        box,
        Column(*grid(chips, 4), padding=(8, 0)),
        TextView("猜你喜欢", size=16, bold=True, padding=(16, 12, 16, 4)),
        ctx.scroller(
            "hot", items=hot, item_height=PRODUCT_ROW_DP, render_item=render, id="product_list"
        ),
        height=MATCH,
    )


def _nav(ctx: AppContext, selected: int) -> LinearLayout:
    count = ctx.db().execute("SELECT COUNT(*) FROM cart_items").fetchone()[0]

    def item(index: int) -> View:
        label, icon = TABS[index]
        chosen = index == selected
        color = ORANGE if chosen else "text_secondary"
        shown = f"{label}({count})" if index == 1 and count else label
        return Column(
            ImageView(icon, size=24, tint=color, gravity="center", margin=(0, 6, 0, 0)),
            TextView(shown, size=12, color=color, gravity="center", margin=(0, 0, 0, 6)),
            id=f"tab_{('home', 'cart', 'me')[index]}",
            desc=label,
            width=0,
            weight=1,
            selected=chosen,
            on_click=lambda: _select(ctx, index),
        )

    return LinearLayout(
        orientation="horizontal",
        id="bottom_navigation",
        background="background",
        children=[item(i) for i in range(len(TABS))],
    )


def _select(ctx: AppContext, index: int) -> None:
    """Show tab ``index``; the cart and the account need a signed-in user."""
    if index == 0 or require_login(ctx):
        ctx.set("tab", index)


def main_screen(ctx: AppContext) -> View:
    tab = ctx.get("tab", ctx.args.get("tab", 0))
    body = (_home, cart_tab, me_tab)[tab](ctx)
    return Column(Column(body, width=MATCH, height=0, weight=1), _nav(ctx, tab), height=MATCH)
