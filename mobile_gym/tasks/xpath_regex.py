"""Task XPaths compiled one way: XPath 1.0 plus EXSLT's ``re:test``, run with a time limit.

A task's ``xpath`` may test an attribute against a regular expression with
``re:test(@text, 'pattern')`` or ``re:test(@text, 'pattern', 'i')`` (``i``: ignore case;
``g``, global, is accepted and changes nothing for a test). The prefix ``re`` is bound to
EXSLT's namespace ``http://exslt.org/regular-expressions``. The pattern has Python's syntax
and runs through ``mobile_gym.tasks.patterns``, with its time limit: lxml's own EXSLT
functions (Python's ``re``, no limit) are switched off, so a pattern that backtracks
catastrophically on the text of a screen fails loudly instead of hanging the episode.

``compile_task_xpath`` is the one way a task's XPath is compiled. Patterns written as string
literals are checked when the expression is compiled (ValueError naming the pattern); others
(built from attributes or ``concat``) are checked when they run.
"""

from __future__ import annotations

import math
import re
from typing import Any

from lxml import etree

from mobile_gym.caches import LRUCache
from mobile_gym.tasks import patterns

REGEX_NAMESPACE = "http://exslt.org/regular-expressions"
"""EXSLT's namespace of regular-expression functions."""
NAMESPACES = {"re": REGEX_NAMESPACE}
"""The prefixes a task's XPath may use."""
FLAGS = {"": "", "g": "", "i": "(?i)", "gi": "(?i)", "ig": "(?i)"}
"""``re:test``'s flags argument and the inline flags it puts before the pattern."""


def flagged(pattern: str, flags: str) -> str:
    """``pattern`` with ``re:test``'s ``flags`` written inline; ValueError for unknown flags."""
    if flags not in FLAGS:
        raise ValueError(f"re:test flags {flags!r}: only 'i' (ignore case) and 'g' are known")
    return FLAGS[flags] + pattern


def string_literal(text: str) -> str:
    """``text`` as an XPath 1.0 string literal (``concat`` when it holds both quotes)."""
    if "'" not in text:
        return f"'{text}'"
    if '"' not in text:
        return f'"{text}"'
    return "concat(" + ', "\'", '.join(f"'{part}'" for part in text.split("'")) + ")"


def _string(value: Any) -> str:
    """An XPath argument as XPath's ``string()`` gives it (a node-set: its first node)."""
    if isinstance(value, list):
        if not value:
            return ""
        first = value[0]
        return "".join(first.itertext()) if isinstance(first, etree._Element) else str(first)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value) or math.isinf(value):
            return "NaN" if math.isnan(value) else ("Infinity" if value > 0 else "-Infinity")
        return str(int(value)) if value.is_integer() else repr(value)
    return str(value)


def regex_test(context: Any, value: Any, pattern: Any, flags: Any = "") -> bool:
    """``re:test(value, pattern, flags)``: whether ``pattern`` matches somewhere in ``value``.

    Raises:
        ValueError: an invalid pattern or unknown flags.
        patterns.PatternTooSlowError: the match took longer than the time limit.
    """
    return patterns.search(flagged(_string(pattern), _string(flags)), _string(value))


_EXTENSIONS = {(REGEX_NAMESPACE, "test"): regex_test}

_SCAN = re.compile(
    r"""(?P<literal>'[^']*'|"[^"]*")|(?P<call>(?<![\w.:\-])re:test\s*\()"""
    r"""|(?P<open>\()|(?P<close>\))|(?P<comma>,)|(?P<other>[^'"(),])""",
    re.DOTALL,
)
"""The tokens ``literal_patterns`` reads: literals, calls of ``re:test``, parentheses and
commas; anything else one character at a time."""


def literal_patterns(expression: str) -> list[str]:
    """The patterns (with their flags inline) of the ``re:test`` calls in ``expression``
    whose pattern and flags are string literals."""
    found: list[str] = []
    calls: list[tuple[bool, list[list[str]]]] = []  # (a re:test call?, its arguments' tokens)
    for token in _SCAN.finditer(expression):
        kind, text = token.lastgroup, token.group()
        if kind in ("call", "open"):
            calls.append((kind == "call", [[]]))
        elif kind == "close" and calls:
            is_test, arguments = calls.pop()
            if is_test and all(len(a) == 1 and a[0][:1] in "'\"" for a in arguments[1:3]):
                literals = [a[0][1:-1] for a in arguments[1:3]]
                if len(literals) == 1:
                    found.append(literals[0])
                elif len(literals) == 2:
                    found.append(flagged(*literals))
        elif kind == "comma" and calls:
            calls[-1][1].append([])
        elif calls and text.strip():
            calls[-1][1][-1].append(text.strip())
    return found


_COMPILED: LRUCache[str, etree.XPath] = LRUCache(1024)
"""Task XPaths compiled lately, by expression: an episode compiles its task's signals
again at every reset."""


def compile_task_xpath(expression: str) -> etree.XPath:
    """``expression`` compiled as a task's XPath (``re:test`` available).

    Raises:
        ValueError: ``invalid XPath {expression!r}: {lxml's message}`` if lxml cannot
            compile it, or ``invalid regex ...`` for a literal pattern that is none.
    """
    return _COMPILED.get(expression, _compile)


def _compile(expression: str) -> etree.XPath:
    try:
        compiled = etree.XPath(
            expression, namespaces=NAMESPACES, extensions=_EXTENSIONS, regexp=False
        )
    except etree.XPathError as exc:  # a syntax error, an unknown function or variable
        raise ValueError(f"invalid XPath {expression!r}: {exc}") from None
    for pattern in literal_patterns(expression):
        patterns.check_pattern(pattern)
    return compiled
