"""The regular expressions of task files, run with a time limit.

A task's regex (a ``logcat`` or ``ask_user`` signal, a ``screen_text`` or ``answer`` matched
as ``regex``) is matched against text the agent controls: what it typed, answered or asked.
A pattern that backtracks catastrophically (``(a|aa)+$``) would take years on a few dozen
characters, so patterns are run by the ``regex`` package (Python's syntax, lookarounds
included) with a limit of ``PATTERN_SECONDS`` per match; past it the match fails loudly
(``PatternTooSlowError``), as a task-file problem, never as a hang. Real patterns take
microseconds, so the limit never decides an ordinary match.
"""

from __future__ import annotations

import regex

from mobile_gym.caches import LRUCache
from mobile_gym.checks import shown

PATTERN_SECONDS = 0.5
"""The most time one match of a task's pattern may take."""

_COMPILED: LRUCache[str, regex.Pattern[str]] = LRUCache(2048)
"""Recent patterns, compiled (each signal's pattern is checked when its episode starts and
matched whenever its source changes). It holds every pattern that envs over the whole
shipped catalogue meet (about 750) with room for a user's own, at about 3 KiB a pattern: a
smaller cache, visited round-robin by many envs, would lose each pattern before its env met
it again and compile it at every reset."""


class PatternTooSlowError(ValueError):
    """A task's pattern that took longer than ``PATTERN_SECONDS`` on one text."""


def check_pattern(pattern: str) -> None:
    """ValueError naming the problem if ``pattern`` is no valid regular expression."""
    search(pattern, "")


def search(pattern: str, text: str) -> bool:
    """Whether ``pattern`` matches somewhere in ``text``.

    Raises:
        ValueError: ``pattern`` is no valid regular expression.
        PatternTooSlowError: the match took longer than ``PATTERN_SECONDS``.
    """
    try:
        compiled = _COMPILED.get(pattern, regex.compile)
    except regex.error as exc:
        raise ValueError(f"invalid regex {shown(pattern)}: {exc}") from None
    try:
        return compiled.search(text, timeout=PATTERN_SECONDS) is not None
    except TimeoutError:
        raise PatternTooSlowError(
            f"regex {shown(pattern)} took over {PATTERN_SECONDS:g} s on a text of "
            f"{len(text):,} characters (it backtracks catastrophically: rewrite it)"
        ) from None
