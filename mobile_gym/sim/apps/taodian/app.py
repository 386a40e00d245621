"""The Taodian app class: package, launcher entry, database, seeded content, screens."""

from __future__ import annotations

import random
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.apps.taodian import data
from mobile_gym.sim.apps.taodian.address import address_edit_screen, address_list_screen
from mobile_gym.sim.apps.taodian.catalog import seed_account, seed_catalogue
from mobile_gym.sim.apps.taodian.checkout import confirm_screen
from mobile_gym.sim.apps.taodian.home import main_screen
from mobile_gym.sim.apps.taodian.login import login_screen
from mobile_gym.sim.apps.taodian.orders import (
    order_detail_screen,
    order_list_screen,
    refund_screen,
)
from mobile_gym.sim.apps.taodian.product import product_screen
from mobile_gym.sim.apps.taodian.search import search_screen


class TaodianApp(App):
    """Taodian (淘店): a shopping app with a catalogue, a cart, checkout and orders."""

    package = data.PACKAGE
    label = "淘店"
    icon = "checklist"
    color = (255, 80, 0)
    main_activity = data.MAIN
    screens: ClassVar[dict[str, str]] = {
        data.MAIN: "main",
        data.SEARCH: "search",
        data.PRODUCT: "product",
        data.CONFIRM: "confirm",
        data.ADDRESSES: "addresses",
        data.ADDRESS_EDIT: "address_edit",
        data.ORDERS: "orders",
        data.ORDER: "order",
        data.REFUND: "refund",
        data.LOGIN: "login",
    }
    schemas: ClassVar[dict[str, str]] = {data.DATABASE: data.SCHEMA}

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        seed_catalogue(ctx, rng)
        seed_account(ctx, rng)

    def back(self, ctx: AppContext) -> bool:
        """BACK on another tab of the main screen goes to the home tab first."""
        if ctx.screen.activity == data.MAIN and ctx.get("tab", ctx.args.get("tab", 0)):
            ctx.set("tab", 0)
            return True
        return False

    main = staticmethod(main_screen)
    search = staticmethod(search_screen)
    product = staticmethod(product_screen)
    confirm = staticmethod(confirm_screen)
    addresses = staticmethod(address_list_screen)
    address_edit = staticmethod(address_edit_screen)
    orders = staticmethod(order_list_screen)
    order = staticmethod(order_detail_screen)
    refund = staticmethod(refund_screen)
    login = staticmethod(login_screen)
