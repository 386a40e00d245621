"""The seeded shop: a catalogue drawn from vocabularies (categories, product kinds, brands,
styles, SKU options), a cart, an address book and an order history.

A product kind lists the options its SKUs combine (sizes, colours, capacities); its name
is a brand, maybe a style word, and the kind. English kinds get English brands.
"""

from __future__ import annotations

import itertools
import random

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.taodian.data import CANCELLED, DONE, SHIPPED, UNPAID, UNSHIPPED

SHOE_SIZES = tuple(f"{n}码" for n in range(36, 45))
CLOTHES_SIZES = ("S", "M", "L", "XL", "XXL")
Kind = tuple[str, int, int, tuple[tuple[str, ...], ...]]
"""A product kind: its name, its price range (yuan) and its SKU option lists."""
# fmt: off
CATEGORIES: dict[str, tuple[Kind, ...]] = {
    "数码": (
        ("iPhone 15 Pro", 5999, 8999, (("128GB", "256GB", "512GB"), ("原色钛金属", "黑色钛金属"))),
        ("Smart watch", 899, 2599, (("Black", "Silver", "Pink"),)),
        ("Wireless earbuds", 199, 1299, (("White", "Black"),)),
        ("蓝牙音箱", 129, 699, (("黑色", "蓝色"),)),
        ("充电宝 20000mAh", 79, 199, (("白色", "黑色"),)),
        ("机械键盘", 199, 899, (("青轴", "红轴", "茶轴"),)),
    ),
    "服饰": (
        ("短袖T恤", 39, 159, (CLOTHES_SIZES,)),
        ("长袖衬衫", 89, 299, (CLOTHES_SIZES,)),
        ("连帽卫衣", 129, 399, (CLOTHES_SIZES,)),
        ("羽绒服", 399, 1299, (CLOTHES_SIZES,)),
        ("牛仔裤", 99, 399, (("28", "29", "30", "31", "32", "34"),)),
        ("Cotton T-shirt", 49, 129, (CLOTHES_SIZES,)),
    ),
    "鞋靴": (
        ("网球鞋", 199, 899, (SHOE_SIZES,)),
        ("运动休闲鞋", 159, 599, (SHOE_SIZES,)),
        ("跑步鞋", 259, 999, (SHOE_SIZES,)),
        ("帆布鞋", 69, 259, (SHOE_SIZES,)),
        ("Running shoes", 299, 899, (SHOE_SIZES,)),
    ),
    "食品饮料": (
        ("无糖可乐", 3, 6, (("单瓶500ml", "330ml*6罐", "一箱24罐"),)),
        ("苏打气泡水", 4, 8, (("单瓶", "一箱15瓶"),)),
        ("乌龙茶", 4, 7, (("单瓶", "一箱24瓶"),)),
        ("每日坚果", 59, 129, (("30袋装", "15袋装"),)),
        ("纯牛奶", 49, 89, (("一箱12盒", "一箱24盒"),)),
        ("Dark chocolate", 19, 59, (("100g", "3 bars"),)),
    ),
    "美妆个护": (
        ("保湿面霜套装", 199, 699, (("标准装", "礼盒装"),)),
        ("防晒霜", 69, 259, (("50ml", "100ml"),)),
        ("哑光口红", 99, 329, (("#01 正红", "#02 豆沙", "#03 枫叶"),)),
        ("氨基酸洗面奶", 39, 129, (("120g", "200g"),)),
    ),
    "家居": (
        ("记忆棉抱枕", 39, 129, (("灰色", "米白"),)),
        ("LED护眼台灯", 99, 399, (("白色", "黑色"),)),
        ("桌面收纳盒", 19, 69, (("小号", "大号"),)),
        ("纯棉四件套", 199, 599, (("1.5m床", "1.8m床"),)),
        ("Scented candle", 49, 159, (("Lavender", "Vanilla", "Cedar"),)),
    ),
    "节日礼品": (
        ("万圣节临时纹身贴", 9, 29, (("南瓜款", "骷髅款", "蝙蝠款"),)),
        ("万圣节南瓜灯", 19, 69, (("小号", "大号"),)),
        ("圣诞彩灯", 29, 99, (("5米", "10米"),)),
        ("生日气球套装", 15, 49, (("粉色", "蓝色"),)),
    ),
    "运动户外": (
        ("加厚瑜伽垫", 49, 199, (("紫色", "蓝色", "黑色"),)),
        ("专业跳绳", 19, 79, (("标准款", "计数款"),)),
        ("露营帐篷", 199, 899, (("2人", "4人"),)),
        ("Yoga mat", 59, 199, (("Purple", "Blue"),)),
    ),
}
BRANDS = ("优品", "森屿", "轻氧", "南极星", "木子家", "拾光", "云朵", "初见", "北岸", "乐途")
EN_BRANDS = ("Nova", "Aurora", "Pulse", "Harbor", "Summit")
STYLES = {
    "服饰": ("经典白色", "纯棉", "宽松", "黑色", "条纹", ""),
    "鞋靴": ("白色", "黑色", "轻便", "复古", "透气", ""),
    "美妆个护": ("", "温和", "高保湿"),
    "家居": ("", "北欧风", "简约"),
}
SHOPS = ("淘店自营", "优选旗舰店", "品牌官方店", "生活馆", "潮流小铺")
SURNAMES = ("王", "李", "张", "刘", "陈", "杨", "赵", "黄", "周", "吴")
GIVEN = ("伟", "芳", "娜", "敏", "静", "磊", "洋", "艳", "勇", "杰", "婷", "强")
REGIONS = (
    ("浙江省", "杭州市", ("西湖区", "余杭区", "滨江区", "拱墅区")),
    ("上海市", "上海市", ("浦东新区", "徐汇区", "静安区")),
    ("北京市", "北京市", ("朝阳区", "海淀区", "东城区")),
    ("广东省", "深圳市", ("南山区", "福田区", "宝安区")),
    ("江苏省", "南京市", ("鼓楼区", "玄武区")),
)
STREETS = ("文一西路", "学院路", "人民路", "中山路", "建设路", "解放路", "滨江大道")
PLACES = ("小区", "花园", "公寓", "大厦")
# fmt: on
DAY = 86_400_000


