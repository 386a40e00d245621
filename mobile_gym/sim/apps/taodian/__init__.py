"""Taodian (淘店, ``com.testmall.app``), modelled on MobileWorld's Taodian shopping app.

The interface is Chinese, as the original's is; the catalogue mixes Chinese and English
products (the phone draws CJK text with Noto Sans CJK). A task seeds or replaces any table
with ``setup.database`` rows.

Database ``mall`` (prices in yuan, times in milliseconds on the virtual clock):

- ``products(id, name, category, price, sales, shop, description)`` and
  ``skus(id, product_id, name, price, stock)``: the catalogue; a SKU's ``name`` joins its
  options (``42码``, ``256GB 原色钛金属``, ``一箱24罐``); search matches ``name`` and
  ``description`` (the product kind) and the category.
- ``cart_items(id, product_id, sku_id, count, selected, added)``: the cart, newest
  ``added`` first; ``selected`` is the row's check box. The app puts no more of a SKU in
  the cart than its stock; an order takes its pieces from the stock and adds them to the
  product's ``sales``, and cancelling it unpaid gives them back.
- ``addresses(id, receiver, mobile, province, city, area, addr, is_default)``.
- ``orders(id, order_number, status, total, created, receiver, mobile, province, city,
  area, addr)``: ``status`` 1 待付款 (unpaid), 2 待发货 (paid, to ship), 3 待收货 (shipped),
  5 已完成 (received), 6 已取消 (cancelled); the delivery address is copied in.
  ``order_items(id, order_id, product_id, sku_id, prod_name, sku_name, price, count)``.
- ``refunds(id, order_id, kind, reason, note, amount, created)``: after-sales requests,
  ``kind`` 仅退款 (refund only) or 退货退款 (return and refund).
- ``callbacks(id, task_name, content, created, path)``: every report the app made (below).
- ``preferences(key, value)``: ``pay_password`` (default ``123456``), ``user_name``
  (``mashu001``), ``mobile`` (the account's phone, ``13812345678``), ``login_password``
  (``password``), ``logged_in`` (``1``; a task signs the user out with ``0``),
  ``sms_code`` (the last code texted), ``next_sms_code`` (the code the next text carries,
  when a task sets one; else one drawn from the phone's seed and the clock) and
  ``checkout_address`` (the address picked for the order being confirmed).

Seeded content: three to five products of each of eight categories, drawn from the
vocabularies of ``catalog``, with their SKUs and stock (a few SKUs sold out); two or three
addresses; six to nine cart rows (none beyond its stock); four to six orders of the last two
months.

Reports: as the original app posts each action to its server, every change writes a JSON
file ``/data/data/com.testmall.app/files/task_callbacks/<task_name>_callback_<YYYYmmdd_HHMMSS>
.json`` (``_2``, ``_3``... within one second; last modified at the report's time on the
phone's clock) and a row of ``callbacks``; its
``task_name`` says what happened:

- ``提交订单`` (order submitted): ``order_number``, ``total``, ``product_info`` (one entry
  per item: ``basketId``, ``prodId``, ``prodName``, ``skuId``, ``skuName``, ``price``,
  ``prodCount``) and ``address_info`` (``receiver``, ``mobile``, ``province``, ``city``,
  ``area``, ``addr``).
- ``购物车删除选中`` (selected cart rows deleted): ``current_cart_items`` (the cart before)
  and ``items_to_delete``, entries as in ``product_info``.
- ``加入购物车`` (``product_info``), ``修改购物车数量`` (``basketId``, ``prodId``,
  ``prodCount``), ``新增收货地址`` (``address_info``), ``支付订单``, ``取消订单``,
  ``确认收货`` (``order_number``) and ``申请售后`` (``order_number``, ``refund_type``,
  ``reason``, ``amount``).

Signing in: the cart, the account tab and buying need a signed-in user; a signed-out one
is sent to ``.LoginActivity``. The code login texts ``【淘店】您的验证码是NNNNNN...`` from
``1069012345`` into SMS Messenger's database (a received, unread message).

Logcat (tag ``淘店``): ``Callback: task_name=T file=PATH``, ``Cart item added: product=P
sku=S count=N``, ``Cart count changed: item=I count=N``, ``Cart items deleted: I,J``,
``Address added: receiver=R addr=A``, ``Order submitted: number=N total=T items=K``,
``Order paid: number=N`` (``cancelled``, ``received``), ``After-sales requested: number=N
kind=K reason=R``, ``Preference changed: key=value``.

Activities and resource ids (``com.testmall.app:id/<name>``):

``.MainActivity`` (arg ``tab``: 0 home, 1 cart, 2 me)
    ``bottom_navigation`` with ``tab_home`` (desc 首页), ``tab_cart`` (desc 购物车; the
    label counts the cart's rows) and ``tab_me`` (desc 我的); BACK on another tab returns
    to the home tab. Home: ``search_box`` (opens search, keyboard up), one
    ``category_item`` per category, ``product_list`` (recycled, best sellers first) of
    ``product_item`` rows (``product_name``, ``product_price``, ``product_sales``). Cart:
    ``toolbar_title`` 购物车(N), ``cart_manage`` (管理 / 完成), ``cart_list`` of
    ``cart_item`` rows (``cart_item_check`` desc the product's name, ``cart_item_name``
    (tap opens the product), ``cart_item_sku``, ``cart_item_price``, ``quantity_minus``
    (desc 减少), ``cart_item_count``, ``quantity_plus`` (desc 增加)), ``select_all`` 全选,
    ``cart_total`` (合计 of the selected rows) and ``checkout_button`` 结算(N); while
    managing ``delete_button`` 删除 (dialog 确认要删除这N种商品吗？ 取消 / 删除);
    ``cart_empty`` when empty. Me: ``user_name``, ``all_orders``, five ``order_shortcut``
    (desc 待付款, 待发货, 待收货, 已完成, 退款/售后), ``my_addresses``. Toasts: 商品数量不能少于1件,
    库存不足, 您还没有选择宝贝哦, 删除成功.
``.SearchActivity`` (args ``category``)
    "Navigate up", ``search_input`` (hint 搜索商品; ENTER searches), ``search_button`` 搜索;
    ``search_hint`` before a search; then ``sort_default`` 综合, ``sort_sales`` 销量,
    ``sort_price`` (价格, then 价格↑ / 价格↓ on each tap) and ``filter_button`` 筛选 (dialog
    筛选: ``filter_category`` radio buttons 全部 and each category, ``min_price`` /
    ``max_price``, 重置 / 确定); ``search_results`` of ``product_item`` rows (lowest SKU price)
    or ``search_empty``. Query words must all match, in any case (held in the name or kind,
    or naming the category).
``.ProductActivity`` (arg ``product_id``)
    "Navigate up", ``product_scroll`` with ``product_price``, ``product_sales``,
    ``product_name``, ``product_shop``, ``sku_selector`` (``sku_selector_text``,
    ``product_stock``), ``product_description``; ``go_cart`` (desc 购物车), ``add_to_cart``
    加入购物车 and ``buy_now`` 立即购买 (disabled when sold out). Each opens the dialog 选择规格:
    ``sku_price``, ``sku_stock``, ``sku_chosen``, one ``sku_option`` per SKU (selected when
    chosen; sold-out ones toast 该规格已售罄), ``quantity_minus`` / ``quantity`` /
    ``quantity_plus`` and 取消 / 加入购物车 (toast 已加入购物车; 库存不足 where the cart would
    hold more than the stock: it is filled up to the stock) or 立即购买 (opens checkout);
    toasts 请选择规格, 库存不足.
``.ConfirmOrderActivity`` (args ``cart_ids`` or ``sku_id`` and ``count``)
    "确认订单"; ``address_card`` (``address_receiver``, ``address_mobile``,
    ``address_detail``; 请添加收货地址 without one) opens the address book to pick from;
    ``order_items`` (``order_item_name``, ``order_item_sku``, ``order_item_price``,
    ``order_item_count``), ``goods_total``, ``freight``, ``order_total`` and
    ``submit_order`` 提交订单 (toasts 请选择收货地址, and 库存不足 for an item of more
    pieces than its stock): the order is created (待付款, the cart rows bought leave the
    cart) and its details open with the dialog 请输入支付密码
    (``pay_password``, 取消 / 确认支付; a wrong password toasts 支付密码错误，请重试 and
    stays; the right one pays: 支付成功).
``.AddressListActivity`` (arg ``pick``)
    ``address_list`` of ``address_item`` rows (``address_receiver``, ``address_mobile``,
    ``address_default`` 默认, ``address_detail``); picking mode: a tap chooses the address
    and returns. ``add_address`` + 新增收货地址.
``.AddressEditActivity``
    "Navigate up" and ``save_address`` 保存 in the bar; ``address_receiver``,
    ``address_mobile``, ``address_province``, ``address_city``, ``address_area``,
    ``address_addr`` and ``address_is_default`` (toasts 请填写完整的收货信息, 请输入正确的手机号码,
    保存成功).
``.OrderListActivity`` (arg ``tab``: 0 全部, 1 待付款, 2 待发货, 3 待收货, 4 已完成, 5 退款/售后)
    ``order_tabs`` (tabs named by desc), ``order_list`` of ``order_item`` rows
    (``order_number``, ``order_status`` (退款中 once after-sales was asked),
    ``order_item_name``, ``order_item_sku``, ``order_total``) with buttons by status:
    ``cancel_order`` 取消订单 (dialog 确定要取消该订单吗？ 再想想 / 取消订单) and ``pay_order``
    去支付; ``after_sales`` 申请退款 (待发货) or 申请售后; ``confirm_receipt`` 确认收货 (dialog
    确认已收到货物？). ``orders_empty``. A tap opens the order.
``.OrderDetailActivity`` (arg ``order_id``)
    ``order_status``, the address, the items, ``order_total``, ``order_number``,
    ``order_time`` (``2025-10-16 09:30:00``) and the same buttons; the payment dialog.
``.LoginActivity``
    "登录淘店"; ``login_tabs`` (短信登录 / 密码登录, named by desc). Code: ``login_phone``
    (prefilled with the account's phone), ``login_code`` and ``send_code`` 获取验证码 (toasts
    验证码已发送, 该手机号未注册). Password: ``login_account`` (prefilled with the user name;
    the phone works too) and ``login_password``. ``agree_check`` (the agreement) and
    ``login_button`` 登录: unticked, it asks in the dialog 服务协议及隐私保护 (不同意 / 同意并登录);
    toasts 验证码错误, 账号或密码错误, 登录成功 (the screen closes).
``.RefundActivity`` (arg ``order_id``)
    "申请售后"; ``refund_kind`` radio buttons (仅退款, and 退货退款 once shipped),
    ``refund_reason`` radio buttons, ``refund_amount``, ``refund_note`` and ``submit_refund``
    提交申请 (toasts 请选择退款原因, 申请已提交).
"""

from mobile_gym.sim.apps.taodian.app import TaodianApp
from mobile_gym.sim.apps.taodian.data import DATABASE, PACKAGE
from mobile_gym.sim.apps.taodian.store import CALLBACK_DIR

__all__ = ["CALLBACK_DIR", "DATABASE", "PACKAGE", "TaodianApp"]
