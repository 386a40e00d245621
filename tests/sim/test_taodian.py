"""The Taodian shop, driven through raw input only (taps, text, keys); outcomes read from
its database, its callback files, logcat and the view hierarchy."""

from __future__ import annotations

import json
import re
import sqlite3

import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim import input as ev
from mobile_gym.sim.adb_server.files import PhoneFiles
from mobile_gym.sim.apps.sms_messenger import PACKAGE as SMS
from mobile_gym.sim.apps.taodian import CALLBACK_DIR, DATABASE, PACKAGE
from mobile_gym.sim.apps.taodian.data import CONFIRM, LOGIN, MAIN, ORDER, ORDERS, SEARCH
from mobile_gym.sim.apps.text_search import MAX_QUERY_WORDS, query_words
from mobile_gym.sim.driver import Driver
from tests.sim.conftest import opened, statements_while_rebuilt, views_made

SEED = 3


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=SEED)


@pytest.fixture
def d(phone: Phone) -> Driver:
    """A driver with the shop opened from the app drawer."""
    return opened(phone, "淘店", (PACKAGE, MAIN))


def mall(phone: Phone) -> sqlite3.Connection:
    return phone.database(PACKAGE, DATABASE)


def reports(phone: Phone, task_name: str) -> list[dict]:
    """The callback files of ``task_name``, oldest first."""
    paths = sorted(
        path
        for path in phone.storage.files
        if path.startswith(f"{CALLBACK_DIR}/{task_name}_callback_") and path.endswith(".json")
    )
    return [json.loads(phone.storage.read(path)) for path in paths]


def toasted(phone: Phone, text: str) -> bool:
    return any(t.text == text for t in phone.toasts)


def prices(d: Driver) -> list[float]:
    return [float(n.text.lstrip("¥")) for n in d.find_all(id="product_price")]


def search(d: Driver, query: str) -> None:
    d.tap(id="search_box")
    d.device.send(ev.Text(query))
    d.key("ENTER")


def add_sku(phone: Phone, name: str, category: str, sku: str, price: float, stock: int) -> int:
    """A product with one SKU; returns the SKU's id."""
    db = mall(phone)
    pid = db.execute(
        "INSERT INTO products(name, category, price, sales) VALUES (?, ?, ?, 10)",
        (name, category, price),
    ).lastrowid
    return db.execute(
        "INSERT INTO skus(product_id, name, price, stock) VALUES (?, ?, ?, ?)",
        (pid, sku, price, stock),
    ).lastrowid


# seeding ------------------------------------------------------------------------------------
def dump(phone: Phone) -> list[tuple]:
    db = mall(phone)
    tables = ("products", "skus", "cart_items", "addresses", "orders", "order_items")
    return [tuple(row) for t in tables for row in db.execute(f"SELECT * FROM {t} ORDER BY id")]


def test_seeding_is_deterministic_and_differs_by_seed() -> None:
    first, again, other = Phone(seed=11), Phone(seed=11), Phone(seed=12)
    assert dump(first) == dump(again)
    assert dump(first) != dump(other)
    db = mall(first)
    categories = [c for (c,) in db.execute("SELECT DISTINCT category FROM products")]
    assert len(categories) == 8
    assert db.execute("SELECT COUNT(*) FROM cart_items").fetchone()[0] >= 6
    assert db.execute("SELECT COUNT(*) FROM addresses WHERE is_default = 1").fetchone()[0] == 1
    names = [n for (n,) in db.execute("SELECT name FROM products")]
    assert any(n.isascii() for n in names) and any(not n.isascii() for n in names)


# search -------------------------------------------------------------------------------------
def test_search_matches_every_word_and_sorts_by_price_and_sales(phone: Phone, d: Driver) -> None:
    add_sku(phone, "测试 白色网球鞋", "鞋靴", "40码", 188.0, 5)
    search(d, "网球鞋")
    assert phone.foreground == (PACKAGE, SEARCH)
    names = [n.text for n in d.find_all(id="product_name")]
    assert "测试 白色网球鞋" in names and all("网球鞋" in n for n in names)
    d.tap(id="search_input")
    d.device.send(ev.Text(" 白色"))
    d.tap(id="search_button")
    both = [n.text for n in d.find_all(id="product_name")]
    assert "测试 白色网球鞋" in both and all("白色" in n and "网球鞋" in n for n in both)

    d.tap(id="search_input")
    for _ in range(3):
        d.key("DEL")
    d.tap(id="search_button")  # 网球鞋 again
    d.tap(id="sort_price")
    assert d.find(id="sort_price").text == "价格↑"
    assert prices(d) == sorted(prices(d)) and len(prices(d)) >= 2
    d.tap(id="sort_price")
    assert d.find(id="sort_price").text == "价格↓"
    assert prices(d) == sorted(prices(d), reverse=True)
    d.tap(id="sort_sales")
    sales = {n: s for n, s in mall(phone).execute("SELECT name, sales FROM products")}
    shown = [sales[n.text] for n in d.find_all(id="product_name")]
    assert shown == sorted(shown, reverse=True)


