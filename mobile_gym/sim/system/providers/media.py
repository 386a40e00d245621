"""``content://media/external/images/media`` and ``.../video/media``: the media store.

Rows ``_id, _data, _display_name, mime_type, size, date_added, date_modified, datetaken,
relative_path, bucket_display_name`` for every picture (``.jpg``, ``.jpeg``, ``.png``,
``.gif``, ``.webp``) or video (``.mp4``, ``.3gp``, ``.webm``, ``.mkv``) file under
``/sdcard``, made from the phone's files whenever asked, so a picture the Camera takes is
listed at once. ``_id`` numbers the media of a table by when they were modified (then by
path); ``date_added`` and ``date_modified`` are seconds and ``datetaken`` milliseconds on
the virtual clock, all from the file's modification time (for the Camera's pictures the
moment of the shutter, which their EXIF ``DateTimeOriginal`` also holds). ``_data`` is the
path under ``/storage/emulated/0``, as Android reports it. Rows follow the files: ``delete``
removes the file; ``insert`` and ``update`` are refused (write the file instead).
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from mobile_gym.sim import Phone
from mobile_gym.sim.system.providers.base import ProviderError, Rows, Table, Value
from mobile_gym.sim.system.storage import file_kind

COLUMNS = (
    "_id", "_data", "_display_name", "mime_type", "size", "date_added", "date_modified",
    "datetaken", "relative_path", "bucket_display_name",
)  # fmt: skip
SDCARD = "/sdcard/"
STORAGE = "/storage/emulated/0/"
KINDS = {
    "images": {"jpg": "image/jpeg", "jpeg": "image/jpeg", "png": "image/png",
               "gif": "image/gif", "webp": "image/webp"},
    "video": {"mp4": "video/mp4", "3gp": "video/3gpp", "webm": "video/webm",
              "mkv": "video/x-matroska"},
}  # fmt: skip


@dataclass(frozen=True)
class MediaTable:
    """The pictures (``kind`` ``images``) or the videos (``video``) on the phone."""

    kind: str
    key: str = "_id"
    item: str = "_id"

    def _media(self, phone: Phone) -> list[tuple[int, str, str, int]]:
        """(modified ms, path, MIME type, size in bytes) of each medium, in ``_id`` order."""
        types = KINDS[self.kind]
        return sorted(
            (modified or 0, path, types[file_kind(path)], size)
            for path, (size, modified) in phone.storage.files_of_kinds(types).items()
            if path.startswith(SDCARD)
        )

    def rows(self, phone: Phone) -> Rows:
        rows = []
        for number, (modified, path, mime, size) in enumerate(self._media(phone), start=1):
            folder = posixpath.dirname(path)
            rows.append(
                (
                    number,
                    STORAGE + path.removeprefix(SDCARD),
                    posixpath.basename(path),
                    mime,
                    size,
                    modified // 1000,
                    modified // 1000,
                    modified,
                    folder.removeprefix(SDCARD.rstrip("/")).lstrip("/") + "/",
                    posixpath.basename(folder),
                )
            )
        return Rows(COLUMNS, rows)

    def insert(self, phone: Phone, values: dict[str, Value]) -> None:
        raise ProviderError("the media store lists files: write the file to add a medium")

    def update(self, phone: Phone, keys: list[Value], values: dict[str, Value]) -> None:
        raise ProviderError("the media store lists files: change the file instead")

    def delete(self, phone: Phone, keys: list[Value]) -> None:
        media = self._media(phone)
        for key in keys:
            index = int(key or 0) - 1
            if 0 <= index < len(media):
                phone.storage.delete(media[index][1])


class MediaProvider:
    """The ``media`` authority (external volume only)."""

    def table(self, phone: Phone, path: str) -> Table | None:
        volume, _, rest = path.partition("/")
        kind, _, media = rest.partition("/")
        if volume == "external" and media == "media" and kind in KINDS:
            return MediaTable(kind)
        return None
