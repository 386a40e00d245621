"""Contact groups: the Groups tab (create, rename, delete) and a group's member screen."""

from __future__ import annotations

import sqlite3
from typing import cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.contacts import changes, data
from mobile_gym.sim.apps.contacts.lists import ROW_DP, contact_list, contact_picker
from mobile_gym.sim.ui.composites import empty_state, fab
from mobile_gym.sim.ui.prompt import prompt_dialog
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView


def groups_tab(ctx: AppContext, query: str) -> tuple[View, View]:
    """The list of groups (name and member count) and the "Create a new group" button."""
    selected = data.group(ctx, ctx.get("selected_group"))

    def create(title: str) -> str | None:
        error = changes.group_title_error(ctx, title)
        if error is None:
            changes.create_group(ctx, title)
        return error

    def rename(title: str) -> str | None:
        if selected is None or title == selected["title"]:
            return None
        error = changes.group_title_error(ctx, title, selected["id"])
        if error is None:
            changes.rename_group(ctx, selected["id"], title)
        return error

    def delete() -> None:
        if selected is not None:
            changes.delete_group(ctx, selected["id"], selected["title"])

    new_group = prompt_dialog(
        ctx, "new_group", "Create a new group", create, hint="Group name", id="group_name_input"
    )
    rename_group = prompt_dialog(
        ctx, "rename_group", "Rename group", rename, hint="Group name", id="group_name_input"
    )
    name = selected["title"] if selected is not None else ""
    confirm = ctx.dialog(
        "delete_group",
        "Delete group?",
        f'The group "{name}" will be deleted; its contacts stay.',
        buttons=[("Cancel", None), ("Delete", delete)],
    )
    open_menu = ctx.menu(
        "group", [("Rename", lambda: rename_group(name)), ("Delete", confirm)], at_touch=True
    )

    def long_press(group_id: int) -> Handler:
        def run() -> None:
            ctx.set("selected_group", group_id)
            open_menu()

        return run

    def render(_index: int, item: object) -> View:
        group = cast(sqlite3.Row, item)
        count = group["count"]
        return Row(
            ImageView("people", size=24, margin=(0, 0, 24, 0)),
            TextView(group["title"], id="group_name", size=17, width=0, weight=1),
            TextView(
                f"{count} contact{'' if count == 1 else 's'}",
                id="group_count",
                size=14,
                color="text_secondary",
            ),
            id="group_frame",
            padding=(24, 0),
            on_click=lambda: ctx.open(data.GROUP, group_id=group["id"]),
            on_long_click=long_press(group["id"]),
        )

    rows = data.groups(ctx, query)
    body: View
    if rows:
        body = ctx.scroller(
            "groups", items=rows, item_height=ROW_DP, render_item=render, id="groups_list"
        )
    else:
        message = "No groups match your search" if query else "No groups found"
        body = empty_state(message, id="groups_placeholder")
    return body, fab("add", "Create a new group", lambda: new_group(""))


def group_screen(ctx: AppContext) -> View:
    """A group's members: tap opens one, a long press removes one, "Add contacts" picks."""
    group_id = ctx.args["group_id"]
    group = data.group(ctx, group_id)
    if group is None:
        ctx.finish()
        return View()

    def remove() -> None:  # the members are read as they change, not at every build
        changes.set_members(ctx, group_id, data.members(ctx, group_id) - {ctx.get("selected")})

    open_menu = ctx.menu("member", [("Remove from group", remove)], at_touch=True)

    def long_press(contact_id: int) -> None:
        ctx.set("selected", contact_id)
        open_menu()

    everyone = data.contact_rows(ctx)
    pick = contact_picker(
        ctx,
        "add_members",
        "Add contacts",
        everyone,
        lambda ids: changes.set_members(ctx, group_id, ids),
    )
    shown = data.contact_rows(
        ctx,
        where="id IN (SELECT contact_id FROM group_members WHERE group_id = ?)",
        args=(group_id,),
    )
    body = contact_list(
        ctx,
        shown,
        id="group_contacts_list",
        empty="There are no contacts in this group",
        on_long_press=long_press,
        empty_id="group_contacts_placeholder",
    )
    return Column(
        ctx.up_bar(group["title"]),
        FrameLayout(
            children=[
                body,
                fab(
                    "add",
                    "Add contacts",
                    lambda: pick(data.members(ctx, group_id)),
                    id="group_contacts_fab",
                ),
            ],
            height=MATCH,
        ),
        height=MATCH,
    )
