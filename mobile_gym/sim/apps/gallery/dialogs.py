"""The Gallery's dialogs: sort, group, filter, view type, date and time format, rename,
properties and the delete confirmation.

Each function declares its dialog on the screen being built and returns the handler that
opens it (the screen's state remembers what the dialog is about while it is open).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence

from mobile_gym.sim.apps.base import AppContext, Handler
from mobile_gym.sim.apps.gallery.library import (
    GROUPINGS,
    SORT_FIELDS,
    SORT_ORDERS,
    VIEW_TYPES,
    Library,
)
from mobile_gym.sim.apps.gallery.media import (
    DATE_FORMATS,
    TYPE_IDS,
    TYPE_NAMES,
    Medium,
    delete_for_good,
    duration,
    file_size,
    format_date,
    medium,
    rename,
    rename_error,
    taken,
    trash,
)
from mobile_gym.sim.apps.gallery.pictures import picture_size
from mobile_gym.sim.ui.prefilled import select_all
from mobile_gym.sim.ui.view import MATCH, Column, View
from mobile_gym.sim.ui.widgets import CheckBox, RadioButton, TextView


def _radio(label: str, id: str, checked: bool, choose: Callable[[], None]) -> RadioButton:
    return RadioButton(
        label, id=id, checked=checked, on_change=lambda _on: choose(), size=16, margin=(0, 2, 0, 0)
    )


def _field_order_dialog(
    ctx: AppContext,
    library: Library,
    preference: str,
    *,
    key: str,
    title: str,
    fields: dict[str, str],
    id_prefix: str,
) -> Handler:
    """A dialog storing ``field:order`` in ``preference``: a radio button per field
    (``<id_prefix>_<field>``), then Ascending / Descending; OK stores the choice."""
    field, order = library.choice(preference)
    chosen_field = ctx.get(key + "_field", field)
    chosen_order = ctx.get(key + "_order", order)

    def apply() -> None:
        library.prefs.put(preference, f"{chosen_field}:{chosen_order}")

    def body() -> list[View]:
        views: list[View] = [
            _radio(
                label,
                f"{id_prefix}_{name}",
                name == chosen_field,
                lambda name=name: ctx.set(key + "_field", name),
            )
            for name, label in fields.items()
        ]
        views.append(View(height=1, background="divider", margin=(0, 8)))
        views += [
            _radio(
                label,
                f"{id_prefix}_{label.lower()}",
                name == chosen_order,
                lambda name=name: ctx.set(key + "_order", name),
            )
            for name, label in SORT_ORDERS.items()
        ]
        return views

    opener = ctx.dialog(key, title, buttons=[("Cancel", None), ("OK", apply)], body=body)

    def open_() -> None:
        ctx.set(key + "_field", field)
        ctx.set(key + "_order", order)
        opener()

    return open_


def sort_dialog(ctx: AppContext, library: Library, preference: str) -> Handler:
    """ "Sort by": a field (name, size, date taken) and an order, for folders
    (``directory_sorting``) or for the media of a folder (``media_sorting``)."""
    return _field_order_dialog(
        ctx,
        library,
        preference,
        key="sort",
        title="Sort by",
        fields=SORT_FIELDS,
        id_prefix="sorting_dialog_radio",
    )


def group_dialog(ctx: AppContext, library: Library) -> Handler:
    """ "Group by": how a folder's media are grouped (``group_by``), and in which order."""
    return _field_order_dialog(
        ctx,
        library,
        "group_by",
        key="group",
        title="Group by",
        fields=GROUPINGS,
        id_prefix="grouping_dialog_radio",
    )


def view_type_dialog(ctx: AppContext, library: Library, preference: str) -> Handler:
    """ "Change view type": grid or list, for the folders (``view_type_folders``) or the
    media of a folder (``view_type_files``)."""
    current = library.prefs.get(preference)
    pending = ctx.get("view_type_pending", current)

    def body() -> list[View]:
        return [
            _radio(
                label,
                f"change_view_type_dialog_radio_{name}",
                name == pending,
                lambda name=name: ctx.set("view_type_pending", name),
            )
            for name, label in VIEW_TYPES.items()
        ]

    opener = ctx.dialog(
        "view_type",
        "Change view type",
        buttons=[("Cancel", None), ("OK", lambda: library.prefs.put(preference, pending))],
        body=body,
    )

    def open_() -> None:
        ctx.set("view_type_pending", current)
        opener()

    return open_


