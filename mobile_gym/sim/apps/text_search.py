"""Finding typed text in SQLite columns as a user expects: in any case, in any script, and
``%`` or ``_`` as the characters they are.

SQLite's ``LIKE`` folds the case of ASCII letters only ("über" does not find "Über") and
reads ``%`` and ``_`` as wildcards (a search for ``_`` finds everything). ``holding`` makes
the condition a search needs, on a function this module gives the connection:
``holds_text(text, query)``, whether ``text`` holds ``query`` with both case-folded as Python
folds them (``str.casefold``). ``like_literal`` escapes a text for the ``LIKE`` patterns
that stay (``LIKE ? ESCAPE '\\'``). ``query_words`` keeps the words of a query a search
reads: each once, at most ``MAX_QUERY_WORDS``, so that a query pasted whole (thousands of
words) is read as a search engine reads it, in the time of a short one.
"""

from __future__ import annotations

import re
import sqlite3
from collections.abc import Iterable

FUNCTION = "holds_text"
"""The SQL function ``holding`` uses: ``holds_text(text, query)``, 1 or 0."""
_LIKE_SPECIAL = re.compile(r"([%_\\])")
MAX_QUERY_WORDS = 32
"""The words of a query a search reads (web search engines read the first 32 too)."""


def query_words(words: Iterable[str]) -> list[str]:
    """The words a search reads of ``words``: each once, in order, the first
    ``MAX_QUERY_WORDS``."""
    return list(dict.fromkeys(words))[:MAX_QUERY_WORDS]


def _holds(text: object, query: object) -> bool:
    if text is None or query is None:
        return False
    return str(query).casefold() in str(text).casefold()


def holding(conn: sqlite3.Connection, *columns: str, sought: str = "?") -> str:
    """A SQL condition for a query on ``conn``: any of ``columns`` (SQL expressions) holds
    the text ``sought`` (by default a ``?`` parameter, one per column; or an expression) in
    any case, its ``%`` and ``_`` as themselves."""
    conn.create_function(FUNCTION, 2, _holds, deterministic=True)  # (again: as cheap)
    return "(" + " OR ".join(f"{FUNCTION}({column}, {sought})" for column in columns) + ")"


def like_literal(text: str) -> str:
    """``text`` with ``%``, ``_`` and ``\\`` escaped: a pattern of ``LIKE ? ESCAPE '\\'``
    that matches the text itself (wrap it in ``%`` to match it anywhere)."""
    return _LIKE_SPECIAL.sub(r"\\\1", text)
