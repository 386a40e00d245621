"""The address book: the list (which, opened from checkout, picks the delivery address) and
the form that adds an address."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian import data, store
from mobile_gym.sim.apps.taodian.ui import ORANGE, address_block, bottom_bar, shop_button
from mobile_gym.sim.ui.composites import app_bar, empty_state
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import ImageButton, Switch, TextView

ROW_DP = 88
FIELDS = (
    ("receiver", "收货人", "name"),
    ("mobile", "手机号码", "phone"),
    ("province", "省份", "text"),
    ("city", "城市", "text"),
    ("area", "区/县", "text"),
    ("addr", "详细地址（街道、门牌号）", "text"),
)
"""The form's fields: key (also the resource id ``address_<key>``), hint, input type."""


def address_list_screen(ctx: AppContext) -> View:
    book = data.addresses(ctx)
    picking = bool(ctx.args.get("pick"))

    def choose(address_id: int) -> None:
        if picking:
            data.prefs(ctx).put("checkout_address", str(address_id))
            ctx.finish()

    def render(index: int, _item: object) -> View:
        a = book[index]
        return address_block(
            a.receiver,
            a.mobile,
            f"{a.region} {a.addr}",
            default=a.is_default,
            id="address_item",
            height=ROW_DP,
            padding=(16, 12),
            on_click=lambda: choose(a.id),
        )

    body: View = (
        ctx.scroller(
            "addresses", items=book, item_height=ROW_DP, render_item=render, id="address_list"
        )
        if book
        else empty_state("还没有收货地址", id="address_empty")
    )
    return Column(
        ctx.up_bar("选择收货地址" if picking else "我的收货地址"),
        Column(body, height=0, weight=1),
        bottom_bar(
            shop_button("+ 新增收货地址", lambda: ctx.open(data.ADDRESS_EDIT), id="add_address")
        ),
        height=MATCH,
    )


def address_edit_screen(ctx: AppContext) -> View:
    def save() -> None:
        values = {key: ctx.field(key).strip() for key, _hint, _type in FIELDS}
        if not all(values.values()):
            ctx.toast("请填写完整的收货信息")
            return
        digits = values["mobile"].replace(" ", "").replace("-", "")
        if not digits.isdigit() or not 7 <= len(digits) <= 13:
            ctx.toast("请输入正确的手机号码")
            return
        store.save_address(ctx, {**values, "mobile": digits}, bool(ctx.get("default")))
        ctx.toast("保存成功")
        ctx.finish()

    rows: list[View] = [
        ctx.edit(key, hint=hint, id=f"address_{key}", input_type=kind, margin=(16, 4))
        for key, hint, kind in FIELDS
    ]
    rows.append(
        Switch(
            "设为默认地址",
            id="address_is_default",
            checked=bool(ctx.get("default")),
            on_change=lambda on: ctx.set("default", on),
            padding=(16, 12),
        )
    )
    bar = app_bar(
        [
            ImageButton("back", desc="Navigate up", on_click=ctx.finish),
            TextView("新增收货地址", id="toolbar_title", size=20, width=0, weight=1),
            TextView(
                "保存",
                id="save_address",
                size=16,
                bold=True,
                color=ORANGE,
                padding=(16, 12),
                on_click=save,
            ),
        ]
    )
    return Column(bar, ctx.scroller("form", rows, id="address_form"), height=MATCH)
