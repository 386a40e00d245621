"""Which phone paths a task's file pattern names: the same rule on every device."""

from __future__ import annotations

import fnmatch
import functools
import posixpath
import re
from collections.abc import Sequence
from dataclasses import dataclass

_WILDCARD = re.compile(r"[*?\[]")
ANY_FOLDERS = "**"
"""A whole segment of a pattern that stands for any number of folders, none included."""


@dataclass(frozen=True)
class _Pattern:
    """A pattern read once: its root, its segments, and the texts any path it names holds."""

    root: str
    segments: tuple[str, ...]
    any_folders: bool
    literals: tuple[str, ...]
    """Its segments without wildcards: a path lacking one of them as a substring cannot
    match, which rejects most paths before their segments are compared."""


@functools.lru_cache(maxsize=256)
def _pattern(pattern: str) -> _Pattern:
    segments = _segments(pattern)
    literals = tuple(
        segment for segment in segments if segment != ANY_FOLDERS and not _WILDCARD.search(segment)
    )
    return _Pattern(_root(pattern), tuple(segments), ANY_FOLDERS in segments, literals)


def glob_matches(path: str, pattern: str) -> bool:
    """Whether absolute ``path`` matches absolute ``pattern``: ``*``, ``?`` and ``[...]``
    match within one path segment, as a shell's glob does, and a segment that is ``**``
    alone matches any number of segments, none included (``/sdcard/**/a.txt`` names
    ``a.txt`` in ``/sdcard`` and in every folder below it). Both must have the same root
    (``//`` is a root of its own, as POSIX allows), and without ``**`` as many slashes;
    empty and ``.`` segments do not count."""
    wanted = _pattern(pattern)
    if _root(path) != wanted.root or not all(text in path for text in wanted.literals):
        return False
    segments = _segments(path)
    if not wanted.any_folders:
        return path.count("/") == pattern.count("/") and (
            len(segments) == len(wanted.segments)
            and all(map(fnmatch.fnmatchcase, segments, wanted.segments))
        )
    return path.endswith("/") == pattern.endswith("/") and _segments_match(
        segments, wanted.segments
    )


def pattern_scope(pattern: str) -> tuple[str, str | None]:
    """Where every path ``pattern`` names lies, as far as its text fixes it: the folder
    that holds them (its leading segments without wildcards, ``/`` when there are none),
    and their ``kind``, the extension of their name, lower case, without the dot (``jpg``
    for ``*.JPG``, ``""`` for a name without a dot), or None when wildcards leave it open.
    A reader asked for the pattern's matches need look only there."""
    segments = _segments(pattern)
    fixed = []
    for segment in segments[:-1]:
        if segment == ANY_FOLDERS or _WILDCARD.search(segment):
            break
        fixed.append(segment)
    folder = "/" + "/".join(fixed)
    name = segments[-1] if segments else ""
    _, dot, extension = name.rpartition(".")
    if not name or _WILDCARD.search(extension) or "]" in extension:  # (a dot in [...])
        return folder, None
    return folder, extension.lower() if dot else ""


def _segments_match(segments: Sequence[str], wanted: Sequence[str]) -> bool:
    if not wanted:
        return not segments
    first, rest = wanted[0], wanted[1:]
    if first == ANY_FOLDERS:
        return any(
            _segments_match(segments[skipped:], rest) for skipped in range(len(segments) + 1)
        )
    return (
        bool(segments)
        and fnmatch.fnmatchcase(segments[0], first)
        and _segments_match(segments[1:], rest)
    )


def _root(path: str) -> str:
    return "//" if path.startswith("//") and not path.startswith("///") else path[:1]


def _segments(path: str) -> list[str]:
    return [segment for segment in path.split("/") if segment not in ("", ".")]


def glob_root(pattern: str) -> str:
    """The deepest folder of ``pattern`` without wildcards: where its matches are."""
    parts = pattern.split("/")
    plain = []
    for part in parts[:-1]:
        if _WILDCARD.search(part):
            break
        plain.append(part)
    return posixpath.join("/", *plain) if len(plain) > 1 else "/"
