"""Orders: the list by status, an order's details with its actions (pay with the payment
password, cancel, confirm receipt, after-sales) and the after-sales request form."""

from __future__ import annotations

from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.taodian import data, store
from mobile_gym.sim.apps.taodian.checkout import open_payment
from mobile_gym.sim.apps.taodian.me import ORDER_TABS, TAB_STATUS
from mobile_gym.sim.apps.taodian.ui import (
    ORANGE,
    address_block,
    bottom_bar,
    outline_button,
    shop_button,
    text_tabs,
    tile,
)
from mobile_gym.sim.ui.composites import empty_state
from mobile_gym.sim.ui.dates import from_epoch_ms
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import RadioButton, TextView

ROW_DP = 168
REASONS = ("不想要了", "尺码不合适", "质量问题", "商品与描述不符", "发错货", "其他")
LIST_TABS = (*ORDER_TABS, "退款/售后")


def _status_label(ctx: AppContext, order_id: int, status: int) -> str:
    if store.has_refund(ctx, order_id):
        return "退款中"
    return data.STATUS_LABELS.get(status, "")


Dialogs = tuple[Callable[[int], None], Callable[[int], None]]
"""The openers of the cancel and the confirm-receipt dialogs, given the order."""


def order_dialogs(ctx: AppContext) -> Dialogs:
    """The screen's two confirmation dialogs, acting on the order last asked about."""
    target = ctx.get("target", 0)
    cancel = ctx.dialog(
        "cancel",
        "确定要取消该订单吗？",
        buttons=[("再想想", None), ("取消订单", lambda: _cancel(ctx, target))],
    )
    receive = ctx.dialog(
        "receive",
        "确认已收到货物？",
        buttons=[("取消", None), ("确认收货", lambda: store.receive(ctx, target))],
    )

    def opener(show: Handler) -> Callable[[int], None]:
        def run(order_id: int) -> None:
            ctx.set("target", order_id)
            show()

        return run

    return opener(cancel), opener(receive)


def _actions(
    ctx: AppContext, order_id: int, status: int, dialogs: Dialogs, pay: Handler | None = None
) -> list[tuple[str, str, Handler]]:
    """The buttons an order of ``status`` offers: (label, resource id, handler); ``pay``
    opens the payment dialog in place (else the order opens with it)."""
    ask_cancel, ask_receive = dialogs
    cancel = lambda: ask_cancel(order_id)  # noqa: E731
    receive = lambda: ask_receive(order_id)  # noqa: E731
    after_sales = lambda: ctx.open(data.REFUND, order_id=order_id)  # noqa: E731
    refunded = store.has_refund(ctx, order_id)
    if status == data.UNPAID:
        return [
            ("取消订单", "cancel_order", cancel),
            ("去支付", "pay_order", pay or (lambda: open_payment(ctx, order_id))),
        ]
    if status == data.UNSHIPPED and not refunded:
        return [("申请退款", "after_sales", after_sales)]
    if status == data.SHIPPED:
        found = [] if refunded else [("申请售后", "after_sales", after_sales)]
        return [*found, ("确认收货", "confirm_receipt", receive)]
    if status == data.DONE and not refunded:
        return [("申请售后", "after_sales", after_sales)]
    return []


def _cancel(ctx: AppContext, order_id: int) -> None:
    store.cancel(ctx, order_id)
    ctx.toast("订单已取消")


def _items(ctx: AppContext, order_id: int) -> list[tuple[str, str, float, int]]:
    return (
        ctx.db()
        .execute(
            "SELECT prod_name, sku_name, price, count FROM order_items WHERE order_id = ? "
            "ORDER BY id",
            (order_id,),
        )
        .fetchall()
    )


def _buttons(ctx: AppContext, order_id: int, status: int, dialogs: Dialogs) -> LinearLayout:
    views = [
        outline_button(label, handler, id=id)
        for label, id, handler in _actions(ctx, order_id, status, dialogs)
    ]
    return LinearLayout(orientation="horizontal", arrange="end", children=views, height=WRAP)


