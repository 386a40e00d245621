"""The folder chooser "Copy to", "Move to" and "Extract to" open (``PickActivity``).

Arguments: ``mode`` (``copy``, ``move`` or ``extract``) and ``paths`` (the documents). It
browses the internal storage from its top, folders only; "New folder" makes one in the
folder shown; the bottom button ("Copy", "Move", "Extract") puts the documents there and
closes the chooser; "Cancel" or the up arrow closes it having done nothing.
"""

from __future__ import annotations

import posixpath
from typing import TYPE_CHECKING, cast

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.files import operations
from mobile_gym.sim.apps.files.dialogs import new_folder_dialog
from mobile_gym.sim.apps.files.documents import HOME
from mobile_gym.sim.ui.breadcrumbs import breadcrumbs
from mobile_gym.sim.ui.composites import empty_state, list_item, toolbar
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import Button

if TYPE_CHECKING:
    from mobile_gym.sim.apps.files.app import FilesApp

ROW_DP = 56
TITLE = "Internal storage"


def folder(ctx: AppContext) -> str:
    """The folder shown (the nearest one still there)."""
    path = ctx.get("path", HOME)
    while path != HOME and not ctx.phone.storage.is_dir(path):
        path = posixpath.dirname(path)
    return path


def up(ctx: AppContext) -> bool:
    """BACK: the folder above; False at the top."""
    path = folder(ctx)
    if path == HOME:
        return False
    ctx.set("path", posixpath.dirname(path))
    return True


def folders_in(ctx: AppContext, path: str) -> tuple[str, ...]:
    """The folders in ``path`` by name, hidden ones left out: found again only once the
    files change (``FilesApp.orders``), so a folder of many files costs what its rows on
    screen cost."""
    storage = ctx.phone.storage

    def find() -> tuple[str, ...]:
        names = sorted((n for n in storage.list_dir(path) if not n.startswith(".")), key=str.lower)
        paths = (posixpath.join(path, n) for n in names)
        return tuple(p for p in paths if storage.is_dir(p))

    orders = cast("FilesApp", ctx.app).orders
    return orders.get(("folders", path, storage.read_version(path)), lambda _key: find())


def picker_screen(ctx: AppContext) -> View:
    mode = ctx.args.get("mode", "copy")
    label = operations.MODES[mode][0]
    here = folder(ctx)

    def go(path: str) -> Handler:
        def run() -> None:
            ctx.set("path", path)
            ctx.scroll_to("folders", 0)

        return run

    def done() -> None:
        ctx.toast(operations.transfer(ctx, mode, list(ctx.args.get("paths", [])), here))
        ctx.finish()

    folders = folders_in(ctx, here)
    crumbs = [(TITLE, go(HOME))]
    current = HOME
    for part in here[len(HOME) :].strip("/").split("/") if here != HOME else []:
        current = f"{current}/{part}"
        crumbs.append((part, go(current)))
    body: View
    if folders:
        body = ctx.scroller(
            "folders",
            items=folders,
            item_height=ROW_DP,
            render_item=lambda _i, path: list_item(
                posixpath.basename(str(path)),
                icon="folder",
                on_click=go(str(path)),
                id="item_root",
                height=ROW_DP,
            ),
            id="dir_list",
            height=0,
            weight=1,
        )
    else:
        body = Column(empty_state("No items", id="message"), height=0, weight=1)
    more = ctx.menu("picker", [("New folder", new_folder_dialog(ctx, here))])
    return Column(
        toolbar(f"{label} to", on_up=ctx.finish, on_overflow=more),
        breadcrumbs(crumbs, id="breadcrumb", item_id="breadcrumb_item"),
        body,
        Row(
            Button("Cancel", id="android:id/button2", on_click=ctx.finish, margin=(0, 0, 8, 0)),
            Button(label, id="android:id/button1", on_click=done),
            gravity="end",
            padding=(16, 8),
            width=MATCH,
        ),
        height=MATCH,
    )
