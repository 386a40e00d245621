"""The named caches: what each keeps, and that dropping anything changes only speed."""

from __future__ import annotations

import pytest

from mobile_gym.caches import FIFOCache, LRUCache, RecentValues, SizedLRUCache


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


def test_recent_values_find_equal_keys() -> None:
    made: list[tuple] = []
    cache: RecentValues[tuple, int] = RecentValues(2)
    make = lambda key: made.append(key) or len(key)  # noqa: E731
    assert cache.get((1, 2), make) == 2
    assert cache.get((1, 2), make) == 2  # an equal key, another object
    cache.get((3,), make)
    cache.get((4,), make)
    cache.get((1, 2), make)  # pushed out by the two after it
    assert made == [(1, 2), (3,), (4,), (1, 2)]


@pytest.mark.parametrize("cache_class", [LRUCache, FIFOCache, RecentValues])
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
