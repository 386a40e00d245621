"""Search: a query, filters (category, price range) and the order of the results (综合,
销量, 价格 rising or falling)."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.taodian import data
from mobile_gym.sim.apps.taodian.ui import (
    ORANGE,
    PRODUCT_ROW_DP,
    open_product,
    product_row,
    sales_text,
)
from mobile_gym.sim.apps.text_search import holding, query_words
from mobile_gym.sim.ui.composites import app_bar, empty_state
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, RadioButton, TextView

ORDERS = {
    "default": "p.id",
    "sales": "p.sales DESC, p.id",
    "price_asc": "low, p.id",
    "price_desc": "low DESC, p.id",
}
"""The sort orders of the results."""


def _number(text: str) -> float | None:
    try:
        return float(text)
    except ValueError:
        return None


def _named(categories: Sequence[str], word: str) -> list[str]:
    """The categories ``word`` names, in any case."""
    folded = word.casefold()
    return [name for name in categories if name.casefold() == folded]


def _query(
    conn: sqlite3.Connection,
    words: list[str],
    categories: Sequence[str],
    category: str,
    low: float | None,
    high: float | None,
    order: str,
) -> tuple[str, list[object]]:
    """The results' query on ``conn``: every word in the name or kind, or naming the
    category (of ``categories``), in any case; the category and the price range (of the
    cheapest SKU) chosen; in ``order``."""
    where: list[str] = ["1"]
    params: list[object] = []
    for word in words:
        named = _named(categories, word)
        marks = ", ".join("?" for _ in named)
        in_category = f" OR p.category IN ({marks})" if named else ""
        where.append(f"({holding(conn, 'p.name', 'p.description')}{in_category})")
        params += [word, word, *named]
    if category:
        where.append("p.category = ?")
        params.append(category)
    having: list[str] = []
    if low is not None:
        having.append("low >= ?")
        params.append(low)
    if high is not None:
        having.append("low <= ?")
        params.append(high)
    sql = (
        "SELECT p.id, p.name, MIN(s.price) AS low, p.sales FROM products p "
        "JOIN skus s ON s.product_id = p.id WHERE "
        + " AND ".join(where)
        + " GROUP BY p.id"
        + (" HAVING " + " AND ".join(having) if having else "")
        + f" ORDER BY {ORDERS[order]}"
    )
    return sql, params


def _filters(ctx: AppContext) -> Handler:
    """The dialog 筛选 (category, price range); returns its opener."""
    chosen = ctx.get("pending_category", ctx.get("category", ctx.args.get("category", "")))

    def body() -> list[View]:
        options: list[View] = [TextView("分类", size=14, bold=True, margin=(0, 12, 0, 0))]
        for name in ["", *data.categories(ctx)]:
            options.append(
                RadioButton(
                    name or "全部",
                    id="filter_category",
                    checked=name == chosen,
                    on_change=lambda _on, name=name: ctx.set("pending_category", name),
                    size=15,
                )
            )
        options += [
            TextView("价格区间", size=14, bold=True, margin=(0, 12, 0, 0)),
            Row(
                ctx.edit(
                    "min_price",
                    hint="最低价",
                    id="min_price",
                    input_type="number",
                    width=0,
                    weight=1,
                ),
                TextView("-", size=16, margin=(8, 0)),
                ctx.edit(
                    "max_price",
                    hint="最高价",
                    id="max_price",
                    input_type="number",
                    width=0,
                    weight=1,
                ),
                width=MATCH,
            ),
        ]
        return options

    def apply() -> bool:
        low, high = _number(ctx.field("min_price")), _number(ctx.field("max_price"))
        if low is not None and high is not None and low > high:
            ctx.toast("最低价不能高于最高价")
            return False
        ctx.set("category", ctx.pop("pending_category", chosen))
        ctx.set("price_range", [low, high])
        ctx.set("searched", True)
        return True

    def reset() -> bool:
        ctx.set("pending_category", "")
        ctx.set_field("min_price", "")
        ctx.set_field("max_price", "")
        return False

    return ctx.dialog("filter", "筛选", buttons=[("重置", reset), ("确定", apply)], body=body)


def search_screen(ctx: AppContext) -> View:
    def submit() -> None:
        ctx.set("submitted", ctx.field("query").strip())
        ctx.set("searched", True)
        ctx.phone.hide_keyboard()

    bar = app_bar(
        [
            ImageButton("back", desc="Navigate up", on_click=ctx.finish),
            ctx.edit(
                "query",
                hint="搜索商品",
                id="search_input",
                width=0,
                weight=1,
                on_submit=submit,
                background="background",
                radius=18,
                padding=(12, 8),
            ),
            Button(
                "搜索",
                on_click=submit,
                id="search_button",
                background=ORANGE,
                color=(255, 255, 255),
                width=-2,
                padding=(16, 8),
                margin=(8, 0, 8, 0),
            ),
        ]
    )
    category = ctx.get("category", ctx.args.get("category", ""))
    searched = ctx.get("searched", bool(category))
    open_filters = _filters(ctx)
    if not searched:
        return Column(bar, empty_state("输入关键词搜索商品", id="search_hint"), height=MATCH)
    order = ctx.get("sort", "default")

    def sort_tab(label: str, key: str, value: str) -> View:
        chosen = order.startswith(key)
        return TextView(
            label,
            id=f"sort_{key}",
            size=14,
            bold=chosen,
            color=ORANGE if chosen else "text",
            align="center",
            width=0,
            weight=1,
            padding=(0, 12),
            selected=chosen,
            on_click=lambda: ctx.set("sort", value),
        )

    price_next = "price_asc" if order != "price_asc" else "price_desc"
    price_label = {"price_asc": "价格↑", "price_desc": "价格↓"}.get(order, "价格")
    sorts = Row(
        sort_tab("综合", "default", "default"),
        sort_tab("销量", "sales", "sales"),
        sort_tab(price_label, "price", price_next),
        TextView(
            "筛选"
            + (
                "·"
                if category or any(v is not None for v in ctx.get("price_range", [None]))
                else ""
            ),
            id="filter_button",
            size=14,
            align="center",
            width=0,
            weight=1,
            padding=(0, 12),
            on_click=open_filters,
        ),
        width=MATCH,
        background="background",
    )
    words = query_words(ctx.get("submitted", "").lower().split())
    low, high = ctx.get("price_range", [None, None])
    sql, params = _query(ctx.db(), words, data.categories(ctx), category, low, high, order)
    found = ctx.rows(sql, params)
    if not len(found):
        results: View = empty_state("没有找到相关宝贝", id="search_empty")
    else:

        def render(index: int, _item: object) -> View:
            pid, name, amount, sales = found[index]
            return product_row(
                name, sales_text(sales), amount, lambda: open_product(ctx, pid), picture=name
            )

        results = ctx.scroller(
            "results",
            items=found,
            item_height=PRODUCT_ROW_DP,
            render_item=render,
            id="search_results",
        )
    return Column(bar, sorts, Column(results, height=0, weight=1), height=MATCH)
