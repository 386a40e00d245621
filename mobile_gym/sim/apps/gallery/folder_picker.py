"""The dialogs of "Copy to" and "Move to": "Select a folder" lists the gallery's folders
(a tap copies or moves the chosen media there) and offers "Create new folder", which asks
for a name, makes the folder beside the media's folder and puts the media in it."""

from __future__ import annotations

import posixpath
from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.library import Library
from mobile_gym.sim.apps.gallery.media import Medium
from mobile_gym.sim.apps.gallery.transfer import (
    folder_error,
    make_folder,
    new_folder_parent,
    transfer,
)
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.view import MATCH, View
from mobile_gym.sim.ui.widgets import TextView

PICKER_LIST_DP = 320
_PICKER = "pick_folder"
_CREATE = "create_folder"


def folder_picker(
    ctx: AppContext, library: Library, items: Sequence[Medium], then: Handler
) -> Callable[[bool], None]:
    """Returns the handler that opens "Select a folder" to copy (False) or move (True)
    ``items``, listing ``library``'s folders; ``then`` runs once they are in a folder."""
    move = bool(ctx.get("transfer_move"))
    parent = new_folder_parent(items)

    def put_in(folder: str) -> None:
        transfer(ctx, items, folder, move=move)
        then()

    def choose(folder: str) -> Handler:
        def run() -> None:
            ctx.pop("dialog:" + _PICKER)  # the flag ``AppContext.dialog`` shows the dialog by
            put_in(folder)

        return run

    def row(_index: int, item: object) -> View:
        path = str(item)
        return list_item(
            posixpath.basename(path),
            path,
            icon="folder",
            on_click=choose(path),
            id="directory_holder",
            title_id="dir_name",
            subtitle_id="dir_path",
        )

    def picker_body() -> list[View]:
        folders = library.media_folders()
        if not folders:
            empty = empty_state("No folders here", id="directories_empty_placeholder")
            return [
                ctx.scroller("pick_folder", [empty], id="directories_grid", height=PICKER_LIST_DP)
            ]
        return [
            ctx.scroller(
                "pick_folder",
                items=folders,
                render_item=row,
                wrap_rows=True,
                id="directories_grid",
                height=PICKER_LIST_DP,
            )
        ]

    def create() -> bool:
        name = ctx.field("new_folder_name").strip()
        error = folder_error(ctx, parent, name)
        if error is not None:
            ctx.toast(error)
            return False
        path = posixpath.join(parent, name)
        make_folder(ctx, path)
        put_in(path)
        return True

    def create_body() -> list[View]:
        return [
            TextView(parent + "/", id="folder_path", size=14, color="text_secondary", width=MATCH),
            ctx.edit("new_folder_name", hint="Name", id="folder_name", margin=(0, 12, 0, 0)),
        ]

    open_create = ctx.dialog(
        _CREATE, "Create new folder", buttons=[("Cancel", None), ("OK", create)], body=create_body
    )

    def start_create() -> None:
        ctx.set_field("new_folder_name", "")
        ctx.focus("new_folder_name")
        open_create()

    open_picker = ctx.dialog(
        _PICKER,
        "Select a folder",
        buttons=[("Cancel", None), ("Create new folder", start_create)],
        body=picker_body,
    )

    def open_for(as_move: bool) -> None:
        ctx.set("transfer_move", as_move)
        ctx.set("scroll:pick_folder", 0)
        open_picker()

    return open_for
