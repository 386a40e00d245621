"""The Gallery's full-screen viewer (``ViewPagerActivity``): one medium of a folder at a time.

Arguments: ``folder`` (the folder key) and ``medium_id`` (the medium opened first). Its
state: ``current`` (the medium shown; swipes change it) and ``index`` (its place, so that
the next medium shows when the current one is deleted) and ``playing`` (a video started;
with ``autoplay_videos`` a video starts as soon as it shows). "Set as" opens the wallpaper
screen for a photo; "Edit" (``bottom_edit``, photos only) the editor; "Copy to" / "Move to" put the medium in another folder
(``folder_picker``); once it is moved away the next medium of the folder shows.
"""

from __future__ import annotations

import posixpath
from collections.abc import Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.dialogs import delete_dialog, properties_dialog, rename_dialog
from mobile_gym.sim.apps.gallery.folder_picker import folder_picker
from mobile_gym.sim.apps.gallery.library import Library
from mobile_gym.sim.apps.gallery.media import VIDEO, Medium, restore, scan, set_favorite
from mobile_gym.sim.apps.gallery.names import (
    EDIT_ACTIVITY,
    PACKAGE,
    RECYCLE_BIN,
    VIEWER_ACTIVITY,
    WALLPAPER_ACTIVITY,
)
from mobile_gym.sim.ui.composites import toolbar
from mobile_gym.sim.ui.grid import thumbnail
from mobile_gym.sim.ui.view import MATCH, Column, FrameLayout, Row, View
from mobile_gym.sim.ui.widgets import ImageButton, TextView

STAR = (255, 179, 0)


def _position(ctx: AppContext, library: Library, items: Sequence[Medium]) -> int | None:
    """The index of the medium to show in ``items``, the folder's media in order (None
    when the folder is empty)."""
    if not items:
        return None
    index = library.place(ctx.args["folder"], ctx.get("current", ctx.args["medium_id"]))
    return min(ctx.get("index", 0), len(items) - 1) if index is None else index


def show(ctx: AppContext, item: Medium, index: int) -> None:
    """Show ``item`` (at ``index``); a video starts at once with ``autoplay_videos``."""
    ctx.set("current", item.id)
    ctx.set("index", index)
    ctx.pop("playing")
    if item.is_video and Library(ctx).prefs.flag("autoplay_videos"):
        ctx.set("playing", item.id)
        ctx.log(f"Playing {item.full_path}")


def swipe(ctx: AppContext, step: int) -> bool:
    """Show the next (``step`` 1) or previous (-1) medium; False at either end."""
    library = Library(ctx)
    items = library.ordered(ctx.args["folder"])
    index = _position(ctx, library, items)
    if index is None or not 0 <= index + step < len(items):
        return False
    item = items[index + step]
    show(ctx, item, index + step)
    ctx.log(f"Viewing {item.full_path}")
    return True


def _bottom_actions(ctx: AppContext, item: Medium, in_bin: bool, inspect: Handler) -> View:
    confirm = delete_dialog(ctx, [item], in_bin=in_bin)
    buttons: list[View] = []
    if in_bin:

        def put_back() -> None:
            if not restore(ctx, item):
                ctx.toast("A file with the same name is already there")

        buttons.append(
            ImageButton("restore", desc="Restore", id="bottom_restore", on_click=put_back)
        )
    else:
        favorite = bool(item.is_favorite)
        buttons.append(
            ImageButton(
                "star",
                desc="Toggle favorite",
                id="bottom_favorite",
                tint=STAR if favorite else "text",
                selected=favorite,
                on_click=lambda: set_favorite(ctx, item, not favorite),
            )
        )
    if not in_bin and not item.is_video:
        buttons.append(
            ImageButton(
                "edit",
                desc="Edit",
                id="bottom_edit",
                on_click=lambda: ctx.open(EDIT_ACTIVITY, medium_id=item.id),
            )
        )
    buttons += [
        ImageButton("info", desc="Properties", id="bottom_properties", on_click=inspect),
        ImageButton("delete", desc="Delete", id="bottom_delete", on_click=confirm),
    ]
    return Row(
        *buttons, arrange="center", id="bottom_actions_wrapper", width=MATCH, background="surface"
    )


def _media_area(ctx: AppContext, item: Medium) -> View:
    overlay: list[View] = []
    if item.is_video:
        playing = ctx.get("playing") == item.id

        def toggle() -> None:
            if playing:
                ctx.pop("playing")
            else:
                ctx.set("playing", item.id)
                ctx.log(f"Playing {item.full_path}")

        overlay.append(
            ImageButton(
                "pause" if playing else "play",
                desc="Pause video" if playing else "Play video",
                id="video_toggle_play_pause",
                size=72,
                circle=(0, 0, 0),
                tint=(255, 255, 255),
                gravity="center",
                on_click=toggle,
            )
        )
    return thumbnail(
        item.full_path, id="medium_image", desc=item.filename, overlay=overlay, height=MATCH
    )


def build(ctx: AppContext) -> View:
    key = ctx.args["folder"]
    library = Library(ctx)
    items = library.ordered(key)
    index = _position(ctx, library, items)
    if index is None:
        ctx.finish()
        return View()
    item = items[index]
    if ctx.get("current") != item.id:
        show(ctx, item, index)
    in_bin = key == RECYCLE_BIN
    open_properties = properties_dialog(ctx)

    def inspect() -> None:
        open_properties(item)

    menu: list[tuple[str, Handler]] = [("Properties", inspect)]
    if not in_bin:
        rename = rename_dialog(ctx)
        menu.insert(0, ("Rename", lambda: rename(item)))
        if item.type != VIDEO:
            menu.insert(1, ("Set as", lambda: ctx.open(WALLPAPER_ACTIVITY, medium_id=item.id)))
        pick = folder_picker(ctx, library, [item], then=lambda: None)
        menu[-1:-1] = [("Copy to", lambda: pick(False)), ("Move to", lambda: pick(True))]
    bar = toolbar(item.filename, on_up=ctx.finish, on_overflow=ctx.menu("overflow", menu))
    return Column(
        bar,
        FrameLayout(
            children=[
                _media_area(ctx, item),
                TextView(
                    f"{index + 1} / {len(items)}",
                    id="medium_counter",
                    size=13,
                    color=(255, 255, 255),
                    background=(0, 0, 0),
                    radius=10,
                    padding=(8, 2),
                    gravity="top center",
                    margin=8,
                ),
            ],
            height=0,
            weight=1,
        ),
        _bottom_actions(ctx, item, in_bin, inspect),
        height=MATCH,
    )


def view_file(ctx: AppContext, path: str) -> bool:
    """Show the picture or video at ``path`` in the viewer, as another app's "open with"
    does (``ctx`` is that app's); False when the gallery does not index the file."""
    phone = ctx.phone
    phone.start_activity(PACKAGE, VIEWER_ACTIVITY, folder=posixpath.dirname(path), medium_id=-1)
    _app, viewer = phone.activities.context(PACKAGE)
    scan(viewer)
    row = viewer.db().execute("SELECT id FROM media WHERE full_path = ?", (path,)).fetchone()
    if row is None:
        viewer.finish()
        return False
    viewer.set("current", row[0])
    viewer.log(f"Viewing {path}")
    return True
