"""The Gallery's photo editor (``EditActivity``, argument ``medium_id``): rotate the photo
and crop it to an aspect ratio, then save the result as a new file beside the original.

State: ``turns`` (quarter turns clockwise) and ``ratio`` (``[width, height]`` of the crop,
absent for "Free", which keeps the whole picture). The crop is the largest centred one of
that ratio. "Save" writes ``NAME_1.EXT`` (the first free number) in the photo's folder,
indexes it, logs ``Saved edited copy: PATH size=WxH``, toasts "File saved successfully" and
closes the editor; the original is left as it was.
"""

from __future__ import annotations

import posixpath

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.gallery.media import Medium, free_path, medium, scan
from mobile_gym.sim.apps.gallery.pictures import cropped, edited_file, picture_size
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.grid import thumbnail
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button, ImageButton, TextView

RATIOS = (
    ("free", "Free", None),
    ("one_one", "1:1", (1, 1)),
    ("four_three", "4:3", (4, 3)),
    ("sixteen_nine", "16:9", (16, 9)),
)
"""The aspect ratio buttons (``bottom_aspect_ratio_<key>``); "Other" asks for any ratio."""


def result_size(ctx: AppContext, item: Medium) -> tuple[int, int]:
    """The size the edited photo has now: rotated, then cropped."""
    width, height = picture_size(ctx.phone.storage.read(item.full_path), item.full_path)
    if ctx.get("turns", 0) % 2:
        width, height = height, width
    ratio = ctx.get("ratio")
    return cropped((width, height), tuple(ratio) if ratio else None)


def _save(ctx: AppContext, item: Medium) -> None:
    size = result_size(ctx, item)
    path = free_path(ctx, item.parent_path, item.filename, numbered=True)
    ctx.phone.storage.write(  # a copy of about the size of what it was made from
        path, edited_file(posixpath.basename(path), size), ctx.phone.storage.size(item.full_path)
    )
    ctx.phone.storage.set_modified(path, ctx.phone.clock.epoch_ms)
    scan(ctx)
    ctx.log(f"Saved edited copy: {path} size={size[0]}x{size[1]}")
    ctx.toast("File saved successfully")
    ctx.finish()


def _whole(text: str) -> bool:
    """Whether ``text`` is a whole number in ASCII digits (not "²", which ``int`` rejects)."""
    return text.isascii() and text.isdigit()


def _ratio_dialog(ctx: AppContext) -> object:
    """ "Aspect ratio": two numbers, width and height (9 and 16 for a portrait 9:16)."""

    def apply() -> bool | None:
        across, down = ctx.field("ratio_width").strip(), ctx.field("ratio_height").strip()
        if not (_whole(across) and _whole(down) and int(across) and int(down)):
            ctx.toast("Enter two whole numbers above zero")
            return False
        ctx.set("ratio", [int(across), int(down)])
        return None

    return ctx.dialog(
        "ratio",
        "Aspect ratio",
        buttons=[("Cancel", None), ("OK", apply)],
        body=lambda: [
            Row(
                ctx.edit("ratio_width", hint="Width", id="aspect_ratio_width", width=0, weight=1),
                TextView(":", padding=(8, 0)),
                ctx.edit(
                    "ratio_height", hint="Height", id="aspect_ratio_height", width=0, weight=1
                ),
                width=MATCH,
            )
        ],
    )


def build(ctx: AppContext) -> View:
    item = medium(ctx, ctx.args["medium_id"])
    if item is None or item.deleted_ts or item.is_video:
        ctx.finish()
        return View()
    other = _ratio_dialog(ctx)
    width, height = result_size(ctx, item)
    ratio = ctx.get("ratio")
    chosen = next((key for key, _, r in RATIOS if (list(r) if r else None) == ratio), "other")
    image = thumbnail(
        item.full_path, id="crop_image_view", desc=f"{item.filename} {width} × {height}", height=0
    )
    image.weight = 1
    ratios: list[View] = [
        Button(
            label,
            id=f"bottom_aspect_ratio_{key}",
            selected=chosen == key,
            on_click=lambda r=r: ctx.set("ratio", list(r)) if r else ctx.pop("ratio"),
        )
        for key, label, r in RATIOS
    ]
    ratios.append(
        Button("Other", id="bottom_aspect_ratio_other", selected=chosen == "other", on_click=other)
    )
    return Column(
        toolbar("Editor", on_up=ctx.finish, actions=[("check", "Save", lambda: _save(ctx, item))]),
        image,
        TextView(f"{width} × {height}", id="crop_size", align="center", width=MATCH),
        Row(*ratios, arrange="center", width=MATCH),
        Row(
            ImageButton(
                "restore",
                desc="Rotate",
                id="bottom_rotate",
                on_click=lambda: ctx.set("turns", (ctx.get("turns", 0) + 1) % 4),
            ),
            arrange="center",
            id="bottom_editor_primary_actions",
            width=MATCH,
            background="surface",
        ),
        height=MATCH,
    )
