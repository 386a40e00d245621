"""Which phone paths a task's file pattern names: the same rule on every device."""

from __future__ import annotations

import fnmatch
import posixpath
import re

_WILDCARD = re.compile(r"[*?\[]")


def glob_matches(path: str, pattern: str) -> bool:
    """Whether absolute ``path`` matches absolute ``pattern``: ``*``, ``?`` and ``[...]``
    match within one path segment, as a shell's glob does. Both must have as many slashes
    and the same root (``//`` is a root of its own, as POSIX allows); empty and ``.``
    segments do not count."""
    if path.count("/") != pattern.count("/") or _root(path) != _root(pattern):
        return False
    segments, wanted = _segments(path), _segments(pattern)
    return len(segments) == len(wanted) and all(map(fnmatch.fnmatchcase, segments, wanted))


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