def test_a_query_pasted_whole_is_read_as_its_first_words(phone: Phone, d: Driver) -> None:
    """Thousands of words (a paste) are read as a search engine reads them, each word once
    and the first 32 only: the app neither stops nor slows (SQLite refused the query)."""
    search(d, "网球鞋 " * 5000)
    assert phone.crashes.count == 0 and phone.foreground == (PACKAGE, SEARCH)
    names = [n.text for n in d.find_all(id="product_name")]
    assert names and all("网球鞋" in name for name in names)
    assert query_words(["a", "b", "a", *(f"w{i}" for i in range(40))]) == [
        "a",
        "b",
        *(f"w{i}" for i in range(MAX_QUERY_WORDS - 2)),
    ]


def test_search_ignores_case_beyond_ascii_and_takes_wildcards_literally(
    phone: Phone, d: Driver
) -> None:
    add_sku(phone, "Öko Wanderschuh", "鞋靴", "42码", 299.0, 5)
    search(d, "öko")
    assert [n.text for n in d.find_all(id="product_name")] == ["Öko Wanderschuh"]
    d.tap(id="search_input")
    for _ in range(3):
        d.key("DEL")
    d.device.send(ev.Text("%"))
    d.tap(id="search_button")
    assert d.exists(id="search_empty")


def test_search_finds_a_category_named_in_any_case(phone: Phone, d: Driver) -> None:
    add_sku(phone, "Trail Runner X", "Shoes", "42", 99.0, 10)
    add_sku(phone, "Shoestring Pack", "Laces", "1", 9.0, 10)  # holds the word, another category
    search(d, "SHOES")
    names = [n.text for n in d.find_all(id="product_name")]
    assert "Trail Runner X" in names
    d.tap(id="search_input")
    for _ in range(5):
        d.key("DEL")
    d.device.send(ev.Text("shoe"))  # only part of the category's name
    d.tap(id="search_button")
    names = [n.text for n in d.find_all(id="product_name")]
    assert "Shoestring Pack" in names and "Trail Runner X" not in names


def test_filters_by_category_and_price_range(phone: Phone, d: Driver) -> None:
    d.tap(id="category_item", text="数码")
    assert d.find(id="sort_default").selected
    db = mall(phone)
    digital = {n for (n,) in db.execute("SELECT name FROM products WHERE category = '数码'")}
    assert {n.text for n in d.find_all(id="product_name")} <= digital
    d.tap(id="filter_button")
    d.tap(id="filter_category", text="全部")
    d.type_into("100", id="min_price")
    d.type_into("300", id="max_price")
    d.tap(text="确定")
    shown = prices(d)
    assert shown and all(100 <= p <= 300 for p in shown)
    names = {n.text for n in d.find_all(id="product_name")}
    assert not names <= digital  # every category now

    d.tap(id="filter_button")
    d.type_into("", id="min_price")
    for _ in range(3):
        d.key("DEL")
    d.device.send(ev.Text("900"))
    d.tap(text="确定")
    assert toasted(phone, "最低价不能高于最高价")
    assert d.exists(text="筛选")  # the dialog stays for a correction

    d.tap(text="重置")
    assert d.find(id="min_price").text == "最低价"  # emptied: the hint


def test_a_search_that_finds_nothing_says_so(d: Driver) -> None:
    search(d, "不存在的商品xyz")
    assert d.exists(id="search_empty", text="没有找到相关宝贝")


