"""The named caches: what each keeps, and that dropping anything changes only speed."""

from __future__ import annotations

import gc

import numpy as np
import pytest

from mobile_gym.caches import FIFOCache, LastInput, LatestPerOwner, LRUCache, SizedLRUCache


def test_lru_cache_drops_the_least_recently_used() -> None:
    made: list[str] = []
    cache: LRUCache[str, str] = LRUCache(2)
    make = lambda key: made.append(key) or key.upper()  # noqa: E731
    assert [cache.get(k, make) for k in "aba"] == ["A", "B", "A"]
    cache.get("c", make)  # "b" was used least recently
    cache.get("a", make)
    cache.get("b", make)
    assert made == ["a", "b", "c", "b"] and len(cache) == 2


def test_fifo_cache_drops_the_oldest() -> None:
    made: list[int] = []
    cache: FIFOCache[int, int] = FIFOCache(2)
    make = lambda key: made.append(key) or key * 2  # noqa: E731
    assert [cache.get(k, make) for k in (1, 2, 1, 3, 1)] == [2, 4, 2, 6, 2]
    assert made == [1, 2, 3, 1]  # 1 was the oldest when 3 came


class _Owner:
    """An owner a cache can hold weakly (as it holds a device)."""


def test_latest_per_owner_keeps_each_owners_last_value() -> None:
    made: list[tuple] = []
    cache: LatestPerOwner[_Owner, tuple, int] = LatestPerOwner()
    make = lambda key: made.append(key) or len(key)  # noqa: E731
    first, second = _Owner(), _Owner()
    assert cache.get(first, (1, 2), make) == 2
    assert cache.get(first, (1, 2), make) == 2  # an equal key, another object
    assert cache.get(second, (3,), make) == 1  # another owner keeps its own
    assert cache.get(first, (1, 2), make) == 2  # ... and leaves the first one's
    assert cache.get(first, (4, 5, 6), make) == 3  # a new key replaces the owner's last
    assert cache.get(first, (1, 2), make) == 2
    assert made == [(1, 2), (3,), (4, 5, 6), (1, 2)] and len(cache) == 2


def test_latest_per_owner_forgets_an_owner_that_is_gone() -> None:
    cache: LatestPerOwner[_Owner, int, int] = LatestPerOwner()
    owner = _Owner()
    cache.get(owner, 1, lambda key: key)
    assert len(cache) == 1
    del owner
    gc.collect()
    assert len(cache) == 0


class _Slotted:
    """An owner that cannot be held weakly."""

    __slots__ = ()


class _Unhashable:
    """An owner that cannot be hashed (``__eq__`` without ``__hash__``)."""

    def __eq__(self, other: object) -> bool:
        return self is other


@pytest.mark.parametrize("owner_class", [_Slotted, _Unhashable])
def test_latest_per_owner_makes_each_value_for_an_owner_it_cannot_hold(owner_class) -> None:  # type: ignore[no-untyped-def]
    made: list[int] = []
    cache: LatestPerOwner[object, int, int] = LatestPerOwner()
    owner = owner_class()
    assert [cache.get(owner, 7, lambda key: made.append(key) or key) for _ in range(2)] == [7, 7]
    assert made == [7, 7] and len(cache) == 0


@pytest.mark.parametrize("cache_class", [LRUCache, FIFOCache])
def test_a_cache_needs_room(cache_class) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match="at least one"):
        cache_class(0)


def test_sized_lru_cache_keeps_what_fits_its_bytes() -> None:
    cache: SizedLRUCache[str, bytes] = SizedLRUCache(10, len)
    made: list[str] = []

    def make(key: str) -> bytes:
        made.append(key)
        return key.encode() * 2

    assert cache.get("ab", make) == b"abab"  # 4 bytes
    assert cache.get("cd", make) == b"cdcd"  # 8 bytes kept
    assert cache.get("ab", make) == b"abab"  # a hit: "ab" is now the most recent
    assert cache.get("efg", make) == b"efgefg"  # 14 bytes: "cd", the least recent, goes
    assert (len(cache), cache.nbytes) == (2, 10)
    assert cache.get("cd", make) == b"cdcd"  # made again
    assert made == ["ab", "cd", "efg", "cd"]
    assert cache.get("x" * 6, make) == b"x" * 12  # larger than the budget: not kept
    assert cache.nbytes <= 10
    cache.clear()
    assert (len(cache), cache.nbytes) == (0, 0)
    with pytest.raises(ValueError, match="at least one byte"):
        SizedLRUCache(0, len)


def test_last_input_makes_again_only_for_an_input_that_differs() -> None:
    made: list[tuple] = []
    cache: LastInput[tuple, int] = LastInput()
    make = lambda key: made.append(key) or sum(key)  # noqa: E731
    assert [cache.get(k, make) for k in [(1, 2), (1, 2), (2, 2), (1, 2)]] == [3, 3, 4, 3]
    assert made == [(1, 2), (2, 2), (1, 2)] and len(cache) == 1  # the last input alone
    cache.clear()
    assert len(cache) == 0 and cache.get((1, 2), make) == 3 and len(made) == 4


def test_last_input_keeps_what_it_is_told_to_so_a_buffer_filled_again_is_seen() -> None:
    buffer = np.zeros(4, dtype=np.uint8)
    copied: LastInput[np.ndarray, int] = LastInput(np.array_equal, np.copy)
    kept_as_given: LastInput[np.ndarray, int] = LastInput(np.array_equal)
    total = lambda array: int(array.sum())  # noqa: E731
    assert copied.get(buffer, total) == kept_as_given.get(buffer, total) == 0
    buffer[:] = 5  # the same array, filled again in place
    assert copied.get(buffer, total) == 20
    assert kept_as_given.get(buffer, total) == 0  # what ``keep`` is for: it kept the buffer
