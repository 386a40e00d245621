"""Answers for a name that is not known: the closest known names, in one line."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def unknown_name(kind: str, name: str, known: Iterable[str], listing: str) -> str:
    """One line for an unknown ``kind`` (task, suite, app, ...) called ``name``: the up to
    three closest ``known`` names, and the command (``listing``) that lists them all.

    Example: ``unknown task 'contacts.creat'; did you mean contacts.create_named? (see
    `mobile-gym list tasks`)``.
    """
    close = difflib.get_close_matches(name, sorted(set(known)), n=3, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    return f"unknown {kind} {name!r}{hint} (see `{listing}`)"
