"""The items of a recycled list, each found when the list asks for it.

A recycled list (``ScrollView`` with ``items``) asks its items for their number and for the
rows in view only. ``ListItems`` is the sequence to give it when its items are found one at
a time (read a page at a time from a database, made from a path, cut from a group): a
subclass says how many there are (``__len__``) and finds one (``item``, which raises
``IndexError`` past the end: that ends an iteration); slices and negative indices are
handled here. An index from the start is found without asking the length, which may cost
a query of its own. ``MadeItems`` makes each item of another sequence into what the list
shows (a record of a database row, an entry of a path) as the list asks for it.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Sequence
from typing import TypeVar, overload

S = TypeVar("S")
T = TypeVar("T")


class ListItems(Sequence[T]):
    """A sequence whose items are found one at a time (``item``), as a recycled list asks
    for them."""

    @abstractmethod
    def __len__(self) -> int: ...

    @abstractmethod
    def item(self, index: int) -> T:
        """The item at ``index`` (0 or more); ``IndexError`` past the end."""

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...
    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self.item(i) for i in range(*index.indices(len(self)))]
        if index < 0:
            count = len(self)
            if index < -count:
                raise IndexError(f"item {index} of {count}")
            index += count
        return self.item(index)


class MadeItems(ListItems[T]):
    """Each item of ``items`` made with ``make`` when a list asks for it."""

    def __init__(self, items: Sequence[S], make: Callable[[S], T]) -> None:
        self._items = items
        self._make = make

    def __len__(self) -> int:
        return len(self._items)

    def item(self, index: int) -> T:
        return self._make(self._items[index])
