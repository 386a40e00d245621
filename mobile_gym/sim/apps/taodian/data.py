"""Taodian's database: the catalogue, the cart, addresses, orders, after-sales requests, the
reports the app sends for each action, and its preferences (the payment password).

Prices are yuan (REAL, two decimals); times are milliseconds on the virtual clock.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from mobile_gym.sim.apps import preferences
from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.rows import records
from mobile_gym.sim.ui.list_items import MadeItems

PACKAGE = "com.testmall.app"
DATABASE = "mall"
MAIN = ".MainActivity"
SEARCH = ".SearchActivity"
PRODUCT = ".ProductActivity"
CONFIRM = ".ConfirmOrderActivity"
ADDRESSES = ".AddressListActivity"
ADDRESS_EDIT = ".AddressEditActivity"
ORDERS = ".OrderListActivity"
ORDER = ".OrderDetailActivity"
REFUND = ".RefundActivity"
LOGIN = ".LoginActivity"

UNPAID, UNSHIPPED, SHIPPED, DONE, CANCELLED = 1, 2, 3, 5, 6
"""Order ``status`` values, numbered as the original mall's server numbers them."""
STATUS_LABELS = {
    UNPAID: "待付款",
    UNSHIPPED: "待发货",
    SHIPPED: "待收货",
    DONE: "已完成",
    CANCELLED: "已取消",
}
REFUND_ONLY, RETURN_REFUND = "仅退款", "退货退款"
"""After-sales request kinds (``refunds.kind``)."""
DEFAULTS: dict[str, str] = {
    "pay_password": "123456",
    "user_name": "mashu001",
    "checkout_address": "",
    "logged_in": "1",
    "login_password": "password",
    "mobile": "13812345678",
    "sms_code": "",
    "next_sms_code": "",
}
"""Preferences (table ``preferences``) and their defaults."""

SCHEMA = (
    """
CREATE TABLE products(
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    category TEXT NOT NULL,
    price REAL NOT NULL,
    sales INTEGER NOT NULL DEFAULT 0,
    shop TEXT NOT NULL DEFAULT '',
    description TEXT NOT NULL DEFAULT ''
);
CREATE TABLE skus(
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL,
    name TEXT NOT NULL,
    price REAL NOT NULL,
    stock INTEGER NOT NULL DEFAULT 100
);
CREATE TABLE cart_items(
    id INTEGER PRIMARY KEY,
    product_id INTEGER NOT NULL,
    sku_id INTEGER NOT NULL,
    count INTEGER NOT NULL DEFAULT 1,
    selected INTEGER NOT NULL DEFAULT 0,
    added INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE addresses(
    id INTEGER PRIMARY KEY,
    receiver TEXT NOT NULL,
    mobile TEXT NOT NULL,
    province TEXT NOT NULL,
    city TEXT NOT NULL,
    area TEXT NOT NULL,
    addr TEXT NOT NULL,
    is_default INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE orders(
    id INTEGER PRIMARY KEY,
    order_number TEXT NOT NULL,
    status INTEGER NOT NULL DEFAULT 1,
    total REAL NOT NULL,
    created INTEGER NOT NULL,
    receiver TEXT NOT NULL DEFAULT '',
    mobile TEXT NOT NULL DEFAULT '',
    province TEXT NOT NULL DEFAULT '',
    city TEXT NOT NULL DEFAULT '',
    area TEXT NOT NULL DEFAULT '',
    addr TEXT NOT NULL DEFAULT ''
);
CREATE TABLE order_items(
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL,
    product_id INTEGER NOT NULL,
    sku_id INTEGER NOT NULL DEFAULT 0,
    prod_name TEXT NOT NULL,
    sku_name TEXT NOT NULL DEFAULT '',
    price REAL NOT NULL,
    count INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE refunds(
    id INTEGER PRIMARY KEY,
    order_id INTEGER NOT NULL,
    kind TEXT NOT NULL,
    reason TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    amount REAL NOT NULL,
    created INTEGER NOT NULL
);
CREATE INDEX order_items_by_order ON order_items(order_id);
CREATE INDEX refunds_by_order ON refunds(order_id);
CREATE TABLE callbacks(
    id INTEGER PRIMARY KEY,
    task_name TEXT NOT NULL,
    content TEXT NOT NULL,
    created INTEGER NOT NULL,
    path TEXT NOT NULL
);
"""
    + preferences.SCHEMA
)


