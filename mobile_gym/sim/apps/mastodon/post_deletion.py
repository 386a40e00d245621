"""Automated post deletion: the policy that deletes the user's posts once they are old,
with the kinds of posts it keeps (Mastodon's ``account_statuses_cleanup_policies``)."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import list_item, section_header
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import Button, CheckBox, Switch

AGES = (
    ("1 week", 604800),
    ("2 weeks", 1209600),
    ("1 month", 2629746),
    ("2 months", 5259492),
    ("3 months", 7889238),
    ("6 months", 15778476),
    ("1 year", 31556952),
    ("2 years", 63113904),
)
KEEP = (
    ("keep_pinned", "Keep pinned posts"),
    ("keep_direct", "Keep direct messages"),
    ("keep_self_fav", "Keep posts you favorited"),
    ("keep_self_bookmark", "Keep posts you bookmarked"),
    ("keep_polls", "Keep polls"),
    ("keep_media", "Keep posts with media attachments"),
)
THRESHOLDS = (("min_favs", "favorites"), ("min_reblogs", "boosts"))
CHOICES = (None, 1, 5, 10, 20, 50, 100)
DEFAULTS = {
    "enabled": 0,
    "min_status_age": 1209600,
    "keep_pinned": 1,
    "keep_direct": 1,
    "keep_self_fav": 1,
    "keep_self_bookmark": 1,
    "keep_polls": 0,
    "keep_media": 0,
    "min_favs": None,
    "min_reblogs": None,
}


def _saved(ctx: AppContext) -> dict:
    row = (
        data.db(ctx)
        .execute(
            "SELECT * FROM account_statuses_cleanup_policies WHERE account_id = ?", (data.me(ctx),)
        )
        .fetchone()
    )
    return {key: row[key] for key in DEFAULTS} if row else dict(DEFAULTS)


def _save(ctx: AppContext, values: dict) -> None:
    columns = ", ".join(values)
    marks = ", ".join("?" for _ in values)
    updates = ", ".join(f"{key} = excluded.{key}" for key in values)
    data.db(ctx).execute(
        f"INSERT INTO account_statuses_cleanup_policies(account_id, {columns}) "
        f"VALUES (?, {marks}) ON CONFLICT(account_id) DO UPDATE SET {updates}",
        (data.me(ctx), *values.values()),
    )
    ctx.log("Post deletion saved: " + " ".join(f"{k}={v}" for k, v in values.items()))
    ctx.toast("Changes saved")
    ctx.clear_state()


def _threshold_label(value: int | None, noun: str) -> str:
    return "Don't keep by count" if value is None else f"At least {value} {noun}"


def post_deletion_screen(ctx: AppContext) -> View:
    saved = _saved(ctx)
    values = {key: ctx.get(key, saved[key]) for key in DEFAULTS}
    age_menu = ctx.menu(
        "age", [(name, lambda s=seconds: ctx.set("min_status_age", s)) for name, seconds in AGES]
    )
    age = next((name for name, s in AGES if s == values["min_status_age"]), "Custom")
    views: list[View] = [
        Switch(
            "Automatically delete old posts",
            id="cleanup_enabled",
            checked=bool(values["enabled"]),
            on_change=lambda on: ctx.set("enabled", int(on)),
            padding=(16, 8),
        ),
        list_item("Age threshold", age, id="min_status_age", on_click=age_menu),
        section_header("Exceptions"),
    ]
    views += [
        CheckBox(
            label,
            id=key,
            checked=bool(values[key]),
            on_change=lambda on, key=key: ctx.set(key, int(on)),
            padding=(16, 4),
        )
        for key, label in KEEP
    ]
    for key, noun in THRESHOLDS:
        menu = ctx.menu(
            key,
            [
                (_threshold_label(value, noun), lambda value=value, key=key: ctx.set(key, value))
                for value in CHOICES
            ],
        )
        views.append(
            list_item(
                f"Keep posts with {noun}",
                _threshold_label(values[key], noun),
                id=key,
                on_click=menu,
            )
        )
    views.append(
        Button(
            "Save changes", id="save_policy", on_click=lambda: _save(ctx, values), margin=(16, 8)
        )
    )
    return Column(
        ctx.up_bar("Automated post deletion"), ctx.scroller("policy", views), height=MATCH
    )
