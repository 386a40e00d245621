"""Who read which state: the record that lets the phone redo only the work a change touched.

The phone's state (a screen's UI state, the settings, the app databases, the files, the
clock, the keyboard) reports every read it serves and every change made to it, each under a
key such as ``("setting", "global", "wifi_on")``. Work that reads state runs as a ``Scope``:
building a window's views, laying out a scrolling list. While a scope runs, the keys it reads
are recorded; when one of them changes, the scope is marked dirty, and only dirty scopes are
run again. State read outside any scope (a handler running, a task's signal) is not recorded.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TypeVar

T = TypeVar("T")
Key = Hashable


class Scope:
    """Work that reads state; ``dirty`` once state it read has changed since it last ran
    (and before it first runs)."""

    __slots__ = ("dirty", "keys", "name")

    def __init__(self, name: str = "") -> None:
        self.name = name
        self.keys: set[Key] = set()
        """The keys read the last time it ran."""
        self.dirty = True

    def __repr__(self) -> str:
        return f"<Scope {self.name!r}{' dirty' if self.dirty else ''}>"


class Dependencies:
    """The readers of every key, and the scope running now."""

    def __init__(self) -> None:
        self._readers: dict[Key, set[Scope]] = {}
        self._running: list[Scope | None] = []
        """The scopes running, innermost last (None: work whose reads no scope records)."""
        self.changes = 0
        """How many changes made some scope dirty: a token that moves whenever anything shown
        may have changed."""

    def run(self, scope: Scope, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` as ``scope``: what it reads is recorded as the scope's keys (those
        of its last run are forgotten), and the scope is clean afterwards."""
        self.forget(scope)
        scope.dirty = False
        return self.add(scope, work, *args)

    def add(self, scope: Scope, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` as more of ``scope``'s work: what it reads is added to the keys
        the scope already depends on (the rows of a list made as they scroll into view)."""
        self._running.append(scope)
        try:
            return work(*args)
        finally:
            self._running.pop()

    def unrecorded(self, work: Callable[..., T], *args: object) -> T:
        """``work(*args)`` with what it reads recorded for no scope, even while one runs:
        content being made that was there from boot, or upkeep a build has done before it
        reads the outcome (its writes then change nothing the build read)."""
        self._running.append(None)
        try:
            return work(*args)
        finally:
            self._running.pop()

    def read(self, key: Key) -> None:
        """``key`` was read: the scope running now, if any, depends on it."""
        if self._running:
            scope = self._running[-1]
            if scope is not None and key not in scope.keys:
                scope.keys.add(key)
                self._readers.setdefault(key, set()).add(scope)

    def changed(self, key: Key) -> None:
        """``key`` changed: every scope that read it is dirty."""
        readers = self._readers.pop(key, None)
        if readers:
            for scope in readers:
                scope.dirty = True
            self.changes += 1

    def forget(self, scope: Scope) -> None:
        """``scope`` no longer depends on anything (it is about to run again, or is gone)."""
        readers = self._readers
        for key in scope.keys:
            found = readers.get(key)
            if found is not None:
                found.discard(scope)
                if not found:
                    del readers[key]
        scope.keys.clear()

    def clear(self) -> None:
        """Forget every reader (the phone went back to a snapshot: everything is new)."""
        self._readers.clear()
        self.changes += 1
