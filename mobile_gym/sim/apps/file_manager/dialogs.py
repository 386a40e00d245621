"""The File Manager's dialogs: create new, rename, delete, properties, sort, and the folder
picker that copy and move use. Each function returns the handler that opens its dialog."""

from __future__ import annotations

import posixpath

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.file_manager.browser import Browser
from mobile_gym.sim.apps.file_manager.files import (
    HOME,
    SORT_LABELS,
    SORTS,
    format_size,
    is_hidden,
)
from mobile_gym.sim.ui.breadcrumbs import breadcrumbs
from mobile_gym.sim.ui.composites import empty_state, list_item
from mobile_gym.sim.ui.dates import from_epoch_ms, long_day
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.properties import properties_body
from mobile_gym.sim.ui.selection import chosen_files
from mobile_gym.sim.ui.view import View
from mobile_gym.sim.ui.widgets import RadioButton

PICKER_LIST_DP = 300


def _radio(label: str, id: str, checked: bool, choose: Handler) -> RadioButton:
    return RadioButton(
        label, id=id, checked=checked, on_change=lambda _on: choose(), size=16, margin=(0, 4, 0, 0)
    )


def _keep_open_on_error(ctx: AppContext, error: str | None) -> bool:
    """Toast ``error``; False keeps the dialog open for a correction."""
    if error is not None:
        ctx.toast(error)
    return error is None


def create_dialog(browser: Browser) -> Handler:
    """ "Create new": a name and Folder / File radio buttons."""
    ctx = browser.ctx
    as_file = bool(ctx.get("create_file"))

    def ok() -> bool:
        error = browser.create(ctx.field("create_name").strip(), folder=not as_file)
        return _keep_open_on_error(ctx, error)

    def body() -> list[View]:
        return [
            ctx.edit("create_name", hint="Name", id="dialog_item_name", margin=(0, 12, 0, 8)),
            _radio("Folder", "dialog_radio_directory", not as_file, lambda: ctx.pop("create_file")),
            _radio("File", "dialog_radio_file", as_file, lambda: ctx.set("create_file", True)),
        ]

    opener = ctx.dialog("create", "Create new", buttons=[("Cancel", None), ("OK", ok)], body=body)

    def open_() -> None:
        ctx.set_field("create_name", "")
        ctx.pop("create_file")
        ctx.focus("create_name")
        opener()

    return open_


def rename_dialog(browser: Browser) -> Handler:
    """ "Rename": the name (selected when the dialog opens) and, for a file, its extension."""
    ctx = browser.ctx
    path = ctx.get("renaming", "")

    def ok() -> bool:
        name = ctx.field("rename_name").strip()
        extension = ctx.field("rename_extension").strip().lstrip(".")
        full = f"{name}.{extension}" if extension and name else name
        return _keep_open_on_error(ctx, browser.rename(path, full))

    def body() -> list[View]:
        name_field = ctx.edit(
            "rename_name", hint="Name", id="rename_item_name", margin=(0, 12, 0, 0)
        )
        views: list[View] = [name_field]
        if ctx.get("rename_has_extension"):
            views.append(
                ctx.edit(
                    "rename_extension",
                    hint="Extension",
                    id="rename_item_extension",
                    margin=(0, 8, 0, 0),
                )
            )
        return views

    opener = ctx.dialog("rename", "Rename", buttons=[("Cancel", None), ("OK", ok)], body=body)

    def open_() -> None:
        selected = browser.selected()
        if len(selected) != 1:
            return
        target = selected[0]
        name = posixpath.basename(target)
        stem, dot, extension = name.rpartition(".")
        split = bool(dot and stem) and not browser.storage.is_dir(target)
        ctx.set("renaming", target)
        ctx.set("rename_has_extension", split)
        select_all(ctx, "rename_name")
        ctx.set_field("rename_name", stem if split else name)
        ctx.set_field("rename_extension", extension if split else "")
        ctx.focus("rename_name")
        opener()

    return open_


def delete_dialog(browser: Browser) -> Handler:
    """The delete confirmation for the selected items."""
    ctx = browser.ctx
    return ctx.dialog(
        "delete",
        "Confirm deletion",
        f"Are you sure you want to delete {chosen_files(browser.selected())}?",
        buttons=[("Cancel", None), ("Delete", lambda: browser.delete(browser.selected()))],
    )


def properties_dialog(browser: Browser) -> Handler:
    """ "Properties" of the selected items: name, path, size, contents, last modified."""
    return browser.ctx.dialog(
        "properties",
        "Properties",
        buttons=[("OK", None)],
        body=lambda: properties_body(_kept_properties(browser)),
    )


def _kept_properties(browser: Browser) -> tuple[tuple[str, str], ...]:
    """``_properties``, found again only once the files change (``AppContext.kept_files``): the
    size and contents of a large folder are summed once while the dialog shows."""
    what = ("properties", tuple(browser.selection.keys), browser.show_hidden, browser.fallback_ms)
    return browser.ctx.kept_files(what, lambda: tuple(_properties(browser)), HOME)


