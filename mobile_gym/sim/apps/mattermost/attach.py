"""Picking a file to attach from the phone's storage: folders of ``/sdcard`` to walk
through; tapping a file adds it to the post being written and goes back."""

from __future__ import annotations

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.mattermost import data
from mobile_gym.sim.apps.mattermost.composer import ATTACHED
from mobile_gym.sim.apps.mattermost.posts import size_label
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import TextView

ROOT = "/sdcard"
ROW_DP = 64


def folder(ctx: AppContext) -> str:
    return ctx.get("folder", ROOT)


def go_up(ctx: AppContext) -> bool:
    """BACK in a sub-folder shows its parent; True if it did."""
    here = folder(ctx)
    if here == ROOT:
        return False
    ctx.set("folder", here.rsplit("/", 1)[0] or ROOT)
    ctx.scroll_to("files", 0)
    return True


def attach_screen(ctx: AppContext) -> View:
    here = folder(ctx)
    storage = ctx.phone.storage
    try:
        names = [n for n in storage.list_dir(here) if not n.startswith(".")]
    except FileNotFoundError:
        names = []
    entries = sorted(
        ((n, storage.is_dir(f"{here}/{n}")) for n in names), key=lambda e: (not e[1], e[0].lower())
    )

    def pick(path: str) -> None:
        ctx.finish()
        _app, writer = ctx.phone.activities.context(data.PACKAGE)
        files = list(writer.get(ATTACHED, []))
        if path not in files:
            writer.set(ATTACHED, [*files, path])

    def enter(path: str) -> None:
        ctx.set("folder", path)
        ctx.scroll_to("files", 0)

    def render(index: int, _: object) -> View:
        name, is_dir = entries[index]
        path = f"{here}/{name}"
        if is_dir:
            return list_item(
                name,
                "Folder",
                icon="folder",
                id="file_item",
                height=ROW_DP,
                on_click=lambda: enter(path),
            )
        return list_item(
            name,
            size_label(storage.size(path)),
            icon="file",
            id="file_item",
            height=ROW_DP,
            on_click=lambda: pick(path),
        )

    body: View = (
        ctx.scroller("files", items=entries, item_height=ROW_DP, render_item=render, id="file_list")
        if entries
        else empty_state("This folder is empty", id="empty_folder")
    )
    return Column(
        ctx.up_bar("Attach a file"),
        TextView(
            here.replace(ROOT, "Internal storage", 1),
            id="current_folder",
            size=13,
            color="text_secondary",
            padding=(16, 6),
            width=MATCH,
        ),
        body,
        height=MATCH,
    )
