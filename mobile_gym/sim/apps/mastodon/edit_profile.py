"""Editing the profile: display name, bio, header and avatar from the phone's pictures."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import app_bar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView


def _save(ctx: AppContext, values: dict[str, str]) -> None:
    name = ctx.field("display_name", values["display_name"]).strip()
    if not name:
        ctx.toast("Display name can't be empty")
        return
    changed = {
        "display_name": name,
        "note": ctx.field("note", values["note"]).strip(),
        "avatar": ctx.get("avatar", values["avatar"]),
        "header": ctx.get("header", values["header"]),
    }
    changed = {k: v for k, v in changed.items() if v != values[k]}
    if changed:
        data.update_profile(ctx, **changed)
    ctx.phone.hide_keyboard()
    ctx.finish()


def edit_profile_screen(ctx: AppContext) -> View:
    me = data.account(ctx, data.me(ctx))
    values = {
        "display_name": me.display_name if me else "",
        "note": me.note if me else "",
        "avatar": me.avatar if me else "",
        "header": me.header if me else "",
    }
    bar = app_bar(
        [
            ImageButton("back", desc="Navigate up", on_click=ctx.finish),
            TextView("Edit profile", id="toolbar_title", size=21, width=0, weight=1),
            Button("Save", id="save", on_click=lambda: _save(ctx, values)),
        ]
    )

    def picture(key: str, label: str) -> View:
        path = ctx.get(key, values[key])
        return Row(
            TextView(label, width=0, weight=1),
            TextView(
                path.rsplit("/", 1)[-1] if path else "None",
                id=f"{key}_file",
                size=13,
                color="text_secondary",
            ),
            Button(
                "Change",
                id=f"change_{key}",
                on_click=lambda: ctx.open(data.PHOTO_PICKER, target=key),
            ),
            width=MATCH,
            padding=(16, 4),
        )

    def field(key: str, label: str, id: str, **kwargs: str) -> View:
        """A text field with Material's "clear text" end icon."""
        return Row(
            ctx.edit(key, hint=label, default=values[key], id=id, width=0, weight=1, **kwargs),
            ImageButton(
                "close",
                desc=f"Clear {label.lower()}",
                id=f"clear_{id}",
                on_click=lambda: ctx.set_field(key, ""),
            ),
            width=MATCH,
            padding=(16, 0, 4, 0),
        )

    form = [
        picture("header", "Header image"),
        picture("avatar", "Profile picture"),
        field("display_name", "Display name", "display_name"),
        field("note", "Bio", "bio", input_type="multiline"),
    ]
    return Column(bar, ctx.scroller("form", form), height=MATCH)