def _properties(browser: Browser) -> list[tuple[str, str]]:
    """The (label, value) pairs "Properties" shows of the selected items."""
    selected = browser.selected()
    pairs: list[tuple[str, str]] = []
    if len(selected) == 1:
        item = browser.entry(selected[0])
        when = from_epoch_ms(item.modified)
        pairs = [("Name", item.name), ("Path", item.path), ("Size", format_size(item.size))]
        if item.is_dir:
            below = browser.storage.tree(item.path)
            folders = sum(1 for p in below if browser.storage.is_dir(p))
            pairs.append(("Contents", f"{len(below) - folders} files, {folders} folders"))
        pairs.append(("Last modified", f"{long_day(item.modified)}, {when:%H:%M}"))
        pairs.append(("Hidden", "Yes" if is_hidden(item.path) else "No"))
    elif selected:
        size = sum(browser.entry(p).size for p in selected)
        pairs = [
            ("Items selected", str(len(selected))),
            ("Size", format_size(size)),
            ("Path", posixpath.dirname(selected[0])),
        ]
    return pairs


def sort_dialog(browser: Browser) -> Handler:
    """ "Sort by": name, size, last modified or extension, ascending or descending."""
    ctx = browser.ctx
    sort, descending = browser.sort
    choice = ctx.get("sort_choice", sort)
    down = ctx.get("order_choice", descending)

    def ok() -> None:
        browser.set_sort(ctx.pop("sort_choice", sort), bool(ctx.pop("order_choice", descending)))

    def forget() -> None:
        ctx.pop("sort_choice")
        ctx.pop("order_choice")

    def choose(key: str, value: object) -> Handler:
        return lambda: ctx.set(key, value)

    def body() -> list[View]:
        views: list[View] = [
            _radio(
                SORT_LABELS[key],
                f"sorting_dialog_radio_{'last_modified' if key == 'modified' else key}",
                choice == key,
                choose("sort_choice", key),
            )
            for key in SORTS
        ]
        return [
            *views,
            View(height=1, background="divider", margin=(0, 8, 0, 4)),
            _radio(
                "Ascending",
                "sorting_dialog_radio_ascending",
                not down,
                choose("order_choice", False),
            ),
            _radio(
                "Descending", "sorting_dialog_radio_descending", down, choose("order_choice", True)
            ),
        ]

    opener = ctx.dialog("sort", "Sort by", buttons=[("Cancel", forget), ("OK", ok)], body=body)

    def open_() -> None:
        forget()
        opener()

    return open_


def _subfolders(browser: Browser, folder: str, show_hidden: bool) -> tuple[str, ...]:
    """The folders in ``folder`` by name (hidden ones only when shown)."""
    storage = browser.storage
    found = [
        posixpath.join(folder, name)
        for name in storage.list_dir(folder)
        if storage.is_dir(posixpath.join(folder, name))
        and (show_hidden or not name.startswith("."))
    ]
    return tuple(sorted(found, key=str.lower))


def picker_dialog(browser: Browser, *, move: bool) -> Handler:
    """ "Select a folder" for copy or move: breadcrumbs, the folders there, OK to transfer."""
    ctx = browser.ctx
    key = "move" if move else "copy"
    folder = ctx.get("picker_path", browser.path)
    if not browser.storage.is_dir(folder):
        folder = browser.path

    def go(path: str) -> Handler:
        def run() -> None:
            ctx.set("picker_path", path)
            ctx.set("scroll:picker", 0)

        return run

    def row(_index: int, path: object) -> View:
        return list_item(
            posixpath.basename(str(path)),
            icon="folder",
            on_click=go(str(path)),
            id="filepicker_item",
            title_id="list_item_name",
        )

    def body() -> list[View]:
        show_hidden = browser.show_hidden
        subfolders = ctx.kept_files(
            ("subfolders", folder, show_hidden),
            lambda: _subfolders(browser, folder, show_hidden),
            near=folder,
        )
        listing = (
            ctx.scroller(
                "picker",
                items=subfolders,
                render_item=row,
                wrap_rows=True,
                id="filepicker_list",
                height=PICKER_LIST_DP,
            )
            if subfolders
            else ctx.scroller(
                "picker",
                [empty_state("No folders here", id="filepicker_placeholder")],
                id="filepicker_list",
                height=PICKER_LIST_DP,
            )
        )
        crumbs = [(name, go(path)) for name, path in browser.crumbs(folder)]
        return [
            breadcrumbs(crumbs, id="filepicker_breadcrumbs", item_id="filepicker_breadcrumb"),
            listing,
        ]

    def ok() -> None:
        browser.transfer(browser.selected(), folder, move=move)

    opener = ctx.dialog(
        "picker_" + key,
        "Move to" if move else "Copy to",
        buttons=[("Cancel", None), ("OK", ok)],
        body=body,
    )

    def open_() -> None:
        ctx.set("picker_path", browser.path)
        ctx.set("scroll:picker", 0)
        opener()

    return open_