_NUMBERS = ("one", "two", "three", "four", "five")
_SAMPLE_DAY = dt.datetime(2024, 2, 25)


def date_time_dialog(ctx: AppContext, library: Library) -> Handler:
    """ "Change date and time format": a date format (``date_format``) and the 24-hour
    clock (``use_24_hour_format``)."""
    prefs = library.prefs
    current = (prefs.get("date_format"), prefs.flag("use_24_hour_format"))
    date_format, use_24 = ctx.get("date_time_pending", current)

    def choose(value: tuple[str, bool]) -> Handler:
        return lambda: ctx.set("date_time_pending", value)

    def apply() -> None:
        if date_format != current[0]:
            prefs.put("date_format", date_format)
        if use_24 != current[1]:
            prefs.put("use_24_hour_format", use_24)

    def body() -> list[View]:
        views: list[View] = [
            _radio(
                format_date(_SAMPLE_DAY, pattern),
                f"change_date_time_dialog_radio_{number}",
                pattern == date_format,
                choose((pattern, use_24)),
            )
            for number, pattern in zip(_NUMBERS, DATE_FORMATS, strict=True)
        ]
        views.append(
            CheckBox(
                "Use 24-hour time format",
                id="change_date_time_dialog_24_hour",
                checked=use_24,
                on_change=lambda on: choose((date_format, on))(),
                size=16,
                margin=(0, 8, 0, 0),
            )
        )
        return views

    opener = ctx.dialog(
        "date_time",
        "Change date and time format",
        buttons=[("Cancel", None), ("OK", apply)],
        body=body,
    )

    def open_() -> None:
        ctx.set("date_time_pending", current)
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

    def body() -> list[View]:
        return [
            CheckBox(
                name,
                id=f"filter_media_{TYPE_IDS[kind]}",
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

    def body() -> list[View]:
        name = ctx.edit("rename_name", hint="Name", id="rename_item_name", margin=(0, 12, 0, 0))
        return [
            name,
            ctx.edit(
                "rename_extension",
                hint="Extension",
                id="rename_item_extension",
                margin=(0, 8, 0, 0),
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


def _properties(ctx: AppContext) -> list[tuple[str, str]]:
    """The (label, value) rows "Properties" shows of the medium being inspected."""
    item = medium(ctx, ctx.get("inspecting"))
    if item is None:
        return []
    prefs = Library(ctx).prefs
    when = taken(item.date_taken, prefs.get("date_format"), prefs.flag("use_24_hour_format"))
    rows = [
        ("Name", item.filename),
        ("Path", item.original_path),
        ("Size", file_size(item.size)),
        ("Date taken", when),
    ]
    if item.is_video:
        rows.append(("Duration", duration(item.video_duration)))
    elif ctx.phone.storage.exists(item.full_path):
        width, height = picture_size(ctx.phone.storage.read(item.full_path), item.full_path)
        rows.append(("Resolution", f"{width} x {height}"))
    return rows


def properties_dialog(ctx: AppContext) -> Callable[[Medium], None]:
    """ "Properties" of a medium: name, path, size, date taken (and a video's length, a
    photo's resolution)."""

    def body() -> list[View]:
        return [
            Column(
                TextView(label, id="property_label", size=14, color="text_secondary"),
                TextView(value, id="property_value", size=16, max_lines=3, width=MATCH),
                width=MATCH,
                margin=(0, 8, 0, 0),
            )
            for label, value in _properties(ctx)
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
    permanent = in_bin or not Library(ctx).prefs.flag("use_recycle_bin")
    if permanent:
        title, message = "Delete permanently?", f"{what} will be deleted for good."
    else:
        title, message = "Move to the Recycle Bin?", f"{what} will be moved to the Recycle Bin."

    def delete() -> None:
        for item in items:
            if permanent:
                delete_for_good(ctx, item)
            else:
                trash(ctx, item)
        ctx.toast("Deleted" if permanent else "Moved to the Recycle Bin")
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
