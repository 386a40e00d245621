"""The "我的" tab: the account, shortcuts to the orders of each status, the address book."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian import data
from mobile_gym.sim.apps.taodian.ui import ORANGE
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

ORDER_TABS = ("全部", "待付款", "待发货", "待收货", "已完成")
"""The order list's tabs; each but the first is the status of the same label."""
TAB_STATUS = (None, data.UNPAID, data.UNSHIPPED, data.SHIPPED, data.DONE)


def me_tab(ctx: AppContext) -> View:
    name = data.prefs(ctx).get("user_name")
    counts = dict(ctx.db().execute("SELECT status, COUNT(*) FROM orders GROUP BY status"))
    refunds = ctx.db().execute("SELECT COUNT(*) FROM refunds").fetchone()[0]

    def shortcut(index: int) -> View:
        label = ORDER_TABS[index]
        count = counts.get(TAB_STATUS[index], 0)
        return Column(
            TextView(str(count), size=18, bold=True, gravity="center"),
            TextView(label, size=13, color="text_secondary", gravity="center"),
            id="order_shortcut",
            desc=label,
            width=0,
            weight=1,
            padding=(0, 8),
            on_click=lambda: ctx.open(data.ORDERS, tab=index),
        )

    after_sales = Column(
        TextView(str(refunds), size=18, bold=True, gravity="center"),
        TextView("退款/售后", size=13, color="text_secondary", gravity="center"),
        id="order_shortcut",
        desc="退款/售后",
        width=0,
        weight=1,
        padding=(0, 8),
        on_click=lambda: ctx.open(data.ORDERS, tab=5),
    )
    return Column(
        Row(
            ImageView(size=56, circle=ORANGE, letter=name[:1].upper(), tint=(255, 255, 255)),
            TextView(name, id="user_name", size=20, bold=True, margin=(16, 0, 0, 0)),
            padding=(16, 24),
            background="surface",
        ),
        list_item(
            "我的订单",
            "查看全部订单",
            id="all_orders",
            on_click=lambda: ctx.open(data.ORDERS, tab=0),
        ),
        Row(*(shortcut(i) for i in range(1, len(ORDER_TABS))), after_sales, width=MATCH),
        list_item(
            "收货地址", "管理收货地址", id="my_addresses", on_click=lambda: ctx.open(data.ADDRESSES)
        ),
        height=MATCH,
    )