def _price(rng: random.Random, low: int, high: int) -> float:
    whole = rng.randint(low, high)
    return float(whole) if whole < 10 else whole - rng.choice((0.0, 0.1, 0.01))


def _name(rng: random.Random, category: str, kind: str) -> str:
    if kind.isascii():
        return f"{rng.choice(EN_BRANDS)} {kind}"
    style = rng.choice(STYLES.get(category, ("",)))
    return f"{rng.choice(BRANDS)} {style}{kind}"


def seed_catalogue(ctx: AppContext, rng: random.Random) -> None:
    """Three to five products of each category, each with its SKUs and stock."""
    db = ctx.db()
    skus: list[tuple[int | None, str, float, int]] = []
    for category, kinds in CATEGORIES.items():
        for kind, low, high, options in rng.sample(kinds, min(len(kinds), rng.randint(3, 5))):
            price = _price(rng, low, high)
            cursor = db.execute(
                "INSERT INTO products(name, category, price, sales, shop, description) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    _name(rng, category, kind),
                    category,
                    price,
                    rng.randint(0, 20000),
                    rng.choice(SHOPS),
                    f"{category} · {kind}",
                ),
            )
            product_id = cursor.lastrowid
            rest = len(list(itertools.product(*options[1:])))
            for i, combo in enumerate(itertools.product(*options)):
                # a dearer first option (more storage) costs more on dear products
                step = i // rest if low > 1000 else 0
                sku_price = round(price + 1000 * step, 2)
                stock = 0 if rng.random() < 0.08 else rng.randint(1, 300)
                skus.append((product_id, " ".join(combo), sku_price, stock))
    db.executemany("INSERT INTO skus(product_id, name, price, stock) VALUES (?, ?, ?, ?)", skus)


def _address(rng: random.Random) -> dict[str, object]:
    province, city, areas = rng.choice(REGIONS)
    return {
        "receiver": rng.choice(SURNAMES) + rng.choice(GIVEN),
        "mobile": f"1{rng.choice((38, 39, 58, 86))}{rng.randint(0, 99999999):08d}",
        "province": province,
        "city": city,
        "area": rng.choice(areas),
        "addr": f"{rng.choice(STREETS)}{rng.randint(1, 999)}号{rng.choice(PLACES)}"
        f"{rng.randint(1, 30)}幢{rng.randint(101, 2402)}室",
    }


def seed_account(ctx: AppContext, rng: random.Random) -> None:
    """Two or three addresses (the first the default), a cart and an order history."""
    db = ctx.db()
    for i in range(rng.randint(2, 3)):
        db.execute(
            "INSERT INTO addresses(receiver, mobile, province, city, area, addr, is_default) "
            "VALUES (:receiver, :mobile, :province, :city, :area, :addr, :is_default)",
            {**_address(rng), "is_default": int(i == 0)},
        )
    sku_rows = db.execute(
        "SELECT s.id, s.product_id, s.name, s.price, p.name, s.stock FROM skus s "
        "JOIN products p ON p.id = s.product_id WHERE s.stock > 0 ORDER BY s.id"
    ).fetchall()
    now = ctx.phone.boot_ms
    by_product: dict[int, tuple] = {}
    for row in sku_rows:
        by_product.setdefault(row[1], row)
    picks = rng.sample(sorted(by_product), rng.randint(6, 9))
    for n, product_id in enumerate(picks):
        choices = [row for row in sku_rows if row[1] == product_id]
        sku = rng.choice(choices)
        db.execute(
            "INSERT INTO cart_items(product_id, sku_id, count, selected, added) "
            "VALUES (?, ?, ?, 0, ?)",
            (
                product_id,
                sku[0],
                min(rng.choice((1, 1, 1, 2, 3)), sku[5]),  # no more than the stock
                now - (n + 1) * rng.randint(1, 5) * DAY,
            ),
        )
    where = db.execute(
        "SELECT receiver, mobile, province, city, area, addr FROM addresses"
    ).fetchone()
    statuses = [UNPAID, UNSHIPPED, SHIPPED, DONE, DONE, CANCELLED]
    for status in rng.sample(statuses, rng.randint(4, 6)):
        items = [rng.choice(sku_rows) for _ in range(rng.randint(1, 2))]
        counts = [rng.choice((1, 1, 2)) for _ in items]
        total = round(sum(sku[3] * c for sku, c in zip(items, counts, strict=True)), 2)
        created = now - rng.randint(1, 60) * DAY - rng.randint(0, DAY)
        cursor = db.execute(
            "INSERT INTO orders(order_number, status, total, created, receiver, mobile, province, "
            "city, area, addr) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (f"{rng.randint(10**14, 10**15 - 1)}", status, total, created, *where),
        )
        for sku, count in zip(items, counts, strict=True):
            db.execute(
                "INSERT INTO order_items(order_id, product_id, sku_id, prod_name, sku_name, price, "
                "count) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (cursor.lastrowid, sku[1], sku[0], sku[4], sku[2], sku[3], count),
            )
