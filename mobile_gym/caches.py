"""The caches of mobile-gym, as named classes: every memo the project keeps lives here.

Each cache holds values that can be computed again from their key alone (the size of a text
in a face, the pixels of a glyph, the elements of a screen's nodes, a folder's listing at a
version of the files, an RL view's shrunk screen of the screen it observed last), so
dropping any entry at any time changes nothing but speed. Code that uses one names it after
what it holds; what it may keep and when it forgets is said here, once.

Two other kinds of kept values are not memos and live where they belong: what is loaded
once and never changes (the font files, the shipped task catalogue: ``functools.cache``
where it is loaded), and what the phone learns about a view it shows (its size, place and
hierarchy node, on the view: ``sim.ui.view``), which the view drops when it changes.
"""

from __future__ import annotations

import operator
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
Owner = TypeVar("Owner")
Input = TypeVar("Input")
V = TypeVar("V")


class LRUCache(Generic[K, V]):
    """At most ``maxsize`` values by key; the least recently used one goes first.

    ``get(key, make)`` returns the value kept for ``key`` or makes it with ``make(key)``.
    """

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError(f"an LRU cache needs room for at least one value, got {maxsize}")
        self.maxsize = maxsize
        self._values: OrderedDict[K, V] = OrderedDict()

    def get(self, key: K, make: Callable[[K], V]) -> V:
        values = self._values
        try:
            value = values[key]
        except KeyError:
            value = values[key] = make(key)
            if len(values) > self.maxsize:
                values.popitem(last=False)
            return value
        values.move_to_end(key)
        return value

    def clear(self) -> None:
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)


class FIFOCache(Generic[K, V]):
    """At most ``maxsize`` values by key; when full, the oldest one goes first. Cheaper per
    hit than ``LRUCache``, for values read far more often than they are made."""

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError(f"a FIFO cache needs room for at least one value, got {maxsize}")
        self.maxsize = maxsize
        self._values: dict[K, V] = {}

    def get(self, key: K, make: Callable[[K], V]) -> V:
        values = self._values
        try:
            return values[key]
        except KeyError:
            pass
        if len(values) >= self.maxsize:
            del values[next(iter(values))]
        value = values[key] = make(key)
        return value

    def clear(self) -> None:
        self._values.clear()

    def __len__(self) -> int:
        return len(self._values)


class SizedLRUCache(Generic[K, V]):
    """Values by key whose sizes (``size(value)``, in bytes) add up to at most ``max_bytes``;
    the least recently used go first. For values of very different sizes (a line of text
    drawn 12 or 60 pixels tall), where a count of values bounds nothing.

    ``get(key, make)`` returns the value kept for ``key`` or makes it with ``make(key)``; a
    value larger than the whole budget is returned but not kept.
    """

    def __init__(self, max_bytes: int, size: Callable[[V], int]) -> None:
        if max_bytes < 1:
            raise ValueError(f"a sized cache needs room for at least one byte, got {max_bytes}")
        self.max_bytes = max_bytes
        self.nbytes = 0
        """The sizes of the values kept, added up."""
        self._size = size
        self._values: OrderedDict[K, tuple[V, int]] = OrderedDict()

    def get(self, key: K, make: Callable[[K], V]) -> V:
        values = self._values
        try:
            value, _ = values[key]
        except KeyError:
            value = make(key)
            size = self._size(value)
            if size <= self.max_bytes:
                values[key] = (value, size)
                self.nbytes += size
                while self.nbytes > self.max_bytes:
                    self.nbytes -= values.popitem(last=False)[1][1]
            return value
        values.move_to_end(key)
        return value

    def clear(self) -> None:
        self._values.clear()
        self.nbytes = 0

    def __len__(self) -> int:
        return len(self._values)


class LatestPerOwner(Generic[Owner, K, V]):
    """For each owner (held weakly: its entry goes when it does), the value made for the key
    it asked for last, found again by equality (the same key object at once). For values
    made from what one device shows, such as a screen's elements from its nodes: the action
    wrapper and the observation view read the same screen in one step, and an env whose
    screen did not change reads it again at its next step. One entry per owner, so envs
    that take turns in one process (a vector env, a suite's round robin) keep theirs. An
    owner that cannot be held weakly or hashed (a class with ``__slots__`` and no
    ``__weakref__``, or one that defines ``__eq__`` alone) has nothing kept: its values are
    made each time."""

    def __init__(self) -> None:
        self._latest: weakref.WeakKeyDictionary[Owner, tuple[K, V]] = weakref.WeakKeyDictionary()

    def get(self, owner: Owner, key: K, make: Callable[[K], V]) -> V:
        try:
            latest = self._latest.get(owner)
        except TypeError:  # it cannot be held weakly or hashed: nothing is kept for it
            return make(key)
        if latest is not None and (latest[0] is key or latest[0] == key):
            return latest[1]
        value = make(key)
        self._latest[owner] = (key, value)
        return value

    def clear(self) -> None:
        self._latest.clear()

    def __len__(self) -> int:
        return len(self._latest)


class LastInput(Generic[Input, V]):
    """The value made from the input given last, made again only when an input differs from
    it. For a costly function of what an env observes that often comes again as it was: the
    RL views' shrunk screen and element matrix, whose screen is unchanged after about half
    of an agent's steps (a tap on nothing, a scroll of what does not scroll).

    Inputs are compared with ``same`` (equality by default; ``numpy.array_equal`` for
    arrays). The last input is kept as given, or as ``keep`` returns it: a copy of what may
    be changed in place once handed back (a writable array), so that a caller that fills one
    buffer again and again still gets a value made from what the buffer holds now. The value
    is handed out as it is: a caller that hands it on copies it if the receiver may change it.
    """

    def __init__(
        self,
        same: Callable[[Input, Input], bool] = operator.eq,
        keep: Callable[[Input], Input] | None = None,
    ) -> None:
        self._same = same
        self._keep = keep
        self._last: tuple[Input, V] | None = None

    def get(self, given: Input, make: Callable[[Input], V]) -> V:
        last = self._last
        if last is not None and self._same(last[0], given):
            return last[1]
        value = make(given)
        self._last = (given if self._keep is None else self._keep(given), value)
        return value

    def clear(self) -> None:
        self._last = None

    def __len__(self) -> int:
        return 0 if self._last is None else 1
