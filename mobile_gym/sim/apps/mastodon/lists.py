"""Lists: the user's lists (create, edit, delete) and one list's members (add from the
accounts the user follows, remove)."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.profile import ACCOUNT_ROW_DP, account_row
from mobile_gym.sim.apps.text_search import holding
from mobile_gym.sim.ui.composites import empty_state, fab, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, RadioButton, Switch, TextView

REPLIES_POLICY = (
    (1, "Any followed user"),
    (0, "Members of the list"),
    (2, "No one"),
)
"""``lists.replies_policy``: whose replies the list shows (Mastodon's numbers)."""
ROW_DP = 64


def _list_form(ctx: AppContext, list_id: int | None) -> list[View]:
    policy = ctx.get("policy", 0)
    views: list[View] = [ctx.edit("title", hint="Name", id="list_title")]
    views.append(TextView("Show replies to", size=14, color="primary", padding=(0, 8, 0, 0)))
    views += [
        RadioButton(
            label,
            id=f"replies_policy_{value}",
            checked=policy == value,
            on_change=lambda _on, value=value: ctx.set("policy", value),
        )
        for value, label in REPLIES_POLICY
    ]
    views.append(
        Switch(
            "Hide members' posts from Home",
            id="list_exclusive",
            checked=bool(ctx.get("exclusive")),
            on_change=lambda on: ctx.set("exclusive", on),
        )
    )
    return views


def _save_list(ctx: AppContext) -> bool | None:
    title = ctx.field("title").strip()
    if not title:
        ctx.toast("The list needs a name")
        return False
    editing = ctx.get("editing")
    values = (title, ctx.get("policy", 0), int(bool(ctx.get("exclusive"))))
    if editing:
        data.db(ctx).execute(
            "UPDATE lists SET title = ?, replies_policy = ?, exclusive = ? WHERE id = ?",
            (*values, editing),
        )
        ctx.log(f"List updated: id={editing} title={title}")
    else:
        cursor = data.db(ctx).execute(
            "INSERT INTO lists(account_id, title, replies_policy, exclusive) VALUES (?, ?, ?, ?)",
            (data.me(ctx), *values),
        )
        ctx.log(f"List created: id={cursor.lastrowid} title={title}")
    for key in ("editing", "policy", "exclusive"):
        ctx.pop(key)
    ctx.clear_field("title")
    return None


def lists_screen(ctx: AppContext) -> View:
    form = ctx.dialog(
        "list",
        "Edit list" if ctx.get("editing") else "New list",
        buttons=[("Cancel", None), ("Save", lambda: _save_list(ctx))],
        body=lambda: _list_form(ctx, ctx.get("editing")),
    )
    deleting = ctx.get("deleting")
    delete = ctx.dialog(
        "delete_list",
        "Delete list",
        "Are you sure you want to delete this list?",
        buttons=[("Cancel", None), ("Delete", lambda: _delete(ctx, deleting))],
    )

    def new() -> None:
        for key in ("editing", "policy", "exclusive"):
            ctx.pop(key)
        ctx.set_field("title", "")
        form()

    def edit(row: dict) -> None:
        ctx.set("editing", row["id"])
        ctx.set("policy", row["replies_policy"])
        ctx.set("exclusive", bool(row["exclusive"]))
        ctx.set_field("title", row["title"])
        form()

    def ask_delete(list_id: int) -> None:
        ctx.set("deleting", list_id)
        delete()

    items = data.rows(
        ctx,
        "SELECT l.*, (SELECT COUNT(*) FROM list_accounts m WHERE m.list_id = l.id) AS members "
        "FROM lists l WHERE l.account_id = ? ORDER BY l.title COLLATE NOCASE, l.id",
        (data.me(ctx),),
    )

    def render(_index: int, raw: object) -> View:
        row = dict(raw)  # type: ignore[call-overload]
        return Row(
            Column(
                TextView(row["title"], id="list_name", width=MATCH),
                TextView(f"{row['members']} members", size=13, color="text_secondary", width=MATCH),
                width=0,
                weight=1,
            ),
            ImageButton("edit", desc="Edit list", id="edit_list", on_click=lambda: edit(row)),
            ImageButton(
                "delete",
                desc="Delete list",
                id="delete_list",
                on_click=lambda: ask_delete(row["id"]),
            ),
            id="list_row",
            width=MATCH,
            height=ROW_DP,
            padding=(16, 8),
            on_click=lambda: ctx.open(data.LIST_MEMBERS, list=row["id"]),
        )

    body = (
        ctx.scroller("lists", items=items, item_height=ROW_DP, render_item=render, id="lists")
        if items
        else empty_state("You don't have any lists yet", id="empty")
    )
    add = fab("add", "New list", new, id="fab")
    return Column(
        ctx.up_bar("Lists"), FrameLayout(children=[body, add], height=0, weight=1), height=MATCH
    )


def _delete(ctx: AppContext, list_id: int | None) -> None:
    if list_id is None:
        return
    data.db(ctx).execute("DELETE FROM list_accounts WHERE list_id = ?", (list_id,))
    data.db(ctx).execute("DELETE FROM lists WHERE id = ?", (list_id,))
    ctx.log(f"List deleted: id={list_id}")
    ctx.pop("deleting")


def _set_member(ctx: AppContext, list_id: int, account_id: int, on: bool) -> None:
    if on:
        data.db(ctx).execute(
            "INSERT OR IGNORE INTO list_accounts(list_id, account_id) VALUES (?, ?)",
            (list_id, account_id),
        )
    else:
        data.db(ctx).execute(
            "DELETE FROM list_accounts WHERE list_id = ? AND account_id = ?", (list_id, account_id)
        )
    ctx.log(f"List member {'added' if on else 'removed'}: list={list_id} account={account_id}")


def _members(ctx: AppContext, list_id: int) -> frozenset[int]:
    """The ids of the list's members (each row's Add / Remove asks): read once until the
    server's database changes (``AppContext.kept``), not at every build of the screen."""
    conn = data.db(ctx)

    def read() -> frozenset[int]:
        found = conn.execute("SELECT account_id FROM list_accounts WHERE list_id = ?", (list_id,))
        return frozenset(row[0] for row in found)

    return ctx.kept(("list_members", list_id), read, conn)


def list_members_screen(ctx: AppContext) -> View:
    """A list's members; "Add members" shows the followed accounts (filtered by the search
    field) with Add / Remove buttons."""
    list_id = ctx.args.get("list", 0)
    row = data.db(ctx).execute("SELECT title FROM lists WHERE id = ?", (list_id,)).fetchone()
    title = row[0] if row else "List"
    adding = ctx.get("adding", False)
    members = _members(ctx, list_id)
    if adding:
        typed = ctx.field("member_search").strip()
        items = data.rows(
            ctx,
            "SELECT a.* FROM follows f JOIN accounts a ON a.id = f.target_account_id "
            f"WHERE f.account_id = ? AND {holding(data.db(ctx), 'a.username', 'a.display_name')} "
            "ORDER BY a.username COLLATE NOCASE",
            (data.me(ctx), typed, typed),
        )
    else:
        items = data.rows(
            ctx,
            "SELECT a.* FROM list_accounts m JOIN accounts a ON a.id = m.account_id "
            "WHERE m.list_id = ? ORDER BY m.id",
            (list_id,),
        )

    def render(_index: int, raw: object) -> View:
        account_id = raw["id"]  # type: ignore[index]
        inside = account_id in members
        verb = "Remove" if inside else "Add"
        button = Button(
            verb,
            id="member_toggle",
            desc=f"{verb} @{raw['username']}",  # type: ignore[index]
            on_click=lambda: _set_member(ctx, list_id, account_id, not inside),
        )
        return account_row(ctx, raw, trailing=button)

    body: View = (
        ctx.scroller(
            "members", items=items, item_height=ACCOUNT_ROW_DP, render_item=render, id="members"
        )
        if items
        else empty_state(
            "No followed accounts match" if adding else "This list has no members yet", id="empty"
        )
    )
    if adding:
        bar = toolbar("Add members", on_up=lambda: ctx.set("adding", False))
        search = ctx.edit(
            "member_search", hint="Search among people you follow", id="member_search"
        )
        return Column(bar, search, body, height=MATCH)
    add = fab("add", "Add members", lambda: ctx.set("adding", True), id="fab")
    return Column(
        ctx.up_bar(title), FrameLayout(children=[body, add], height=0, weight=1), height=MATCH
    )
