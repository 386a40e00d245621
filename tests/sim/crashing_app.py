"""An app written for the crash tests: its code raises where an app's code runs (a button's
handler, a screen's build, a list row made during layout, leaving the app); and a database
file of another schema, to put in place of an app's."""

from __future__ import annotations

import sqlite3
from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Button

PACKAGE = "org.mobilegym.crashing"
LABEL = "Crasher"


def other_schema() -> bytes:
    """A valid SQLite database file that is no app's: one unrelated table."""
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE unrelated(x INTEGER)")
    conn.execute("INSERT INTO unrelated VALUES (1)")
    conn.commit()
    return bytes(conn.serialize())


class CrashingApp(App):
    """A main screen of buttons that make the app's code raise."""

    package = PACKAGE
    label = LABEL
    icon = "star"
    dock = True
    main_activity = ".MainActivity"
    screens: ClassVar[dict[str, str]] = {
        ".MainActivity": "main",
        ".BrokenActivity": "broken",
        ".RowsActivity": "rows",
    }

    def main(self, ctx: AppContext) -> View:
        return Column(
            toolbar(LABEL),
            Button(
                "Divide", id="divide", on_click=lambda: ctx.set("ratio", 1 // ctx.get("zero", 0))
            ),
            Button("Broken", id="broken", on_click=lambda: ctx.open(".BrokenActivity")),
            Button("Rows", id="rows", on_click=lambda: ctx.open(".RowsActivity")),
            Button("Arm", id="arm", on_click=lambda: ctx.set("armed", True)),
            height=MATCH,
        )

    def broken(self, ctx: AppContext) -> View:
        raise LookupError("no layout for this screen")

    def rows(self, ctx: AppContext) -> View:
        def row(i: int, _item: object) -> View:
            raise IndexError(f"row {i} has no view")

        return ctx.scroller("rows", items=range(10), item_height=64, render_item=row, id="rows")

    def pause(self, ctx: AppContext) -> None:
        if ctx.get("armed"):
            raise RuntimeError("could not save the draft")