def order_list_screen(ctx: AppContext) -> View:
    tab = ctx.get("tab", ctx.args.get("tab", 0))
    dialogs = order_dialogs(ctx)
    base = "SELECT id, order_number, status, total FROM orders"
    if tab == len(ORDER_TABS):
        found = ctx.rows(
            base + " WHERE id IN (SELECT order_id FROM refunds) ORDER BY created DESC, id DESC"
        )
    elif TAB_STATUS[tab] is None:
        found = ctx.rows(base + " ORDER BY created DESC, id DESC")
    else:
        found = ctx.rows(
            base + " WHERE status = ? ORDER BY created DESC, id DESC", (TAB_STATUS[tab],)
        )

    def render(index: int, _item: object) -> View:
        order_id, number, status, total = found[index]
        items = _items(ctx, order_id)
        name, sku, _price, _count = items[0] if items else ("", "", 0.0, 0)
        more = f"等{len(items)}种商品" if len(items) > 1 else sku
        return Column(
            Row(
                TextView(
                    f"订单号 {number}",
                    id="order_number",
                    size=12,
                    color="text_secondary",
                    width=0,
                    weight=1,
                ),
                TextView(
                    _status_label(ctx, order_id, status), id="order_status", size=14, color=ORANGE
                ),
                width=MATCH,
            ),
            Row(
                tile(name, 64),
                Column(
                    TextView(name, id="order_item_name", size=14, max_lines=2, width=MATCH),
                    TextView(more, id="order_item_sku", size=12, color="text_secondary"),
                    width=0,
                    weight=1,
                    margin=(10, 0, 0, 0),
                ),
                width=MATCH,
                margin=(0, 8),
            ),
            Row(
                TextView(
                    f"共{sum(i[3] for i in items)}件 实付款 ",
                    size=13,
                    width=0,
                    weight=1,
                    align="end",
                ),
                TextView(data.yuan(total), id="order_total", size=15, bold=True),
                width=MATCH,
            ),
            _buttons(ctx, order_id, status, dialogs),
            id="order_item",
            height=ROW_DP,
            padding=(16, 10),
            on_click=lambda: ctx.open(data.ORDER, order_id=order_id),
        )

    body: View = (
        ctx.scroller("orders", items=found, item_height=ROW_DP, render_item=render, id="order_list")
        if len(found)
        else empty_state("暂无相关订单", id="orders_empty")
    )
    return Column(
        ctx.up_bar("我的订单"),
        text_tabs(LIST_TABS, tab, lambda i: ctx.set("tab", i), id="order_tabs"),
        Column(body, height=0, weight=1),
        height=MATCH,
    )


def _pay_dialog(ctx: AppContext, order_id: int, total: float) -> Handler:
    """The payment password dialog of the order shown; returns its opener."""

    def check() -> bool:
        if ctx.field("pay_password") != data.prefs(ctx).get("pay_password"):
            ctx.set_field("pay_password", "")
            ctx.toast("支付密码错误，请重试")
            return False
        store.pay(ctx, order_id)
        ctx.set_field("pay_password", "")
        ctx.toast("支付成功")
        return True

    show = ctx.dialog(
        "pay",
        "请输入支付密码",
        f"实付款 {data.yuan(total)}",
        buttons=[("取消", None), ("确认支付", check)],
        body=lambda: [
            ctx.edit(
                "pay_password",
                hint="6位数字支付密码",
                id="pay_password",
                input_type="password",
                max_length=6,
                margin=(0, 12, 0, 0),
            )
        ],
    )

    def open_focused() -> None:
        show()
        ctx.focus("pay_password")

    return open_focused


