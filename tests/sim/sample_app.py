"""A small app written for the tests: long lists, a form, and handlers that record what fired."""

from __future__ import annotations

from typing import ClassVar

from mobile_gym.sim.apps.base import App, AppContext
from mobile_gym.sim.ui.composites import list_item, toolbar
from mobile_gym.sim.ui.scroll import ScrollView
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, RadioButton, TextView

PACKAGE = "org.mobilegym.sample"
ROWS = 100


class SampleApp(App):
    """Rows ``Row 0`` .. ``Row 99`` in a recycled list; a form screen with every control."""

    package = PACKAGE
    label = "Sample"
    icon = "star"
    dock = True
    main_activity = ".ListActivity"
    screens: ClassVar[dict[str, str]] = {".ListActivity": "rows", ".FormActivity": "form"}
    schemas: ClassVar[dict[str, str]] = {
        "events": "CREATE TABLE events(id INTEGER PRIMARY KEY, what TEXT);"
    }

    def _record(self, ctx: AppContext, what: str) -> None:
        ctx.db().execute("INSERT INTO events(what) VALUES (?)", (what,))
        ctx.log(what)

    def rows(self, ctx: AppContext) -> View:
        def row(i: int, _item: object) -> View:
            return list_item(
                f"Row {i}",
                id="row",
                on_click=lambda: self._record(ctx, f"click {i}"),
                on_long_click=lambda: self._record(ctx, f"long {i}"),
            )

        return Column(
            toolbar("Sample", actions=[("edit", "Form", lambda: ctx.open(".FormActivity"))]),
            ctx.scroller("rows", items=range(ROWS), item_height=64, render_item=row, id="rows"),
            height=MATCH,
        )

    def form(self, ctx: AppContext) -> View:
        paragraphs = [
            TextView(f"Paragraph {i}", id=f"p{i}", width=MATCH, padding=16) for i in range(30)
        ]
        return Column(
            toolbar("Form", on_up=ctx.finish),
            ctx.edit("name", hint="Name", id="name", max_length=40),
            ctx.edit("notes", hint="Notes", id="notes", input_type="multiline"),
            ctx.edit("age", hint="Age", id="age", input_type="number"),
            ctx.edit("secret", hint="Password", id="secret", input_type="password"),
            CheckBox(
                "Subscribe",
                id="subscribe",
                checked=bool(ctx.get("subscribe")),
                on_change=lambda v: ctx.set("subscribe", v),
            ),
            RadioButton(
                "Option A",
                id="option_a",
                checked=ctx.get("option") == "a",
                on_change=lambda v: ctx.set("option", "a"),
            ),
            Button(
                "Submit",
                id="submit",
                on_click=lambda: self._record(ctx, "submit " + ctx.field("name")),
                enabled=bool(ctx.field("name")),
            ),
            ctx.scroller(
                "paragraphs", paragraphs, cls=ScrollView, id="paragraphs", height=0, weight=1
            ),
            height=MATCH,
        )


def events(phone) -> list[str]:
    """What the sample app recorded, oldest first."""
    return [
        r[0]
        for r in phone.database(PACKAGE, "events").execute("SELECT what FROM events ORDER BY id")
    ]
