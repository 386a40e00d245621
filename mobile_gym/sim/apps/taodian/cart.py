"""The cart tab: rows to select, quantities to change, the total of what is selected,
checkout, and a manage mode that deletes the selected rows."""

from __future__ import annotations

from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.taodian import data, store
from mobile_gym.sim.apps.taodian.data import CartLine
from mobile_gym.sim.apps.taodian.ui import (
    ORANGE,
    bottom_bar,
    open_product,
    shop_button,
    stepper,
    tile,
)
from mobile_gym.sim.ui.composites import app_bar, empty_state
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import CheckBox, TextView

ROW_DP = 120


def open_checkout(ctx: AppContext, **args: object) -> None:
    """Open the order confirmation (with the default address until one is picked)."""
    data.prefs(ctx).put("checkout_address", "")
    ctx.open(data.CONFIRM, **args)


def _row(ctx: AppContext, line: CartLine) -> View:
    def minus() -> None:
        if line.count <= 1:
            ctx.toast("商品数量不能少于1件")
        else:
            store.set_count(ctx, line, line.count - 1)

    def plus() -> None:
        if line.count >= line.stock:
            ctx.toast("库存不足")
        else:
            store.set_count(ctx, line, line.count + 1)

    return Row(
        CheckBox(
            "",
            id="cart_item_check",
            desc=line.name,
            checked=line.selected,
            on_change=lambda on: store.select(ctx, [line.id], on),
            width=48,
        ),
        tile(line.name, 80),
        Column(
            TextView(
                line.name,
                id="cart_item_name",
                size=14,
                max_lines=2,
                width=MATCH,
                on_click=lambda: open_product(ctx, line.product_id),
            ),
            TextView(
                line.sku,
                id="cart_item_sku",
                size=12,
                color="text_secondary",
                background="surface",
                padding=(6, 2),
                margin=(0, 4),
            ),
            Row(
                TextView(
                    data.yuan(line.price),
                    id="cart_item_price",
                    size=15,
                    bold=True,
                    color=ORANGE,
                    width=0,
                    weight=1,
                ),
                stepper(line.count, minus, plus, id="cart_item_count"),
                width=MATCH,
            ),
            width=0,
            weight=1,
            margin=(10, 0, 0, 0),
        ),
        id="cart_item",
        height=ROW_DP,
        padding=(4, 8, 12, 8),
    )


def cart_tab(ctx: AppContext) -> View:
    lines = data.cart_lines(ctx)
    totals = data.cart_totals(ctx)
    managing = bool(ctx.get("managing"))
    chosen = totals.chosen
    every = bool(totals.ids) and len(chosen) == len(totals.ids)
    bar = app_bar(
        [
            TextView(
                f"购物车({len(totals.ids)})",
                id="toolbar_title",
                size=20,
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            TextView(
                "完成" if managing else "管理",
                id="cart_manage",
                size=15,
                padding=(16, 12),
                on_click=lambda: ctx.set("managing", not managing),
            ),
        ]
    )
    if not totals.ids:
        return Column(bar, empty_state("购物车竟然是空的", id="cart_empty"), height=MATCH)

    def render(index: int, _item: object) -> View:
        return _row(ctx, lines[index])

    body = ctx.scroller("cart", items=lines, item_height=ROW_DP, render_item=render, id="cart_list")
    select_all = CheckBox(
        "全选",
        id="select_all",
        checked=every,
        on_change=lambda on: store.select(ctx, totals.ids, on),
        width=88,
        size=14,
    )
    if managing:
        ask = ctx.dialog(
            "delete",
            f"确认要删除这{len(chosen)}种商品吗？",
            buttons=[("取消", None), ("删除", lambda: _delete(ctx, chosen))],
        )
        action: View = shop_button("删除", ask if chosen else _nothing(ctx), id="delete_button")
        total: View = View(width=0, weight=1)
    else:
        total = Row(
            TextView("合计:", size=14),
            TextView(data.yuan(totals.amount), id="cart_total", size=17, bold=True, color=ORANGE),
            width=0,
            weight=1,
            arrange="end",
        )
        action = shop_button(
            f"结算({totals.pieces})",
            (lambda: open_checkout(ctx, cart_ids=list(chosen))) if chosen else _nothing(ctx),
            id="checkout_button",
        )
    return Column(
        bar,
        Column(body, height=0, weight=1),
        bottom_bar(select_all, total, action),
        height=MATCH,
    )


def _nothing(ctx: AppContext) -> Handler:
    return lambda: ctx.toast("您还没有选择宝贝哦")


def _delete(ctx: AppContext, chosen: Sequence[int]) -> None:
    store.delete_from_cart(ctx, list(chosen))
    ctx.toast("删除成功")
