"""Spaces of the env: a Unicode text space, an image space and the touch-level action space.

gymnasium's ``Text`` space rejects spaces, punctuation and anything outside its charset, so
instructions and typed text use ``UnicodeText``, which holds any ``str`` up to a length.
``UnicodeText`` is registered with gymnasium's vector utilities, so vector envs (sync, and
async with or without shared memory) batch it as a tuple of strings, in a ``UnicodeTexts``
space (in shared memory, the strings are a ``SharedTexts``, which that space holds too).
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator, Sequence
from enum import IntEnum
from types import ModuleType
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector.utils import (
    batch_space,
    create_shared_memory,
    read_from_shared_memory,
    write_to_shared_memory,
)

from mobile_gym.sim.keys import KEYCODES

_SAMPLE_CHARS = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.,!?-äéñ中文"


class UnicodeText(spaces.Space[str]):
    """Any Python ``str`` of at most ``max_length`` characters (any Unicode)."""

    def __init__(
        self, max_length: int = 4096, seed: int | np.random.Generator | None = None
    ) -> None:
        if max_length < 1:
            raise ValueError(f"max_length must be positive, got {max_length}")
        self.max_length = max_length
        super().__init__(shape=None, dtype=None, seed=seed)

    @property
    def is_np_flattenable(self) -> bool:
        return False

    def contains(self, x: Any) -> bool:
        return isinstance(x, str) and len(x) <= self.max_length

    def sample(self, mask: Any = None, probability: Any = None) -> str:
        length = int(self.np_random.integers(0, min(self.max_length, 32) + 1))
        picks = self.np_random.integers(0, len(_SAMPLE_CHARS), size=length)
        return "".join(_SAMPLE_CHARS[i] for i in picks)

    def __repr__(self) -> str:
        return f"UnicodeText(max_length={self.max_length})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, UnicodeText) and other.max_length == self.max_length

    def to_jsonable(self, sample_n: Any) -> list[str]:
        return list(sample_n)

    def from_jsonable(self, sample_n: list[str]) -> list[str]:
        return list(sample_n)


class Image(spaces.Box):
    """An RGB (or one-channel) 8-bit image of ``shape`` (height, width, channels): a
    gymnasium ``Box`` of uint8 in [0, 255].

    A ``Box`` keeps its bounds as four arrays of its shape (low, high, and where each is
    bounded); for an image they are the same at every pixel, so this one keeps them as one
    value seen at every pixel (read-only ``np.broadcast_to`` views), and an env's spaces
    weigh nothing beside the screens it shows. Everything a ``Box`` does (``contains``,
    ``sample``, equality, vector batching, flattening) works on it unchanged.
    """

    def __init__(
        self, shape: tuple[int, int, int], seed: int | np.random.Generator | None = None
    ) -> None:
        super().__init__(0, 255, shape=shape, dtype=np.uint8, seed=seed)
        self._bounds_at_every_pixel()

    def __setstate__(self, state: Any) -> None:
        super().__setstate__(state)
        self._bounds_at_every_pixel()  # unpickled (or copied) bounds are full arrays

    def _bounds_at_every_pixel(self) -> None:
        self.low = np.broadcast_to(np.uint8(0), self.shape)
        self.high = np.broadcast_to(np.uint8(255), self.shape)
        self.bounded_below = self.bounded_above = np.broadcast_to(np.True_, self.shape)


_CODE = np.dtype(np.uint32)
"""A character in shared memory: its code point (UTF-32), after a length slot per string."""


class SharedTexts(Sequence[str]):
    """The strings of ``n`` envs in a shared buffer, read when indexed (so they are always
    the ones last written, as arrays in shared memory are); a copy is a plain tuple.

    Each string has ``max_length + 1`` slots: its length, then its code points.
    """

    def __init__(self, buffer: Any, max_length: int) -> None:
        self._rows = _text_rows(buffer, max_length)

    def __len__(self) -> int:
        return len(self._rows)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return tuple(self)[index]
        row = self._rows[index]
        return row[1 : 1 + int(row[0])].tobytes().decode("utf-32-le", "surrogatepass")

    def __iter__(self) -> Iterator[str]:
        return (self[i] for i in range(len(self)))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (SharedTexts, tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __deepcopy__(self, memo: dict[int, Any]) -> tuple[str, ...]:
        return tuple(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (tuple(self),))

    def __repr__(self) -> str:
        return f"SharedTexts({tuple(self)!r})"


class UnicodeTexts(spaces.Tuple):
    """``n`` ``UnicodeText`` spaces batched, as vector envs hold them: a tuple of ``n``
    strings, or the ``SharedTexts`` an async vector env reads from shared memory."""

    def contains(self, x: Any) -> bool:
        return super().contains(tuple(x) if isinstance(x, SharedTexts) else x)


@batch_space.register(UnicodeText)
def _batch_texts(space: UnicodeText, n: int = 1) -> UnicodeTexts:
    return UnicodeTexts([space] * n)


def _text_rows(buffer: Any, max_length: int) -> np.ndarray:
    """The rows of a shared text buffer, one per env: length, then code points."""
    return np.frombuffer(buffer.get_obj(), dtype=_CODE).reshape(-1, max_length + 1)


@create_shared_memory.register(UnicodeText)
def _create_text_memory(space: UnicodeText, n: int = 1, ctx: ModuleType = multiprocessing) -> Any:
    return ctx.Array(_CODE.char, n * (space.max_length + 1))  # type: ignore[attr-defined]


@read_from_shared_memory.register(UnicodeText)
def _read_text_memory(space: UnicodeText, shared_memory: Any, n: int = 1) -> SharedTexts:
    return SharedTexts(shared_memory, space.max_length)


@write_to_shared_memory.register(UnicodeText)
def _write_text_memory(space: UnicodeText, index: int, value: str, shared_memory: Any) -> None:
    codes = np.frombuffer(
        str(value)[: space.max_length].encode("utf-32-le", "surrogatepass"), dtype=_CODE
    )
    row = _text_rows(shared_memory, space.max_length)[index]
    row[0] = len(codes)
    row[1 : 1 + len(codes)] = codes


class ActionType(IntEnum):
    """What one touch-level action does."""

    TOUCH = 0
    """The finger is down at ``touch_position`` (repeat to move or hold)."""
    LIFT = 1
    """The finger leaves the screen."""
    REPEAT = 2
    """Nothing happens; a frame of time passes."""
    TEXT = 3
    """Type ``text`` into the focused field."""
    KEY = 4
    """Press ``key``."""
    ANSWER = 5
    """Reply to the user with ``text`` (judged by answer signals)."""
    STATUS = 6
    """Declare the task finished: ``text`` is ``complete`` or ``infeasible``."""
    ASK_USER = 7
    """Ask the user ``text``; the reply comes in ``info["ask_user_response"]`` (also
    ``user_reply``) and, for a task with a ``user`` block, in the observation's
    ``ask_user_response``."""
    MCP_CALL = 8
    """Call a tool: ``text`` is JSON ``{"tool": name, "arguments": {...}}``; the call and its
    result come in ``info["tool_call"]`` (the result's text also in ``tool_result``) and,
    for a task with ``tools``, the result in the observation's ``tool_call``."""


KEYS: tuple[str, ...] = tuple(sorted(KEYCODES, key=lambda name: (KEYCODES[name], name)))
"""Key names by index of the action's ``key`` field (Android key code order)."""

STATUSES = ("complete", "infeasible")

NO_FOCUSED_FIELD = "TEXT had no effect: no text field has focus"
"""The ``action_error`` of a ``TEXT`` action while no text field has focus."""

TEXT_LENGTH = 4096
"""The longest text an action carries (typed, answered, asked) and an instruction or a
user's reply holds, unless a space says otherwise."""


def touch_action_space(text_length: int = TEXT_LENGTH) -> spaces.Dict:
    """The base action space: a Dict of action type, touch position, key and text."""
    return spaces.Dict(
        {
            "action_type": spaces.Discrete(len(ActionType)),
            "touch_position": spaces.Box(0.0, 1.0, shape=(2,), dtype=np.float32),
            "key": spaces.Discrete(len(KEYS)),
            "text": UnicodeText(text_length),
        }
    )
