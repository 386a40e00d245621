"""A product's page and its SKU sheet: choose a size or colour and a quantity, then add to
the cart or buy now."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.taodian import data, store
from mobile_gym.sim.apps.taodian.cart import open_checkout
from mobile_gym.sim.apps.taodian.login import require_login
from mobile_gym.sim.apps.taodian.ui import (
    AMBER,
    ORANGE,
    bottom_bar,
    price,
    sales_text,
    shop_button,
    stepper,
)
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.grid import grid, thumbnail
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

ADD, BUY = "add", "buy"


def _sheet(ctx: AppContext, product_id: int, options: list[data.Sku]) -> Handler:
    """The SKU sheet; returns its opener (the mode, add or buy, is set before)."""
    chosen = next((o for o in options if o.id == ctx.get("sku")), None)
    count = ctx.get("count", 1)

    def pick(option: data.Sku) -> Handler:
        def run() -> None:
            if option.stock <= 0:
                ctx.toast("该规格已售罄")
                return
            ctx.set("sku", option.id)
            ctx.set("count", min(count, option.stock))

        return run

    def minus() -> None:
        if count <= 1:
            ctx.toast("商品数量不能少于1件")
        else:
            ctx.set("count", count - 1)

    def plus() -> None:
        if chosen is not None and count >= chosen.stock:
            ctx.toast("库存不足")
        else:
            ctx.set("count", count + 1)

    def chip(option: data.Sku) -> View:
        on = chosen is not None and chosen.id == option.id
        return TextView(
            option.name,
            id="sku_option",
            size=13,
            align="center",
            max_lines=2,
            height=40,
            radius=16,
            margin=4,
            padding=(4, 0),
            background=ORANGE if on else "surface",
            color=(255, 255, 255) if on else ("text" if option.stock > 0 else "hint"),
            selected=on,
            on_click=pick(option),
        )

    def body() -> list[View]:
        shown = chosen or min(options, key=lambda o: o.price)
        stock = chosen.stock if chosen else sum(o.stock for o in options)
        chips = [chip(option) for option in options]
        return [
            Row(
                price(shown.price, id="sku_price", size=20),
                TextView(
                    f"库存{stock}件",
                    id="sku_stock",
                    size=13,
                    color="text_secondary",
                    margin=(12, 0, 0, 0),
                ),
            ),
            TextView(
                "已选：" + (chosen.name if chosen else "请选择规格"),
                id="sku_chosen",
                size=13,
                color="text_secondary",
                margin=(0, 4, 0, 8),
            ),
            TextView("规格", size=14, bold=True),
            *grid(chips, 3),
            Row(
                TextView("购买数量", size=14, width=0, weight=1),
                stepper(count, minus, plus, id="quantity"),
                width=MATCH,
                margin=(0, 12, 0, 0),
            ),
        ]

    def confirm() -> bool:
        if chosen is None:
            ctx.toast("请选择规格")
            return False
        if chosen.stock < count:
            ctx.toast("库存不足")
            return False
        if ctx.get("mode") == BUY:
            open_checkout(ctx, sku_id=chosen.id, count=count)
        elif store.add_to_cart(ctx, product_id, chosen.id, count) < count:
            ctx.toast("库存不足")  # the cart holds the whole stock
        else:
            ctx.toast("已加入购物车")
        return True

    label = "立即购买" if ctx.get("mode") == BUY else "加入购物车"
    return ctx.dialog("sku", "选择规格", buttons=[("取消", None), (label, confirm)], body=body)


def _open_cart(ctx: AppContext) -> None:
    if require_login(ctx):
        ctx.open(data.MAIN, tab=1)


def product_screen(ctx: AppContext) -> View:
    product_id = ctx.args.get("product_id", 0)
    row = data.product(ctx, product_id)
    if row is None:
        return Column(
            ctx.up_bar("商品详情"), empty_state("商品已下架", id="product_gone"), height=MATCH
        )
    _pid, name, category, _price, sales, shop, description = row
    options = data.skus(ctx, product_id)
    show_sheet = _sheet(ctx, product_id, options)
    chosen = next((o for o in options if o.id == ctx.get("sku")), None)
    stock = sum(o.stock for o in options)
    low = min((o.price for o in options), default=_price)

    def open_sheet(mode: str) -> Handler:
        def run() -> None:
            if not stock:
                ctx.toast("该商品已售罄")
            elif require_login(ctx):
                ctx.set("mode", mode)
                show_sheet()

        return run

    content = ctx.scroller(
        "product",
        [
            thumbnail(name, height=300),
            Row(
                price(low, id="product_price", size=24),
                TextView(
                    sales_text(sales),
                    id="product_sales",
                    size=13,
                    color="text_secondary",
                    margin=(12, 0, 0, 0),
                ),
                padding=(16, 12, 16, 0),
            ),
            TextView(
                name,
                id="product_name",
                size=18,
                bold=True,
                max_lines=3,
                width=MATCH,
                padding=(16, 8),
            ),
            TextView(
                f"{shop} · {category}",
                id="product_shop",
                size=13,
                color="text_secondary",
                padding=(16, 0),
            ),
            Row(
                TextView("选择", size=14, color="text_secondary", width=48),
                TextView(
                    chosen.name if chosen else "请选择 规格",
                    id="sku_selector_text",
                    size=14,
                    width=0,
                    weight=1,
                ),
                TextView(
                    f"库存{stock}件" if stock else "已售罄",
                    id="product_stock",
                    size=13,
                    color="text_secondary",
                ),
                id="sku_selector",
                width=MATCH,
                padding=(16, 14),
                margin=(0, 12, 0, 0),
                background="surface",
                on_click=open_sheet(ADD),
            ),
            TextView(
                description,
                id="product_description",
                size=14,
                max_lines=4,
                width=MATCH,
                padding=(16, 12),
            ),
        ],
        id="product_scroll",
    )
    bar = bottom_bar(
        ImageButton(
            "checklist",
            desc="购物车",
            id="go_cart",
            on_click=lambda: _open_cart(ctx),
        ),
        View(width=0, weight=1),
        shop_button(
            "加入购物车", open_sheet(ADD) if stock else None, id="add_to_cart", color=AMBER
        ),
        shop_button("立即购买", open_sheet(BUY) if stock else None, id="buy_now"),
    )
    return Column(ctx.up_bar("商品详情"), Column(content, height=0, weight=1), bar, height=MATCH)
