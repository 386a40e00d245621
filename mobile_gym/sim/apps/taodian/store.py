"""What the user's actions change: the cart, addresses, orders and after-sales requests.

Every change is written to the database, logged (tag ``Taodian``) and reported as the
original app reports it to its server: a JSON file ``<task_name>_callback_<YYYYmmdd_HHMMSS>
.json`` (``task_name`` such as ``提交订单``) under ``CALLBACK_DIR``, last modified at the
time of the report on the phone's clock, also kept as a row of table ``callbacks``.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Sequence
from typing import Any

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian.data import (
    CANCELLED,
    DONE,
    PACKAGE,
    UNPAID,
    UNSHIPPED,
    Address,
    CartLine,
    cart,
)

CALLBACK_DIR = f"/data/data/{PACKAGE}/files/task_callbacks"
SUBMIT, CART_DELETE, CART_ADD, CART_COUNT = (
    "提交订单",
    "购物车删除选中",
    "加入购物车",
    "修改购物车数量",
)
PAY, CANCEL, RECEIVE, AFTER_SALES, NEW_ADDRESS = (
    "支付订单",
    "取消订单",
    "确认收货",
    "申请售后",
    "新增收货地址",
)
Piece = tuple[int, int, int]
"""Pieces of one SKU in an order: ``(sku_id, product_id, count)``."""


def report(ctx: AppContext, task_name: str, **content: Any) -> str:
    """Write the callback file and row for ``task_name``; returns the file's path."""
    now = ctx.now
    body = {"task_name": task_name, **content}
    text = json.dumps(body, ensure_ascii=False, indent=2)
    base = f"{CALLBACK_DIR}/{task_name}_callback_{now:%Y%m%d_%H%M%S}"
    storage = ctx.phone.storage
    path, n = f"{base}.json", 1
    while storage.exists(path):
        n += 1
        path = f"{base}_{n}.json"
    storage.write_files([(path, text.encode("utf-8"), ctx.phone.clock.stamp())])
    ctx.db().execute(
        "INSERT INTO callbacks(task_name, content, created, path) VALUES (?, ?, ?, ?)",
        (task_name, text, ctx.phone.clock.epoch_ms, path),
    )
    ctx.log(f"Callback: task_name={task_name} file={path}")
    return path


def _item(line: CartLine) -> dict[str, Any]:
    return {
        "basketId": str(line.id),
        "prodId": str(line.product_id),
        "prodName": line.name,
        "skuId": str(line.sku_id),
        "skuName": line.sku,
        "price": line.price,
        "prodCount": line.count,
    }


# the cart -----------------------------------------------------------------------------------
def add_to_cart(ctx: AppContext, product_id: int, sku_id: int, count: int) -> int:
    """Add ``count`` of a SKU; a SKU already in the cart grows by that much, up to the SKU's
    stock. Returns how many were added: fewer than ``count`` (none, even) where the cart
    would hold more than the stock."""
    db = ctx.db()
    now = ctx.phone.clock.epoch_ms
    (stock,) = db.execute("SELECT stock FROM skus WHERE id = ?", (sku_id,)).fetchone()
    row = db.execute("SELECT id, count FROM cart_items WHERE sku_id = ?", (sku_id,)).fetchone()
    count = min(count, stock - (row[1] if row else 0))
    if count <= 0:
        return 0
    if row:
        db.execute(
            "UPDATE cart_items SET count = count + ?, added = ? WHERE id = ?", (count, now, row[0])
        )
    else:
        db.execute(
            "INSERT INTO cart_items(product_id, sku_id, count, selected, added) "
            "VALUES (?, ?, ?, 0, ?)",
            (product_id, sku_id, count, now),
        )
    name, sku = db.execute(
        "SELECT p.name, s.name FROM skus s JOIN products p ON p.id = s.product_id WHERE s.id = ?",
        (sku_id,),
    ).fetchone()
    ctx.log(f"Cart item added: product={product_id} sku={sku_id} count={count}")
    report(
        ctx,
        CART_ADD,
        product_info=[
            {
                "prodId": str(product_id),
                "prodName": name,
                "skuId": str(sku_id),
                "skuName": sku,
                "prodCount": count,
            }
        ],
    )
    return count


