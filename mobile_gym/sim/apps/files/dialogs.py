"""The Files browser's dialogs: rename, delete, new folder, sort by, the share sheet and
"Open with". Each function returns the handler that opens its dialog."""

from __future__ import annotations

import posixpath
from collections.abc import Callable

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.files import opening, operations
from mobile_gym.sim.apps.files.browser import Browser
from mobile_gym.sim.apps.files.documents import SORTS
from mobile_gym.sim.ui.composites import list_item
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.selection import chosen_files
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import RadioButton


def _refused(ctx: AppContext, error: str | None) -> bool:
    """Toast ``error``; False keeps the dialog open for a correction."""
    if error is not None:
        ctx.toast(error)
    return error is None


def rename_dialog(browser: Browser) -> Handler:
    """ "Rename" the one selected document: its whole name, selected so typing replaces it."""
    ctx = browser.ctx

    def ok() -> bool:
        path = ctx.get("renaming", "")
        error = operations.rename(ctx, path, ctx.field("rename").strip())
        if error is None:
            browser.selection.clear()
        return _refused(ctx, error)

    field = ctx.edit("rename", hint="Name", id="android:id/text1", margin=(0, 12, 0, 0))
    opener = ctx.dialog(
        "rename",
        "Rename",
        buttons=[("Cancel", None), ("OK", ok)],
        body=lambda: [field],
    )

    def open_() -> None:
        selected = browser.selected()
        if len(selected) != 1:
            return
        ctx.set("renaming", selected[0])
        ctx.set_field("rename", posixpath.basename(selected[0]))
        select_all(ctx, "rename")
        ctx.focus("rename")
        opener()

    return open_


def delete_dialog(browser: Browser) -> Handler:
    """The confirmation before the selected documents are deleted."""
    ctx = browser.ctx
    what = chosen_files(browser.selected())

    def ok() -> None:
        gone = operations.delete(ctx, browser.selected())
        browser.selection.clear()
        if gone:
            ctx.toast(f"Deleted {gone} item" + ("s" if gone > 1 else ""))

    opener = ctx.dialog("delete", f"Delete {what}?", buttons=[("Cancel", None), ("OK", ok)])

    def open_() -> None:
        if not browser.selected():
            ctx.toast("No items selected")
            return
        opener()

    return open_


def new_folder_dialog(ctx: AppContext, folder: str) -> Handler:
    """ "New folder" in ``folder``."""

    def ok() -> bool:
        return _refused(ctx, operations.new_folder(ctx, folder, ctx.field("folder_name").strip()))

    opener = ctx.dialog(
        "new_folder",
        "New folder",
        buttons=[("Cancel", None), ("OK", ok)],
        body=lambda: [
            ctx.edit("folder_name", hint="Folder name", id="android:id/text1", margin=(0, 12, 0, 0))
        ],
    )

    def open_() -> None:
        ctx.set_field("folder_name", "")
        ctx.focus("folder_name")
        opener()

    return open_


def sort_dialog(browser: Browser) -> Handler:
    """ "Sort by": picking an order applies it and closes the dialog."""
    ctx = browser.ctx
    current = browser.sort

    def choose(sort: str, descending: bool) -> Callable[[bool], None]:
        def run(_on: bool) -> None:
            ctx.pop("dialog:sort")
            browser.set_sort(sort, descending)

        return run

    def body() -> list[View]:
        return [
            RadioButton(
                label,
                id="sort_dimension",
                checked=(sort, descending) == current,
                on_change=choose(sort, descending),
                size=16,
                margin=(0, 4, 0, 0),
            )
            for sort, descending, label in SORTS
        ]

    return ctx.dialog("sort", "Sort by", buttons=[("Cancel", None)], body=body)


def _chooser(ctx: AppContext, key: str, title: str, choices: list[tuple[str, Handler]]) -> Handler:
    """A dialog listing apps; tapping one closes it and runs its handler."""

    def pick(handler: Handler) -> Handler:
        def run() -> None:
            ctx.pop("dialog:" + key)
            handler()

        return run

    def body() -> list[View]:
        return [
            list_item(label, icon="apps", on_click=pick(h), id="app_item", title_id="app_label")
            for label, h in choices
        ]

    return ctx.dialog(key, title, buttons=[("Cancel", None)], body=body)


def share_dialog(browser: Browser) -> Handler:
    """The share sheet for the selected files."""
    ctx = browser.ctx

    def to(target: str) -> Handler:
        def run() -> None:
            chosen = browser.selected()
            browser.selection.clear()
            opening.share(ctx, target, chosen)

        return run

    opener = _chooser(ctx, "share", "Share", [(t, to(t)) for t in opening.share_targets(ctx)])

    def open_() -> None:
        storage = browser.storage
        if not any(storage.exists(p) and not storage.is_dir(p) for p in browser.selected()):
            ctx.toast("Folders can't be shared")
            return
        opener()

    return open_


def open_with_dialog(browser: Browser) -> Handler:
    """ "Open with" for the one selected file: the apps that can open it."""
    ctx = browser.ctx
    selected = browser.selected()
    path = selected[0] if len(selected) == 1 else ""

    def run(opener: Callable[[], bool]) -> Handler:
        def go() -> None:
            browser.selection.clear()
            if opener():
                ctx.log(f"Opened file {path}")
            else:
                ctx.toast(opening.NO_APP)

        return go

    found = opening.handlers(ctx, path) if path else []
    opener = _chooser(ctx, "open_with", "Open with", [(label, run(h)) for label, h in found])

    def open_() -> None:
        if not found:
            ctx.toast(opening.NO_APP)
            return
        opener()

    return open_
