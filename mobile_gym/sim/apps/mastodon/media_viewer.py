"""The pictures of a post, each with its alt text and a button that saves it to the phone
(``/sdcard/Pictures/Mastodon``, where the gallery finds it), or all of them to a folder."""

from __future__ import annotations

import posixpath

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mastodon import data
from mobile_gym.sim.ui.composites import empty_state, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, ImageView, TextView

SAVED_TO = "/sdcard/Pictures/Mastodon"
ROW_DP = 96


def _copy(ctx: AppContext, file: str, folder: str) -> None:
    """Write a copy of the picture ``file`` into ``folder`` (a placeholder when the file
    lives only on the server)."""
    storage = ctx.phone.storage
    content = storage.read(file) if storage.exists(file) else f"picture {file}".encode()
    path = posixpath.join(folder, posixpath.basename(file))
    storage.write(path, content)
    ctx.log(f"Media saved: path={path}")


def save_picture(ctx: AppContext, file: str) -> None:
    _copy(ctx, file, SAVED_TO)
    ctx.toast("Saved to Pictures/Mastodon")


def _save_all(ctx: AppContext, files: list[str]) -> bool | None:
    folder = posixpath.normpath(ctx.field("save_folder").strip() or SAVED_TO)
    if not folder.startswith("/sdcard/"):
        ctx.toast("Choose a folder under /sdcard")
        return False
    for file in files:
        _copy(ctx, file, folder)
    ctx.toast(f"{len(files)} pictures saved")
    ctx.clear_field("save_folder")
    return None


def media_viewer_screen(ctx: AppContext) -> View:
    status_id = ctx.args.get("status", 0)
    items = data.rows(
        ctx,
        "SELECT file, description FROM media_attachments WHERE status_id = ? ORDER BY id",
        (status_id,),
    )

    def render(_index: int, raw: object) -> View:
        file, alt = raw[0], raw[1]  # type: ignore[index]
        saved = ctx.phone.storage.exists(posixpath.join(SAVED_TO, posixpath.basename(file)))
        return Row(
            ImageView("image", size=64, desc=alt or ""),
            Column(
                TextView(posixpath.basename(file), id="media_name", width=MATCH),
                TextView(
                    alt or "No description",
                    id="media_alt",
                    size=13,
                    color="text_secondary",
                    max_lines=2,
                    width=MATCH,
                ),
                width=0,
                weight=1,
                margin=(12, 0, 0, 0),
            ),
            ImageButton(
                "check" if saved else "archive",
                desc="Saved" if saved else "Save to phone",
                id="save_media",
                on_click=lambda: save_picture(ctx, file),
            ),
            id="media_item",
            width=MATCH,
            height=ROW_DP,
            padding=(16, 8),
        )

    body = (
        ctx.scroller("media", items=items, item_height=ROW_DP, render_item=render, id="media_list")
        if items
        else empty_state("This post has no pictures", id="empty")
    )
    save_all = ctx.dialog(
        "save_all",
        "Save to folder",
        "Every picture of the post is saved there.",
        buttons=[("Cancel", None), ("Save", lambda: _save_all(ctx, [row[0] for row in items]))],
        body=lambda: [ctx.edit("save_folder", hint=SAVED_TO, id="save_folder")],
    )
    bar = toolbar(
        "Pictures",
        on_up=ctx.finish,
        actions=[("folder", "Save all to folder", save_all)] if items else [],
    )
    return Column(bar, body, height=MATCH)
