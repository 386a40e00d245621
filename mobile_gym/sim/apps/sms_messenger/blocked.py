"""The blocked numbers: their conversations stay hidden until a number is unblocked."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.sms_messenger import data
from mobile_gym.sim.apps.sms_messenger.new_conversation import INVALID_NUMBER
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView


def blocked_screen(ctx: AppContext) -> View:
    numbers = data.blocked_numbers(ctx)

    def add(number: str) -> str | None:
        if not data.is_phone_number(number):
            return INVALID_NUMBER
        data.block(ctx, number)
        return None

    ask_number = prompt_dialog(
        ctx,
        "add",
        "Add a blocked number",
        add,
        hint="Number",
        id="add_blocked_number_edittext",
        input_type="phone",
    )

    def row(_index: int, number: str) -> View:
        return Row(
            TextView(number, id="manage_blocked_number_title", size=17, width=0, weight=1),
            ImageButton(
                "close",
                desc="Unblock",
                id="manage_blocked_number_delete",
                on_click=lambda: data.unblock(ctx, number),
            ),
            padding=(16, 4),
        )

    body: View = (
        ctx.scroller(
            "numbers",
            items=numbers,
            render_item=row,
            wrap_rows=True,
            id="manage_blocked_numbers_list",
        )
        if numbers
        else empty_state("You are not blocking anyone.", id="manage_blocked_numbers_placeholder")
    )
    bar = toolbar(
        "Manage blocked numbers",
        on_up=ctx.finish,
        actions=[("add", "Add a blocked number", lambda: ask_number(""))],
    )
    return Column(bar, body, height=MATCH)
