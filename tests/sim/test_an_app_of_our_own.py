"""An app written the way a new contributor writes one, from the documented app API alone
(``mobile_gym.sim.apps.base``): screens are plain functions of state, handlers change the
state. Whatever it does, the phone must show exactly what building its screens afresh
shows, and a long list must cost what its rows on screen cost."""

from __future__ import annotations

import random
import sqlite3
from typing import ClassVar, cast

import numpy as np
import pytest

from mobile_gym.sim import Phone
from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.driver import Driver
from mobile_gym.sim.ui.composites import fab, list_item, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, TextView
from tests.sim.conftest import open_app
from tests.sim.test_frames import fresh

PACKAGE = "org.example.groceries"


class GroceriesApp(App):
    """A shopping list: items to tick off, a dialog to add one, a page to delete one."""

    package = PACKAGE
    label = "Groceries"
    icon = "checklist"
    dock = True
    main_activity = ".ListActivity"
    screens: ClassVar[dict[str, str]] = {".ListActivity": "items", ".ItemActivity": "item"}
    schemas: ClassVar[dict[str, str]] = {
        "groceries": "CREATE TABLE items(id INTEGER PRIMARY KEY, name TEXT, done INTEGER);"
    }

    def seed(self, ctx: AppContext, rng: random.Random) -> None:
        names = rng.sample(["Apples", "Bread", "Cheese", "Dates", "Eggs", "Flour"], 3)
        ctx.db().executemany("INSERT INTO items(name, done) VALUES (?, 0)", [(n,) for n in names])

    def items(self, ctx: AppContext) -> View:
        def add() -> bool:
            name = ctx.field("new").strip()
            if not name:
                return False  # the dialog stays open
            ctx.db().execute("INSERT INTO items(name, done) VALUES (?, 0)", (name,))
            ctx.clear_field("new")
            ctx.log(f"Added {name}")
            return True

        open_add = ctx.dialog(
            "add",
            "Add an item",
            buttons=[("Cancel", None), ("Add", add)],
            body=lambda: [ctx.edit("new", hint="Item", id="new_item")],
        )

        def row(_index: int, item: object) -> View:
            entry = cast(sqlite3.Row, item)

            def tick(done: bool) -> None:
                ctx.db().execute("UPDATE items SET done = ? WHERE id = ?", (int(done), entry[0]))

            return CheckBox(
                entry["name"],
                id="item",
                checked=bool(entry["done"]),
                on_change=tick,
                on_long_click=lambda: ctx.open(".ItemActivity", item_id=entry[0]),
            )

        rows = ctx.rows("SELECT id, name, done FROM items ORDER BY name, id")
        left = ctx.db().execute("SELECT COUNT(*) FROM items WHERE done = 0").fetchone()[0]
        listing: View = (
            ctx.scroller("items", items=rows, item_height=56, render_item=row, id="items")
            if rows
            else TextView("Nothing to buy", id="empty", width=MATCH)
        )
        return Column(
            toolbar("Groceries"),
            TextView(f"{left} to buy", id="left", padding=16, width=MATCH),
            FrameLayout(
                children=[listing, fab("add", "Add item", open_add, id="add")],
                height=0,
                weight=1,
            ),
            height=MATCH,
        )

    def item(self, ctx: AppContext) -> View:
        item_id = ctx.args["item_id"]
        found = ctx.db().execute("SELECT name FROM items WHERE id = ?", (item_id,)).fetchone()
        if found is None:
            ctx.finish()  # deleted behind its back
            return Column()

        def delete() -> None:
            ctx.db().execute("DELETE FROM items WHERE id = ?", (item_id,))
            ctx.toast(f"{found[0]} deleted")
            ctx.finish()

        return Column(
            ctx.up_bar(found[0]),
            list_item("Name", found[0], id="name"),
            Button("Delete", on_click=delete, id="delete"),
            height=MATCH,
        )


@pytest.fixture
def phone() -> Phone:
    return Phone(seed=0, apps=[GroceriesApp])


def items(phone: Phone) -> list[tuple[str, int]]:
    db = phone.database(PACKAGE, "groceries")
    return [tuple(row) for row in db.execute("SELECT name, done FROM items ORDER BY id")]


def shows_as_built_afresh(phone: Phone) -> None:
    from_scratch = fresh(phone)
    assert phone.hierarchy_xml() == from_scratch.xml()
    np.testing.assert_array_equal(
        phone.screenshot(0.25), from_scratch.screenshot(0.25, phone.theme)
    )


def test_the_app_works_and_always_shows_what_a_fresh_build_shows(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Groceries")
    shows_as_built_afresh(phone)
    assert driver.find(id="left").text == "3 to buy"

    driver.tap(desc="Add item")
    shows_as_built_afresh(phone)
    driver.tap(text="Add")  # nothing typed: the dialog stays
    assert driver.exists(id="new_item")
    driver.type_into("Milk", id="new_item")
    shows_as_built_afresh(phone)
    driver.tap(text="Add")
    shows_as_built_afresh(phone)
    assert ("Milk", 0) in items(phone) and driver.find(id="left").text == "4 to buy"

    driver.tap(text="Milk")  # tick it off
    shows_as_built_afresh(phone)
    assert ("Milk", 1) in items(phone) and driver.find(id="left").text == "3 to buy"
    assert driver.find(text="Milk").checked

    driver.long_press(text="Milk")
    shows_as_built_afresh(phone)
    driver.tap(id="delete")
    shows_as_built_afresh(phone)
    assert "Milk" not in [name for name, _ in items(phone)]
    assert not driver.exists(text="Milk") and driver.exists(text="Milk deleted")


def test_a_screen_whose_record_goes_closes_itself(phone: Phone) -> None:
    driver = Driver(phone)
    open_app(driver, "Groceries")
    first = driver.find(id="item").text
    driver.long_press(text=first)
    phone.database(PACKAGE, "groceries").execute("DELETE FROM items WHERE name = ?", (first,))
    assert not driver.exists(text=first)  # observed: the item's page closed as it was drawn
    assert phone.foreground == (PACKAGE, ".ListActivity")
    shows_as_built_afresh(phone)


def test_only_what_read_a_change_is_built_again(phone: Phone, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    driver = Driver(phone)
    open_app(driver, "Groceries")
    phone.windows()  # shown
    built: list[str] = []
    screen = GroceriesApp.items
    monkeypatch.setattr(
        GroceriesApp, "items", lambda app, ctx: built.append("list") or screen(app, ctx)
    )
    phone.settings.put("global", "bluetooth_on", "1")  # the status bar shows it; the list does not
    phone.wait(1_000)  # time passes; the list does not show the time
    phone.windows()
    assert built == []
    phone.database(PACKAGE, "groceries").execute("UPDATE items SET done = 1")
    assert driver.find(id="left").text == "0 to buy"
    assert built == ["list"]
    shows_as_built_afresh(phone)


def test_a_long_list_makes_only_the_rows_on_screen(phone: Phone) -> None:
    db = phone.database(PACKAGE, "groceries")
    db.executemany(
        "INSERT INTO items(name, done) VALUES (?, 0)", [(f"Item {i:05d}",) for i in range(5_000)]
    )
    driver = Driver(phone)
    open_app(driver, "Groceries")
    statements: list[str] = []
    db.set_trace_callback(statements.append)
    driver.scroll("down", id="items")
    rows = driver.find_all(id="item")
    assert 10 <= len(rows) <= 30  # the rows on screen, not five thousand
    reads = [s for s in statements if s.startswith("SELECT id, name, done")]
    assert len(reads) <= 2  # a page or two of rows read for the scroll
    shows_as_built_afresh(phone)
