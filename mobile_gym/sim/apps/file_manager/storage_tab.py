"""The File Manager's "Storage" tab: how the internal storage is used, by kind of file.

Sizes come from the files under ``/sdcard`` (placeholders are small, so the figures are
modest); the system's share and the capacity are fixed, as a phone's are.
"""

from __future__ import annotations

from types import MappingProxyType

from mobile_gym.sim.apps.base import AppContext
from mobile_gym.sim.apps.file_manager.files import HOME, format_size
from mobile_gym.sim.system.storage import Storage
from mobile_gym.sim.ui.composites import section_header
from mobile_gym.sim.ui.view import MATCH, Column, Row, View
from mobile_gym.sim.ui.widgets import ImageView, TextView

CAPACITY = 64 << 30
"""The phone's internal storage, in bytes."""
SYSTEM = 11_811_160_064
"""What Android and the installed apps take (about 11 GB)."""
CATEGORIES: tuple[tuple[str, str, str, frozenset[str]], ...] = (
    ("images", "Images", "image", frozenset({"jpg", "jpeg", "png", "gif", "webp", "heic", "svg"})),
    ("videos", "Videos", "play", frozenset({"mp4", "mkv", "webm", "3gp", "mov", "avi"})),
    ("audio", "Audio", "music", frozenset({"mp3", "m4a", "ogg", "flac", "wav", "aac"})),
    (
        "documents",
        "Documents",
        "file",
        frozenset({"pdf", "doc", "docx", "xls", "xlsx", "ppt", "pptx", "txt", "md", "csv"}),
    ),
    ("archives", "Archives", "archive", frozenset({"zip", "rar", "7z", "tar", "gz"})),
)
OTHERS = ("others", "Others", "folder")


def _category(path: str) -> str:
    extension = path.rpartition(".")[2].lower() if "." in path.rpartition("/")[2] else ""
    for key, _label, _icon, extensions in CATEGORIES:
        if extension in extensions:
            return key
    return OTHERS[0]


def usage(storage: Storage) -> dict[str, int]:
    """Bytes per category key of every file under the storage root."""
    totals = {key: 0 for key, *_ in CATEGORIES} | {OTHERS[0]: 0}
    prefix = HOME + "/"
    for path, data in storage.files.items():
        if path.startswith(prefix):
            totals[_category(path)] += len(data)
    return totals


def _gigabytes(size: int) -> str:
    return f"{size / (1 << 30):.1f} GB".replace(".0 ", " ")


def _category_row(key: str, label: str, icon: str, size: int) -> View:
    return Row(
        ImageView(icon, size=24, tint="primary", margin=(0, 0, 16, 0)),
        TextView(label, id=f"{key}_title", size=16, width=0, weight=1),
        TextView(format_size(size), id=f"{key}_size", size=14, color="text_secondary"),
        id=f"{key}_holder",
        width=MATCH,
        padding=(16, 12),
    )


def storage_body(ctx: AppContext) -> list[View]:
    """The tab's rows: the used and free space, the capacity, then each category's share
    (summed once until the files change: ``AppContext.kept_files``)."""
    storage = ctx.phone.storage
    totals = ctx.kept_files(("usage",), lambda: MappingProxyType(usage(storage)), HOME)
    used = SYSTEM + sum(totals.values())
    rows: list[View] = [
        section_header("Internal storage"),
        Column(
            TextView(f"{_gigabytes(used)} used", id="used_space", size=22, bold=True),
            View(height=8, width=MATCH, background="surface_variant", radius=4, margin=(0, 8)),
            TextView(
                f"Free: {_gigabytes(CAPACITY - used)}",
                id="free_space_value",
                size=14,
                color="text_secondary",
            ),
            TextView(
                f"Total storage: {_gigabytes(CAPACITY)}",
                id="total_space",
                size=14,
                color="text_secondary",
            ),
            width=MATCH,
            padding=(16, 8),
        ),
        section_header("Categories"),
    ]
    kinds = [(key, label, icon) for key, label, icon, _extensions in CATEGORIES] + [OTHERS]
    rows += [_category_row(key, label, icon, totals[key]) for key, label, icon in kinds]
    return rows