# product page and cart ------------------------------------------------------------------------
def test_sku_must_be_chosen_and_stock_limits_the_quantity(phone: Phone, d: Driver) -> None:
    sku = add_sku(phone, "限量 复古帆布鞋", "鞋靴", "41码", 99.0, 2)
    search(d, "限量")
    d.tap(id="product_name", text="限量 复古帆布鞋")
    d.tap(id="add_to_cart")
    d.tap(id="button1")  # 加入购物车 with no SKU chosen
    assert toasted(phone, "请选择规格")
    d.tap(id="sku_option", text="41码")
    assert d.find(id="sku_chosen").text == "已选：41码"
    d.tap(id="quantity_plus")
    d.tap(id="quantity_plus")
    assert toasted(phone, "库存不足") and d.find(id="quantity").text == "2"
    d.tap(id="button1")
    assert toasted(phone, "已加入购物车")
    row = mall(phone).execute("SELECT count FROM cart_items WHERE sku_id = ?", (sku,)).fetchone()
    assert row[0] == 2
    added = reports(phone, "加入购物车")[-1]
    assert added["product_info"][0]["prodName"] == "限量 复古帆布鞋"
    assert added["product_info"][0]["skuName"] == "41码"
    assert added["product_info"][0]["prodCount"] == 2


def _add_to_cart(d: Driver, sku: str, count: int) -> None:
    """From the product's page: 加入购物车, the SKU, ``count`` pieces, confirm."""
    d.tap(id="add_to_cart")
    d.tap(id="sku_option", text=sku)
    for _ in range(count - 1):
        d.tap(id="quantity_plus")
    d.tap(id="button1")


def test_adding_to_the_cart_stops_at_the_stock(phone: Phone, d: Driver) -> None:
    sku = add_sku(phone, "限量 复古帆布鞋", "鞋靴", "41码", 99.0, 3)
    search(d, "限量")
    d.tap(id="product_name", text="限量 复古帆布鞋")
    _add_to_cart(d, "41码", 2)
    assert phone.toasts[-1].text == "已加入购物车"
    _add_to_cart(d, "41码", 2)  # one more is all there is
    assert phone.toasts[-1].text == "库存不足"
    cart = "SELECT count FROM cart_items WHERE sku_id = ?"
    assert mall(phone).execute(cart, (sku,)).fetchone()[0] == 3
    assert [r["product_info"][0]["prodCount"] for r in reports(phone, "加入购物车")] == [2, 1]
    _add_to_cart(d, "41码", 1)  # the cart holds the whole stock
    assert phone.toasts[-1].text == "库存不足"
    assert mall(phone).execute(cart, (sku,)).fetchone()[0] == 3
    assert len(reports(phone, "加入购物车")) == 2


def test_an_order_of_more_than_the_stock_is_refused(phone: Phone, d: Driver) -> None:
    sku = add_sku(phone, "限量 复古帆布鞋", "鞋靴", "41码", 99.0, 2)
    search(d, "限量")
    d.tap(id="product_name", text="限量 复古帆布鞋")
    _add_to_cart(d, "41码", 2)
    d.tap(id="buy_now")  # one bought now leaves one for the two in the cart
    d.tap(id="sku_option", text="41码")
    d.tap(id="quantity_minus")  # the sheet kept the two
    assert d.find(id="quantity").text == "1"
    d.tap(id="button1")
    d.tap(id="submit_order")
    assert phone.foreground == (PACKAGE, ORDER)
    stock = "SELECT stock FROM skus WHERE id = ?"
    assert mall(phone).execute(stock, (sku,)).fetchone()[0] == 1
    d.tap(text="取消")  # pay later
    d.key("BACK")
    d.key("BACK")
    d.key("BACK")
    d.tap(id="tab_cart")
    d.tap(id="cart_item_check", desc="限量 复古帆布鞋")
    d.tap(id="checkout_button")
    d.tap(id="submit_order")
    assert phone.foreground == (PACKAGE, CONFIRM)
    assert phone.toasts[-1].text == "库存不足"
    items = "SELECT SUM(count) FROM order_items WHERE sku_id = ?"
    assert mall(phone).execute(items, (sku,)).fetchone()[0] == 1
    assert mall(phone).execute(stock, (sku,)).fetchone()[0] == 1
    d.key("BACK")  # two down to one, and the order goes through
    d.tap(id="quantity_minus")
    d.tap(id="checkout_button")
    d.tap(id="submit_order")
    assert phone.foreground == (PACKAGE, ORDER)
    assert mall(phone).execute(stock, (sku,)).fetchone()[0] == 0


def test_a_seeded_cart_holds_no_more_than_the_stock() -> None:
    over = (
        "SELECT COUNT(*) FROM cart_items c JOIN skus s ON s.id = c.sku_id WHERE c.count > s.stock"
    )
    assert mall(Phone(seed=48)).execute(over).fetchone()[0] == 0  # drew 3 of a SKU with 2