def set_count(ctx: AppContext, line: CartLine, count: int) -> None:
    ctx.db().execute("UPDATE cart_items SET count = ? WHERE id = ?", (count, line.id))
    ctx.log(f"Cart count changed: item={line.id} count={count}")
    report(ctx, CART_COUNT, basketId=str(line.id), prodId=str(line.product_id), prodCount=count)


def select(ctx: AppContext, ids: Sequence[int], selected: bool) -> None:
    marks = ", ".join("?" for _ in ids)
    ctx.db().execute(
        f"UPDATE cart_items SET selected = ? WHERE id IN ({marks})", (int(selected), *ids)
    )


def delete_from_cart(ctx: AppContext, ids: Sequence[int]) -> None:
    """Delete cart rows ``ids``, reporting the cart before and what went."""
    before = cart(ctx)
    gone = [line for line in before if line.id in ids]
    marks = ", ".join("?" for _ in ids)
    ctx.db().execute(f"DELETE FROM cart_items WHERE id IN ({marks})", tuple(ids))
    ctx.log(f"Cart items deleted: {','.join(str(line.id) for line in gone)}")
    report(
        ctx,
        CART_DELETE,
        current_cart_items=[_item(line) for line in before],
        items_to_delete=[_item(line) for line in gone],
    )


# addresses ------------------------------------------------------------------------------------
def save_address(ctx: AppContext, fields: dict[str, str], is_default: bool) -> int:
    """Add an address (the first one, or one marked default, becomes the default)."""
    db = ctx.db()
    first = db.execute("SELECT COUNT(*) FROM addresses").fetchone()[0] == 0
    if is_default or first:
        db.execute("UPDATE addresses SET is_default = 0")
    cursor = db.execute(
        "INSERT INTO addresses(receiver, mobile, province, city, area, addr, is_default) "
        "VALUES (:receiver, :mobile, :province, :city, :area, :addr, :is_default)",
        {**fields, "is_default": int(is_default or first)},
    )
    ctx.log(f"Address added: receiver={fields['receiver']} addr={fields['addr']}")
    report(ctx, NEW_ADDRESS, address_info=fields)
    return int(cursor.lastrowid or 0)


# orders ---------------------------------------------------------------------------------------
def _order_number(ctx: AppContext) -> str:
    """A 15-digit order number from the clock and the orders so far (deterministic)."""
    count = ctx.db().execute("SELECT COUNT(*) FROM orders").fetchone()[0]
    return f"{ctx.phone.clock.epoch_ms % 10**12:012d}{count % 1000:03d}"


def _move_stock(db: sqlite3.Connection, pieces: Sequence[Piece], *, taken: bool) -> None:
    """Take ``pieces`` (``(sku_id, product_id, count)``) out of their SKUs' stock and add them
    to their products' sales (``taken``), or the reverse."""
    sign = 1 if taken else -1
    db.executemany(
        "UPDATE skus SET stock = stock - ? WHERE id = ?",
        [(sign * count, sku_id) for sku_id, _, count in pieces],
    )
    db.executemany(
        "UPDATE products SET sales = sales + ? WHERE id = ?",
        [(sign * count, product_id) for _, product_id, count in pieces],
    )