def order_detail_screen(ctx: AppContext) -> View:
    order_id = ctx.args.get("order_id", 0)
    row = (
        ctx.db()
        .execute(
            "SELECT order_number, status, total, created, receiver, mobile, province, city, area, "
            "addr FROM orders WHERE id = ?",
            (order_id,),
        )
        .fetchone()
    )
    if row is None:
        return Column(
            ctx.up_bar("订单详情"), empty_state("订单不存在", id="order_gone"), height=MATCH
        )
    number, status, total, created, receiver, mobile, province, city, area, addr = row
    pay = _pay_dialog(ctx, order_id, total)
    dialogs = order_dialogs(ctx)
    lines: list[View] = [
        TextView(
            _status_label(ctx, order_id, status),
            id="order_status",
            size=20,
            bold=True,
            color=(255, 255, 255),
            background=ORANGE,
            width=MATCH,
            padding=(16, 18),
        ),
        address_block(receiver, mobile, f"{province}{city}{area} {addr}", padding=(16, 12)),
    ]
    for name, sku, amount, count in _items(ctx, order_id):
        lines.append(
            Row(
                tile(name, 64),
                Column(
                    TextView(name, id="order_item_name", size=14, max_lines=2, width=MATCH),
                    TextView(sku, id="order_item_sku", size=12, color="text_secondary"),
                    width=0,
                    weight=1,
                    margin=(10, 0, 0, 0),
                ),
                Column(
                    TextView(data.yuan(amount), id="order_item_price", size=14, gravity="end"),
                    TextView(
                        f"x{count}",
                        id="order_item_count",
                        size=13,
                        color="text_secondary",
                        gravity="end",
                    ),
                    width=WRAP,
                    margin=(10, 0, 0, 0),
                ),
                width=MATCH,
                padding=(16, 8),
            )
        )
    when = from_epoch_ms(created)
    for label, value, id in (
        ("实付款", data.yuan(total), "order_total"),
        ("订单编号", number, "order_number"),
        ("下单时间", f"{when:%Y-%m-%d %H:%M:%S}", "order_time"),
    ):
        lines.append(
            Row(
                TextView(label, size=14, color="text_secondary", width=88),
                TextView(value, id=id, size=14),
                padding=(16, 6),
            )
        )
    buttons = [
        outline_button(label, handler, id=id)
        for label, id, handler in _actions(ctx, order_id, status, dialogs, pay)
    ]
    return Column(
        ctx.up_bar("订单详情"),
        ctx.scroller("detail", lines, id="order_detail", height=0, weight=1),
        bottom_bar(View(width=0, weight=1), *buttons),
        height=MATCH,
    )


def refund_screen(ctx: AppContext) -> View:
    order_id = ctx.args.get("order_id", 0)
    row = ctx.db().execute("SELECT status, total FROM orders WHERE id = ?", (order_id,)).fetchone()
    status, total = row if row else (0, 0.0)
    kinds = (
        (data.REFUND_ONLY,) if status == data.UNSHIPPED else (data.REFUND_ONLY, data.RETURN_REFUND)
    )
    kind = ctx.get("kind", kinds[0])
    reason = ctx.get("reason", "")

    def radio(label: str, id: str, checked: bool, on: Callable[[], None]) -> RadioButton:
        return RadioButton(
            label, id=id, checked=checked, on_change=lambda _c: on(), size=15, padding=(16, 6)
        )

    def submit() -> None:
        if not reason:
            ctx.toast("请选择退款原因")
            return
        if store.has_refund(ctx, order_id):
            ctx.toast("该订单已申请售后")
            return
        store.request_after_sales(ctx, order_id, kind, reason, ctx.field("note").strip())
        ctx.toast("申请已提交")
        ctx.finish()

    views: list[View] = [TextView("服务类型", size=15, bold=True, padding=(16, 12, 16, 4))]
    views += [radio(k, "refund_kind", k == kind, lambda k=k: ctx.set("kind", k)) for k in kinds]
    views.append(TextView("退款原因", size=15, bold=True, padding=(16, 12, 16, 4)))
    views += [
        radio(r, "refund_reason", r == reason, lambda r=r: ctx.set("reason", r)) for r in REASONS
    ]
    views += [
        Row(
            TextView("退款金额", size=15, width=0, weight=1),
            TextView(data.yuan(total), id="refund_amount", size=15, color=ORANGE, bold=True),
            padding=(16, 12),
        ),
        ctx.edit("note", hint="补充描述（选填）", id="refund_note", margin=(16, 4)),
    ]
    return Column(
        ctx.up_bar("申请售后"),
        ctx.scroller("refund", views, id="refund_form", height=0, weight=1),
        bottom_bar(
            View(width=0, weight=1),
            shop_button("提交申请", submit if row else None, id="submit_refund"),
        ),
        height=MATCH,
    )
