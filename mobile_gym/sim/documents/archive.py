"""Zip archives (``kind: zip``): text files packed with stdlib ``zipfile``, the same bytes
for the same fields (every entry carries one fixed time and fixed attributes)."""

from __future__ import annotations

import io
import posixpath
import zipfile

from pydantic import Field, field_validator

from mobile_gym.sim.documents.fields import Fields

ENTRY_TIME = (2024, 1, 1, 0, 0, 0)
"""The modification time written in every entry (a zip keeps local date and time)."""
_FILE_ATTRIBUTES = 0o100644 << 16
"""A regular file readable by all, in the Unix half of the external attributes."""


class ZipEntry(Fields):
    """One file in the archive: its path inside it (``notes/a.txt``) and its text, followed
    by ``lines`` generated lines (``entry 1``, ``entry 2``...; a count may be ``{param}``)."""

    name: str = Field(min_length=1)
    text: str = ""
    lines: int = Field(0, ge=0, le=10_000)

    def content(self) -> bytes:
        """The file's bytes: the text (its last line ended when lines follow), then the
        generated lines."""
        text = self.text
        if self.lines and text and not text.endswith("\n"):
            text += "\n"
        text += "".join(f"entry {k}\n" for k in range(1, self.lines + 1))
        return text.encode("utf-8")

    @field_validator("name")
    @classmethod
    def _relative(cls, name: str) -> str:
        parts = name.split("/")
        if name.startswith("/") or name.endswith("/") or any(p in ("", ".", "..") for p in parts):
            raise ValueError(f"an entry is named by a relative path to a file, not {name!r}")
        return name


class ZipFields(Fields):
    """A zip archive (``kind: zip``): its files, in order, compressed with deflate."""

    files: list[ZipEntry] = Field(min_length=1)

    @field_validator("files")
    @classmethod
    def _distinct(cls, files: list[ZipEntry]) -> list[ZipEntry]:
        names = [entry.name for entry in files]
        twice = sorted({name for name in names if names.count(name) > 1})
        if twice:
            raise ValueError(f"entries named twice: {twice}")
        folders = {posixpath.dirname(name) for name in names} - {""}
        clash = sorted(set(names) & {f for d in folders for f in _with_parents(d)})
        if clash:
            raise ValueError(f"entries that are also folders of other entries: {clash}")
        return files


def _with_parents(folder: str) -> list[str]:
    parts = folder.split("/")
    return ["/".join(parts[: i + 1]) for i in range(len(parts))]


def write_zip(fields: ZipFields) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as archive:
        for entry in fields.files:
            info = zipfile.ZipInfo(entry.name, ENTRY_TIME)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, whatever the host
            info.external_attr = _FILE_ATTRIBUTES
            archive.writestr(info, entry.content())
    return out.getvalue()
