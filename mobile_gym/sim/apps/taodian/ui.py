"""Pieces the shop's screens share: prices, product rows, quantity steppers, text tabs and
the bar of buttons at the bottom of a screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.taodian.data import PRODUCT, yuan
from mobile_gym.sim.ui.grid import thumbnail
from mobile_gym.sim.ui.view import MATCH, WRAP, Column, LinearLayout, Row, View
from mobile_gym.sim.ui.widgets import Button, TextView

ORANGE = (255, 80, 0)
"""The shop's colour: prices and the main buttons."""
AMBER = (255, 149, 0)
PRODUCT_ROW_DP = 112


def open_product(ctx: AppContext, product_id: int) -> None:
    ctx.open(PRODUCT, product_id=product_id)


def sales_text(sales: int) -> str:
    """``已售356``, or ``已售1万+`` from ten thousand on."""
    return f"已售{sales // 10000}万+" if sales >= 10000 else f"已售{sales}"


def price(amount: float, *, id: str | None = None, size: int = 16) -> TextView:
    return TextView(yuan(amount), id=id, size=size, color=ORANGE, bold=True)


def shop_button(
    text: str, on_click: Handler | None, *, id: str, color: tuple[int, int, int] = ORANGE
) -> Button:
    """A filled, rounded button in the shop's colours (dimmed when it has no handler)."""
    return Button(
        text,
        on_click=on_click,
        id=id,
        background=color if on_click is not None else "surface_variant",
        color=(255, 255, 255),
        width=WRAP,
        padding=(20, 10),
        margin=(6, 0, 0, 0),
        enabled=on_click is not None,
    )


def outline_button(text: str, on_click: Handler, *, id: str) -> Button:
    """A small grey-outlined action button (order rows: 取消订单, 申请售后)."""
    return Button(
        text,
        on_click=on_click,
        id=id,
        background="surface",
        color="text",
        bold=False,
        size=13,
        width=WRAP,
        padding=(12, 6),
        margin=(8, 0, 0, 0),
    )


def tile(name: str, size: int) -> View:
    """A square picture tile standing in for a product photo."""
    view = thumbnail(name, height=size, radius=8)
    view.width = size
    return view


def product_row(name: str, detail: str, amount: float, on_click: Handler, *, picture: str) -> View:
    """A list row for a product: picture tile, name (two lines), price and a detail line."""
    return Row(
        tile(picture, 88),
        Column(
            TextView(name, id="product_name", size=15, max_lines=2, width=MATCH),
            price(amount, id="product_price"),
            TextView(detail, id="product_sales", size=12, color="text_secondary"),
            width=0,
            weight=1,
            margin=(12, 0, 0, 0),
        ),
        id="product_item",
        height=PRODUCT_ROW_DP,
        padding=(12, 8),
        on_click=on_click,
    )


def stepper(count: int, on_minus: Handler, on_plus: Handler, *, id: str) -> LinearLayout:
    """``-  N  +``: the quantity of a cart row or of a purchase."""
    return Row(
        TextView(
            "-",
            id="quantity_minus",
            desc="减少",
            size=18,
            align="center",
            width=32,
            background="surface",
            on_click=on_minus,
        ),
        TextView(str(count), id=id, size=15, align="center", width=40),
        TextView(
            "+",
            id="quantity_plus",
            desc="增加",
            size=18,
            align="center",
            width=32,
            background="surface",
            on_click=on_plus,
        ),
        width=WRAP,
    )


def text_tabs(
    labels: Sequence[str], selected: int, on_select: Callable[[int], None], *, id: str
) -> LinearLayout:
    """A row of text tabs, the selected one in the shop's colour and underlined."""

    def tab(index: int, label: str) -> View:
        chosen = index == selected
        return Column(
            TextView(
                label,
                size=14,
                bold=chosen,
                color=ORANGE if chosen else "text",
                gravity="center",
                margin=(0, 10, 0, 8),
            ),
            View(width=24, height=3, background=ORANGE if chosen else None, gravity="center"),
            desc=label,
            width=0,
            weight=1,
            selected=chosen,
            on_click=lambda: on_select(index),
        )

    return LinearLayout(
        orientation="horizontal",
        id=id,
        background="background",
        children=[tab(i, label) for i, label in enumerate(labels)],
    )


def address_block(
    receiver: str, mobile: str, detail: str, *, default: bool = False, **kwargs: Any
) -> LinearLayout:
    """Who receives and where: ``address_receiver``, ``address_mobile`` (and the
    ``address_default`` tag), then ``address_detail``; ``kwargs`` go to the column."""
    head: list[View] = [
        TextView(receiver, id="address_receiver", size=16, bold=True),
        TextView(
            mobile, id="address_mobile", size=14, color="text_secondary", margin=(12, 0, 0, 0)
        ),
    ]
    if default:
        head.append(
            TextView(
                "默认",
                id="address_default",
                size=11,
                color=(255, 255, 255),
                background=ORANGE,
                radius=4,
                padding=(4, 1),
                margin=(8, 0, 0, 0),
            )
        )
    detail_view = TextView(
        detail, id="address_detail", size=14, max_lines=2, width=MATCH, margin=(0, 4, 0, 0)
    )
    return Column(Row(*head), detail_view, **kwargs)


def bottom_bar(*children: View) -> LinearLayout:
    """The bar along the bottom of a screen (totals and the main button)."""
    return Row(*children, id="bottom_bar", height=60, padding=(12, 0), background="background")
