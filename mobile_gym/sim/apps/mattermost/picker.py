"""People in lists: a user's row, and the screen that picks people (adding members to a
channel, starting a direct or group message)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.mattermost.data import User
from mobile_gym.sim.apps.mattermost.posts import avatar
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.selection import Selection
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import CheckBox, TextView

USER_DP = 64


def user_row(person: User, *, checked: bool | None = None, on_click: Handler | None = None) -> View:
    """A user: avatar, username, full name (and a check box when picking people)."""
    children: list[View] = [
        avatar(person.username, 40),
        Column(
            TextView(person.username, id="user_item_username", size=16, width=MATCH),
            TextView(
                person.full_name, id="user_item_name", size=13, color="text_secondary", width=MATCH
            ),
            width=0,
            weight=1,
            margin=(12, 0, 0, 0),
        ),
    ]
    if checked is not None:
        children.append(
            CheckBox(
                "",
                checked=checked,
                id="user_item_check",
                width=48,
                on_change=lambda _value: on_click() if on_click else None,
            )
        )
    return Row(*children, id="user_item", height=USER_DP, padding=(16, 0), on_click=on_click)


def people_picker(
    ctx: AppContext,
    *,
    title: str,
    action: str,
    candidates: Sequence[User],
    on_done: Callable[[list[int]], None],
    prefix: str,
    empty: str,
) -> View:
    """A screen picking people among ``candidates``: ``<prefix>_search`` filters them by
    username or name, a tap on a row toggles it, the toolbar action ``action`` hands the
    ids picked to ``on_done`` (a toast asks for someone when none is)."""
    query = ctx.field("filter").strip().lower()
    people = [p for p in candidates if query in p.username.lower() or query in p.full_name.lower()]
    chosen = Selection(ctx, "chosen")

    def done() -> None:
        if not chosen.active:
            ctx.toast("Select at least one person")
            return
        on_done(chosen.keys)

    def render(index: int, _: object) -> View:
        person = people[index]
        return user_row(
            person, checked=person.id in chosen, on_click=lambda: chosen.toggle(person.id)
        )

    body: View = (
        ctx.scroller(
            "people", items=people, item_height=USER_DP, render_item=render, id=f"{prefix}_list"
        )
        if people
        else empty_state(empty, id="no_users")
    )
    return Column(
        toolbar(title, on_up=ctx.finish, actions=[("check", action, done)]),
        ctx.edit("filter", hint="Search for people", id=f"{prefix}_search", margin=(16, 4, 16, 4)),
        body,
        height=MATCH,
    )
