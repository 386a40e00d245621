"""Filters: the user's keyword filters (Mastodon's ``custom_filters`` with their
``custom_filter_keywords``): a title, the muted words, where they apply, whether matching
posts hide or show behind a warning, and when the filter expires."""

from __future__ import annotations

import datetime as dt

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.apps.mastodon.invites import EXPIRY
from mobile_gym.sim.apps.text_search import holding
from mobile_gym.sim.ui.composites import app_bar, empty_state, fab, list_item, section_header
from mobile_gym.sim.ui.pickers import add_months, date_picker, first_of_month
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, ImageButton, Switch, TextView

CONTEXTS = (
    ("home", "Home and lists"),
    ("notifications", "Notifications"),
    ("public", "Public timelines"),
    ("thread", "Conversations"),
    ("account", "Profiles"),
)
"""Where a filter applies: Mastodon's context names and the labels of their check boxes."""
DURATIONS = EXPIRY
"""The "Expire after" choices, Mastodon's as for invites (seconds from saving; None never
expires)."""
DAY_MS = 86_400_000
ROW_DP = 64


def expiry_label(expires_at: int | None, now_ms: int) -> str:
    """``Never``, ``Expired`` or ``Expires in 5 days`` (hours, minutes when sooner)."""
    if expires_at is None:
        return "Never"
    left = expires_at - now_ms
    if left <= 0:
        return "Expired"
    for unit_ms, unit in ((DAY_MS, "day"), (3_600_000, "hour")):
        count = round(left / unit_ms)
        if count >= 1:
            return f"Expires in {count} {unit}{'s' if count != 1 else ''}"
    minutes = -(-left // 60_000)
    return f"Expires in {minutes} minute{'s' if minutes != 1 else ''}"


def hidden_clause(ctx: AppContext, context: str) -> tuple[str, tuple[object, ...]]:
    """SQL (``AND NOT EXISTS ...`` on ``o``, the post shown) leaving out the posts that a
    filter in force with "Hide completely" for ``context`` matches (a keyword anywhere in
    the text or content warning, any case), and its parameters; nothing when no such filter
    is in force. Time is counted in whole minutes, so a timeline's query stays the same
    between steps."""
    me = data.me(ctx)
    now = data.now_ms(ctx) // 60_000 * 60_000
    where = (
        "f.account_id = ? AND f.action = 1 AND instr(',' || f.context || ',', ?) > 0 "
        "AND (f.expires_at IS NULL OR f.expires_at > ?)"
    )
    params = (me, f",{context},", now)
    server = data.db(ctx)
    in_force = server.execute(f"SELECT 1 FROM custom_filters f WHERE {where}", params)
    if in_force.fetchone() is None:
        return "", ()
    holds = holding(server, "o.text || ' ' || o.spoiler_text", sought="k.keyword")
    clause = (
        " AND NOT EXISTS (SELECT 1 FROM custom_filters f JOIN custom_filter_keywords k "
        f"ON k.custom_filter_id = f.id WHERE {where} AND {holds})"
    )
    return clause, params


def filters_screen(ctx: AppContext) -> View:
    """The user's filters, newest first; a tap edits one, "New filter" makes one."""
    now = data.now_ms(ctx)
    items = data.rows(
        ctx,
        "SELECT f.*, (SELECT COUNT(*) FROM custom_filter_keywords k "
        "WHERE k.custom_filter_id = f.id) AS keywords "
        "FROM custom_filters f WHERE f.account_id = ? ORDER BY f.id DESC",
        (data.me(ctx),),
    )

    def render(_index: int, raw: object) -> View:
        row = dict(raw)  # type: ignore[call-overload]
        count = row["keywords"]
        details = f"{count} keyword{'s' if count != 1 else ''} · " + expiry_label(
            row["expires_at"], now
        )
        return list_item(
            row["phrase"],
            details,
            id="filter_row",
            on_click=lambda: ctx.open(data.EDIT_FILTER, filter=row["id"]),
        )

    body = (
        ctx.scroller("filters", items=items, item_height=ROW_DP, render_item=render, id="filters")
        if items
        else empty_state("You don't have any filters yet", id="empty")
    )
    add = fab("add", "New filter", lambda: ctx.open(data.EDIT_FILTER), id="fab")
    return Column(
        ctx.up_bar("Filters"), FrameLayout(children=[body, add], height=0, weight=1), height=MATCH
    )


def _load(ctx: AppContext, filter_id: int) -> None:
    """Fill the form's state from the saved filter (once)."""
    ctx.set("loaded", True)
    row = (
        data.db(ctx)
        .execute(
            "SELECT * FROM custom_filters WHERE id = ? AND account_id = ?",
            (filter_id, data.me(ctx)),
        )
        .fetchone()
    )
    if row is None:
        ctx.set("contexts", [name for name, _ in CONTEXTS])
        return
    keywords = data.db(ctx).execute(
        "SELECT keyword FROM custom_filter_keywords WHERE custom_filter_id = ? ORDER BY id",
        (filter_id,),
    )
    ctx.set_field("title", row["phrase"])
    ctx.set("keywords", [k[0] for k in keywords])
    ctx.set("contexts", [c for c in row["context"].split(",") if c])
    ctx.set("hide", bool(row["action"]))
    expires_at = row["expires_at"]
    ctx.set("expiry", ["never"] if expires_at is None else ["at", expires_at])


def _add_keyword(ctx: AppContext) -> None:
    word = ctx.field("keyword").strip()
    keywords = list(ctx.get("keywords", []))
    if not word:
        ctx.toast("Type a keyword first")
        return
    if word.lower() in {k.lower() for k in keywords}:
        ctx.toast("That keyword is already there")
        return
    ctx.set("keywords", [*keywords, word])
    ctx.set_field("keyword", "")


def _save(ctx: AppContext, filter_id: int | None) -> None:
    title = ctx.field("title").strip()
    contexts = [name for name, _ in CONTEXTS if name in ctx.get("contexts", [])]
    keywords = list(ctx.get("keywords", []))
    pending = ctx.field("keyword").strip()
    if pending and pending.lower() not in {k.lower() for k in keywords}:
        keywords.append(pending)
    if not title:
        ctx.toast("The filter needs a title")
        return
    if not contexts:
        ctx.toast("Choose where the filter applies")
        return
    conn = data.db(ctx)
    values = (title, ",".join(contexts), int(bool(ctx.get("hide"))), _expires_at(ctx))
    if filter_id:
        conn.execute(
            "UPDATE custom_filters SET phrase = ?, context = ?, action = ?, expires_at = ? "
            "WHERE id = ?",
            (*values, filter_id),
        )
        conn.execute("DELETE FROM custom_filter_keywords WHERE custom_filter_id = ?", (filter_id,))
        verb = "updated"
    else:
        filter_id = conn.execute(
            "INSERT INTO custom_filters(account_id, phrase, context, action, expires_at, "
            "created_at) VALUES (?, ?, ?, ?, ?, ?)",
            (data.me(ctx), *values, data.now_ms(ctx)),
        ).lastrowid
        verb = "created"
    conn.executemany(
        "INSERT INTO custom_filter_keywords(custom_filter_id, keyword) VALUES (?, ?)",
        [(filter_id, k) for k in keywords],
    )
    ctx.log(
        f"Filter {verb}: id={filter_id} title={title} keywords={'|'.join(keywords)} "
        f"context={values[1]} action={'hide' if values[2] else 'warn'} "
        f"expires_at={values[3] if values[3] is not None else 'never'}"
    )
    ctx.phone.hide_keyboard()
    ctx.finish()


def _delete(ctx: AppContext, filter_id: int) -> None:
    conn = data.db(ctx)
    conn.execute("DELETE FROM custom_filter_keywords WHERE custom_filter_id = ?", (filter_id,))
    conn.execute("DELETE FROM custom_filters WHERE id = ?", (filter_id,))
    ctx.log(f"Filter deleted: id={filter_id}")
    ctx.finish()


def _expires_at(ctx: AppContext) -> int | None:
    """When the filter being edited expires, counted from now (the moment it is saved)."""
    kind, *value = ctx.get("expiry", ["never"])
    now = data.now_ms(ctx)
    if kind == "in":
        return now + value[0] * 1000
    if kind == "day":
        return now + (dt.date.fromisoformat(value[0]) - ctx.now.date()).days * DAY_MS
    if kind == "at":
        return value[0]
    return None


def _expiry_text(ctx: AppContext) -> str:
    """The chosen expiry as the form shows it: a duration, a day, or the saved time left."""
    kind, *value = ctx.get("expiry", ["never"])
    if kind == "in":
        return next(name for name, seconds in DURATIONS if seconds == value[0])
    if kind == "day":
        day = dt.date.fromisoformat(value[0])
        return f"Until {day:%b} {day.day}, {day.year}"
    if kind == "at":
        return expiry_label(value[0], data.now_ms(ctx))
    return "Never"


def _expiry_dialog(ctx: AppContext) -> object:
    """The dialog "Expiry date": a month of days; OK makes the filter expire on the day
    picked, at the time of day it is saved."""
    today = ctx.now.date()
    picked = dt.date.fromisoformat(ctx.get("picked", (today + dt.timedelta(days=1)).isoformat()))
    shown = dt.date.fromisoformat(ctx.get("picked_month", first_of_month(picked).isoformat()))

    def pick(day: dt.date) -> None:
        ctx.set("picked", day.isoformat())

    def flip(step: int) -> None:
        ctx.set("picked_month", add_months(shown, step).isoformat())

    def confirm() -> bool | None:
        if picked <= today:
            ctx.toast("Choose a day after today")
            return False
        ctx.set("expiry", ["day", picked.isoformat()])
        return None

    return ctx.dialog(
        "expiry",
        "Expiry date",
        buttons=[("Cancel", None), ("OK", confirm)],
        body=lambda: [date_picker(shown, picked, on_pick=pick, on_month=flip)],
    )


def edit_filter_screen(ctx: AppContext) -> View:
    """A new filter, or the one in argument ``filter``: title, expiry, keywords, contexts
    and action; "Save" writes it, BACK drops the changes."""
    filter_id = ctx.args.get("filter")
    if not ctx.get("loaded"):
        _load(ctx, filter_id or 0)
    delete = ctx.dialog(
        "delete",
        "Delete filter",
        "Are you sure you want to delete this filter?",
        buttons=[("Cancel", None), ("Delete", lambda: _delete(ctx, filter_id))],
    )
    custom = _expiry_dialog(ctx)
    choices = [
        (name, lambda s=seconds: ctx.set("expiry", ["never"] if s is None else ["in", s]))
        for name, seconds in DURATIONS
    ]
    duration_menu = ctx.menu("duration", [*choices, ("Custom date", custom)])  # type: ignore[list-item]
    actions: list[View] = [
        ImageButton("back", desc="Navigate up", on_click=ctx.finish),
        TextView(
            "Edit filter" if filter_id else "New filter",
            id="toolbar_title",
            size=21,
            width=0,
            weight=1,
        ),
    ]
    if filter_id:
        actions.append(
            ImageButton("delete", desc="Delete filter", id="delete_filter", on_click=delete)
        )
    actions.append(Button("Save", id="save_filter", on_click=lambda: _save(ctx, filter_id)))
    keywords = list(ctx.get("keywords", []))
    contexts = list(ctx.get("contexts", []))

    def remove(word: str) -> None:
        ctx.set("keywords", [k for k in keywords if k != word])

    def toggle(name: str, on: bool) -> None:
        ctx.set("contexts", [c for c in contexts if c != name] + ([name] if on else []))

    form: list[View] = [
        ctx.edit("title", hint="Title", id="filter_title", margin=(16, 8)),
        list_item(
            "Expire after",
            _expiry_text(ctx),
            id="filter_duration",
            on_click=duration_menu,
        ),
        section_header("Muted words"),
    ]
    form += [
        Row(
            TextView(word, id="keyword_text", width=0, weight=1),
            ImageButton(
                "close",
                desc=f"Remove {word}",
                id="remove_keyword",
                on_click=lambda w=word: remove(w),
            ),
            width=MATCH,
            padding=(16, 0, 4, 0),
        )
        for word in keywords
    ]
    field = ctx.edit("keyword", hint="Keyword or phrase", id="keyword_input", width=0, weight=1)
    field.on_submit = lambda: _add_keyword(ctx)
    form.append(
        Row(
            field,
            Button("Add", id="add_keyword", on_click=lambda: _add_keyword(ctx)),
            width=MATCH,
            padding=(16, 0, 4, 0),
        )
    )
    form.append(section_header("Filter in"))
    form += [
        CheckBox(
            label,
            id=f"context_{name}",
            checked=name in contexts,
            on_change=lambda on, name=name: toggle(name, on),
            padding=(16, 4),
        )
        for name, label in CONTEXTS
    ]
    form.append(
        Switch(
            "Hide completely",
            id="filter_hide",
            checked=bool(ctx.get("hide")),
            on_change=lambda on: ctx.set("hide", on),
            padding=(16, 8),
        )
    )
    return Column(app_bar(actions), ctx.scroller("form", form), height=MATCH)