def prefs(ctx: AppContext) -> preferences.Preferences:
    return preferences.Preferences(ctx, DEFAULTS, DATABASE)


def yuan(amount: float) -> str:
    """``¥1999.00``."""
    return f"¥{amount:.2f}"


@dataclass(frozen=True)
class CartLine:
    """One row of the cart as the cart screen shows it."""

    id: int
    product_id: int
    sku_id: int
    name: str
    sku: str
    price: float
    count: int
    stock: int
    selected: bool

    @property
    def subtotal(self) -> float:
        return round(self.price * self.count, 2)


@dataclass(frozen=True)
class Address:
    """One row of ``addresses``."""

    id: int
    receiver: str
    mobile: str
    province: str
    city: str
    area: str
    addr: str
    is_default: bool

    @property
    def region(self) -> str:
        return f"{self.province}{self.city}{self.area}"

    def info(self) -> dict[str, str]:
        """The address as the order report gives it (``address_info``)."""
        return {
            "receiver": self.receiver,
            "mobile": self.mobile,
            "province": self.province,
            "city": self.city,
            "area": self.area,
            "addr": self.addr,
        }


CART_SQL = (
    "SELECT c.id, c.product_id, c.sku_id, p.name, s.name, s.price, c.count, s.stock, "
    "c.selected FROM cart_items c JOIN products p ON p.id = c.product_id "
    "JOIN skus s ON s.id = c.sku_id ORDER BY c.added DESC, c.id DESC"
)


def _line(row: Sequence) -> CartLine:
    return CartLine(*row[:8], bool(row[8]))


def cart(ctx: AppContext) -> list[CartLine]:
    """The cart, newest first."""
    return [_line(row) for row in ctx.db().execute(CART_SQL)]


def cart_lines(ctx: AppContext) -> Sequence[CartLine]:
    """The cart, newest first, read a page at a time as the cart's list shows it."""
    return MadeItems(ctx.rows(CART_SQL), _line)


class CartTotals(NamedTuple):
    """What the cart screen says of the whole cart: its rows, and of the selected ones their
    rows, total price and number of pieces."""

    ids: tuple[int, ...]
    chosen: tuple[int, ...]
    amount: float
    pieces: int


def cart_totals(ctx: AppContext) -> CartTotals:
    """The cart's totals, read whole once until the mall's database changes (``AppContext.kept``)."""

    def read() -> CartTotals:
        lines = cart(ctx)
        chosen = [line for line in lines if line.selected]
        return CartTotals(
            tuple(line.id for line in lines),
            tuple(line.id for line in chosen),
            round(sum(line.subtotal for line in chosen), 2),
            sum(line.count for line in chosen),
        )

    return ctx.kept("cart", read)


def addresses(ctx: AppContext) -> list[Address]:
    """The address book, the default first."""
    rows = ctx.db().execute(
        "SELECT id, receiver, mobile, province, city, area, addr, is_default FROM addresses "
        "ORDER BY is_default DESC, id"
    )
    return [Address(*row[:7], bool(row[7])) for row in rows]


def address(ctx: AppContext, address_id: int | None) -> Address | None:
    """The address ``address_id``, else the default one (or the first), else None."""
    book = addresses(ctx)
    found = next((a for a in book if a.id == address_id), None)
    return found or (book[0] if book else None)


def product(ctx: AppContext, product_id: int) -> tuple | None:
    """``(id, name, category, price, sales, shop, description)`` or None."""
    return (
        ctx.db()
        .execute(
            "SELECT id, name, category, price, sales, shop, description FROM products WHERE id = ?",
            (product_id,),
        )
        .fetchone()
    )


class Sku(NamedTuple):
    """One row of ``skus``: an option of a product to buy."""

    id: int
    name: str
    price: float
    stock: int


def skus(ctx: AppContext, product_id: int) -> list[Sku]:
    """The product's SKUs, in the order they were listed."""
    in_order = "SELECT id, name, price, stock FROM skus WHERE product_id = ? ORDER BY id"
    return records(ctx.db(), Sku, in_order, (product_id,))


def categories(ctx: AppContext) -> tuple[str, ...]:
    """The catalogue's categories, in the order they first appear: grouped once until the
    mall's database changes (``AppContext.kept``)."""

    def read() -> tuple[str, ...]:
        in_order = "SELECT category FROM products GROUP BY category ORDER BY MIN(id)"
        return tuple(category for (category,) in ctx.db().execute(in_order))

    return ctx.kept("categories", read)
