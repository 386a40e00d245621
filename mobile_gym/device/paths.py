"""Which phone paths a task's file pattern names: the same rule on every device."""

from __future__ import annotations

import posixpath
import re
from pathlib import PurePosixPath

_WILDCARD = re.compile(r"[*?\[]")


def glob_matches(path: str, pattern: str) -> bool:
    """Whether absolute ``path`` matches absolute ``pattern``: ``*``, ``?`` and ``[...]``
    match within one path segment, as a shell's glob does."""
    return PurePosixPath(path).match(pattern) and path.count("/") == pattern.count("/")


def glob_root(pattern: str) -> str:
    """The deepest folder of ``pattern`` without wildcards: where its matches are."""
    parts = pattern.split("/")
    plain = []
    for part in parts[:-1]:
        if _WILDCARD.search(part):
            break
        plain.append(part)
    return posixpath.join("/", *plain) if len(plain) > 1 else "/"
