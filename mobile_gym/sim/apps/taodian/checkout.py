"""Order confirmation: the delivery address (picked from the address book), the items, the
total and 提交订单, which creates the order and asks for the payment password."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian import data, store
from mobile_gym.sim.apps.taodian.data import CartLine
from mobile_gym.sim.apps.taodian.ui import ORANGE, address_block, bottom_bar, shop_button, tile
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

ITEM_DP = 96


def lines(ctx: AppContext) -> list[CartLine]:
    """What is being bought: the chosen cart rows, or one SKU bought now."""
    args = ctx.args
    if "cart_ids" in args:
        return [line for line in data.cart(ctx) if line.id in args["cart_ids"]]
    row = (
        ctx.db()
        .execute(
            "SELECT s.id, s.product_id, p.name, s.name, s.price, s.stock FROM skus s "
            "JOIN products p ON p.id = s.product_id WHERE s.id = ?",
            (args.get("sku_id", 0),),
        )
        .fetchone()
    )
    if row is None:
        return []
    sku_id, product_id, name, sku, amount, stock = row
    return [CartLine(0, product_id, sku_id, name, sku, amount, args.get("count", 1), stock, True)]


def chosen_address(ctx: AppContext) -> data.Address | None:
    picked = data.prefs(ctx).get("checkout_address")
    return data.address(ctx, int(picked) if picked.isdigit() else None)


def _address_card(ctx: AppContext, where: data.Address | None) -> View:
    pick = lambda: ctx.open(data.ADDRESSES, pick=True)  # noqa: E731
    if where is None:
        return Row(
            ImageView("add", size=24, tint=ORANGE),
            TextView("请添加收货地址", id="address_receiver", size=16, margin=(12, 0, 0, 0)),
            id="address_card",
            width=MATCH,
            padding=(16, 18),
            on_click=pick,
        )
    return address_block(
        where.receiver,
        where.mobile,
        f"{where.region} {where.addr}",
        id="address_card",
        width=MATCH,
        padding=(16, 14),
        on_click=pick,
    )


def open_payment(ctx: AppContext, order_id: int) -> None:
    """Show the order with its payment password dialog open."""
    ctx.open(data.ORDER, order_id=order_id)
    _app, opened = ctx.phone.activities.context(data.PACKAGE)
    opened.set("dialog:pay", True)
    opened.focus("pay_password")


def confirm_screen(ctx: AppContext) -> View:
    buying = lines(ctx)
    where = chosen_address(ctx)
    total = round(sum(line.subtotal for line in buying), 2)

    def submit() -> None:
        if where is None:
            ctx.toast("请选择收货地址")
            return
        if store.short_of_stock(buying):
            ctx.toast("库存不足")
            return
        order_id = store.submit_order(ctx, buying, where, "cart_ids" in ctx.args)
        ctx.finish()
        open_payment(ctx, order_id)

    def render(index: int, _item: object) -> View:
        line = buying[index]
        return Row(
            tile(line.name, 72),
            Column(
                TextView(line.name, id="order_item_name", size=14, max_lines=2, width=MATCH),
                TextView(line.sku, id="order_item_sku", size=12, color="text_secondary"),
                Row(
                    TextView(
                        data.yuan(line.price), id="order_item_price", size=14, width=0, weight=1
                    ),
                    TextView(f"x{line.count}", id="order_item_count", size=14),
                    width=MATCH,
                ),
                width=0,
                weight=1,
                margin=(10, 0, 0, 0),
            ),
            height=ITEM_DP,
            padding=(16, 8),
        )

    items = ctx.scroller(
        "items", items=buying, item_height=ITEM_DP, render_item=render, id="order_items"
    )
    summary = Column(
        Row(
            TextView("商品金额", size=14, width=0, weight=1),
            TextView(data.yuan(total), id="goods_total", size=14),
            width=MATCH,
        ),
        Row(
            TextView("运费", size=14, width=0, weight=1),
            TextView(data.yuan(0), id="freight", size=14),
            width=MATCH,
        ),
        padding=(16, 8),
    )
    bar = bottom_bar(
        TextView(f"共{sum(line.count for line in buying)}件", size=13, color="text_secondary"),
        View(width=0, weight=1),
        TextView("合计:", size=14),
        TextView(data.yuan(total), id="order_total", size=17, bold=True, color=ORANGE),
        shop_button("提交订单", submit if buying else None, id="submit_order"),
    )
    return Column(
        ctx.up_bar("确认订单"),
        _address_card(ctx, where),
        View(height=8, background="surface"),
        Column(items, height=0, weight=1),
        summary,
        bar,
        height=MATCH,
    )