def test_cart_quantities_selection_and_total(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    d.tap(id="tab_cart")
    count = db.execute("SELECT COUNT(*) FROM cart_items").fetchone()[0]
    assert d.find(id="toolbar_title").text == f"购物车({count})"
    first = d.find_all(id="cart_item_name")[0].text
    start = int(d.find_all(id="cart_item_count")[0].text)
    d.tap(id="quantity_plus")
    assert int(d.find_all(id="cart_item_count")[0].text) == start + 1
    d.tap(id="quantity_minus")
    if start == 1:
        d.tap(id="quantity_minus")
        assert toasted(phone, "商品数量不能少于1件")
    assert int(d.find_all(id="cart_item_count")[0].text) == start
    d.tap(id="checkout_button")
    assert toasted(phone, "您还没有选择宝贝哦") and phone.foreground == (PACKAGE, MAIN)

    d.tap(id="cart_item_check", desc=first)
    d.tap(id="select_all")
    rows = db.execute(
        "SELECT s.price, c.count FROM cart_items c JOIN skus s ON s.id = c.sku_id"
    ).fetchall()
    total = round(sum(p * c for p, c in rows), 2)
    assert d.find(id="cart_total").text == f"¥{total:.2f}"
    assert db.execute("SELECT MIN(selected) FROM cart_items").fetchone()[0] == 1
    d.tap(id="select_all")
    assert d.find(id="cart_total").text == "¥0.00"


def test_deleting_selected_cart_rows_reports_the_cart(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    before = {i for (i,) in db.execute("SELECT product_id FROM cart_items")}
    d.tap(id="tab_cart")
    names = [n.text for n in d.find_all(id="cart_item_name")][:2]
    d.tap(id="cart_manage")
    d.tap(id="delete_button")
    assert toasted(phone, "您还没有选择宝贝哦")
    for name in names:
        d.tap(id="cart_item_check", desc=name)
    d.tap(id="delete_button")
    assert d.exists(text="确认要删除这2种商品吗？")
    d.tap(id="button1", text="删除")
    left = {
        n
        for (n,) in db.execute(
            "SELECT p.name FROM cart_items c JOIN products p ON p.id = c.product_id"
        )
    }
    assert not set(names) & left and len(left) == len(before) - 2
    report = reports(phone, "购物车删除选中")[-1]
    assert {i["prodName"] for i in report["items_to_delete"]} == set(names)
    assert {int(i["prodId"]) for i in report["current_cart_items"]} == before
    assert any("Callback: task_name=购物车删除选中" in line for line in phone.logcat_lines()[0])


# checkout ---------------------------------------------------------------------------------------
def test_checkout_to_a_new_address_with_the_payment_password(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    d.tap(id="tab_cart")
    name = d.find_all(id="cart_item_name")[0].text
    d.tap(id="cart_item_check", desc=name)
    line = db.execute(
        "SELECT c.id, s.name, s.price, c.count FROM cart_items c JOIN skus s ON s.id = c.sku_id "
        "WHERE c.selected = 1"
    ).fetchone()
    d.tap(id="checkout_button")
    assert phone.foreground == (PACKAGE, CONFIRM)
    default = db.execute("SELECT receiver FROM addresses WHERE is_default = 1").fetchone()[0]
    assert d.find(id="address_receiver").text == default
    d.tap(id="address_card")
    d.tap(id="add_address")
    d.tap(id="save_address")
    assert toasted(phone, "请填写完整的收货信息")
    for field, text in (
        ("address_receiver", "张先生"),
        ("address_mobile", "13800138000"),
        ("address_province", "浙江省"),
        ("address_city", "杭州市"),
        ("address_area", "余杭区"),
        ("address_addr", "阿里巴巴西溪C区"),
    ):
        d.type_into(text, id=field)
    d.key("BACK")
    d.tap(id="save_address")
    assert toasted(phone, "保存成功")
    d.tap(id="address_receiver", text="张先生")
    assert phone.foreground == (PACKAGE, CONFIRM)
    assert d.find(id="address_detail").text == "浙江省杭州市余杭区 阿里巴巴西溪C区"
    assert d.find(id="order_total").text == f"¥{line[2] * line[3]:.2f}"
    d.tap(id="submit_order")

    assert phone.foreground == (PACKAGE, ORDER)
    order = db.execute(
        "SELECT id, status, receiver, addr, order_number FROM orders ORDER BY id DESC"
    ).fetchone()
    assert tuple(order)[1:4] == (1, "张先生", "阿里巴巴西溪C区")
    assert db.execute("SELECT COUNT(*) FROM cart_items WHERE id = ?", (line[0],)).fetchone()[0] == 0
    submitted = reports(phone, "提交订单")[-1]
    assert submitted["product_info"][0]["prodName"] == name
    assert submitted["product_info"][0]["skuName"] == line[1]
    assert submitted["product_info"][0]["prodCount"] == line[3]
    assert submitted["address_info"] == {
        "receiver": "张先生",
        "mobile": "13800138000",
        "province": "浙江省",
        "city": "杭州市",
        "area": "余杭区",
        "addr": "阿里巴巴西溪C区",
    }
    assert submitted["order_number"] == order[4]

    d.type_into("000000", id="pay_password")
    d.tap(text="确认支付")
    assert toasted(phone, "支付密码错误，请重试")
    assert db.execute("SELECT status FROM orders WHERE id = ?", (order[0],)).fetchone()[0] == 1
    d.type_into("123456", id="pay_password")
    d.tap(text="确认支付")
    assert db.execute("SELECT status FROM orders WHERE id = ?", (order[0],)).fetchone()[0] == 2
    assert d.find(id="order_status").text == "待发货"
    assert reports(phone, "支付订单")[-1]["order_number"] == order[4]
    # each line of the order: its price and count at the row's end, its name in the rest
    end = phone.display.width - phone.display.dp(16)
    price, count = d.find(id="order_item_price"), d.find(id="order_item_count")
    assert price.bounds.right == count.bounds.right == end
    assert d.find(id="order_item_name").bounds.right < price.bounds.left


def test_buy_now_without_any_address_asks_for_one(phone: Phone, d: Driver) -> None:
    mall(phone).execute("DELETE FROM addresses")
    sku = add_sku(phone, "单品 无糖可乐", "食品饮料", "一箱24罐", 59.0, 10)
    search(d, "单品")
    d.tap(id="product_name")
    d.tap(id="buy_now")
    d.tap(id="sku_option")
    d.tap(id="button1")
    assert phone.foreground == (PACKAGE, CONFIRM)
    assert d.find(id="address_receiver").text == "请添加收货地址"
    d.tap(id="submit_order")
    assert toasted(phone, "请选择收货地址")
    assert (
        mall(phone)
        .execute("SELECT COUNT(*) FROM order_items WHERE sku_id = ?", (sku,))
        .fetchone()[0]
        == 0
    )


# orders and after-sales -------------------------------------------------------------------------
def test_order_tabs_cancel_and_after_sales(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    db.execute("UPDATE orders SET status = 1 WHERE id = 1")
    db.execute("UPDATE orders SET status = 5 WHERE id = 2")
    d.tap(id="tab_me")
    d.tap(id="order_shortcut", desc="待付款")
    unpaid = db.execute("SELECT COUNT(*) FROM orders WHERE status = 1").fetchone()[0]
    assert [n.text for n in d.find_all(id="order_status")] == ["待付款"] * min(unpaid, 3)
    number = db.execute("SELECT order_number FROM orders WHERE id = 1").fetchone()[0]
    d.scroll_to(id="order_number", text=f"订单号 {number}")
    rows = d.find_all(id="order_number")
    index = [n.text for n in rows].index(f"订单号 {number}")
    d.send_all(ev.tap(*d.find_all(id="cancel_order")[index].bounds.center))
    d.tap(text="取消订单", id="button1")
    assert db.execute("SELECT status FROM orders WHERE id = 1").fetchone()[0] == 6
    assert toasted(phone, "订单已取消")

    d.tap(desc="已完成")
    done = db.execute("SELECT order_number FROM orders WHERE id = 2").fetchone()[0]
    d.scroll_to(id="order_number", text=f"订单号 {done}")
    d.tap(id="order_number", text=f"订单号 {done}")
    d.tap(id="after_sales")
    d.tap(id="submit_refund")
    assert toasted(phone, "请选择退款原因")
    d.tap(id="refund_kind", text="退货退款")
    d.tap(id="refund_reason", text="尺码不合适")
    d.tap(id="submit_refund")
    refund = db.execute("SELECT kind, reason FROM refunds WHERE order_id = 2").fetchone()
    assert tuple(refund) == ("退货退款", "尺码不合适")
    assert d.find(id="order_status").text == "退款中"
    assert not d.exists(id="after_sales")
    report = reports(phone, "申请售后")[-1]
    assert (report["order_number"], report["refund_type"]) == (done, "退货退款")


def test_cancelling_an_unpaid_order_gives_its_pieces_back(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    sku = add_sku(phone, "限量 复古帆布鞋", "鞋靴", "41码", 99.0, 1)
    search(d, "限量")
    d.tap(id="product_name", text="限量 复古帆布鞋")
    d.tap(id="buy_now")
    d.tap(id="sku_option", text="41码")
    d.tap(id="button1")
    d.tap(id="submit_order")
    d.tap(text="取消")  # pays later
    stock_and_sales = "SELECT s.stock, p.sales FROM skus s JOIN products p ON p.id = s.product_id"
    assert tuple(db.execute(f"{stock_and_sales} WHERE s.id = ?", (sku,)).fetchone()) == (0, 11)
    d.tap(id="cancel_order")
    d.tap(text="取消订单", id="button1")
    assert db.execute("SELECT status FROM orders ORDER BY id DESC").fetchone()[0] == 6
    assert tuple(db.execute(f"{stock_and_sales} WHERE s.id = ?", (sku,)).fetchone()) == (1, 10)
    d.key("BACK")  # the product, buyable again
    assert d.find(id="product_stock").text == "库存1件"
    assert d.find(id="add_to_cart").enabled


def test_confirm_receipt_completes_a_shipped_order(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    db.execute("UPDATE orders SET status = CASE id WHEN 1 THEN 3 ELSE 5 END")
    d.tap(id="tab_me")
    d.tap(id="order_shortcut", desc="待收货")
    assert [n.text for n in d.find_all(id="order_status")] == ["待收货"]
    d.tap(id="confirm_receipt")
    d.tap(id="button1")
    assert db.execute("SELECT status FROM orders WHERE id = 1").fetchone()[0] == 5
    number = db.execute("SELECT order_number FROM orders WHERE id = 1").fetchone()[0]
    assert reports(phone, "确认收货")[-1]["order_number"] == number
    assert d.exists(id="orders_empty")


def test_back_returns_to_the_home_tab_first(phone: Phone, d: Driver) -> None:
    d.tap(id="tab_cart")
    d.key("BACK")
    assert phone.foreground == (PACKAGE, MAIN) and d.exists(id="search_box")


# signing in -----------------------------------------------------------------------------------
def sign_out(phone: Phone) -> None:
    mall(phone).execute("INSERT INTO preferences(key, value) VALUES ('logged_in', '0')")


def test_signing_in_with_a_texted_code_and_the_agreement(phone: Phone, d: Driver) -> None:
    sign_out(phone)
    d.tap(id="tab_cart")
    assert phone.foreground == (PACKAGE, LOGIN)
    assert d.find(id="login_phone").text == "13812345678"
    d.tap(id="send_code")
    assert toasted(phone, "验证码已发送")
    sms = (
        phone.database(SMS, "messages")
        .execute("SELECT body FROM messages ORDER BY id DESC LIMIT 1")
        .fetchone()[0]
    )
    code = re.search(r"验证码是(\d{6})", sms).group(1)
    d.type_into("000000", id="login_code")
    d.tap(id="agree_check")
    d.tap(id="login_button")
    assert toasted(phone, "验证码错误") and phone.foreground == (PACKAGE, LOGIN)
    d.tap(id="agree_check")  # unticked again: the agreement is asked for
    d.tap(id="login_code")
    for _ in range(6):
        d.key("DEL")
    d.device.send(ev.Text(code))
    d.tap(id="login_button")
    assert d.exists(text="服务协议及隐私保护")
    d.tap(id="button1", text="同意并登录")
    assert toasted(phone, "登录成功") and phone.foreground == (PACKAGE, MAIN)
    d.tap(id="tab_cart")
    assert d.exists(id="cart_list")


def test_signing_in_with_the_password(phone: Phone, d: Driver) -> None:
    sign_out(phone)
    d.tap(id="tab_me")
    d.tap(desc="密码登录")
    assert d.find(id="login_account").text == "mashu001"  # the last account
    d.type_into("wrong", id="login_password")
    d.tap(id="agree_check")
    d.tap(id="login_button")
    assert toasted(phone, "账号或密码错误")
    d.tap(id="login_password")
    for _ in range(5):
        d.key("DEL")
    d.device.send(ev.Text("password"))
    d.tap(id="login_button")
    assert phone.foreground == (PACKAGE, MAIN)
    d.tap(id="tab_me")
    assert d.find(id="user_name").text == "mashu001"


def test_a_sold_out_product_cannot_be_bought(phone: Phone, d: Driver) -> None:
    add_sku(phone, "售罄 圣诞彩灯", "节日礼品", "5米", 39.0, 0)
    search(d, "售罄")
    d.tap(id="product_name", text="售罄 圣诞彩灯")
    assert d.find(id="product_stock").text == "已售罄"
    assert not d.find(id="buy_now").enabled and not d.find(id="add_to_cart").enabled
    d.tap(id="sku_selector")
    assert toasted(phone, "该商品已售罄") and not d.exists(text="选择规格")


def _shop_text(phone: Phone) -> str:
    """The text the shop sent to SMS Messenger."""
    return (
        phone.database(SMS, "messages")
        .execute("SELECT body FROM messages WHERE address = '1069012345'")
        .fetchone()[0]
    )


def _texted_code(seed: int) -> str:
    """The code a phone of ``seed``, its shop opened and signed out, texts at once."""
    phone = Phone(seed=seed)
    d = opened(phone, "淘店", (PACKAGE, MAIN))
    sign_out(phone)
    d.tap(id="tab_me")
    d.tap(id="send_code")
    return re.search(r"验证码是(\d{6})", _shop_text(phone)).group(1)


def test_the_texted_code_is_drawn_from_the_seed() -> None:
    """The same moment of another episode texts another code (none to learn by heart), and
    the same episode the same one."""
    codes = [_texted_code(seed) for seed in (0, 1, 2, 0)]
    assert len(set(codes[:3])) == 3 and codes[3] == codes[0]


def test_a_code_set_by_a_task_is_the_one_texted(phone: Phone, d: Driver) -> None:
    sign_out(phone)
    mall(phone).execute("INSERT INTO preferences(key, value) VALUES ('next_sms_code', '482913')")
    d.tap(id="tab_me")
    d.tap(id="send_code")
    assert "482913" in _shop_text(phone)
    d.type_into("482913", id="login_code")
    d.tap(id="agree_check")
    d.tap(id="login_button")
    assert phone.foreground == (PACKAGE, MAIN)


def test_an_unpaid_order_is_paid_from_its_page(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    db.execute("UPDATE orders SET status = CASE id WHEN 1 THEN 1 ELSE 5 END")
    d.tap(id="tab_me")
    d.tap(id="order_shortcut", desc="待付款")
    d.tap(id="order_item_name")
    d.tap(id="pay_order")
    assert d.find(id="pay_password").focused
    d.device.send(ev.Text("123456"))
    d.tap(id="button1", text="确认支付")
    assert db.execute("SELECT status FROM orders WHERE id = 1").fetchone()[0] == 2
    assert d.find(id="order_status").text == "待发货"
    d.key("BACK")
    assert phone.foreground == (PACKAGE, ORDERS) and d.exists(id="orders_empty")


def test_callback_files_are_named_as_the_original_names_them(phone: Phone, d: Driver) -> None:
    d.tap(id="tab_cart")
    d.tap(id="quantity_plus")
    d.tap(id="quantity_plus")  # twice in the same second: a second file, not an overwrite
    names = sorted(p.rsplit("/", 1)[1] for p in phone.storage.files if p.startswith(CALLBACK_DIR))
    stamp = f"{phone.clock.now:%Y%m%d_%H%M%S}"
    assert names == [
        f"修改购物车数量_callback_{stamp}.json",
        f"修改购物车数量_callback_{stamp}_2.json",
    ]
    rows = mall(phone).execute("SELECT task_name, path FROM callbacks ORDER BY id").fetchall()
    assert [r[0] for r in rows] == ["修改购物车数量"] * 2
    assert json.loads(phone.storage.read(rows[0][1]))["task_name"] == "修改购物车数量"


def test_callback_files_are_modified_at_the_time_of_their_report(phone: Phone, d: Driver) -> None:
    d.tap(id="tab_cart")
    d.tap(id="quantity_plus")
    phone.clock.advance(10 * 60_000)
    d.tap(id="quantity_plus")
    phone.clock.advance(60 * 60_000)  # served as they were, not as modified now
    made = mall(phone).execute("SELECT path, created FROM callbacks ORDER BY id").fetchall()
    served = PhoneFiles(phone)
    assert [served.stat(path).mtime for path, _ in made] == [ms // 1000 for _, ms in made]
    assert made[1][1] - made[0][1] >= 10 * 60_000


# long data ------------------------------------------------------------------------------------
def _fill_cart(phone: Phone, count: int) -> None:
    """``count`` more products in the cart, older than what is there, every other selected."""
    db = mall(phone)
    base = 100_000
    db.executemany(
        "INSERT INTO products(id, name, category, price) VALUES (?, ?, '数码', ?)",
        [(base + i, f"长清单商品 {i:04d}", 1.25 + i % 7) for i in range(count)],
    )
    db.executemany(
        "INSERT INTO skus(id, product_id, name, price) VALUES (?, ?, '默认', ?)",
        [(base + i, base + i, 1.25 + i % 7) for i in range(count)],
    )
    db.executemany(
        "INSERT INTO cart_items(product_id, sku_id, count, selected, added) VALUES (?, ?, ?, ?, ?)",
        [(base + i, base + i, 1 + i % 3, i % 2, -i) for i in range(count)],
    )


def test_a_long_cart_is_read_a_page_at_a_time_and_totalled_once_until_it_changes(
    phone: Phone, d: Driver
) -> None:
    db = mall(phone)
    _fill_cart(phone, 600)
    d.tap(id="tab_cart")
    total = db.execute("SELECT COUNT(*) FROM cart_items").fetchone()[0]
    assert d.find(id="toolbar_title").text == f"购物车({total})"
    assert views_made(phone, "cart_item") < 30  # of more than 600
    assert not [s for s in statements_while_rebuilt(phone, db) if "cart_items c" in s]

    def selected() -> tuple[str, str]:
        rows = db.execute(
            "SELECT s.price, c.count FROM cart_items c JOIN skus s ON s.id = c.sku_id "
            "WHERE c.selected = 1"
        ).fetchall()
        amount = sum(round(price * count, 2) for price, count in rows)
        pieces = sum(count for _, count in rows)
        return f"¥{round(amount, 2):.2f}", f"结算({pieces})"

    assert (d.find(id="cart_total").text, d.find(id="checkout_button").text) == selected()
    first = d.find_all(id="cart_item_name")[0].text
    d.tap(id="cart_item_check", desc=first)  # a change shows at once
    assert (d.find(id="cart_total").text, d.find(id="checkout_button").text) == selected()
    d.tap(id="select_all")
    assert db.execute("SELECT MIN(selected) FROM cart_items").fetchone()[0] == 1
    assert (d.find(id="cart_total").text, d.find(id="checkout_button").text) == selected()
    d.tap(id="quantity_plus")
    assert (d.find(id="cart_total").text, d.find(id="checkout_button").text) == selected()
    d.scroll_to(id="cart_item_name", text="长清单商品 0040")
    assert views_made(phone, "cart_item") < 30
    d.tap(id="select_all")
    d.tap(id="cart_manage")
    last = d.find_all(id="cart_item_name")[-1].text
    d.tap(id="cart_item_check", desc=last)
    d.tap(id="delete_button")
    assert d.exists(text="确认要删除这1种商品吗？")
    d.tap(id="button1", text="删除")
    assert d.find(id="toolbar_title").text == f"购物车({total - 1})"
    assert last not in {n.text for n in d.find_all(id="cart_item_name")}
    assert [i["prodName"] for i in reports(phone, "购物车删除选中")[-1]["items_to_delete"]] == [
        last
    ]


def test_the_categories_are_found_once_until_the_catalogue_changes(phone: Phone, d: Driver) -> None:
    db = mall(phone)
    db.executemany(
        "INSERT INTO products(name, category, price) VALUES (?, '数码', 10)",
        [(f"长清单商品 {i:04d}",) for i in range(1000)],
    )
    chips = [n.text for n in d.find_all(id="category_item")]
    assert not [s for s in statements_while_rebuilt(phone, db) if "GROUP BY category" in s]
    db.execute("INSERT INTO products(name, category, price) VALUES ('新品', '新类目', 10)")
    assert [n.text for n in d.find_all(id="category_item")] == [*chips, "新类目"]  # at once


def test_the_order_list_finds_each_orders_items_and_refunds_by_index(
    phone: Phone, d: Driver
) -> None:
    db = mall(phone)
    db.executemany(
        "INSERT INTO orders(id, order_number, status, total, created) VALUES (?, ?, 5, 10, ?)",
        [(100_000 + i, f"NO{i}", i) for i in range(500)],
    )
    db.executemany(
        "INSERT INTO order_items(order_id, product_id, prod_name, price) VALUES (?, 1, ?, 10)",
        [(100_000 + i, f"长清单商品 {i:04d}") for i in range(500)],
    )
    d.tap(id="tab_me")
    d.tap(id="all_orders")
    assert d.exists(id="order_item")
    plans = [
        detail
        for statement in statements_while_rebuilt(phone, db, 1)
        for *_, detail in db.execute("EXPLAIN QUERY PLAN " + statement)
    ]
    assert any("order_items" in detail for detail in plans)
    assert not [p for p in plans if re.match(r"SCAN (order_items|refunds)\b", p)]
