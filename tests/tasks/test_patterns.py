"""Task patterns are compiled once: envs that take turns over a whole catalogue of tasks
(a suite's round robin, a vector env over many tasks) find each pattern they met before
still compiled when they come back to it, at their next reset or their next log line."""

from __future__ import annotations

import pytest
import regex

from mobile_gym.caches import LRUCache
from mobile_gym.tasks import patterns

CATALOGUE = 1000
"""Distinct patterns met in turn: more than the shipped tasks use (about 750)."""


def test_a_catalogues_worth_of_patterns_is_compiled_once(monkeypatch: pytest.MonkeyPatch) -> None:
    compiled: list[str] = []
    compile_pattern = regex.compile

    def counted(pattern: str, *args: object, **kwargs: object) -> regex.Pattern[str]:
        compiled.append(pattern)
        return compile_pattern(pattern, *args, **kwargs)

    monkeypatch.setattr(regex, "compile", counted)
    # empty, as a fresh process has it, whatever ran before in this one
    monkeypatch.setattr(patterns, "_COMPILED", LRUCache(patterns._COMPILED.maxsize))
    met = [rf"^Conversation {i} marked as \w+: address=(?!\+1 555-0100$)" for i in range(CATALOGUE)]
    line = "Conversation 7 marked as read: address=+1 555-0199"
    found = [patterns.search(pattern, line) for pattern in met]
    assert [i for i, hit in enumerate(found) if hit] == [7]
    first_round = len(compiled)
    assert first_round == CATALOGUE
    assert [patterns.search(pattern, line) for pattern in met] == found
    assert compiled[first_round:] == []  # the second round compiles nothing again


def test_an_invalid_pattern_is_still_refused_each_time() -> None:
    for _ in range(2):
        with pytest.raises(ValueError, match=r"invalid regex .*\(unclosed"):
            patterns.check_pattern("(unclosed")
