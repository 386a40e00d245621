"""The Gallery's dialogs: sort, filter, rename, properties and the delete confirmation.

Each function declares its dialog on the screen being built and returns the handler that
opens it (the screen's state remembers what the dialog is about while it is open).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.library import SORT_FIELDS, SORT_ORDERS, Library
from mobile_gym.sim.apps.gallery.media import (
    TYPE_NAMES,
    Medium,
    delete_for_good,
    duration,
    file_size,
    medium,
    rename,
    rename_error,
    taken,
    trash,
)
from mobile_gym.sim.ui.prefilled import apply_selection, select_all
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import CheckBox, RadioButton, TextView


def _radio(label: str, id: str, checked: bool, choose: Callable[[], None]) -> RadioButton:
    return RadioButton(
        label, id=id, checked=checked, on_change=lambda _on: choose(), size=16, margin=(0, 2, 0, 0)
    )


def sort_dialog(ctx: AppContext, library: Library, preference: str) -> Handler:
    """ "Sort by": a field (name, size, date taken) and an order, for folders
    (``directory_sorting``) or for the media of a folder (``media_sorting``)."""
    field, order = library.sorting(preference)
    chosen_field = ctx.get("sort_field", field)
    chosen_order = ctx.get("sort_order", order)

    def apply() -> None:
        library.prefs.put(preference, f"{chosen_field}:{chosen_order}")

    body: list[View] = [
        _radio(
            label,
            f"sorting_dialog_radio_{key}",
            key == chosen_field,
            lambda key=key: ctx.set("sort_field", key),
        )
        for key, label in SORT_FIELDS.items()
    ]
    body.append(View(height=1, background="divider", margin=(0, 8)))
    body += [
        _radio(
            label,
            f"sorting_dialog_radio_{label.lower()}",
            key == chosen_order,
            lambda key=key: ctx.set("sort_order", key),
        )
        for key, label in SORT_ORDERS.items()
    ]
    opener = ctx.dialog("sort", "Sort by", buttons=[("Cancel", None), ("OK", apply)], body=body)

    def open_() -> None:
        ctx.set("sort_field", field)
        ctx.set("sort_order", order)
        opener()

    return open_


def filter_dialog(ctx: AppContext, library: Library) -> Handler:
    """ "Filter media": which media types to show (at least one)."""
    current = library.media_filter
    pending = ctx.get("filter_pending", current)

    def apply() -> bool:
        if not pending:
            ctx.toast("Select at least one media type")
            return False
        library.prefs.put("filter_media", str(pending))
        return True

    body = [
        CheckBox(
            name,
            id=f"filter_media_{name.lower()}",
            checked=bool(pending & kind),
            on_change=lambda _on, kind=kind: ctx.set("filter_pending", pending ^ kind),
            size=16,
        )
        for kind, name in TYPE_NAMES.items()
    ]
    opener = ctx.dialog(
        "filter", "Filter media", buttons=[("Cancel", None), ("OK", apply)], body=body
    )

    def open_() -> None:
        ctx.set("filter_pending", current)
        opener()

    return open_


def rename_dialog(ctx: AppContext) -> Callable[[Medium], None]:
    """ "Rename": the name without its extension (selected as the dialog opens, so typing
    replaces it) and the extension; returns the handler that opens it for a medium."""
    item = medium(ctx, ctx.get("renaming"))

    def ok() -> bool:
        if item is None:
            return True
        name = ctx.field("rename_name").strip()
        extension = ctx.field("rename_extension").strip().lstrip(".")
        full = f"{name}.{extension}" if extension and name else name
        error = rename_error(ctx, item, full)
        if error is not None:
            ctx.toast(error)
            return False
        rename(ctx, item, full)
        return True

    body = [
        apply_selection(
            ctx, ctx.edit("rename_name", hint="Name", id="rename_item_name", margin=(0, 12, 0, 0))
        ),
        ctx.edit(
            "rename_extension", hint="Extension", id="rename_item_extension", margin=(0, 8, 0, 0)
        ),
    ]
    opener = ctx.dialog("rename", "Rename", buttons=[("Cancel", None), ("OK", ok)], body=body)

    def open_for(target: Medium) -> None:
        stem, dot, extension = target.filename.rpartition(".")
        ctx.set("renaming", target.id)
        ctx.set_field("rename_name", stem if dot else target.filename)
        select_all(ctx, "rename_name")
        ctx.set_field("rename_extension", extension if dot else "")
        ctx.focus("rename_name")
        opener()

    return open_for


def properties_dialog(ctx: AppContext) -> Callable[[Medium], None]:
    """ "Properties" of a medium: name, path, size, date taken (and length of a video)."""
    item = medium(ctx, ctx.get("inspecting"))
    rows: list[tuple[str, str]] = []
    if item is not None:
        rows = [
            ("Name", item.filename),
            ("Path", item.original_path),
            ("Size", file_size(item.size)),
            ("Date taken", taken(item.date_taken)),
        ]
        if item.is_video:
            rows.append(("Duration", duration(item.video_duration)))
    body: list[View] = [
        Column(
            TextView(label, id="property_label", size=14, color="text_secondary"),
            TextView(value, id="property_value", size=16, max_lines=3, width=MATCH),
            width=MATCH,
            margin=(0, 8, 0, 0),
        )
        for label, value in rows
    ]
    opener = ctx.dialog("properties", "Properties", buttons=[("OK", None)], body=body)

    def open_for(target: Medium) -> None:
        ctx.set("inspecting", target.id)
        opener()

    return open_for


def delete_dialog(
    ctx: AppContext, items: Sequence[Medium], *, in_bin: bool, then: Handler | None = None
) -> Handler:
    """The confirmation before ``items`` go to the recycle bin (or, in the bin, for good)."""
    what = f'"{items[0].filename}"' if len(items) == 1 else f"{len(items)} items"
    if in_bin:
        title, message = "Delete permanently?", f"{what} will be deleted for good."
    else:
        title, message = "Move to the Recycle Bin?", f"{what} will be moved to the Recycle Bin."

    def delete() -> None:
        for item in items:
            if in_bin:
                delete_for_good(ctx, item)
            else:
                trash(ctx, item)
        ctx.toast("Deleted" if in_bin else "Moved to the Recycle Bin")
        if then is not None:
            then()

    return ctx.dialog("delete", title, message, buttons=[("Cancel", None), ("Delete", delete)])


def empty_bin_dialog(ctx: AppContext, items: Sequence[Medium]) -> Handler:
    """ "Empty the Recycle Bin?": deletes every binned medium for good."""

    def empty() -> None:
        for item in items:
            delete_for_good(ctx, item)
        ctx.log(f"Emptied the Recycle Bin: {len(items)} items")

    return ctx.dialog(
        "empty_bin",
        "Empty the Recycle Bin?",
        f"All {len(items)} items in the Recycle Bin will be deleted permanently.",
        buttons=[("Cancel", None), ("Empty", empty)],
    )
