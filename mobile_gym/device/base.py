"""The ``Device`` protocol: what the env needs from a phone, simulated or real.

Everything a task's setup and signals use goes through these calls, so the same task file
runs on the simulated phone and (through ADB) on an emulator or a real device.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Collection, Hashable, Sequence
from typing import Any, NamedTuple, Protocol, runtime_checkable

import numpy as np

from mobile_gym.geometry import Rect


class DeviceError(RuntimeError):
    """The device failed (disconnected, a command hung, a reply made no sense) and retrying
    did not help. The env ends the episode with ``info["error"]``, never as a success."""


class ViewNodes(NamedTuple):
    """The ``<node>``s of the hierarchy dump without the dump: an optional capability.

    A device that can list its UI nodes cheaply (the simulated phone) has a method
    ``view_nodes() -> ViewNodes``; signals then test attributes of these records instead of
    parsing the XML (``mobile_gym.tasks.xpath_fast``). Devices without it (ADB) are read
    through ``hierarchy_xml`` alone. Immutable (a named tuple: one is made for every new
    screen).
    """

    records: Sequence[Any]
    """One opaque record per ``<node>``, in document order (as the dump lists them)."""
    attribute: Callable[[str], Callable[[Any], str | None]]
    """The reader of an attribute by name: a record to the value an XML parser reads from
    the dump (unescaped), or None where that node has no such attribute."""
    ends: Sequence[int] | None = None
    """Where each record's subtree ends: the nodes inside ``records[i]`` in the dump are
    ``records[i + 1 : ends[i]]``; None if the device does not say."""
    fields: Callable[[Any], NodeFields] | None = None
    """The attributes agents act on, typed, straight from a record (no strings formatted
    or parsed); None if the device does not offer them. They equal what ``attribute``
    reads, converted."""
    windows: Sequence[tuple[int, int, object]] | None = None
    """The records of each window, bottom to top, as ``(start, stop, key)``: the window's
    nodes are ``records[start:stop]``. A ``key`` other than None is given again only with
    the same records, as laid out then (a window shown again unchanged), so what readers
    derived from them may be kept. None if the device does not say."""


class NodeFields(NamedTuple):
    """The attributes of one node that agents act on, typed: a dump's flags as booleans,
    its ``bounds`` as a ``Rect``, absent strings as ``""``."""

    enabled: bool
    cls: str
    clickable: bool
    long_clickable: bool
    checkable: bool
    scrollable: bool
    text: str
    desc: str
    bounds: Rect
    resource_id: str
    checked: bool
    focused: bool


@runtime_checkable
class Device(Protocol):
    """A phone the env can drive and observe."""

    @property
    def size(self) -> tuple[int, int]:
        """Screen width and height in pixels."""
        ...

    def reset(self, seed: int) -> None:
        """Back to a clean phone whose seeded content comes from ``seed``."""
        ...

    # input
    def touch(self, x: float, y: float) -> None: ...
    def lift(self) -> None: ...
    def text(self, text: str) -> bool: ...
    def key(self, name: str) -> None: ...
    def wait(self, ms: int) -> None: ...

    # observation
    def screenshot(self, scale: float) -> np.ndarray: ...
    def hierarchy_xml(self) -> str: ...
    def hierarchy_later(self) -> Callable[[], str]:
        """A function returning the hierarchy of this moment when called (possibly later)."""
        ...

    def foreground(self) -> tuple[str, str]: ...
    def logcat(self, since: int) -> tuple[list[tuple[str, str]], int]:
        """(tag, message) pairs logged at or after cursor ``since``, and the next cursor."""
        ...

    def get_setting(self, namespace: str, key: str) -> str | None: ...
    def query(self, package: str, database: str, sql: str, params: list[Any]) -> list[tuple]: ...
    def change_counters(self, sources: Collection[str] | None = None) -> dict[str, Hashable] | None:
        """Tokens per source (``ui``, ``settings``, ``db``, ``logcat``) that change when it
        may have changed, so signals are re-evaluated only then; None: always re-evaluate.
        ``sources`` names the sources whose tokens are wanted (None: all); the others may be
        left out, and not read."""
        ...

    # task setup
    def put_setting(self, namespace: str, key: str, value: str) -> None: ...
    def insert_rows(
        self, package: str, database: str, table: str, rows: list[dict[str, Any]], clear: bool
    ) -> None: ...
    def write_file(self, path: str, data: bytes) -> None: ...
    def set_time(self, when: dt.datetime) -> None: ...
    def start(self, package: str, activity: str | None) -> None: ...