def submit_order(
    ctx: AppContext, lines: Sequence[CartLine], where: Address, from_cart: bool
) -> int:
    """Create an unpaid order of ``lines`` to ``where``; bought cart rows leave the cart and
    the pieces bought leave the stock for the sales (``short_of_stock``: none may be more
    than it holds)."""
    db = ctx.db()
    total = round(sum(line.subtotal for line in lines), 2)
    number = _order_number(ctx)
    cursor = db.execute(
        "INSERT INTO orders(order_number, status, total, created, receiver, mobile, province, "
        "city, area, addr) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
        (
            number,
            UNPAID,
            total,
            ctx.phone.clock.epoch_ms,
            where.receiver,
            where.mobile,
            where.province,
            where.city,
            where.area,
            where.addr,
        ),
    )
    order_id = int(cursor.lastrowid or 0)
    db.executemany(
        "INSERT INTO order_items(order_id, product_id, sku_id, prod_name, sku_name, price, count) "
        "VALUES (?, ?, ?, ?, ?, ?, ?)",
        [(order_id, ln.product_id, ln.sku_id, ln.name, ln.sku, ln.price, ln.count) for ln in lines],
    )
    _move_stock(db, [(line.sku_id, line.product_id, line.count) for line in lines], taken=True)
    if from_cart:
        marks = ", ".join("?" for _ in lines)
        db.execute(f"DELETE FROM cart_items WHERE id IN ({marks})", [ln.id for ln in lines])
    ctx.log(f"Order submitted: number={number} total={total:.2f} items={len(lines)}")
    report(
        ctx,
        SUBMIT,
        order_number=number,
        total=total,
        product_info=[_item(line) for line in lines],
        address_info=where.info(),
    )
    return order_id


def short_of_stock(lines: Sequence[CartLine]) -> bool:
    """Whether any of ``lines`` asks for more pieces than its SKU has in stock."""
    return any(line.count > line.stock for line in lines)


def order_number(ctx: AppContext, order_id: int) -> str:
    row = ctx.db().execute("SELECT order_number FROM orders WHERE id = ?", (order_id,)).fetchone()
    return row[0] if row else ""


def _set_status(ctx: AppContext, order_id: int, status: int, task_name: str, verb: str) -> None:
    ctx.db().execute("UPDATE orders SET status = ? WHERE id = ?", (status, order_id))
    number = order_number(ctx, order_id)
    ctx.log(f"Order {verb}: number={number}")
    report(ctx, task_name, order_number=number)


def pay(ctx: AppContext, order_id: int) -> None:
    _set_status(ctx, order_id, UNSHIPPED, PAY, "paid")


def cancel(ctx: AppContext, order_id: int) -> None:
    """Cancel an order; an unpaid one's pieces go back to the stock and out of the sales."""
    db = ctx.db()
    (status,) = db.execute("SELECT status FROM orders WHERE id = ?", (order_id,)).fetchone()
    if status == UNPAID:
        pieces = db.execute(
            "SELECT sku_id, product_id, count FROM order_items WHERE order_id = ?", (order_id,)
        ).fetchall()
        _move_stock(db, pieces, taken=False)
    _set_status(ctx, order_id, CANCELLED, CANCEL, "cancelled")


def receive(ctx: AppContext, order_id: int) -> None:
    _set_status(ctx, order_id, DONE, RECEIVE, "received")


def request_after_sales(ctx: AppContext, order_id: int, kind: str, reason: str, note: str) -> None:
    """File a refund (or return-and-refund) request for the whole order."""
    db = ctx.db()
    total = db.execute("SELECT total FROM orders WHERE id = ?", (order_id,)).fetchone()[0]
    db.execute(
        "INSERT INTO refunds(order_id, kind, reason, note, amount, created) "
        "VALUES (?, ?, ?, ?, ?, ?)",
        (order_id, kind, reason, note, total, ctx.phone.clock.epoch_ms),
    )
    number = order_number(ctx, order_id)
    ctx.log(f"After-sales requested: number={number} kind={kind} reason={reason}")
    report(ctx, AFTER_SALES, order_number=number, refund_type=kind, reason=reason, amount=total)


def has_refund(ctx: AppContext, order_id: int) -> bool:
    row = ctx.db().execute("SELECT 1 FROM refunds WHERE order_id = ?", (order_id,)).fetchone()
    return row is not None
